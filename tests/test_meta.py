"""The project keeps its promises: every rule id is tested, the public API is documented."""

from __future__ import annotations

import pathlib
import pickle
import re

import pytest

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
