"""What the simulator measures in *Millions of Dollars*: its statistics (:data:`HOOK`).

The simulator is written once for every game (:mod:`millions_rules.bots._simulate`); this
module, the game's :attr:`~millions_rules.games.Companions.statistics`, holds what only
Millions has: its variants on the command line, final cash as the score, the statistics
by role and of the lone Snitch, and how ``simulate`` shows them (table, CSV, JSON Schema).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._common.game import EstimateRow
from .._common.stats import (
    ESTIMATE_SCHEMA,
    SEAT_GAMES,
    as_dict,
    format_mean,
    format_rate,
    mean_interval,
    text_table,
    wilson,
)
from ._config import GameConfig
from ._events import (
    CharacterChosen,
    CharacterRevealed,
    CharacterTakenBack,
    Eliminated,
    LootRevealed,
    RoundEnded,
    SnitchPunished,
)
from ._money import cash_after
from ._roles import Dealer, RepeatRole, Role
from ._state import GameState

__all__ = ["HOOK", "JSON_SCHEMA", "MillionsStats", "summarise"]

_SIDE: dict[str, Any] = {
    "type": "object",
    "required": ["win_rate", "mean_cash"],
    "additionalProperties": False,
    "properties": {"win_rate": ESTIMATE_SCHEMA, "mean_cash": ESTIMATE_SCHEMA},
}
_ROLE: dict[str, Any] = {
    "type": "object",
    "required": ["chosen", "survived", "eliminated", "mean_payoff"],
    "additionalProperties": False,
    "properties": {k: ESTIMATE_SCHEMA for k in ("chosen", "survived", "eliminated", "mean_payoff")},
}

#: The JSON Schema of ``simulate --json``: the run's settings and its statistics. Every
#: estimate is ``{"value", "low", "high", "n"}`` (a 95% interval; ``n`` observations).
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "millions-rules simulate",
    "type": "object",
    "required": ["settings", "statistics"],
    "additionalProperties": False,
    "properties": {
        "settings": {
            "type": "object",
            "required": [
                "players",
                "games",
                "bots",
                "rotate",
                "quick",
                "repeat_role",
                "dealer",
                "seed",
            ],
            "additionalProperties": False,
            "properties": {
                "players": {"type": "integer", "minimum": 3, "maximum": 8},
                "games": {"type": "integer", "minimum": 1},
                "bots": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "rotate": {"type": "boolean"},
                "quick": {"type": "boolean"},
                "repeat_role": {"enum": [r.value for r in RepeatRole]},
                "dealer": {"enum": [d.value for d in Dealer]},
                "seed": {"type": "integer"},
            },
        },
        "statistics": {
            "type": "object",
            "required": ["games", "bots", "seats", "game_length", "roles", "lone_snitch"],
            "additionalProperties": False,
            "properties": {
                "games": {"type": "integer", "minimum": 1},
                "bots": {"type": "object", "additionalProperties": _SIDE},
                "seats": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[0-7]$"},
                    "additionalProperties": _SIDE,
                },
                "game_length": ESTIMATE_SCHEMA,
                "roles": {
                    "type": "object",
                    "propertyNames": {"enum": ["snitch", "brute", "driver", "crook", "mastermind"]},
                    "additionalProperties": _ROLE,
                },
                "lone_snitch": ESTIMATE_SCHEMA,
            },
        },
    },
}


class MillionsStats:
    """The simulator's statistics of *Millions of Dollars* (a :class:`~millions_rules.kit.GameStatistics`)."""

    score: str = "cash"
    """Each seat's final cash, in millions (``mean_cash``)."""
    options: tuple[str, ...] = ("quick", "repeat_role", "dealer")
    """``quick``, ``repeat_role`` and ``dealer``."""
    json_schema: dict[str, Any] = JSON_SCHEMA
    """:data:`JSON_SCHEMA`."""

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> GameConfig:
        """The config of one game: ``quick``, ``repeat_role`` and ``dealer`` (values)."""
        make = GameConfig.quick if options["quick"] else GameConfig
        return make(
            players,
            seed=seed,
            repeat_role=RepeatRole(options["repeat_role"]),
            dealer=Dealer(options["dealer"]),
        )

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

    def settings(self, common: Mapping[str, Any]) -> dict[str, Any]:
        """The run's settings without ``game`` (Millions' JSON predates other games)."""
        return {key: value for key, value in common.items() if key != "game"}

    def rows(self, stats: Mapping[str, Any]) -> list[EstimateRow]:
        """Bots, seats, the game's length, each role, the lone Snitch."""
        rows: list[EstimateRow] = []
        for section in ("bots", "seats"):
            for name, side in stats[section].items():
                for metric, estimate in side.items():
                    rows.append((section, name, metric, estimate))
        rows.append(("game", "all", "length", stats["game_length"]))
        for role, metrics in stats["roles"].items():
            for metric, estimate in metrics.items():
                rows.append(("roles", role, metric, estimate))
        rows.append(("roles", "snitch", "lone_snitch", stats["lone_snitch"]))
        return rows

    def table(self, settings: Mapping[str, Any], stats: Mapping[str, Any]) -> str:
        """The tables ``simulate`` prints (95% intervals in brackets)."""
        variant = "quick game" if settings["quick"] else "full game"
        lines = [
            f"{stats['games']} games, {settings['players']} players, {variant}, "
            f"repeat_role={settings['repeat_role']}, {settings['dealer']} dealer, "
            f"seed {settings['seed']}",
            f"Bots: {', '.join(settings['bots'])}",
            "Intervals in brackets are 95% confidence intervals (Wilson for rates).",
            SEAT_GAMES,
            "",
        ]
        side = ["seat-games", "win rate", "mean final cash (M)"]
        for title, key in (("By bot", "bots"), ("By seat", "seats")):
            lines += text_table(
                title,
                [key[:-1], *side],
                [
                    [
                        name,
                        str(s["win_rate"]["n"]),
                        format_rate(s["win_rate"]),
                        format_mean(s["mean_cash"]),
                    ]
                    for name, s in stats[key].items()
                ],
            )
        lines += text_table(
            "By role (of all characters chosen)",
            ["role", "characters", "chosen", "survived", "eliminated", "mean payoff (M)"],
            [
                [
                    role,
                    str(m["survived"]["n"]),
                    format_rate(m["chosen"]),
                    format_rate(m["survived"]),
                    format_rate(m["eliminated"]),
                    format_mean(m["mean_payoff"]),
                ]
                for role, m in stats["roles"].items()
            ],
        )
        lines.append(f"Game length: {format_mean(stats['game_length'])} rounds")
        lines.append(
            "Lone Snitch (R-HEIST-LONE-SNITCH): "
            f"{format_rate(stats['lone_snitch'])} of Snitches chosen"
        )
        return "\n".join(lines) + "\n"


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


#: The statistics the simulator uses for Millions.
HOOK: Final = MillionsStats()
