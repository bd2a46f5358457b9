"""``python -m millions_rules simulate``: play many games between bots, print statistics.

``__main__`` registers the subcommand with :func:`add_parser` and runs it with :func:`run`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, NoReturn, TextIO

from .._common.errors import ConfigError
from .._common.stats import csv_text
from ..games import GAMES, get_game
from ..millions import RepeatRole
from ..millions.companions import JSON_SCHEMA as MILLIONS_JSON_SCHEMA
from ..millions.companions import STATISTICS as MILLIONS_STATISTICS
from ..torraku import Setup
from ..torraku.companions import JSON_SCHEMA as TORRAKU_SCHEMA
from ..torraku.companions import STATISTICS as TORRAKU_STATISTICS
from ._league import cycle, league, league_table, ratings
from ._ray import LOCAL, LOCAL_CPUS
from ._simulate import bot_from_spec, simulate, statistics, statistics_of

__all__ = [
    "JSON_SCHEMA",
    "add_option_argument",
    "game_option",
    "TORRAKU_JSON_SCHEMA",
    "Progress",
    "add_parser",
    "run",
    "to_csv",
    "to_table",
    "torraku_table",
]

#: The JSON Schema of ``simulate --json`` (Millions', the default game): its statistics'
#: :attr:`~millions_rules.kit.GameStatistics.json_schema`.
JSON_SCHEMA: dict[str, Any] = MILLIONS_JSON_SCHEMA

#: The JSON Schema of ``simulate --game torraku --json``.
TORRAKU_JSON_SCHEMA: dict[str, Any] = TORRAKU_SCHEMA


def _bots(text: str) -> list[str]:
    specs = [_spec(part) for part in text.split(",") if part.strip()]
    if not specs:
        raise argparse.ArgumentTypeError("give at least one bot")
    for spec in specs:
        try:
            bot_from_spec(spec)  # the same names in every game
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return specs


def _spec(part: str) -> str:
    """A bot spec as given: the built-in names in lower case, ``module:Class`` as written."""
    spec = part.strip()
    name = spec.partition(":")[0].lower()
    return spec.lower() if name in ("random", "rule", "ismcts") else spec


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
        help="the game: Millions of Dollars (default), Currency Torraku or any registered game",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=5,
        choices=range(1, 9),
        metavar="N",
        help="3-8 for Millions, 1-6 for Torraku, each game's own range (default 5)",
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
            "game (rule is each game's own), or module:Class for any bot class (importable, "
            "made with no argument). One per seat keeps its seat (unless --rotate); any other "
            "number is a pool dealt round the table and rotated one seat each game; with "
            "--league, the entrants (default: random)"
        ),
    )
    parser.add_argument(
        "--rotate", action="store_true", help="rotate a one-per-seat list one seat each game"
    )
    parser.add_argument(
        "--league",
        action="store_true",
        help=(
            "a seeded, seat-rotating round robin of the --bots (at least two, each once): "
            "every lineup in every seating, --games rounded up to whole cycles; prints "
            "each bot's Elo rating with a bootstrap 95%% interval"
        ),
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
    add_option_argument(parser)
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
    measure = statistics_of(game)
    flags = _option_flags(args)
    given: dict[str, Any] = dict(getattr(args, "option", None) or [])
    if measure.options:
        unknown = sorted(set(given) - set(measure.options))
        if unknown:
            _usage_error(
                err,
                f"{name} has no simulator option {', '.join(unknown)} "
                f"(its options: {', '.join(measure.options)})",
            )
    missing = [option for option in measure.options if option not in flags | given]
    if missing:
        _usage_error(err, f"simulate has no option for {name}'s {', '.join(missing)}")
    options: dict[str, Any] = {option: flags.get(option) for option in measure.options}
    options |= given
    common: dict[str, Any] = {"game": name, "players": args.players, "games": args.games}
    common |= {"bots": list(args.bots), "rotate": bool(args.rotate)}
    common |= options
    common["seed"] = args.seed
    settings = measure.settings(common)
    show = args.progress if args.progress is not None else err.isatty()
    if getattr(args, "league", False):
        return _league(args, name, options, show, out, err)
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
        out.write(csv_text(measure.rows(stats)))
    else:
        out.write(measure.table(settings, stats))
    return 0


def _league(
    args: argparse.Namespace,
    name: str,
    options: dict[str, Any],
    show: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    """``simulate --league``: play the league, print the ratings."""
    entrants = list(args.bots)
    if len(entrants) < 2 or len(set(entrants)) != len(entrants):
        _usage_error(err, "--league needs at least two different bots, each named once")
    if args.rotate:
        _usage_error(err, "--league rotates the seats itself: leave out --rotate")
    try:
        length = cycle(entrants, args.players)
    except ConfigError as error:
        _usage_error(err, str(error))
    total = -(-args.games // length) * length
    bar = Progress(total, err) if show else None
    try:
        summaries = league(
            name,
            args.games,
            args.players,
            entrants,
            options,
            seed=args.seed,
            jobs=args.jobs,
            ray=getattr(args, "ray", None),
            progress=bar,
        )
    except ConfigError as error:
        _usage_error(err, str(error))
    finally:
        if bar is not None:
            bar.close()
    table = ratings(summaries, entrants, seed=args.seed)
    settings: dict[str, Any] = {"game": name, "players": args.players, "games": total}
    settings |= {"cycle": length, "seed": args.seed, "bots": entrants, **options}
    if args.json:
        json.dump({"settings": settings, "ratings": table}, out, indent=2, sort_keys=True)
        out.write("\n")
    elif args.csv:
        rows = [
            (
                part,
                bot,
                metric,
                table[bot][part]["value"],
                table[bot][part]["low"],
                table[bot][part]["high"],
                table[bot][part]["n"],
            )
            for bot in entrants
            for part, metric in (("elo", "rating"), ("win_rate", "rate"))
        ]
        out.write("section,name,metric,value,low,high,n\n")
        out.writelines(",".join(str(cell) for cell in row) + "\n" for row in rows)
    else:
        out.write(league_table(settings, table))
    return 0


def game_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` of ``--option``: the value read as JSON, else taken as text.

    >>> game_option("cards=3"), game_option("dealer=external"), game_option("limit=null")
    (('cards', 3), ('dealer', 'external'), ('limit', None))
    """
    name, sep, value = text.partition("=")
    if not sep or not name.strip().isidentifier():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    try:
        parsed: Any = json.loads(value)
    except ValueError:
        parsed = value
    return name.strip(), parsed


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable): a game's own option, for any game."""
    parser.add_argument(
        "--option",
        type=game_option,
        action="append",
        metavar="NAME=VALUE",
        help=(
            "one of the game's own options (a field of its config), for any game; "
            "VALUE is read as JSON, else as text; repeat for several"
        ),
    )


def _option_flags(args: argparse.Namespace) -> dict[str, Any]:
    """The games' options the command line has a flag for, by option name."""
    return {
        "quick": bool(args.quick),
        "repeat_role": args.repeat_role,
        "dealer": "external" if args.external_dealer else "engine",
        "setup": args.setup,
        "round_limit": args.round_limit,
    }


def _usage_error(err: TextIO, message: str) -> NoReturn:
    err.write(f"simulate: error: {message}\n")
    raise SystemExit(2)


def to_csv(stats: dict[str, Any]) -> str:
    """Millions' statistics as CSV: ``section,name,metric,value,low,high,n``, one estimate a row."""
    return csv_text(MILLIONS_STATISTICS.rows(stats))


def to_table(settings: dict[str, Any], stats: dict[str, Any]) -> str:
    """Millions' statistics as the plain-text tables ``simulate`` prints."""
    return MILLIONS_STATISTICS.table(settings, stats)


def torraku_table(settings: dict[str, Any], stats: dict[str, Any]) -> str:
    """The Torraku statistics as the plain-text tables ``simulate --game torraku`` prints."""
    return TORRAKU_STATISTICS.table(settings, stats)
