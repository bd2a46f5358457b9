"""Tags: the free-text headers of a saved game (event, site, date, players' names ...)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Final

from ._errors import ConfigError

__all__ = ["MAX_TAGS", "TAG_NAME_PATTERN", "Tags", "as_tags"]

#: What a tag name looks like: letters, digits and underscores, 1 to 64 of them.
TAG_NAME_PATTERN: Final = "^[A-Za-z0-9_]{1,64}$"
#: The most tags a record holds.
MAX_TAGS: Final = 64
_TAG_NAME = re.compile(TAG_NAME_PATTERN)


def as_tags(value: object) -> Mapping[str, str]:
    """A read-only copy of ``value`` once checked: names as :data:`TAG_NAME_PATTERN`, text values."""
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise ConfigError(f"tags must be a mapping of str to str, not {type(value).__name__}")
    if len(value) > MAX_TAGS:
        raise ConfigError(f"at most {MAX_TAGS} tags, not {len(value)}")
    for name, text in value.items():
        if type(name) is not str or not _TAG_NAME.match(name):
            raise ConfigError(f"tag name {name!r} must be 1 to 64 letters, digits or underscores")
        if type(text) is not str:
            raise ConfigError(f"tag {name} must be a str, not {type(text).__name__}")
    return value if isinstance(value, Tags) else Tags(value)


class Tags(Mapping[str, str]):
    """A read-only mapping of tag names to text, in the order given; hashable and picklable."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, str]) -> None:
        self._items = dict(items)

    def __getitem__(self, name: str) -> str:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return f"Tags({self._items!r})"

    def __reduce__(self) -> tuple[type[Tags], tuple[dict[str, str]]]:
        return (Tags, (self._items,))
