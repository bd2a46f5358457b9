"""The components of Currency Torraku: piece kinds, counts of pieces, setups, outcomes (R-TK-COMP).

A piece has a kind and no value (R-TK-COMP-2): only the number of pieces matters to the
rules. Kinds are still tracked, because setup hands out exact kinds, players choose which
pieces to bet and which to take from the bag, and the table needs to know which piece is
stacked.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from .._common.errors import ConfigError

__all__ = [
    "DEFAULT_SUPPLY",
    "KINDS",
    "STANDARD_SHARE",
    "PieceCounts",
    "PieceKind",
    "Placement",
    "Setup",
]


class PieceKind(enum.Enum):
    """A kind of money piece (R-TK-COMP-1), in canonical order.

    The English names translate the rule sheet's Spanish *camioneta*, *lavadora* and *arrocera*.

    >>> [kind.value for kind in PieceKind]
    ['van', 'washing_machine', 'rice_cooker']
    """

    VAN = "van"
    """A van (*camioneta*); each player receives 2 in the standard game."""
    WASHING_MACHINE = "washing_machine"
    """A washing machine (*lavadora*); each player receives 2 in the standard game."""
    RICE_COOKER = "rice_cooker"
    """A rice cooker (*arrocera*); each player receives 6 in the standard game."""

    __hash__ = object.__hash__  # members are singletons; nothing depends on set order

    @property
    def order(self) -> int:
        """The kind's place in canonical order, from 0 (van) to 2 (rice cooker)."""
        return _ORDER[self]


#: The kinds in canonical order.
KINDS: Final[tuple[PieceKind, ...]] = tuple(PieceKind)
_ORDER: Final[dict[PieceKind, int]] = {kind: index for index, kind in enumerate(KINDS)}


class Setup(enum.Enum):
    """How the money is dealt at the start (R-TK-SETUP, R-TK-VAR-LONG)."""

    STANDARD = "standard"
    """Each player receives 2 vans, 2 washing machines and 6 rice cookers (R-TK-SETUP-1)."""
    LONG = "long"
    """All the money is split evenly per kind; the remainders go to the bag (R-TK-SETUP-2)."""


class Placement(enum.Enum):
    """The outcome of one stacking attempt, in precedence order (R-TK-STACK-4)."""

    PLACED = "placed"
    """The piece rests on the stack, nothing fell, nothing else was moved by hand (R-TK-STACK-5)."""
    DROPPED = "dropped"
    """Only the piece being added fell; no penalty, the same player retries it (R-TK-STACK-6)."""
    KNOCKED_DOWN = "knocked_down"
    """Some piece of the stack fell during the attempt; a penalty (R-TK-PEN)."""
    TOUCHED = "touched"
    """Nothing fell, but the stacker moved another piece by hand; a penalty (R-TK-PEN)."""


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ConfigError(f"a piece count must be a non-negative int, not {value!r}")
    return value


@attrs.frozen(order=False)
class PieceCounts:
    """How many pieces of each kind: a frozen multiset of pieces.

    Counts add and subtract like multisets; ``a <= b`` says ``b`` holds at least the
    pieces of ``a``.

    Raises:
        ConfigError: If a count is not a non-negative int.

    >>> hand = PieceCounts(2, 2, 6)
    >>> hand.total, hand[PieceKind.VAN]
    (10, 2)
    >>> hand - PieceCounts.of([PieceKind.RICE_COOKER] * 2)
    PieceCounts(van=2, washing_machine=2, rice_cooker=4)
    """

    van: int = attrs.field(default=0, converter=_count)
    """Vans."""
    washing_machine: int = attrs.field(default=0, converter=_count)
    """Washing machines."""
    rice_cooker: int = attrs.field(default=0, converter=_count)
    """Rice cookers."""

    @classmethod
    def of(cls, pieces: Sequence[PieceKind]) -> PieceCounts:
        """The counts of a sequence of pieces.

        >>> PieceCounts.of([PieceKind.VAN, PieceKind.RICE_COOKER, PieceKind.VAN])
        PieceCounts(van=2, washing_machine=0, rice_cooker=1)

        Raises:
            ConfigError: If ``pieces`` is not a sequence of :class:`PieceKind`.
        """
        if not isinstance(pieces, (tuple, list)):
            raise ConfigError(f"pieces must be a sequence of PieceKind, not {pieces!r}")
        counts = [0, 0, 0]
        for piece in pieces:
            index = _ORDER.get(piece) if isinstance(piece, PieceKind) else None
            if index is None:
                raise ConfigError(f"not a PieceKind: {piece!r}")
            counts[index] += 1
        return _counts(*counts) if cls is PieceCounts else cls(*counts)

    @property
    def total(self) -> int:
        """The number of pieces, whatever their kind."""
        return self.van + self.washing_machine + self.rice_cooker

    def as_tuple(self) -> tuple[int, int, int]:
        """The counts in canonical kind order."""
        return (self.van, self.washing_machine, self.rice_cooker)

    def pieces(self) -> tuple[PieceKind, ...]:
        """Every piece, in canonical kind order.

        >>> PieceCounts(1, 0, 2).pieces()
        (<PieceKind.VAN: 'van'>, <PieceKind.RICE_COOKER: 'rice_cooker'>, <PieceKind.RICE_COOKER: 'rice_cooker'>)
        """
        return (
            (KINDS[0],) * self.van
            + (KINDS[1],) * self.washing_machine
            + (KINDS[2],) * self.rice_cooker
        )

    def __getitem__(self, kind: PieceKind) -> int:
        return self.as_tuple()[_ORDER[kind]]

    def __add__(self, other: PieceCounts) -> PieceCounts:
        return _counts(
            self.van + other.van,
            self.washing_machine + other.washing_machine,
            self.rice_cooker + other.rice_cooker,
        )

    def __sub__(self, other: PieceCounts) -> PieceCounts:
        """The difference; :class:`~millions_rules.ConfigError` if ``other`` is not contained."""
        v = self.van - other.van
        w = self.washing_machine - other.washing_machine
        r = self.rice_cooker - other.rice_cooker
        if v < 0 or w < 0 or r < 0:
            return PieceCounts(v, w, r)  # raises the converter's ConfigError
        return _counts(v, w, r)

    def __le__(self, other: PieceCounts) -> bool:
        return (
            self.van <= other.van
            and self.washing_machine <= other.washing_machine
            and self.rice_cooker <= other.rice_cooker
        )

    def __str__(self) -> str:
        return f"{self.van}V {self.washing_machine}W {self.rice_cooker}R"


_set = object.__setattr__


def _counts(van: int, washing_machine: int, rice_cooker: int) -> PieceCounts:
    """A :class:`PieceCounts` of counts known to be non-negative ints, without the checks.

    Arithmetic on counts runs several times per action; the checked constructor is for
    counts from outside. Counts are immutable values, so equal ones made here are one
    shared object (up to :data:`_MOST_SHARED` of them): a look-up instead of a new object.
    """
    key = (van, washing_machine, rice_cooker)
    counts = _SHARED.get(key)
    if counts is None:
        counts = object.__new__(PieceCounts)
        _set(counts, "van", van)
        _set(counts, "washing_machine", washing_machine)
        _set(counts, "rice_cooker", rice_cooker)
        if len(_SHARED) < _MOST_SHARED:
            _SHARED[key] = counts
    return counts


_SHARED: dict[tuple[int, int, int], PieceCounts] = {}
_MOST_SHARED: Final = 1 << 16


#: The rule sheet's standard share per player: 2 vans, 2 washing machines, 6 rice cookers (R-TK-SETUP-1).
STANDARD_SHARE: Final = PieceCounts(2, 2, 6)
#: The default supply, 12 / 12 / 36 (R-TK-COMP-3; an assumption, not from the rule sheet).
DEFAULT_SUPPLY: Final = PieceCounts(12, 12, 36)
