"""What a player sees (R-TK-INFO): everything on the table, never the generator.

Currency Torraku has no hidden information. The one secret is the engine's generator (its
seed and state), which would let a bot predict simulated outcomes; a view leaves both out,
so two states that differ only there give equal views. :func:`view` exists for symmetry
with Millions and returns the same content for every seat and for spectators.
"""

from __future__ import annotations

import attrs

from .._common.dealer import Dealer
from .._common.errors import ConfigError
from .._common.i18n import msg
from ._actions import Action
from ._config import TorrakuConfig
from ._engine import _require_seat, _require_state, legal_actions
from ._errors import illegal
from ._events import Event
from ._pieces import PieceCounts, PieceKind, Setup
from ._state import Phase, StackedPiece, TorrakuState

__all__ = ["PublicConfig", "TorrakuView", "public_config", "view"]


@attrs.frozen
class PublicConfig:
    """A :class:`~millions_rules.torraku.TorrakuConfig` without its seed: the rules everyone knows."""

    players: int
    """The number of players."""
    first_player: int
    """The seat that opened round 1."""
    setup: Setup
    """The standard or the long game."""
    supply: PieceCounts
    """Every piece of the game."""
    dealer: Dealer
    """Who decides stacking outcomes."""
    round_limit: int | None
    """The last round, or ``None``."""
    knock_base: float
    """Model parameter (R-TK-SIM-1)."""
    knock_slope: float
    """Model parameter (R-TK-SIM-1)."""
    knock_cap: float
    """Model parameter (R-TK-SIM-1)."""
    kind_factor: tuple[float, ...]
    """Model parameter (R-TK-SIM-1)."""
    skill: tuple[float, ...] | None
    """Model parameter (R-TK-SIM-1)."""
    touch: float
    """Model parameter (R-TK-SIM-1)."""
    drop: float
    """Model parameter (R-TK-SIM-1)."""

    def with_seed(self, seed: int) -> TorrakuConfig:
        """The full config with this seed.

        Raises:
            ConfigError: If the seed is not an int from 0 to 2**64 - 1.
        """
        return TorrakuConfig(seed=seed, **attrs.asdict(self, recurse=False))


def public_config(config: TorrakuConfig) -> PublicConfig:
    """The public part of ``config``: everything but the seed.

    Raises:
        ConfigError: If ``config`` is not a :class:`~millions_rules.torraku.TorrakuConfig`.
    """
    if not isinstance(config, TorrakuConfig):
        raise ConfigError(f"expected a TorrakuConfig, not {type(config).__name__}")
    fields = attrs.asdict(config, recurse=False)
    del fields["seed"]
    return PublicConfig(**fields)


@attrs.frozen
class TorrakuView:
    """The table as a seat (or a spectator) sees it: everything but the generator.

    Build it with :func:`view`.
    """

    seat: int | None
    """Whose view this is; ``None`` for a spectator."""
    config: PublicConfig
    """The rules of this game, without the seed."""
    phase: Phase
    """What the engine waits for."""
    round: int
    """The current round."""
    hands: tuple[PieceCounts, ...]
    """Each seat's hand."""
    rows: tuple[tuple[PieceKind, ...], ...]
    """Each seat's row, innermost first."""
    passed: tuple[bool, ...]
    """Who has passed this round."""
    to_act: int | None
    """The seat the engine waits for."""
    opener: int
    """This round's opener."""
    last_passer: int | None
    """This round's last passer, once betting has ended."""
    stack: tuple[StackedPiece, ...]
    """The centre stack, in the order the pieces were added."""
    last_adder: int | None
    """The last seat to add a piece to the stack this round."""
    bag: PieceCounts
    """The bag's contents."""
    current_bet: int
    """The longest row (R-TK-BET-2)."""
    winners: tuple[int, ...]
    """The winners, once the game is over."""
    actors: tuple[int, ...]
    """The seats that may act now, ascending; the seat to act while betting, and while
    stacking when the table reports outcomes (:attr:`~millions_rules.Dealer.EXTERNAL`);
    empty at the end."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions (:func:`~millions_rules.torraku.legal_actions`; empty for a
    spectator and for a seat that is not to act)."""
    events: tuple[Event, ...]
    """The log from :attr:`first_event` on (every event is public)."""
    first_event: int
    """The index in the whole log of the first of :attr:`events`: the ``since`` given to
    :func:`~millions_rules.torraku.view` (0 for the whole log)."""
    version: int
    """The :attr:`~millions_rules.torraku.TorrakuState.version` of the state this view was
    made from."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER


def view(state: TorrakuState, seat: int | None = None, *, since: int = 0) -> TorrakuView:
    """What ``seat`` (or a spectator, ``None``) sees: the whole table, never the generator.

    Args:
        state: The state.
        seat: A seat, or ``None``.
        since: How many events of the log the client already holds: the view's
            :attr:`~TorrakuView.events` then start at that index
            (:attr:`~TorrakuView.first_event`), as Millions' views do.

    Raises:
        IllegalActionError: If ``seat`` is not ``None`` or a seat of the game (code
            ``unknown_player``), ``state`` is no state, or ``since`` is not an int from 0
            to the length of the log (``bad_value``).

    >>> from millions_rules.torraku import TorrakuConfig, new_game
    >>> state = new_game(TorrakuConfig(2, seed=1))
    >>> view(state, 0).hands == state.hands, view(state, 0) == view(state, 0)
    (True, True)
    >>> seen = view(state, 1, since=1)
    >>> seen.actors, len(seen.legal_actions), seen.first_event, seen.version
    ((0,), 0, 1, 0)
    """
    _require_state(state)
    if seat is not None:
        _require_seat(state, seat)
    if type(since) is not int or not 0 <= since <= len(state.events):
        illegal(
            msg("error.bad_value", "since must be an int from 0 to {last}, not {since}"),
            "bad_value",
            last=len(state.events),
            since=repr(since),
        )
    to_act = state.to_act
    actors = () if to_act is None else (to_act,)
    return TorrakuView(
        seat=seat,
        config=public_config(state.config),
        phase=state.phase,
        round=state.round,
        hands=state.hands,
        rows=state.rows,
        passed=state.passed,
        to_act=state.to_act,
        opener=state.opener,
        last_passer=state.last_passer,
        stack=state.stack,
        last_adder=state.last_adder,
        bag=state.bag,
        current_bet=state.current_bet,
        winners=state.winners,
        actors=actors,
        legal_actions=() if seat is None else legal_actions(state, seat),
        events=state.events[since:] if since else state.events,
        first_event=since,
        version=state.version,
    )
