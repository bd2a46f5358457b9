"""Benchmarks: complete games per second, and JSON round trips.

Run with ``nox -s bench`` or ``python benchmarks/run.py [--seconds S]``. Each figure
is the best of several timed repeats on one core (the process is single-threaded).

* ``games``: complete random 5-player games (engine dealer), each action chosen
  uniformly from ``legal_actions(state, payments=False)`` and applied with
  ``apply``, which validates every action. Target: 1,000 games per second.
* ``to_json``/``from_json`` of a mid-game 5-player ``GameState`` and of a
  ``PlayerView``. Target: under 200 microseconds each way. The standard library's
  ``json.dumps``/``json.loads`` of the same documents are timed too: they are the
  floor no converter can go below.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable

from millions_rules import (
    GameConfig,
    GameState,
    PlayerView,
    __version__,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)


def play_game(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(GameConfig(5, seed=seed))
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=False)))
    return state


def games_per_second(seconds: float, repeats: int) -> float:
    best = 0.0
    seed = 0
    for _ in range(repeats):
        count = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            play_game(seed)
            seed += 1
            count += 1
        best = max(best, count / elapsed)
    return best


def mid_game() -> GameState:
    rng = random.Random(3)
    state = new_game(GameConfig(5, seed=3))
    while state.round < 4 or state.phase.value != "negotiation":
        state = apply(state, rng.choice(legal_actions(state, payments=rng.random() < 0.1)))
    return state


def per_call(function: Callable[[], object], repeats: int, number: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best * 1e6


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="per repeat of the game loop")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    print(
        f"millions-rules {__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}"
    )
    rate = games_per_second(args.seconds, args.repeats)
    print(f"games: {rate:,.0f} complete 5-player games per second (target 1,000)")
    state = mid_game()
    seen = view(state, 1)
    state_text, view_text = to_json(state), to_json(seen)
    print(
        f"mid-game state: round {state.round}, {len(state.events)} events, "
        f"{len(state_text):,} bytes; view {len(view_text):,} bytes"
    )
    state_doc, view_doc = json.loads(state_text), json.loads(view_text)
    rows = [
        ("json.dumps alone (state)", lambda: json.dumps(state_doc, separators=(",", ":"))),
        ("json.loads alone (state)", lambda: json.loads(state_text)),
        ("json.dumps alone (view)", lambda: json.dumps(view_doc, separators=(",", ":"))),
        ("json.loads alone (view)", lambda: json.loads(view_text)),
        ("to_json(GameState)", lambda: to_json(state)),
        ("from_json(GameState)", lambda: from_json(state_text, GameState)),
        ("to_json(PlayerView)", lambda: to_json(seen)),
        ("from_json(PlayerView)", lambda: from_json(view_text, PlayerView)),
    ]
    for name, function in rows:
        print(f"{name:24} {per_call(function, args.repeats, 200):8.1f} us (target 200)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
