"""Currency Torraku's own words: its pieces and setups in every locale.

The machinery is the library's (:mod:`millions_rules._common.i18n`: one gettext domain,
``millions_rules``, for both games); Torraku's message ids start with ``torraku.``, and
its refusals share the ``error.<code>`` ids of the codes. The piece names are the seed's
Spanish *camioneta*, *lavadora* and *arrocera*; Chinese names them 面包车, 洗衣机 and
电饭煲, each with its own measure word (辆, 台, 个), and counts pieces in general with 枚.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._common.i18n import Text, check_locale, join_list, msg, nmsg
from ._pieces import PieceCounts, PieceKind, Setup

__all__ = ["Piece", "Pieces", "piece_name"]

# A number of pieces of one kind: "2 vans", "2 camionetas", "2辆面包车".
_COUNTED: Final[dict[PieceKind, Text]] = {
    PieceKind.VAN: nmsg("torraku.pieces.van", "{count} van", "{count} vans"),
    PieceKind.WASHING_MACHINE: nmsg(
        "torraku.pieces.washing_machine", "{count} washing machine", "{count} washing machines"
    ),
    PieceKind.RICE_COOKER: nmsg(
        "torraku.pieces.rice_cooker", "{count} rice cooker", "{count} rice cookers"
    ),
}
# One piece, as a sentence names it: "a van", "una camioneta", "一辆面包车".
_ONE: Final[dict[PieceKind, Text]] = {
    PieceKind.VAN: msg("torraku.piece.van", "a van"),
    PieceKind.WASHING_MACHINE: msg("torraku.piece.washing_machine", "a washing machine"),
    PieceKind.RICE_COOKER: msg("torraku.piece.rice_cooker", "a rice cooker"),
}
_NOTHING: Final = msg("torraku.pieces.nothing", "nothing")

SETUPS: Final[dict[Setup, Text]] = {
    Setup.STANDARD: msg("torraku.setup.standard", "standard"),
    Setup.LONG: msg("torraku.setup.long", "long"),
}


def piece_name(kind: PieceKind, locale: str = "en") -> str:
    """One piece of ``kind``, as a sentence names it.

    >>> from millions_rules.torraku import PieceKind
    >>> from millions_rules.torraku._words import piece_name
    >>> piece_name(PieceKind.RICE_COOKER, "es"), piece_name(PieceKind.VAN, "zh")
    ('una arrocera', '一辆面包车')
    """
    return _ONE[kind].render(locale)


class Piece:
    """A placeholder value: one piece, named in the sentence's locale ("a van")."""

    __slots__ = ("kind",)

    def __init__(self, kind: object) -> None:
        self.kind = kind

    def localized(self, locale: str) -> str:
        """The piece in ``locale``; anything but a piece kind as it is."""
        text = _ONE.get(self.kind) if isinstance(self.kind, PieceKind) else None
        return repr(self.kind) if text is None else text.render(locale)


class Pieces:
    """A placeholder value: pieces counted by kind ("2 vans and 1 rice cooker").

    >>> from millions_rules.torraku import PieceCounts
    >>> from millions_rules.torraku._words import Pieces
    >>> Pieces(PieceCounts(2, 0, 1)).localized("es")
    '2 camionetas y 1 arrocera'
    >>> Pieces(PieceCounts(1, 2, 6)).localized("zh")
    '1辆面包车、2台洗衣机和6个电饭煲'
    """

    __slots__ = ("counts",)

    def __init__(self, counts: PieceCounts | Sequence[PieceKind]) -> None:
        self.counts = counts if isinstance(counts, PieceCounts) else _count(counts)

    def localized(self, locale: str) -> str:
        """The pieces in ``locale``: each kind held, with its number; "nothing" for none."""
        language = check_locale(locale)
        counted = [
            _COUNTED[kind].render(language, count=n)
            for kind, n in zip(PieceKind, self.counts.as_tuple(), strict=True)
            if n
        ]
        return join_list(counted, language) if counted else _NOTHING.render(language)


def _count(pieces: Sequence[PieceKind]) -> PieceCounts:
    # A malformed action may hold anything where pieces go: count what is a piece.
    kinds = [piece for piece in pieces if isinstance(piece, PieceKind)]
    return PieceCounts.of(kinds)
