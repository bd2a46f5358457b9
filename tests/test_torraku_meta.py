"""Currency Torraku keeps the project's promises: every rule id tested, every public name documented."""

from __future__ import annotations

import ast
import pathlib
import pickle
import re

import millions_rules.torraku as torraku
from millions_rules.torraku import IllegalActionError, Pass, TorrakuConfig, apply, new_game

ROOT = pathlib.Path(__file__).parent.parent
RULE_ID = re.compile(r"^#+ (R-TK-[A-Z0-9]+(?:-[A-Z0-9]+)*)", re.MULTILINE)


def rule_ids() -> list[str]:
    return RULE_ID.findall((ROOT / "docs" / "torraku" / "rules.md").read_text("utf-8"))


def test_rules_reference_lists_every_rule() -> None:
    """The rules reference has every rule of the Torraku rules document (when it is at hand)."""
    ids = rule_ids()
    assert len(ids) >= 50
    shared = ROOT.parent / "shared" / "TORRAKU_RULES.md"
    if shared.exists():
        text = shared.read_text("utf-8")
        original = set(re.findall(r"\*\*(R-TK-[A-Z0-9-]+?)[ *]", text))
        original |= set(re.findall(r"^#+ (R-TK-[A-Z]+)", text, re.MULTILINE))
        assert original <= set(ids)


def test_every_rule_id_has_a_test() -> None:
    """Each R-TK rule id (sections aside) is named by at least one Torraku test."""
    tests = "\n".join(p.read_text("utf-8") for p in (ROOT / "tests").glob("test_torraku_*.py"))
    sections = {"R-TK-COMP", "R-TK-SETUP", "R-TK-ROUND", "R-TK-BET", "R-TK-STACK", "R-TK-PEN"}
    sections |= {"R-TK-END", "R-TK-VAR", "R-TK-SIM"}
    missing = [
        rule
        for rule in rule_ids()
        if rule not in sections and not re.search(re.escape(rule) + r"(?![0-9A-Z-])", tests)
    ]
    assert missing == []


def test_public_names_are_documented() -> None:
    """Every public name has a docstring and an entry in docs/torraku/api.rst."""
    api = (ROOT / "docs" / "torraku" / "api.rst").read_text("utf-8")
    undocumented = [
        name
        for name in torraku.__all__
        if callable(getattr(torraku, name)) and not (getattr(torraku, name).__doc__ or "").strip()
    ]
    assert undocumented == []
    missing = [name for name in torraku.__all__ if not re.search(rf"(::\s*|``){name}\b", api)]
    assert missing == []
    assert len(set(torraku.__all__)) == len(torraku.__all__)


def test_states_and_errors_pickle() -> None:
    """States and errors survive pickling, with their codes."""
    state = new_game(TorrakuConfig(3, seed=1))
    assert pickle.loads(pickle.dumps(state)) == state
    try:
        apply(state, Pass(0))
    except IllegalActionError as error:
        copy = pickle.loads(pickle.dumps(error))
        assert (copy.code, copy.rule) == ("opener_must_bet", "R-TK-BET-4")


def test_error_codes_are_documented() -> None:
    """Every code the Torraku engine raises is in ERROR_CODES; shared ones keep Millions' names."""
    from millions_rules import ACTION_ERROR_CODES

    raised: set[str] = set()
    for path in (ROOT / "src" / "millions_rules" / "torraku").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "illegal"
            ):
                code = node.args[1]
                assert isinstance(code, ast.Constant) and isinstance(code.value, str)
                raised.add(code.value)
    assert len(raised) >= 17
    assert raised <= set(torraku.ERROR_CODES)
    shared = {"not_an_action", "bad_value", "game_over", "wrong_phase", "unknown_player"}
    assert shared | {"not_your_turn", "not_dealer_action"} <= set(ACTION_ERROR_CODES)
