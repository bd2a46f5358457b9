"""Negotiation benchmark (issue 29): the always-stay policy and bargaining RuleBots.

Run with ``python benchmarks/negotiation.py [--games N] [--jobs J] [--seed S]``. Every line
plays ``N`` 5-player games (default 2,000) with seeds ``S`` to ``S + N - 1``; the seats under
test rotate (game ``i`` starts them at seat ``i mod 5``). A shared win counts as a win for
each seat that shares it; a rate is wins over seat-games, with its Wilson 95% interval. Fair
share: one seat in five, 20%. Lines and goals:

* ``StayBot`` (always stays, never pays) against four ``RuleBot(negotiate=False)``: the
  anchor, 30% before issue 29 (no goal);
* ``StayBot`` against four bargaining ``RuleBot``: at most 1.25x the fair share, 25%;
* two bargaining ``RuleBot`` against three ``RuleBot(negotiate=False)``, per bargaining seat:
  above the fair share (bargainers beat non-bargainers);
* one bargaining ``RuleBot`` against four ``RuleBot(negotiate=False)``: reported.

Each line with ``RuleBot(negotiate=False)`` beside bargaining ``RuleBot``s has a second row:
the non-bargaining seats of the same games, per seat, which the bargaining seats must beat
(their rate above the non-bargainers'). ``--line N`` (repeatable, 1 to 4) plays only the
lines named. The results do not depend on ``--jobs``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from millions_rules import GameConfig, __version__
from millions_rules.bots import Bot, RuleBot, StayBot, play_game
from millions_rules.kit import wilson

PLAYERS = 5

#: (title, kind of the seats under test, how many of them, kind of the others, goal).
LINES: tuple[tuple[str, str, int, str, str], ...] = (
    ("StayBot vs 4 RuleBot(negotiate=False) (anchor: 30%)", "stay", 1, "plain", "anchor"),
    ("StayBot vs 4 bargaining RuleBot", "stay", 1, "deal", "<= 25%"),
    ("2 bargaining RuleBot vs 3 RuleBot(negotiate=False)", "deal", 2, "plain", "> 20%"),
    ("1 bargaining RuleBot vs 4 RuleBot(negotiate=False)", "deal", 1, "plain", "report"),
)


def _bot(kind: str) -> Bot:
    if kind == "stay":
        return StayBot()
    return RuleBot(negotiate=kind == "deal")


def _wins(job: tuple[int, str, int, str]) -> tuple[int, int]:
    """The wins of the seats under test and of the other seats in one game (seed ``job[0]``)."""
    seed, tested, count, others = job
    seats = [(seed + i) % PLAYERS for i in range(count)]
    bots = [_bot(tested if seat in seats else others) for seat in range(PLAYERS)]
    final = play_game(GameConfig(PLAYERS, seed=seed), bots)
    mine = sum(1 for seat in seats if seat in final.winners)
    return mine, len(final.winners) - mine


def main(argv: Sequence[str] | None = None) -> int:
    """Play every line and print a Markdown table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--line", type=int, action="append", choices=range(1, len(LINES) + 1))
    args = parser.parse_args(argv)
    chosen = sorted(set(args.line or range(1, len(LINES) + 1)))
    print(
        f"millions-rules {__version__}, Python {platform.python_version()}, "
        f"{args.games} games a line, seeds from {args.seed}"
    )
    print()
    print("| Line | Seat-games | Win rate | Wilson 95% interval | Goal | Met |")
    print("| --- | ---: | ---: | --- | --- | --- |")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for number in chosen:
            title, tested, count, others, goal = LINES[number - 1]
            started = time.perf_counter()
            jobs = [(args.seed + g, tested, count, others) for g in range(args.games)]
            results = list(pool.map(_wins, jobs, chunksize=50))
            wins = sum(mine for mine, _ in results)
            rate = wilson(wins, args.games * count)
            if goal == "<= 25%":
                met = "yes" if rate.value <= 0.25 else "NO"
            elif goal == "> 20%":
                met = "yes" if rate.value > 0.20 else "NO"
            else:
                met = "-"
            print(
                f"| {title} | {rate.n} | {rate.value:.1%} | {rate.low:.1%} to {rate.high:.1%} "
                f"| {goal} | {met} |",
                flush=True,
            )
            if tested == "deal" and others == "plain":
                rest = wilson(sum(o for _, o in results), args.games * (PLAYERS - count))
                beaten = "yes" if rate.value > rest.value else "NO"
                print(
                    f"| ... the {PLAYERS - count} RuleBot(negotiate=False) of those games, "
                    f"per seat | {rest.n} | {rest.value:.1%} | {rest.low:.1%} to "
                    f"{rest.high:.1%} | below {rate.value:.1%} | {beaten} |",
                    flush=True,
                )
            print(f"<!-- {title}: {time.perf_counter() - started:.0f} s -->", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
