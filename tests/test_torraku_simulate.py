"""``python -m millions_rules simulate --game torraku``: end to end, deterministic across --jobs."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import jsonschema
import pytest

from millions_rules.__main__ import main
from millions_rules.bots._cli import JSON_SCHEMA, TORRAKU_JSON_SCHEMA
from millions_rules.bots.torraku._simulate import bot_from_spec, run_games, statistics


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", "--game", "torraku", *args]) == 0
    return capsys.readouterr().out


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_run(capsys, *args, "--json"))
    return document


def test_json_output_follows_its_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints settings and statistics valid against TORRAKU_JSON_SCHEMA, with counts that
    add up: one win-rate trial per seat and game."""
    document = _json(capsys, "--games", "6", "--players", "3", "--bots", "rule,random")
    jsonschema.Draft202012Validator.check_schema(TORRAKU_JSON_SCHEMA)
    jsonschema.validate(document, TORRAKU_JSON_SCHEMA)
    settings, stats = document["settings"], document["statistics"]
    assert settings == {
        "game": "torraku",
        "players": 3,
        "games": 6,
        "bots": ["rule", "random"],
        "rotate": False,
        "setup": "standard",
        "round_limit": 50,
        "seed": 0,
    }
    assert stats["games"] == 6
    assert sum(side["win_rate"]["n"] for side in stats["bots"].values()) == 6 * 3
    assert [seat["win_rate"]["n"] for seat in stats["seats"].values()] == [6] * 3
    assert stats["game_length"]["n"] == 6 and stats["game_length"]["value"] >= 1


def test_results_do_not_depend_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """Game i depends on the run's seed and i alone: --jobs 1 and --jobs 2 print the same JSON."""
    args = ("--games", "10", "--bots", "rule,random", "--seed", "7", "--players", "4")
    one = _run(capsys, *args, "--jobs", "1", "--json")
    two = _run(capsys, *args, "--jobs", "2", "--json")
    assert one == two
    assert _run(capsys, *args[:-4], "--seed", "8", "--players", "4", "--json") != one


@pytest.mark.parametrize(
    "variant",
    [
        ("--players", "1"),
        ("--players", "6", "--setup", "long"),
        ("--players", "2", "--round-limit", "none"),
        ("--players", "5", "--round-limit", "1", "--rotate"),
    ],
)
def test_simulate_runs_every_setup(
    capsys: pytest.CaptureFixture[str], variant: tuple[str, ...]
) -> None:
    """R-TK-SETUP-1/2, R-TK-END-6 (one player), R-TK-VAR-LIMIT: every setup simulates; with a
    one-round limit every game ends in round 1."""
    document = _json(capsys, "--games", "4", "--bots", "rule,random", *variant)
    jsonschema.validate(document, TORRAKU_JSON_SCHEMA)
    stats = document["statistics"]
    assert document["settings"]["players"] == int(variant[1])
    if "--round-limit" in variant:
        limit = variant[variant.index("--round-limit") + 1]
        assert document["settings"]["round_limit"] == (None if limit == "none" else int(limit))
    if document["settings"]["round_limit"] == 1:
        assert stats["game_length"]["value"] == 1.0
        assert stats["game_length"]["high"] == 1.0
    assert document["settings"]["setup"] == ("long" if "long" in variant else "standard")
    assert document["settings"]["rotate"] == ("--rotate" in variant)


def test_table_and_csv_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The default output is tables by bot and by seat with 95% intervals; --csv one estimate
    a row under the Millions header."""
    out = _run(capsys, "--games", "4", "--players", "3", "--bots", "rule,random,random")
    assert (
        out.splitlines()[0] == "4 Torraku games, 3 players, standard setup, round limit 50, seed 0"
    )
    for needle in ("By bot", "By seat", "mean pieces left", "Game length:", "Penalties:", "95%"):
        assert needle in out
    rows = list(csv.reader(io.StringIO(_run(capsys, "--games", "3", "--players", "2", "--csv"))))
    assert rows[0] == ["section", "name", "metric", "value", "low", "high", "n"]
    assert rows[1][:3] == ["bots", "random", "win_rate"]
    assert [row[2] for row in rows if row[0] == "game"] == [
        "game_length",
        "penalties",
        "round_limit_reached",
    ]


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot or a player count outside 1-6 is a usage error for Torraku, and
    1 or 2 players still one for Millions (exit status 2)."""
    for bad in (
        ["--game", "torraku", "--bots", "ismcts:0"],
        ["--game", "torraku", "--players", "7"],
        ["--game", "millions", "--players", "2"],
        ["--bots", "torraku"],
    ):
        with pytest.raises(SystemExit) as caught:
            main(["simulate", "--games", "1", *bad])
        assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "unknown bot 'ismcts:0'" in err
    assert "torraku is played by 1 to 6 players, not 7" in err
    assert "millions is played by 3 to 8 players, not 2" in err


def test_millions_output_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --game the simulator plays Millions and its JSON still follows JSON_SCHEMA."""
    assert main(["simulate", "--games", "2", "--players", "3", "--json"]) == 0
    jsonschema.validate(json.loads(capsys.readouterr().out), JSON_SCHEMA)


def test_statistics_count_wins_and_pieces() -> None:
    """Shared wins count for each winner; mean_pieces is the mean of the pieces left."""
    summaries = [
        {"bots": ["rule", "random"], "winners": [0], "pieces": [0, 4], "rounds": 2, "penalties": 1},
        {
            "bots": ["rule", "random"],
            "winners": [0, 1],
            "pieces": [0, 0],
            "rounds": 4,
            "penalties": 0,
        },
    ]
    stats = statistics(summaries)
    assert stats["bots"]["rule"]["win_rate"]["value"] == 1.0
    assert stats["bots"]["random"]["win_rate"]["value"] == 0.5
    assert stats["bots"]["random"]["mean_pieces"]["value"] == 2.0
    assert stats["game_length"]["value"] == 3.0
    assert stats["round_limit_reached"]["value"] == 0.0
    assert [s["rounds"] for s in run_games(3, 2, ["rule"], seed=1)] == [
        s["rounds"] for s in run_games(3, 2, ["rule"], seed=1, jobs=2)
    ]
    with pytest.raises(ValueError, match="unknown Torraku bot 'genius'"):
        bot_from_spec("genius")
    assert repr(bot_from_spec("ismcts:5")) == "ISMCTSBot(iterations=5, seconds=None, seed=None)"
