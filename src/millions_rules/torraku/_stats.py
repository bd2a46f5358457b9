"""What the simulator measures in *Currency Torraku*: its statistics (:data:`HOOK`).

The simulator is written once for every game (:mod:`millions_rules.bots._simulate`); this
module, the game's :attr:`~millions_rules.games.Companions.statistics`, holds what only
Torraku has: its setups and round limit on the command line, the pieces left as the score
(fewer is better), penalties and games decided by the round limit, and how ``simulate``
shows them.
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
from ._config import TorrakuConfig
from ._events import PenaltyTaken
from ._pieces import Setup
from ._state import TorrakuState

__all__ = ["HOOK", "JSON_SCHEMA", "TorrakuStats", "summarise"]

_SIDE: dict[str, Any] = {
    "type": "object",
    "required": ["win_rate", "mean_pieces"],
    "additionalProperties": False,
    "properties": {"win_rate": ESTIMATE_SCHEMA, "mean_pieces": ESTIMATE_SCHEMA},
}

#: The JSON Schema of ``simulate --game torraku --json``. ``mean_pieces`` is the mean number
#: of pieces left at the end (Torraku has no score, R-TK-COMP-2; fewer is better).
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "millions-rules simulate --game torraku",
    "type": "object",
    "required": ["settings", "statistics"],
    "additionalProperties": False,
    "properties": {
        "settings": {
            "type": "object",
            "required": [
                "game",
                "players",
                "games",
                "bots",
                "rotate",
                "setup",
                "round_limit",
                "seed",
            ],
            "additionalProperties": False,
            "properties": {
                "game": {"const": "torraku"},
                "players": {"type": "integer", "minimum": 1, "maximum": 6},
                "games": {"type": "integer", "minimum": 1},
                "bots": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^(random|rule|ismcts(:[1-9][0-9]*)?)$"},
                    "minItems": 1,
                },
                "rotate": {"type": "boolean"},
                "setup": {"enum": [s.value for s in Setup]},
                "round_limit": {"type": ["integer", "null"], "minimum": 1},
                "seed": {"type": "integer"},
            },
        },
        "statistics": {
            "type": "object",
            "required": [
                "games",
                "bots",
                "seats",
                "game_length",
                "penalties",
                "round_limit_reached",
            ],
            "additionalProperties": False,
            "properties": {
                "games": {"type": "integer", "minimum": 1},
                "bots": {"type": "object", "additionalProperties": _SIDE},
                "seats": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[0-5]$"},
                    "additionalProperties": _SIDE,
                },
                "game_length": ESTIMATE_SCHEMA,
                "penalties": ESTIMATE_SCHEMA,
                "round_limit_reached": ESTIMATE_SCHEMA,
            },
        },
    },
}


class TorrakuStats:
    """The simulator's statistics of *Currency Torraku* (a :class:`~millions_rules.kit.GameStatistics`)."""

    score: str = "pieces"
    """The pieces each seat still owns at the end (``mean_pieces``; fewer is better)."""
    options: tuple[str, ...] = ("setup", "round_limit")
    """``setup`` and ``round_limit``."""
    json_schema: dict[str, Any] = JSON_SCHEMA
    """:data:`JSON_SCHEMA`."""

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> TorrakuConfig:
        """The config of one game: ``setup`` (a value) and ``round_limit``."""
        return TorrakuConfig(
            players,
            seed=seed,
            setup=Setup(options["setup"]),
            round_limit=options["round_limit"],
        )

    def summarise(
        self, final: TorrakuState, labels: Sequence[str], seconds: float
    ) -> dict[str, Any]:
        """:func:`summarise`."""
        return summarise(final, labels)

    def statistics(self, summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """``penalties`` and ``round_limit_reached`` (see ``simulate``'s statistics)."""
        at_limit = sum(1 for s in summaries if min(s["pieces"]) > 0)
        return {
            "penalties": as_dict(mean_interval([s["penalties"] for s in summaries])),
            "round_limit_reached": as_dict(wilson(at_limit, len(summaries))),
        }

    def settings(self, common: Mapping[str, Any]) -> dict[str, Any]:
        """The run's settings as they are (with ``game``)."""
        return dict(common)

    def rows(self, stats: Mapping[str, Any]) -> list[EstimateRow]:
        """Bots, seats, then the game's length, penalties and round limit."""
        rows: list[EstimateRow] = []
        for section in ("bots", "seats"):
            for name, side in stats[section].items():
                for metric, estimate in side.items():
                    rows.append((section, name, metric, estimate))
        for metric in ("game_length", "penalties", "round_limit_reached"):
            rows.append(("game", "all", metric, stats[metric]))
        return rows

    def table(self, settings: Mapping[str, Any], stats: Mapping[str, Any]) -> str:
        """The plain-text tables ``simulate --game torraku`` prints."""
        limit = settings["round_limit"]
        lines = [
            f"{stats['games']} Torraku games, {settings['players']} players, "
            f"{settings['setup']} setup, round limit {limit if limit is not None else 'none'}, "
            f"seed {settings['seed']}",
            f"Bots: {', '.join(settings['bots'])}",
            "Intervals in brackets are 95% confidence intervals (Wilson for rates).",
            SEAT_GAMES,
            "Torraku often ends in a shared win (seats out of pieces in the same round, or tied\n"
            "at the round limit): its win rates often add up to more than 100%.",
            "",
        ]
        side = ["seat-games", "win rate", "mean pieces left"]
        for title, key in (("By bot", "bots"), ("By seat", "seats")):
            lines += text_table(
                title,
                [key[:-1], *side],
                [
                    [
                        name,
                        str(s["win_rate"]["n"]),
                        format_rate(s["win_rate"]),
                        format_mean(s["mean_pieces"]),
                    ]
                    for name, s in stats[key].items()
                ],
            )
        lines.append(f"Game length: {format_mean(stats['game_length'])} rounds")
        lines.append(f"Penalties: {format_mean(stats['penalties'])} a game")
        lines.append(
            f"Decided by the round limit: {format_rate(stats['round_limit_reached'])} of games"
        )
        return "\n".join(lines) + "\n"


def summarise(final: TorrakuState, labels: Sequence[str]) -> dict[str, Any]:
    """The plain-data summary of a finished game used by the statistics."""
    return {
        "seed": final.config.seed,
        "bots": list(labels),
        "winners": sorted(final.winners),
        "pieces": [hand.total for hand in final.hands],
        "rounds": final.round,
        "penalties": sum(1 for e in final.events if isinstance(e, PenaltyTaken)),
    }


#: The statistics the simulator uses for Torraku.
HOOK: Final = TorrakuStats()
