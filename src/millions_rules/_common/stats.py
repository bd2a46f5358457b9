"""The simulator's statistics: confidence intervals, the common figures and their tables.

:class:`CommonStatistics` is what ``simulate`` measures in a game that has no
:class:`~millions_rules.kit.GameStatistics` of its own, and the base a game's own may
extend: win rates by bot and by seat, the mean final score (:meth:`~millions_rules.games.Game.scores`), the
length of a game, as tables, CSV and JSON.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from .game import EstimateRow, Game

__all__ = [
    "ESTIMATE_SCHEMA",
    "SEAT_GAMES",
    "CommonStatistics",
    "Estimate",
    "as_dict",
    "csv_text",
    "format_mean",
    "format_rate",
    "mean_interval",
    "text_table",
    "wilson",
]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Estimate:
    """A measured value with its 95% confidence interval and the sample size."""

    value: float
    """The estimate (a rate from 0 to 1, or a mean)."""
    low: float
    """The lower bound of the 95% interval."""
    high: float
    """The upper bound of the 95% interval."""
    n: int
    """How many observations (trials for a rate)."""


def wilson(successes: int, trials: int) -> Estimate:
    """A rate with its Wilson score 95% interval (sound for small samples and extreme rates).

    >>> from millions_rules.kit import wilson
    >>> e = wilson(54, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3)
    (0.54, 0.443, 0.634)
    >>> wilson(0, 0)
    Estimate(value=0.0, low=0.0, high=1.0, n=0)
    """
    if trials == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high, trials)


def mean_interval(values: Sequence[float]) -> Estimate:
    """A mean with its normal-approximation 95% interval (``mean ± 1.96·s/√n``).

    >>> from millions_rules.kit import mean_interval
    >>> e = mean_interval([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3), e.n
    (2.5, 1.235, 3.765, 4)
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def as_dict(e: Estimate) -> dict[str, float | int]:
    """An estimate as the plain data of ``simulate --json``.

    >>> from millions_rules.kit import as_dict, wilson
    >>> as_dict(wilson(1, 2))["n"]
    2
    """
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


#: The JSON Schema of one estimate of ``simulate --json``.
ESTIMATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["value", "low", "high", "n"],
    "additionalProperties": False,
    "properties": {
        "value": {"type": "number"},
        "low": {"type": "number"},
        "high": {"type": "number"},
        "n": {"type": "integer", "minimum": 0},
    },
}

#: What the tables say of their counts: each seat of each game is one trial.
SEAT_GAMES = (
    "Win rates are per seat-game (one seat in one game). A shared win counts as a win for\n"
    "each winner, so the win rates of a game's seats can add up to more than 100%."
)


def format_rate(e: Mapping[str, Any]) -> str:
    """A rate and its interval, in percent, as the tables show it.

    >>> from millions_rules.kit import as_dict, format_rate, wilson
    >>> format_rate(as_dict(wilson(1, 2)))
    ' 50.0% [ 9.5-90.5]'
    """
    return f"{e['value'] * 100:5.1f}% [{e['low'] * 100:4.1f}-{e['high'] * 100:4.1f}]"


def format_mean(e: Mapping[str, Any]) -> str:
    """A mean and its interval, as the tables show it.

    >>> from millions_rules.kit import as_dict, format_mean, mean_interval
    >>> format_mean(as_dict(mean_interval([1, 3])))
    ' 2.00 [0.04 to 3.96]'
    """
    return f"{e['value']:5.2f} [{e['low']:.2f} to {e['high']:.2f}]"


def text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines of one plain-text table: its title, headers, a rule, the rows, a blank line."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [title, line(headers), line(["-" * w for w in widths]), *map(line, rows), ""]


def csv_text(rows: Sequence[EstimateRow]) -> str:
    """The rows as CSV: ``section,name,metric,value,low,high,n``, one estimate a row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["section", "name", "metric", "value", "low", "high", "n"])
    for section, name, metric, e in rows:
        writer.writerow(
            [
                section,
                name,
                metric,
                f"{e['value']:.6g}",
                f"{e['low']:.6g}",
                f"{e['high']:.6g}",
                e["n"],
            ]
        )
    return buffer.getvalue()


class CommonStatistics:
    """The simulator's figures of any game, from the game interface alone.

    A summary holds ``seed``, ``bots``, ``winners``, ``score`` (:meth:`~millions_rules.games.Game.scores`) and
    ``rounds``, the game's length (here: its actions, :meth:`~millions_rules.games.Game.version`); the statistics
    are ``games``, ``bots`` and ``seats`` (each ``win_rate`` and ``mean_<score>``) and
    ``game_length``. A game's own statistics may subclass it and override what differs.

    Args:
        game: The game.
        score: The summary key of the scores (and the table's column).
        length_unit: What ``rounds`` counts, for the table.
    """

    options: tuple[str, ...] = ()
    """The game's own simulator options (none)."""

    def __init__(
        self, game: Game[Any, Any, Any, Any], score: str = "score", length_unit: str = "actions"
    ) -> None:
        self.game = game
        """The game."""
        self.score = score
        """The summary key of the scores."""
        self.length_unit = length_unit
        """What a game's length counts."""

    @property
    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of ``simulate --game NAME --json``."""
        side = {
            "type": "object",
            "required": ["win_rate", f"mean_{self.score}"],
            "additionalProperties": False,
            "properties": {"win_rate": ESTIMATE_SCHEMA, f"mean_{self.score}": ESTIMATE_SCHEMA},
        }
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"millions-rules simulate --game {self.game.name}",
            "type": "object",
            "required": ["settings", "statistics"],
            "additionalProperties": False,
            "properties": {
                "settings": {
                    "type": "object",
                    "required": ["game", "players", "games", "bots", "rotate", "seed"],
                    "properties": {
                        "game": {"const": self.game.name},
                        "players": {"type": "integer", "minimum": 1},
                        "games": {"type": "integer", "minimum": 1},
                        "bots": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                        "rotate": {"type": "boolean"},
                        "seed": {"type": "integer"},
                    },
                },
                "statistics": {
                    "type": "object",
                    "required": ["games", "bots", "seats", "game_length"],
                    "properties": {
                        "games": {"type": "integer", "minimum": 1},
                        "bots": {"type": "object", "additionalProperties": side},
                        "seats": {
                            "type": "object",
                            "propertyNames": {"pattern": "^[0-9]+$"},
                            "additionalProperties": side,
                        },
                        "game_length": ESTIMATE_SCHEMA,
                    },
                },
            },
        }

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> Any:
        """``game.config(players, seed=seed, **options)``."""
        return self.game.config(players, seed=seed, **options)

    def summarise(self, final: Any, labels: Sequence[str], seconds: float) -> dict[str, Any]:
        """The common summary of a finished game (see the class text)."""
        game = self.game
        return {
            "bots": list(labels),
            "winners": list(game.winners(final)),
            self.score: list(game.scores(final)),
            "rounds": game.version(final),
        }

    def statistics(self, summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """No figures beyond the common ones."""
        return {}

    def settings(self, common: Mapping[str, Any]) -> dict[str, Any]:
        """The run's settings as they are."""
        return dict(common)

    def rows(self, stats: Mapping[str, Any]) -> list[EstimateRow]:
        """Each bot's and seat's estimates, then the game's length, then any other figure
        the game added (an estimate, under the section ``game``)."""
        rows: list[EstimateRow] = []
        for section in ("bots", "seats"):
            for name, side in stats[section].items():
                for metric, estimate in side.items():
                    rows.append((section, name, metric, estimate))
        rows.append(("game", "all", "length", stats["game_length"]))
        for key, value in stats.items():
            if key not in ("games", "bots", "seats", "game_length") and _is_estimate(value):
                rows.append(("game", "all", key, value))
        return rows

    def table(self, settings: Mapping[str, Any], stats: Mapping[str, Any]) -> str:
        """The tables by bot and by seat, then the game's length."""
        lines = [
            f"{stats['games']} {self.game.title} games, {settings['players']} players, "
            f"seed {settings['seed']}",
            f"Bots: {', '.join(settings['bots'])}",
            "Intervals in brackets are 95% confidence intervals (Wilson for rates).",
            SEAT_GAMES,
            "",
        ]
        lines += self.side_tables(stats, f"mean {self.score}")
        lines.append(f"Game length: {format_mean(stats['game_length'])} {self.length_unit}")
        return "\n".join(lines) + "\n"

    def side_tables(self, stats: Mapping[str, Any], heading: str) -> list[str]:
        """The lines of the tables by bot and by seat (``heading``: the score's column)."""
        lines: list[str] = []
        side = ["seat-games", "win rate", heading]
        key = f"mean_{self.score}"
        for title, section in (("By bot", "bots"), ("By seat", "seats")):
            lines += text_table(
                title,
                [section[:-1], *side],
                [
                    [name, str(s["win_rate"]["n"]), format_rate(s["win_rate"]), format_mean(s[key])]
                    for name, s in stats[section].items()
                ],
            )
        return lines


def _is_estimate(value: object) -> bool:
    return isinstance(value, Mapping) and set(value) == {"value", "low", "high", "n"}
