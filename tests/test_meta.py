"""The project keeps its promises: every rule id is tested, the public API is documented,
every supported Python is named alike everywhere."""

from __future__ import annotations

import ast
import pathlib
import pickle
import re
import sys
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

import millions_rules
from millions_rules import GameConfig, IllegalActionError, Stay, apply, new_game

ROOT = pathlib.Path(__file__).parent.parent
RULE_ID = re.compile(r"^#+ (R-[A-Z0-9]+(?:-[A-Z0-9]+)*)", re.MULTILINE)


def rule_ids() -> list[str]:
    return RULE_ID.findall((ROOT / "docs" / "rules.md").read_text("utf-8"))


def test_rules_reference_lists_every_rule() -> None:
    """The rules reference has every rule of the rules document (when it is at hand)."""
    ids = rule_ids()
    assert len(ids) >= 40
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.exists():
        original = set(re.findall(r"\*\*(R-[A-Z0-9-]+)[ *]", shared.read_text("utf-8")))
        original |= set(
            re.findall(r"^#+ (R-[A-Z0-9]+(?:-[A-Z0-9]+)*)", shared.read_text("utf-8"), re.M)
        )
        assert original <= set(ids)


def test_every_rule_id_has_a_test() -> None:
    """Each rule id (sections aside) is named by at least one test."""
    tests = "\n".join(p.read_text("utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    sections = {
        "R-COMP",
        "R-ROUND",
        "R-PLAN",
        "R-NEG",
        "R-HEIST",
        "R-LOOT",
        "R-END",
        "R-3P",
        "R-VAR",
    }
    missing = [
        rule
        for rule in rule_ids()
        if rule not in sections and rule not in tests.replace("R-COMP-1, R-COMP-2", "")
    ]
    assert missing == []


def test_public_names_have_docstrings() -> None:
    """Every public class and function has a docstring."""
    undocumented = [
        name
        for name in millions_rules.__all__
        if callable(getattr(millions_rules, name))
        and not (getattr(millions_rules, name).__doc__ or "").strip()
    ]
    assert undocumented == []


def _api_reference() -> str:
    """The API reference's pages (one per area), as one text."""
    return "\n".join(
        path.read_text("utf-8") for path in sorted((ROOT / "docs" / "api").glob("*.rst"))
    )


def test_api_reference_lists_every_public_name() -> None:
    """The API reference (docs/api/) documents every name of ``__all__``."""
    api = _api_reference()
    missing = [
        name for name in millions_rules.__all__ if not re.search(rf"::\s+{re.escape(name)}\b", api)
    ]
    assert missing == []


def test_public_all_is_complete() -> None:
    """``__all__`` lists names that exist, each once."""
    names = millions_rules.__all__
    assert len(set(names)) == len(names)
    assert all(hasattr(millions_rules, name) for name in names)


def test_states_and_errors_pickle() -> None:
    """States and errors survive pickling (process pools, caches)."""
    state = new_game(GameConfig(5, seed=1))
    assert pickle.loads(pickle.dumps(state)) == state
    try:
        apply(state, Stay(0))
    except IllegalActionError as error:
        copy = pickle.loads(pickle.dumps(error))
        assert (copy.code, copy.rule, str(copy)) == (error.code, error.rule, str(error))


def test_version_is_kept_in_one_place() -> None:
    """The version comes from ``_version.py``; pyproject reads it from there."""
    assert re.fullmatch(r"\d+\.\d+\.\d+", millions_rules.__version__)
    assert 'path = "src/millions_rules/_version.py"' in (ROOT / "pyproject.toml").read_text("utf-8")


def test_api_reference_lists_every_error_code() -> None:
    """The API reference has one row per error code, with the meaning the library gives it."""
    from millions_rules import ACTION_ERROR_CODES, DESERIALIZATION_ERROR_CODES

    api = _api_reference()
    for codes in (ACTION_ERROR_CODES, DESERIALIZATION_ERROR_CODES):
        for code, meaning in codes.items():
            assert f"   * - {code}\n     - {meaning}\n" in api, code


@pytest.mark.parametrize("name", ["GameState", "PlayerView", "SeenCharacter", "GameRecord"])
def test_help_shows_field_docstrings(name: str) -> None:
    """help() lists every field of the main classes with the first words of its docstring."""
    import pydoc

    import attrs

    cls = getattr(millions_rules, name)
    text = pydoc.plain(pydoc.render_doc(cls))
    assert "Fields:" in text
    for field in attrs.fields(cls):
        assert f"|      {field.name}\n" in text, field.name
    assert "The number of actions" in pydoc.render_doc(millions_rules.GameState.version)


def pyproject() -> dict[str, Any]:
    """pyproject.toml, read."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def supported_pythons() -> list[str]:
    """The Python versions that pyproject.toml's classifiers name, oldest first."""
    prefix = "Programming Language :: Python :: "
    versions = [
        classifier.removeprefix(prefix)
        for classifier in pyproject()["project"]["classifiers"]
        if re.fullmatch(re.escape(prefix) + r"3\.\d+", classifier)
    ]
    return sorted(versions, key=lambda version: int(version.split(".")[1]))


def spoken(versions: list[str]) -> str:
    """``3.10, 3.11, 3.12 and 3.13``: the versions as the README and the docs list them."""
    return ", ".join(versions[:-1]) + " and " + versions[-1]


def nox_compat_pythons() -> object:
    """The Pythons of the noxfile's ``compat`` session (its ``PYTHONS``), read without nox."""
    tree = ast.parse((ROOT / "noxfile.py").read_text("utf-8"))
    assigned = {
        target.id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name) and node.value is not None
    }
    (compat,) = [
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "compat"
    ]
    (decorator,) = compat.decorator_list
    assert isinstance(decorator, ast.Call)
    (python,) = [keyword.value for keyword in decorator.keywords if keyword.arg == "python"]
    if isinstance(python, ast.Name):
        python = assigned[python.id]
    return ast.literal_eval(python)


class TestSupportedPythons:
    """pyproject.toml, the noxfile, the README and the docs promise the same Pythons."""

    def test_classifiers_run_from_requires_python_without_a_gap(self) -> None:
        """The classifiers name consecutive versions, the first the one requires-python names."""
        versions = supported_pythons()
        minors = [int(version.split(".")[1]) for version in versions]
        assert [version.split(".")[0] for version in versions] == ["3"] * len(versions)
        assert minors == list(range(minors[0], minors[0] + len(minors)))
        assert len(versions) >= 2
        assert pyproject()["project"]["requires-python"] == f">={versions[0]}"

    def test_nox_compat_tests_every_supported_python(self) -> None:
        """``nox -s compat`` (which ``.ci/run`` runs) has one session per supported Python."""
        assert nox_compat_pythons() == supported_pythons()

    def test_tools_check_against_the_oldest(self) -> None:
        """mypy and ruff judge the code as the oldest supported Python would run it."""
        oldest = supported_pythons()[0]
        tools = pyproject()["tool"]
        assert tools["mypy"]["python_version"] == oldest
        assert tools["ruff"]["target-version"] == "py" + oldest.replace(".", "")

    def test_readme_and_docs_name_the_supported_pythons(self) -> None:
        """The README and the docs' front page list the supported versions, and no other."""
        versions = supported_pythons()
        readme = " ".join((ROOT / "README.md").read_text("utf-8").split())
        front = " ".join((ROOT / "docs" / "index.rst").read_text("utf-8").split())
        assert f"Python {versions[0]} or newer" in readme
        assert f"Python {spoken(versions)}" in readme
        assert f"Python {spoken(versions)}" in front
        # The pages themselves, not docs/_build, which a docs build may be rewriting.
        pages = [ROOT / "README.md"] + [
            path
            for folder in (ROOT / "docs", ROOT / "docs" / "torraku")
            for path in sorted(folder.iterdir())
            if path.suffix in (".rst", ".md") and path.name != "changelog.md"
        ]
        named = {
            (path.name, version)
            for path in pages
            for version in re.findall(r"Python (3\.\d+)", path.read_text("utf-8"))
        }
        assert {(page, version) for page, version in named if version not in versions} == set()
