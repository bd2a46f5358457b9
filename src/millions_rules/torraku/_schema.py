"""JSON Schemas of Currency Torraku's documents, generated from its classes and shipped.

The files in ``millions_rules/torraku/schemas/`` are what :func:`json_schema` returns for
each type of :data:`SCHEMA_FILES`; the test suite checks they are up to date.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from .._common.schema import SchemaBuilder, read_shipped_schema, write_schema_files
from .._common.tags import tags_schema
from ._actions import Action
from ._config import TorrakuConfig
from ._events import Event
from ._records import TorrakuRecord
from ._serialization import FORMAT
from ._state import TorrakuState
from ._views import TorrakuView

__all__ = [
    "SCHEMA_BUNDLE",
    "SCHEMA_FILES",
    "json_schema",
    "schema_bundle",
    "shipped_schema",
    "write_schemas",
]

#: The shipped schema files and the type each describes.
SCHEMA_FILES: Final[Mapping[str, object]] = MappingProxyType(
    {
        "action.json": Action,
        "event.json": Event,
        "torraku_config.json": TorrakuConfig,
        "torraku_record.json": TorrakuRecord,
        "torraku_state.json": TorrakuState,
        "torraku_view.json": TorrakuView,
    }
)


#: The shipped file that declares every type of :data:`SCHEMA_FILES` once (:func:`schema_bundle`).
SCHEMA_BUNDLE: Final = "torraku.schema.json"


def _builder() -> SchemaBuilder:
    return SchemaBuilder(FORMAT, {Action: "Action", Event: "Event"}, tags_schema)


def json_schema(cls: object) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`to_json` writes for ``cls``.

    The root is the type itself, titled with its name; every other class, union and enum
    it uses is a titled entry of ``$defs``.

    >>> from millions_rules.torraku import Action
    >>> json_schema(Action)["$defs"]["Pass"]["required"]
    ['type', 'player']
    """
    return _builder().document(cls)


def schema_bundle() -> dict[str, Any]:
    """One JSON Schema that declares every type of every file of :data:`SCHEMA_FILES`, once.

    It ships as ``millions_rules/torraku/schemas/torraku.schema.json``
    (:data:`SCHEMA_BUNDLE`), the file to give a code generator. Its root has a property per
    schema file (``torraku_view`` for ``torraku_view.json``); validate a document against
    ``#/$defs/<its type>``, such as ``#/$defs/TorrakuView``.

    >>> schema_bundle()["$defs"]["PieceKind"]["title"]
    'PieceKind'
    """
    return _builder().bundle(
        SCHEMA_FILES,
        "TorrakuDocuments",
        "Every document of Currency Torraku that millions-rules writes, each type declared "
        "once: a property per shipped schema file; validate a document against "
        "#/$defs/<its type>.",
    )


def shipped_schema(filename: str) -> dict[str, Any]:
    """A schema file shipped in ``millions_rules/torraku/schemas/``: a key of :data:`SCHEMA_FILES` or :data:`SCHEMA_BUNDLE`.

    Raises:
        DeserializationError: If ``filename`` is neither a key of :data:`SCHEMA_FILES` nor
            :data:`SCHEMA_BUNDLE`.
    """
    return read_shipped_schema(
        "millions_rules.torraku", {**SCHEMA_FILES, SCHEMA_BUNDLE: None}, filename
    )


def write_schemas(directory: str) -> None:
    """Write every schema of :data:`SCHEMA_FILES`, and the bundle, into ``directory``.

    ``python -m millions_rules schemas src/millions_rules/torraku/schemas --game torraku``
    regenerates the shipped files.
    """
    write_schema_files(SCHEMA_FILES, json_schema, directory, (SCHEMA_BUNDLE, schema_bundle()))
