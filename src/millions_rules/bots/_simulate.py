"""The simulator: many games between bots, in parallel, and their statistics.

This is the engine of ``python -m millions_rules simulate`` (the command line lives in
:mod:`millions_rules.bots._cli`). Game ``i`` of a run has its own seed, drawn from the run's
seed and ``i`` alone, and its own fresh bots, so a run gives the same results whatever the
number of processes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from ..millions._config import GameConfig
from ..millions._events import (
    CharacterChosen,
    CharacterRevealed,
    CharacterTakenBack,
    Eliminated,
    LootRevealed,
    RoundEnded,
    SnitchPunished,
)
from ..millions._money import cash_after
from ..millions._roles import Dealer, RepeatRole, Role
from ..millions._state import GameState
from ._ismcts import ISMCTSBot
from ._protocol import Bot
from ._random_bot import RandomBot
from ._rule import RuleBot
from ._runner import play_game
from ._stats import Estimate, mean_interval, wilson

__all__ = [
    "GameSummary",
    "bot_from_spec",
    "game_seed",
    "map_games",
    "run_games",
    "seats_for_game",
    "statistics",
]

#: One game, as plain data: what the statistics need.
GameSummary = dict[str, Any]
Task = TypeVar("Task")


def bot_from_spec(spec: str) -> Bot:
    """A bot from its short name: ``random``, ``rule`` or ``ismcts[:ITERATIONS]``.

    >>> bot_from_spec("ismcts:50")
    ISMCTSBot(iterations=50, seconds=None, seed=None)

    Raises:
        ValueError: For an unknown name or a bad iteration count.
    """
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    if name == "random" and not arg:
        return RandomBot()
    if name == "rule" and not arg:
        return RuleBot()
    if name == "ismcts":
        if not arg:
            return ISMCTSBot()
        if arg.isdigit() and int(arg) > 0:
            return ISMCTSBot(iterations=int(arg))
    raise ValueError(f"unknown bot {spec!r}: use random, rule or ismcts[:ITERATIONS]")


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
    """The seed of game ``game`` of a run seeded ``seed`` (independent of everything else)."""
    return random.Random(f"millions-simulate:{seed}:{game}").getrandbits(64)


def _config(players: int, seed: int, quick: bool, repeat: RepeatRole, dealer: Dealer) -> GameConfig:
    make = GameConfig.quick if quick else GameConfig
    return make(players, seed=seed, repeat_role=repeat, dealer=dealer)


def play_one(task: tuple[int, int, tuple[str, ...], int, bool, str, str, bool]) -> GameSummary:
    """Play game ``game`` of a run and summarise it (the unit of work of a process)."""
    game, players, specs, seed, quick, repeat, dealer, rotate = task
    labels = seats_for_game(specs, players, game, rotate)
    config = _config(players, game_seed(seed, game), quick, RepeatRole(repeat), Dealer(dealer))
    bots = [bot_from_spec(label) for label in labels]
    started = time.perf_counter()
    final = play_game(config, bots)
    return summarise(final, labels, time.perf_counter() - started)


def summarise(final: GameState, labels: Sequence[str], seconds: float = 0.0) -> GameSummary:
    """The plain-data summary of a finished game used by :func:`statistics`."""
    events = final.events
    rounds: list[dict[str, Any]] = []
    start = 0
    for index, event in enumerate(events):
        if isinstance(event, LootRevealed):
            start = index
        elif isinstance(event, RoundEnded):
            rounds.append(_round(events[start : index + 1], final, start, index + 1))
    return {
        "seed": final.config.seed,
        "bots": list(labels),
        "winners": sorted(final.winners),
        "cash": list(final.cash),
        "rounds": len(rounds),
        "seconds": round(seconds, 6),
        "characters": [c for r in rounds for c in r["characters"]],
        "lone_snitch": sum(r["lone_snitch"] for r in rounds),
    }


def _round(events: Sequence[object], final: GameState, start: int, end: int) -> dict[str, Any]:
    before, after = cash_after(final, start), cash_after(final, end)
    outcome: dict[tuple[int, Role], str] = {}
    for event in events:
        if isinstance(event, CharacterChosen):
            for role in event.roles:
                outcome[(event.player, role)] = "survived"
        elif isinstance(event, CharacterTakenBack):
            outcome[(event.player, event.role)] = "left"
        elif isinstance(event, Eliminated):
            outcome[(event.player, event.role)] = "eliminated"
        elif isinstance(event, CharacterRevealed):
            outcome.setdefault((event.player, event.role), "survived")
    return {
        "characters": [
            {
                "seat": seat,
                "role": role.value,
                "outcome": result,
                "payoff": after[seat] - before[seat],
            }
            for (seat, role), result in outcome.items()
        ],
        "lone_snitch": sum(1 for e in events if isinstance(e, SnitchPunished)),
    }


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
    """Play ``games`` games, on ``jobs`` processes; the summaries in game order.

    The results depend on the arguments only, never on ``jobs``. ``progress`` is called with
    the number of games finished so far.
    """
    for spec in specs:
        bot_from_spec(spec)  # fail early, in this process
    tasks = [
        (i, players, tuple(specs), seed, quick, repeat_role.value, dealer.value, rotate)
        for i in range(games)
    ]
    return map_games(play_one, tasks, jobs=jobs, progress=progress)


def map_games(
    play: Callable[[Task], GameSummary],
    tasks: Sequence[Task],
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """``play`` over ``tasks`` on ``jobs`` processes (any game's simulator); results in order.

    ``play`` must be a module-level function (it is pickled to the worker processes).
    """
    results: list[GameSummary] = []
    if jobs <= 1:
        iterator: Iterator[GameSummary] = map(play, tasks)
        for summary in iterator:
            results.append(summary)
            if progress:
                progress(len(results))
        return results
    games = len(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for summary in pool.map(play, tasks, chunksize=max(1, min(8, games // (jobs * 8)))):
            results.append(summary)
            if progress:
                progress(len(results))
    return results


def _estimate(e: Estimate) -> dict[str, float | int]:
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


def statistics(summaries: Sequence[GameSummary]) -> dict[str, Any]:
    """Statistics of a run, each with its 95% confidence interval, as plain data.

    Rates use Wilson intervals, means the normal approximation. A shared win counts as a win
    for each winner. Keys: ``games``; ``bots`` (per bot name: ``win_rate``, ``mean_cash``);
    ``seats`` (per seat: ``win_rate``, ``mean_cash``); ``game_length`` (rounds);
    ``roles`` (per role: ``chosen`` among all characters, ``survived`` and ``eliminated``
    among that role's characters, ``mean_payoff``: the owner's cash change in that round);
    ``lone_snitch`` (of the Snitches chosen, how many ended alone, R-HEIST-LONE-SNITCH).
    """
    bots: dict[str, list[tuple[bool, int]]] = {}
    seats: dict[int, list[tuple[bool, int]]] = {}
    for s in summaries:
        for seat, label in enumerate(s["bots"]):
            won = seat in s["winners"]
            bots.setdefault(label, []).append((won, s["cash"][seat]))
            seats.setdefault(seat, []).append((won, s["cash"][seat]))
    characters = [c for s in summaries for c in s["characters"]]
    roles: dict[str, Any] = {}
    for role in Role:
        mine = [c for c in characters if c["role"] == role.value]
        if not mine:
            continue
        roles[role.value] = {
            "chosen": _estimate(wilson(len(mine), len(characters))),
            "survived": _estimate(wilson(sum(c["outcome"] == "survived" for c in mine), len(mine))),
            "eliminated": _estimate(
                wilson(sum(c["outcome"] == "eliminated" for c in mine), len(mine))
            ),
            "mean_payoff": _estimate(mean_interval([c["payoff"] for c in mine])),
        }
    snitches = sum(1 for c in characters if c["role"] == Role.SNITCH.value)
    return {
        "games": len(summaries),
        "bots": {label: _side(rows) for label, rows in sorted(bots.items())},
        "seats": {str(seat): _side(rows) for seat, rows in sorted(seats.items())},
        "game_length": _estimate(mean_interval([s["rounds"] for s in summaries])),
        "roles": roles,
        "lone_snitch": _estimate(wilson(sum(s["lone_snitch"] for s in summaries), snitches)),
    }


def _side(rows: list[tuple[bool, int]]) -> dict[str, Any]:
    return {
        "win_rate": _estimate(wilson(sum(won for won, _ in rows), len(rows))),
        "mean_cash": _estimate(mean_interval([cash for _, cash in rows])),
    }
