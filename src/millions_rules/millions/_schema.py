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

__all__ = ["SCHEMA_BUNDLE", "SCHEMA_FILES", "json_schema", "schema_bundle", "shipped_schema"]


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


#: The shipped file that declares every type of :data:`SCHEMA_FILES` once (:func:`schema_bundle`).
SCHEMA_BUNDLE: Final = "millions.schema.json"


def _builder() -> SchemaBuilder:
    return SchemaBuilder(FORMAT, {Action: "Action", Event: "Event"}, tags_schema)


def json_schema(cls: object) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`~millions_rules.to_json` writes for ``cls``.

    The root is the type itself, titled with its name; every other class, union and enum
    it uses is a titled entry of ``$defs``, so code generators declare each under its name.

    Args:
        cls: :data:`~millions_rules.Action`, :data:`~millions_rules.Event`, :class:`~millions_rules.PlayerView`, :class:`~millions_rules.GameConfig`,
            :class:`~millions_rules.GameRecord`, :class:`~millions_rules.GameState`, or any other public attrs class.

    Returns:
        A new dict, ready for :func:`json.dumps`.

    Raises:
        DeserializationError: If ``cls`` is no type this library reads and writes.

    >>> from millions_rules import Action
    >>> schema = json_schema(Action)
    >>> schema["$schema"], schema["title"], schema["$defs"]["Role"]["enum"][:2]
    ('https://json-schema.org/draft/2020-12/schema', 'Action', ['snitch', 'brute'])
    """
    return _builder().document(cls)


def schema_bundle() -> dict[str, Any]:
    """One JSON Schema that declares every type of every file of :data:`~millions_rules.SCHEMA_FILES`, once.

    It ships as ``millions_rules/schemas/millions.schema.json`` (:data:`~millions_rules.SCHEMA_BUNDLE`):
    the file to give a code generator for one declaration of each type. Its root is an object
    with a property per schema file (``player_view`` for ``player_view.json``); validate a
    document against ``#/$defs/<its type>``, such as ``#/$defs/PlayerView``.

    >>> bundle = schema_bundle()
    >>> bundle["properties"]["player_view"], bundle["$defs"]["Phase"]["title"]
    ({'$ref': '#/$defs/PlayerView'}, 'Phase')
    """
    return _builder().bundle(
        SCHEMA_FILES,
        "MillionsDocuments",
        "Every document of Millions of Dollars that millions-rules writes, each type declared "
        "once: a property per shipped schema file; validate a document against "
        "#/$defs/<its type>.",
    )


def shipped_schema(filename: str) -> dict[str, Any]:
    """A schema file shipped in ``millions_rules/schemas/``: a key of :data:`~millions_rules.SCHEMA_FILES` or :data:`~millions_rules.SCHEMA_BUNDLE`.

    Args:
        filename: The file's name, such as ``"action.json"``.

    Returns:
        The schema, as :func:`json_schema` builds it for the matching type (or
        :func:`schema_bundle` for the bundle).

    Raises:
        DeserializationError: If ``filename`` is neither a key of
            :data:`~millions_rules.SCHEMA_FILES` nor :data:`~millions_rules.SCHEMA_BUNDLE`;
            no other file is ever read.

    >>> shipped_schema("action.json")["title"]
    'Action'
    """
    return read_shipped_schema("millions_rules", {**SCHEMA_FILES, SCHEMA_BUNDLE: None}, filename)


def write_schemas(directory: str) -> None:
    """Write every schema of :data:`~millions_rules.SCHEMA_FILES`, and the bundle, into ``directory``.

    ``python -m millions_rules schemas src/millions_rules/schemas`` regenerates the shipped
    files.
    """
    write_schema_files(SCHEMA_FILES, json_schema, directory, (SCHEMA_BUNDLE, schema_bundle()))
