"""Checked by ``mypy --strict`` only, never run: the bots' API types well for a caller."""

from __future__ import annotations

import random
from collections.abc import Sequence

from typing_extensions import assert_type

from millions_rules import Action, GameConfig, GameState, PlayerView, Stay, view
from millions_rules.bots import (
    PAYMENT_AMOUNTS,
    Bot,
    BotError,
    ISMCTSBot,
    RandomBot,
    RuleBot,
    action_space,
    play_game,
)


class AlwaysFirst:
    """Any class with a matching ``choose`` is a Bot, without inheriting anything."""

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0]


bots: list[Bot] = [RandomBot(), RuleBot(temperature=0.5), ISMCTSBot(seconds=0.1), AlwaysFirst()]
final = play_game(GameConfig(4, seed=1), bots, seed=2)
assert_type(final, GameState)
assert_type(PAYMENT_AMOUNTS, tuple[int, ...])


assert_type(action_space(view(final, 0), payments=False), tuple[Action, ...])
assert_type(RuleBot().choose(view(final, 0), [Stay(0)], random.Random(1)), Action)
try:
    play_game(GameConfig(4), bots)
except BotError as error:
    assert_type(error.seat, int)
