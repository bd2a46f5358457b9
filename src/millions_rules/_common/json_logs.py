"""Logs read by their text: the fast path's reading of a state's ``events`` and ``history``.

A state document is mostly its logs: a mid-game state holds about 120 events and 40
actions, small objects whose texts repeat within a game and across games (the
text ``{"type":"stayed","player":2}`` is always the same event). Parsing each one and
building (or looking up) its object costs more than everything else in a state, so
the fast path of ``millions_rules._common.json`` reads a log's array by its text:

* the array's items are cut at ``},{``, and each item's text is looked up in a table
  of texts already read, which holds the object that text was read to;
* a few texts not in the table are each parsed where they stand (the object parsed
  must end exactly where the piece ends) and read by the union's readers; if many
  are new, the whole array is parsed where it stands and read, and the items' texts
  are the pieces if there are as many pieces as items and no whitespace (which could
  stand between two items, and so take away a cut that ``},{`` in a string made up).
  A text enters the table if its object has as many keys as the text has colons (no
  key twice), which a document holding every field of its objects proves (the fast
  readers refuse a field left to its default);
* the rest of the document, with each such log written ``[]``, is read as usual.

Why this reads exactly what the whole text reads. The log: either the parser itself
found the array to end at the expected ``]``, or every piece is one complete JSON
object on its own (parsed so, or a text of the table); the array's text is then ``[`` + those
objects joined by commas + ``]``, which JSON parses to exactly those objects wherever
the cuts fell. The rest: it is accepted by the strict readers only if the
``"events":[`` found is a key of an object with such a field -- inside a string it
would be ``\\"events\\":[``, and the ``],"`` after the array would end the string
before a bare name; every key of every object must be one of its class's fields (no
class inside holds a mapping, whose keys are free), and no field name holds a quote --
and only the top-level class has a field of that name (checked when the log reader is made);
the text before the array is the same in both documents, so the parser reaches the
array in the same state, and after it continues in the same state. Keys are counted
against colons in each part, which proves the whole free of duplicate keys as the
usual fast path does. The table holds immutable objects only and is cleared when
full, so memory stays bounded; it is keyed by exact text, so a document's objects
are equal to the ones the exact path builds.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Callable, Iterator, Mapping
from itertools import repeat
from typing import Any, Final

import attrs

from .interning import CACHE_SIZE

__all__ = ["LogField", "log_fields"]

#: Item texts a log's table keeps before it starts afresh (bounded memory).
_TABLE_SIZE: Final = CACHE_SIZE


class LogField:
    """One log field of a class: where its array is in compact text, and its items' table.

    Args:
        name: The field's name.
        following: The name of the next field (the array ends before its key).
        readers: The reader of each member of the log's union, by tag; each reads a
            parsed object with that tag (and raises on anything refused).
        counts: The number of keys in a member's document, by class.
        scan: The JSON scanner: ``scan(text, index)`` gives the value starting at
            ``index`` and where it ends.
        max_items: The most items an array may hold.
    """

    def __init__(
        self,
        name: str,
        following: str,
        readers: Mapping[str, Callable[[Any], Any]],
        counts: Mapping[type, int],
        scan: Callable[[str, int], tuple[Any, int]],
        max_items: int,
    ) -> None:
        self.name: Final = name
        self.key: Final = f'"{name}":['  # the names are identifiers: no escaping needed
        self.end: Final = f'],"{following}":'
        self._readers = readers
        self._counts = counts
        self._scan = scan
        self._max_items = max_items
        self._table: dict[str, Any] = {}

    def read(self, text: str, first: int, end: int) -> tuple[Any, ...] | None:
        """The items of the array from ``text[first]`` (its first item's ``{``) to the
        ``}`` before ``text[end]``, or ``None`` if they cannot be read this way (the
        document is then read the usual way)."""
        inner = text[first + 1 : end - 1]
        pieces = inner.split("},{")
        if len(pieces) > self._max_items:
            return None
        table = self._table
        try:
            return tuple(map(table.__getitem__, pieces))
        except KeyError:  # some text not read before
            pass
        if 4 * (len(pieces) - sum(map(table.__contains__, pieces))) <= len(pieces):
            return self._read_few(text, first, pieces)
        try:  # many: the whole array is parsed
            documents, stop = self._scan(text, first - 1)  # where it stands, from its "["
            if stop != end + 1:  # the array ends exactly at its "]"
                return None
            readers = self._readers
            items = [readers[document["type"]](document) for document in documents]
        except Exception:  # refused, or beyond the parser: the usual way decides
            return None
        # Without whitespace every separator of two items is "},{", so there are as
        # many pieces as items only if no item's text holds "},{" (two occurrences
        # cannot overlap): each piece is then the text of its item, and they enter the
        # table if none held a key twice. Whitespace between items would take a cut
        # away, which "},{" in a string (an eliminated event's rule) could make up.
        if (
            len(items) != len(pieces)
            or " " in inner
            or "\n" in inner
            or "\r" in inner
            or "\t" in inner
        ):
            return None  # the usual way
        if list(map(self._counts.__getitem__, map(type, items))) != list(
            map(str.count, pieces, repeat(":"))
        ):
            return None  # a key twice (or a colon in a string): the usual way
        if len(pieces) <= _TABLE_SIZE:  # a longer log is read, not remembered
            if len(table) + len(pieces) > _TABLE_SIZE:
                table.clear()
            table.update(zip(pieces, items, strict=True))
        return tuple(items)

    def _read_few(self, text: str, first: int, pieces: list[str]) -> tuple[Any, ...] | None:
        """The items, each text not in the table parsed on its own where it stands."""
        table = self._table
        items = []
        start = first  # the "{" of each piece's object
        for piece in pieces:
            item = table.get(piece)
            if item is None:
                try:
                    document, stop = self._scan(text, start)
                    # The object must end exactly at the piece's end: a complete object.
                    if stop != start + len(piece) + 2 or document.__class__ is not dict:
                        return None
                    item = self._readers[document["type"]](document)
                except Exception:  # refused, or beyond the parser: the usual way decides
                    return None
                if self._counts[item.__class__] != piece.count(":"):
                    return None  # a key twice (or a colon in a string): the usual way
                if len(table) >= _TABLE_SIZE:
                    table.clear()
                table[piece] = item
            items.append(item)
            start += len(piece) + 3
        return tuple(items)


def _classes_within(t: object, seen: set[type]) -> Iterator[type]:
    """The attrs classes a value of type ``t`` may hold, ``t`` included, each once."""
    if isinstance(t, type) and attrs.has(t):
        if t in seen:
            return
        seen.add(t)
        yield t
        attrs.resolve_types(t)
        for field in attrs.fields(t):
            yield from _classes_within(field.type, seen)
    for arg in typing.get_args(t):
        yield from _classes_within(arg, seen)


def _free_keys(t: object) -> bool:
    """Whether a value of type ``t`` may hold a mapping, whose keys may be any name."""
    if t is dict or typing.get_origin(t) in (dict, Mapping):
        return True
    return any(_free_keys(arg) for arg in typing.get_args(t))


def log_fields(cls: type, unions: Any) -> list[tuple[str, str, object]]:
    """(name, next field's name, union) of each field of ``cls`` holding a tuple of a union
    (a log) that can be read by its text: no other class inside ``cls`` has a field of that
    name or holds a mapping (whose keys may be any name), another field follows it, and
    ``cls`` has no validator, converter or ``__attrs_post_init__`` (a log is put in place
    after the object is built)."""
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_post_init__") or any(f.validator or f.converter for f in fields):
        return []  # it may check its logs against other fields when built: none put in after
    inner: set[str] = set()
    seen: set[type] = set()
    for field in fields:
        if _free_keys(field.type):  # "events":[ might be a key of the mapping
            return []
        for within in _classes_within(field.type, seen):
            if within is cls:  # a value nested in its own kind: no log is read by text
                return []
            if any(_free_keys(f.type) for f in attrs.fields(within)):
                return []
            inner.update(f.name for f in attrs.fields(within))
    logs = []
    for field, following in itertools.pairwise(fields):
        args = typing.get_args(field.type)
        if (
            typing.get_origin(field.type) is tuple
            and len(args) == 2
            and args[1] is Ellipsis
            and any(args[0] is union for union in unions)
            and field.name not in inner
            and field.name.isidentifier()
            and following.name.isidentifier()
        ):
            logs.append((field.name, following.name, args[0]))
    return logs
