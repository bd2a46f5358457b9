"""*Currency Torraku* as the common game interface sees it (:data:`GAME`).

Every method names the game's own function. Betting has one seat to act at a time, so a
table of bots needs no turn order of its own (:class:`TorrakuPacing` asks the seat to
act); when the table reports stacking outcomes (:attr:`~millions_rules.Dealer.EXTERNAL`),
:class:`TorrakuChance` draws them from the dexterity model R-TK-SIM.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

import attrs

from .._common.errors import ConfigError, IllegalActionError
from .._common.game import Companions, config_with_options
from .._common.i18n import msg
from .._common.random import seed_state
from ._actions import ACTION_TYPES, Action, ReportPlacement
from ._adapter import TorrakuAdapter
from ._config import TorrakuConfig
from ._demo import play_demo
from ._engine import _require_state, apply, check, legal_actions, new_game, replay
from ._errors import illegal
from ._model import _knock, draw_outcome
from ._narrate import describe
from ._page import PAGE
from ._pieces import Placement
from ._records import load_game, save_game
from ._rule_bot import RuleBot
from ._schema import write_schemas
from ._seat_words import SEAT_WORDS
from ._serialization import from_json, to_json
from ._state import Phase, TorrakuState
from ._stats import HOOK as STATISTICS
from ._views import PublicConfig, TorrakuView, view

__all__ = [
    "GAME",
    "MAX_ROUNDS",
    "TorrakuChance",
    "TorrakuGame",
    "TorrakuPacing",
    "chance_outcomes",
    "sample_state",
]

T = TypeVar("T")

#: The most rounds a table of bots plays when the config sets no ``round_limit``
#: (R-TK-END-5: nothing else guarantees an end); a longer game raises ``ConfigError``.
MAX_ROUNDS: Final = 1000


class TorrakuPacing:
    """Asks the seat the engine waits for, and offers it its legal actions."""

    def __init__(self, state: TorrakuState) -> None:
        self._limited = state.config.round_limit is not None

    def next_seat(self, state: TorrakuState) -> int:
        """:attr:`~millions_rules.torraku.TorrakuState.to_act`.

        Raises:
            ConfigError: If a game with no ``round_limit`` passes :data:`MAX_ROUNDS`.
        """
        if not self._limited and state.round > MAX_ROUNDS:
            raise ConfigError(f"the game passed {MAX_ROUNDS} rounds: set a round_limit")
        seat = state.to_act
        assert seat is not None, "a game that is not over always waits for a seat"
        return seat

    def offered(self, state: TorrakuState, seen: TorrakuView, seat: int) -> tuple[Action, ...]:
        """The seat's :attr:`~millions_rules.torraku.TorrakuView.legal_actions`."""
        return seen.legal_actions

    def played(self, state: TorrakuState, seat: int, action: Action) -> None:
        """Nothing to count."""


def chance_outcomes(state: TorrakuState) -> tuple[tuple[Action, float], ...]:
    """The table's reports of the attempt now, with the dexterity model's probabilities.

    Placed, dropped, touched, and knocked down with each number of fallen pieces from 1 to
    the stack's height equally likely (R-TK-SIM-2): what :class:`TorrakuChance` draws.
    Empty unless the game awaits the table's report.

    >>> from millions_rules.torraku import Dealer, TorrakuConfig, legal_actions, new_game
    >>> state = new_game(TorrakuConfig(2, seed=1, dealer=Dealer.EXTERNAL))
    >>> while state.phase is not Phase.STACKING:
    ...     state = GAME.apply(state, legal_actions(state)[-1])
    >>> [(a.outcome.value, a.fallen, round(p, 2)) for a, p in chance_outcomes(state)]
    [('placed', None, 0.98), ('knocked_down', 1, 0.02)]
    """
    _require_state(state)
    seat = state.to_act
    if state.phase is not Phase.STACKING or seat is None:
        return ()
    config, height = state.config, len(state.stack)
    knock = _knock(config, height, state.rows[seat][0], seat)
    touch, drop = config.touch, config.drop
    outcomes: list[tuple[Action, float]] = [
        (ReportPlacement(seat, Placement.PLACED), 1.0 - (touch + knock + drop)),
        (ReportPlacement(seat, Placement.DROPPED), drop),
        (ReportPlacement(seat, Placement.TOUCHED), touch),
    ]
    if height:
        outcomes += [
            (ReportPlacement(seat, Placement.KNOCKED_DOWN, fallen), knock / height)
            for fallen in range(1, height + 1)
        ]
    return tuple((action, p) for action, p in outcomes if p > 0)


class TorrakuChance:
    """The table's report of each stacking attempt, drawn from the model R-TK-SIM."""

    def __init__(self, seed: int) -> None:
        self._rng = seed_state(random.Random(f"millions-bots:{seed}:table").getrandbits(64))

    def draw(self, state: TorrakuState) -> Action:
        """The :class:`~millions_rules.torraku.ReportPlacement` of the stacker's attempt."""
        seat = state.to_act
        assert seat is not None and state.phase is Phase.STACKING
        piece = state.rows[seat][0]
        outcome, fallen, self._rng = draw_outcome(
            state.config, self._rng, len(state.stack), piece, seat
        )
        return ReportPlacement(seat, outcome, fallen)


def sample_state(seen: TorrakuView, seed: int) -> TorrakuState:
    """A playable state with ``seen``'s table and a generator drawn from ``seed``.

    Torraku hides nothing but the engine's generator (R-TK-INFO), so the sample differs
    from the real state only there (and has no history: its version is 0).

    Raises:
        IllegalActionError: If ``seen`` is no view, or holds only part of the log
            (``first_event`` > 0), or ``seed`` is not an int from 0 to 2**64 - 1
            (code ``bad_value``).

    >>> from millions_rules.torraku import TorrakuConfig, new_game, view
    >>> state = new_game(TorrakuConfig(3, seed=4))
    >>> view(sample_state(view(state, 1), 99), 1) == attrs.evolve(view(state, 1))
    True
    """
    if not isinstance(seen, TorrakuView):
        illegal(
            msg("error.bad_value", "expected a TorrakuView, not {kind}"),
            "bad_value",
            kind=type(seen).__name__,
        )
    if seen.first_event:
        illegal(
            msg("error.bad_value", "a sample needs the whole log: a view made with since=0"),
            "bad_value",
        )
    if type(seed) is not int or not 0 <= seed < 2**64:
        illegal(
            msg("error.bad_value", "seed must be an int from 0 to 2**64 - 1, not {seed}"),
            "bad_value",
            seed=repr(seed),
        )
    return TorrakuState(
        config=seen.config.with_seed(seed),
        phase=seen.phase,
        round=seen.round,
        hands=seen.hands,
        rows=seen.rows,
        passed=seen.passed,
        to_act=seen.to_act,
        opener=seen.opener,
        last_passer=seen.last_passer,
        stack=seen.stack,
        last_adder=seen.last_adder,
        bag=seen.bag,
        winners=seen.winners,
        events=seen.events,
        history=(),
        rng=seed_state(seed),
    )


@attrs.frozen
class TorrakuGame:
    """*Currency Torraku* behind the :class:`~millions_rules.games.Game` interface.

    >>> from millions_rules.games import get_game
    >>> game = get_game("torraku")
    >>> state = game.new_game(game.config(2, seed=1))
    >>> game.actors(state), game.is_over(state), game.scores(state)
    ((0,), False, (-10, -10))
    """

    name: str = "torraku"
    """``"torraku"``."""
    title: str = "Currency Torraku"
    """The title."""
    config_type: type[TorrakuConfig] = TorrakuConfig
    """:class:`~millions_rules.torraku.TorrakuConfig`."""
    state_type: type[TorrakuState] = TorrakuState
    """:class:`~millions_rules.torraku.TorrakuState`."""
    view_type: type[TorrakuView] = TorrakuView
    """:class:`~millions_rules.torraku.TorrakuView`."""
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    """The action classes."""
    player_counts: range = range(1, 7)
    """1 to 6 players (R-TK-COMP-5)."""

    def config(self, players: int, *, seed: int = 0, **options: object) -> TorrakuConfig:
        """A :class:`~millions_rules.torraku.TorrakuConfig`; ``options`` are its other fields.

        Raises:
            ConfigError: If a value is out of range or an option is not a field.
        """
        return config_with_options(TorrakuConfig, self.title, players, seed, options)

    def players_of(self, config: TorrakuConfig | PublicConfig) -> int:
        """``config.players``."""
        return config.players

    def seed_of(self, config: TorrakuConfig) -> int:
        """``config.seed``."""
        return config.seed

    def new_game(self, config: TorrakuConfig) -> TorrakuState:
        """:func:`~millions_rules.torraku.new_game`."""
        return new_game(config)

    def apply(
        self, state: TorrakuState, action: Action, *, seat: int | None = None
    ) -> TorrakuState:
        """:func:`~millions_rules.torraku.apply`."""
        return apply(state, action, seat=seat)

    def check(
        self, state: TorrakuState, action: object, *, seat: int | None = None
    ) -> IllegalActionError | None:
        """:func:`~millions_rules.torraku.check`."""
        return check(state, action, seat=seat)

    def legal_actions(self, state: TorrakuState, seat: int | None = None) -> tuple[Action, ...]:
        """:func:`~millions_rules.torraku.legal_actions`."""
        return legal_actions(state, seat)

    def replay(self, config: TorrakuConfig, actions: Sequence[Action]) -> TorrakuState:
        """:func:`~millions_rules.torraku.replay`."""
        return replay(config, actions)

    def version(self, state: TorrakuState) -> int:
        """:attr:`~millions_rules.torraku.TorrakuState.version`."""
        _require_state(state)
        return state.version

    def actors(self, state: TorrakuState) -> tuple[int, ...]:
        """The seat to act, if any (:attr:`~millions_rules.torraku.TorrakuView.actors`)."""
        _require_state(state)
        return () if state.to_act is None else (state.to_act,)

    def awaits_dealer(self, state: TorrakuState) -> bool:
        """Whether the table must report a stacking attempt (only with ``Dealer.EXTERNAL``)."""
        _require_state(state)
        return state.phase is Phase.STACKING

    def chance_outcomes(self, state: TorrakuState) -> tuple[tuple[Action, float], ...]:
        """:func:`chance_outcomes`."""
        return chance_outcomes(state)

    def is_over(self, state: TorrakuState) -> bool:
        """:attr:`~millions_rules.torraku.TorrakuState.is_over`."""
        _require_state(state)
        return state.is_over

    def winners(self, state: TorrakuState) -> tuple[int, ...]:
        """:attr:`~millions_rules.torraku.TorrakuState.winners`."""
        _require_state(state)
        return state.winners

    def scores(self, state: TorrakuState) -> tuple[int, ...]:
        """Minus the pieces each seat still owns (R-TK-END-3: the first to none wins)."""
        _require_state(state)
        return tuple(-state.pieces_left(seat) for seat in range(state.config.players))

    def config_of(self, value: object) -> TorrakuConfig | PublicConfig:
        """The ``config`` of a :class:`~millions_rules.torraku.TorrakuState`, or the public
        :class:`~millions_rules.torraku.PublicConfig` of a
        :class:`~millions_rules.torraku.TorrakuView`."""
        if not isinstance(value, (TorrakuState, TorrakuView)):
            raise ConfigError(f"{type(value).__name__} is no state or view of Torraku")
        return value.config

    def view(self, state: TorrakuState, seat: int | None, *, since: int = 0) -> TorrakuView:
        """:func:`~millions_rules.torraku.view`."""
        return view(state, seat, since=since)

    def view_version(self, seen: TorrakuView) -> int:
        """:attr:`~millions_rules.torraku.TorrakuView.version`."""
        return seen.version

    def view_events(self, seen: TorrakuView) -> tuple[object, ...]:
        """The view's events."""
        return tuple(seen.events)

    def view_seat(self, seen: TorrakuView) -> int | None:
        """:attr:`~millions_rules.torraku.TorrakuView.seat`."""
        return seen.seat

    def sample_state(self, seen: TorrakuView, seed: int) -> TorrakuState:
        """:func:`sample_state`."""
        return sample_state(seen, seed)

    def to_json(self, value: object) -> str:
        """:func:`~millions_rules.torraku.to_json`."""
        return to_json(value)

    def from_json(self, text: str | bytes, cls: type[T]) -> T:
        """:func:`~millions_rules.torraku.from_json`."""
        return from_json(text, cls)

    def save_game(self, state: TorrakuState, *, tags: Mapping[str, str] | None = None) -> str:
        """:func:`~millions_rules.torraku.save_game`."""
        return save_game(state, tags=tags)

    def load_game(self, text: str | bytes) -> TorrakuState:
        """:func:`~millions_rules.torraku.load_game`."""
        return load_game(text)

    def describe(
        self, item: object, names: Sequence[str] | None = None, *, locale: str = "en"
    ) -> str:
        """:func:`~millions_rules.torraku.describe`."""
        return describe(item, names, locale=locale)  # type: ignore[arg-type]

    def pacing(self, state: TorrakuState) -> TorrakuPacing:
        """A :class:`TorrakuPacing`."""
        _require_state(state)
        return TorrakuPacing(state)

    def chance(self, seed: int) -> TorrakuChance:
        """A :class:`TorrakuChance` for the runner's ``seed``."""
        return TorrakuChance(seed)

    @property
    def companions(self) -> Companions:
        """Its :class:`~millions_rules.bots.torraku.RuleBot`, statistics, schemas and demo
        (the search bot uses the generic model)."""
        return _COMPANIONS


def _demo(players: int, seed: int, locale: str, options: Mapping[str, object]) -> list[str]:
    """``demo --game torraku``: :func:`~millions_rules.torraku._demo.play_demo`'s story."""
    if options:
        raise ConfigError(f"the Torraku demo takes no option: {', '.join(sorted(options))}")
    return play_demo(players, seed, locale)[1]


#: *Currency Torraku* as a :class:`~millions_rules.games.Game`.
GAME: Final = TorrakuGame()

_COMPANIONS: Final = Companions(
    adapter=TorrakuAdapter(GAME),
    rule_bot=RuleBot,
    statistics=STATISTICS,
    schemas=write_schemas,
    demo=_demo,
    demo_players=4,
    demo_seed=1,
    page=PAGE,
    text=SEAT_WORDS,
)
