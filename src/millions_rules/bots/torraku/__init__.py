"""Computer players for Currency Torraku and a runner that plays them against each other.

The Torraku counterpart of :mod:`millions_rules.bots`, with the same conventions: a
:class:`Bot` picks one of the actions it is offered from its seat's
:class:`~millions_rules.torraku.TorrakuView` and a generator the runner seeds;
:func:`play_game` never shows a bot the state, applies its actions with ``seat=`` and
raises :class:`~millions_rules.bots.BotError` for an action not offered. Stacking is
physical, so the runner draws its outcomes from the dexterity model R-TK-SIM. Two bots ship:

* :class:`RandomBot`: a uniformly random legal action, the baseline;
* :class:`RuleBot`: bets as long a row as the dexterity model makes safe enough.

>>> from millions_rules.torraku import TorrakuConfig
>>> from millions_rules.bots.torraku import RandomBot, RuleBot, play_game
>>> final = play_game(TorrakuConfig(4, seed=3, round_limit=40), [RuleBot(), RandomBot()] * 2)
>>> final.is_over and bool(final.winners)
True

``python -m millions_rules simulate --game torraku`` plays many games and prints statistics.
"""

from __future__ import annotations

from ..._common.public import present_as_public
from ._bots import DEFAULT_RISK, Bot, RandomBot, RuleBot
from ._runner import MAX_ROUNDS, play_game

__all__ = ["DEFAULT_RISK", "MAX_ROUNDS", "Bot", "RandomBot", "RuleBot", "play_game"]


present_as_public(__name__, globals(), __all__)
