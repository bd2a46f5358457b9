"""The core of the Gymnasium environments and the vector environments over it.

A :class:`SeatTable` is one game run as :func:`~millions_rules.bots.play_game` runs it, one
seat played from outside; :class:`Encoding` is the game's observation of a view and the
catalogue entries of offered actions. :class:`~millions_rules.adapters.gymnasium.SeatEnv`
steps one table; :class:`SeatVectorEnv` steps many in one process, writing NumPy arrays
in place, and :class:`ProcessVectorEnv` spreads them over worker processes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .._common.adapter import SeatBatch, SeatBatches, ViewEncoding, has_part
from .._common.errors import ConfigError
from .._common.random_bot import RandomBot
from ..bots import BotError, Match, seat_rng
from ..bots._simulate import bot_from_spec
from ..games import get_game
from ._core import GameAdapter, adapter_of, check_reward, configure

__all__ = ["Encoding", "ProcessVectorEnv", "SeatVectorEnv", "SeatTable"]

#: What a vector environment's step returns: observations, rewards, terminations,
#: truncations and the info dict.
_Step = tuple[
    np.ndarray[Any, Any],
    np.ndarray[Any, Any],
    np.ndarray[Any, Any],
    np.ndarray[Any, Any],
    dict[str, Any],
]

#: The most games :meth:`SeatTable.start` draws before one reaches the learner's turn.
_MOST_STARTS: Final = 100


class Encoding:
    """A game's observation of a seat's view, and the catalogue entries of offered actions.

    Made from the game's adapter parts (its own, or the generic adapter), which must
    provide :class:`~millions_rules.adapters.ViewEncoding` (both games'
    and the generic adapter do).

    Args:
        game: The name of a registered game.
        config: A config of that game.

    Raises:
        ConfigError: If the game has no adapter parts, or they cannot encode a view.
    """

    def __init__(self, game: str, config: Any) -> None:
        adapter: GameAdapter[Any] = adapter_of(game)
        encoding = adapter
        if not isinstance(encoding, ViewEncoding):
            raise ConfigError(
                f"{adapter.game.title}'s adapter cannot encode a view: it is no ViewEncoding"
            )
        self.adapter = adapter
        """The game's adapter parts."""
        self.config = config
        """The config."""
        self.size: int = encoding.view_observation_size(config)
        """The observation vector's length."""
        self.high: float = adapter.observation_high(config)
        """An upper bound of every number of the vector."""
        self.actions: int = len(adapter.catalogue_names(config))
        """The number of discrete actions (the catalogue's length)."""
        self._observe: Callable[[Any], list[float]] = encoding.observe_view
        self._index: Callable[[Any, Any], int | None] = encoding.action_index
        self.observation_space = spaces.Box(0.0, self.high, (self.size,), np.float32)
        """``Box(0, high, (size,), float32)``."""
        self.action_space = spaces.Discrete(self.actions)
        """``Discrete(actions)``."""

    def observe(self, seen: Any, out: np.ndarray[Any, Any]) -> None:
        """Write the observation of the view ``seen`` into ``out`` (a float32 row)."""
        out[:] = self._observe(seen)

    def choices(self, offered: Sequence[Any]) -> dict[int, Any]:
        """The first offered action of each catalogue entry, by entry (in offered order)."""
        config = self.config
        index = self._index
        found: dict[int, Any] = {}
        for action in offered:
            entry = index(config, action)
            if entry is not None and entry not in found:
                found[entry] = action
        return found


class SeatTable:
    """One game run as :func:`~millions_rules.bots.play_game` runs it, with one seat
    played from outside; what :class:`SeatEnv` and the vector environments step.

    Each game gets fresh bots from ``opponents`` (a bot object is reused as it is).
    """

    def __init__(
        self,
        game: str,
        config: Any,
        opponents: Sequence[Any],
        encoding: Encoding,
        reward: str,
    ) -> None:
        self.game = get_game(game)
        self.name = game
        self.config = config
        self.players: int = self.game.players_of(config)
        self.opponents = tuple(opponents)
        self.encoding = encoding
        self.reward = reward
        self.match: Match | None = None
        self.seat = 0
        self.choices: dict[int, Any] = {}

    def _bots(self, seat: int) -> list[Any]:
        others = iter(self.opponents)
        bots: list[Any] = []
        for place in range(self.players):
            if place == seat:
                bots.append(None)
                continue
            made = next(others)
            bots.append(bot_from_spec(made, self.name) if isinstance(made, str) else made)
        return bots

    def start(self, game_seed: int, seat: int, draw: Callable[[], int] | None = None) -> None:
        """A new game of seed ``game_seed`` with the learner in ``seat``, played up to the
        learner's first turn (a game that ends before it is followed by one seeded by
        ``draw()``, when given).

        Raises:
            ConfigError: If no game reaches the learner's turn.
        """
        for _ in range(_MOST_STARTS):
            config = attrs.evolve(self.config, seed=game_seed)
            match = self.match = Match(config, self._bots(seat), seed=None)
            self.seat = seat
            if match.advance() is not None:
                self.choices = self._choices(match)
                return
            if draw is None:
                break
            game_seed = draw()
        raise ConfigError("no game reached the learner's turn")

    def _choices(self, match: Match) -> dict[int, Any]:
        choices = self.encoding.choices(match.offered)
        if not choices:
            raise ConfigError(
                f"{self.game.title} offered seat {self.seat} no action of its catalogue"
            )
        return choices

    def observe(self, out: np.ndarray[Any, Any]) -> None:
        """Write the learner's observation now into ``out``."""
        match = self.match
        assert match is not None, "start() first"
        seen = match.view if match.seat is not None else self.game.view(match.state, self.seat)
        self.encoding.observe(seen, out)

    def mask(self, out: np.ndarray[Any, Any]) -> None:
        """Write the learner's action mask now into ``out`` (all false once the game is over)."""
        out[:] = False
        if self.choices:
            out[list(self.choices)] = True

    def play(self, index: int) -> float | None:
        """Play catalogue entry ``index`` for the learner and the others' turns up to its
        next; the learner's reward if the game ended, else ``None``.

        Raises:
            BotError: If no offered action has that entry; nothing changes.
        """
        match = self.match
        assert match is not None and match.seat is not None, "the game is over: start() first"
        action = self.choices.get(index)
        if action is None:
            raise BotError(self.seat, index)
        match.answer(action)
        if match.advance() is not None:
            self.choices = self._choices(match)
            return None
        self.choices = {}
        return self.returns()

    def returns(self) -> float:
        """The learner's reward at the end of the game."""
        match = self.match
        assert match is not None
        game, state = self.game, match.state
        if self.reward == "win":
            return 1.0 if self.seat in game.winners(state) else -1.0
        return float(game.scores(state)[self.seat])


def _table(
    game: str,
    players: int | None,
    opponents: Any,
    reward: str,
    config_options: Mapping[str, Any],
) -> SeatTable:
    """The :class:`SeatTable` of an environment's arguments (checked)."""
    adapter = adapter_of(game)
    reward = check_reward(adapter, reward)
    players = adapter.default_players if players is None else players
    config = configure(adapter, players, config_options, external=False)
    encoding = Encoding(game, config)
    return SeatTable(game, config, _opponents(game, opponents, players), encoding, reward)


def _batch_of(settings: Mapping[str, Any], count: int, wanted: bool | None) -> SeatBatch | None:
    """The game's :class:`~millions_rules.adapters.SeatBatch` of ``count`` games for
    these settings: when the game has one for the config and every opponent is a
    :class:`~millions_rules.bots.RandomBot` (``wanted`` ``None``: if so; ``True``: it must
    be; ``False``: never).

    Raises:
        ConfigError: If ``wanted`` is true and the game or the opponents cannot be batched.
    """
    if wanted is False:
        return None
    table = _table(**settings)
    adapter = adapter_of(table.name)
    batch = None
    if _pay_chances(table.name, table.opponents) is not None and has_part(adapter, SeatBatches):
        batch = adapter.seat_batch(table.config, count)  # type: ignore[attr-defined]
    if batch is None and wanted:
        raise ConfigError(
            "batch=True needs a game whose adapter batches its config (Millions with 4 to 8 "
            "players) and RandomBot opponents"
        )
    return batch


def _pay_chances(game: str, opponents: Sequence[Any]) -> list[int] | None:
    """Each opponent's chance out of 1000 of paying, as :class:`~millions_rules.bots.RandomBot`
    draws it, if all are RandomBots (else ``None``)."""
    found = []
    for bot in opponents:
        made = bot_from_spec(bot, game) if isinstance(bot, str) else bot
        if type(made) is not RandomBot:
            return None
        found.append(made._pay_per_mille)  # what it draws against, fixed when made
    return found


def _opponents(game: str, opponents: Any, players: int) -> tuple[Any, ...]:
    if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
        opponents = [opponents] * (players - 1)
    if not isinstance(opponents, Sequence) or len(opponents) != players - 1:
        raise ConfigError(
            f"opponents must be one bot or bot name, or {players - 1} of them (one per other seat)"
        )
    for index, bot in enumerate(opponents):
        _check_bot(bot, game, f"opponents[{index}]")
    return tuple(opponents)


def _check_bot(bot: object, game: str, where: str) -> None:
    """Check that ``bot`` (at ``where``, for the message) is a bot or the name of one of
    ``game`` (as ``simulate --bots`` takes it).

    Raises:
        ConfigError: If it is neither.
    """
    if isinstance(bot, str):
        try:
            bot_from_spec(bot, game)
        except ValueError as error:
            raise ConfigError(str(error)) from None
    elif not callable(getattr(bot, "choose", None)):
        raise ConfigError(f"{where} has no choose method: {bot!r} is not a Bot")


def _seat_of(seat: object, players: int) -> int | None:
    if seat == "random":
        return None
    if type(seat) is not int or not 0 <= seat < players:
        raise ConfigError(f"seat must be an int from 0 to {players - 1} or 'random', not {seat!r}")
    return seat


def _generator(seed: int | None) -> np.random.Generator:
    """The generator Gymnasium's ``Env.reset(seed=seed)`` makes (so that sub-environment
    ``i`` seeded ``seed + i`` plays as a :class:`SeatEnv` reset with that seed)."""
    from gymnasium.utils import seeding

    return seeding.np_random(seed)[0]


def _seeds(seed: int | Sequence[int | None] | None, count: int) -> list[int | None]:
    """Each sub-environment's seed (checked before any game starts).

    Raises:
        ConfigError: Unless ``seed`` is ``None``, an int >= 0 or ``count`` of them.
    """
    if seed is None:
        return [None] * count
    if type(seed) is int and seed >= 0:
        return [seed + index for index in range(count)]
    if isinstance(seed, Sequence) and not isinstance(seed, (str, bytes)) and len(seed) == count:
        seeds = list(seed)
        if all(each is None or (type(each) is int and each >= 0) for each in seeds):
            return seeds
    raise ConfigError(f"seed must be an int >= 0, None or {count} of them, not {seed!r}")


#: A reset's ``options={"seat": "random"}``: each game draws its learner's seat.
_RANDOM_SEAT: Final = -1


def _seat_option(options: object, players: int) -> int | None:
    """The seat a reset's ``options`` ask for: ``None`` for the environment's own,
    :data:`_RANDOM_SEAT` for ``"random"``.

    Raises:
        ConfigError: If ``options`` is no dict or its seat is no seat.
    """
    if options is None:
        return None
    if not isinstance(options, dict):
        raise ConfigError(f"options must be a dict, not {type(options).__name__}")
    if "seat" not in options:
        return None
    seat = _seat_of(options["seat"], players)
    return _RANDOM_SEAT if seat is None else seat


class SeatVectorEnv(VectorEnv):
    """``num_envs`` games of :class:`~millions_rules.adapters.gymnasium.SeatEnv` stepped
    in one process, with Gymnasium's vector API.

    Each step plays one action per game (a ``MultiDiscrete`` action) and returns NumPy arrays: observations ``(num_envs, size)`` float32, rewards
    (float64), terminations and truncations (bool), and ``info["action_mask"]``
    ``(num_envs, actions)`` bool (also :meth:`action_masks`). A game that ended is reset
    at the next step, whose action for it is ignored (Gymnasium's next-step autoreset,
    ``metadata["autoreset_mode"]``). The arrays are kept and written in place; with
    ``copy=False`` the step returns them as they are (valid until the next step).

    >>> from millions_rules.adapters.gymnasium import SeatVectorEnv
    >>> envs = SeatVectorEnv(3, players=4, opponents="random")
    >>> observations, info = envs.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape
    ((3, 173), (3, 33))

    Args:
        num_envs: The number of games.
        copy: Whether each step returns copies of the arrays (the default).
        batch: Whether the games are stepped together in arrays, when the game can
            (:attr:`batched`): ``None`` (the default) if it can, ``True`` (refused if it
            cannot), ``False`` one :class:`~millions_rules.bots.Match` per game.
        **kwargs: As :class:`~millions_rules.adapters.gymnasium.SeatEnv` (``game``,
            ``players``, ``seat``, ``opponents``, ``reward``, the config's options).

    Raises:
        ConfigError: If an argument makes no sense.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self, num_envs: int, *, copy: bool = True, batch: bool | None = None, **kwargs: Any
    ) -> None:
        if type(num_envs) is not int or not 1 <= num_envs <= MAX_ENVS:
            raise ConfigError(f"num_envs must be an int from 1 to {MAX_ENVS}, not {num_envs!r}")
        if batch not in (None, True, False):
            raise ConfigError(f"batch must be None, True or False, not {batch!r}")
        seat = kwargs.pop("seat", 0)
        settings = _settings(kwargs)
        first = _table(**settings)
        self._seat = _seat_of(seat, first.players)
        self._batch = _batch_of(settings, num_envs, batch)
        self.tables = (
            []
            if self._batch is not None
            else [first] + [_table(**settings) for _ in range(num_envs - 1)]
        )
        """Each game's :class:`SeatTable` (empty when the games are batched)."""
        self._first = first
        self._pay_chances = _pay_chances(first.name, first.opponents) or []
        encoding = first.encoding
        self.num_envs = num_envs
        self.single_observation_space = encoding.observation_space
        self.single_action_space = encoding.action_space
        self.observation_space = batch_space(encoding.observation_space, num_envs)
        self.action_space = batch_space(encoding.action_space, num_envs)
        self._copy = copy
        self._observations = np.zeros((num_envs, encoding.size), np.float32)
        self._masks = np.zeros((num_envs, encoding.actions), np.bool_)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._generators = [_generator(None) for _ in range(num_envs)]
        self._seats = np.zeros(num_envs, np.int64)
        self._started = False

    @property
    def batched(self) -> bool:
        """Whether the games are stepped together in arrays (the game's
        :class:`~millions_rules.adapters.SeatBatches`), not one
        :class:`~millions_rules.bots.Match` each."""
        return self._batch is not None

    def _start(self, index: int, seat: int | None = None) -> None:
        rng = self._generators[index]

        def draw() -> int:
            return int(rng.integers(0, 1 << 63))

        game_seed = draw()  # as SeatEnv.reset draws: the game's seed first, then the seat
        if seat is None:
            seat = self._seat
        if seat is None or seat == _RANDOM_SEAT:
            seat = int(rng.integers(0, self._first.players))
        self._seats[index] = seat
        batch = self._batch
        if batch is not None:
            players = self._first.players
            chances = iter(self._pay_chances)
            batch.start(
                index,
                game_seed,
                seat,
                [seat_rng(game_seed, place) for place in range(players)],
                [0 if place == seat else next(chances) for place in range(players)],
            )
            return
        table = self.tables[index]
        table.start(game_seed, seat, draw)
        table.observe(self._observations[index])
        table.mask(self._masks[index])

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """New games in every sub-environment; ``seed`` seeds sub-environment ``i`` with
        ``seed + i`` (or give one seed each); ``options`` may hold ``"seat"``."""
        seeds = _seeds(seed, self.num_envs)  # both checked before any game starts
        seat = _seat_option(options, self._first.players)
        for index, each in enumerate(seeds):
            if each is not None or not self._started:
                self._generators[index] = _generator(each)
            self._start(index, seat)
        batch = self._batch
        if batch is not None:
            batch.play(np.zeros(0, np.int64), np.zeros(0, np.int64))
            batch.observe(self._observations)
            batch.masks(self._masks)
        self._started = True
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        return self._out(self._observations), self._info()

    def _out(self, array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return array.copy() if self._copy else array

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._out(self._masks), "_action_mask": np.ones(self.num_envs, bool)}

    def step(self, actions: Any) -> _Step:
        """One action per game (ignored for a game reset at this step).

        Raises:
            ConfigError: Before :meth:`reset`, or for actions of the wrong shape.
            BotError: If an action is masked; nothing changes in any game.
        """
        if not self._started:
            raise ConfigError("reset() needs to be called before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ConfigError(f"actions must be {self.num_envs} catalogue indices, not {actions!r}")
        autoreset = self._autoreset
        masks = self._masks
        bad = _first_masked(masks, chosen, ~autoreset)  # all checked before any is played
        if bad is not None:
            raise BotError(int(self._seats[bad]), int(chosen[bad]))
        if self._batch is not None:
            return self._step_batch(chosen)
        picked = chosen.tolist()
        rewards = self._rewards
        terminations = self._terminations
        observations = self._observations
        for index, table in enumerate(self.tables):
            if autoreset[index]:
                self._start(index)
                rewards[index] = 0.0
                terminations[index] = False
                continue
            reward = table.play(picked[index])
            table.observe(observations[index])
            table.mask(masks[index])
            if reward is None:
                rewards[index] = 0.0
                terminations[index] = False
            else:
                rewards[index] = reward
                terminations[index] = True
        autoreset[:] = terminations
        return self._results()

    def _step_batch(self, chosen: np.ndarray[Any, Any]) -> _Step:
        batch = self._batch
        assert batch is not None
        autoreset = self._autoreset
        for index in np.flatnonzero(autoreset).tolist():
            self._start(index)
        playing = np.flatnonzero(~autoreset)
        batch.play(playing, chosen[playing].astype(np.int64))
        ended = batch.ended()
        rewards = self._rewards
        rewards[:] = 0.0
        done = playing[ended[playing]]
        if done.size:
            rewards[done] = batch.rewards(done, self._first.reward)
        self._terminations[:] = ended
        batch.observe(self._observations)
        batch.masks(self._masks)
        autoreset[:] = ended
        return self._results()

    def _results(self) -> _Step:
        return (
            self._out(self._observations),
            self._out(self._rewards),
            self._out(self._terminations),
            self._out(self._truncations),
            self._info(),
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal catalogue entries of each game now, ``(num_envs, actions)`` booleans."""
        masks: np.ndarray[Any, Any] = self._masks.copy()
        return masks

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


#: The most games one vector environment steps.
MAX_ENVS: Final = 65_536


def _settings(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments of :func:`_table` from an environment's keyword arguments."""
    options = dict(kwargs)
    if "render_mode" in options:
        raise ConfigError("a vector environment does not render")
    return {
        "game": options.pop("game", "millions"),
        "players": options.pop("players", None),
        "opponents": options.pop("opponents", "rule"),
        "reward": options.pop("reward", "win"),
        "config_options": options,
    }


def _first_masked(
    masks: np.ndarray[Any, Any], chosen: np.ndarray[Any, Any], live: np.ndarray[Any, Any]
) -> int | None:
    """The first game of ``live`` whose entry ``chosen`` its row of ``masks`` refuses."""
    width = masks.shape[1]
    inside = (chosen >= 0) & (chosen < width)
    legal = masks[np.arange(chosen.size), np.where(inside, chosen, 0)] & inside
    refused = np.flatnonzero(live & ~legal)
    return int(refused[0]) if refused.size else None


class ProcessVectorEnv(VectorEnv):
    """:class:`SeatVectorEnv` spread over worker processes: each steps a share of the games.

    The same API and the same results as one :class:`SeatVectorEnv` of ``num_envs``
    games with the same seeds, whatever ``workers`` is (sub-environment ``i`` is seeded
    ``seed + i`` in both). Each step sends every worker its actions, then waits for each
    to write its games' arrays into memory shared with this process, so the workers step
    at the same time: on a machine with free cores, two
    workers step about twice the games of one (``benchmarks/vector.py``). Workers are
    started with ``forkserver`` where the platform has it, else ``spawn`` (never a fork
    of a process with threads); bots given as objects must pickle. Call ``close()``
    (or use ``with``) to stop them.

    Args:
        num_envs: The number of games.
        workers: The number of worker processes (at most ``num_envs``).
        copy: Whether each step returns copies of the shared arrays (the default), or the
            arrays themselves (valid until the next step).
        **kwargs: As :class:`SeatVectorEnv`.

    Raises:
        ConfigError: If an argument makes no sense (checked in this process first).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self, num_envs: int, *, workers: int = 2, copy: bool = True, **kwargs: Any
    ) -> None:
        import multiprocessing

        if type(num_envs) is not int or not 1 <= num_envs <= MAX_ENVS:
            raise ConfigError(f"num_envs must be an int from 1 to {MAX_ENVS}, not {num_envs!r}")
        if type(workers) is not int or not 1 <= workers <= num_envs:
            raise ConfigError(f"workers must be an int from 1 to num_envs, not {workers!r}")
        probe = SeatVectorEnv(1, **kwargs)  # ConfigError here, in this process
        self._players = probe._first.players
        self.num_envs = num_envs
        self.single_observation_space = probe.single_observation_space
        self.single_action_space = probe.single_action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shares = [num_envs // workers + (j < num_envs % workers) for j in range(workers)]
        self._bounds = np.cumsum([0, *shares]).tolist()
        methods = multiprocessing.get_all_start_methods()
        context: Any = multiprocessing.get_context(
            "forkserver" if "forkserver" in methods else "spawn"
        )
        layout = _Layout(num_envs, probe._observations.shape[1], probe.action_masks().shape[1])
        memory = context.RawArray("b", layout.nbytes)
        self._arrays = layout.arrays(memory)
        self._copy = copy
        self._pipes: list[Any] = []
        self._processes: list[Any] = []
        for j, share in enumerate(shares):
            mine, theirs = context.Pipe()
            rows = (self._bounds[j], self._bounds[j + 1])
            process = context.Process(
                target=_work,
                args=(theirs, share, dict(kwargs, copy=False), memory, layout, rows),
                daemon=True,
            )
            process.start()
            theirs.close()
            self._pipes.append(mine)
            self._processes.append(process)
        self._closed_workers = False
        try:
            for pipe in self._pipes:
                self._receive(pipe)  # each worker made its games (or failed as the probe would)
        except BaseException:
            self.close_extras()
            raise
        self._masks = self._arrays[-1]

    def _receive(self, pipe: Any) -> Any:
        try:
            kind, value = pipe.recv()
        except EOFError:
            raise RuntimeError(
                "a worker of ProcessVectorEnv stopped (a script that makes one needs "
                "if __name__ == '__main__':)"
            ) from None
        if kind == "error":
            raise value
        return value

    def _out(self, array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return array.copy() if self._copy else array

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """As :meth:`SeatVectorEnv.reset`."""
        seeds = _seeds(seed, self.num_envs)  # checked here: every worker accepts them
        _seat_option(options, self._players)
        bounds = self._bounds
        for j, pipe in enumerate(self._pipes):
            pipe.send(("reset", (seeds[bounds[j] : bounds[j + 1]], options)))
        failure: BaseException | None = None
        for pipe in self._pipes:  # every reply read, so that no pipe falls behind
            try:
                self._receive(pipe)
            except BaseException as error:
                failure = failure or error
        if failure is not None:
            raise failure
        observations, _, _, _, masks = self._arrays
        info = {"action_mask": self._out(masks), "_action_mask": np.ones(self.num_envs, bool)}
        return self._out(observations), info

    def step(self, actions: Any) -> _Step:
        """As :meth:`SeatVectorEnv.step`: a masked action raises before any game moves.

        The masks of the last step say which action is masked: the worker of the first
        masked one is sent its actions alone, and refuses them all (its
        :class:`SeatVectorEnv` checks every action before it plays one), so no other
        worker's games move either."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ConfigError(f"actions must be {self.num_envs} catalogue indices, not {actions!r}")
        bounds = self._bounds
        masks = self._masks
        live = np.any(masks, axis=1)  # none: the game ended and resets
        first = _first_masked(masks, chosen, live)
        order = list(range(len(self._pipes)))
        if first is not None:  # its worker first, alone: it raises, and nothing else moved
            owner = next(j for j in order if bounds[j] <= first < bounds[j + 1])
            order.remove(owner)
            order.insert(0, owner)
            self._pipes[owner].send(("step", chosen[bounds[owner] : bounds[owner + 1]]))
            self._receive(self._pipes[owner])
            order = order[1:]
        for j in order:
            self._pipes[j].send(("step", chosen[bounds[j] : bounds[j + 1]]))
        failure: BaseException | None = None
        for j in order:
            try:
                self._receive(self._pipes[j])
            except BaseException as error:  # collect every reply, then raise the first
                failure = failure or error
        if failure is not None:
            raise failure
        observations, rewards, terminations, truncations, masks = self._arrays
        info = {"action_mask": self._out(masks), "_action_mask": np.ones(self.num_envs, bool)}
        return (
            self._out(observations),
            self._out(rewards),
            self._out(terminations),
            self._out(truncations),
            info,
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """As :meth:`SeatVectorEnv.action_masks`."""
        masks: np.ndarray[Any, Any] = self._masks.copy()
        return masks

    def __enter__(self) -> ProcessVectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers."""
        if self._closed_workers:
            return
        self._closed_workers = True
        for pipe in self._pipes:
            with contextlib.suppress(BrokenPipeError, OSError):
                pipe.send(("close", None))
        for process in self._processes:
            process.join(timeout=10)
            if process.is_alive():
                process.terminate()
        for pipe in self._pipes:
            pipe.close()


class _Layout:
    """Where :class:`ProcessVectorEnv`'s arrays lie in the memory it shares with its
    workers: observations, rewards, terminations, truncations, masks."""

    def __init__(self, count: int, size: int, actions: int) -> None:
        self.shapes: tuple[tuple[tuple[int, ...], Any], ...] = (
            ((count, size), np.float32),
            ((count,), np.float64),
            ((count,), np.bool_),
            ((count,), np.bool_),
            ((count, actions), np.bool_),
        )
        offsets = [0]
        for shape, kind in self.shapes:
            end = offsets[-1] + int(np.prod(shape)) * np.dtype(kind).itemsize
            offsets.append(-(-end // 8) * 8)  # each array 8-byte aligned
        self.offsets = offsets
        self.nbytes = offsets[-1]

    def arrays(self, memory: Any) -> tuple[np.ndarray[Any, Any], ...]:
        """NumPy arrays over ``memory`` (no copy)."""
        return tuple(
            np.frombuffer(memory, kind, int(np.prod(shape)), offset).reshape(shape)
            for (shape, kind), offset in zip(self.shapes, self.offsets, strict=False)
        )


def _work(
    pipe: Any,
    count: int,
    kwargs: dict[str, Any],
    memory: Any,
    layout: _Layout,
    rows: tuple[int, int],
) -> None:
    """A worker of :class:`ProcessVectorEnv`: its share of the games, driven by ``pipe``; it
    writes their arrays into rows ``rows`` of the shared ``memory``."""
    try:
        envs = SeatVectorEnv(count, **kwargs)
    except BaseException as error:
        pipe.send(("error", error))
        return
    low, high = rows
    shared = [array[low:high] for array in layout.arrays(memory)]
    pipe.send(("ok", None))
    while True:
        try:
            command, value = pipe.recv()
        except EOFError:
            return
        try:
            if command == "close":
                return
            if command == "reset":
                seeds, options = value
                observations, info = envs.reset(seed=seeds, options=options)
                results: tuple[Any, ...] = (observations, 0.0, False, False, info["action_mask"])
            else:
                observations, rewards, terminations, truncations, info = envs.step(value)
                results = (observations, rewards, terminations, truncations, info["action_mask"])
            for target, result in zip(shared, results, strict=True):
                target[...] = result
            pipe.send(("ok", None))
        except Exception as error:
            pipe.send(("error", error))
