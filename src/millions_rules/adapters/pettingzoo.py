"""A PettingZoo AEC environment for the library's games (``millions-rules[pettingzoo]``).

>>> from millions_rules.adapters.pettingzoo import env
>>> game = env(players=5)
>>> game.reset(seed=7)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> int(observation["action_mask"].sum())  # player 0 may choose one of four roles
4
>>> torraku = env(game="torraku", players=2)
>>> torraku.reset(seed=7)
>>> observation, *_ = torraku.last()
>>> int(observation["action_mask"].sum())  # the opener's 62 bets
62

``game`` is ``"millions"`` (the default) or ``"torraku"``. Agents are ``player_0`` to
``player_{n-1}`` (the seats). Turns follow the game's turn structure (for Millions
:class:`~millions_rules.adapters.Table`); actions are indices of the game's fixed
catalogue; the observation is a dict with ``"observation"`` (the game's observation
vector, float32) and ``"action_mask"`` (int8, all zeros when it is not the agent's turn).
The observation vector is computed when first read, from the agent's view: an agent
that reads only the mask does not pay for it. Rewards are given when the game ends:
with ``reward="win"`` (the default) +1 to each winner and -1 to every other seat; with
``reward="cash"`` (Millions) each seat's final cash in millions, with ``reward="score"``
(Torraku) minus the pieces each seat has left. A masked action raises
:class:`~millions_rules.IllegalActionError` and changes nothing. The engine is the
dealer (:attr:`~millions_rules.Dealer.ENGINE`), drawing from the seed given to
:meth:`raw_env.reset`: Millions' loot cards and face-down card, Torraku's stacking
outcomes from its dexterity model (R-TK-SIM).

There is no ``parallel_env``: Millions' negotiation is a sequence of turns in which each
move may answer the one before (a payment, a threat, a decision), and Torraku's players
bet and stack in turn, so neither is a game where every agent acts once per cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any, ClassVar, cast

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from .._common.adapter import ByteObservations, has_part
from .._common.errors import ConfigError
from ._core import (
    GameAdapter,
    GameSeeds,
    Position,
    adapter_of,
    check_reward,
    configure,
    env_name,
    render,
    returns,
    variant,
)

__all__ = ["CheckedEnv", "Observation", "env", "raw_env"]

_PENDING: Any = object()
_get = dict.__getitem__
_set = dict.__setitem__


class Observation(dict[str, Any]):
    """An agent's observation: a dict whose ``"observation"`` vector is made when first read.

    It reads as the dict ``{"observation": ..., "action_mask": ...}`` in every way
    (indexing, ``get``, iteration, ``items``, ``values``, copying, pickling, comparing).
    """

    __slots__ = ("_make",)

    def __init__(self, mask: np.ndarray[Any, Any], make: Callable[[], Any]) -> None:
        _set(self, "observation", _PENDING)  # as dict(observation=..., action_mask=...)
        _set(self, "action_mask", mask)
        self._make = make

    def _made(self) -> None:
        if dict.__getitem__(self, "observation") is _PENDING:
            dict.__setitem__(self, "observation", self._make())

    def __getitem__(self, key: str) -> Any:
        value = _get(self, key)
        if value is _PENDING:  # only the observation is ever pending
            value = self._make()
            _set(self, key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        if not dict.__contains__(self, key):
            return default
        return self[key]

    def __iter__(self) -> Iterator[str]:
        # Defining it makes dict(), {**...} and update() read through __getitem__.
        return dict.__iter__(self)

    def items(self) -> Any:
        """The items, the observation made."""
        self._made()
        return dict.items(self)

    def values(self) -> Any:
        """The values, the observation made."""
        self._made()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        """A plain dict of the items."""
        return dict(self.items())

    def __eq__(self, other: object) -> bool:
        self._made()
        return dict.__eq__(self, other)

    __hash__ = None  # as dict's

    def __repr__(self) -> str:
        self._made()
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's own name; it ships no types
    """The AEC environment without PettingZoo's checking wrappers (see :func:`env`).

    Args:
        players: The number of players (Millions: 3 to 8, 5 if left out; Torraku: 1 to 6,
            4 if left out).
        game: ``"millions"`` or ``"torraku"``.
        reward: ``"win"`` (+1 to winners, -1 to the others), or the game's score:
            ``"cash"`` (Millions' final cash) or ``"score"`` (Torraku: minus the pieces left).
        free_moves: Millions only: payments and waits per seat per round (the turn
            structure; 2 if left out).
        negotiation: Millions only: ``True`` puts deals and role claims in the action
            space and the open offers and claims heard in the observation (see the AI
            page of the docs); off by default.
        render_mode: ``None``, ``"ansi"`` (render returns text) or ``"human"`` (prints it).
        **config_options: Any other field of the game's config but ``seed`` (pass it to
            :meth:`reset`) and ``dealer`` (the engine deals).

    Raises:
        ConfigError: If an option makes no sense.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "millions_of_dollars_v0",
    }

    def __init__(
        self,
        players: int | None = None,
        *,
        game: str = "millions",
        reward: str = "win",
        free_moves: int | None = None,
        negotiation: bool = False,
        render_mode: str | None = None,
        **config_options: Any,
    ) -> None:
        super().__init__()
        adapter = adapter_of(game)
        setattr(self, "metadata", {**self.metadata, "name": env_name(adapter)})  # noqa: B010
        self._reward = check_reward(adapter, reward)
        if render_mode not in (None, "ansi", "human", "rgb_array"):
            raise ConfigError(
                f"render_mode must be None, 'ansi', 'human' or 'rgb_array', not {render_mode!r}"
            )
        turn_options: dict[str, Any] = {}
        if free_moves is not None:
            if "free_moves" not in adapter.turn_options:
                raise ConfigError(f"{adapter.game.title} has no free moves")
            turn_options["free_moves"] = free_moves
        if negotiation is not False:
            if "negotiation" not in adapter.turn_options:
                raise ConfigError(f"{adapter.game.title} has no negotiation option")
            turn_options["negotiation"] = negotiation
            adapter = variant(adapter, turn_options)
        players = adapter.default_players if players is None else players
        self._adapter: GameAdapter[Any] = adapter
        self._config = configure(adapter, players, config_options, external=False)
        self._turn_options = turn_options
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self._size = adapter.observation_size(self._config)
        self._recall = tuple(
            (name, shape, int(np.prod(shape)))
            for name, shape in adapter.recall_fields(self._config)
        )
        size = self._size + sum(length for _, _, length in self._recall)
        # The adapter's float32 fast path, when the observation vector is the whole of what
        # an agent reads (no recall fields): called directly, nothing kept per position.
        self._observe_bytes: Callable[[Any, int], bytes] | None = (
            cast(ByteObservations, adapter).observe_bytes
            if not self._recall and has_part(adapter, ByteObservations)
            else None
        )
        self._actions = len(adapter.catalogue_names(self._config))
        high = self._high = adapter.observation_high(self._config)
        self._width = size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self._actions)
        # PettingZoo's dicts of every agent's spaces (the same for all), and the space of
        # state(): every seat's observation vector, seat 0 first.
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self.state_space = spaces.Box(0.0, high, (players * size,), np.float32)
        self._seeds = GameSeeds()
        # The masks of long listings the adapter shares (tuples, kept alive here so their
        # ids are not reused meanwhile), as bytes.
        self._masks: dict[int, tuple[Sequence[int], bytes]] = {}
        self._position: Position[Any] = Position(adapter, adapter.start(self._config, turn_options))

    @property
    def table(self) -> Any:
        """The game at its table.

        For Millions a :class:`~millions_rules.adapters.Table`, for Torraku the
        :class:`~millions_rules.torraku.TorrakuState` itself.
        """
        return self._position.table

    @table.setter
    def table(self, table: Any) -> None:
        self._position = Position(self._adapter, table)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same :class:`gymnasium.spaces.Dict` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(catalogue))`` for every agent."""
        return self._action_space

    def _seat(self, agent: str) -> int:
        try:
            return self._seats[agent]
        except (KeyError, TypeError):
            raise ConfigError(f"{agent!r} is not an agent of this environment") from None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same ``seed`` gives the same game.

        Without a seed, games follow each other from the last seed given (or from the
        operating system's randomness when none was ever given).
        """
        config = attrs.evolve(self._config, seed=self._seeds.next(seed))
        self._position = Position(self._adapter, self._adapter.start(config, self._turn_options))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._position.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and action mask, from its view.

        The mask is the legal catalogue entries of the seat to act; the observation vector
        is computed when first read (see :class:`Observation`).
        """
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            seat = self._seat(agent)  # refused in the library's words
        position = self._position
        if position.seat == seat:
            legal = position._legal
            mask = self._mask(position.legal if legal is None else legal)
        else:
            mask = np.zeros(self._actions, np.int8)
        return Observation(mask, partial(self._fresh, position, seat))

    def _fresh(self, position: Position[Any], seat: int) -> np.ndarray[Any, Any]:
        """``seat``'s observation vector at ``position``: the agent's own array."""
        direct = self._observe_bytes
        made = position.seat_bytes(seat, True) if direct is None else direct(position.table, seat)
        if made is not None:  # the adapter's fast path, kept by the position as bytes
            return np.frombuffer(bytearray(made), np.float32)
        copied: np.ndarray[Any, Any] = self._vector(position, seat).copy()
        return copied

    def _vector(self, position: Position[Any], seat: int) -> np.ndarray[Any, Any]:
        """``seat``'s observation vector at ``position``, made once (do not change it)."""
        found: np.ndarray[Any, Any] = position.remember(
            ("observation", seat), lambda: self._made(position, seat)
        )
        return found

    def _made(self, position: Position[Any], seat: int) -> np.ndarray[Any, Any]:
        made = position.seat_bytes(seat, True)
        if made is not None:  # the adapter's fast path: read-only, copied for the agent
            return np.frombuffer(made, np.float32)
        vector = np.zeros(self._width, np.float32)
        size = self._size
        vector[:size] = position.observation(seat)
        if self._recall:  # Millions: the money paid and threats used, seat to seat
            parts: dict[str, Any] = {}
            for name, shape, length in self._recall:
                parts[name] = vector[size : size + length].reshape(shape)
                size += length
            self._adapter.recall(position.table, seat, parts)
        return vector

    def state(self) -> Any:
        """The global state, for centralised training, as a float32 NumPy array: every
        seat's observation vector (as :meth:`observe` gives it), seat 0 first (in
        ``state_space``)."""
        position = self._position
        return np.concatenate(
            [self._vector(position, seat) for seat in range(len(self.possible_agents))]
        )

    def _mask(self, legal: Sequence[int]) -> np.ndarray[Any, Any]:
        """A new action mask with 1 at each of ``legal`` (the agent's own array)."""
        if len(legal) > 32:  # a long listing (Torraku's bets): kept as bytes when shared
            masks = self._masks
            kept = masks.get(id(legal))
            if kept is None or kept[0] is not legal:
                made = np.zeros(self._actions, np.int8)
                made.put(legal, 1)
                if type(legal) is not tuple:  # a fresh list: nothing to share
                    return made
                if len(masks) >= 1024:
                    masks.clear()
                kept = masks[id(legal)] = (legal, made.tobytes())
            return np.frombuffer(bytearray(kept[1]), np.int8)
        flags = bytearray(self._actions)
        for index in legal:
            flags[index] = 1
        return np.frombuffer(flags, np.int8)

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigError("a live agent must act: None is only for terminated agents")
        position = self._position = self._position.after(int(action))
        seat = position.seat
        if seat is not None:  # rewards come at the end only: every reward is still 0
            self.agent_selection = self.possible_agents[seat]
        elif position.over:
            adapter = self._adapter
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            final = returns(adapter, position.table, self._reward)
            for name in self.agents:
                self.rewards[name] = final[self._seats[name]]
                self.terminations[name] = True
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _image(self) -> np.ndarray[Any, Any]:
        """The table as a small image (``uint8``, height by width by 3): a band of 16
        pixels per seat, seat 0 on top; in each, one pixel column per number of the
        public state (:meth:`state` read as a spectator would: the seat's observation
        without what only it knows is not drawn, so the image shows what the whole table
        sees), scaled to the observation's bound and drawn as a bar of grey; the band of
        the seat to act is tinted green."""
        players = len(self.possible_agents)
        position = self._position
        high = self._high
        rows = []
        for seat in range(players):
            public = self._public_part(position, seat)
            levels = np.clip(public / high * 255.0 * 8.0, 0, 255).astype(np.uint8)
            band = np.repeat(levels[None, :, None], 16, axis=0).repeat(3, axis=2)
            band = np.repeat(band, 2, axis=1)
            if position.seat == seat:
                band[:, :, 1] = np.maximum(band[:, :, 1], 96)
            band[-1, :, :] = 255  # a white line between seats
            rows.append(band)
        return np.concatenate(rows, axis=0)

    def _public_part(self, position: Position[Any], seat: int) -> np.ndarray[Any, Any]:
        # The numbers every seat's vector has alike: positions equal across all seats.
        vectors = [self._vector(position, other) for other in range(len(self.possible_agents))]
        stacked = np.stack(vectors)
        same = (stacked == stacked[0]).all(axis=0)
        return np.where(same, stacked[seat], 0.0)

    def render(self) -> str | None:
        """The table as text (``"ansi"``, ``"human"``: round, phase, the seats' standing and
        the last public events), or as a small ``uint8`` image (``"rgb_array"``: 16 pixel
        rows per seat, two pixel columns per number the whole table sees alike, in grey
        levels, the band of the seat to act tinted green)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._image()  # type: ignore[return-value]  # PettingZoo's union
        text = render(self._adapter, self._position.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class CheckedEnv(OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo ships no types
    """PettingZoo's order checks and its action-bounds check, in one layer (what :func:`env` returns).

    It refuses what PettingZoo's ``OrderEnforcingWrapper`` around an
    ``AssertOutOfBoundsWrapper`` refuses, the same way: reading the agents, rewards and
    the like, stepping, observing or iterating before ``reset`` (``AttributeError``
    or PettingZoo's ``EnvLogger`` errors), a step once every agent is done (a warning),
    an action outside the action space (``AssertionError``). It is an
    ``OrderEnforcingWrapper``, so PettingZoo's own tools and further wrappers take it as
    one. The two wrappers would cost each step several attribute look-ups through two
    layers of ``__getattr__``, and about half the time of a step; this one reads the
    environment directly on the paths an agent loop takes (``agent_iter``, ``last``,
    ``step``).

    >>> game = env(players=4)
    >>> game.step(0)
    Traceback (most recent call last):
    ...
    AssertionError: reset() needs to be called before step.
    """

    def __init__(self, env: raw_env) -> None:
        """Wrap ``env``, this library's environment (the checks read it directly).

        Raises:
            ConfigError: If ``env`` is anything else.
        """
        if not isinstance(env, raw_env):
            raise ConfigError(f"CheckedEnv wraps a raw_env, not {type(env).__name__}")
        super().__init__(env)

    def __str__(self) -> str:
        return str(self.env)  # the environment's name, as OrderEnforcingWrapper gives it

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent, after PettingZoo's checks."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        inner = self.env
        self._has_updated = True
        if not inner.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = inner.agent_selection
        if action is None:
            assert inner.terminations[agent] or inner.truncations[agent], (
                "action is not in action space"
            )
        elif not (type(action) is int and 0 <= action < inner._actions):
            assert inner.action_space(agent).contains(action), "action is not in action space"
        inner.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward so far, end flags and info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """The agent to act, for as long as agents are left (see PettingZoo's ``agent_iter``)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    def __next__(self) -> str:
        checked = self.env
        inner = checked.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert checked._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        checked._has_updated = False
        agent: str = inner.agent_selection
        return agent


def env(
    players: int | None = None,
    *,
    game: str = "millions",
    reward: str = "win",
    free_moves: int | None = None,
    negotiation: bool = False,
    render_mode: str | None = None,
    **config_options: Any,
) -> AECEnv:
    """The AEC environment, wrapped in PettingZoo's checks (see :class:`raw_env` for the
    arguments and :class:`CheckedEnv` for the checks).

    Raises:
        ConfigError: If an option makes no sense.
    """
    inner = raw_env(
        players,
        game=game,
        reward=reward,
        free_moves=free_moves,
        negotiation=negotiation,
        render_mode=render_mode,
        **config_options,
    )
    return CheckedEnv(inner)
