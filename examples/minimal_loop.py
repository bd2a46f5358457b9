"""The smallest complete game loop: every seat is a bot that sees only its own view.

Run: ``python examples/minimal_loop.py [players] [seed]``
"""

from __future__ import annotations

import sys

from millions_rules import GameConfig, apply, describe, new_game, view
from millions_rules.bots import RandomBot


def main(players: int = 4, seed: int = 7) -> int:
    state = new_game(GameConfig(players, seed=seed))
    bots = [RandomBot(seed=seat) for seat in range(players)]
    while not state.is_over:
        seat = state.awaiting[0]  # any awaited seat may act; take the first
        action = bots[seat].act(view(state, seat))
        assert action is not None  # an awaited seat always has a decision to make
        state = apply(state, action)
    print(describe(state.events[-1]))
    print("Final cash:", state.cash)
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:3])))
