"""The words of a game night's tools: the join page, the host's tools, the table screen.

What the join page, the host's panel (join code, QR codes, play again, seat hand-over),
the lobby's full form and the table screen say, by message id in the library's gettext
catalogs, and the refusals of joining and playing again in words.
"""

from __future__ import annotations

import functools
from typing import Final

from .._common.i18n import Text, check_locale, msg, template

__all__ = ["NIGHT_WORDS", "night_message", "night_words"]

#: The words this module adds to the page's, by message id; ``{code}``, ``{table}`` and
#: ``{number}`` are filled in by the page.
NIGHT_WORDS: Final[tuple[Text, ...]] = (
    # The join page (/join): a person types the table's code and their name.
    msg("web.join.title", "Join a table"),
    msg("web.join.hint", "Type the join code the host shows, and your name."),
    msg("web.join.code", "Join code"),
    msg("web.join.name", "Your name"),
    msg("web.join.go", "Take a seat"),
    msg("web.join.scan", "Scan to join"),
    msg("web.join.code_is", "Join code: {code}"),
    msg("web.join.free", "Free seats: {number}"),
    msg("web.join.open", "Join page"),
    # The host's panel.
    msg("web.host.again", "Play again"),
    msg("web.host.again_hint", "A new game at this table: the same seats, links and names."),
    msg("web.host.joined", "joined"),
    msg("web.host.screen", "Table screen (for a TV)"),
    msg("web.host.link", "Host link"),
    # The lobby's form and list.
    msg("web.lobby.names", "Names (separated by commas)"),
    msg("web.lobby.turn_seconds", "Seconds per turn (empty: no clock)"),
    msg("web.lobby.spectator_delay", "Spectator delay in seconds (the spectators and the screen)"),
    msg("web.lobby.companion", "Companion of a physical table (the seats report what happened)"),
    msg("web.lobby.options", "Game options"),
    msg("web.lobby.confirm_close", "Close table {table}? Its links stop working."),
    # Refusals of joining and playing again.
    msg("web.error.wrong_code", "no open table has this join code: check it on the host's screen."),
    msg("web.error.table_full", "every seat of this table is taken."),
    msg(
        "web.error.bad_name",
        "type a name of 1 to 40 characters, with no control or text-reordering character.",
    ),
    msg(
        "web.error.too_many_guesses",
        "too many wrong codes from here: wait a minute, then try again.",
    ),
    msg("web.error.game_not_over", "a new game starts once this one is over."),
)


@functools.cache
def _night(language: str) -> tuple[tuple[str, str], ...]:
    return tuple((text.id, template(text, language)) for text in NIGHT_WORDS)


def night_words(locale: str = "en") -> dict[str, str]:
    """This module's words in ``locale``, by message id, placeholders left for the page.

    >>> from millions_rules.web._night import night_words
    >>> night_words("en")["web.join.go"]
    'Take a seat'
    """
    return dict(_night(check_locale(locale)))


def night_message(code: str, message: str, language: str | None) -> str:
    """The refusal ``code``'s words in ``language`` if this module has them (joining,
    playing again), else ``message``."""
    if language is None:
        return message
    try:
        return night_words(language).get(f"web.error.{code}", message)
    except ValueError:
        return message
