""":class:`RandomBot`: uniformly random legal play in any game, the baseline every bot must beat.

It lives in the common layer, below every game, so that a game may build on it (Millions'
deprecated ``RandomPlayer`` does); :mod:`millions_rules.bots` is where users import it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from .errors import ConfigError
from .game import PayingView, Payment
from .random import draw_below, seed_state

__all__ = ["RandomBot"]

A = TypeVar("A")


class RandomBot:
    """Plays a uniformly random action among those offered, in any game; pays now and then.

    As a bot of any game (:class:`~millions_rules.bots.Bot`,
    :class:`~millions_rules.bots.torraku.Bot`), :meth:`choose` draws with the generator it
    is given: with probability ``pay_chance`` a uniformly random payment among those offered
    (a :class:`~millions_rules.kit.Payment`, such as Millions' :class:`~millions_rules.Pay`;
    Torraku offers none), else a uniformly random
    action among the others. :meth:`act` is the older interface of ``RandomPlayer``
    (Millions only): it draws from the bot's own seeded generator and pays 1M.

    Args:
        seed: Seeds the bot's own generator, used by :meth:`act` only.
        pay_chance: Probability, from 0 to 1, of paying when it may.

    Raises:
        ConfigError: If ``seed`` or ``pay_chance`` is out of range or of the wrong type.

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import RandomBot
    >>> state = new_game(GameConfig(4, seed=1))
    >>> RandomBot(seed=3).act(view(state, 0))
    Choose(player=0, roles=(<Role.CROOK: 'crook'>,))
    >>> import random
    >>> v = view(state, 0)
    >>> RandomBot().choose(v, v.legal_actions, random.Random(1))
    Choose(player=0, roles=(<Role.BRUTE: 'brute'>,))
    >>> from millions_rules.torraku import TorrakuConfig, new_game as new_torraku, view as seen
    >>> t = seen(new_torraku(TorrakuConfig(2, seed=1)), 0)
    >>> len(RandomBot().choose(t, t.legal_actions, random.Random(1)).pieces)
    3
    """

    def __init__(self, seed: int = 0, pay_chance: float = 0.0) -> None:
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise ConfigError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
        if type(pay_chance) not in (int, float) or not 0 <= pay_chance <= 1:
            raise ConfigError(f"pay_chance must be a number from 0 to 1, not {pay_chance!r}")
        self._rng = seed_state(seed)
        self._pay_per_mille = int(pay_chance * 1000)
        self.pay_chance = pay_chance
        """The probability of paying when the bot may."""

    def __repr__(self) -> str:
        return f"RandomBot(pay_chance={self.pay_chance!r})"

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random action of ``legal``; a payment with probability ``pay_chance``.

        ``view`` is any game's view (unused: the choice depends on ``legal`` alone).
        """
        pays = [action for action in legal if isinstance(action, Payment)]
        others = [action for action in legal if not isinstance(action, Payment)]
        if pays and (not others or rng.randrange(1000) < self._pay_per_mille):
            return pays[rng.randrange(len(pays))]
        return others[rng.randrange(len(others))]

    def _below(self, bound: int) -> int:
        value, self._rng = draw_below(self._rng, bound)
        return value

    def act(self, view: PayingView) -> Any:
        """A legal action for the view's seat, or ``None`` when it has nothing to do.

        Raises:
            ConfigError: If ``view`` is no :class:`~millions_rules.PlayerView`.
        """
        if not isinstance(view, PayingView):
            raise ConfigError(f"act needs a PlayerView, not {type(view).__name__}")
        if view.seat is not None and view.payees and self._below(1000) < self._pay_per_mille:
            return view.payment(view.payees[self._below(len(view.payees))], 1)
        if not view.legal_actions:
            return None
        return view.legal_actions[self._below(len(view.legal_actions))]
