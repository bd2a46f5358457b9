"""The limits every document of every game is read under: every input gets bounded work.

A game adds its own limits (money, cards, ...) where its values enter the library; these
bound what any JSON document may hold before a converter looks at it.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_ARRAY_LENGTH", "MAX_DOCUMENT_SIZE", "MAX_INT"]

#: The largest document :func:`~millions_rules.from_json` and
#: :func:`~millions_rules.load_game` read, in bytes of UTF-8.
MAX_DOCUMENT_SIZE: Final = 4 * 1024 * 1024

#: The largest plain integer accepted in a document (money, seats, rounds, ...).
MAX_INT: Final = 2**31 - 1

#: The most items any array of a document may hold: the actions of a saved game,
#: the events and history of a state, the events of a view.
MAX_ARRAY_LENGTH: Final = 100_000
