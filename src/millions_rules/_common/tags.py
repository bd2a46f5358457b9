"""Tags: the free-text headers of a saved game (event, site, date, players' names ...).

Both games' records carry them, read and written the same way.
"""

from __future__ import annotations

import collections.abc
import re
import typing
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

import cattrs

from .errors import ConfigError
from .json import Refused, json_kind

if TYPE_CHECKING:
    from .schema import SchemaBuilder

__all__ = ["MAX_TAGS", "TAG_NAME_PATTERN", "Tags", "as_tags", "register_tag_hooks", "tags_schema"]

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


def _structure_tags(value: object, _: type) -> Mapping[str, str]:
    if type(value) is not dict:
        raise Refused(f"expected object, got {json_kind(value)}")
    for text in value.values():
        if type(text) is not str:
            raise Refused(f"expected string values, got {json_kind(text)}")
    try:
        return as_tags(value)
    except ConfigError as error:
        raise Refused(str(error), "bad_value") from None


def register_tag_hooks(converter: cattrs.Converter) -> None:
    """Read a record's ``tags`` (a ``Mapping[str, str]`` field) strictly, as :func:`as_tags` checks them."""
    converter.register_structure_hook_func(lambda t: t == Mapping[str, str], _structure_tags)


def tags_schema(builder: SchemaBuilder, t: Any) -> dict[str, Any] | None:
    """The JSON Schema of a record's tags, for a game's :class:`~millions_rules._common.schema.SchemaBuilder`."""
    if typing.get_origin(t) is not collections.abc.Mapping:  # only tags are mappings
        return None
    return {
        "type": "object",
        "propertyNames": {"pattern": TAG_NAME_PATTERN},
        "maxProperties": MAX_TAGS,
        "additionalProperties": builder.of(typing.get_args(t)[1]),
    }
