"""The package's import graph, read from the source with :mod:`ast` (no module is run).

Every ``import`` and ``from ... import`` counts, at module level or inside a function or a
``TYPE_CHECKING`` block (a deferred import still ties two modules together). Used by
``tests/test_layers.py``; run it as a script for the figures of the layering:
``python tests/import_graph.py [src/millions_rules]``.
"""

from __future__ import annotations

import ast
import pathlib
import sys
from collections.abc import Iterator

PACKAGE = "millions_rules"
SOURCE = pathlib.Path(__file__).resolve().parent.parent / "src" / PACKAGE

#: The games' wings: each holds everything of one game.
WINGS = ("millions", "torraku")


def module_name(path: pathlib.Path, root: pathlib.Path) -> str:
    """The dotted name of the module at ``path`` under the package directory ``root``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def modules(root: pathlib.Path = SOURCE) -> dict[str, pathlib.Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: str, path: pathlib.Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The package's modules that ``module`` imports, with the line of each import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    yield _known(alias.name, known), node.lineno
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, is_package, node)
            if target.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                yield (sub if sub in known else _known(target, known)), node.lineno


def _known(name: str, known: set[str]) -> str:
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def graph(root: pathlib.Path = SOURCE) -> dict[str, dict[str, int]]:
    """Each module's imports of the package's modules (an import's target: its first line).

    A module's own package (``__init__``) counts only when it is imported by name.
    """
    found = modules(root)
    known = set(found)
    edges: dict[str, dict[str, int]] = {}
    for name, path in found.items():
        mine: dict[str, int] = {}
        for target, line in imports(name, path, known):
            if target != name:
                mine.setdefault(target, line)
        edges[name] = mine
    return edges


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on.add(node)
        for target in edges.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def wing(module: str) -> str | None:
    """The game whose wing holds ``module``, or ``None`` for a module of no game."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in WINGS else None


def is_private(module: str) -> bool:
    """Whether ``module`` is a private module (a part of its dotted name starts with ``_``)."""
    return any(part.startswith("_") for part in module.split(".")[1:])


def generic_private_imports(edges: dict[str, dict[str, int]]) -> list[tuple[str, str, int]]:
    """Imports of a game's private module from a module of no game's wing.

    ``millions_rules/__init__.py`` is Millions' public face (it re-exports the
    ``millions`` wing), so it is not a generic module.
    """
    return [
        (source, target, line)
        for source, targets in sorted(edges.items())
        if wing(source) is None and source != PACKAGE
        for target, line in sorted(targets.items())
        if wing(target) is not None and is_private(target)
    ]


if __name__ == "__main__":
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    edges = graph(root)
    private = generic_private_imports(edges)
    print(f"modules: {len(edges)}; imports: {sum(map(len, edges.values()))}")
    print(f"generic-module imports of a game's private module: {len(private)}")
    for source, target, line in private:
        print(f"  {source}:{line} -> {target}")
    found = cycles(edges)
    print(f"import circles (strongly connected components): {len(found)}")
    for component in found:
        print("  " + " <-> ".join(component))
