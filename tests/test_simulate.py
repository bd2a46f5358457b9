"""``python -m millions_rules simulate``: end to end, deterministic across --jobs, its JSON schema."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import jsonschema
import pytest

from millions_rules import (
    Choose,
    Dealer,
    DealLoot,
    GameConfig,
    Leave,
    Role,
    SetAside,
    Stay,
    apply,
    new_game,
)
from millions_rules.__main__ import main
from millions_rules.bots._cli import JSON_SCHEMA, Progress, plain_progress
from millions_rules.bots._simulate import (
    bot_from_spec,
    run_games,
    seats_for_game,
    statistics,
    summarise,
)
from millions_rules.bots._stats import mean_interval, wilson


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", *args]) == 0
    return capsys.readouterr().out


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_run(capsys, *args, "--json"))
    return document


def test_json_output_follows_its_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints settings and statistics that validate against JSON_SCHEMA, with counts
    that add up: one win-rate trial per seat and game, the seats' games equal to --games."""
    document = _json(capsys, "--games", "6", "--bots", "rule,random,ismcts:3", "--seed", "4")
    jsonschema.validate(document, JSON_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(JSON_SCHEMA)
    stats = document["statistics"]
    assert document["settings"]["bots"] == ["rule", "random", "ismcts:3"]
    assert stats["games"] == 6
    assert sum(side["win_rate"]["n"] for side in stats["bots"].values()) == 6 * 5
    assert [seat["win_rate"]["n"] for seat in stats["seats"].values()] == [6] * 5
    assert set(stats["roles"]) == {"snitch", "brute", "driver", "crook"}  # R-COMP-2, 5 players
    chosen = sum(role["chosen"]["value"] for role in stats["roles"].values())
    assert chosen == pytest.approx(1.0)
    for estimate in (stats["game_length"], stats["lone_snitch"]):
        assert estimate["low"] <= estimate["value"] <= estimate["high"]


def test_results_do_not_depend_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives byte-identical output on 1 and on 2 processes."""
    args = ("--games", "8", "--bots", "rule,random", "--seed", "7", "--players", "4")
    assert _run(capsys, *args, "--jobs", "1", "--json") == _run(
        capsys, *args, "--jobs", "2", "--json"
    )


def test_seed_changes_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Another seed plays other games."""
    first = _json(capsys, "--games", "5", "--seed", "1")
    second = _json(capsys, "--games", "5", "--seed", "2")
    assert first["statistics"] != second["statistics"]


@pytest.mark.parametrize(
    "variant",
    [
        ("--players", "3"),
        ("--players", "8", "--quick"),
        ("--repeat-role", "forbidden"),
        ("--repeat-role", "allowed"),
        ("--external-dealer", "--players", "6"),
    ],
)
def test_simulate_runs_every_variant(
    variant: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """R-3P, R-VAR-QUICK, R-VAR-REPEAT and the external dealer: simulate plays them all and
    prints the settings it used."""
    document = _json(capsys, "--games", "3", "--bots", "rule,random", *variant)
    settings = document["settings"]
    if "--quick" in variant:
        assert settings["quick"] is True
    if "--external-dealer" in variant:
        assert settings["dealer"] == "external"
    if "--players" in variant:
        assert settings["players"] == int(variant[variant.index("--players") + 1])
    if settings["players"] in (3, 7, 8):
        assert "mastermind" in document["statistics"]["roles"]


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The default output is a table by bot, by seat and by role, with 95% intervals."""
    out = _run(capsys, "--games", "4", "--bots", "rule,random,random,random,random")
    for needle in ("By bot", "By seat", "By role", "Game length:", "Lone Snitch", "95%"):
        assert needle in out
    assert out.splitlines()[1] == "Bots: rule, random, random, random, random"


def test_csv_output(capsys: pytest.CaptureFixture[str]) -> None:
    """--csv prints one estimate a row under a fixed header."""
    rows = list(csv.reader(io.StringIO(_run(capsys, "--games", "3", "--csv"))))
    assert rows[0] == ["section", "name", "metric", "value", "low", "high", "n"]
    assert rows[1][:3] == ["bots", "random", "win_rate"]
    assert {row[0] for row in rows[1:]} == {"bots", "seats", "game", "roles"}


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot, zero games or a bad seed is a usage error (exit status 2)."""
    for bad in (["--bots", "genius"], ["--games", "0"], ["--seed", "-1"], ["--bots", "ismcts:x"]):
        with pytest.raises(SystemExit) as caught:
            main(["simulate", *bad])
        assert caught.value.code == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_progress_bar_plain_fallback() -> None:
    """Without tqdm the progress bar prints count, rate and ETA on one line."""
    stream = io.StringIO()
    bar = Progress(10, stream, fancy=False)
    bar(10)
    bar.close()
    assert stream.getvalue().startswith("\r10/10 games  100%")
    assert plain_progress(30, 120, 10.0) == "30/120 games  25%  3.0 games/s  ETA 0:00:30"


def test_progress_bar_uses_tqdm_when_installed() -> None:
    """With the [cli] extra the bar is tqdm's: count, rate and ETA."""
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    bar = Progress(3, stream)
    for done in (1, 2, 3):
        bar(done)
    bar.close()
    assert bar.bar is not None and "3/3" in stream.getvalue()


def test_progress_is_reported_per_game() -> None:
    """run_games reports every finished game, in order, on any number of processes."""
    for jobs in (1, 2):
        seen: list[int] = []
        run_games(4, 3, ["random"], jobs=jobs, progress=seen.append)
        assert seen == [1, 2, 3, 4]


def test_pool_rotation_gives_each_bot_each_seat() -> None:
    """A rotated list of one bot per seat puts each bot in each seat once every N games."""
    specs = ["ismcts:5", "rule", "rule", "rule", "rule"]
    seats = [seats_for_game(specs, 5, game, True).index("ismcts:5") for game in range(5)]
    assert seats == [0, 1, 2, 3, 4]
    assert seats_for_game(specs, 5, 3, False) == specs


def test_statistics_count_what_happened() -> None:
    """Every character ends survived, eliminated or taken back; win rates count the winners."""
    summaries = run_games(5, 5, ["rule", "random"], seed=3)
    stats = statistics(summaries)
    wins = sum(len(s["winners"]) for s in summaries)
    assert (
        sum(
            round(side["win_rate"]["value"] * side["win_rate"]["n"])
            for side in stats["bots"].values()
        )
        == wins
    )
    for summary in summaries:
        assert {c["outcome"] for c in summary["characters"]} <= {"survived", "eliminated", "left"}
        assert sum(summary["cash"]) <= 175  # R-COMP-3: the rest is in the reserve


def test_bot_specs() -> None:
    """Bots are named random, rule or ismcts[:ITERATIONS]."""
    assert bot_from_spec("ismcts:7").iterations == 7  # type: ignore[attr-defined]
    assert type(bot_from_spec(" Rule ")).__name__ == "RuleBot"
    with pytest.raises(ValueError, match="unknown bot"):
        bot_from_spec("random:3")


def test_intervals() -> None:
    """Wilson and normal 95% intervals match hand-computed values."""
    e = wilson(0, 10)
    assert (e.value, e.low, round(e.high, 4)) == (0.0, 0.0, 0.2775)
    e = wilson(10, 10)
    assert (round(e.low, 4), e.high) == (0.7225, 1.0)
    assert mean_interval([5.0]).low == 5.0
    assert mean_interval([]).n == 0


def test_console_script_runs_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    """The ``millions-rules`` console script is the same entry point: simulate works there."""
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "millions-rules"]
    assert script.load()(["simulate", "--games", "2", "--players", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["statistics"]["games"] == 2


def test_summary_of_a_hand_played_round() -> None:
    """A round dealt by hand is summarised exactly: Drivers duplicated (R-HEIST-DUP) lose
    their 1M deposits, Brute and Crook share 8M (R-LOOT-2) and the Crook takes 2M from the
    Brute (R-LOOT-4), the Snitch that left (R-NEG-2) gains nothing."""
    state = apply(new_game(GameConfig(5, seed=0, dealer=Dealer.EXTERNAL)), DealLoot(0))
    roles = [Role.DRIVER, Role.DRIVER, Role.BRUTE, Role.CROOK, Role.SNITCH]
    for seat, role in enumerate(roles):
        state = apply(state, Choose(seat, role))
    state = apply(state, SetAside(Role.SNITCH))
    state = apply(state, Leave(4))
    for seat in range(4):
        state = apply(state, Stay(seat))
    summary = summarise(state, ["rule"] * 5)
    assert summary["rounds"] == 1 and summary["lone_snitch"] == 0
    assert sorted(
        (c["seat"], c["role"], c["outcome"], c["payoff"]) for c in summary["characters"]
    ) == [
        (0, "driver", "eliminated", -1),
        (1, "driver", "eliminated", -1),
        (2, "brute", "survived", 2),
        (3, "crook", "survived", 6),
        (4, "snitch", "left", 0),
    ]
