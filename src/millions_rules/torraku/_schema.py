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

__all__ = ["SCHEMA_FILES", "json_schema", "shipped_schema", "write_schemas"]

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


def json_schema(cls: object) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`to_json` writes for ``cls``.

    >>> from millions_rules.torraku import Action
    >>> json_schema(Action)["$defs"]["Pass"]["required"]
    ['type', 'player']
    """
    return SchemaBuilder(FORMAT, {Action: "Action", Event: "Event"}, tags_schema).document(cls)


def shipped_schema(filename: str) -> dict[str, Any]:
    """A schema file shipped in ``millions_rules/torraku/schemas/`` (a key of :data:`SCHEMA_FILES`).

    Raises:
        DeserializationError: If ``filename`` is not a key of :data:`SCHEMA_FILES`.
    """
    return read_shipped_schema("millions_rules.torraku", SCHEMA_FILES, filename)


def write_schemas(directory: str) -> None:
    """Write every schema of :data:`SCHEMA_FILES` into ``directory``."""
    write_schema_files(SCHEMA_FILES, json_schema, directory)
