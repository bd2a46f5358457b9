"""The optional mypyc build (``hatch_build.py``): its module list, and that it is in use.

``nox -s compiled`` sets ``MILLIONS_RULES_EXPECT_COMPILED=1`` while it runs the suite on the
installed compiled wheel: the suite then fails unless every listed module really is an
extension module, so the tests cannot pass on the pure sources by mistake.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import pathlib
import random

import pytest

ROOT = pathlib.Path(__file__).parent.parent


def compiled_modules() -> tuple[str, ...]:
    """``COMPILED_MODULES`` of ``hatch_build.py``, read from its source (no hatchling needed)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "COMPILED_MODULES":
            assert isinstance(node, ast.AnnAssign) and node.value is not None
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError("hatch_build.py has no COMPILED_MODULES")


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def test_every_compiled_module_exists() -> None:
    """Each listed module is a source file of the package, listed once."""
    modules = compiled_modules()
    assert modules and len(set(modules)) == len(modules)
    for path in modules:
        assert (ROOT / "src" / path).is_file(), path


def test_no_compiled_module_defines_an_attrs_class() -> None:
    """mypyc rewrites class annotations, which attrs and cattrs read: attrs classes stay interpreted."""
    for path in compiled_modules():
        source = (ROOT / "src" / path).read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                names = [ast.unparse(decorator) for decorator in node.decorator_list]
                assert not any(name.startswith(("attrs.", "attr.")) for name in names), (
                    f"{path}: {node.name}"
                )


@pytest.mark.skipif(
    os.environ.get("MILLIONS_RULES_EXPECT_COMPILED") != "1",
    reason="only on the compiled build (nox -s compiled)",
)
def test_the_compiled_build_is_in_use() -> None:
    """Every listed module was imported from an extension module, not from its source."""
    for path in compiled_modules():
        module = importlib.import_module(module_name(path))
        assert module.__file__ is not None and not module.__file__.endswith(".py"), module


def test_compiled_functions_keep_their_docstrings() -> None:
    """Each function of a listed module has its source's docstring, compiled or not.

    mypyc leaves a compiled function's ``__doc__`` empty; ``hatch_build.py`` writes the
    docstrings into the C it generates, so that ``help()`` shows them in either build.
    """
    for path in compiled_modules():
        module = importlib.import_module(module_name(path))
        tree = ast.parse((ROOT / "src" / path).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and (doc := ast.get_docstring(node)):
                assert inspect.getdoc(getattr(module, node.name)) == doc, f"{path}: {node.name}"


def _portable_shuffle(state: int, items: list[int]) -> tuple[tuple[int, ...], int]:
    """Fisher-Yates on the portable draws: what ``shuffled`` gives on Python's integers."""
    from millions_rules._common import random as generator

    result = list(items)
    for high in range(len(result) - 1, 0, -1):
        low, state = generator._portable_draw_below(state, high + 1)
        result[high], result[low] = result[low], result[high]
    return tuple(result), state


def test_the_native_draws_are_the_portable_draws() -> None:
    """The compiled build draws on native 64-bit integers, the interpreter on Python's: the
    same draws and states either way (R-COMP-4), at the edges of 64 bits too.

    On the compiled build ``draw_below`` and ``shuffled`` run the native generator, which
    is compared here with the portable one; the interpreter runs the portable one alone.
    """
    from millions_rules._common import random as generator

    compiled = generator.__file__ is not None and not generator.__file__.endswith(".py")
    assert generator._NATIVE is compiled
    rng = random.Random(20261205)
    edges = [0, 1, 2**62, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15]
    bounds = [1, 2, 3, 5, 7, 8, 100, 2**31 + 11, 2**59 + 3, 2**60]
    for case in range(20_000):
        state = edges[case % len(edges)] if case < 400 else rng.getrandbits(64)
        bound = bounds[case % len(bounds)] if case % 3 else rng.randrange(1, 2**60 + 1)
        assert generator.draw_below(state, bound) == generator._portable_draw_below(state, bound)
    for case in range(2_000):
        state = edges[case % len(edges)] if case < 50 else rng.getrandbits(64)
        items = list(range(case % 30))
        assert generator.shuffled(state, items) == _portable_shuffle(state, items)
