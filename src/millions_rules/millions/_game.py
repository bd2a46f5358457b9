"""*Millions of Dollars* as the common game interface sees it (:data:`GAME`).

Every method names the game's own function; the two pieces written here are what a table
of bots needs beyond the rules: :class:`MillionsPacing`, the turn order the rule book leaves
open (R-PLAN-2, R-NEG-1), and :class:`MillionsChance`, the dealer a runner plays when the
config deals externally.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

import attrs

from .._common.errors import ConfigError
from .._common.game import Companions, config_with_options
from ._actions import ACTION_TYPES, Action, DealLoot, Pay, SetAside, UseThreat
from ._adapter import MillionsAdapter
from ._config import GameConfig
from ._demo import demo_story
from ._engine import _require_state, apply, check, legal_actions, new_game, replay
from ._errors import IllegalActionError
from ._limits import MAX_EXTRA_ACTIONS, PAYMENT_AMOUNTS
from ._narrate import describe
from ._page import PAGE
from ._records import load_game, save_game
from ._roles import Role
from ._rule_bot import RuleBot
from ._sampling import sample_state
from ._schema import write_schemas
from ._search import MillionsSearch
from ._seat_words import SEAT_WORDS
from ._serialization import from_json, to_json
from ._state import GameState, Phase
from ._stats import HOOK as STATISTICS
from ._views import PlayerView, PublicConfig, view

__all__ = [
    "GAME",
    "MAX_EXTRA_ACTIONS",
    "PAYMENT_AMOUNTS",
    "action_space",
    "MillionsChance",
    "MillionsGame",
    "MillionsPacing",
    "chance_outcomes",
]

T = TypeVar("T")


def action_space(view: PlayerView, *, payments: bool = True) -> tuple[Action, ...]:
    """The actions a bot is offered: the seat's legal actions with payments of a few amounts.

    These are :attr:`~millions_rules.PlayerView.legal_actions` (choices, stay or leave, threat
    cards, the lone Snitch's naming) followed by every :class:`~millions_rules.Pay` to each
    seat in :attr:`~millions_rules.PlayerView.payees` of each amount of :data:`PAYMENT_AMOUNTS`
    the seat can afford. Payments are offered in negotiation only, where deals are made
    (R-NEG-3), and only while ``payments`` is true.

    Args:
        view: A seat's view.
        payments: Whether to add payments.

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import action_space
    >>> state = new_game(GameConfig(4, seed=1))
    >>> [type(action).__name__ for action in action_space(view(state, 0))]
    ['Choose', 'Choose', 'Choose']
    """
    legal = view.legal_actions
    seat = view.seat
    if not payments or seat is None or view.phase is not Phase.NEGOTIATION or not view.payees:
        return legal
    cash = view.cash[seat]
    pays = tuple(
        Pay(seat, to, amount) for to in view.payees for amount in PAYMENT_AMOUNTS if amount <= cash
    )
    return legal + pays


class MillionsPacing:
    """The turn order of a table of bots (the rule book lets players act in any order).

    The seats the engine awaits act in turn, clockwise from the leader: in planning each
    chooses (secretly, R-PLAN-2); in negotiation each may use threat cards and pay (at most
    :data:`MAX_EXTRA_ACTIONS` such actions a round) before it stays or leaves, so a later
    seat sees the earlier decisions (R-NEG-1). A seat that has decided is not asked again
    that round.
    """

    def __init__(self, state: GameState) -> None:
        self._players = state.config.players
        self._round = state.round
        self._turn = state.leader
        self._extras = [0] * self._players

    def next_seat(self, state: GameState) -> int:
        """The first awaited seat clockwise from the seat whose turn it is."""
        if state.round != self._round:
            self._round, self._turn = state.round, state.leader
            self._extras = [0] * self._players
        turn, players = self._turn, self._players
        return min(state.awaiting, key=lambda seat: (seat - turn) % players)

    def offered(self, state: GameState, seen: PlayerView, seat: int) -> tuple[Action, ...]:
        """:func:`action_space`, without payments and threats once the seat used its extras."""
        tired = self._extras[seat] >= MAX_EXTRA_ACTIONS
        offered = action_space(seen, payments=not tired)
        if tired:
            offered = tuple(a for a in offered if not isinstance(a, UseThreat)) or offered
        return offered

    def played(self, state: GameState, seat: int, action: Action) -> None:
        """Count a payment or threat; after a decision, the turn moves on clockwise."""
        if isinstance(action, (Pay, UseThreat)):
            self._extras[seat] += 1
        else:
            self._turn = (seat + 1) % self._players


def chance_outcomes(state: GameState) -> tuple[tuple[Action, float], ...]:
    """The external dealer's actions now with the engine's own probabilities.

    A loot card is any card left in the deck, each equally likely (R-PLAN-1); the role
    card set aside is one of the round's role cards, shuffled, so each role in proportion to
    its cards (R-PLAN-4). Empty unless the game awaits the dealer.

    >>> from millions_rules import Dealer, GameConfig, new_game
    >>> outcomes = chance_outcomes(new_game(GameConfig(4, seed=1, dealer=Dealer.EXTERNAL)))
    >>> len(outcomes), sum(p for _, p in outcomes)
    (8, 1.0)
    """
    _require_state(state)
    if not state.awaiting_dealer:
        return ()
    if state.phase is Phase.DEALING:
        share = 1.0 / len(state.deck)
        return tuple((DealLoot(index), share) for index in sorted(state.deck))
    cards: dict[Role, int] = {}
    for character in state.characters:
        cards[character.role] = cards.get(character.role, 0) + 1
    total = sum(cards.values())
    return tuple((SetAside(role), cards[role] / total) for role in sorted(cards))


class MillionsChance:
    """An external dealer that deals as the engine would (:func:`chance_outcomes`)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(f"millions-bots:{seed}:dealer")

    def draw(self, state: GameState) -> Action:
        """One of the dealer's actions, drawn with the probabilities of :func:`chance_outcomes`
        (a loot card uniformly among those left)."""
        outcomes = chance_outcomes(state)
        if state.phase is Phase.DEALING:
            return outcomes[self._rng.randrange(len(outcomes))][0]
        pick = self._rng.random()
        for action, p in outcomes:
            pick -= p
            if pick < 0:
                return action
        return outcomes[-1][0]


@attrs.frozen
class MillionsGame:
    """*Millions of Dollars* behind the :class:`~millions_rules.games.Game` interface.

    >>> from millions_rules.games import get_game
    >>> game = get_game("millions")
    >>> state = game.new_game(game.config(4, seed=1))
    >>> game.actors(state), game.is_over(state)
    ((0, 1, 2, 3), False)
    """

    name: str = "millions"
    """``"millions"``."""
    title: str = "Millions of Dollars"
    """The title."""
    config_type: type[GameConfig] = GameConfig
    """:class:`~millions_rules.GameConfig`."""
    state_type: type[GameState] = GameState
    """:class:`~millions_rules.GameState`."""
    view_type: type[PlayerView] = PlayerView
    """:class:`~millions_rules.PlayerView`."""
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    """The action classes."""
    player_counts: range = range(3, 9)
    """3 to 8 players (R-COMP-1)."""

    def config(self, players: int, *, seed: int = 0, **options: object) -> GameConfig:
        """A :class:`~millions_rules.GameConfig`; ``options`` are its other fields.

        Raises:
            ConfigError: If a value is out of range or an option is not a field.
        """
        return config_with_options(GameConfig, self.title, players, seed, options)

    def players_of(self, config: GameConfig | PublicConfig) -> int:
        """``config.players``."""
        return config.players

    def seed_of(self, config: GameConfig) -> int:
        """``config.seed``."""
        return config.seed

    def new_game(self, config: GameConfig) -> GameState:
        """:func:`~millions_rules.new_game`."""
        return new_game(config)

    def apply(self, state: GameState, action: Action, *, seat: int | None = None) -> GameState:
        """:func:`~millions_rules.apply`."""
        return apply(state, action, seat=seat)

    def check(
        self, state: GameState, action: object, *, seat: int | None = None
    ) -> IllegalActionError | None:
        """:func:`~millions_rules.check`."""
        return check(state, action, seat=seat)

    def legal_actions(self, state: GameState, seat: int | None = None) -> tuple[Action, ...]:
        """:func:`~millions_rules.legal_actions` with payments (every amount)."""
        return legal_actions(state, seat)

    def replay(self, config: GameConfig, actions: Sequence[Action]) -> GameState:
        """:func:`~millions_rules.replay`."""
        return replay(config, actions)

    def version(self, state: GameState) -> int:
        """:attr:`~millions_rules.GameState.version`."""
        _require_state(state)
        return state.version

    def actors(self, state: GameState) -> tuple[int, ...]:
        """Every seat with a legal action (:attr:`~millions_rules.PlayerView.actors`)."""
        _require_state(state)
        from ._engine import actors

        return actors(state)

    def awaits_dealer(self, state: GameState) -> bool:
        """:attr:`~millions_rules.GameState.awaiting_dealer`."""
        _require_state(state)
        return state.awaiting_dealer

    def chance_outcomes(self, state: GameState) -> tuple[tuple[Action, float], ...]:
        """:func:`chance_outcomes`."""
        return chance_outcomes(state)

    def is_over(self, state: GameState) -> bool:
        """:attr:`~millions_rules.GameState.is_over`."""
        _require_state(state)
        return state.is_over

    def winners(self, state: GameState) -> tuple[int, ...]:
        """:attr:`~millions_rules.GameState.winners`, ascending."""
        _require_state(state)
        return tuple(sorted(state.winners))

    def scores(self, state: GameState) -> tuple[int, ...]:
        """Each seat's cash, in millions."""
        _require_state(state)
        return state.cash

    def config_of(self, value: object) -> GameConfig | PublicConfig:
        """The ``config`` of a :class:`~millions_rules.GameState`, or the
        :class:`~millions_rules.PublicConfig` of a :class:`~millions_rules.PlayerView`."""
        if not isinstance(value, (GameState, PlayerView)):
            raise ConfigError(f"{type(value).__name__} is no state or view of Millions")
        return value.config

    def view(self, state: GameState, seat: int | None, *, since: int = 0) -> PlayerView:
        """:func:`~millions_rules.view`."""
        return view(state, seat, since=since)

    def view_version(self, seen: PlayerView) -> int:
        """:attr:`~millions_rules.PlayerView.version`."""
        return seen.version

    def view_events(self, seen: PlayerView) -> tuple[object, ...]:
        """The view's events."""
        return tuple(seen.events)

    def view_seat(self, seen: PlayerView) -> int | None:
        """:attr:`~millions_rules.PlayerView.seat`."""
        return seen.seat

    def sample_state(self, seen: PlayerView, seed: int) -> GameState:
        """:func:`~millions_rules.sample_state`."""
        return sample_state(seen, seed)

    def to_json(self, value: object) -> str:
        """:func:`~millions_rules.to_json`."""
        return to_json(value)

    def from_json(self, text: str | bytes, cls: type[T]) -> T:
        """:func:`~millions_rules.from_json`."""
        return from_json(text, cls)

    def save_game(self, state: GameState, *, tags: Mapping[str, str] | None = None) -> str:
        """:func:`~millions_rules.save_game`."""
        return save_game(state, tags=tags)

    def load_game(self, text: str | bytes) -> GameState:
        """:func:`~millions_rules.load_game`."""
        return load_game(text)

    def describe(
        self, item: object, names: Sequence[str] | None = None, *, locale: str = "en"
    ) -> str:
        """:func:`~millions_rules.describe`."""
        return describe(item, names, locale=locale)  # type: ignore[arg-type]

    def pacing(self, state: GameState) -> MillionsPacing:
        """A :class:`MillionsPacing` for a game at ``state``."""
        _require_state(state)
        return MillionsPacing(state)

    def chance(self, seed: int) -> MillionsChance:
        """A :class:`MillionsChance` for the runner's ``seed``."""
        return MillionsChance(seed)

    @property
    def companions(self) -> Companions:
        """Its :class:`~millions_rules.bots.RuleBot`, search model, statistics, schemas and demo."""
        return _COMPANIONS


def _bot_offered(state: GameState, seen: PlayerView, seat: int) -> tuple[Action, ...]:
    # A bot at a web table pays no bribe (R-NEG-3): it bargains with the offers it makes
    # itself (R-DEAL, its free actions), which the table checks as any action.
    return action_space(seen, payments=False)


#: *Millions of Dollars* as a :class:`~millions_rules.games.Game`.
GAME: Final = MillionsGame()

_COMPANIONS: Final = Companions(
    adapter=MillionsAdapter(GAME),
    rule_bot=RuleBot,
    search_model=MillionsSearch(),
    statistics=STATISTICS,
    schemas=write_schemas,
    demo=demo_story,
    demo_players=5,
    demo_seed=2016,
    page=attrs.evolve(PAGE, bot_offered=_bot_offered, bot=RuleBot),
    text=SEAT_WORDS,
)
