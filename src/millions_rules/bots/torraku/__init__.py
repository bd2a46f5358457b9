"""Computer players for Currency Torraku, and the runner typed for it.

The runner, the simulator, :class:`RandomBot` and :class:`~millions_rules.bots.ISMCTSBot`
are written once for every game (:mod:`millions_rules.bots`); this package holds what is
Torraku's own: the :class:`Bot` protocol typed with a
:class:`~millions_rules.torraku.TorrakuView`, and :class:`RuleBot` (both kept in the game's
wing). :func:`play_game` is :func:`millions_rules.bots.play_game` typed for Torraku: it
never shows a bot the state, applies its actions with ``seat=`` and raises
:class:`~millions_rules.bots.BotError` for an action not offered. Stacking is physical: with
``Dealer.EXTERNAL`` the runner reports each attempt from the dexterity model R-TK-SIM.

* :class:`RandomBot`: a uniformly random legal action, the baseline (the bot of every game);
* :class:`RuleBot`: bets as long a row as the dexterity model makes safe enough;
* :class:`~millions_rules.bots.ISMCTSBot`: the search bot of every game.

>>> from millions_rules.torraku import TorrakuConfig
>>> from millions_rules.bots.torraku import RandomBot, RuleBot, play_game
>>> final = play_game(TorrakuConfig(4, seed=3, round_limit=40), [RuleBot(), RandomBot()] * 2)
>>> final.is_over and bool(final.winners)
True

``python -m millions_rules simulate --game torraku`` plays many games and prints statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, cast

from ..._common.public import present_as_public, present_here
from ...torraku import TorrakuConfig, TorrakuState
from ...torraku.companions import DEFAULT_RISK, MAX_ROUNDS, Bot, RuleBot
from .._random_bot import RandomBot
from .._runner import play_game as _play_game

__all__ = ["DEFAULT_RISK", "MAX_ROUNDS", "Bot", "RandomBot", "RuleBot", "play_game"]


class _TorrakuRunner(Protocol):
    def __call__(
        self, config: TorrakuConfig, bots: Sequence[Bot], *, seed: int | None = None
    ) -> TorrakuState: ...


#: :func:`millions_rules.bots.play_game`, the runner of every game, typed for Torraku: one
#: game between ``bots`` from ``config`` (a :class:`~millions_rules.torraku.TorrakuConfig`),
#: the final :class:`~millions_rules.torraku.TorrakuState` returned. The same object.
play_game: Final = cast(_TorrakuRunner, _play_game)

present_as_public(__name__, globals(), __all__)
# Kept in Torraku's wing.
present_here(__name__, globals(), ["Bot", "RuleBot"])
