""":class:`StayBot`: the always-stay policy of issue 29, a yardstick for bargaining bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..millions import Action, Choose, PlayerView, Stay

__all__ = ["StayBot"]


class StayBot:
    """Always stays, never pays, never answers an offer, never talks (Millions only).

    In planning it picks uniformly among the choices offered; in negotiation it stays at
    once (R-NEG-1) when it may, which lapses every offer whose decider it is (R-DEAL-3);
    otherwise (the lone Snitch's naming) it takes the first action offered. Against four
    :class:`~millions_rules.bots.RuleBot` s it measures how well they resist a player
    who will not be moved (benchmarks/negotiation.py).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import RuleBot, StayBot, play_game
    >>> play_game(GameConfig(5, seed=3), [StayBot()] + [RuleBot()] * 4).is_over
    True
    """

    def __repr__(self) -> str:
        return "StayBot()"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A stay when one is offered, a random choice in planning, else the first action."""
        for action in legal:
            if isinstance(action, Stay):
                return action
        chooses = [a for a in legal if isinstance(a, Choose)]
        if chooses:
            return chooses[rng.randrange(len(chooses))]
        return legal[0]
