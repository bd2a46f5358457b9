"""JSON Schema (draft 2020-12) generation for the documents a :class:`~.json.JsonFormat` writes.

The schemas are generated from the attrs classes themselves, so they cannot drift from what
``to_json`` writes. Each game ships its schemas as ``.json`` files for clients in other
languages (TypeScript, Rust, ...), and its test suite checks that the files are up to date.

The files are shaped for code generators (json-schema-to-typescript 15 and 16, quicktype)
as well as for validators: every class, tagged union and enum is a ``$defs`` entry whose
``title`` is its name, so generators declare it once under that name; a file's root is its
type itself, not a ``$ref`` (json-schema-to-typescript 15 cannot resolve a root ``$ref``,
and 16 declares the type twice); descriptions are plain text, without Sphinx markup. A
game's bundle (:meth:`SchemaBuilder.bundle`) holds every type of all its files at once.
"""

from __future__ import annotations

import enum
import json
import pathlib
import re
import typing
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Final

import attrs

from .errors import DeserializationError
from .json import JsonFormat, tag_of
from .limits import MAX_INT

__all__ = ["SchemaBuilder", "plain_text", "read_shipped_schema", "write_schema_files"]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"

_ROLE: Final = re.compile(r":(?:\w+:)?(\w+):`([^`]+)`")
_TITLED: Final = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_LITERAL: Final = re.compile(r"``(.+?)``")
_STRONG: Final = re.compile(r"\*\*(\S(?:.*?\S)?)\*\*")
_EMPHASIS: Final = re.compile(r"\*(\S(?:[^*]*?\S)?)\*")


def _role_text(match: re.Match[str]) -> str:
    role, content = match.group(1), match.group(2)
    titled = _TITLED.match(content)
    if titled is not None:
        return titled.group(1)
    short = content.startswith("~")
    target = content.lstrip("~").lstrip(".")
    text = target.rsplit(".", 1)[-1] if short else target
    if role in ("func", "meth") and not text.endswith(")"):
        text += "()"
    return text


def plain_text(text: str) -> str:
    """``text`` as a reader of the schema sees it: reStructuredText markup rendered as Sphinx
    shows it, on one line.

    Cross-references keep their shown text (``:class:`~a.B``` is ``B``, ``:func:`~a.f``` is
    ``f()``, ``:ref:`the rules <rules>``` is ``the rules``), literals and emphasis lose
    their markers, and runs of white space become one space.

    >>> from millions_rules._common.schema import plain_text
    >>> plain_text("A :class:`~millions_rules.GameConfig` without ``seed``; *see* :func:`apply`.")
    'A GameConfig without seed; see apply().'
    """
    text = _ROLE.sub(_role_text, text)
    text = _LITERAL.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return " ".join(text.split())


def _description(obj: object) -> str:
    """The plain text of the first paragraph of ``obj``'s own docstring (empty if none)."""
    doc = vars(obj).get("__doc__") if isinstance(obj, type) else None
    return plain_text((doc or "").strip().split("\n\n")[0])


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
        self._owners: dict[str, object] = {}

    def document(self, cls: object) -> dict[str, Any]:
        """The whole schema of ``cls``: ``$schema``, the type itself as the root, and the
        ``$defs`` of every other type it uses.

        Raises:
            DeserializationError: If ``cls`` is no type of the game's documents
                (``unknown_type``).
        """
        root = self._of_document(cls)
        name = self._def_name(root)
        if name is None:
            title = getattr(cls, "__name__", str(cls))
            return {"$schema": _DRAFT, "title": title, **root, "$defs": self._sorted_defs()}
        # The root is the type itself; a reference to it from elsewhere becomes "#".
        body = self.defs.pop(name)
        defs = json.loads(json.dumps(self._sorted_defs()).replace(f'"#/$defs/{name}"', '"#"'))
        document = {"$schema": _DRAFT, **body}
        if defs:
            document["$defs"] = defs
        return document

    def bundle(self, files: Mapping[str, object], title: str, description: str) -> dict[str, Any]:
        """One schema that declares every type of the documents ``files`` describe, once each.

        The root is an object with one optional property per file (``"player_view"`` for
        ``player_view.json``) whose schema refers to the file's type, so that code generators
        reach, and name, every type; a document is validated against
        ``#/$defs/<its type>``.

        Raises:
            DeserializationError: If a value of ``files`` is no type of the game's documents
                (``unknown_type``).
        """
        properties = {
            filename.removesuffix(".json"): self._of_document(cls)
            for filename, cls in files.items()
        }
        return {
            "$schema": _DRAFT,
            "title": title,
            "description": plain_text(description),
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
            "$defs": self._sorted_defs(),
        }

    def _of_document(self, cls: object) -> dict[str, Any]:
        try:
            return self.of(cls)
        except TypeError:
            raise DeserializationError(f"no JSON Schema for {cls!r}", "unknown_type") from None

    def _sorted_defs(self) -> dict[str, dict[str, Any]]:
        return dict(sorted(self.defs.items()))

    @staticmethod
    def _def_name(schema: Mapping[str, Any]) -> str | None:
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(schema) == 1:
            return ref.removeprefix("#/$defs/")
        return None

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
            return self._ref_enum(t)
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

    def _define(
        self, name: str, owner: object, build: Callable[[], dict[str, Any]]
    ) -> dict[str, Any]:
        """A ``$ref`` to ``$defs[name]``, built (with ``name`` as its title) on first use."""
        known = self._owners.setdefault(name, owner)
        if known != owner:
            raise ValueError(f"two types are named {name}: {known!r} and {owner!r}")
        if name not in self.defs:
            self.defs[name] = {}  # placeholder against recursion
            self.defs[name] = {"title": name, **build()}
        return {"$ref": f"#/$defs/{name}"}

    def _ref_union(self, name: str, t: Any) -> dict[str, Any]:
        members = sorted(typing.get_args(t), key=lambda cls: cls.__name__)
        return self._define(
            name, frozenset(members), lambda: {"oneOf": [self._ref_class(cls) for cls in members]}
        )

    def _ref_enum(self, t: type[enum.Enum]) -> dict[str, Any]:
        def build() -> dict[str, Any]:
            description = _description(t)
            return {
                **({"description": description} if description else {}),
                "type": "string",
                "enum": [member.value for member in t],
            }

        return self._define(t.__name__, t, build)

    def _ref_class(self, cls: type) -> dict[str, Any]:
        return self._define(cls.__name__, cls, lambda: self._object(cls))

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
        description = _description(cls)
        return {
            **({"description": description} if description else {}),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }


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
    files: Mapping[str, object],
    schema: Callable[[object], dict[str, Any]],
    directory: str,
    bundle: tuple[str, dict[str, Any]] | None = None,
) -> None:
    """Write ``schema(cls)`` for every ``filename: cls`` of ``files`` into ``directory``, and
    the ``(filename, schema)`` of ``bundle`` if given."""
    documents = {filename: schema(cls) for filename, cls in files.items()}
    if bundle is not None:
        documents[bundle[0]] = bundle[1]
    pathlib.Path(directory).mkdir(parents=True, exist_ok=True)
    for filename, document in documents.items():
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        pathlib.Path(directory, filename).write_text(text, encoding="utf-8")
