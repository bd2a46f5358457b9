"""What both games' notations share: reading typed words, seats, amounts, and the refusal.

A notation turns an action into the command a player types and a typed command back into
one of that seat's legal actions (``millions_rules.text``; each game's grammar is in its
own ``_notation`` module). This module holds what every grammar reads the same way:

* :func:`normalize`: NFKC (full-width slash, at sign and digits read as ``/ @ 2``), case-folded, accents
  stripped (``soplon`` reads as ``soplón``);
* :func:`tokenize`: words, with ``@name`` read as one seat whatever spaces the name holds;
* :class:`Aliases`: every spelling of a keyword, role or piece in every locale, matched as
  phrases (``mente maestra``) or glued to the next word (``选司机``);
* :func:`read_amount`: ``2``, ``2M``, ``2 M``, ``200万``, ``1.5亿``;
* :class:`NotationError`, the typed refusal with a stable :attr:`~NotationError.code`, a
  message in every locale and the nearest legal commands.

Seats are numbered from 1 in words (``@3`` is seat 2), as the players count them.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, Final

import attrs

from .i18n import LOCALES, MillionsError, Text, check_locale, join_and, msg

__all__ = [
    "NOTATION_ERROR_CODES",
    "Aliases",
    "MenuEntry",
    "NotationError",
    "Seat",
    "nearest",
    "normalize",
    "read_amount",
    "read_seat",
    "seat_word",
    "tokenize",
]

#: The codes of :class:`NotationError`, each with what it means.
NOTATION_ERROR_CODES: Final[Mapping[str, str]] = {
    "empty": "nothing was typed",
    "unknown_command": "the first word is no command of the game",
    "unknown_player": "a player named is no player of the table",
    "unknown_role": "a role named is no role of the game",
    "unknown_piece": "a piece named is no piece of the game",
    "bad_amount": "an amount is not a whole number of millions",
    "bad_arguments": "the command's words do not fit its grammar",
    "not_legal": "the command reads well but is not one of the seat's legal actions now",
    "nothing_to_do": "the seat has no legal action now",
    "bad_value": "an argument is not of the type the function takes",
}

_MESSAGES: Final[Mapping[str, Text]] = {
    "empty": msg("text.error.empty", "Type a command, such as {example}."),
    "unknown_command": msg("text.error.unknown_command", "“{word}” is not a command."),
    "unknown_player": msg("text.error.unknown_player", "“{word}” is not a player at this table."),
    "unknown_role": msg("text.error.unknown_role", "“{word}” is not a role of this game."),
    "unknown_piece": msg("text.error.unknown_piece", "“{word}” is not a piece of this game."),
    "bad_amount": msg("text.error.bad_amount", "“{word}” is not an amount of whole millions."),
    "bad_arguments": msg("text.error.bad_arguments", "I could not read “{text}”."),
    "not_legal": msg("text.error.not_legal", "You cannot do that now: “{text}”."),
    "nothing_to_do": msg("text.error.nothing_to_do", "You have nothing to do now."),
    "bad_value": msg("text.error.bad_value", "This is not something I can read: {detail}"),
}
_NEAREST: Final = msg("text.error.nearest", "{message} Try: {commands}")
_SEAT: Final = msg("text.seat", "player {number}")


class NotationError(MillionsError, ValueError):
    """A typed command that is no legal action of the seat: nothing is changed.

    Args:
        code: One of :data:`NOTATION_ERROR_CODES`.
        params: The message's values (``word``, ``text``, ``example``).
        nearest: The legal commands nearest to what was typed, best first.

    Attributes:
        code: The stable machine-readable reason, a key of :data:`NOTATION_ERROR_CODES`.
        nearest: The legal commands nearest to what was typed, best first (in the parse's
            locale).

    >>> error = NotationError("unknown_command", {"word": "sit"}, ("/stay",))
    >>> error.code, error.nearest
    ('unknown_command', ('/stay',))
    >>> error.localized("es")
    '«sit» no es una orden. Prueba: /stay'
    """

    _generic: ClassVar[Text] = msg("text.error", "{detail}")

    code: str
    nearest: tuple[str, ...]

    def __init__(
        self,
        code: str,
        params: Mapping[str, object] | None = None,
        nearest: Sequence[str] = (),
    ) -> None:
        if code not in _MESSAGES:  # pragma: no cover
            raise AssertionError(f"undocumented notation error code {code!r}")
        self.code = code
        self.nearest = tuple(nearest)
        self._params = dict(params or {})
        super().__init__(self.localized("en"))

    @property
    def message_id(self) -> str:
        """The stable id of the message in the catalogs, ``"text.error." + code``."""
        return _MESSAGES[self.code].id

    def localized(self, locale: str = "en") -> str:
        """The refusal in ``locale``, with the nearest legal commands.

        Raises:
            millions_rules.LocaleError: If ``locale`` is unknown.
        """
        language = check_locale(locale)
        said = _MESSAGES[self.code].render(language, **self._params)
        if not self.nearest:
            return said
        return _NEAREST.render(language, message=said, commands=" · ".join(self.nearest))

    def __reduce__(
        self,
    ) -> tuple[type[NotationError], tuple[str, dict[str, object], tuple[str, ...]]]:
        return (type(self), (self.code, self._params, self.nearest))


_PUNCTUATION: Final = ",.;:!?\u3002\u3001"  # after NFKC: ASCII, and the ideographic stop and comma


@functools.lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """``text`` as the grammars compare it: NFKC, case-folded, without accents, spaces single.

    >>> normalize("\\uff0fElegir  SOPLÓN")
    '/elegir soplon'
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    stripped = "".join(
        char for char in unicodedata.normalize("NFD", folded) if not unicodedata.combining(char)
    )
    return " ".join(unicodedata.normalize("NFC", stripped).split())


@attrs.frozen
class Seat:
    """A token naming a seat (``@name``, ``@3``): the 0-based seat, or ``None`` if unknown."""

    seat: int | None
    """The seat named, from 0, or ``None`` when the word names no player."""
    word: str
    """The word, normalized."""


def tokenize(text: str, names: Sequence[str] | None, players: int) -> list[str | Seat]:
    """The words of ``text``, normalized, with each ``@mention`` read as a :class:`Seat`.

    ``@`` followed by a player's name (the longest that fits, spaces and case as they may
    be) or by a seat number from 1 names that seat. A ``/`` opening the text is dropped.

    >>> tokenize("/pay @Ana María 2M", ["Bo", "Ana María"], 2)
    ['pay', Seat(seat=1, word='@ana maria'), '2m']
    """
    norm = normalize(text)
    if norm.startswith("/"):
        norm = norm[1:].lstrip()
    spelled = sorted(
        ((normalize(name), seat) for seat, name in enumerate(names or ()) if normalize(name)),
        key=lambda item: -len(item[0]),
    )
    tokens: list[str | Seat] = []
    index, size = 0, len(norm)
    while index < size:
        char = norm[index]
        if char == " ":
            index += 1
            continue
        if char == "@":
            found = _mention(norm, index + 1, spelled, players)
            tokens.append(found[0])
            index = found[1]
            continue
        end = index
        while end < size and norm[end] not in " @":
            end += 1
        word = norm[index:end].strip(_PUNCTUATION)
        if word:
            tokens.append(word)
        index = end
    return tokens


def _mention(
    norm: str, start: int, spelled: Sequence[tuple[str, int]], players: int
) -> tuple[Seat, int]:
    for name, seat in spelled:
        end = start + len(name)
        if norm.startswith(name, start) and (end == len(norm) or not norm[end].isalnum()):
            return Seat(seat, "@" + name), end
    end = start
    while end < len(norm) and norm[end] != " ":
        end += 1
    word = norm[start:end].strip(_PUNCTUATION)
    return Seat(_number_seat(word, players), "@" + word), end


def _number_seat(word: str, players: int) -> int | None:
    if word.isascii() and word.isdigit() and 1 <= int(word) <= players:
        return int(word) - 1
    return None


def read_seat(token: str | Seat, names: Sequence[str] | None, players: int) -> int | None:
    """The seat a token names: a :class:`Seat`, a name typed without ``@``, a number or ``#3``."""
    if isinstance(token, Seat):
        return token.seat
    for seat, name in enumerate(names or ()):
        if normalize(name) == token:
            return seat
    return _number_seat(token.removeprefix("#"), players)


def seat_word(seat: int, names: Sequence[str] | None) -> str:
    """How a command writes a seat: ``@name``, or ``@3`` (from 1) without names."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return "@" + names[seat]
    return f"@{seat + 1}"


def seat_label(seat: int, names: Sequence[str] | None, locale: str) -> str:
    """How a sentence names a seat: its name, or "player 3" (from 1)."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return _SEAT.render(locale, number=seat + 1)


_AMOUNT: Final = re.compile(r"^(\d+(?:\.\d+)?)(m|百万|万|亿|millones|millon|millions|million)?$")
_UNITS: Final[Mapping[str, Decimal]] = {
    "": Decimal(1),
    "m": Decimal(1),
    "百万": Decimal(1),
    "millones": Decimal(1),
    "millon": Decimal(1),
    "million": Decimal(1),
    "millions": Decimal(1),
    "万": Decimal("0.01"),
    "亿": Decimal(100),
}


def join_units(tokens: list[str | Seat]) -> list[str | Seat]:
    """The tokens with a unit typed apart (``2 M``, ``2 millones``) glued to its number."""
    joined: list[str | Seat] = []
    for token in tokens:
        last = joined[-1] if joined else None
        if (
            isinstance(token, str)
            and isinstance(last, str)
            and token in _UNITS
            and token
            and _AMOUNT.match(last)
            and _AMOUNT.match(last).group(2) is None  # type: ignore[union-attr]
        ):
            joined[-1] = last + token
        else:
            joined.append(token)
    return joined


def read_amount(word: str) -> int | None:
    """The whole millions a word says (``2``, ``2m``, ``200万``, ``1.5亿``), or ``None``.

    >>> [read_amount(word) for word in ("2", "2m", "200万", "1.5亿", "2万", "x")]
    [2, 2, 2, 150, None, None]
    """
    found = _AMOUNT.match(word)
    if found is None:
        return None
    try:
        value = Decimal(found.group(1)) * _UNITS[found.group(2) or ""]
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        return None
    if value != value.to_integral_value() or value < 1:
        return None
    return int(value)


@attrs.frozen
class Aliases:
    """Every spelling of some words (keywords, roles, pieces), each meaning one value.

    ``spellings`` maps a normalized phrase (words separated by single spaces) to its
    value. :meth:`match` reads the longest phrase at the start of a list of tokens, or a
    spelling glued to the start of the first token (``选司机``: the rest is put back).
    """

    spellings: Mapping[str, object]
    """Normalized phrase to value."""

    @classmethod
    def of(cls, entries: Mapping[Any, Text], extra: Iterable[tuple[str, object]] = ()) -> Aliases:
        """The spellings of ``entries`` (value to text): each text, in every locale, is
        ``|``-separated spellings; ``extra`` adds (spelling, value) pairs.

        Raises:
            AssertionError: If one spelling means two values (a grammar's own mistake).
        """
        spellings: dict[str, object] = {}
        pairs = [
            (normalize(part), value) for value, text in entries.items() for part in _parts(text)
        ]
        pairs += [(normalize(word), value) for word, value in extra]
        for spelling, value in pairs:
            if spelling and spellings.setdefault(spelling, value) != value:  # pragma: no cover
                raise AssertionError(f"{spelling!r} means both {spellings[spelling]} and {value}")
        return cls(spellings)

    def match(self, tokens: list[str | Seat]) -> tuple[object, list[str | Seat]] | None:
        """The value spelled at the start of ``tokens`` and the tokens after it, or ``None``."""
        words: list[str] = []
        for token in tokens:
            if not isinstance(token, str):
                break
            words.append(token)
        for count in range(min(len(words), 4), 0, -1):
            value = self.spellings.get(" ".join(words[:count]))
            if value is not None:
                return value, tokens[count:]
        if not words:
            return None
        first = words[0]
        for end in range(len(first) - 1, 0, -1):
            value = self.spellings.get(first[:end])
            rest = first[end:]
            if value is not None and (_is_cjk(first[end - 1]) or not rest[0].isalpha()):
                return value, [rest, *tokens[1:]]
        return None

    def split(self, word: str) -> list[object] | None:
        """``word`` read as spellings glued together (``司机恶棍``, ``rrv``), longest first."""
        found: list[object] = []
        index = 0
        longest = max((len(spelling) for spelling in self.spellings), default=0)
        while index < len(word):
            for end in range(min(len(word), index + longest), index, -1):
                value = self.spellings.get(word[index:end])
                if value is not None:
                    found.append(value)
                    index = end
                    break
            else:
                return None
        return found


def _parts(text: Text) -> list[str]:
    return [part for locale in LOCALES for part in text.render(locale).split("|")]


@functools.lru_cache(maxsize=1024)
def first_spelling(text: Text, locale: str) -> str:
    """The first ``|``-separated spelling of ``text`` in ``locale``: what a command writes."""
    return text.render(locale).split("|", 1)[0].strip()


def _is_cjk(char: str) -> bool:
    return "\u3000" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


def nearest(
    typed: str, commands: Sequence[str], *, prefer: Sequence[str] = (), limit: int = 3
) -> tuple[str, ...]:
    """The ``limit`` commands nearest to ``typed``: those in ``prefer`` first, then by likeness."""
    pool = list(dict.fromkeys([*prefer, *commands]))
    if not pool:
        return ()
    target = normalize(typed)
    scored = sorted(
        pool,
        key=lambda command: (
            command not in prefer,
            -difflib.SequenceMatcher(None, target, normalize(command)).ratio(),
        ),
    )
    return tuple(scored[:limit])


# --- a seat's words: a menu line and the lines every game's status ends with ----------------


@attrs.frozen
class MenuEntry:
    """One line of a seat's menu: a command to type, what it does, and whether it is secret."""

    command: str
    """A command to type, as :func:`~millions_rules.text.parse_command` reads it (for a
    payment, its smallest amount: the explanation gives the range)."""
    explanation: str
    """What the command does, in a short sentence."""
    secret: bool
    """Whether typing it where others read would reveal a secret (a choice of role, a
    three-player character taken back): type it in a private chat."""
    actions: tuple[Any, ...]
    """The legal actions the line stands for (for a payment line, every amount to that payee)."""


_WAITING: Final = {
    "waiting": msg("text.status.waiting", "Waiting for {players}."),
    "your_move": msg("text.status.your_move", "It is your move."),
    "over": msg("text.status.over", "The game is over. Winners: {players}."),
}


def list_comma(language: str) -> str:
    """The separator of a list's items in ``language`` ("、" in Chinese, else ", ")."""
    return "、" if language == "zh" else ", "


def waiting_lines(
    over: bool,
    winners: Iterable[int],
    awaiting: Sequence[int],
    seat: int | None,
    label: Sequence[str],
    language: str,
) -> list[str]:
    """The last lines of a seat's status: the winners once the game is over, else whom the
    game waits for and whether it is the seat's move (``label``: each seat's name)."""
    if over:
        won = join_and([label[winner] for winner in sorted(winners)], language)
        return [_WAITING["over"].render(language, players=won)]
    lines = []
    others = [label[other] for other in awaiting if other != seat]
    if others:
        lines.append(_WAITING["waiting"].render(language, players=join_and(others, language)))
    if seat is not None and seat in awaiting:
        lines.append(_WAITING["your_move"].render(language))
    return lines
