"""Anchors: random playouts of this library and of OpenSpiel's Python games, side by side.

Run with ``nox -s bench_anchors`` (it installs ``open_spiel==2.0.2``) or
``python benchmarks/anchors.py [--seconds S] [--rounds R]`` where OpenSpiel is installed.

Absolute speeds vary from machine to machine and minute to minute, so the figures
that count are ratios measured in one process: the contenders run in alternating
slices of ``--seconds`` each, ``--rounds`` times, so that drift of the machine hits
all of them, and each keeps its best slice. Slices are timed in CPU time of the
process (``time.process_time``), so that other load on the machine matters less.

* millions-rules: random 5-player games (engine dealer), each action chosen uniformly
  from ``legal_actions(state, payments=False)`` and applied with the validating ``apply``.
* OpenSpiel's ``python_iterated_prisoners_dilemma`` and ``python_kuhn_poker``: each
  step chosen uniformly from ``legal_actions`` and applied with ``apply_action``
  (``apply_actions`` with one action per player at a simultaneous node, and chance
  outcomes drawn by their probabilities); every call that advances the state counts
  as one action.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from millions_rules import GameConfig, __version__, apply, legal_actions, new_game

Playout = Callable[[int], int]


def millions_playout(seed: int) -> int:
    rng = random.Random(seed)
    state = new_game(GameConfig(5, seed=seed))
    actions = 0
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=False)))
        actions += 1
    return actions


def openspiel_playout(game: Any) -> Playout:
    players = game.num_players()

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return playout


def run_slice(playout: Playout, seconds: float, seed: int) -> tuple[float, float, int]:
    """(games/s, actions/s, next seed) over one slice."""
    games = actions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        actions += playout(seed)
        seed += 1
        games += 1
    return games / elapsed, actions / elapsed, seed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=7, help="slices per contender")
    args = parser.parse_args(argv)
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401

    contenders: dict[str, Playout] = {"millions-rules, 5 players": millions_playout}
    for name in ("python_iterated_prisoners_dilemma", "python_kuhn_poker"):
        contenders[f"OpenSpiel {name}"] = openspiel_playout(pyspiel.load_game(name))
    best = dict.fromkeys(contenders, (0.0, 0.0))
    seeds = dict.fromkeys(contenders, 0)
    for _ in range(args.rounds):
        for name, playout in contenders.items():
            games, actions, seeds[name] = run_slice(playout, args.seconds, seeds[name])
            if actions > best[name][1]:
                best[name] = (games, actions)
    ours = best["millions-rules, 5 players"][1]
    print(
        f"millions-rules {__version__}, OpenSpiel {getattr(pyspiel, '__version__', '?')}: "
        f"best of {args.rounds} alternating slices of {args.seconds:g} s\n"
    )
    print("| playout | games/s | actions/s | millions-rules' actions/s ÷ this |")
    print("| --- | --- | --- | --- |")
    for name, (games, actions) in best.items():
        print(f"| {name} | {games:,.0f} | {actions:,.0f} | {ours / actions:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
