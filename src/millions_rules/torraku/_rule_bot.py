"""The Torraku :class:`Bot` protocol and :class:`RuleBot`, the game's own bot.

:class:`~millions_rules.bots.RandomBot`, :class:`~millions_rules.bots.ISMCTSBot` and the
runner are written once for every game (:mod:`millions_rules.bots`); only what really
differs lives here, in the game's wing (public as :mod:`millions_rules.bots.torraku`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from .._common.errors import ConfigError
from ._actions import Action, Bet, Pass
from ._views import TorrakuView

__all__ = ["DEFAULT_RISK", "Bot", "RuleBot"]

#: The knock-down chance a :class:`RuleBot` accepts on its last stacking attempt by default.
DEFAULT_RISK: Final = 0.5


@runtime_checkable
class Bot(Protocol):
    """A computer Torraku player: picks one of the actions offered from its seat's view.

    A bot never sees a :class:`~millions_rules.torraku.TorrakuState` (nor its generator, the
    only secret of the game, R-TK-INFO): :func:`~millions_rules.bots.torraku.play_game` gives
    it its seat's :class:`~millions_rules.torraku.TorrakuView`, the seat's legal bets and
    pass (:attr:`~millions_rules.torraku.TorrakuView.legal_actions`) and a seeded generator
    of its own. Stacking outcomes are physical, so a bot is only asked while betting. Bots run
    in the caller's process and are trusted code (see :class:`~millions_rules.bots.Bot`).
    """

    def choose(self, view: TorrakuView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal`` (never an action that is not in it).

        Args:
            view: What the bot's seat sees now.
            legal: The actions offered, never empty: a pass when legal, then bets.
            rng: The bot's generator for this game.
        """
        ...


class RuleBot:
    """A Torraku player a human would find sensible; deterministic, from its view alone.

    It bets as many pieces as it dares: the longest row (up to its whole hand) for which the
    dexterity model (R-TK-SIM-2, public parameters) gives the last of its attempts a
    knock-down chance of at most ``risk``, the stack then holding every row now on the table.
    So it opens with that row, matches a bet up to that length (raising to it), and passes
    otherwise. A first bet short of the current
    bet tops up from the bag when the risk allows, since a row of its whole hand wins if
    stacked (R-TK-BET-7, R-TK-END-3). Among bets of the chosen length it bets the kinds with
    the smallest knock-down factor, the first offered on a tie.

    Args:
        risk: The knock-down chance it accepts on its last attempt, from 0 to 1.

    Raises:
        ConfigError: If ``risk`` is not a number from 0 to 1.

    >>> import random
    >>> from millions_rules.torraku import TorrakuConfig, legal_actions, new_game, view
    >>> from millions_rules.bots.torraku import RuleBot
    >>> state = new_game(TorrakuConfig(2, seed=1))
    >>> len(RuleBot().choose(view(state, 0), legal_actions(state), random.Random(1)).pieces)
    10
    """

    def __init__(self, risk: float = DEFAULT_RISK) -> None:
        if type(risk) not in (int, float) or not 0 <= risk <= 1:
            raise ConfigError(f"risk must be a number from 0 to 1, not {risk!r}")
        self.risk = risk
        """The knock-down chance accepted on the last attempt."""

    def __repr__(self) -> str:
        return f"RuleBot(risk={self.risk!r})"

    def choose(self, view: TorrakuView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The bet or pass described above, among ``legal``."""
        seat = legal[0].player
        row = len(view.rows[seat])
        bets = [a for a in legal if isinstance(a, Bet)]
        lengths = sorted({len(a.pieces) for a in bets}, reverse=True)
        for length in lengths:
            if self._dares(view, seat, row + length):
                return self._safest(view, [a for a in bets if len(a.pieces) == length])
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            return passes[0]
        return self._safest(view, [a for a in bets if len(a.pieces) == lengths[-1]])

    def _dares(self, view: TorrakuView, seat: int, mine: int) -> bool:
        height = mine + sum(len(row) for other, row in enumerate(view.rows) if other != seat)
        c = view.config
        skill = c.skill[seat] if c.skill is not None else 1.0
        knock = min(c.knock_cap, (c.knock_base + c.knock_slope * (height - 2)) * skill)
        return c.touch + knock * max(c.kind_factor) <= self.risk

    @staticmethod
    def _safest(view: TorrakuView, bets: Sequence[Bet]) -> Bet:
        factors = view.config.kind_factor
        return min(bets, key=lambda a: sum(factors[p.order] for p in a.pieces))
