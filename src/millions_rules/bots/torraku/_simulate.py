"""What the simulator measures in *Currency Torraku*: its per-game hook (:data:`HOOK`).

The simulator is written once for every game (:mod:`millions_rules.bots._simulate`); this
module holds what only Torraku has: its setups and round limit on the command line, the
pieces left as the score (fewer is better), penalties and games decided by the round limit.
:func:`run_games` and :func:`bot_from_spec` are the simulator's, for Torraku (they import
it when called: the simulator imports this hook).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...torraku._config import TorrakuConfig
from ...torraku._events import PenaltyTaken
from ...torraku._pieces import Setup
from ...torraku._state import TorrakuState
from .._stats import as_dict, mean_interval, wilson
from ._bots import RuleBot

__all__ = ["HOOK", "TorrakuStats", "bot_from_spec", "run_games", "statistics", "summarise"]


class TorrakuStats:
    """The simulator's hook for *Currency Torraku* (see :class:`~millions_rules.bots._simulate.GameStats`)."""

    game: str = "torraku"
    score: str = "pieces"
    """The pieces each seat still owns at the end (``mean_pieces``; fewer is better)."""
    options: tuple[str, ...] = ("setup", "round_limit")

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> TorrakuConfig:
        """The config of one game: ``setup`` (a value) and ``round_limit``."""
        return TorrakuConfig(
            players,
            seed=seed,
            setup=Setup(options["setup"]),
            round_limit=options["round_limit"],
        )

    def rule_bot(self) -> RuleBot:
        """Torraku's :class:`~millions_rules.bots.torraku.RuleBot`."""
        return RuleBot()

    def summarise(
        self, final: TorrakuState, labels: Sequence[str], seconds: float
    ) -> dict[str, Any]:
        """:func:`summarise`."""
        return summarise(final, labels)

    def statistics(self, summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """``penalties`` and ``round_limit_reached`` (see :func:`statistics`)."""
        at_limit = sum(1 for s in summaries if min(s["pieces"]) > 0)
        return {
            "penalties": as_dict(mean_interval([s["penalties"] for s in summaries])),
            "round_limit_reached": as_dict(wilson(at_limit, len(summaries))),
        }


def summarise(final: TorrakuState, labels: Sequence[str]) -> dict[str, Any]:
    """The plain-data summary of a finished game used by :func:`statistics`."""
    return {
        "seed": final.config.seed,
        "bots": list(labels),
        "winners": sorted(final.winners),
        "pieces": [hand.total for hand in final.hands],
        "rounds": final.round,
        "penalties": sum(1 for e in final.events if isinstance(e, PenaltyTaken)),
    }


#: The hook the simulator uses for Torraku.
HOOK: Final = TorrakuStats()


def statistics(summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Statistics of a Torraku run, each with its 95% interval, as plain data.

    Keys: ``games``; ``bots`` and ``seats`` (``win_rate``, a shared win counting for each
    winner, and ``mean_pieces``, the pieces left at the end: Torraku has no score or money
    total, R-TK-COMP-2, and fewer is better); ``game_length`` (rounds); ``penalties`` (per
    game); ``round_limit_reached`` (games decided by the round limit, R-TK-VAR-LIMIT).
    """
    from .._simulate import statistics as generic

    return generic(summaries, "torraku")


def bot_from_spec(spec: str) -> Any:
    """A Torraku bot from its short name: ``random``, ``rule`` or ``ismcts[:ITERATIONS]``.

    >>> bot_from_spec("rule")
    RuleBot(risk=0.5)

    Raises:
        ValueError: For any other name.
    """
    from .._simulate import bot_from_spec as generic

    return generic(spec, "torraku")


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
    from .._simulate import simulate

    options = {"setup": setup.value, "round_limit": round_limit}
    run: dict[str, Any] = {"seed": seed, "rotate": rotate, "jobs": jobs, "progress": progress}
    return simulate("torraku", games, players, specs, options, **run)
