"""A PettingZoo AEC environment for *Millions of Dollars* (``millions-rules[pettingzoo]``).

>>> from millions_rules.adapters.pettingzoo import env
>>> game = env(players=5)
>>> game.reset(seed=7)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> int(observation["action_mask"].sum())  # player 0 may choose one of four roles
4

Agents are ``player_0`` to ``player_{n-1}`` (the seats). Turns follow the adapters' turn
structure (:class:`~millions_rules.adapters.Table`); actions are indices of the
:class:`~millions_rules.adapters.Catalogue`; the observation is a dict with
``"observation"`` (:func:`~millions_rules.adapters.observe`, float32) and ``"action_mask"``
(int8, all zeros when it is not the agent's turn). Rewards are given when the game ends:
with ``reward="win"`` (the default) +1 to each winner and -1 to every other seat; with
``reward="cash"`` each seat's final cash in millions. A masked action raises
:class:`~millions_rules.IllegalActionError` and changes nothing.

There is no ``parallel_env``: negotiation is a sequence of turns in which each move may
answer the one before (a payment, a threat, a decision), so the game is not one where
every agent acts once per cycle; only planning is simultaneous, and it is already played
without leaking anything (see :mod:`millions_rules.adapters`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..millions._config import GameConfig
from ..millions._errors import ConfigError
from ..millions._narrate import describe
from ..millions._random import draw_below, seed_state
from ..millions._roles import Dealer
from ..millions._views import view
from ._encoding import Catalogue, observation_high, observation_size, observe
from ._turns import FREE_MOVES, Table

__all__ = ["env", "raw_env"]


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's own name; it ships no types
    """The AEC environment without PettingZoo's checking wrappers (see :func:`env`).

    Args:
        players: The number of players, 3 to 8.
        reward: ``"win"`` (+1 to winners, -1 to the others) or ``"cash"`` (final cash).
        free_moves: Payments and waits per seat per round (the turn structure).
        render_mode: ``None``, ``"ansi"`` (render returns text) or ``"human"`` (prints it).
        **config_options: Any other :class:`~millions_rules.GameConfig` field but ``seed``
            (pass it to :meth:`reset`) and ``dealer`` (the engine deals).

    Raises:
        ConfigError: If an option makes no sense.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "millions_of_dollars_v0",
    }

    def __init__(
        self,
        players: int = 5,
        *,
        reward: Literal["win", "cash"] = "win",
        free_moves: int = FREE_MOVES,
        render_mode: str | None = None,
        **config_options: Any,
    ) -> None:
        super().__init__()
        for name in ("seed", "dealer"):
            if name in config_options:
                raise ConfigError(f"{name} is not an option of the environment")
        if reward not in ("win", "cash"):
            raise ConfigError(f"reward must be 'win' or 'cash', not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        try:
            self._config = GameConfig(players, seed=0, **config_options)
        except TypeError as error:  # an unknown option
            raise ConfigError(str(error)) from None
        self._free_moves = free_moves
        self._reward: Literal["win", "cash"] = reward
        self.render_mode = render_mode
        self.catalogue = Catalogue(players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        high = observation_high(self._config)
        size = observation_size(players)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.catalogue),), np.int8),
            }
        )
        self._action_space = spaces.Discrete(len(self.catalogue))
        self._generator = seed_state(0)
        self._seeded = False
        self.table = Table.start(self._config, free_moves)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same :class:`gymnasium.spaces.Dict` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(catalogue))`` for every agent."""
        return self._action_space

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise ConfigError(f"{agent!r} is not an agent of this environment")
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same ``seed`` gives the same game.

        Without a seed, games follow each other from the last seed given (or from the
        operating system's randomness when none was ever given).
        """
        if seed is not None:
            self._generator = seed_state(int(seed) % (1 << 64))
            self._seeded = True
        elif not self._seeded:
            self._generator = seed_state(int.from_bytes(np.random.bytes(8), "little"))
            self._seeded = True
        high, self._generator = draw_below(self._generator, 1 << 32)
        low, self._generator = draw_below(self._generator, 1 << 32)
        config = attrs.evolve(self._config, seed=(high << 32) | low, dealer=Dealer.ENGINE)
        self.table = Table.start(config, self._free_moves)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.turn.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and action mask, from its view."""
        seat = self._seat(agent)
        seen = view(self.table.state, seat)
        turn = self.table.turn
        return {
            "observation": np.asarray(observe(seen, turn), dtype=np.float32),
            "action_mask": np.asarray(self.catalogue.mask(seen, turn), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigError("a live agent must act: None is only for terminated agents")
        move = self.catalogue.move(int(action), self._seat(agent))
        self.table = self.table.play(move)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.table.state
        if state.is_over:
            for name in self.agents:
                seat = self._seat(name)
                if self._reward == "cash":
                    self.rewards[name] = float(state.cash[seat])
                else:
                    self.rewards[name] = 1.0 if seat in state.winners else -1.0
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: round, phase, cash and the last events a spectator sees."""
        if self.render_mode is None:
            return None
        seen = view(self.table.state, None)
        lines = [
            f"round {seen.round}, {seen.phase.value}; cash {list(seen.cash)}; "
            f"turn {self.table.turn.seat}",
            *(describe(event) for event in seen.events[-3:]),
        ]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(
    players: int = 5,
    *,
    reward: Literal["win", "cash"] = "win",
    free_moves: int = FREE_MOVES,
    render_mode: str | None = None,
    **config_options: Any,
) -> AECEnv:
    """The AEC environment, wrapped in PettingZoo's checks (see :class:`raw_env` for the arguments).

    Raises:
        ConfigError: If an option makes no sense.
    """
    inner = raw_env(
        players,
        reward=reward,
        free_moves=free_moves,
        render_mode=render_mode,
        **config_options,
    )
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))
