"""The command line: ``python -m millions_rules demo`` and ``schemas``."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from millions_rules import SCHEMA_FILES, json_schema, schema_bundle
from millions_rules.__main__ import main, play_demo


def test_demo_narrates_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo plays a seeded game to the end: loot, reveals, shares, cash table, winner."""
    assert main(["demo", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A game for 5 players begins")
    for needle in ("Round 1: the loot card shows", "reveals the", "Cash: Al", "Game over:"):
        assert needle in out


def test_demo_is_seeded() -> None:
    """The same seed tells the same story; the story never shows a secret choice."""
    first = play_demo(4, seed=11)
    second = play_demo(4, seed=11)
    assert first[1] == second[1]
    assert not any("secretly sends" in line for line in first[1])
    assert first[0].is_over


@pytest.mark.parametrize("players", [3, 8])
def test_demo_variants(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The demo runs the three-player game, the quick game and the forbidden variant."""
    assert main(["demo", "--players", str(players), "--quick", "--repeat-role", "forbidden"]) == 0
    assert "Game over:" in capsys.readouterr().out


def test_schemas_command_writes_every_schema(tmp_path: pathlib.Path) -> None:
    """``schemas DIR`` writes the same schemas json_schema() returns, and the bundle."""
    assert main(["schemas", str(tmp_path / "out")]) == 0
    for filename, cls in SCHEMA_FILES.items():
        written = json.loads((tmp_path / "out" / filename).read_text("utf-8"))
        assert written == json_schema(cls)
    bundle = json.loads((tmp_path / "out" / "millions.schema.json").read_text("utf-8"))
    assert bundle == schema_bundle()
    assert len(list((tmp_path / "out").iterdir())) == len(SCHEMA_FILES) + 1


def test_module_runs_as_a_program() -> None:
    """``python -m millions_rules demo`` exits 0; bad arguments exit 2 with one line."""
    ok = subprocess.run(
        [sys.executable, "-m", "millions_rules", "demo", "--players", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0 and "Game over" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "millions_rules", "demo", "--players", "9"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "python -m millions_rules: error: argument --players: invalid choice: 9 "
        "(choose from 3, 4, 5, 6, 7, 8) (see python -m millions_rules demo --help)"
    ]


def test_demo_into_a_closed_pipe_ends_quietly() -> None:
    """``demo | head`` ends without a BrokenPipeError traceback when the reader leaves."""
    child = subprocess.Popen(
        [sys.executable, "-m", "millions_rules", "demo", "--players", "8"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader leaves before the demo writes (importing takes longer)
    errors = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert errors == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--seed", "-1"], "seed must be from 0 to 18446744073709551615, not -1"),
        (["demo", "--seed", str(2**64)], "seed must be from 0 to 18446744073709551615"),
        (["demo", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["demo", "--repeat-role", "sometimes"], "argument --repeat-role: invalid choice"),
        (["demo", "--bogus"], "unrecognized arguments: --bogus"),
        ([], "the following arguments are required: command"),
        (["schemas", "/dev/null/schemas"], "/dev/null/schemas"),
    ],
)
def test_defect_7_cli_errors_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every MillionsError and bad argument (``demo --seed -1`` once printed a traceback)
    becomes one line on standard error and exit status 2."""
    try:
        status = main(argv)
    except SystemExit as leaving:  # argparse leaves through SystemExit
        status = leaving.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m millions_rules: error: ")
    assert message in lines[0]
