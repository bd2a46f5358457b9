"""What the simulator measures in *Millions of Dollars*: its per-game hook (:data:`HOOK`).

The simulator is written once for every game (:mod:`millions_rules.bots._simulate`); this
module holds what only Millions has: its variants on the command line, final cash as the
score, and the statistics by role and of the lone Snitch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

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
from ._rule import RuleBot
from ._stats import as_dict, mean_interval, wilson

__all__ = ["HOOK", "MillionsStats", "summarise"]


class MillionsStats:
    """The simulator's hook for *Millions of Dollars* (see :class:`~millions_rules.bots._simulate.GameStats`)."""

    game: str = "millions"
    score: str = "cash"
    """Each seat's final cash, in millions (``mean_cash``)."""
    options: tuple[str, ...] = ("quick", "repeat_role", "dealer")

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> GameConfig:
        """The config of one game: ``quick``, ``repeat_role`` and ``dealer`` (values)."""
        make = GameConfig.quick if options["quick"] else GameConfig
        return make(
            players,
            seed=seed,
            repeat_role=RepeatRole(options["repeat_role"]),
            dealer=Dealer(options["dealer"]),
        )

    def rule_bot(self) -> RuleBot:
        """Millions' :class:`~millions_rules.bots.RuleBot`."""
        return RuleBot()

    def summarise(self, final: GameState, labels: Sequence[str], seconds: float) -> dict[str, Any]:
        """:func:`summarise`."""
        return summarise(final, labels, seconds)

    def statistics(self, summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """``roles`` and ``lone_snitch`` (see :func:`~millions_rules.bots._simulate.statistics`)."""
        characters = [c for s in summaries for c in s["characters"]]
        roles: dict[str, Any] = {}
        for role in Role:
            mine = [c for c in characters if c["role"] == role.value]
            if not mine:
                continue
            roles[role.value] = {
                "chosen": as_dict(wilson(len(mine), len(characters))),
                "survived": as_dict(
                    wilson(sum(c["outcome"] == "survived" for c in mine), len(mine))
                ),
                "eliminated": as_dict(
                    wilson(sum(c["outcome"] == "eliminated" for c in mine), len(mine))
                ),
                "mean_payoff": as_dict(mean_interval([c["payoff"] for c in mine])),
            }
        snitches = sum(1 for c in characters if c["role"] == Role.SNITCH.value)
        return {
            "roles": roles,
            "lone_snitch": as_dict(wilson(sum(s["lone_snitch"] for s in summaries), snitches)),
        }


def summarise(final: GameState, labels: Sequence[str], seconds: float = 0.0) -> dict[str, Any]:
    """The plain-data summary of a finished game used by the statistics."""
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


#: The hook the simulator uses for Millions.
HOOK: Final = MillionsStats()
