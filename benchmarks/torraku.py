"""Currency Torraku benchmark: complete simulated games per second.

Run with ``nox -s bench`` or ``python benchmarks/torraku.py [--seconds S]``. Each game is
a 4-player ``TorrakuConfig.simulated`` game (the engine draws stacking outcomes from its
model; round limit 50); the bettor passes when it may with probability 1/2, otherwise
takes a uniformly random legal bet, and ``apply`` validates every action. The figure is
the best of several timed repeats on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from millions_rules import __version__
from millions_rules.torraku import (
    Pass,
    TorrakuConfig,
    TorrakuState,
    apply,
    legal_actions,
    new_game,
)


def play_game(seed: int) -> TorrakuState:
    rng = random.Random(seed)
    state = new_game(TorrakuConfig.simulated(4, seed=seed))
    while not state.is_over:
        actions = legal_actions(state)
        if isinstance(actions[0], Pass) and rng.random() < 0.5:
            state = apply(state, actions[0])
        else:
            state = apply(state, rng.choice(actions))
    return state


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"millions-rules {__version__}, Python {platform.python_version()}, Currency Torraku")
    best, seed, actions = 0.0, 0, 0
    for _ in range(args.repeats):
        count = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < args.seconds:
            actions += len(play_game(seed).history)
            seed += 1
            count += 1
        best = max(best, count / elapsed)
    print(f"games: {best:,.0f} complete simulated 4-player games per second")
    print(f"actions per game: {actions / seed:.1f} on average")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
