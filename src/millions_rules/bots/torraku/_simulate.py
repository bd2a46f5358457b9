"""The simulator typed for *Currency Torraku*: :func:`run_games`, :func:`statistics` and
:func:`bot_from_spec` are the simulator's, for Torraku (its figures are the game's
:attr:`~millions_rules.games.Companions.statistics`, kept in its wing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...torraku import Setup
from ...torraku.companions import STATISTICS as HOOK
from ...torraku.companions import TorrakuStats
from .._simulate import bot_from_spec as _bot_from_spec
from .._simulate import simulate
from .._simulate import statistics as _statistics

__all__ = ["HOOK", "TorrakuStats", "bot_from_spec", "run_games", "statistics"]


def statistics(summaries: Sequence[Any]) -> dict[str, Any]:
    """Statistics of a Torraku run, each with its 95% interval, as plain data.

    Keys: ``games``; ``bots`` and ``seats`` (``win_rate``, a shared win counting for each
    winner, and ``mean_pieces``, the pieces left at the end: Torraku has no score or money
    total, R-TK-COMP-2, and fewer is better); ``game_length`` (rounds); ``penalties`` (per
    game); ``round_limit_reached`` (games decided by the round limit, R-TK-VAR-LIMIT).
    """
    return _statistics(summaries, "torraku")


def bot_from_spec(spec: str) -> Any:
    """A Torraku bot from its short name: ``random``, ``rule`` or ``ismcts[:ITERATIONS]``.

    >>> bot_from_spec("rule")
    RuleBot(risk=0.5)

    Raises:
        ValueError: For any other name.
    """
    return _bot_from_spec(spec, "torraku")


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
) -> list[dict[str, Any]]:
    """Play ``games`` Torraku games on ``jobs`` processes; the summaries in game order.

    The results depend on the arguments only, never on ``jobs``.
    """
    options = {"setup": setup.value, "round_limit": round_limit}
    run: dict[str, Any] = {"seed": seed, "rotate": rotate, "jobs": jobs, "progress": progress}
    return simulate("torraku", games, players, specs, options, **run)
