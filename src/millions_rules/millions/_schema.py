"""JSON Schema (draft 2020-12) for the documents of :mod:`._serialization`.

The builder is the common layer's (:mod:`millions_rules._common.schema`); this module lists
Millions' shipped files and describes its tags. The schemas are generated from the attrs
classes themselves, so they cannot
drift from what :func:`~millions_rules.to_json` writes; the same schemas ship as ``.json`` files
in ``millions_rules/schemas/`` for clients in other languages (TypeScript, Rust,
...), and the test suite checks that the files are up to date.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from .._common.schema import SchemaBuilder, read_shipped_schema, write_schema_files
from .._common.tags import tags_schema
from ._actions import Action
from ._config import GameConfig
from ._events import Event
from ._records import GameRecord, PublicRecord
from ._serialization import FORMAT
from ._state import GameState
from ._views import PlayerView

__all__ = ["SCHEMA_FILES", "json_schema", "shipped_schema"]


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
    return SchemaBuilder(FORMAT, {Action: "Action", Event: "Event"}, tags_schema).document(cls)


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
    return read_shipped_schema("millions_rules", SCHEMA_FILES, filename)


def write_schemas(directory: str) -> None:
    """Write every schema of :data:`~millions_rules.SCHEMA_FILES` into ``directory``."""
    write_schema_files(SCHEMA_FILES, json_schema, directory)
