"""JSON Schema (draft 2020-12) generation for the documents a :class:`~.json.JsonFormat` writes.

The schemas are generated from the attrs classes themselves, so they cannot drift from what
``to_json`` writes. Each game ships its schemas as ``.json`` files for clients in other
languages (TypeScript, Rust, ...), and its test suite checks that the files are up to date.
"""

from __future__ import annotations

import enum
import json
import pathlib
import typing
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Final

import attrs

from .errors import DeserializationError
from .json import JsonFormat, tag_of
from .limits import MAX_INT

__all__ = ["SchemaBuilder", "read_shipped_schema", "write_schema_files"]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"

#: A game's own schema for a type it alone uses, or ``None`` to let the builder decide.
Extra = Callable[["SchemaBuilder", Any], "dict[str, Any] | None"]


class SchemaBuilder:
    """Builds the schema of one type of a game's documents, with shared ``$defs``.

    Args:
        form: The game's documents: tagged classes get a ``"type"`` constant, 64-bit
            fields a decimal-string pattern.
        union_names: The name under ``$defs`` of each tagged union (``Action``, ``Event``).
        extra: A game's own schemas for types only it uses (checked first).
    """

    def __init__(
        self,
        form: JsonFormat,
        union_names: Mapping[object, str],
        extra: Extra | None = None,
    ) -> None:
        self.form = form
        self.union_names = {
            frozenset(typing.get_args(union)): name for union, name in union_names.items()
        }
        self.extra = extra
        self.defs: dict[str, dict[str, Any]] = {}

    def document(self, cls: object) -> dict[str, Any]:
        """The whole schema of ``cls``: ``$schema``, title, the root and its ``$defs``.

        Raises:
            DeserializationError: If ``cls`` is no type of the game's documents
                (``unknown_type``).
        """
        try:
            root = self.of(cls)
        except TypeError:
            raise DeserializationError(f"no JSON Schema for {cls!r}", "unknown_type") from None
        title = self.union_names.get(frozenset(typing.get_args(cls))) or getattr(
            cls, "__name__", str(cls)
        )
        return {"$schema": _DRAFT, "title": title, **root, "$defs": dict(sorted(self.defs.items()))}

    def of(self, t: Any) -> dict[str, Any]:
        """The schema of a type, referring to ``$defs`` for classes and unions."""
        if self.extra is not None:
            special = self.extra(self, t)
            if special is not None:
                return special
        union = self._union_name(t)
        if union is not None:
            return self._ref_union(union, t)
        origin, args = typing.get_origin(t), typing.get_args(t)
        if t is int:
            return {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
        if t is float:
            return {"type": "number", "minimum": -MAX_INT, "maximum": MAX_INT}
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
        if origin is frozenset:
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if args and (origin is typing.Union or type(t).__name__ == "UnionType"):
            return {"anyOf": [self.of(arg) for arg in args]}
        if attrs.has(t):
            return self._ref_class(t)
        raise TypeError(f"no schema for {t!r}")

    def _union_name(self, t: Any) -> str | None:
        args = typing.get_args(t)
        return self.union_names.get(frozenset(args)) if args else None

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
        if cls in self.form.tagged:
            properties["type"] = {"const": tag_of(cls)}
            required.append("type")
        big = self.form.big_fields.get(cls, ())
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


def read_shipped_schema(package: str, files: Mapping[str, object], filename: str) -> dict[str, Any]:
    """A schema file shipped in ``package``'s ``schemas/`` directory; only ``files`` are read.

    Raises:
        DeserializationError: If ``filename`` is not a key of ``files``.
    """
    if not isinstance(filename, str) or filename not in files:
        raise DeserializationError(
            f"no shipped schema {filename!r}; the files are {', '.join(files)}",
            "unknown_schema",
        )
    text = resources.files(package).joinpath("schemas").joinpath(filename).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def write_schema_files(
    files: Mapping[str, object], schema: Callable[[object], dict[str, Any]], directory: str
) -> None:
    """Write ``schema(cls)`` for every ``filename: cls`` of ``files`` into ``directory``."""
    pathlib.Path(directory).mkdir(parents=True, exist_ok=True)
    for filename, cls in files.items():
        text = json.dumps(schema(cls), indent=2, ensure_ascii=False) + "\n"
        pathlib.Path(directory, filename).write_text(text, encoding="utf-8")
