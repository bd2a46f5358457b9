"""Actions of Currency Torraku: bet, pass, and report a stacking outcome.

Like Millions' actions they are plain data in the imperative: a malformed action (a ``str``
where a seat goes) is refused by :func:`~millions_rules.torraku.apply` with an
:class:`~millions_rules.IllegalActionError`, never at construction.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ._pieces import PieceKind, Placement

__all__ = ["ACTION_TYPES", "Action", "Bet", "Pass", "ReportPlacement"]


def _as_tuple(value: object) -> object:
    # Lists are welcome; actions store immutable tuples.
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class Bet:
    """Add pieces to your row: open, match or raise (R-TK-BET-4, R-TK-BET-5, R-TK-BET-7).

    ``pieces`` lists **all** the pieces added, in row order (innermost first); they go to the
    outer end of the row (R-TK-BET-6). ``from_bag`` is the part of ``pieces`` taken from the
    bag, only on a first bet that is short of the current bet (R-TK-BET-7).

    >>> Bet(0, [PieceKind.RICE_COOKER, PieceKind.RICE_COOKER])
    Bet(player=0, pieces=(<PieceKind.RICE_COOKER: 'rice_cooker'>, <PieceKind.RICE_COOKER: 'rice_cooker'>), from_bag=())
    """

    player: int
    """The seat betting."""
    pieces: tuple[PieceKind, ...] = attrs.field(converter=_as_tuple)
    """Every piece added to the row, innermost first."""
    from_bag: tuple[PieceKind, ...] = attrs.field(default=(), converter=_as_tuple)
    """The pieces among ``pieces`` that come from the bag (R-TK-BET-7)."""


@attrs.frozen
class Pass:
    """Fix your bet and leave this round's betting (R-TK-BET-8)."""

    player: int
    """The seat passing."""


@attrs.frozen
class ReportPlacement:
    """Tell the engine how a stacking attempt turned out (R-TK-STACK-7; ``Dealer.EXTERNAL`` only).

    >>> ReportPlacement(2, Placement.KNOCKED_DOWN, fallen=3)
    ReportPlacement(player=2, outcome=<Placement.KNOCKED_DOWN: 'knocked_down'>, fallen=3)
    """

    player: int
    """The stacker."""
    outcome: Placement
    """What happened (R-TK-STACK-4)."""
    fallen: int | None = None
    """With ``KNOCKED_DOWN`` only: how many stack pieces fell (informative, no rule effect)."""


#: Any Torraku action.
Action: TypeAlias = Bet | Pass | ReportPlacement
#: The action classes, in documentation order.
ACTION_TYPES: tuple[type, ...] = (Bet, Pass, ReportPlacement)
