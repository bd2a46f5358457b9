"""Make the figures of the docs page "Strategy and balance" from real simulation runs.

Run with ``python benchmarks/balance_figures.py [--games N] [--jobs J]`` (needs the
``[plot]`` extra, matplotlib). It plays RuleBot self-play games with the simulator of
``python -m millions_rules simulate`` (seeded: the same figures every time) and writes
``docs/figures/*.png`` and the numbers behind them, ``docs/figures/balance.json``:

* ``win_rate_by_seat.png``: win rate by seat (seat 0 leads first) with 3, 5 and 8 players;
* ``payoff_by_role.png``: mean payoff of each role with 5 and 7 players (the owner's cash
  change over the round, deposits included);
* ``quick_vs_full.png``: rounds played and win rate by seat, full game against quick game.

Error bars are 95% confidence intervals (Wilson for rates).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from millions_rules.bots._simulate import run_games, statistics

OUT = pathlib.Path(__file__).parent.parent / "docs" / "figures"
ROLES = ("snitch", "brute", "driver", "crook", "mastermind")


def _run(games: int, players: int, jobs: int, quick: bool = False) -> dict[str, Any]:
    summaries = run_games(games, players, ["rule"], seed=2026, quick=quick, jobs=jobs)
    stats = statistics(summaries)
    stats["rounds"] = [s["rounds"] for s in summaries]
    return stats


def _bars(ax: Any, xs: Sequence[float], estimates: Sequence[dict[str, float]], **kw: Any) -> None:
    values = [e["value"] for e in estimates]
    errors = [
        [e["value"] - e["low"] for e in estimates],
        [e["high"] - e["value"] for e in estimates],
    ]
    ax.bar(xs, values, yerr=errors, capsize=3, **kw)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    runs = {
        "3": _run(args.games, 3, args.jobs),
        "5": _run(args.games, 5, args.jobs),
        "7": _run(args.games, 7, args.jobs),
        "8": _run(args.games, 8, args.jobs),
        "5-quick": _run(args.games, 5, args.jobs, quick=True),
    }
    numbers = {key: {k: v for k, v in run.items() if k != "rounds"} for key, run in runs.items()}
    for key, run in runs.items():
        numbers[key]["rounds_histogram"] = {
            str(r): run["rounds"].count(r) for r in sorted(set(run["rounds"]))
        }
    (OUT / "balance.json").write_text(json.dumps(numbers, indent=1, sort_keys=True) + "\n")

    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.27
    for offset, key in enumerate(("3", "5", "8")):
        seats = runs[key]["seats"]
        xs = [int(seat) + (offset - 1) * width for seat in seats]
        _bars(ax, xs, [s["win_rate"] for s in seats.values()], width=width, label=f"{key} players")
        ax.axhline(1 / int(key), color=f"C{offset}", linestyle=":", linewidth=1)
    ax.set_xlabel("seat (seat 0 holds the leader card in round 1)")
    ax.set_ylabel("win rate")
    ax.set_title(f"Win rate by seat, RuleBot self-play, {args.games} games each")
    ax.legend()
    fig.tight_layout()
    fig.savefig(OUT / "win_rate_by_seat.png", dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 3.6))
    for offset, key in enumerate(("5", "7")):
        roles = runs[key]["roles"]
        present = [r for r in ROLES if r in roles]
        xs = [ROLES.index(r) + (offset - 0.5) * 0.4 for r in present]
        _bars(ax, xs, [roles[r]["mean_payoff"] for r in present], width=0.4, label=f"{key} players")
    ax.set_xticks(range(len(ROLES)), [r.capitalize() for r in ROLES])
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_ylabel("mean payoff per round (M)")
    ax.set_title("Payoff by role, RuleBot self-play")
    ax.legend()
    fig.tight_layout()
    fig.savefig(OUT / "payoff_by_role.png", dpi=110)
    plt.close(fig)

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    for offset, (key, label) in enumerate((("5", "full game"), ("5-quick", "quick game"))):
        rounds = runs[key]["rounds"]
        xs = list(range(1, 9))
        shares = [rounds.count(r) / len(rounds) for r in xs]
        left.bar([x + (offset - 0.5) * 0.4 for x in xs], shares, width=0.4, label=label)
        seats = runs[key]["seats"]
        _bars(
            right,
            [int(s) + (offset - 0.5) * 0.4 for s in seats],
            [s["win_rate"] for s in seats.values()],
            width=0.4,
            label=label,
        )
    left.set_xlabel("rounds played")
    left.set_ylabel("share of games")
    left.set_title("Game length")
    left.legend()
    right.axhline(0.2, color="black", linestyle=":", linewidth=1)
    right.set_xlabel("seat")
    right.set_ylabel("win rate")
    right.set_title("Win rate by seat")
    fig.suptitle(f"Quick vs full game, 5 players, RuleBot self-play, {args.games} games each")
    fig.tight_layout()
    fig.savefig(OUT / "quick_vs_full.png", dpi=110)
    plt.close(fig)
    print(f"wrote {', '.join(sorted(p.name for p in OUT.iterdir()))} in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
