"""Random agents with action masks in the PettingZoo environment (``millions-rules[pettingzoo]``).

Nothing is trained: each agent picks a uniformly random legal action from its mask, for a
few thousand steps over as many games as fit. This is the loop a learning agent plugs into.

Run: ``python examples/pettingzoo_random_agents.py [players] [steps] [seed]``
"""

from __future__ import annotations

import sys

import numpy as np

from millions_rules.adapters.pettingzoo import env


def main(players: int = 5, steps: int = 3000, seed: int = 0) -> int:
    game = env(players=players, reward="cash")
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    games, done_steps, totals = 0, 0, np.zeros(players)
    while done_steps < steps:
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                totals[game.possible_agents.index(agent)] += reward
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(rng.choice(legal)))
            done_steps += 1
        games += 1
        game.reset()
    print(f"{done_steps} masked random steps, {games} games of {players} players")
    print("Mean final cash by seat:", [round(float(t) / games, 1) for t in totals])
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:4])))
