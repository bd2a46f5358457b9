"""JSON Schema (draft 2020-12) for the documents of :mod:`._serialization`.

The schemas are generated from the attrs classes themselves, so they cannot
drift from what :func:`~millions_rules.to_json` writes; the same schemas ship as ``.json`` files
in ``millions_rules/schemas/`` for clients in other languages (TypeScript, Rust,
...), and the test suite checks that the files are up to date.
"""

from __future__ import annotations

import collections.abc
import enum
import json
import typing
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

import attrs

from ._actions import ACTION_TYPES, Action
from ._config import GameConfig
from ._errors import DeserializationError
from ._events import EVENT_TYPES, Event
from ._limits import MAX_INT
from ._records import MAX_TAGS, TAG_NAME_PATTERN, GameRecord, PublicRecord
from ._serialization import _BIG_FIELDS, _TAGGED, tag_of
from ._state import GameState
from ._views import PlayerView

__all__ = ["SCHEMA_FILES", "json_schema", "shipped_schema"]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_UNION_NAMES: dict[frozenset[type], str] = {
    frozenset(ACTION_TYPES): "Action",
    frozenset(EVENT_TYPES): "Event",
}

#: The shipped schema files and the type each describes.
SCHEMA_FILES: Final[Mapping[str, object]] = MappingProxyType(
    {
        "action.json": Action,
        "event.json": Event,
        "player_view.json": PlayerView,
        "game_config.json": GameConfig,
        "game_record.json": GameRecord,
        "game_state.json": GameState,
        "public_record.json": PublicRecord,
    }
)


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def of(self, t: Any) -> dict[str, Any]:
        union = self._union_name(t)
        if union is not None:
            return self._ref_union(union, t)
        origin, args = typing.get_origin(t), typing.get_args(t)
        if t is int:
            return {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
        if t is bool:
            return {"type": "boolean"}
        if t is str:
            return {"type": "string"}
        if t is type(None):
            return {"type": "null"}
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return {"type": "string", "enum": [member.value for member in t]}
        if origin is tuple:
            return {"type": "array", "items": self.of(args[0])}
        if origin is collections.abc.Mapping:  # only tags are mappings
            return {
                "type": "object",
                "propertyNames": {"pattern": TAG_NAME_PATTERN},
                "maxProperties": MAX_TAGS,
                "additionalProperties": self.of(args[1]),
            }
        if origin is frozenset:
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if args and (origin is typing.Union or type(t).__name__ == "UnionType"):
            return {"anyOf": [self.of(arg) for arg in args]}
        if attrs.has(t):
            return self._ref_class(t)
        raise TypeError(f"no schema for {t!r}")

    def _union_name(self, t: Any) -> str | None:
        args = typing.get_args(t)
        return _UNION_NAMES.get(frozenset(args)) if args else None

    def _ref_union(self, name: str, t: Any) -> dict[str, Any]:
        if name not in self.defs:
            self.defs[name] = {}
            members = sorted(typing.get_args(t), key=lambda cls: cls.__name__)
            self.defs[name] = {"oneOf": [self._ref_class(cls) for cls in members]}
        return {"$ref": f"#/$defs/{name}"}

    def _ref_class(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # placeholder against recursion
            self.defs[name] = self._object(cls)
        return {"$ref": f"#/$defs/{name}"}

    def _object(self, cls: type) -> dict[str, Any]:
        attrs.resolve_types(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        if cls in _TAGGED:
            properties["type"] = {"const": tag_of(cls)}
            required.append("type")
        big = _BIG_FIELDS.get(cls, ())
        for field in attrs.fields(cls):
            if field.name in big:
                properties[field.name] = {"type": "string", "pattern": "^(0|[1-9][0-9]{0,19})$"}
            else:
                properties[field.name] = self.of(field.type)
            if field.default is attrs.NOTHING or field.name in big:
                required.append(field.name)
        schema: dict[str, Any] = {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        if doc:
            schema["description"] = " ".join(doc.split())
        return schema


def json_schema(cls: object) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`~millions_rules.to_json` writes for ``cls``.

    Args:
        cls: :data:`~millions_rules.Action`, :data:`~millions_rules.Event`, :class:`~millions_rules.PlayerView`, :class:`~millions_rules.GameConfig`,
            :class:`~millions_rules.GameRecord`, :class:`~millions_rules.GameState`, or any other public attrs class.

    Returns:
        A new dict, ready for :func:`json.dumps`.

    Raises:
        DeserializationError: If ``cls`` is no type this library reads and writes.

    >>> from millions_rules import Action
    >>> schema = json_schema(Action)
    >>> schema["$schema"], schema["$ref"]
    ('https://json-schema.org/draft/2020-12/schema', '#/$defs/Action')
    """
    builder = _Builder()
    try:
        root = builder.of(cls)
    except TypeError:
        raise DeserializationError(f"no JSON Schema for {cls!r}", "unknown_type") from None
    title = _UNION_NAMES.get(frozenset(typing.get_args(cls))) or getattr(cls, "__name__", str(cls))
    return {"$schema": _DRAFT, "title": title, **root, "$defs": dict(sorted(builder.defs.items()))}


def shipped_schema(filename: str) -> dict[str, Any]:
    """A schema file shipped in ``millions_rules/schemas/`` (a key of :data:`~millions_rules.SCHEMA_FILES`).

    Args:
        filename: The file's name, such as ``"action.json"``.

    Returns:
        The schema, as :func:`json_schema` builds it for the matching type.

    Raises:
        DeserializationError: If ``filename`` is not a key of
            :data:`~millions_rules.SCHEMA_FILES`; no other file is ever read.

    >>> shipped_schema("action.json")["title"]
    'Action'
    """
    if not isinstance(filename, str) or filename not in SCHEMA_FILES:
        raise DeserializationError(
            f"no shipped schema {filename!r}; the files are {', '.join(SCHEMA_FILES)}",
            "unknown_schema",
        )
    text = (
        resources.files("millions_rules").joinpath("schemas").joinpath(filename).read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


def write_schemas(directory: str) -> None:
    """Write every schema of :data:`~millions_rules.SCHEMA_FILES` into ``directory``."""
    import pathlib

    pathlib.Path(directory).mkdir(parents=True, exist_ok=True)
    for filename, cls in SCHEMA_FILES.items():
        text = json.dumps(json_schema(cls), indent=2, ensure_ascii=False) + "\n"
        pathlib.Path(directory, filename).write_text(text, encoding="utf-8")
