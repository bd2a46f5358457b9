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
]

#: The largest amount of money, in millions, a config or loot card accepts: the
#: ``total_money`` in the game, the ``target``, a card's ``total`` and ``deposit``.
#: All cash, deposits and the reserve together never exceed ``total_money``.
MAX_MONEY: Final = 10_000

#: The most loot cards a config's ``loot_deck`` may hold (so also the most rounds).
MAX_LOOT_CARDS: Final = 1_000

#: The most characters a state or view holds: 8 players, or 3 players with 2 each.
MAX_CHARACTERS: Final = 8
