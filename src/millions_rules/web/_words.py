"""The web table's words in each language, all from the library's gettext catalogs.

The page keeps no word table of its own: each update carries :func:`words` for its
language. Each registered game's widgets bring their own words (its page companion's
:attr:`~millions_rules.games.Page.words`: Millions' roles, phases and terms, its rules
panel...); what only the page says (its buttons, headings and refusals) is marked below
with ``web.*`` ids in the same catalogs.
"""

from __future__ import annotations

import functools
from typing import Final

from .._common.i18n import LIST_WORDS, Text, check_locale, msg, nmsg
from ..games import GAMES
from ._night import night_words
from ._teach import teach_words

__all__ = ["PAGE_WORDS", "words"]  # the package exports words

#: What only the page says, by message id, for every game (a game's own widgets bring
#: their words: :attr:`~millions_rules.games.Page.words`). ``{names}``, ``{number}`` and
#: ``{label}`` are filled in by the page.
PAGE_WORDS: Final[tuple[Text, ...]] = (
    msg("web.language", "Language"),
    # The log's heading, a spectator's name and the end screen's heading, for every game.
    msg("web.log", "What happened"),
    msg("web.spectator", "Spectator"),
    msg("web.game_over", "Game over"),
    msg("web.phase", "Phase"),
    msg("web.you", "You"),
    msg("web.host", "Host"),
    msg("web.players", "Players"),
    msg("web.your_move", "Your move"),
    msg("web.waiting", "Nothing to do now: waiting for {names}"),
    msg("web.nobody", "nobody"),
    nmsg("web.winners", "Winner: {names}", "Winners: {names}"),
    msg("web.bot", "bot"),
    msg("web.to_play", "to play"),
    msg("web.save", "Save the table"),
    msg("web.links", "Links"),
    msg("web.no_token", "Open the link of your seat (it ends with #...)."),
    msg("web.refused", "Refused"),
    # A label before its value, with the language's colon: "Cash: 5M", "现金：500万".
    msg("web.label", "{label}: "),
    # The admin's lobby (/lobby#ADMIN): the open tables, and a form for a new one.
    msg("web.lobby.title", "Open tables"),
    msg("web.lobby.empty", "No table is open."),
    msg("web.lobby.new", "New table"),
    msg("web.lobby.game", "Game"),
    msg("web.lobby.bots", "Bots"),
    msg("web.lobby.create", "Create the table"),
    msg("web.lobby.created", "The new table's links"),
    msg("web.lobby.close", "Close the table"),
    msg("web.lobby.version", "Version"),
    msg("web.lobby.over", "over"),
)


@functools.cache
def _words(language: str) -> tuple[tuple[str, str], ...]:
    # How the language joins a list: the page writes "Ana, Bo y Cy" and "Ana、Bo和Cy".
    found: list[tuple[str, str]] = [(text.id, text.render(language)) for text in LIST_WORDS]
    # The page fills the placeholders itself: they travel as they are. A message with
    # plural forms travels as two: ``<id>.one`` for one, ``<id>`` for any other number
    # (the rule of English and Spanish; Chinese has one form for both).
    for text in PAGE_WORDS:
        found.append((text.id, _template(text, language, 2)))
        if text.plural is not None:
            found.append((f"{text.id}.one", _template(text, language, 1)))
    return tuple(found)


def _template(text: Text, language: str, count: int) -> str:
    names = ("names", "role", "player", "number", "label")
    return text.render(language, count=count, **{name: f"{{{name}}}" for name in names})


def words(locale: str = "en") -> dict[str, str]:
    """Every word the web page shows, in ``locale``, by message id.

    The keys are the page's own ``web.*`` ids, ``list.items``, ``list.comma`` and
    ``list.and`` (how the language joins a list) and every registered game's page words
    (Millions': ``role.<role>``, ``phase_name.<phase>``, ``term.<key>``, see
    :data:`~millions_rules.TERMS`), whose placeholders
    (``{names}``, ``{role}``, ``{player}``, ``{number}``, ``{label}``...) stay for the
    page to fill. A message with plural forms gives ``<id>.one``, for one, and ``<id>``,
    for any other number (``web.winners.one`` and ``web.winners``); ``web.label`` puts the
    language's colon after a label (``"{label}："`` in Chinese). They include the rules
    panel of each game (``web.rules.<game>`` lists its paragraphs' ids), the heist
    summary's and Torraku's widgets' words.

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown.

    >>> from millions_rules.web import words
    >>> words("zh")["term.spectator"], words("es")["web.choose"]  # Millions' page words
    ('旁观者', 'Elegir {role}')
    >>> words("es")["web.winners.one"], words("es")["web.winners"]
    ('Gana {names}', 'Ganan {names}')
    """
    language = check_locale(locale)
    found = dict(_words(language)) | teach_words(language) | night_words(language)
    for game in GAMES.values():
        page = game.companions.page
        if page is not None:
            found |= page.words(language)
    return found
