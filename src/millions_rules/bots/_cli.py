"""``python -m millions_rules simulate``: play many games between bots, print statistics.

``__main__`` registers the subcommand with :func:`add_parser` and runs it with :func:`run`.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from typing import Any, NoReturn, TextIO

from .._common.errors import ConfigError
from ..games import GAMES, get_game
from ..millions._roles import Dealer, RepeatRole
from ..torraku._pieces import Setup
from ._ray import LOCAL, LOCAL_CPUS
from ._simulate import bot_from_spec, simulate, statistics

__all__ = ["JSON_SCHEMA", "TORRAKU_JSON_SCHEMA", "Progress", "add_parser", "run"]

_ESTIMATE: dict[str, Any] = {
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
_SIDE: dict[str, Any] = {
    "type": "object",
    "required": ["win_rate", "mean_cash"],
    "additionalProperties": False,
    "properties": {"win_rate": _ESTIMATE, "mean_cash": _ESTIMATE},
}
_ROLE: dict[str, Any] = {
    "type": "object",
    "required": ["chosen", "survived", "eliminated", "mean_payoff"],
    "additionalProperties": False,
    "properties": {k: _ESTIMATE for k in ("chosen", "survived", "eliminated", "mean_payoff")},
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
                "game_length": _ESTIMATE,
                "roles": {
                    "type": "object",
                    "propertyNames": {"enum": ["snitch", "brute", "driver", "crook", "mastermind"]},
                    "additionalProperties": _ROLE,
                },
                "lone_snitch": _ESTIMATE,
            },
        },
    },
}

_TK_SIDE: dict[str, Any] = {
    "type": "object",
    "required": ["win_rate", "mean_pieces"],
    "additionalProperties": False,
    "properties": {"win_rate": _ESTIMATE, "mean_pieces": _ESTIMATE},
}

#: The JSON Schema of ``simulate --game torraku --json``. ``mean_pieces`` is the mean number
#: of pieces left at the end (Torraku has no score, R-TK-COMP-2; fewer is better).
TORRAKU_JSON_SCHEMA: dict[str, Any] = {
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
                "bots": {"type": "object", "additionalProperties": _TK_SIDE},
                "seats": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[0-5]$"},
                    "additionalProperties": _TK_SIDE,
                },
                "game_length": _ESTIMATE,
                "penalties": _ESTIMATE,
                "round_limit_reached": _ESTIMATE,
            },
        },
    },
}


def _bots(text: str) -> list[str]:
    specs = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not specs:
        raise argparse.ArgumentTypeError("give at least one bot")
    for spec in specs:
        try:
            bot_from_spec(spec)  # the same names in every game
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return specs


def _round_limit(text: str) -> int | None:
    if text.lower() == "none":
        return None
    return _positive(text)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < 1 << 64:
        raise argparse.ArgumentTypeError("the seed must be from 0 to 2**64 - 1")
    return value


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``simulate`` subcommand to an ``argparse`` subparsers object."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "simulate",
        help="play many games between bots and print statistics",
        description=(
            "Play many games between bots and print statistics with 95% confidence "
            "intervals. Results depend on the options only, never on --jobs or --ray."
        ),
    )
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="millions",
        help="Millions of Dollars (default) or Currency Torraku",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=5,
        choices=range(1, 9),
        metavar="N",
        help="3-8 for Millions, 1-6 for Torraku (default 5)",
    )
    parser.add_argument(
        "--games", type=_positive, default=100, help="how many games to play (default 100)"
    )
    parser.add_argument(
        "--bots",
        type=_bots,
        default=["random"],
        metavar="LIST",
        help=(
            "comma-separated bots: random, rule, ismcts or ismcts:ITERATIONS, in either "
            "game (rule is each game's own). One per seat keeps its seat (unless --rotate); any other number is a pool dealt round the "
            "table and rotated one seat each game (default: random)"
        ),
    )
    parser.add_argument(
        "--rotate", action="store_true", help="rotate a one-per-seat list one seat each game"
    )
    parser.add_argument("--quick", action="store_true", help="the quick game (R-VAR-QUICK)")
    parser.add_argument(
        "--repeat-role",
        choices=[r.value for r in RepeatRole],
        default="no_share",
        help="R-VAR-REPEAT (default no_share)",
    )
    parser.add_argument(
        "--external-dealer",
        action="store_true",
        help="deal as an external dealer would (Dealer.EXTERNAL; the runner deals at random)",
    )
    parser.add_argument(
        "--setup",
        choices=[s.value for s in Setup],
        default="standard",
        help="Torraku only: the standard or the long game (R-TK-SETUP; default standard)",
    )
    parser.add_argument(
        "--round-limit",
        type=_round_limit,
        default=50,
        metavar="N",
        help="Torraku only: the last round (R-TK-VAR-LIMIT; default 50; none: no limit)",
    )
    parser.add_argument(
        "--seed", type=_seed, default=0, help="seeds every game of the run (default 0)"
    )
    parser.add_argument(
        "--jobs", type=_positive, default=1, help="worker processes on this machine (default 1)"
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const=LOCAL,
        default=None,
        metavar="ADDRESS",
        help=(
            "run the games as Ray tasks (needs the [ray] extra): without ADDRESS on a Ray "
            f"started for the run with {LOCAL_CPUS} CPUs, else on the cluster at ADDRESS "
            "(auto, ray://HOST:10001); the output is the same as with --jobs 1"
        ),
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the statistics as JSON")
    output.add_argument(
        "--csv", action="store_true", help="print the statistics as CSV, one estimate a row"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    return parser


class Progress:
    """A progress bar with rate and ETA: ``tqdm`` when installed (``[cli]``), else plain text.

    Call it with the number of games done; :meth:`close` ends the line.
    """

    def __init__(self, total: int, stream: TextIO, fancy: bool = True) -> None:
        self.total = total
        self.stream = stream
        self.started = time.monotonic()
        self.bar: Any = None
        self.shown = -1.0
        if fancy:
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, unit="game", file=stream, dynamic_ncols=True)

    def __call__(self, done: int) -> None:
        if self.bar is not None:
            self.bar.update(done - self.bar.n)
            return
        now = time.monotonic()
        if done < self.total and now - self.shown < 0.5:
            return
        self.shown = now
        self.stream.write("\r" + plain_progress(done, self.total, now - self.started))
        self.stream.flush()

    def close(self) -> None:
        """End the bar."""
        if self.bar is not None:
            self.bar.close()
        else:
            self.stream.write("\n")
            self.stream.flush()


def plain_progress(done: int, total: int, elapsed: float) -> str:
    """The plain fallback's line: count, percentage, rate and ETA.

    >>> plain_progress(30, 120, 10.0)
    '30/120 games  25%  3.0 games/s  ETA 0:00:30'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    left = round((total - done) / rate) if rate > 0 else 0
    eta = f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}"
    return f"{done}/{total} games  {done * 100 // max(total, 1)}%  {rate:.1f} games/s  ETA {eta}"


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``simulate`` with parsed arguments; print the statistics to ``out``.

    Options that do not fit the game (1 player for Millions, 7 players for Torraku...) end
    with a usage error, exit status 2; so does ``--ray`` without Ray installed.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    name = getattr(args, "game", "millions")
    game = get_game(name)
    counts = game.player_counts
    if args.players not in counts:
        _usage_error(
            err, f"{name} is played by {counts[0]} to {counts[-1]} players, not {args.players}"
        )
    for spec in args.bots:
        try:
            bot_from_spec(spec, name)
        except ValueError as error:
            _usage_error(err, str(error))
    if name == "torraku":
        options: dict[str, Any] = {"setup": args.setup, "round_limit": args.round_limit}
        settings: dict[str, Any] = {"game": "torraku", "players": args.players}
    else:
        dealer = "external" if args.external_dealer else "engine"
        options = {"quick": bool(args.quick), "repeat_role": args.repeat_role, "dealer": dealer}
        settings = {"players": args.players}
    settings |= {"games": args.games, "bots": list(args.bots), "rotate": bool(args.rotate)}
    settings |= options
    settings["seed"] = args.seed
    show = args.progress if args.progress is not None else err.isatty()
    bar = Progress(args.games, err) if show else None
    try:
        summaries = simulate(
            name,
            args.games,
            args.players,
            args.bots,
            options,
            seed=args.seed,
            rotate=args.rotate,
            jobs=args.jobs,
            ray=getattr(args, "ray", None),
            progress=bar,
        )
    except ConfigError as error:
        _usage_error(err, str(error))
    finally:
        if bar is not None:
            bar.close()
    stats = statistics(summaries, name)
    if args.json:
        json.dump({"settings": settings, "statistics": stats}, out, indent=2, sort_keys=True)
        out.write("\n")
    elif args.csv:
        out.write(_csv(_torraku_rows(stats)) if name == "torraku" else to_csv(stats))
    else:
        out.write(
            torraku_table(settings, stats) if name == "torraku" else to_table(settings, stats)
        )
    return 0


def _usage_error(err: TextIO, message: str) -> NoReturn:
    err.write(f"simulate: error: {message}\n")
    raise SystemExit(2)


#: What the tables say of their counts: each seat of each game is one trial.
_SEAT_GAMES = (
    "Win rates are per seat-game (one seat in one game). A shared win counts as a win for\n"
    "each winner, so the win rates of a game's seats can add up to more than 100%."
)


def _torraku_rows(stats: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    rows = []
    for section in ("bots", "seats"):
        for name, side in stats[section].items():
            for metric, estimate in side.items():
                rows.append((section, name, metric, estimate))
    for metric in ("game_length", "penalties", "round_limit_reached"):
        rows.append(("game", "all", metric, stats[metric]))
    return rows


def torraku_table(settings: dict[str, Any], stats: dict[str, Any]) -> str:
    """The Torraku statistics as the plain-text tables ``simulate --game torraku`` prints."""
    limit = settings["round_limit"]
    lines = [
        f"{stats['games']} Torraku games, {settings['players']} players, "
        f"{settings['setup']} setup, round limit {limit if limit is not None else 'none'}, "
        f"seed {settings['seed']}",
        f"Bots: {', '.join(settings['bots'])}",
        "Intervals in brackets are 95% confidence intervals (Wilson for rates).",
        _SEAT_GAMES,
        "Torraku often ends in a shared win (seats out of pieces in the same round, or tied\n"
        "at the round limit): its win rates often add up to more than 100%.",
        "",
    ]
    side = ["seat-games", "win rate", "mean pieces left"]
    for title, key in (("By bot", "bots"), ("By seat", "seats")):
        lines += _table(
            title,
            [key[:-1], *side],
            [
                [name, str(s["win_rate"]["n"]), _rate(s["win_rate"]), _mean(s["mean_pieces"])]
                for name, s in stats[key].items()
            ],
        )
    lines.append(f"Game length: {_mean(stats['game_length'])} rounds")
    lines.append(f"Penalties: {_mean(stats['penalties'])} a game")
    lines.append(f"Decided by the round limit: {_rate(stats['round_limit_reached'])} of games")
    return "\n".join(lines) + "\n"


def _rows(stats: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    rows = []
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


def to_csv(stats: dict[str, Any]) -> str:
    """The statistics as CSV: ``section,name,metric,value,low,high,n``, one estimate a row."""
    return _csv(_rows(stats))


def _csv(rows: list[tuple[str, str, str, dict[str, Any]]]) -> str:
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


def _rate(e: dict[str, Any]) -> str:
    return f"{e['value'] * 100:5.1f}% [{e['low'] * 100:4.1f}-{e['high'] * 100:4.1f}]"


def _mean(e: dict[str, Any]) -> str:
    return f"{e['value']:5.2f} [{e['low']:.2f} to {e['high']:.2f}]"


def _table(title: str, headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [title, line(headers), line(["-" * w for w in widths]), *map(line, rows), ""]


def to_table(settings: dict[str, Any], stats: dict[str, Any]) -> str:
    """The statistics as the plain-text tables ``simulate`` prints (95% intervals in brackets)."""
    variant = "quick game" if settings["quick"] else "full game"
    lines = [
        f"{stats['games']} games, {settings['players']} players, {variant}, "
        f"repeat_role={settings['repeat_role']}, {settings['dealer']} dealer, seed {settings['seed']}",
        f"Bots: {', '.join(settings['bots'])}",
        "Intervals in brackets are 95% confidence intervals (Wilson for rates).",
        _SEAT_GAMES,
        "",
    ]
    side = ["seat-games", "win rate", "mean final cash (M)"]
    lines += _table(
        "By bot",
        ["bot", *side],
        [
            [name, str(s["win_rate"]["n"]), _rate(s["win_rate"]), _mean(s["mean_cash"])]
            for name, s in stats["bots"].items()
        ],
    )
    lines += _table(
        "By seat",
        ["seat", *side],
        [
            [name, str(s["win_rate"]["n"]), _rate(s["win_rate"]), _mean(s["mean_cash"])]
            for name, s in stats["seats"].items()
        ],
    )
    lines += _table(
        "By role (of all characters chosen)",
        ["role", "characters", "chosen", "survived", "eliminated", "mean payoff (M)"],
        [
            [
                role,
                str(m["survived"]["n"]),
                _rate(m["chosen"]),
                _rate(m["survived"]),
                _rate(m["eliminated"]),
                _mean(m["mean_payoff"]),
            ]
            for role, m in stats["roles"].items()
        ],
    )
    lines.append(f"Game length: {_mean(stats['game_length'])} rounds")
    lines.append(
        f"Lone Snitch (R-HEIST-LONE-SNITCH): {_rate(stats['lone_snitch'])} of Snitches chosen"
    )
    return "\n".join(lines) + "\n"
