"""A Gymnasium environment: one seat of a table of bots (``millions-rules[gymnasium]``).

:class:`SeatEnv` is a single-agent ``gymnasium.Env`` for any registered game with
adapter parts: the learner takes one seat, the library's bots (or any
:class:`~millions_rules.bots.Bot`) the others, and the game runs exactly as
:func:`~millions_rules.bots.play_game` runs it: the runner's own loop in its stepping form
(:class:`~millions_rules.bots.Match`), so the learner is asked when a bot in its seat
would be, and is offered what that bot would be offered. Win rates measured here and
through :func:`~millions_rules.bots.play_game` are the same quantity.

>>> from millions_rules.adapters.gymnasium import SeatEnv
>>> env = SeatEnv(players=5, opponents="rule")
>>> observation, info = env.reset(seed=7)
>>> observation.shape, int(env.action_masks().sum())  # seat 0 chooses one of four roles
((219,), 4)
>>> action = int(env.action_masks().nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> terminated, reward
(False, 0.0)

* **Observations** are float32 vectors of the seat's view alone
  (:meth:`~millions_rules.adapters.ViewEncoding.observe_view`): for Millions the
  PettingZoo observation's layout (the vector, then the ``paid`` and ``threatened``
  blocks), its turn block saying only that the seat acts; for Torraku the PettingZoo
  vector; the generic adapter's bytes of the view's JSON for any other game.
* **Actions** are indices of the game's fixed catalogue (the same as PettingZoo's and
  OpenSpiel's). :meth:`SeatEnv.action_masks` (what sb3-contrib's ``MaskablePPO`` asks
  for) and ``info["action_mask"]`` mark the entries of the actions the runner offers the
  seat (for Millions: decisions, threats and payments of 1M to 3M, as
  :func:`~millions_rules.bots.action_space`). Several offered actions of one entry (a
  Torraku bet's pieces in another order) play the first offered. A masked entry raises
  :class:`~millions_rules.bots.BotError` and changes nothing.
* **Rewards** come at the end: ``"win"`` +1 for a win and -1 otherwise, or the game's
  score (``"cash"``, ``"score"``), as in PettingZoo. Games always end: nothing is ever
  truncated.
* **Seeds.** ``reset(seed=...)`` seeds the environment's generator, which draws each
  game's seed (and the learner's seat with ``seat="random"``), so a seed gives the same
  sequence of games; ``reset(options={"game_seed": s})`` plays the game of seed ``s``,
  exactly the game ``play_game(config_with_seed_s, bots)`` plays when the learner's
  seat holds a bot that plays the same actions.

:class:`~millions_rules.adapters.gymnasium.SeatVectorEnv` and
:class:`~millions_rules.adapters.gymnasium.ProcessVectorEnv` step many such games at once
(Gymnasium's vector API); :class:`PolicyBot` seats a policy of these observations and
masks (a trained agent) at any table as a bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import Env

from .._common.errors import ConfigError
from ..bots import BotError
from ..games import get_game
from ._vector import Encoding, ProcessVectorEnv, SeatTable, SeatVectorEnv, _seat_of, _table

__all__ = ["Encoding", "PolicyBot", "ProcessVectorEnv", "SeatEnv", "SeatVectorEnv", "SeatTable"]


class SeatEnv(Env[np.ndarray, np.int64]):
    """One seat of a table of bots, as a single-agent Gymnasium environment (see the module text).

    Args:
        game: The name of a registered game with adapter parts (``"millions"``,
            ``"torraku"``, ...).
        players: The number of players (the game's adapter's default if left out).
        seat: The learner's seat, or ``"random"``: drawn for each game from the
            environment's generator.
        opponents: The bots of the other seats: one bot or bot name
            (``"rule"``, ``"random"``, ``"ismcts:50"``, ``"module:Class"``, as
            ``simulate --bots``) for all, or one per other seat in seat order. A name
            makes a fresh bot each game; a bot object is reused.
        reward: ``"win"`` or the game's score (``"cash"``, ``"score"``).
        render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the learner's last
            events as text).
        **config_options: Any other field of the game's config but ``seed`` and
            ``dealer`` (the engine deals).

    Raises:
        ConfigError: If an argument makes no sense.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str = "millions",
        players: int | None = None,
        *,
        seat: int | str = 0,
        opponents: Any = "rule",
        reward: str = "win",
        render_mode: str | None = None,
        **config_options: Any,
    ) -> None:
        table = self._table = _table(game, players, opponents, reward, config_options)
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self._seat = _seat_of(seat, table.players)
        self.observation_space = table.encoding.observation_space
        self.action_space = table.encoding.action_space
        self._observation = np.zeros(table.encoding.size, np.float32)
        self._mask = np.zeros(table.encoding.actions, np.bool_)
        self._started = False

    @property
    def table(self) -> SeatTable:
        """The game being played (its :class:`~millions_rules.bots.Match` is ``table.match``)."""
        return self._table

    @property
    def seat(self) -> int:
        """The learner's seat in the game being played."""
        return self._table.seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """A new game, played up to the learner's first turn: its observation and info.

        ``options`` may hold ``"game_seed"`` (the game's seed, an int from 0 to 2**64 - 1)
        and ``"seat"`` (the learner's seat for this game).
        """
        super().reset(seed=seed)
        options = options or {}
        rng = self.np_random

        def draw() -> int:
            return int(rng.integers(0, 1 << 63))

        game_seed = options.get("game_seed")
        if game_seed is None:
            game_seed = draw()
        elif type(game_seed) is not int or not 0 <= game_seed < 1 << 64:
            raise ConfigError(f"game_seed must be an int from 0 to 2**64 - 1, not {game_seed!r}")
        players = self._table.players
        seat = _seat_of(options["seat"], players) if "seat" in options else self._seat
        if seat is None:
            seat = int(rng.integers(0, players))
        self._table.start(game_seed, seat, draw)
        self._started = True
        return self._observe(), self._info()

    def _observe(self) -> np.ndarray[Any, Any]:
        table = self._table
        table.observe(self._observation)
        table.mask(self._mask)
        observation: np.ndarray[Any, Any] = self._observation.copy()
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self._table.seat}

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """Play catalogue entry ``action`` for the learner, then the others up to its next turn.

        Raises:
            ConfigError: Before :meth:`reset`, after the game ended, or for an action that
                is no whole number.
            BotError: For a masked entry (nothing changes).
        """
        if not self._started:
            raise ConfigError("reset() needs to be called before step()")
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ConfigError(f"action must be a catalogue index, not {action!r}") from None
        if index != action:
            raise ConfigError(f"action must be a catalogue index, not {action!r}")
        table = self._table
        if table.match is None or table.match.seat is None:
            raise ConfigError("the game is over: call reset()")
        reward = table.play(index)
        observation = self._observe()
        info = self._info()
        if reward is None:
            return observation, 0.0, False, False, info
        info["winners"] = tuple(table.game.winners(table.match.state))
        return observation, reward, True, False, info

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal catalogue entries now, as booleans (for sb3-contrib's ``MaskablePPO``)."""
        mask: np.ndarray[Any, Any] = self._mask.copy()
        return mask

    def render(self) -> str | None:
        """The learner's last three events as text (``"ansi"``), else ``None``."""
        table = self._table
        match = table.match
        if self.render_mode != "ansi" or match is None:
            return None
        game = table.game
        seen = game.view(match.state, table.seat)
        events = game.view_events(seen)[-3:]
        head = f"{game.title}: seat {table.seat}, move {game.version(match.state)}"
        return "\n".join([head, *(game.describe(event) for event in events)])


class PolicyBot:
    """A policy of :class:`SeatEnv`'s observations and masks, seated at any table as a bot.

    ``policy(observation, mask)`` returns a catalogue index (a trained agent's ``predict``);
    :meth:`choose` encodes its seat's view and the actions it is offered exactly as
    :class:`SeatEnv` does, so an agent trained in the environment plays the same through
    :func:`~millions_rules.bots.play_game`, ``simulate --bots module:Class`` and
    ``simulate --league``. Subclass it with a constructor that takes no argument (loading
    the agent) to name it as ``module:Class``. A policy that samples should draw from the
    generator the runner gives the bot, so that games stay reproducible: override
    :meth:`act`, which gets it (the default calls ``policy``).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.adapters.gymnasium import PolicyBot
    >>> from millions_rules.bots import RuleBot, play_game
    >>> first = PolicyBot(lambda observation, mask: int(mask.nonzero()[0][0]))
    >>> play_game(GameConfig(4, seed=3), [first] + [RuleBot()] * 3).is_over
    True

    Args:
        policy: The policy (``None`` for a subclass that overrides :meth:`act`).
        game: The name of the game it plays (the view tells the config).

    Raises:
        BotError: From :meth:`choose`, if the policy picks an entry not offered.
    """

    def __init__(
        self,
        policy: Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], Any] | None,
        game: str = "millions",
    ) -> None:
        self.policy = policy
        """The policy."""
        self.game = game
        """The game's name."""
        self._encodings: dict[Any, Encoding] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(game={self.game!r})"

    def act(
        self, observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any], rng: random.Random
    ) -> int:
        """The catalogue entry to play for ``observation`` and ``mask``: ``policy``'s answer.

        ``rng`` is the bot's generator for this game (seeded by the runner).

        Raises:
            ConfigError: If the bot has no policy (a subclass that overrides this has none).
        """
        if self.policy is None:
            raise ConfigError(f"{type(self).__name__} has no policy: give one or override act")
        return int(self.policy(observation, mask))

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The offered action of the entry the policy picks."""
        config = get_game(self.game).config_of(view)
        encoding = self._encodings.get(config)
        if encoding is None:
            if len(self._encodings) >= 16:
                self._encodings.clear()
            encoding = self._encodings[config] = Encoding(self.game, config)
        observation = np.zeros(encoding.size, np.float32)
        encoding.observe(view, observation)
        choices = encoding.choices(legal)
        mask = np.zeros(encoding.actions, np.bool_)
        mask[list(choices)] = True
        picked = self.act(observation, mask, rng)
        action = choices.get(int(picked))
        if action is None:
            seat = get_game(self.game).view_seat(view)
            raise BotError(-1 if seat is None else seat, picked)
        return action
