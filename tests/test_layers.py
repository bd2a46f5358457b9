"""The layers of the package: an import graph with no circle and no arrow back up.

The graph is read from the source (``tests/import_graph.py``, with :mod:`ast`): every import
counts, at module level, inside a function or under ``TYPE_CHECKING``. The layers, lowest
first (a module may import its own layer and the ones below):

0. ``_common`` (and ``_version``): what every game shares, importing no game;
1. the games' wings: ``millions`` (with the package's root, Millions' public face),
   ``torraku``; a wing never imports another wing;
2. ``games`` and ``kit``: the registry and the public kit of a game author;
3. ``bots``: written once against the game interface;
4. ``adapters``, ``web`` and ``text`` (the notation, status, menu and chat host of every
   game: above the games and ``games``, as ``bots``, and beside ``web`` for its store);
5. ``chat`` and ``llm``, the chat plugin and the LLM harness over ``text``;
6. ``__main__``, the command line.

Generic modules (layers 2 to 6) import no game's private module: they reach a game through
its :class:`~millions_rules.kit.Game`, its companions, or its public modules.
"""

from __future__ import annotations

import pathlib
import re

import pytest

from .import_graph import SOURCE, cycles, generic_private_imports, graph, wing

#: The layer of each top-level part of the package (see the module text).
LAYERS: dict[str, int] = {
    "_common": 0,
    "_version": 0,
    "millions": 1,
    "torraku": 1,
    "games": 2,
    "kit": 2,
    "bots": 3,
    "adapters": 4,
    "web": 4,
    "text": 4,
    "chat": 5,
    "llm": 5,
    "__main__": 6,
}

# No known violation: every layer is clean, and nothing may be added here.

#: Import circles still known: none (web/_teach.py <-> web/_words.py is gone).
KNOWN_CIRCLES: list[list[str]] = []

#: Imports of a game's private module by a generic module: none.
KNOWN_PRIVATE_IMPORTS: dict[str, set[str]] = {}


def layer(module: str) -> int:
    """The layer of ``module`` (the root package is Millions' public face: a wing)."""
    parts = module.split(".")
    if len(parts) == 1:
        return LAYERS["millions"]
    return LAYERS[parts[1]]


EDGES = graph()


def test_the_graph_is_read_from_every_module() -> None:
    """The graph holds every module of the package, and it sees deferred imports: the
    function-level import of ``web/_serve.py`` in ``__main__._serve`` is one of its edges."""
    assert len(EDGES) == len(list(SOURCE.rglob("*.py")))
    assert "millions_rules.web._serve" in EDGES["millions_rules.__main__"]
    assert "millions_rules.bots._ray" in EDGES["millions_rules.bots._simulate"]  # in a function


def test_every_module_has_a_layer() -> None:
    """Each module belongs to one layer of :data:`LAYERS` (a new top-level part needs one)."""
    assert all(layer(module) in LAYERS.values() for module in EDGES)


def test_no_import_circle() -> None:
    """No set of modules imports itself round, deferred imports included (0 circles)."""
    found = cycles(EDGES)
    assert [c for c in found if c not in KNOWN_CIRCLES] == []


def test_no_import_goes_up_a_layer_or_across_wings() -> None:
    """No module imports a module of a higher layer; no game's wing imports another's."""
    wrong = [
        f"{source}:{line} -> {target}"
        for source, targets in sorted(EDGES.items())
        for target, line in sorted(targets.items())
        if layer(target) > layer(source)
        or (wing(source) is not None and wing(target) not in (None, wing(source)))
    ]
    assert wrong == []


def test_generic_modules_import_no_private_module_of_a_game() -> None:
    """No generic module (bots/, adapters/, web/, text/, chat/, llm/, games.py, kit.py,
    __main__.py) imports a game's private module."""
    found: dict[str, set[str]] = {}
    for source, target, _ in generic_private_imports(EDGES):
        found.setdefault(source.removeprefix("millions_rules."), set()).add(
            target.removeprefix("millions_rules.")
        )
    extra = {
        source: sorted(targets - KNOWN_PRIVATE_IMPORTS.get(source, set()))
        for source, targets in found.items()
        if targets - KNOWN_PRIVATE_IMPORTS.get(source, set())
    }
    assert extra == {}
    assert all(source.split(".")[0] == "adapters" for source in KNOWN_PRIVATE_IMPORTS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("from ..millions._state import GameState\n", ["millions_rules.millions._state"]),
        ("def f():\n    from .. import games\n", ["millions_rules.games"]),
        ("import millions_rules.torraku._views\n", ["millions_rules.torraku._views"]),
    ],
)
def test_the_reader_resolves_relative_and_deferred_imports(
    tmp_path: pathlib.Path, text: str, expected: list[str]
) -> None:
    """A relative import, one inside a function and an absolute one each name their module."""
    root = tmp_path / "millions_rules"
    for name in ("games", "millions/_state", "torraku/_views", "bots/_x"):
        path = root / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    (root / "bots" / "_x.py").write_text(text)
    assert sorted(graph(root)["millions_rules.bots._x"]) == expected


def _literals(script: str) -> set[str]:
    """The string literals of a JavaScript file, its comments left out."""
    code = re.sub(r"/\*.*?\*/|(?<![:\"'`])//[^\n]*", "", script, flags=re.S)
    return {match[2] for match in re.finditer(r"([\"'`])((?:(?!\1)[^\\\n]|\\.)*)\1", code)}


def test_the_generic_page_script_names_no_game() -> None:
    """``web/static/table.js``, the page of every game, holds no game: no string literal
    is a registered game's name or its widgets' (no ``=== "torraku"`` branch, no fallback
    to ``"millions"``), and it looks up no word that a game's page companion brings
    (``web.title``, ``web.choose``, ``web.tk.*``, ``role.*``): each game's widgets are in
    its wing, as the script its :attr:`Page.script` gives (``millions/static/widgets.js``,
    ``torraku/static/widgets.js``)."""
    from millions_rules.games import GAMES

    script = (SOURCE / "web" / "static" / "table.js").read_text("utf-8")
    literals = _literals(script)
    assert {"web.language", "/api/act", "web.lobby.title"} <= literals  # the reader reads
    names: set[str] = set()
    game_words: set[str] = set()
    for game in GAMES.values():
        names.add(game.name)
        page = game.companions.page
        if page is not None:
            names |= {page.widgets} - {None}  # type: ignore[arg-type]
            game_words |= set(page.words("en"))
    assert {"millions", "torraku", "goofspiel"} <= names
    assert {"web.title", "web.choose", "web.tk.title", "role.brute"} <= game_words
    assert not literals & names
    assert not {text for text in literals if any(name in text.split(".") for name in names)}
    looked_up = set(re.findall(r"\bt\(\"([^\"]+)\"", script))
    assert looked_up and not looked_up & game_words
    # Nor does the page's HTML: the title is the game's, from the server.
    html = (SOURCE / "web" / "static" / "index.html").read_text("utf-8")
    assert not [game.title for game in GAMES.values() if game.title in html]
    for name in ("millions", "torraku"):
        widgets = (SOURCE / name / "static" / "widgets.js").read_text("utf-8")
        assert f"registry.{name} = " in widgets
