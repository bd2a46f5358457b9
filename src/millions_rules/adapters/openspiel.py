"""*Millions of Dollars* as an OpenSpiel game (``millions-rules[openspiel]``).

>>> import pyspiel
>>> from millions_rules.adapters.openspiel import register
>>> register()
>>> game = pyspiel.load_game("python_millions_of_dollars", {"players": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the loot deal: 8 cards
(True, 8)

**Turns.** The game is sequential with imperfect information; seats act in the turn
structure of :mod:`millions_rules.adapters` (planning clockwise from the leader,
negotiation in laps of turns with free moves, the lone Snitch's naming).

**Chance.** The game uses the library's external dealer
(:attr:`~millions_rules.Dealer.EXTERNAL`): at the start of each round a chance node deals
the loot card (outcome ``i`` is :class:`~millions_rules.DealLoot` of card ``i`` of the
loot deck, each card not yet dealt with the same probability), and when every seat has
chosen a chance node sets a role card aside face down (outcome ``r`` is
:class:`~millions_rules.SetAside` of the role with :attr:`~millions_rules.Role.order`
``r``, with probability the number of chosen characters of that role over the number of
chosen characters). These are exactly the engine's own draws (R-COMP-4, R-PLAN-4).

**Actions** are the indices of the :class:`~millions_rules.adapters.Catalogue`.
**Observations** come from the seat's :class:`~millions_rules.PlayerView` and the public
:class:`~millions_rules.adapters.Turn`: the observation tensor is
:func:`~millions_rules.adapters.observe`; the information state tensor adds, for every
pair of seats, the money paid and the threat cards used from one to the other over the
game; the observation string is a one-line summary of the view and the information state
string is the view's JSON (its whole visible log; not its version, a count of actions
that a resampled world does not keep) with the public turn.

**Returns** come at the end: with ``reward="win"`` (the default) +1 to each winner and -1
to the others; with ``reward="cash"`` the final cash.

**Serialisation.** OpenSpiel serialises a Python state by pickling its attributes. This
state has a single attribute, which pickles as one string: the library's JSON of the
game state (:func:`~millions_rules.to_json`) with the turn counters. Nothing else of the
state is pickled. :meth:`MillionsState.to_json` gives that document directly.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache, cached_property
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from ..millions._config import GameConfig
from ..millions._errors import ConfigError, DeserializationError
from ..millions._events import Paid, ThreatUsed
from ..millions._roles import Dealer, RepeatRole, Role
from ..millions._sampling import sample_state
from ..millions._serialization import parse_json, structure, to_json
from ..millions._state import GameState, Phase
from ..millions._views import PlayerView, view
from ._encoding import PAY_AMOUNTS, Catalogue, observation_size, observe
from ._turns import FREE_MOVES, Table, Turn, max_moves

__all__ = [
    "GAME_NAME",
    "PARAMETERS",
    "MillionsGame",
    "MillionsObserver",
    "MillionsState",
    "register",
]

#: The name the game is registered under.
GAME_NAME: Final = "python_millions_of_dollars"

_ROLES: Final = tuple(Role)
_catalogue: Final = cache(Catalogue)
_FORMAT: Final = "millions-rules/openspiel-state/1"

#: The game's parameters and their defaults: ``players``, the turn structure's
#: ``free_moves``, ``reward`` (``"win"`` or ``"cash"``) and the
#: :class:`~millions_rules.GameConfig` options that fit in a number or a word.
PARAMETERS: Final[dict[str, Any]] = {
    "players": 5,
    "free_moves": FREE_MOVES,
    "reward": "win",
    "rounds": 8,
    "target": 20,
    "starting_cash": 5,
    "total_money": 175,
    "repeat_role": RepeatRole.NO_SHARE.value,
    "first_leader": 0,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Millions of Dollars",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def register() -> None:
    """Register ``python_millions_of_dollars`` with OpenSpiel (again is harmless)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, MillionsGame)


def _config(params: dict[str, Any]) -> tuple[GameConfig, int, str]:
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ConfigError(f"unknown parameter(s): {', '.join(unknown)}")
    values = {**PARAMETERS, **params}
    reward = values.pop("reward")
    if reward not in ("win", "cash"):
        raise ConfigError(f"reward must be 'win' or 'cash', not {reward!r}")
    free_moves = values.pop("free_moves")
    try:
        values["repeat_role"] = RepeatRole(values["repeat_role"])
    except ValueError:
        raise ConfigError("repeat_role must be one of no_share, forbidden, allowed") from None
    config = GameConfig(seed=0, dealer=Dealer.EXTERNAL, **values)
    return config, free_moves, reward


class MillionsGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The OpenSpiel game; load it with ``pyspiel.load_game(GAME_NAME, params)``.

    Raises:
        ConfigError: If a parameter makes no sense.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config, free_moves, reward = _config(dict(params or {}))
        self.config = config
        self.free_moves = free_moves
        self.reward = reward
        self.catalogue = _catalogue(config.players)
        low, high = (-1.0, 1.0) if reward == "win" else (0.0, float(config.total_money))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalogue),
            max_chance_outcomes=max(len(config.loot_deck), len(_ROLES)),
            num_players=config.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max_moves(config, free_moves),
        )
        super().__init__(_GAME_TYPE, info, {**PARAMETERS, **(params or {})})

    def new_initial_state(self) -> MillionsState:
        """A new game, waiting for the loot deal."""
        return MillionsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MillionsObserver:
        """An observer: the information state when ``iig_obs_type`` asks for perfect recall."""
        if params:
            raise ConfigError(f"observer parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ConfigError("only the seat's own observation and information state exist")
        return MillionsObserver(self.config.players, recall)

    def state_from_json(self, text: str) -> MillionsState:
        """A state of this game from :meth:`MillionsState.to_json`.

        Raises:
            DeserializationError: If the text is no such document, or a state of a game
                with other parameters.
        """
        table = _table_from_json(text)
        if attrs.evolve(table.state.config, seed=0) != self.config:
            raise DeserializationError(
                "the state is of a game with other parameters", "bad_value", "$.state.config"
            )
        if table.free_moves_per_round != self.free_moves:
            raise DeserializationError(
                f"expected {self.free_moves}", "bad_value", "$.free_moves_per_round"
            )
        state = MillionsState(self)
        state._saved = _Saved(table)
        return state


@attrs.frozen(slots=False)
class _Saved:
    """The state's one attribute: pickles (and so serialises) as the library's JSON.

    It also remembers who acts and the legal actions (search asks for them often).
    """

    table: Table

    @cached_property
    def seat(self) -> int | None:
        return self.table.turn.seat

    @cached_property
    def legal(self) -> list[int]:
        # Table.moves reads the same facts as the seat's view (view.legal_actions,
        # view.payees, cash, decided), so this equals Catalogue.mask of the view; the
        # tests check it at every step of random games.
        catalogue = _catalogue(self.table.state.config.players)
        found = {catalogue.index(move) for move in self.table.moves(PAY_AMOUNTS)}
        return sorted(index for index in found if index is not None)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_restore, (_table_to_json(self.table),))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Saved:
        return self  # immutable


def _restore(text: str) -> _Saved:
    return _Saved(_table_from_json(text))


def _table_to_json(table: Table) -> str:
    return json.dumps(
        {
            "format": _FORMAT,
            "free_moves_per_round": table.free_moves_per_round,
            "free_moves": list(table.free_moves),
            "done": list(table.done),
            "cursor": table.cursor,
            "state": json.loads(to_json(table.state)),
        },
        separators=(",", ":"),
    )


def _table_from_json(text: str) -> Table:
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise DeserializationError("expected an object", "wrong_type")
    for name in ("format", "free_moves_per_round", "free_moves", "done", "cursor", "state"):
        if name not in doc:
            raise DeserializationError(f"missing field {name!r}", "missing_field")
    if doc["format"] != _FORMAT:
        raise DeserializationError(f"expected {_FORMAT!r}", "bad_value", "$.format")
    state: GameState = structure(doc["state"], GameState)
    n = state.config.players
    per_round = _whole(doc["free_moves_per_round"], "$.free_moves_per_round", 100)
    free = _list(doc["free_moves"], "$.free_moves", n)
    done = [d for d in _list(doc["done"], "$.done", n) if type(d) is bool]
    if len(done) != n:
        raise DeserializationError("expected booleans", "wrong_type", "$.done")
    return Table(
        state,
        per_round,
        tuple(_whole(f, "$.free_moves", per_round) for f in free),
        tuple(done),
        _whole(doc["cursor"], "$.cursor", n - 1),
    )


def _whole(value: object, path: str, most: int) -> int:
    if type(value) is not int:
        raise DeserializationError("expected an integer", "wrong_type", path)
    if not 0 <= value <= most:
        raise DeserializationError(f"expected 0 to {most}, got {value}", "bad_value", path)
    return value


def _list(value: object, path: str, length: int) -> list[object]:
    if not isinstance(value, list):
        raise DeserializationError("expected an array", "wrong_type", path)
    if len(value) != length:
        raise DeserializationError(f"expected {length} items", "bad_value", path)
    return value


class MillionsState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A state of the OpenSpiel game: a :class:`~millions_rules.adapters.Table` inside."""

    def __init__(self, game: MillionsGame) -> None:
        super().__init__(game)
        self._saved = _Saved(Table.start(game.config, game.free_moves))

    @property
    def table(self) -> Table:
        """The table (the library's game state with the turn counters)."""
        return self._saved.table

    def _game(self) -> MillionsGame:
        game: MillionsGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal id."""
        saved = self._saved
        if saved.table.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = saved.seat
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """The catalogue indices the seat may play (sorted)."""
        return list(self._saved.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The loot deal or the face-down role card, with exact probabilities."""
        state = self.table.state
        if state.phase is Phase.DEALING:
            share = 1.0 / len(state.deck)
            return [(index, share) for index in sorted(state.deck)]
        cards = Counter(c.role for c in state.characters)
        total = sum(cards.values())
        return [(role.order, cards[role] / total) for role in sorted(cards)]

    def _apply_action(self, action: int) -> None:
        from ..millions._actions import DealLoot, SetAside

        table = self.table
        if table.state.phase is Phase.DEALING:
            move: Any = DealLoot(int(action))
        elif table.state.phase is Phase.SETTING_ASIDE:
            move = SetAside(_ROLES[int(action)])
        else:
            seat = table.turn.seat
            assert seat is not None
            move = self._game().catalogue.move(int(action), seat)
        self._saved = _Saved(table.play(move))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if 0 <= action < len(_ROLES) and self.table.state.phase is Phase.SETTING_ASIDE:
                return f"set aside {_ROLES[action].value}"
            card = self._game().config.loot_deck[action]
            bonus = f", {card.bonus_role.value}" if card.bonus_role else ""
            return f"deal loot card {action} ({card.total}M/{card.deposit}M{bonus})"
        return f"{player}: {self._game().catalogue.names[action]}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.table.state.is_over

    def returns(self) -> list[float]:
        """Zeros until the end; then +1/-1 by win (``reward="win"``) or the final cash."""
        state = self.table.state
        n = state.config.players
        if not state.is_over:
            return [0.0] * n
        if self._game().reward == "cash":
            return [float(cash) for cash in state.cash]
        return [1.0 if seat in state.winners else -1.0 for seat in range(n)]

    def resample_from_infostate(self, player: int, sampler: Any) -> MillionsState:
        """A state the seat cannot tell from this one, its secrets drawn at random.

        Uses :func:`~millions_rules.sample_state` (the uniform distribution over the worlds
        the rules allow); ``sampler()`` gives the randomness.
        """
        seed = int(sampler() * (1 << 53)) % (1 << 64)
        table = self.table
        sampled = sample_state(view(table.state, player), seed)
        clone = MillionsState(self._game())
        clone._saved = _Saved(attrs.evolve(table, state=sampled))
        return clone

    def to_json(self) -> str:
        """The state as JSON: the library's game state and the turn counters."""
        return _table_to_json(self.table)

    def __str__(self) -> str:
        state = self.table.state
        mine = " ".join(f"{c.player}:{c.role.value}:{c.status.value}" for c in state.characters)
        return (
            f"round {state.round} {state.phase.value} cash {list(state.cash)} "
            f"turn {self.table.turn.seat} characters [{mine}]"
        )


class MillionsObserver:
    """Observation or information state of one seat (OpenSpiel's Python observer interface)."""

    def __init__(self, players: int, perfect_recall: bool) -> None:
        self.players = players
        self.perfect_recall = perfect_recall
        size = observation_size(players)
        pieces = [("observation", size)]
        if perfect_recall:
            pieces += [("paid", players * players), ("threatened", players * players)]
        self.tensor = np.zeros(sum(s for _, s in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, length in pieces:
            part = self.tensor[start : start + length]
            self.dict[name] = part if name == "observation" else part.reshape(players, players)
            start += length

    def set_from(self, state: MillionsState, player: int) -> None:
        """Write ``player``'s tensor for ``state``."""
        seen = view(state.table.state, player)
        self.tensor.fill(0.0)
        self.dict["observation"][:] = observe(seen, state.table.turn)
        if self.perfect_recall:
            for event in seen.events:
                if isinstance(event, Paid):
                    self.dict["paid"][event.player, event.to] += event.amount
                elif isinstance(event, ThreatUsed):
                    self.dict["threatened"][event.player, event.target] += 1

    def string_from(self, state: MillionsState, player: int) -> str:
        """``player``'s observation string, or the information state string."""
        seen = view(state.table.state, player)
        turn = state.table.turn
        if self.perfect_recall:
            document = json.loads(to_json(seen))
            # The version counts every action applied since the start; a resampled world
            # has no history, so it would tell worlds apart that the seat cannot.
            del document["version"]
            return json.dumps(
                {"view": document, "turn": json.loads(to_json_turn(turn))},
                separators=(",", ":"),
            )
        return _summary(seen, turn)


def to_json_turn(turn: Turn) -> str:
    """The public turn as JSON."""
    return json.dumps(
        {"seat": turn.seat, "free_moves": list(turn.free_moves), "done": list(turn.done)},
        separators=(",", ":"),
    )


def _summary(seen: PlayerView, turn: Turn) -> str:
    loot = seen.loot
    shown = "-" if loot is None else f"{loot.total}M/{loot.deposit}M"
    mine = ",".join(
        f"{c.player}.{c.position}={c.role.value if c.role else '?'}/{c.status.value}"
        for c in seen.characters
    )
    return (
        f"seat {seen.seat} round {seen.round} {seen.phase.value} loot {shown} "
        f"cash {list(seen.cash)} threats {list(seen.threats)} leader {seen.leader} "
        f"characters [{mine}] face_up [{','.join(r.value for r in seen.face_up)}] "
        f"decided {[int(d) for d in seen.decided]} turn {turn.seat} "
        f"free {list(turn.free_moves)} winners {sorted(seen.winners)}"
    )
