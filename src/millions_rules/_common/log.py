"""Structural sharing of the event log and the action history between successive states.

Each :func:`~millions_rules.apply` adds a few events and one action to the state's
logs. Copying the whole log into every new state would make a game of ``n``
actions cost ``n**2`` work and memory (all its states kept in a list, or a long
saved game replayed). Instead each state holds a :class:`Log` node: the new items
and a link to the previous state's node. The public fields
:attr:`~millions_rules.GameState.events` and :attr:`~millions_rules.GameState.history`
stay plain tuples: :class:`~millions_rules.millions._state.SharedTuple` materialises a
node into a tuple on first read and caches it, building on the nearest ancestor already read, so a server that
reads ``state.events`` after every action does one concatenation per action, as
before.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any, Generic, TypeVar

__all__ = ["Log", "size"]

T = TypeVar("T")


class Log(Generic[T]):
    """One node of a persistent log: the items it adds after ``parent``'s.

    A root has no parent and its items are the whole log. ``cached`` is the
    whole log as a tuple once someone read it (always set on a root).
    """

    __slots__ = ("cached", "items", "parent", "selected", "size")

    selected: dict[object, tuple[T, ...]]

    def __init__(self, parent: Log[T] | None, items: tuple[T, ...], size: int) -> None:
        self.parent = parent
        self.items = items
        self.size = size
        self.cached: tuple[T, ...] | None = items if parent is None else None
        # ``selected`` (the selections of select(), by key) is set when first needed:
        # nodes are made at every action, and few are ever selected from.

    def select(self, key: object, keep: Callable[[T], bool]) -> tuple[T, ...]:
        """The items of the whole log that ``keep`` keeps, in order, cached under ``key``.

        Built on the nearest ancestor that has a selection under ``key`` (only the items
        added since are tested), and cached on this node. The ancestor's selection moves
        here rather than being copied, so a game's states keep one selection a key, not
        one a state: a seat's view after each action filters each event once, and a view
        of an earlier state (a search going back) filters from the root, as without
        the cache. ``keep`` must be the same test for the same ``key``.
        """
        chunks = []
        node: Log[T] | None = self
        base: tuple[T, ...] = ()
        while node is not None:
            known = getattr(node, "selected", None)
            if known is not None and key in known:
                base = known[key] if node is self else known.pop(key)
                if node is self:
                    return base
                break
            chunks.append(node.items)
            node = node.parent
        chunks.reverse()
        whole = base + tuple(filter(keep, chain.from_iterable(chunks)))
        selected = getattr(self, "selected", None)
        if selected is None:
            selected = self.selected = {}
        selected[key] = whole
        return whole

    def materialise(self) -> tuple[T, ...]:
        """The whole log as a tuple (built once, iteratively, then cached)."""
        cached = self.cached
        if cached is not None:
            return cached
        chunks: list[tuple[T, ...]] = []
        node: Log[T] = self
        while (done := node.cached) is None:
            chunks.append(node.items)
            parent = node.parent
            assert parent is not None, "a node without cache has a parent (a root has its cache)"
            node = parent
        if len(chunks) == 1:
            whole = done + chunks[0]
        else:
            chunks.reverse()
            whole = done + tuple(chain.from_iterable(chunks))
        self.cached = whole
        return whole

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle and deepcopy a flat root: a long chain would exhaust the recursion limit.
        return (Log, (None, self.materialise(), self.size))


def size(stored: tuple[T, ...] | Log[T]) -> int:
    """The length of the log ``stored`` without materialising it."""
    return stored.size if isinstance(stored, Log) else len(stored)
