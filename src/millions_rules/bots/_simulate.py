"""The simulator of every game: many games between bots, in parallel, and their statistics.

This is the engine of ``python -m millions_rules simulate`` (the command line lives in
:mod:`millions_rules.bots._cli`). It is written once against the game interface: game
``i`` of a run has its own seed, drawn from the run's seed and ``i`` alone, and its own
fresh bots, so a run gives the same results whatever the number of processes, on one
machine or on a Ray cluster. What each game measures beyond wins, its score and the length
of a game is its :attr:`~millions_rules.games.Companions.statistics` (:data:`HOOKS`):
Millions' roles and lone Snitches, Torraku's penalties and round limit; a game without its
own gets :class:`~millions_rules.kit.CommonStatistics`. A worker process or a Ray worker
finds the game by name in its own registry, so an installed game (an entry point) plays
there too.
"""

from __future__ import annotations

import importlib
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final, TypeVar, cast

from .._common.errors import ConfigError
from .._common.game import GameStatistics
from .._common.stats import CommonStatistics, as_dict, mean_interval, wilson
from ..games import GAMES, AnyGame, get_game
from ..millions import Dealer, RepeatRole
from ..millions.companions import summarise
from ._ismcts import ISMCTSBot
from ._protocol import AnyBot
from ._random_bot import RandomBot
from ._runner import _play

__all__ = [
    "HOOKS",
    "GameStats",
    "GameSummary",
    "bot_from_spec",
    "game_seed",
    "map_games",
    "play_one",
    "run_games",
    "seats_for_game",
    "simulate",
    "statistics",
    "statistics_of",
    "summarise",
]

#: One game, as plain data: what the statistics need.
GameSummary = dict[str, Any]
Task = TypeVar("Task")


#: What the simulator needs to know of one game beyond the game interface (the name it
#: had before it became a part of the game contract).
GameStats = GameStatistics


def statistics_of(game: AnyGame) -> GameStatistics:
    """What the simulator measures in ``game``: its own statistics, else the common ones."""
    return game.companions.statistics or CommonStatistics(game)


class _Hooks(Mapping[str, GameStatistics]):
    """Each registered game's statistics, by name (read-only, always current)."""

    def __getitem__(self, name: str) -> GameStatistics:
        return statistics_of(GAMES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: The simulator's statistics of each registered game, by name.
HOOKS: Final[Mapping[str, GameStatistics]] = _Hooks()


def _hook(game: str) -> GameStatistics:
    return statistics_of(get_game(game))  # ConfigError for an unknown name


def bot_from_spec(spec: str, game: str | None = None) -> AnyBot:
    """A bot of ``game`` from its spec: ``random``, ``rule``, ``ismcts[:ITERATIONS]`` or
    ``module:Class``.

    ``random`` and ``ismcts`` are the bots of every game; ``rule`` is the game's own
    (:attr:`~millions_rules.games.Companions.rule_bot`; a game without one gets a
    :class:`~millions_rules.bots.RandomBot`). ``module:Class`` imports ``module`` (which
    must be importable: installed, or on ``PYTHONPATH``) and calls its ``Class`` with no
    argument, for any bot (a trained agent, such as a
    :class:`~millions_rules.adapters.gymnasium.PolicyBot` subclass that loads its model;
    ``Class`` may be a dotted path inside the module, or any callable that makes a bot).
    The simulator makes a fresh bot for every game, so a class that loads a model should
    load it once per process (at class level). ``game`` ``None`` is the command line's
    default game, Millions.

    >>> bot_from_spec("ismcts:50")
    ISMCTSBot(iterations=50, seconds=None, seed=None)
    >>> bot_from_spec("rule", "torraku")
    RuleBot(risk=0.5)
    >>> bot_from_spec("millions_rules.bots:StayBot")
    StayBot()
    >>> bot_from_spec("millions_rules.bots:play_game")
    Traceback (most recent call last):
    ...
    ValueError: bot 'millions_rules.bots:play_game': play_game() failed: TypeError: play_game() missing 2 required positional arguments: 'config' and 'bots'

    Raises:
        ValueError: For an unknown name, a bad iteration count, a module that cannot be
            imported, a missing class, or a class whose instance is no bot.
    """
    if type(spec) is not str:
        raise ValueError(f"a bot spec must be a string, not {type(spec).__name__}")
    text = spec.strip()
    name, sep, arg = text.partition(":")
    lower = name.lower()
    if lower == "random" and not sep:
        return RandomBot()
    if lower == "rule" and not sep:
        make = get_game(game or "millions").companions.rule_bot
        return make() if make is not None else RandomBot()
    if lower == "ismcts":
        if not sep:
            return ISMCTSBot()
        if arg.isascii() and arg.isdigit() and len(arg) <= 12 and int(arg) > 0:
            return ISMCTSBot(iterations=int(arg))
    elif sep and name and arg and lower not in ("random", "rule"):
        return _imported_bot(text, name.strip(), arg.strip())
    which = "" if game is None else get_game(game).title.split()[-1] + " "
    raise ValueError(
        f"unknown {which}bot {spec!r}: use random, rule, ismcts[:ITERATIONS] or module:Class"
    )


def _imported_bot(spec: str, module: str, name: str) -> AnyBot:
    """``module:name()``, checked to be a bot (see :func:`bot_from_spec`)."""
    try:
        found: Any = importlib.import_module(module)
    except Exception as error:  # any failure of the user's module is the spec's
        raise ValueError(
            f"bot {spec!r}: cannot import {module!r} ({type(error).__name__}: {error})"
        ) from None
    for part in name.split("."):
        if not part.isidentifier() or not hasattr(found, part):
            raise ValueError(f"bot {spec!r}: {module!r} has no {name!r}")
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(f"bot {spec!r}: {name!r} is not a class")
    try:
        bot = found()
    except Exception as error:
        raise ValueError(
            f"bot {spec!r}: {name}() failed: {type(error).__name__}: {error}"
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(
            f"bot {spec!r}: a {type(bot).__name__} is no bot (it has no choose method)"
        )
    return cast(AnyBot, bot)


def seats_for_game(specs: Sequence[str], players: int, game: int, rotate: bool) -> list[str]:
    """The bot of each seat in game ``game``.

    A list of one bot per seat keeps its seats unless ``rotate``; any other list is a pool
    dealt round the table, shifted by one seat each game. Rotating moves every bot one seat
    clockwise each game, so each bot plays each seat equally often over ``players`` games.

    >>> seats_for_game(["rule", "random"], 5, 1, False)
    ['random', 'rule', 'random', 'rule', 'random']
    >>> seats_for_game(["ismcts", "rule", "rule"], 3, 1, True)
    ['rule', 'ismcts', 'rule']
    """
    if len(specs) == players and not rotate:
        return list(specs)
    return [specs[(seat - game) % len(specs)] for seat in range(players)]


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run seeded ``seed`` (independent of everything else).

    >>> game_seed(0, 1) == game_seed(0, 1) != game_seed(0, 2)
    True
    """
    return random.Random(f"millions-simulate:{seed}:{game}").getrandbits(64)


#: One game of a run: game name, index, players, bot specs, run seed, the game's own
#: options (name and value pairs), rotate. Plain data, so that it travels to processes.
GameTask = tuple[str, int, int, tuple[str, ...], int, tuple[tuple[str, Any], ...], bool]


def play_one(task: GameTask) -> GameSummary:
    """Play one game of a run and summarise it (the unit of work of a process or Ray task)."""
    name, game, players, specs, seed, options, rotate = task
    hook = _hook(name)
    labels = seats_for_game(specs, players, game, rotate)
    config = hook.config(players, game_seed(seed, game), dict(options))
    bots = [bot_from_spec(label, name) for label in labels]
    started = time.perf_counter()
    final = _play(config, bots, None)
    return hook.summarise(final, labels, time.perf_counter() - started)


def simulate(
    game: str,
    games: int,
    players: int,
    specs: Sequence[str],
    options: Mapping[str, Any],
    *,
    seed: int = 0,
    rotate: bool = False,
    jobs: int = 1,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` games of ``game``; the summaries in game order.

    ``options`` are the game's own: at least those its statistics name
    (:attr:`~millions_rules.kit.GameStatistics.options`), and any other the statistics'
    ``config`` takes (the common statistics pass every option to
    :meth:`~millions_rules.games.Game.config`). The games run on ``jobs``
    processes, or as Ray tasks when ``ray`` is set (see :func:`map_games`); the results
    depend on the other arguments only. ``progress`` is called with the number of games
    finished so far.

    Raises:
        ConfigError: For an unknown game, a missing option or one the game refuses.
        ValueError: For an unknown bot.
    """
    hook = _hook(game)
    for spec in specs:
        bot_from_spec(spec, game)  # fail early, in this process
    missing = [name for name in hook.options if name not in options]
    if missing:
        raise ConfigError(f"simulate of {game} needs the options {', '.join(missing)}")
    settings = tuple((name, options[name]) for name in hook.options)
    settings += tuple(sorted((k, v) for k, v in options.items() if k not in hook.options))
    hook.config(players, 0, dict(settings))  # a bad option fails here, in this process
    tasks: list[GameTask] = [
        (game, i, players, tuple(specs), seed, settings, rotate) for i in range(games)
    ]
    return map_games(play_one, tasks, jobs=jobs, ray=ray, progress=progress)


def run_games(
    games: int,
    players: int,
    specs: Sequence[str],
    *,
    seed: int = 0,
    quick: bool = False,
    repeat_role: RepeatRole = RepeatRole.NO_SHARE,
    dealer: Dealer = Dealer.ENGINE,
    rotate: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """:func:`simulate` for Millions: ``games`` games on ``jobs`` processes, in game order.

    The results depend on the arguments only, never on ``jobs``.
    """
    options = {"quick": quick, "repeat_role": repeat_role.value, "dealer": dealer.value}
    run: dict[str, Any] = {"seed": seed, "rotate": rotate, "jobs": jobs, "progress": progress}
    return simulate("millions", games, players, specs, options, **run)


def map_games(
    play: Callable[[Task], GameSummary],
    tasks: Sequence[Task],
    *,
    jobs: int = 1,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """``play`` over ``tasks`` on ``jobs`` processes or on Ray; the results in task order.

    ``play`` must be a module-level function (it is pickled to the workers). With ``ray``
    (``"local"``: a Ray started for the run with two CPUs, shut down after it; otherwise the
    address of a running cluster, such as ``"auto"`` or ``"ray://head:10001"``) each task is
    a Ray task; the results are collected in task order, so the run is the same as on one
    process.

    Raises:
        ConfigError: If ``ray`` is set and Ray is not installed (the ``[ray]`` extra).
    """
    if ray is not None:
        from ._ray import map_on_ray

        return map_on_ray(play, tasks, ray, progress)
    results: list[GameSummary] = []
    if jobs <= 1:
        iterator: Iterator[GameSummary] = map(play, tasks)
    else:
        games = len(tasks)
        # Never fork: a process with threads (a server, Ray, a test runner) may deadlock a
        # forked child. "forkserver" where the platform has it, as Python 3.14 defaults to.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
        iterator = pool.map(play, tasks, chunksize=max(1, min(8, games // (jobs * 8))))
    try:
        for summary in iterator:
            results.append(summary)
            if progress:
                progress(len(results))
    finally:
        if jobs > 1:
            pool.shutdown()
    return results


def statistics(summaries: Sequence[Mapping[str, Any]], game: str = "millions") -> dict[str, Any]:
    """Statistics of a run of ``game``, each with its 95% confidence interval, as plain data.

    Rates use Wilson intervals, means the normal approximation. Each seat of each game is
    one trial (a *seat-game*). A shared win counts as a win for each winner, so in a game
    with shared wins (Torraku's ties) the win rates of the seats add up to more than 100%.

    Keys common to every game: ``games``; ``bots`` (per bot name) and ``seats`` (per seat):
    ``win_rate`` and the mean final score, ``mean_cash`` (Millions, in millions) or
    ``mean_pieces`` (Torraku, pieces left; fewer is better); ``game_length`` (rounds). The
    game's hook adds its own: Millions' ``roles`` (per role: ``chosen`` among all
    characters, ``survived`` and ``eliminated`` among that role's characters,
    ``mean_payoff``: the owner's cash change in that round) and ``lone_snitch`` (of the
    Snitches chosen, how many ended alone, R-HEIST-LONE-SNITCH); Torraku's ``penalties``
    (per game) and ``round_limit_reached`` (games decided by the round limit,
    R-TK-VAR-LIMIT).

    >>> statistics([{"bots": ["rule"], "winners": [0], "pieces": [0], "rounds": 2,
    ...              "penalties": 0}], "torraku")["bots"]["rule"]["win_rate"]["value"]
    1.0
    """
    hook = _hook(game)
    score = hook.score
    bots: dict[str, list[tuple[bool, int]]] = {}
    seats: dict[int, list[tuple[bool, int]]] = {}
    for s in summaries:
        for seat, label in enumerate(s["bots"]):
            row = (seat in s["winners"], s[score][seat])
            bots.setdefault(label, []).append(row)
            seats.setdefault(seat, []).append(row)
    return {
        "games": len(summaries),
        "bots": {label: _side(rows, score) for label, rows in sorted(bots.items())},
        "seats": {str(seat): _side(rows, score) for seat, rows in sorted(seats.items())},
        "game_length": as_dict(mean_interval([s["rounds"] for s in summaries])),
        **hook.statistics(summaries),
    }


def _side(rows: list[tuple[bool, int]], score: str) -> dict[str, Any]:
    return {
        "win_rate": as_dict(wilson(sum(won for won, _ in rows), len(rows))),
        f"mean_{score}": as_dict(mean_interval([value for _, value in rows])),
    }
