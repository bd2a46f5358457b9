"""The common layer both games build on: one set of errors, one generator, one JSON machinery."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import millions_rules
import millions_rules.torraku as torraku
from millions_rules import DeserializationError, GameConfig, GameState, from_json, new_game, to_json
from millions_rules._common import errors
from millions_rules._common import json as common_json
from millions_rules._common import random as common_random
from millions_rules._common.json import JsonFormat


def test_both_games_raise_the_same_error_classes() -> None:
    """Torraku's errors are the library's classes, so one ``except`` catches both games."""
    for name in ("MillionsError", "ConfigError", "IllegalActionError", "DeserializationError"):
        assert getattr(torraku, name) is getattr(millions_rules, name) is getattr(errors, name)
    error = torraku.check(torraku.new_game(torraku.TorrakuConfig(2, seed=1)), torraku.Pass(0))
    assert isinstance(error, millions_rules.IllegalActionError) and error.code == "opener_must_bet"


def test_action_codes_are_registered_per_game() -> None:
    """Each game's documented codes are accepted; an undocumented code is a library bug."""
    assert set(millions_rules.ACTION_ERROR_CODES) <= set(errors._ACTION_TEXTS)
    assert set(torraku.ERROR_CODES) <= set(errors._ACTION_TEXTS)
    error = errors.IllegalActionError("no bet", "empty_bet")
    assert error.message_id == "error.empty_bet" and error.localized("es")
    with pytest.raises(AssertionError, match="undocumented"):
        errors.IllegalActionError("nope", "no_such_code")


def test_both_games_use_one_json_machinery() -> None:
    """Each game describes its documents with a JsonFormat; the conventions are shared."""
    from millions_rules.millions._serialization import FORMAT as MILLIONS
    from millions_rules.torraku._serialization import FORMAT as TORRAKU

    assert isinstance(MILLIONS, JsonFormat) and isinstance(TORRAKU, JsonFormat)
    assert common_json.parse_json is millions_rules.millions._serialization.parse_json
    for text, cls in (
        ('{"type": "stay", "player": "1"}', millions_rules.Action),
        ('{"type": "pass", "player": "1"}', torraku.Action),
    ):
        with pytest.raises(DeserializationError) as caught:
            (from_json if cls is millions_rules.Action else torraku.from_json)(text, cls)
        assert (caught.value.code, caught.value.path) == ("wrong_type", "player")


def test_both_games_draw_from_one_generator() -> None:
    """Millions' generator module is the common one (R-COMP-4, R-TK-SIM-2)."""
    from millions_rules.millions import _random

    assert _random.draw_below is common_random.draw_below
    assert _random.seed_state is common_random.seed_state
    value, state = common_random.draw_unit(common_random.seed_state(1))
    assert 0.0 <= value < 1.0 and state != common_random.seed_state(1)


def test_millions_state_config_needs_its_seed() -> None:
    """A Millions state document whose config lacks the seed is refused (it used to get a random one)."""
    document = json.loads(to_json(new_game(GameConfig(4, seed=1))))
    del document["config"]["seed"]
    with pytest.raises(DeserializationError) as caught:
        from_json(json.dumps(document), GameState)
    assert (caught.value.code, caught.value.path) == ("missing_field", "config.seed")


@given(
    st.integers(0, 2**64 - 1),
    st.one_of(st.integers(1, 64), st.integers(2**64 - 64, 2**64 + 64), st.integers(1, 2**130)),
)
def test_draw_below_is_rejection_sampling_of_whole_words(state: int, bound: int) -> None:
    """draw_below takes whole 64-bit outputs, rejects the biased tail and reduces (R-COMP-4).

    The one-word route the engines take for bounds up to 2**64 gives exactly what the
    general multi-word definition gives, so saved seeds replay to the same games.
    """
    words = max(1, ((bound - 1).bit_length() + 63) // 64)
    span = 1 << (64 * words)
    expected_state = state
    while True:
        value = 0
        for _ in range(words):
            expected_state = (expected_state + 0x9E3779B97F4A7C15) & (2**64 - 1)
            value = (value << 64) | common_random._mix(expected_state)
        if value < span - span % bound:
            break
    assert common_random.draw_below(state, bound) == (value % bound, expected_state)


PREFIX = "millions_rules._common."


def _common_imports() -> dict[str, set[str]]:
    """Each module of the common layer and the layer's modules it imports, anywhere in it."""
    folder = pathlib.Path(millions_rules.__file__).parent / "_common"
    modules = {path.stem for path in folder.glob("*.py") if path.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((folder / f"{name}.py").read_text("utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):  # module level and inside functions alike
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.add(node.module or "")
                found.update(alias.name for alias in node.names if node.module is None)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
                found.add((node.module or "").removeprefix(PREFIX))
            elif isinstance(node, ast.Import):  # the standard library's json is not ours
                found.update(
                    alias.name.removeprefix(PREFIX)
                    for alias in node.names
                    if alias.name.startswith(PREFIX)
                )
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                # A module reached by name (importlib) counts as imported too.
                found.update(m for m in modules if node.value.endswith(f"._common.{m}"))
        graph[name] = (found & modules) - {name}
    return graph


def test_common_layer_imports_have_no_cycle() -> None:
    """The common layer's modules import each other one way: errors builds on i18n, never back."""
    graph = _common_imports()
    assert "i18n" in graph["errors"] and graph["i18n"] == set()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name not in done:
            for imported in sorted(graph[name]):
                visit(imported, (*path, name))
            done.add(name)

    for name in sorted(graph):
        visit(name, ())


@pytest.mark.parametrize("module", sorted(_common_imports()))
def test_each_common_module_imports_alone(module: str) -> None:
    """Each module of the common layer imports first in a fresh interpreter."""
    code = f"import millions_rules._common.{module}"
    src = pathlib.Path(millions_rules.__file__).parent.parent
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]),
    }
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=60)
