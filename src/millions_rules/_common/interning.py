"""One shared instance per distinct immutable value, for the engines' hot paths.

Events, characters and actions are frozen attrs values: two equal ones may be
the same object. An engine builds several per action, and the same few
(``Stayed(2)``, ``DepositPlaced(0, 1, 0)``...) over and over. Looking one up in
a cache costs about a quarter of building it, and the states of a game then
share them, which also saves memory.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final, TypeVar

__all__ = ["CACHE_SIZE", "interned"]

T = TypeVar("T")

#: The most recent distinct values each interned constructor keeps.
CACHE_SIZE: Final = 4096


def interned(value_class: Callable[..., T]) -> Callable[..., T]:
    """A constructor of ``value_class`` that hands out one instance per distinct set of fields.

    Only for an engine's own, already checked values: the cache compares arguments
    by equality, so ``1`` and ``True`` would meet in it, which checked values never
    are. Keyword arguments work, but key the cache apart from positional ones.

    >>> import attrs
    >>> from millions_rules._common.interning import interned
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> point = interned(Point)
    >>> point(1) is point(1), point(1) == Point(1)
    (True, True)
    """
    return lru_cache(maxsize=CACHE_SIZE)(value_class)
