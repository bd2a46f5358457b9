"""A PettingZoo AEC environment whose other seats hold bots (``millions-rules[pettingzoo]``).

:func:`env` seats the library's bots (or any :class:`~millions_rules.bots.Bot`) in some
seats of a game; the remaining seats are the agents, and they take turns exactly as
bots in their seats would under :func:`~millions_rules.bots.play_game` (the runner's loop
in its stepping form, :class:`~millions_rules.bots.Match`). Observations, masks, actions
and rewards are those of :class:`~millions_rules.adapters.gymnasium.SeatEnv`: each agent's
observation is read from its own view, ``{"observation": ..., "action_mask": ...}`` as in
:mod:`millions_rules.adapters.pettingzoo` (the mask all zeros off turn).

>>> from millions_rules.adapters.bot_seats import env
>>> game = env(players=4, bots={1: "random", 3: "random"})
>>> game.reset(seed=2)
>>> game.possible_agents, game.agent_selection
(['player_0', 'player_2'], 'player_0')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from .._common.errors import ConfigError
from ..bots import BotError, Match
from ..bots._simulate import bot_from_spec
from ._core import GameSeeds, adapter_of, check_reward, configure
from ._vector import Encoding, _check_bot

__all__ = ["BotSeatsEnv", "env"]


class BotSeatsEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """The AEC environment of :func:`env`, without PettingZoo's order checks.

    Args:
        game: The name of a registered game with adapter parts.
        players: The number of players (the game's adapter's default if left out).
        bots: The bot of each seat that holds one, by seat: a bot, or a bot name as
            ``simulate --bots`` takes (a fresh bot each game). The other seats are the
            agents; at least one seat must be left to them.
        reward: ``"win"`` or the game's score (``"cash"``, ``"score"``).
        **config_options: Any other field of the game's config but ``seed`` and ``dealer``.

    Raises:
        ConfigError: If an argument makes no sense.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "bot_seats_v0"}

    def __init__(
        self,
        game: str = "millions",
        players: int | None = None,
        *,
        bots: Mapping[int, Any] | None = None,
        reward: str = "win",
        **config_options: Any,
    ) -> None:
        super().__init__()
        adapter = adapter_of(game)
        self._reward = check_reward(adapter, reward)
        players = adapter.default_players if players is None else players
        self._config = configure(adapter, players, config_options, external=False)
        self._game = adapter.game
        self._name = game
        bots = dict(bots or {})
        for seat, bot in bots.items():
            if type(seat) is not int or not 0 <= seat < players:
                raise ConfigError(
                    f"a bot's seat must be an int from 0 to {players - 1}, not {seat!r}"
                )
            _check_bot(bot, game, f"the bot of seat {seat}")
        if len(bots) >= players:
            raise ConfigError("every seat holds a bot: leave at least one to the agents")
        self._bots = bots
        self._encoding = encoding = Encoding(game, self._config)
        self.possible_agents = [f"player_{s}" for s in range(players) if s not in bots]
        self._seats = {f"player_{s}": s for s in range(players) if s not in bots}
        self.agents: list[str] = []
        space = spaces.Dict(
            {
                "observation": encoding.observation_space,
                "action_mask": spaces.Box(0, 1, (encoding.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, encoding.action_space)
        self._seeds = GameSeeds()
        self._match: Match | None = None
        self._choices: dict[int, Any] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same :class:`gymnasium.spaces.Dict` for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(catalogue))`` for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same ``seed`` gives the same game (as PettingZoo's env)."""
        config = attrs.evolve(self._config, seed=self._seeds.next(seed))
        players = self._game.players_of(config)
        seated = [
            None
            if seat not in self._bots
            else bot_from_spec(self._bots[seat], self._name)
            if isinstance(self._bots[seat], str)
            else self._bots[seat]
            for seat in range(players)
        ]
        self._match = Match(config, seated, seed=None)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance(None)

    def _advance(self, last: str | None) -> None:
        match = self._match
        assert match is not None
        seat = match.advance()
        if seat is not None:
            self._choices = self._encoding.choices(match.offered)
            self.agent_selection = f"player_{seat}"
            return
        self._choices = {}
        game, state = self._game, match.state
        winners = game.winners(state)
        scores = game.scores(state)
        if last is not None:
            self._cumulative_rewards[last] = 0.0
        self._clear_rewards()
        for agent in self.agents:
            seat_of = self._seats[agent]
            if self._reward == "win":
                self.rewards[agent] = 1.0 if seat_of in winners else -1.0
            else:
                self.rewards[agent] = float(scores[seat_of])
            self.terminations[agent] = True
        self._accumulate_rewards()
        if last is None:  # the game ended before any agent acted
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and action mask, from its view."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ConfigError(f"{agent!r} is not an agent of this environment")
        match = self._match
        assert match is not None, "reset() first"
        seen = match.view if match.seat == seat else self._game.view(match.state, seat)
        vector = np.zeros(self._encoding.size, np.float32)
        self._encoding.observe(seen, vector)
        mask = np.zeros(self._encoding.actions, np.int8)
        if match.seat == seat:
            mask[list(self._choices)] = 1
        return {"observation": vector, "action_mask": mask}

    def state(self) -> Any:
        """Every agent's observation vector, in agent order (for centralised training)."""
        return np.concatenate(
            [self.observe(agent)["observation"] for agent in self.possible_agents]
        )

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (``None`` once it is terminated).

        Raises:
            ConfigError: If a live agent passes ``None`` or an action that is no whole
                number (nothing changes).
            BotError: For a masked entry (nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigError("a live agent must act: None is only for terminated agents")
        try:
            index = int(action)
        except (TypeError, ValueError, OverflowError):
            raise ConfigError(f"action must be a catalogue index, not {action!r}") from None
        if index != action:
            raise ConfigError(f"action must be a catalogue index, not {action!r}")
        chosen = self._choices.get(index)
        seat = self._seats[agent]
        if chosen is None:
            raise BotError(seat, action)
        match = self._match
        assert match is not None
        match.answer(chosen)
        self._advance(agent)

    def render(self) -> None:
        """Nothing: this environment does not render."""

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str = "millions",
    players: int | None = None,
    *,
    bots: Mapping[int, Any] | None = None,
    reward: str = "win",
    **config_options: Any,
) -> AECEnv:
    """:class:`BotSeatsEnv` in PettingZoo's order checks (``OrderEnforcingWrapper``).

    Raises:
        ConfigError: If an argument makes no sense.
    """
    return OrderEnforcingWrapper(
        BotSeatsEnv(game, players, bots=bots, reward=reward, **config_options)
    )
