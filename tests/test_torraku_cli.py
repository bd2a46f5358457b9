"""``python -m millions_rules demo --game torraku`` and the narration of Torraku's events."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from millions_rules.__main__ import main
from millions_rules.torraku import (
    ACTION_TYPES,
    EVENT_TYPES,
    SCHEMA_FILES,
    IllegalActionError,
    PieceKind,
    Placement,
    describe,
    json_schema,
    schema_bundle,
)
from millions_rules.torraku._demo import play_demo
from millions_rules.torraku._narrate import _PHRASES


def test_demo_narrates_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo tells bets, attempts, a penalty, the bag and the winner of a seeded game."""
    assert main(["demo", "--game", "torraku"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A standard game of Currency Torraku for 4 players begins")
    for needle in (
        "Round 1: Aiko opens the betting.",
        " bets ",
        " passes with a bet of ",
        "as the base of a stack",
        "on the stack (height 2)",
        "off the stack while adding",
        "go into the bag",
        "  The bag holds ",
        "Game over after round",
    ):
        assert needle in out, needle


def test_demo_is_seeded() -> None:
    """The same seed tells the same story and ends the game; another seed another story."""
    first, second = play_demo(3, seed=11), play_demo(3, seed=11)
    assert first[1] == second[1] and first[0] == second[0]
    assert first[0].is_over
    assert play_demo(3, seed=12)[1] != first[1]


@pytest.mark.parametrize("players", [1, 6])
def test_demo_player_counts(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The demo runs from one to six players."""
    assert main(["demo", "--game", "torraku", "--players", str(players), "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out or "Round limit reached" in out


def test_schemas_command_writes_torraku_schemas(tmp_path: pathlib.Path) -> None:
    """``schemas DIR --game torraku`` writes the shipped Torraku schemas."""
    assert main(["schemas", str(tmp_path), "--game", "torraku"]) == 0
    for filename, cls in SCHEMA_FILES.items():
        assert json.loads((tmp_path / filename).read_text("utf-8")) == json_schema(cls)
    bundle = json.loads((tmp_path / "torraku.schema.json").read_text("utf-8"))
    assert bundle == schema_bundle()


def test_bad_player_count_exits_with_usage() -> None:
    """Seven players for Torraku exit 2 with one line on standard error."""
    bad = subprocess.run(
        [sys.executable, "-m", "millions_rules", "demo", "--game", "torraku", "--players", "7"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "python -m millions_rules: error: argument --players: invalid choice: 7 "
        "(choose from 1, 2, 3, 4, 5, 6) (see python -m millions_rules demo --help)"
    ]


def test_describe_every_event() -> None:
    """Every event class has a sentence; names replace seat numbers."""
    from millions_rules.torraku import (
        BetPlaced,
        GameWon,
        PenaltyTaken,
        PieceCounts,
        PiecesDealt,
    )

    assert describe(BetPlaced(0, (PieceKind.VAN,), (PieceKind.VAN,), 1, 1, False), ["Al"]) == (
        "Al bets 1 van from the bag, matching the bet of 1."
    )
    assert describe(
        PenaltyTaken(1, Placement.KNOCKED_DOWN, PieceKind.VAN, PieceCounts(0, 1, 2), 2)
    ) == (
        "Seat 2 knocks 2 pieces off the stack while adding a van, and takes the stack and that "
        "piece as a penalty: 1 van, 1 washing machine and 2 rice cookers."
    )
    # Seats are counted from 1 in words: seat 0 is "seat 1".
    assert describe(GameWon((0, 2), 9, True)) == (
        "Round limit reached after round 9: seat 1 and seat 3 share the win with the fewest pieces."
    )
    assert describe(PiecesDealt((PieceCounts(1, 0, 0), PieceCounts(0, 0, 2)), PieceCounts())) == (
        "The pieces are dealt: seat 1 gets 1 van, seat 2 gets 2 rice cookers; the bag is empty."
    )
    assert set(EVENT_TYPES) | set(ACTION_TYPES) == set(_PHRASES)
    with pytest.raises(IllegalActionError) as caught:
        describe("not an event")  # type: ignore[arg-type]
    assert caught.value.code == "bad_value"
    with pytest.raises(IllegalActionError):
        describe(GameWon((0,), 1, False), "Al")
    assert describe(GameWon((3,), 2, False), ["Al"]).startswith("Game over after round 2: seat 4")
