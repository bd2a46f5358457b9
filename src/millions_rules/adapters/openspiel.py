"""The library's games as OpenSpiel games (``millions-rules[openspiel]``).

>>> import pyspiel
>>> from millions_rules.adapters.openspiel import register
>>> register()
>>> game = pyspiel.load_game("python_millions_of_dollars", {"players": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the loot deal: 8 cards
(True, 8)
>>> torraku = pyspiel.load_game("python_currency_torraku", {"players": 2})
>>> len(torraku.new_initial_state().legal_actions())  # the opener's bets
62

:func:`register` registers ``python_millions_of_dollars`` (:class:`MillionsGame`) and
``python_currency_torraku`` (:class:`TorrakuGame`). Both are sequential games of
imperfect information with explicit chance, played through the same machinery:

**Turns.** Seats act in the game's turn structure: for Millions that of
:mod:`millions_rules.adapters` (planning clockwise from the leader, negotiation in laps of
turns with free moves, the lone Snitch's naming); Torraku is already played in turns.

**Chance.** The games use the library's external dealer
(:attr:`~millions_rules.Dealer.EXTERNAL`) and each of the dealer's moves is a chance
node with the engine's own probabilities. Millions: at the start of each round a chance
node deals the loot card (outcome ``i`` is :class:`~millions_rules.DealLoot` of card ``i``
of the loot deck, each card not yet dealt with the same probability), and when every
seat has chosen a chance node sets a role card aside face down (outcome ``r`` is
:class:`~millions_rules.SetAside` of the role with :attr:`~millions_rules.Role.order`
``r``, with probability the number of chosen characters of that role over the number of
chosen characters; R-COMP-4, R-PLAN-4). Torraku: each stacking attempt is a chance node
whose outcome ``i`` is the ``i``-th :class:`~millions_rules.torraku.Placement`, with the
probabilities of the dexterity model (R-TK-SIM-2); outcomes of probability 0 are left out.

**Actions** are the indices of the game's fixed catalogue. **Observations** come from
the seat's view and the public turn: the observation tensor is the game's observation
vector; for Millions the information state tensor adds, for every pair of seats, the
money paid and the threat cards used from one to the other over the game (Torraku hides
nothing: its information state tensor is the observation); the observation string is a
one-line summary of the view and the information state string is the view's JSON (its
whole visible log; not its version, a count of actions that a resampled world does not
keep) with the public turn.

**Returns** come at the end: with ``reward="win"`` (the default) +1 to each winner and -1
to the others; with ``reward="cash"`` Millions' final cash, with ``reward="score"``
minus each Torraku seat's pieces left.

**Serialisation.** OpenSpiel serialises a Python state by pickling its attributes. This
state has a single attribute, which pickles as one string: the library's JSON of the
game state (:func:`~millions_rules.to_json`) with the turn counters. Nothing else of the
state is pickled. :meth:`LibraryState.to_json` gives that document directly.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from typing import Any, ClassVar, Final, cast

import numpy as np
import pyspiel

from .._common.adapter import TensorLists, TensorMemo, has_part
from .._common.errors import ConfigError, DeserializationError
from .._common.json import parse_json
from ..games import GAMES
from ._core import (
    GameAdapter,
    Position,
    adapter_of,
    check_reward,
    configure,
    from_document,
    resample,
    returns,
    reward_range,
    same_game,
    spiel_name,
    variant,
)

MILLIONS: Final = adapter_of("millions")
TORRAKU: Final = adapter_of("torraku")

__all__ = [
    "GAME_NAME",
    "PARAMETERS",
    "TORRAKU_GAME_NAME",
    "TORRAKU_PARAMETERS",
    "LibraryGame",
    "LibraryObserver",
    "LibraryState",
    "MillionsGame",
    "MillionsObserver",
    "MillionsState",
    "TorrakuGame",
    "game_class",
    "register",
]

#: The name Millions of Dollars is registered under.
GAME_NAME: Final = spiel_name(MILLIONS)
#: The name Currency Torraku is registered under.
TORRAKU_GAME_NAME: Final = spiel_name(TORRAKU)

_FORMAT: Final = "millions-rules/openspiel-state/1"
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)

#: Millions' parameters and their defaults: ``players``, the turn structure's
#: ``free_moves`` and ``negotiation`` (deals and claims in the action space), ``reward`` (``"win"`` or ``"cash"``) and the
#: :class:`~millions_rules.GameConfig` options that fit in a number or a word.
PARAMETERS: Final[dict[str, Any]] = dict(MILLIONS.parameters)
#: Torraku's parameters and their defaults: ``players``, ``reward`` (``"win"`` or
#: ``"score"``), ``setup`` (``"standard"`` or ``"long"``), ``round_limit`` and
#: ``first_player``.
TORRAKU_PARAMETERS: Final[dict[str, Any]] = dict(TORRAKU.parameters)


def _game_type(adapter: GameAdapter[Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spiel_name(adapter),
        long_name=adapter.game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=adapter.game.player_counts[-1],
        min_num_players=adapter.game.player_counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(adapter.parameters),
    )


def register() -> None:
    """Register ``python_millions_of_dollars``, ``python_currency_torraku`` and a game for
    every other registered game with adapter parts (again is harmless).

    A game's OpenSpiel name is ``python_`` and its title in lower case, spaces made
    underscores (Goofspiel: ``python_goofspiel``); a game with neither its own adapter
    nor an action catalogue is left out.
    """
    classes: list[type[LibraryGame]] = [*_NAMED.values(), *_other_games()]
    for cls in classes:
        if spiel_name(cls.adapter) not in pyspiel.registered_names():
            pyspiel.register_game(cls.game_type, cls)


def game_class(name: str) -> type[LibraryGame]:
    """The OpenSpiel game class of the registered game called ``name`` (one per game).

    Raises:
        ConfigError: If no such game is registered, or it has no adapter parts.
    """
    named = _NAMED.get(name)
    if named is not None:
        return named
    adapter = adapter_of(name)
    found = _CLASSES.get(name)
    if found is None or found.adapter is not adapter:
        title = "".join(part.capitalize() for part in adapter.game.title.split())
        attributes = {
            "adapter": adapter,
            "game_type": _game_type(adapter),
            "__doc__": f"*{adapter.game.title}* for OpenSpiel: "
            f'``pyspiel.load_game("{spiel_name(adapter)}", params)``.',
            "__module__": __name__,
        }
        found = _CLASSES[name] = type(f"{title}Game", (LibraryGame,), attributes)
    return found


def _other_games() -> list[type[LibraryGame]]:
    """The game classes of the registered games other than the library's two."""
    classes = []
    for name in sorted(GAMES):
        if name in _NAMED:
            continue
        try:
            classes.append(game_class(name))
        except ConfigError:  # no adapter parts: no OpenSpiel game
            continue
    return classes


_CLASSES: dict[str, type[LibraryGame]] = {}
#: The game classes this module names (:class:`MillionsGame`, :class:`TorrakuGame`), by the
#: name of their game.
_NAMED: dict[str, type[LibraryGame]] = {}


class LibraryGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One of the library's games for OpenSpiel; load it with ``pyspiel.load_game(name, params)``.

    Raises:
        ConfigError: If a parameter makes no sense.
    """

    adapter: ClassVar[GameAdapter[Any]]
    game_type: ClassVar[pyspiel.GameType]
    table_adapter: GameAdapter[Any]
    """The adapter parts for this game's parameters, which are the class's ``adapter`` or
    its variant for the turn options (Millions' ``negotiation``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        adapter = self.adapter
        given = dict(params or {})
        unknown = sorted(set(given) - set(adapter.parameters))
        if unknown:
            raise ConfigError(f"unknown parameter(s): {', '.join(unknown)}")
        values = {**adapter.parameters, **given}
        players = values.pop("players")
        self.reward = check_reward(adapter, values.pop("reward"))
        self.options = {name: values.pop(name) for name in adapter.turn_options}
        adapter = self.table_adapter = variant(adapter, self.options)
        self.config = configure(adapter, players, values, external=True)
        self._start = adapter.start(self.config, self.options)  # checks the options
        self._first: _Saved | None = None  # the first position, made once (immutable)
        self.catalogue_names = adapter.catalogue_names(self.config)
        low, high = reward_range(adapter, self.config, self.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalogue_names),
            max_chance_outcomes=adapter.max_chance_outcomes(self.config),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=adapter.max_moves(self.config, self.options),
        )
        super().__init__(self.game_type, info, {**adapter.parameters, **given})

    @property
    def free_moves(self) -> int | None:
        """Millions' free moves per seat and round (``None`` for a game without)."""
        value = self.options.get("free_moves")
        return None if value is None else int(value)

    def new_initial_state(self) -> LibraryState:
        """A new game, at its first chance node or its first seat's turn."""
        return LibraryState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LibraryObserver:
        """An observer: the information state when ``iig_obs_type`` asks for perfect recall."""
        if params:
            raise ConfigError(f"observer parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ConfigError("only the seat's own observation and information state exist")
        return LibraryObserver(self.table_adapter, self.config, recall)

    def state_from_json(self, text: str) -> LibraryState:
        """A state of this game from :meth:`LibraryState.to_json`.

        Raises:
            DeserializationError: If the text is no such document, or a state of a game
                with other parameters.
        """
        adapter, table = _table_from_json(text)
        if adapter.game is not self.adapter.game:
            raise DeserializationError(
                f"expected a state of {self.adapter.game.title}", "bad_value", "$.game"
            )
        wrong = same_game(adapter, table, self.config, self.options)
        if wrong is not None:
            raise DeserializationError(
                "the state is of a game with other parameters", "bad_value", wrong
            )
        state = LibraryState(self)
        state._saved = _Saved(adapter, table)
        return state


class MillionsGame(LibraryGame):
    """*Millions of Dollars*: ``pyspiel.load_game("python_millions_of_dollars", params)``."""

    adapter = MILLIONS
    game_type = _game_type(MILLIONS)


class TorrakuGame(LibraryGame):
    """*Currency Torraku*: ``pyspiel.load_game("python_currency_torraku", params)``."""

    adapter = TORRAKU
    game_type = _game_type(TORRAKU)


_NAMED.update({cls.adapter.game.name: cls for cls in (MillionsGame, TorrakuGame)})


class _Saved(Position[Any]):
    """The state's one attribute: pickles (and so serialises) as the library's JSON.

    It is the :class:`~._core.Position`, which remembers the legal actions (search asks
    for them often), with OpenSpiel's current player, which OpenSpiel asks for several
    times a step.
    """

    __slots__ = ("memo", "player")

    def __init__(self, adapter: GameAdapter[Any], table: Any) -> None:
        # Position.__init__, inlined: a position is made at every step.
        self.adapter = adapter
        self.table = table
        self._seat = seat = adapter.seat(table)
        self._over = None
        self._legal = None
        self._kept = None
        self.player = seat if seat is not None else _TERMINAL if self.over else _CHANCE
        self.memo: TensorMemo | None = None
        """The trajectory's tensor lists, which the adapter updates block by block
        (its :class:`~millions_rules.adapters.TensorLists` part, which Millions' adapter has):
        handed on from position to position along a trajectory, forked by a clone, and
        never pickled. Each call checks every block against the table, so a stale or
        shared memo only costs time."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_restore, (_table_to_json(self.adapter, self.table),))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Saved:
        return self.fork()  # the table is immutable: only the tensor lists are forked

    def fork(self) -> _Saved:
        """This position for another trajectory: what it worked out shared (it depends on
        the table only), the tensor lists forked (each copied when first written)."""
        made = _Saved.__new__(_Saved)
        made.adapter = self.adapter
        made.table = self.table
        made._seat = self._seat
        made._over = self._over
        made._legal = self._legal
        if self._kept is None:
            self._kept = {}
        made._kept = self._kept  # shared: each entry is a function of the table
        made.player = self.player
        made.memo = None if self.memo is None else self.memo.fork()
        return made


def _restore(text: str) -> _Saved:
    return _Saved(*_table_from_json(text))


def _table_to_json(adapter: GameAdapter[Any], table: Any) -> str:
    head: dict[str, Any] = {"format": _FORMAT}
    if adapter.game.name != "millions":  # the first version wrote Millions only, without "game"
        head["game"] = adapter.game.name
    # The state's JSON is the library's compact text: joined as it is, not parsed and
    # written again (the same document as json.dumps of to_document would give).
    head.update(adapter.counters(table))
    text = json.dumps(head, separators=(",", ":"))
    return f'{text[:-1]},"state":{adapter.game.to_json(adapter.state_of(table))}}}'


def _table_from_json(text: str) -> tuple[GameAdapter[Any], Any]:
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise DeserializationError("expected an object", "wrong_type")
    if "format" not in doc:
        raise DeserializationError("missing field 'format'", "missing_field")
    if doc["format"] != _FORMAT:
        raise DeserializationError(f"expected {_FORMAT!r}", "bad_value", "$.format")
    try:
        adapter = adapter_of(doc.get("game", "millions"))
    except ConfigError:
        raise DeserializationError("no such game", "bad_value", "$.game") from None
    try:
        adapter = variant(adapter, doc)  # the turn options a table's counters name
    except ConfigError as error:
        raise DeserializationError(str(error), "bad_value", "$.negotiation") from None
    return adapter, from_document(adapter, doc)


class LibraryState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A state of one of the library's OpenSpiel games: the game at its table inside."""

    def __init__(self, game: LibraryGame) -> None:
        super().__init__(game)
        # One first position per game, shared: what it works out (the observations that
        # OpenSpiel asks of a new state at every tensor call) is worked out once.
        first = game._first
        if first is None:
            first = game._first = _Saved(game.table_adapter, game._start)
        self._saved = first.fork()  # its own tensor lists

    @property
    def table(self) -> Any:
        """The game at its table.

        For Millions a :class:`~millions_rules.adapters.Table` (the library's game state
        with the turn counters), for Torraku the
        :class:`~millions_rules.torraku.TorrakuState` itself.
        """
        return self._saved.table

    def _game(self) -> LibraryGame:
        game: LibraryGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal id."""
        return self._saved.player

    def _legal_actions(self, player: int) -> Sequence[int]:
        """The catalogue indices the seat may play (sorted)."""
        return self._saved.legal  # pybind11 copies it into OpenSpiel's own list

    def is_simultaneous_node(self) -> bool:
        """Never: the library's games are played in turns (read here, without a round trip
        through OpenSpiel)."""
        return False

    def is_chance_node(self) -> bool:
        """Whether the dealer acts (read here, without a round trip through OpenSpiel)."""
        return self._saved.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the player to act if left out), as OpenSpiel's
        own ``legal_actions`` gives them: the catalogue indices of the seat to act, the
        dealer's outcomes at a chance node (for any player asked), and none for another
        seat or at the end.

        Answered here from the position, which lists them once: OpenSpiel's own method
        goes through C++ and back for the same list (the tests check both agree).
        """
        saved = self._saved
        current = saved.player
        if current == _CHANCE:  # OpenSpiel gives the outcomes whoever asks
            return [outcome for outcome, _ in saved.chances]
        if player is None or player == current:
            if current < 0:
                return []
            legal = saved._legal  # listed once per position
            return list(saved.legal if legal is None else legal)
        if type(player) is int and player >= 0:
            return []  # another seat has none in a game played in turns
        return list(pyspiel.State.legal_actions(self, player))  # OpenSpiel's own answer or error

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state tensor (the player to act if left out), as
        OpenSpiel's own method gives it, from the position's float32 tensor made once
        (the tests check both agree)."""
        saved = self._saved
        memo = saved.memo
        if memo is not None:  # the adapter's lists, updated block by block (see _tensor)
            listed: list[float] | None = memo.into(
                saved.table, saved.player if player is None else player, True, memo
            )
            if listed is not None:
                return listed
        return self._tensor(player, True)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (the player to act if left out), as OpenSpiel's
        own method gives it (see :meth:`information_state_tensor`)."""
        return self._tensor(player, False)

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s information state string (the player to act if left out), as
        OpenSpiel's own method gives it, made once per position (the tests check both
        agree)."""
        saved = self._saved
        seat = saved.player if player is None else player
        if _is_seat(saved, seat):
            return saved.information(seat)
        if player is None:
            return str(pyspiel.State.information_state_string(self))  # OpenSpiel's error
        return str(pyspiel.State.information_state_string(self, player))

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s observation string (the player to act if left out), as OpenSpiel's
        own method gives it, made once per position."""
        saved = self._saved
        seat = saved.player if player is None else player
        if _is_seat(saved, seat):
            return _summary(saved, seat)
        if player is None:
            return str(pyspiel.State.observation_string(self))  # OpenSpiel's error
        return str(pyspiel.State.observation_string(self, player))

    def _tensor(self, player: int | None, recall: bool) -> list[float]:
        saved = self._saved
        seat = saved.player if player is None else player
        if type(seat) is int and seat >= 0:
            adapter = saved.adapter
            if has_part(adapter, TensorLists):  # the adapter's lists, updated block by block
                into = cast(TensorLists, adapter).tensor_into
                memo = saved.memo
                if memo is None:
                    memo = saved.memo = TensorMemo(into)
                listed: list[float] | None = into(saved.table, seat, recall, memo)
                if listed is not None:
                    return listed  # a new list: the caller's own
            made = saved.tensor_bytes(seat, recall)  # made once per position
            if made is not None:
                return array("f", made).tolist()  # the caller's own list
        method = (
            pyspiel.State.information_state_tensor if recall else pyspiel.State.observation_tensor
        )
        if player is None:
            return list(method(self))  # OpenSpiel's answer (or its error) for a non-seat
        return list(method(self, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer's outcomes with their exact probabilities (empty unless it deals)."""
        return list(self._saved.chances)  # the caller's own list: the position keeps its own

    def _apply_action(self, action: int) -> None:
        saved = self._saved
        # chance when the player is negative (a terminal state is refused by OpenSpiel)
        made = saved.after_chance(int(action)) if saved.player < 0 else saved.after(int(action))
        made.memo = saved.memo  # the trajectory's tensor lists go on with it
        self._saved = made

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            position = self._saved
            return position.adapter.chance_name(position.table, action)
        return f"{player}: {self._game().catalogue_names[action]}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._saved.player == _TERMINAL

    def returns(self) -> list[float]:
        """Zeros until the end; then +1/-1 by win (``reward="win"``) or the game's score."""
        position = self._saved
        game = self._game()
        if not self.is_terminal():
            return [0.0] * game.num_players()
        return returns(position.adapter, position.table, game.reward)

    def resample_from_infostate(self, player: int, sampler: Any) -> LibraryState:
        """A state the seat cannot tell from this one, its secrets drawn at random.

        Millions uses :func:`~millions_rules.sample_state` (the uniform distribution over
        the worlds the rules allow); Torraku hides nothing. ``sampler()`` gives the
        randomness.
        """
        seed = int(sampler() * (1 << 53)) % (1 << 64)
        position = self._saved
        clone = LibraryState(self._game())
        table = resample(position.adapter, position.table, player, seed)
        clone._saved = _Saved(position.adapter, table)
        return clone

    def to_json(self) -> str:
        """The state as JSON: the library's game state and the turn counters."""
        position = self._saved
        return _table_to_json(position.adapter, position.table)

    def __str__(self) -> str:
        position = self._saved
        return position.adapter.headline(position.table)


class LibraryObserver:
    """Observation or information state of one seat (OpenSpiel's Python observer interface)."""

    def __init__(self, adapter: GameAdapter[Any], config: Any, perfect_recall: bool) -> None:
        self.adapter = adapter
        self.players = adapter.game.players_of(config)
        self.perfect_recall = perfect_recall
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("observation", (adapter.observation_size(config),))
        ]
        if perfect_recall:
            pieces += list(adapter.recall_fields(config))
        sizes = [int(np.prod(shape)) for _, shape in pieces]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for (name, shape), length in zip(pieces, sizes, strict=True):
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            start += length

    def set_from(self, state: LibraryState, player: int) -> None:
        """Write ``player``'s tensor for ``state``."""
        position = state._saved
        made = position.tensor_bytes(player, self.perfect_recall)
        if made is not None:  # the adapter's fast path: float32 bytes, made once per position
            self.tensor[:] = np.frombuffer(made, np.float32)
            return
        key = ("tensor", self.perfect_recall, player)
        self.tensor[:] = position.remember(key, lambda: self._made(position, player))

    def _made(self, position: _Saved, player: int) -> np.ndarray[Any, Any]:
        """``player``'s tensor at ``position``, made once per position (do not change it)."""
        self.tensor.fill(0.0)
        self.dict["observation"][:] = position.observation(player)
        if self.perfect_recall:
            self.adapter.recall(position.table, player, self.dict)
        made: np.ndarray[Any, Any] = self.tensor.copy()
        return made

    def string_from(self, state: LibraryState, player: int) -> str:
        """``player``'s observation string, or the information state string."""
        position = state._saved
        if self.perfect_recall:
            return position.information(player)
        return _summary(position, player)


def _is_seat(position: _Saved, seat: object) -> bool:
    """Whether ``seat`` is a seat of the game at ``position``."""
    if type(seat) is not int or seat < 0:
        return False
    adapter = position.adapter
    game = adapter.game
    players: int = game.players_of(game.config_of(adapter.state_of(position.table)))
    return seat < players


def _summary(position: Position[Any], seat: int) -> str:
    """``seat``'s observation string at ``position``, made once per position."""
    summary: str = position.remember(
        ("summary", seat), lambda: position.adapter.summary(position.table, seat)
    )
    return summary


#: Millions' state (every game's state is a :class:`LibraryState`).
MillionsState = LibraryState
#: Millions' observer (every game's observer is a :class:`LibraryObserver`).
MillionsObserver = LibraryObserver
