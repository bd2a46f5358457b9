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
from typing import Any, Final

from .._common.errors import IllegalActionError
from .._common.i18n import Text, check_locale, cite, msg, translations

__all__ = [
    "TEACH_WORDS",
    "localize",
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
    msg("web.error.not_your_action", "{player} cannot act for {to}."),
)


def _raw(text: Text, language: str) -> str:
    # The message's template in ``language``, its placeholders left as they are.
    if language == "en":
        return text.english
    return translations(language).pgettext(text.id, text.english)


@functools.cache
def _teach(language: str) -> tuple[tuple[str, str], ...]:
    return tuple((text.id, _raw(text, language)) for text in TEACH_WORDS)


def teach_words(locale: str = "en") -> dict[str, str]:
    """This module's words in ``locale``, by message id, placeholders left for the page.

    >>> from millions_rules.web._teach import teach_words
    >>> teach_words("es")["web.replay.next"], teach_words("zh")["web.rules.title"]
    ('Adelante', '玩法')
    """
    return dict(_teach(check_locale(locale)))


_NOT_YOURS: Final = TEACH_WORDS[-1]


#: The placeholders of the engine's refusals that hold a seat.
_SEAT_PARAMS: Final = frozenset({"seat", "player", "to", "target"})
_MARK: Final = "\x00(\\d+)\x00"
#: How each language writes "seat N" around a seat, and what the name alone becomes.
_SEAT_WORDS: Final[dict[str, tuple[tuple[re.Pattern[str], str], ...]]] = {
    "en": ((re.compile(r"\b[Ss]eat " + _MARK), "\x00\\1\x00"),),
    "es": (
        (re.compile(r"\bdel asiento " + _MARK), "de \x00\\1\x00"),
        (re.compile(r"\bal asiento " + _MARK), "a \x00\\1\x00"),
        (re.compile(r"\b(?:[Ee]l )?asiento " + _MARK), "\x00\\1\x00"),
    ),
    "zh": ((re.compile(_MARK + r"号(?:座位|玩家)"), "\x00\\1\x00"),),
}


def refusal(error: IllegalActionError, language: str, names: Sequence[str]) -> str:
    """An engine's refusal in ``language`` with the players' names instead of seat numbers.

    Another seat's action (``not_your_action``) reads "Bruno cannot act for Ana"; any
    other refusal that names a seat ("seat 1 has already chosen") names the player
    ("Bruno has already chosen"); the rest is
    :meth:`~millions_rules.IllegalActionError.localized`.
    """
    params: dict[str, Any] = dict(getattr(error, "_params", {}) or {})
    seat, player = params.get("seat"), params.get("player")
    known = isinstance(seat, int) and isinstance(player, int)
    if error.code == "not_your_action" and known and {seat, player} <= set(range(len(names))):
        assert isinstance(seat, int) and isinstance(player, int)
        return _raw(_NOT_YOURS, language).format(player=names[seat], to=names[player])
    text: Text | None = getattr(error, "_text", None)
    seats = {
        key: value
        for key, value in params.items()
        if key in _SEAT_PARAMS and type(value) is int and 0 <= value < len(names)
    }
    if text is None or not seats:
        return error.localized(language)
    marked = {key: f"\x00{value}\x00" for key, value in seats.items()}
    said = text.render(language, **{**params, **marked})
    for pattern, replacement in _SEAT_WORDS.get(language, ()):
        said = pattern.sub(replacement, said)
    said = re.sub(_MARK, lambda found: names[int(found.group(1))], said).replace("  ", " ")
    cited = getattr(error, "_cited", False)
    return cite(said, error.rule if cited else None, language)


def localize(code: str, message: str, language: str | None, cause: object = None) -> str:
    """A refusal's message in ``language``: an engine's refusal (``cause``) is already in it;
    the table's own codes (``stale_version``, ``unknown_token``...) say what they mean in
    ``language``; any other keeps ``message``."""
    if language is None or isinstance(cause, IllegalActionError):
        return message
    try:
        found = teach_words(language).get(f"web.error.{code}")
    except ValueError:
        return message
    return message if found is None else found
