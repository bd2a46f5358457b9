"""OpenSpiel's ISMCTS against the library's ISMCTSBot, in the OpenSpiel game.

Each game has four seats: OpenSpiel's ``ISMCTSBot`` (random rollouts to the end of the
game), the library's :class:`~millions_rules.bots.ISMCTSBot` (rollouts to the end of the
round with a model of sensible players), and two seats playing uniformly random legal
actions. Both searches get the same number of iterations per decision, unless
``--spiel-iterations`` gives OpenSpiel's its own. The two searchers'
seats go round all twelve ordered pairs of seats, so no seat order favours either.

The library's bot is offered the seat's legal moves without :class:`~millions_rules.adapters.Wait`
(it knows no turn structure): it decides, pays or threatens when its turn comes, and once it
has decided it waits for the rest of the round.

Run: ``python benchmarks/ismcts_comparison.py [--games N] [--iterations K] [--rounds R]
[--spiel-iterations K2] [--out FILE]`` (needs the ``openspiel`` extra); it prints a JSON summary. Times per
decision are CPU times of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from millions_rules import view
from millions_rules.adapters import PAY_AMOUNTS, Catalogue, Wait
from millions_rules.adapters.openspiel import MillionsState, register
from millions_rules.bots import ISMCTSBot
from millions_rules.bots._stats import wilson

PAIRS = [(a, b) for a in range(4) for b in range(4) if a != b]


def library_move(state: MillionsState, bot: ISMCTSBot, rng: random.Random) -> int:
    """The catalogue index the library's bot plays at the current turn."""
    table = state.table
    seat = table.turn.seat
    assert seat is not None
    catalogue = Catalogue(4)
    if table.state.decided[seat]:
        move: Any = Wait(seat)
    else:
        legal = [m for m in table.moves(PAY_AMOUNTS) if not isinstance(m, Wait)]
        move = bot.choose(view(table.state, seat), legal, rng)
    index = catalogue.index(move)
    assert index is not None
    return index


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument(
        "--spiel-iterations", type=int, default=None, help="OpenSpiel's (default: --iterations)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=pathlib.Path, default=None)
    args = parser.parse_args(argv)
    spiel_iterations = args.iterations if args.spiel_iterations is None else args.spiel_iterations
    register()
    game = pyspiel.load_game(
        "python_millions_of_dollars", {"players": 4, "rounds": args.rounds, "target": 16}
    )
    wins = {"openspiel": 0, "library": 0, "random": 0}
    seconds = {"openspiel": 0.0, "library": 0.0}
    decisions = {"openspiel": 0, "library": 0}
    started, cpu_started = time.perf_counter(), time.process_time()
    for number in range(args.games):
        rng = np.random.RandomState(number)
        spiel = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=2.0,
            max_simulations=spiel_iterations,
            random_state=rng,
        )
        ours = ISMCTSBot(iterations=args.iterations)
        ours_rng = random.Random(number)
        seat_of = dict(zip(("openspiel", "library"), PAIRS[number % len(PAIRS)], strict=True))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            player = state.current_player()
            clock = time.process_time()
            if player == seat_of["openspiel"]:
                action = int(spiel.step(state))
                kind = "openspiel"
            elif player == seat_of["library"]:
                action = library_move(state, ours, ours_rng)
                kind = "library"
            else:
                action = int(rng.choice(state.legal_actions()))
                kind = ""
            if kind:
                seconds[kind] += time.process_time() - clock
                decisions[kind] += 1
            state.apply_action(action)
        winners = state.table.state.winners
        for kind, seat in seat_of.items():
            wins[kind] += seat in winners
        wins["random"] += sum(
            1 for seat in range(4) if seat not in seat_of.values() and seat in winners
        )
    summary: dict[str, Any] = {
        "games": args.games,
        "players": 4,
        "rounds": args.rounds,
        "target": 16,
        "iterations": args.iterations,
        "spiel_iterations": spiel_iterations,
        "seconds": round(time.perf_counter() - started, 1),
        "cpu_seconds": round(time.process_time() - cpu_started, 1),
    }
    for kind in ("openspiel", "library"):
        rate = wilson(wins[kind], args.games)
        summary[kind] = {
            "win_rate": round(rate.value, 3),
            "interval": [round(rate.low, 3), round(rate.high, 3)],
            "ms_per_decision": round(1000 * seconds[kind] / max(1, decisions[kind]), 1),
        }
    rate = wilson(wins["random"], 2 * args.games)
    summary["random"] = {
        "win_rate": round(rate.value, 3),
        "interval": [round(rate.low, 3), round(rate.high, 3)],
    }
    text = json.dumps(summary, indent=2)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
