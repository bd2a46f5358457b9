"""A table of computer players: ``play_game`` with a RuleBot, an ISMCTSBot and random bots.

Run: ``python examples/bot_table.py [seed]``
"""

from __future__ import annotations

import sys

from millions_rules import GameConfig, describe
from millions_rules.bots import Bot, ISMCTSBot, RandomBot, RuleBot, play_game


def main(seed: int = 5) -> int:
    bots: list[Bot] = [RuleBot(), ISMCTSBot(iterations=50), RandomBot(), RandomBot()]
    final = play_game(GameConfig(4, seed=seed), bots)
    print(describe(final.events[-1]))
    for seat, (bot, cash) in enumerate(zip(bots, final.cash, strict=True)):
        print(f"  seat {seat}: {type(bot).__name__:<9} {cash}M")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:2])))
