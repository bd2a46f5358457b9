"""OpenSpiel's ISMCTS bot plays complete games of Millions of Dollars (``millions-rules[openspiel]``).

Seat 0 is OpenSpiel's information-set Monte Carlo tree search
(:class:`open_spiel.python.algorithms.ismcts.ISMCTSBot`, random rollouts); the other
seats play uniformly random legal actions. ISMCTS resamples the hidden cards with
the game's ``resample_from_infostate`` (the library's ``sample_state``), so it never
looks at another seat's secrets.

Run: ``python examples/openspiel_ismcts.py [games] [players] [simulations] [seed]``
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from millions_rules.adapters.openspiel import register


def main(games: int = 2, players: int = 4, simulations: int = 20, seed: int = 0) -> int:
    register()
    game = pyspiel.load_game(
        "python_millions_of_dollars", {"players": players, "rounds": 3, "target": 16}
    )
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    wins = 0.0
    for number in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            elif state.current_player() == 0:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        wins += returns[0] > 0
        print(f"game {number + 1}: returns {returns} ({len(state.history())} moves)")
    print(f"ISMCTS (seat 0) won {wins:.0f} of {games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:5])))
