"""Events of Currency Torraku: what happened, in the past tense.

Every move of a piece between zones (hand, row, centre stack, bag; R-TK-COMP-6) is explained
by exactly one event: :class:`PiecesDealt` (supply to hands and bag), :class:`BetPlaced`
(hand and bag to row), :class:`StackStarted` and :class:`PiecePlaced` (row to stack),
:class:`PenaltyTaken` (stack and row piece to hand) and :class:`RoundEnded` (stack to bag).

Torraku has no hidden information (R-TK-INFO): every event is public, ``visible_to`` is
``None`` for all of them, as for Millions' public events.
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from .._common.dealer import Dealer
from ._pieces import PieceCounts, PieceKind, Placement, Setup

__all__ = [
    "EVENT_TYPES",
    "BetPlaced",
    "BettingEnded",
    "Event",
    "GameStarted",
    "GameWon",
    "Passed",
    "PenaltyTaken",
    "PieceDropped",
    "PiecePlaced",
    "PiecesDealt",
    "RoundEnded",
    "RoundStarted",
    "StackStarted",
]


@attrs.frozen
class GameStarted:
    """The game began (R-TK-SETUP)."""

    visible_to: ClassVar[None] = None
    players: int
    """The number of players."""
    first_player: int
    """The seat that opens round 1 (R-TK-SETUP-4)."""
    setup: Setup
    """The standard or the long game."""
    dealer: Dealer
    """Who decides stacking outcomes."""


@attrs.frozen
class PiecesDealt:
    """The supply was dealt: each player's hand, the rest into the bag (R-TK-SETUP-1, -2)."""

    visible_to: ClassVar[None] = None
    hands: tuple[PieceCounts, ...]
    """Each seat's hand."""
    bag: PieceCounts
    """What went into the bag."""


@attrs.frozen
class RoundStarted:
    """A round of betting began (R-TK-BET-1)."""

    visible_to: ClassVar[None] = None
    round: int
    """The round number, from 1."""
    opener: int
    """The seat that bets first."""


@attrs.frozen
class BetPlaced:
    """A player moved pieces from their hand (and perhaps the bag) to their row (R-TK-BET)."""

    visible_to: ClassVar[None] = None
    player: int
    """The bettor."""
    pieces: tuple[PieceKind, ...]
    """Every piece added to the outer end of the row, innermost first."""
    from_bag: tuple[PieceKind, ...]
    """The pieces among ``pieces`` that came from the bag (R-TK-BET-7)."""
    row: int
    """The length of the bettor's row afterwards, which is their bet."""
    current_bet: int
    """The current bet afterwards (R-TK-BET-2)."""
    raised: bool
    """Whether the bet raised the current bet (the opening bet does)."""


@attrs.frozen
class Passed:
    """A player passed: their bet is fixed for the round (R-TK-BET-8)."""

    visible_to: ClassVar[None] = None
    player: int
    """The seat passing."""
    bet: int
    """Their fixed bet (0 if their row is empty, and then they do not stack)."""


@attrs.frozen
class BettingEnded:
    """Everyone has passed (R-TK-BET-9)."""

    visible_to: ClassVar[None] = None
    round: int
    """The round number."""
    bets: tuple[int, ...]
    """Each seat's bet."""
    last_passer: int
    """The last player to pass, who starts the stack (R-TK-STACK-1)."""


@attrs.frozen
class StackStarted:
    """A player laid the innermost piece of their row as the base of a new stack (R-TK-STACK-3)."""

    visible_to: ClassVar[None] = None
    player: int
    """The stacker."""
    piece: PieceKind
    """The base."""
    after_penalty: bool
    """Whether the stack restarted after a penalty (R-TK-PEN-3)."""


@attrs.frozen
class PieceDropped:
    """The piece being added fell alone: no penalty, the same player retries it (R-TK-STACK-6)."""

    visible_to: ClassVar[None] = None
    player: int
    """The stacker."""
    piece: PieceKind
    """The piece, still the innermost of their row."""


@attrs.frozen
class PiecePlaced:
    """A player added the innermost piece of their row to the stack (R-TK-STACK-5)."""

    visible_to: ClassVar[None] = None
    player: int
    """The stacker."""
    piece: PieceKind
    """The piece."""
    height: int
    """The stack's height afterwards."""


@attrs.frozen
class PenaltyTaken:
    """A stacker knocked the stack down or touched it, and took it into their hand (R-TK-PEN)."""

    visible_to: ClassVar[None] = None
    player: int
    """The stacker."""
    cause: Placement
    """:attr:`~Placement.KNOCKED_DOWN` or :attr:`~Placement.TOUCHED`."""
    piece: PieceKind
    """The piece they were adding, taken from their row into their hand."""
    stack: PieceCounts
    """The whole centre stack, taken into their hand."""
    fallen: int | None
    """How many stack pieces fell, when reported or drawn (no rule effect)."""


@attrs.frozen
class RoundEnded:
    """Every row is empty: the stack went into the bag (R-TK-END-1, R-TK-END-2)."""

    visible_to: ClassVar[None] = None
    round: int
    """The round number."""
    bagged: PieceCounts
    """The pieces of the centre stack, now in the bag."""
    last_adder: int
    """The last player who added a piece to the stack, who opens the next round (R-TK-END-4)."""
    pieces_left: tuple[int, ...]
    """Each seat's pieces afterwards."""


@attrs.frozen
class GameWon:
    """The game is over (R-TK-END-3, R-TK-VAR-LIMIT)."""

    visible_to: ClassVar[None] = None
    winners: tuple[int, ...]
    """The winning seats, ascending; several share the win."""
    round: int
    """The last round."""
    at_limit: bool
    """Whether the round limit ended the game (the fewest pieces won)."""


#: Any Torraku event.
Event: TypeAlias = (
    GameStarted
    | PiecesDealt
    | RoundStarted
    | BetPlaced
    | Passed
    | BettingEnded
    | StackStarted
    | PieceDropped
    | PiecePlaced
    | PenaltyTaken
    | RoundEnded
    | GameWon
)
#: The event classes, in the order they first happen.
EVENT_TYPES: tuple[type, ...] = (
    GameStarted,
    PiecesDealt,
    RoundStarted,
    BetPlaced,
    Passed,
    BettingEnded,
    StackStarted,
    PieceDropped,
    PiecePlaced,
    PenaltyTaken,
    RoundEnded,
    GameWon,
)
