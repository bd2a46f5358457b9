"""What the page teaches and tells, for every game: the rules panel's title, the replay
page, and refusals in the reader's language with the players' names (each game's rules
panel and widgets come from its page companion, :class:`~millions_rules.games.Page`).

Every sentence is a ``web.*`` message of the library's gettext catalogs, so Spanish and
Chinese come with it; :func:`teach_words` hands them to :func:`~millions_rules.web.words`
with their ``{placeholders}`` left for the page to fill.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Final

from .._common.errors import ConfigError, IllegalActionError
from .._common.i18n import Text, check_locale, msg, template

__all__ = [
    "CUE_WORDS",
    "NOTE_WORDS",
    "TEACH_WORDS",
    "localize",
    "note_text",
    "refusal",
    "teach_words",
]

#: The rest of the page's words this module adds, by message id (each game's widgets'
#: words come from its page companion, :attr:`millions_rules.games.Companions.page`).
TEACH_WORDS: Final[tuple[Text, ...]] = (
    msg("web.rules.title", "How to play"),
    msg(
        "web.error.stale_version",
        "the table has moved on since your page showed it; look again before acting.",
    ),
    msg("web.error.unknown_token", "this link is not a seat of this table."),
    msg("web.replay.title", "Replay"),
    msg("web.replay.open", "Open a record"),
    msg("web.replay.first", "First"),
    msg("web.replay.back", "Back"),
    msg("web.replay.next", "Next"),
    msg("web.replay.last", "Last"),
    msg("web.replay.step", "Step {number} of {count}"),
    msg("web.replay.as", "Seen by"),
    msg("web.replay.everyone", "everyone (after the game)"),
    msg("web.replay.link", "Replay this game"),
    msg("web.replay.save", "Save the replay"),
    msg("web.error.bad_request", "the table did not understand the request."),
    msg("web.error.table_closed", "the host closed this table."),
    msg("web.error.unknown_table", "no open table has this link."),
    msg("web.error.too_many_tables", "the server holds as many tables as it may: close one first."),
    msg("web.error.store_failed", "the server could not save the table; try again."),
    msg("web.error.body_too_large", "the request is too large."),
    msg("web.error.body_timeout", "the request took too long to arrive."),
    msg("web.error.external_dealer", "a web table needs the engine to deal the cards."),
    msg("web.error.not_over", "everyone's replay is shown once the game is over."),
    msg("web.error.not_at_this_table", "this table does not take this kind of action."),
    # The lobby's refusals of a new table's form (TableError ``bad_request``).
    msg("web.error.players", "players: from {low} to {high}."),
    msg("web.error.bots", "bots: from 0 to {high}."),
)

#: What the log says of the clock and the bots (:attr:`millions_rules.web.Table.notes`), by
#: the note's kind; ``{player}`` is the seat's name. A note never names the action played.
NOTE_WORDS: Final[dict[str, Text]] = {
    "timeout": msg(
        "web.note.timeout", "Time ran out for {player}: the table played in their place."
    ),
    "handed": msg("web.note.handed", "{player} ran out of time too often: a bot took the seat."),
    "bot": msg("web.note.bot", "A bot took {player}'s seat."),
    "back": msg("web.note.back", "{player} took the seat back from the bot."),
    # A Torraku companion table: nobody stacked a bot's piece (R-TK-SIM).
    "model": msg(
        "web.note.model",
        "Model draw: nobody stacked {player}'s piece; the dexterity model drew the attempt.",
    ),
}

#: The page's cues, clocks, failures in words and teaching aids (``web.cue.*``,
#: ``web.clock.*``, ``web.down.*``, ``web.amount.*``...).
CUE_WORDS: Final[tuple[Text, ...]] = (
    # The page's title when it becomes this seat's turn: "● Your turn — Millions of Dollars".
    msg("web.cue.title", "● Your turn — {title}"),
    msg("web.cue.sound", "Sound when it is my turn"),
    # A countdown: "0:42 left".
    msg("web.clock.left", "{time} left"),
    msg("web.clock.yours", "Your time: {time} left. Then the table plays for you."),
    msg("web.note.you.timeout", "Your time ran out: the table played in your place."),
    msg("web.note.you.bot", "A bot is playing your seat."),
    msg("web.seat.back", "Take my seat back"),
    # The host's hand-over buttons, beside each seat's link.
    msg("web.seat.to_bot", "Hand to a bot"),
    msg("web.seat.to_person", "Give back to the player"),
    msg("web.down.banner", "The server cannot be reached. Trying again in {seconds} s…"),
    msg("web.down.trying", "The server cannot be reached. Trying again…"),
    msg("web.gone.unknown_token.title", "This link opens no table"),
    msg(
        "web.gone.unknown_token",
        "No open table on this server has this link. It may be mistyped or cut short, or "
        "its table may be gone. Ask the host for your seat's link.",
    ),
    msg("web.gone.table_closed.title", "This table is closed"),
    msg(
        "web.gone.table_closed",
        "The host closed this table: there is nothing more to play here. Ask the host for "
        "a new link.",
    ),
    msg("web.end.round", "Game over in round {number}: {names}. {reason}"),
)

#: The lobby's refusals, by the English message the server writes: what each says in words.
_LOBBY: Final[tuple[tuple[re.Pattern[str], Text], ...]] = (
    (re.compile(r"players must be from (?P<low>\d+) to (?P<high>\d+)"), TEACH_WORDS[-2]),
    (re.compile(r"bots must be from 0 to (?P<high>\d+)"), TEACH_WORDS[-1]),
)


@functools.cache
def _teach(language: str) -> tuple[tuple[str, str], ...]:
    texts = (*TEACH_WORDS, *NOTE_WORDS.values(), *CUE_WORDS)
    return tuple((text.id, template(text, language)) for text in texts)


def note_text(kind: str, player: str, language: str) -> str:
    """A note of the table's log in ``language``: what the clock or a bot did for ``player``
    (:data:`NOTE_WORDS`), never which action it played.

    >>> from millions_rules.web._teach import note_text
    >>> note_text("bot", "Ana", "en")
    "A bot took Ana's seat."
    """
    return NOTE_WORDS[kind].render(language, player=player)


def teach_words(locale: str = "en") -> dict[str, str]:
    """This module's words in ``locale``, by message id, placeholders left for the page.

    >>> from millions_rules.web._teach import teach_words
    >>> teach_words("es")["web.replay.next"], teach_words("zh")["web.rules.title"]
    ('Siguiente', '玩法')
    """
    return dict(_teach(check_locale(locale)))


def refusal(error: IllegalActionError, language: str, names: Sequence[str]) -> str:
    """An engine's refusal in ``language`` with the players' names instead of seat numbers
    (:meth:`~millions_rules.IllegalActionError.localized` with ``names``): "Bruno cannot
    act for Ana", "Bruno has already chosen"."""
    return error.localized(language, names=names)


def localize(code: str, message: str, language: str | None, cause: object = None) -> str:
    """A refusal's message in ``language``: an engine's refusal (``cause``) is already in it;
    the table's own codes (``stale_version``, ``unknown_token``...) say what they mean in
    ``language``; an engine's configuration error (``cause``) says it in ``language``; the
    lobby's refusals of a new table's players and bots say them in ``language``; any other
    keeps ``message``."""
    if language is None or isinstance(cause, IllegalActionError):
        return message
    if isinstance(cause, ConfigError):
        try:
            return cause.localized(language)
        except ValueError:
            return message
    for pattern, text in _LOBBY:
        found_in = pattern.fullmatch(message)
        if found_in is not None:
            try:
                return text.render(language, **found_in.groupdict())
            except ValueError:
                return message
    try:
        found = teach_words(language).get(f"web.error.{code}")
    except ValueError:
        return message
    return message if found is None else found
