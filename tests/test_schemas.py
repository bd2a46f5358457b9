"""The shipped JSON Schemas of both games: current, shaped for code generators, plain text.

The generators themselves (json-schema-to-typescript 15 and 16, quicktype) and Ajv run in
``nox -s types``; these tests check, in Python, the properties those tools rely on.
"""

from __future__ import annotations

import enum
import pathlib
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import attrs
import jsonschema
import pytest
from referencing import Registry, Resource

import millions_rules
from millions_rules import DeserializationError, torraku
from millions_rules._common.schema import SchemaBuilder, plain_text
from millions_rules.millions._serialization import FORMAT

from .schema_samples import samples

GAMES: dict[str, ModuleType] = {"millions": millions_rules, "torraku": torraku}
#: The named types each game's bundle must declare (the issue's list, and the roots).
NAMED = {
    "millions": {
        "Action",
        "Event",
        "Role",
        "Phase",
        "Dealer",
        "RepeatRole",
        "PlayerView",
        "GameConfig",
        "GameRecord",
        "GameState",
        "PublicRecord",
    },
    "torraku": {
        "Action",
        "Event",
        "PieceKind",
        "Phase",
        "TorrakuView",
        "TorrakuConfig",
        "TorrakuRecord",
        "TorrakuState",
    },
}


#: The title of each file's root.
ROOTS = {
    "millions": {
        "action.json": "Action",
        "event.json": "Event",
        "player_view.json": "PlayerView",
        "game_config.json": "GameConfig",
        "game_record.json": "GameRecord",
        "game_state.json": "GameState",
        "public_record.json": "PublicRecord",
    },
    "torraku": {
        "action.json": "Action",
        "event.json": "Event",
        "torraku_config.json": "TorrakuConfig",
        "torraku_record.json": "TorrakuRecord",
        "torraku_state.json": "TorrakuState",
        "torraku_view.json": "TorrakuView",
    },
}


def shipped(game: str) -> dict[str, dict[str, Any]]:
    """Every shipped schema file of ``game``, the bundle included, by file name."""
    module = GAMES[game]
    names = [*module.SCHEMA_FILES, module.SCHEMA_BUNDLE]
    return {name: module.shipped_schema(name) for name in names}


def subschemas(schema: Any) -> Iterator[dict[str, Any]]:
    """``schema`` and every schema object inside it."""
    if isinstance(schema, dict):
        yield schema
        for value in schema.values():
            yield from subschemas(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from subschemas(value)


@pytest.mark.parametrize("game", GAMES)
def test_shipped_files_are_the_generated_ones(game: str) -> None:
    """The package holds exactly the generated files: one per type and the bundle, each equal
    to what the code builds (``python -m millions_rules schemas DIR`` regenerates them)."""
    module = GAMES[game]
    directory = pathlib.Path(module.__path__[0]) / "schemas"
    assert sorted(p.name for p in directory.glob("*.json")) == sorted(
        [*module.SCHEMA_FILES, module.SCHEMA_BUNDLE]
    )
    for filename, cls in module.SCHEMA_FILES.items():
        assert module.shipped_schema(filename) == module.json_schema(cls)
    assert module.shipped_schema(module.SCHEMA_BUNDLE) == module.schema_bundle()
    for schema in shipped(game).values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_bundle_names() -> None:
    """Each game's bundle has its own file name."""
    assert (millions_rules.SCHEMA_BUNDLE, torraku.SCHEMA_BUNDLE) == (
        "millions.schema.json",
        "torraku.schema.json",
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_file_root_is_its_type(game: str) -> None:
    """A file's root is its type, titled with its name, never a bare ``$ref``; the types it
    uses are titled ``$defs`` entries, each under its own title."""
    module = GAMES[game]
    for filename, schema in shipped(game).items():
        assert "$ref" not in schema, filename
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        for key, definition in schema.get("$defs", {}).items():
            assert definition["title"] == key, (filename, key)
        if filename in module.SCHEMA_FILES:
            assert schema["title"] not in schema.get("$defs", {})
    titles = {name: shipped(game)[name]["title"] for name in module.SCHEMA_FILES}
    assert titles == ROOTS[game]


@pytest.mark.parametrize("game", GAMES)
def test_bundle_declares_every_type_once(game: str) -> None:
    """The bundle's ``$defs`` are every file's root and ``$defs``, each the same declaration;
    its root has a property per file referring to the file's type."""
    module = GAMES[game]
    files = shipped(game)
    bundle = files.pop(module.SCHEMA_BUNDLE)
    declared: dict[str, dict[str, Any]] = {}
    for schema in files.values():
        root = {key: value for key, value in schema.items() if key not in ("$schema", "$defs")}
        for name, definition in [(schema["title"], root), *schema.get("$defs", {}).items()]:
            assert declared.setdefault(name, definition) == definition
    assert bundle["$defs"] == dict(sorted(declared.items()))
    assert NAMED[game] <= set(bundle["$defs"])
    assert bundle["properties"] == {
        name.removesuffix(".json"): {"$ref": f"#/$defs/{schema['title']}"}
        for name, schema in files.items()
    }
    assert bundle["additionalProperties"] is False
    assert bundle["title"] == {"millions": "MillionsDocuments", "torraku": "TorrakuDocuments"}[game]


@pytest.mark.parametrize("game", GAMES)
def test_enums_are_named_definitions(game: str) -> None:
    """No schema spells an enum inline: every ``enum`` is a ``$defs`` entry of its own."""
    for filename, schema in shipped(game).items():
        inline = [
            sub
            for sub in subschemas(schema.get("properties", {}))
            if "enum" in sub and "title" not in sub
        ]
        assert inline == [], filename
    phase = shipped(game)[GAMES[game].SCHEMA_BUNDLE]["$defs"]["Phase"]
    assert phase["enum"] == [member.value for member in GAMES[game].Phase]


@pytest.mark.parametrize("game", GAMES)
def test_descriptions_are_plain_text(game: str) -> None:
    """No description carries reStructuredText: roles, literals, emphasis or line breaks."""
    marked = re.compile(r"`|:\w+:|\*|\n|  ")
    descriptions = [
        sub["description"]
        for schema in shipped(game).values()
        for sub in subschemas(schema)
        if isinstance(sub.get("description"), str)
    ]
    bundle = shipped(game)[GAMES[game].SCHEMA_BUNDLE]["$defs"]
    # Every class and enum says what it is; only the two unions have no docstring.
    assert sorted(name for name, d in bundle.items() if "description" not in d) == [
        "Action",
        "Event",
    ]
    assert [text for text in descriptions if marked.search(text)] == []


def test_descriptions_render_sphinx_roles() -> None:
    """The shipped descriptions say what Sphinx shows for the docstrings' markup."""
    defs = millions_rules.schema_bundle()["$defs"]
    assert defs["PublicConfig"]["description"] == (
        "A GameConfig without its seed: the rules everyone at the table knows."
    )
    assert defs["DealLoot"]["description"] == (
        "External dealer: reveal this round's loot card (R-PLAN-1, EXTERNAL)."
    )
    assert defs["GameState"]["description"] == (
        "The whole game at one moment; never mutated, replaced by apply()."
    )
    assert defs["Eliminated"]["description"] == (
        "A character was eliminated from the heist; rule says why."
    )
    assert defs["CharacterChosen"]["description"] == (
        "Private to the player: they chose these characters (R-PLAN-2)."
    )


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (":class:`~millions_rules.GameConfig`", "GameConfig"),
        (":class:`millions_rules.GameConfig`", "millions_rules.GameConfig"),
        (":class:`~.json.JsonFormat`", "JsonFormat"),
        (":data:`~millions_rules.Action`", "Action"),
        (":attr:`~millions_rules.Dealer.EXTERNAL`", "EXTERNAL"),
        (":func:`~millions_rules.apply`", "apply()"),
        (":meth:`GameRecord.of`", "GameRecord.of()"),
        (":func:`views <millions_rules.view>`", "views"),
        (":ref:`the rules <rules>`", "the rules"),
        (":py:class:`~a.B`", "B"),
        ("``Dealer.EXTERNAL`` only", "Dealer.EXTERNAL only"),
        ("*Seen by nobody:* the card", "Seen by nobody: the card"),
        ("**bold** and 2 * 3", "bold and 2 * 3"),
        ("two\n   lines", "two lines"),
    ],
)
def test_plain_text(text: str, plain: str) -> None:
    """plain_text renders each kind of markup as Sphinx shows it."""
    assert plain_text(text) == plain


class Colour(enum.Enum):
    """A colour, in *two* words."""

    RED = "red"


#: A class with the enum's name, and a class with a field of each.
OtherColour = attrs.make_class("Colour", {"red": attrs.field(type=int)}, frozen=True)
Both = attrs.make_class(
    "Both",
    {"enum_field": attrs.field(type=Colour), "class_field": attrs.field(type=OtherColour)},
    frozen=True,
)


@attrs.frozen
class Colourful:
    """Two fields of one enum."""

    first: Colour
    second: Colour


def test_builder_names_enums_and_refuses_two_types_of_one_name() -> None:
    """An enum is declared once under its name; two types of one name would make the
    generators merge or rename them, so they are refused."""
    schema = SchemaBuilder(FORMAT, {}).document(Colourful)
    assert schema == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Colourful",
        "description": "Two fields of one enum.",
        "type": "object",
        "properties": {"first": {"$ref": "#/$defs/Colour"}, "second": {"$ref": "#/$defs/Colour"}},
        "required": ["first", "second"],
        "additionalProperties": False,
        "$defs": {
            "Colour": {
                "title": "Colour",
                "description": "A colour, in two words.",
                "type": "string",
                "enum": ["red"],
            }
        },
    }
    with pytest.raises(ValueError, match="two types are named Colour"):
        SchemaBuilder(FORMAT, {}).document(Both)


def test_unknown_type_is_refused_by_the_bundle_too() -> None:
    """A bundle of a type the game does not write fails like json_schema does."""
    with pytest.raises(DeserializationError, match="no JSON Schema") as caught:
        SchemaBuilder(FORMAT, {}).bundle({"x.json": object}, "X", "x")
    assert caught.value.code == "unknown_type"


def test_shipped_bundle_is_readable_by_name() -> None:
    """shipped_schema reads the bundle; a name that is neither a file nor the bundle is refused."""
    assert millions_rules.shipped_schema("millions.schema.json")["title"] == "MillionsDocuments"
    assert torraku.shipped_schema("torraku.schema.json")["title"] == "TorrakuDocuments"
    with pytest.raises(DeserializationError, match="no shipped schema"):
        torraku.shipped_schema("millions.schema.json")


def test_written_documents_validate_against_the_bundles() -> None:
    """Every document of seeded games validates against the bundle's ``$defs`` entry of its
    type, the way a client validates with the bundle (the files themselves are checked by
    the serialization tests)."""
    counts: dict[str, dict[str, int]] = {}
    for game, documents in samples(step=5).items():
        files = shipped(game)
        bundle = files.pop(GAMES[game].SCHEMA_BUNDLE)
        registry: Registry[Any] = Registry().with_resource(
            "urn:bundle", Resource.from_contents(bundle)
        )
        counts[game] = {}
        for filename, docs in documents.items():
            by_bundle = jsonschema.Draft202012Validator(
                {"$ref": f"urn:bundle#/$defs/{files[filename]['title']}"}, registry=registry
            )
            for document in docs:
                by_bundle.validate(document)
            assert not by_bundle.is_valid({"type": "no_such_type"})
            counts[game][filename] = len(docs)
    assert counts == {
        "millions": {  # two random games and the golden game with deals (with_deals)
            "action.json": 154,
            "event.json": 431,
            "player_view.json": 82,
            "game_config.json": 2,
            "game_record.json": 3,
            "game_state.json": 26,
            "public_record.json": 3,
        },
        "torraku": {
            "action.json": 101,
            "event.json": 169,
            "torraku_config.json": 2,
            "torraku_record.json": 2,
            "torraku_state.json": 23,
            "torraku_view.json": 78,
        },
    }
