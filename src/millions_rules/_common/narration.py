"""Telling events and labelling actions, the part every game's ``describe`` shares.

A game maps each of its events and actions to a :class:`Phrase`: a message
(:class:`~millions_rules._common.i18n.Text`), the seats it names and its other placeholder
values. :func:`tell` names the seats (from the caller's ``names``, else ``"seat N"`` in
the language, numbered from 1) and renders the message. Millions' :func:`~millions_rules.describe` and
Torraku's :func:`~millions_rules.torraku.describe` are both built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from .errors import IllegalActionError
from .i18n import Text, join_and, join_items, msg, render, word

__all__ = [
    "CLAUSES",
    "SecondPerson",
    "Items",
    "Nested",
    "Phrase",
    "Seats",
    "addressed",
    "check_names",
    "namer",
    "seat_name",
    "tell",
]


class Phrase:
    """A message with its placeholder values, some of them seats to name.

    Args:
        text: The message.
        seats: Placeholders that name one seat each, by placeholder.
        params: The other placeholders' values (see :func:`~millions_rules._common.i18n.word`).
    """

    __slots__ = ("params", "seats", "text")

    def __init__(self, text: Text, seats: dict[str, int] | None = None, **params: object) -> None:
        self.text = text
        self.seats = seats or {}
        self.params = params


class Seats:
    """Several seats, named and joined by "and" in the locale (``Al, Bo y Cy``)."""

    __slots__ = ("seats",)

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = seats


class Items:
    """Values listed with the locale's comma (``1, 2``, ``1、2``), each written for the locale.

    >>> from millions_rules._common.narration import Items
    >>> Items([1, 2]).localized("zh")
    '1、2'
    """

    __slots__ = ("items", "joiner")

    def __init__(self, items: Sequence[object], joiner: Text | None = None) -> None:
        self.items = items
        self.joiner = joiner
        """What joins them if not the locale's comma (:data:`CLAUSES` for clauses with a verb)."""

    def localized(self, locale: str) -> str:
        """The values in ``locale``."""
        words = (word(item, locale) for item in self.items)
        if self.joiner is None:
            return join_items(words, locale)
        return self.joiner.render(locale).join(words)


#: What joins clauses that each have their own verb (", ", and "，" not "、" in Chinese).
CLAUSES: Final = msg("list.clauses", ", ")


class Nested:
    """A message inside another one, rendered in the locale of the sentence around it."""

    __slots__ = ("params", "text")

    def __init__(self, text: Text, **params: object) -> None:
        self.text = text
        self.params = params

    def localized(self, locale: str) -> str:
        """The message in ``locale``."""
        return self.text.render(locale, **self.params)


#: The second-person forms of a game, by the message id of a sentence, then by the
#: placeholder of the seat it may be told to, the message that tells it to that seat
#: ("{player} stays." told to the player is "You stay."). The first placeholder that is the
#: reader's seat is used.
SecondPerson = Mapping[str, Mapping[str, Text]]


def addressed(phrase: Phrase, reader: int | None, forms: SecondPerson) -> Phrase:
    """``phrase`` as told to the seat ``reader``: its second-person form for the first of
    its seat placeholders that is ``reader``, if the game has one (else ``phrase`` itself).

    >>> from millions_rules._common.i18n import msg
    >>> from millions_rules._common.narration import Phrase, addressed, tell
    >>> stays = Phrase(msg("event.stayed", "{player} stays."), {"player": 1})
    >>> forms = {"event.stayed": {"player": msg("event.stayed.you", "You stay.")}}
    >>> tell(addressed(stays, 1, forms), ["Al", "Bo"], "en"), tell(addressed(stays, 0, forms), ["Al", "Bo"], "en")
    ('You stay.', 'Bo stays.')
    """
    if reader is None:
        return phrase
    for key, text in forms.get(phrase.text.id, {}).items():
        if phrase.seats.get(key) == reader:
            return Phrase(text, phrase.seats, **phrase.params)
    return phrase


_SEAT: Final = msg("seat", "seat {seat}")
# The "seat N" template of each language, once looked up.
_SEAT_TEMPLATES: dict[str, str] = {}


def seat_name(seat: object, language: str) -> str:
    """A seat without a name, numbered from 1 as players count: seat 0 is ``seat 1``,
    ``Asiento 1``, ``1号座位``.

    >>> from millions_rules._common.narration import seat_name
    >>> seat_name(0, "en"), seat_name(2, "es"), seat_name(2, "zh")
    ('seat 1', 'Asiento 3', '3号座位')
    """
    template = _SEAT_TEMPLATES.get(language)
    if template is None:
        template = _SEAT_TEMPLATES[language] = render(_SEAT, language, {"seat": "{seat}"})
    # A malformed action may hold anything where a seat goes: show it as it is.
    return template.format(seat=seat + 1 if type(seat) is int else repr(seat))


_BAD_NAMES: Final = msg("error.bad_value", "names must be a sequence of strings, one per seat")


def check_names(names: object) -> None:
    """Refuse ``names`` that are not ``None`` or a sequence of strings (code ``bad_value``)."""
    if names is not None and (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or not all(isinstance(name, str) for name in names)
    ):
        raise IllegalActionError._from_text(_BAD_NAMES, "bad_value")


def namer(names: Sequence[str] | None, language: str) -> Callable[[int], str]:
    """Name a seat by ``names``, or as ``seat N`` in ``language`` beyond them."""

    def name(seat: int) -> str:
        if names is not None and type(seat) is int and 0 <= seat < len(names):
            return names[seat]
        return seat_name(seat, language)

    return name


def tell(phrase: Phrase, names: Sequence[str] | None, language: str) -> str:
    """``phrase`` in ``language`` (checked), its seats named by ``names`` or as ``seat N``."""
    name = namer(names, language)

    params = dict(phrase.params)
    for key, value in phrase.params.items():
        if isinstance(value, Seats):
            params[key] = join_and(map(name, value.seats), language)
    for key, seat in phrase.seats.items():
        params[key] = name(seat)
    text = render(phrase.text, language, params)
    # A sentence that opens with a seat without a name starts with a capital, as sentences
    # do ("Seat 5, the Snitch, names the Driver."); a player's own name is kept as given.
    unnamed = seat_name(0, language).split(" ", 1)[0]
    if text.startswith(unnamed + " ") and unnamed[:1].islower():
        text = unnamed[:1].upper() + text[1:]
    return text
