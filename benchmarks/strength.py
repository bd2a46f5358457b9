"""Strength benchmark: how often each bot wins, with Wilson 95% intervals.

Run with ``python benchmarks/strength.py [--games N] [--jobs J] [--seed S]``. Each line plays
``N`` 5-player games (default 300); the bot under test sits in one seat, rotated over all
five seats (game ``i`` puts it in seat ``i mod 5``), the four others are the opponents. A
shared win counts as a win. Lines and goals (the base rate of one seat in five is 20%):

* ``RuleBot`` against four ``RandomBot``: win rate at least 40% (twice the base rate);
* ``ISMCTSBot(iterations=200)`` against four ``RuleBot``: lower bound of the interval above 20%.

Then the time per decision of ``ISMCTSBot(iterations=200)``, measured in one process over a
few games against ``RuleBot`` (wall clock: it includes sampling worlds; on a busy machine it
is slower, so the CPU time of the process is given too). The results do not depend on
``--jobs``. ``--only strength`` or ``--only timing`` runs one part.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence

from millions_rules import Action, GameConfig, PlayerView, __version__
from millions_rules.bots import Bot, ISMCTSBot, RuleBot, play_game
from millions_rules.bots._simulate import run_games
from millions_rules.bots._simulate import statistics as run_statistics

LINES = (
    ("RuleBot vs 4 RandomBot", ["rule", "random", "random", "random", "random"], "rule", 0.20),
    (
        "ISMCTSBot(200) vs 4 RuleBot",
        ["ismcts:200", "rule", "rule", "rule", "rule"],
        "ismcts:200",
        0.20,
    ),
)


class _Timed:
    """Wraps a bot and records the wall time of each decision."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return action


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=10)
    parser.add_argument(
        "--only", choices=["strength", "timing"], help="run only the win-rate lines or the timing"
    )
    args = parser.parse_args(argv)
    if args.only != "timing":
        _strength(args)
    if args.only != "strength":
        _timing(args)
    return 0


def _strength(args: argparse.Namespace) -> None:
    print(
        f"millions-rules {__version__}, Python {platform.python_version()}, {args.games} games a line"
    )
    print()
    print("| Bot under test | Games | Win rate | Wilson 95% interval | Goal | Met |")
    print("| --- | ---: | ---: | --- | --- | --- |")
    for title, specs, label, goal in LINES:
        started = time.perf_counter()
        summaries = run_games(args.games, 5, specs, seed=args.seed, rotate=True, jobs=args.jobs)
        win = run_statistics(summaries)["bots"][label]["win_rate"]
        if label == "rule":
            met, goal_text = win["value"] >= 2 * goal, f">= {2 * goal:.0%}"
        else:
            met, goal_text = win["low"] > goal, f"low > {goal:.0%}"
        print(
            f"| {title} | {win['n']} | {win['value']:.1%} | {win['low']:.1%} to {win['high']:.1%} "
            f"| {goal_text} | {'yes' if met else 'NO'} |",
            flush=True,
        )
        print(f"<!-- {title}: {time.perf_counter() - started:.0f} s -->", file=sys.stderr)


def _timing(args: argparse.Namespace) -> None:
    timed = _Timed(ISMCTSBot(iterations=200))
    for game in range(args.timing_games):
        bots: list[Bot] = [RuleBot() for _ in range(5)]
        bots[game % 5] = timed
        play_game(GameConfig(5, seed=args.seed + game), bots)
    times, cpu = timed.times, timed.cpu
    print()
    print(
        f"ISMCTSBot(iterations=200): {len(times)} decisions in {args.timing_games} games; "
        f"wall clock mean {statistics.fmean(times) * 1000:.0f} ms, median "
        f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; CPU time "
        f"mean {statistics.fmean(cpu) * 1000:.0f} ms, median {statistics.median(cpu) * 1000:.0f} ms "
        "per decision"
    )


if __name__ == "__main__":
    sys.exit(main())
