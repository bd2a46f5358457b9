"""The library's limits: every input gets bounded work.

Each limit is checked where the value enters the library (a
:class:`~millions_rules.GameConfig`, a :class:`~millions_rules.LootCard`, or a
JSON document), so no later step can be made to do unbounded work. The docs'
"Limits" section (``docs/limits.rst``) explains what each bounds and why.
"""

from __future__ import annotations

from typing import Final

from .._common.limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE, MAX_INT

__all__ = [
    "MAX_ARRAY_LENGTH",
    "MAX_CHARACTERS",
    "MAX_DOCUMENT_SIZE",
    "MAX_INT",
    "MAX_LOOT_CARDS",
    "MAX_MONEY",
    "MAX_EXTRA_ACTIONS",
    "PAYMENT_AMOUNTS",
]

#: The largest amount of money, in millions, a config or loot card accepts: the
#: ``total_money`` in the game, the ``target``, a card's ``total`` and ``deposit``.
#: All cash, deposits and the reserve together never exceed ``total_money``.
MAX_MONEY: Final = 10_000

#: The most loot cards a config's ``loot_deck`` may hold (so also the most rounds).
MAX_LOOT_CARDS: Final = 1_000

#: The most characters a state or view holds: 8 players, or 3 players with 2 each.
MAX_CHARACTERS: Final = 8

#: How many payments and threat cards one seat may play per round before it decides; after
#: that it is offered its decisions (and threat cards, which are few) only. This bounds a game.
MAX_EXTRA_ACTIONS: Final = 3

#: The payment amounts a bot is offered, in millions (R-NEG-3). A payment may be any amount
#: from 1M to everything the payer holds; bots choose among these few, capped at their cash.
#: 1M and 2M are the size of a deposit or of a Driver's fee and a Crook's theft; 3M is the
#: lone Snitch's fine. Larger gifts never pay off in a game of at most a few dozen millions.
PAYMENT_AMOUNTS: Final[tuple[int, ...]] = (1, 2, 3)
