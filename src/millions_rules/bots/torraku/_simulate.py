"""The Torraku simulator behind ``python -m millions_rules simulate --game torraku``.

It shares the Millions simulator's machinery (:func:`~millions_rules.bots._simulate.map_games`
for the processes, :func:`~millions_rules.bots._simulate.game_seed` and
:func:`~millions_rules.bots._simulate.seats_for_game` for seeds and seats, Wilson and normal
intervals): game ``i`` depends on the run's seed and ``i`` alone, so the results are the
same whatever the number of processes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...torraku._config import TorrakuConfig
from ...torraku._events import PenaltyTaken
from ...torraku._pieces import Setup
from ...torraku._state import TorrakuState
from .._simulate import GameSummary, _estimate, game_seed, map_games, seats_for_game
from .._stats import mean_interval, wilson
from ._bots import Bot, RandomBot, RuleBot
from ._runner import play_game

__all__ = ["BOT_NAMES", "bot_from_spec", "run_games", "statistics", "summarise"]

#: The short names of the Torraku bots, for ``--bots``.
BOT_NAMES: tuple[str, ...] = ("random", "rule")


def bot_from_spec(spec: str) -> Bot:
    """A Torraku bot from its short name: ``random`` or ``rule``.

    >>> bot_from_spec("rule")
    RuleBot(risk=0.5)

    Raises:
        ValueError: For any other name.
    """
    name = spec.strip().lower()
    if name == "random":
        return RandomBot()
    if name == "rule":
        return RuleBot()
    raise ValueError(f"unknown Torraku bot {spec!r}: use random or rule")


def play_one(task: tuple[int, int, tuple[str, ...], int, str, int | None, bool]) -> GameSummary:
    """Play game ``game`` of a run and summarise it (the unit of work of a process)."""
    game, players, specs, seed, setup, round_limit, rotate = task
    labels = seats_for_game(specs, players, game, rotate)
    config = TorrakuConfig(
        players, seed=game_seed(seed, game), setup=Setup(setup), round_limit=round_limit
    )
    return summarise(play_game(config, [bot_from_spec(label) for label in labels]), labels)


def summarise(final: TorrakuState, labels: Sequence[str]) -> GameSummary:
    """The plain-data summary of a finished game used by :func:`statistics`."""
    return {
        "seed": final.config.seed,
        "bots": list(labels),
        "winners": sorted(final.winners),
        "pieces": [hand.total for hand in final.hands],
        "rounds": final.round,
        "penalties": sum(1 for e in final.events if isinstance(e, PenaltyTaken)),
    }


def run_games(
    games: int,
    players: int,
    specs: Sequence[str],
    *,
    seed: int = 0,
    setup: Setup = Setup.STANDARD,
    round_limit: int | None = 50,
    rotate: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` Torraku games on ``jobs`` processes; the summaries in game order.

    The results depend on the arguments only, never on ``jobs``.
    """
    for spec in specs:
        bot_from_spec(spec)  # fail early, in this process
    tasks = [
        (i, players, tuple(specs), seed, setup.value, round_limit, rotate) for i in range(games)
    ]
    return map_games(play_one, tasks, jobs=jobs, progress=progress)


def statistics(summaries: Sequence[GameSummary]) -> dict[str, Any]:
    """Statistics of a Torraku run, each with its 95% interval, as plain data.

    Keys: ``games``; ``bots`` and ``seats`` (``win_rate``, a shared win counting for each
    winner, and ``mean_pieces``, the pieces left at the end: Torraku has no score or money
    total, R-TK-COMP-2, and fewer is better); ``game_length`` (rounds); ``penalties`` (per
    game); ``round_limit_reached`` (games decided by the round limit, R-TK-VAR-LIMIT).
    """
    bots: dict[str, list[tuple[bool, int]]] = {}
    seats: dict[int, list[tuple[bool, int]]] = {}
    for s in summaries:
        for seat, label in enumerate(s["bots"]):
            row = (seat in s["winners"], s["pieces"][seat])
            bots.setdefault(label, []).append(row)
            seats.setdefault(seat, []).append(row)
    at_limit = sum(1 for s in summaries if min(s["pieces"]) > 0)
    return {
        "games": len(summaries),
        "bots": {label: _side(rows) for label, rows in sorted(bots.items())},
        "seats": {str(seat): _side(rows) for seat, rows in sorted(seats.items())},
        "game_length": _estimate(mean_interval([s["rounds"] for s in summaries])),
        "penalties": _estimate(mean_interval([s["penalties"] for s in summaries])),
        "round_limit_reached": _estimate(wilson(at_limit, len(summaries))),
    }


def _side(rows: list[tuple[bool, int]]) -> dict[str, Any]:
    return {
        "win_rate": _estimate(wilson(sum(won for won, _ in rows), len(rows))),
        "mean_pieces": _estimate(mean_interval([pieces for _, pieces in rows])),
    }
