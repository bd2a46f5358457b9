"""Computer players and a runner: opponents for frontends, baselines for research.

A :class:`Bot` picks an action from its seat's :class:`~millions_rules.PlayerView` and the
actions it is offered (:func:`action_space`); :func:`play_game` runs a game between bots and
never shows a bot the :class:`~millions_rules.GameState`. The runner, :class:`RandomBot`,
:class:`ISMCTSBot` and the simulator are written once against the game interface
(:mod:`millions_rules.games`) and play Currency Torraku too
(:mod:`millions_rules.bots.torraku` has its own :class:`~millions_rules.bots.torraku.RuleBot`).
Four bots ship:

* :class:`RandomBot`: uniformly random legal play, the baseline (any game);
* :class:`RuleBot`: a heuristic player a human would find sensible;
* :class:`StayBot`: always stays and never pays, the yardstick of bargaining (Millions);
* :class:`ISMCTSBot`: information-set Monte Carlo tree search over worlds sampled with the
  game's ``sample_state`` (any game; Millions with a model of its own).

>>> from millions_rules import GameConfig
>>> from millions_rules.bots import ISMCTSBot, RandomBot, RuleBot, play_game
>>> bots = [RuleBot(), RandomBot(), ISMCTSBot(iterations=10)]
>>> final = play_game(GameConfig(3, seed=11), bots)
>>> final.is_over and bool(final.winners)
True

``python -m millions_rules simulate`` plays many games between bots and prints statistics.
"""

from __future__ import annotations

from .._common.public import present_as_public, present_here
from ..millions.companions import RuleBot
from ._ismcts import GenericSearch, ISMCTSBot, Rollout, SearchModel
from ._protocol import PAYMENT_AMOUNTS, AnyBot, Bot, BotError, action_space, offered_action
from ._random_bot import RandomBot
from ._runner import MAX_EXTRA_ACTIONS, Match, play_game, seat_rng
from ._stay_bot import StayBot

__all__ = [
    "MAX_EXTRA_ACTIONS",
    "PAYMENT_AMOUNTS",
    "AnyBot",
    "Bot",
    "BotError",
    "GenericSearch",
    "ISMCTSBot",
    "Match",
    "RandomBot",
    "Rollout",
    "RuleBot",
    "SearchModel",
    "StayBot",
    "action_space",
    "offered_action",
    "play_game",
    "seat_rng",
]


present_as_public(__name__, globals(), __all__)
# Kept in the common layer (RandomBot, the protocols) or in Millions' wing (RuleBot).
present_here(__name__, globals(), ["AnyBot", "RandomBot", "Rollout", "RuleBot", "SearchModel"])
