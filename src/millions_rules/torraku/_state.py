"""The state of a Currency Torraku game: an immutable snapshot of the table (R-TK-COMP-6).

Everything on the table is public (R-TK-INFO). The only secret is :attr:`TorrakuState.rng`,
the state of the generator that draws simulated outcomes; send players a
:func:`~millions_rules.torraku.view`, which leaves it out.
"""

from __future__ import annotations

import enum

import attrs

from ._actions import Action
from ._config import TorrakuConfig
from ._events import Event
from ._pieces import PieceCounts, PieceKind

__all__ = ["Phase", "StackedPiece", "TorrakuState"]


class Phase(enum.Enum):
    """What the engine is waiting for. Bases and the ends of rounds never wait for anyone."""

    BETTING = "betting"
    """Waiting for :attr:`TorrakuState.to_act` to :class:`Bet` or :class:`Pass` (R-TK-BET)."""
    STACKING = "stacking"
    """Waiting for the stacker's :class:`ReportPlacement` (``Dealer.EXTERNAL`` only, R-TK-STACK-7)."""
    GAME_OVER = "game_over"
    """The game has ended; :attr:`TorrakuState.winners` is set (R-TK-END-3)."""


@attrs.frozen
class StackedPiece:
    """A piece in the centre stack and the seat that added it (for records only)."""

    kind: PieceKind
    """The kind of piece."""
    player: int
    """The seat that added it."""


@attrs.frozen(cache_hash=True)
class TorrakuState:
    """The whole table after some actions; built by :func:`~millions_rules.torraku.new_game` and
    :func:`~millions_rules.torraku.apply`, never changed.

    >>> from millions_rules.torraku import TorrakuConfig, new_game
    >>> state = new_game(TorrakuConfig(2, seed=1))
    >>> state.phase.value, state.to_act, state.hands[0].total, state.bag.total
    ('betting', 0, 10, 40)
    """

    config: TorrakuConfig
    """The game's configuration."""
    phase: Phase
    """What the engine waits for."""
    round: int
    """The current round, from 1."""
    hands: tuple[PieceCounts, ...]
    """Each seat's hand, the pieces they own that are not in their row."""
    rows: tuple[tuple[PieceKind, ...], ...]
    """Each seat's row this round, innermost piece (closest to the centre) first."""
    passed: tuple[bool, ...]
    """Who has passed this round's betting (meaningful while betting)."""
    to_act: int | None
    """The seat the engine waits for (the bettor or the stacker), ``None`` once the game is over."""
    opener: int
    """The seat that opened this round's betting."""
    last_passer: int | None
    """The last passer of this round, once betting has ended (R-TK-BET-9)."""
    stack: tuple[StackedPiece, ...]
    """The centre stack, in the order the pieces were added (empty or one stack)."""
    last_adder: int | None
    """The last seat to add a piece to the stack this round (R-TK-END-4)."""
    bag: PieceCounts
    """The bag's contents (public, R-TK-COMP-4)."""
    winners: tuple[int, ...]
    """The winning seats, ascending; empty until the game is over."""
    events: tuple[Event, ...]
    """Everything that happened, in order."""
    history: tuple[Action, ...]
    """Every action applied since :func:`~millions_rules.torraku.new_game`."""
    rng: int
    """The generator state (the only secret; never in a view)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def version(self) -> int:
        """The number of actions applied, ``len(history)``: a server can refuse stale actions."""
        return len(self.history)

    @property
    def current_bet(self) -> int:
        """The longest row on the table, counting players who passed (R-TK-BET-2)."""
        return max(len(row) for row in self.rows)

    @property
    def stack_counts(self) -> PieceCounts:
        """The centre stack as counts per kind."""
        return PieceCounts.of([piece.kind for piece in self.stack])

    def pieces_left(self, seat: int) -> int:
        """The pieces a seat still owns: hand and row (R-TK-END-3)."""
        return self.hands[seat].total + len(self.rows[seat])

    def in_play(self) -> PieceCounts:
        """Every piece of the game, per kind; always the supply (R-TK-COMP-3)."""
        total = self.bag + self.stack_counts
        for hand, row in zip(self.hands, self.rows, strict=True):
            total = total + hand + PieceCounts.of(row)
        return total
