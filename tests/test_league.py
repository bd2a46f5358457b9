"""``simulate --bots module:Class`` and ``simulate --league``: any bot class, a seeded
seat-rotating round robin, and Elo ratings with bootstrap intervals."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from millions_rules import ConfigError
from millions_rules.__main__ import main
from millions_rules.bots import RandomBot, StayBot
from millions_rules.bots._league import cycle, elo, league, lineup, ratings
from millions_rules.bots._simulate import bot_from_spec, simulate


class PassBot:
    """A Torraku bot that passes whenever it may, else bets the first bet offered."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        for action in legal:
            if type(action).__name__ == "Pass":
                return action
        return legal[0]


class Broken:
    """A class whose constructor fails."""

    def __init__(self) -> None:
        raise RuntimeError("no model here")


class NotABot:
    """A class with no choose method."""


HERE = __name__


def test_a_bot_class_by_module_and_name() -> None:
    """module:Class makes a fresh instance of any bot class, dotted names included."""
    assert isinstance(bot_from_spec("millions_rules.bots:StayBot"), StayBot)
    first = bot_from_spec(f"{HERE}:PassBot", "torraku")
    assert isinstance(first, PassBot) and first is not bot_from_spec(f"{HERE}:PassBot")
    assert isinstance(bot_from_spec("millions_rules.bots._random_bot:RandomBot"), RandomBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_here:Bot", "cannot import 'no_such_module_here' (ModuleNotFoundError"),
        (f"{HERE}:Missing", f"{HERE!r} has no 'Missing'"),
        (f"{HERE}:HERE", "'HERE' is not a class"),
        (f"{HERE}:Broken", "Broken() failed: RuntimeError: no model here"),
        (f"{HERE}:NotABot", "a NotABot is no bot (it has no choose method)"),
        ("random:3", "unknown bot 'random:3'"),
        ("rule:x", "unknown bot 'rule:x'"),
        (":Bot", "unknown bot ':Bot'"),
        ("ismcts:²", "unknown bot 'ismcts:²'"),
        ("ismcts:١٢", "unknown bot 'ismcts:١٢'"),
        ("ismcts:" + "9" * 5000, "unknown bot 'ismcts:9999"),
        ("ismcts:0", "unknown bot 'ismcts:0'"),
    ],
)
def test_a_bad_bot_spec_says_what_is_wrong(spec: str, message: str) -> None:
    """Each bad spec is a ValueError that names the spec and the reason."""
    with pytest.raises(ValueError) as caught:
        bot_from_spec(spec)
    assert message in str(caught.value)


def test_simulate_takes_a_bot_class(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --bots with module:Class plays it, labelled as written; a bad spec is a
    usage error (exit 2) with the reason."""
    code = main(
        [
            "simulate",
            "--game",
            "torraku",
            "--players",
            "2",
            "--games",
            "6",
            "--json",
            "--bots",
            f"{HERE}:PassBot,rule",
        ]
    )
    assert code == 0
    stats = json.loads(capsys.readouterr().out)["statistics"]
    assert set(stats["bots"]) == {f"{HERE}:PassBot", "rule"}
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "--games", "2", "--bots", f"{HERE}:Broken"])
    assert caught.value.code == 2
    assert "Broken() failed: RuntimeError: no model here" in capsys.readouterr().err


def test_every_entrant_meets_every_other_in_every_seat() -> None:
    """Over one cycle every lineup plays in every seating: each entrant sits in each seat
    equally often and meets each other entrant equally often."""
    entrants = ["a:A", "b:B", "c:C", "d:D"]
    games = [lineup(entrants, 3, game) for game in range(cycle(entrants, 3))]
    assert len(games) == 12 and all(len(set(seats)) == 3 for seats in games)
    seats = Counter((seat, bot) for seats in games for seat, bot in enumerate(seats))
    assert set(seats.values()) == {3} and len(seats) == 12
    meetings = Counter(frozenset(pair) for seats in games for pair in _pairs(seats))
    assert set(meetings.values()) == {6} and len(meetings) == 6
    few = [lineup(["a:A", "b:B"], 5, game) for game in range(cycle(["a:A", "b:B"], 5))]
    assert few == [["a:A", "b:B", "a:A", "b:B", "a:A"], ["b:B", "a:A", "b:B", "a:A", "b:B"]]


def test_each_lineup_is_made_from_its_rank_in_combination_order() -> None:
    """A cycle's lineups are every combination of the entrants once, in the order of
    ``itertools.combinations``, each one rotated round the table."""
    entrants = [f"m{i}:B" for i in range(7)]
    for players in range(2, 7):
        length = cycle(entrants, players)
        assert length == math.comb(7, players) * players
        firsts = [lineup(entrants, players, game) for game in range(0, length, players)]
        assert [tuple(seats) for seats in firsts] == list(combinations(entrants, players))


def test_a_league_whose_cycle_is_too_long_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A cycle of C(20, 8) * 8 = 1,007,760 games is refused before anything is built or
    played (the league plays whole cycles whatever number of games it is asked for)."""
    entrants = [f"m{i}:B" for i in range(20)]
    with pytest.raises(ConfigError, match="cycles of 1007760 games, more than 100000"):
        cycle(entrants, 8)
    with pytest.raises(ConfigError, match="cycles of 1007760 games"):
        league("millions", 1, 8, entrants, {})
    bots = ",".join(["random", "rule", *(f"ismcts:{i}" for i in range(1, 19))])
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--league", "--players", "8", "--games", "1", "--bots", bots])
    assert stopped.value.code == 2
    assert "cycles of 1007760 games, more than 100000: name fewer bots" in capsys.readouterr().err
    assert cycle(entrants[:15], 8) == math.comb(15, 8) * 8 == 51480


def _pairs(seats: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def test_the_league_is_seeded_and_plays_whole_cycles() -> None:
    """R-TK-BET-8: a league plays whole cycles of seeded games; the same seed gives the same
    games, on one process or two, and another seed other games."""
    options = {"setup": "standard", "round_limit": 30}
    one = league("torraku", 5, 2, ["rule", "random", f"{HERE}:PassBot"], options, seed=3)
    assert len(one) == 6  # cycles of 3 lineups x 2 seatings
    assert [s["bots"] for s in one[:2]] == [["rule", "random"], ["random", "rule"]]
    again = league("torraku", 6, 2, ["rule", "random", f"{HERE}:PassBot"], options, seed=3, jobs=2)
    assert [_key(s) for s in one] == [_key(s) for s in again]
    other = league("torraku", 6, 2, ["rule", "random", f"{HERE}:PassBot"], options, seed=4)
    assert [_key(s) for s in one] != [_key(s) for s in other]
    with pytest.raises(ConfigError, match="two different bots"):
        league("torraku", 6, 2, ["rule", "rule"], options)


def _key(summary: dict[str, Any]) -> tuple[Any, ...]:
    return (tuple(summary["bots"]), tuple(summary["winners"]), tuple(summary["pieces"]))


def test_elo_fits_the_record_whatever_its_order() -> None:
    """The ratings are the Bradley-Terry fit: 3 wins to 1 between two bots is about 191
    points (185 with the virtual win and loss each), they average 1500, and shuffling
    the games changes nothing."""
    fitted = elo({("a", "b"): 300, ("b", "a"): 100}, ["a", "b"])
    assert round(fitted["a"] - fitted["b"]) == 190
    assert round(sum(fitted.values()) / 2) == 1500
    games = [{"bots": ["x", "y", "z"], "winners": [i % 3]} for i in range(30)]
    games += [{"bots": ["x", "y", "z"], "winners": [0]} for _ in range(10)]
    shuffled = games[:]
    random.Random(1).shuffle(shuffled)
    first, second = ratings(games, ["x", "y", "z"]), ratings(shuffled, ["x", "y", "z"])
    assert first["x"]["elo"]["value"] == pytest.approx(second["x"]["elo"]["value"])
    assert first["x"]["elo"]["value"] > first["y"]["elo"]["value"]
    assert first["y"]["elo"]["value"] == pytest.approx(first["z"]["elo"]["value"])
    for row in first.values():
        assert row["elo"]["low"] <= row["elo"]["value"] <= row["elo"]["high"]
        assert row["elo"]["n"] == 40 and row["seat_games"] == 40
    assert first["x"]["win_rate"]["value"] == pytest.approx(20 / 40)


def test_an_unbeaten_bot_has_a_finite_rating() -> None:
    """The virtual win and loss keep an entrant that always wins finite."""
    fitted = elo({("a", "b"): 50}, ["a", "b"])
    assert 0 < fitted["a"] - fitted["b"] < 2000


def test_the_league_ranks_the_rule_bot_above_a_passer(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --league prints each entrant's Elo rating with its interval, best first: in
    Torraku the rule bot beats a bot that passes at once (R-TK-BET-8, R-TK-END-1), and the
    JSON output holds the same ratings."""
    args = [
        "simulate",
        "--league",
        "--game",
        "torraku",
        "--players",
        "2",
        "--games",
        "60",
        "--bots",
        f"rule,{HERE}:PassBot,random",
        "--seed",
        "5",
    ]
    assert main(args) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0] == "League of torraku: 2 players, 60 games (cycles of 6), seed 5"
    assert lines[1].split()[:3] == ["bot", "Elo", "95%"]
    assert lines[2].split()[0] == "rule"
    assert main([*args, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    table = document["ratings"]
    assert table["rule"]["elo"]["low"] > table[f"{HERE}:PassBot"]["elo"]["high"]
    assert document["settings"]["games"] == 60 and document["settings"]["cycle"] == 6
    with pytest.raises(SystemExit):
        main(["simulate", "--league", "--bots", "rule"])
    assert "at least two different bots" in capsys.readouterr().err


def test_simulate_without_league_is_unchanged() -> None:
    """The league leaves plain simulate as it was: the same seeded games."""
    first = simulate("torraku", 4, 2, ["rule", "random"], {"setup": "standard", "round_limit": 30})
    again = simulate("torraku", 4, 2, ["rule", "random"], {"setup": "standard", "round_limit": 30})
    assert [_key(s) for s in first] == [_key(s) for s in again]


def test_a_web_table_seats_a_bot_class() -> None:
    """serve --bot module:Class: the server's seats of the game's tables hold that bot
    (fresh for each seat); a bad spec is refused before anything is served; ``rule``
    keeps the game's own table bot."""
    pytest.importorskip("starlette")
    from millions_rules.web._games import seat_bot
    from millions_rules.web._serve import make_table, seat_bot_of

    try:
        seat_bot_of("millions", "millions_rules.bots:StayBot")
        table = make_table(5, 2, game="millions", seed=1)
        bots = list(table._bots.values())
        assert [type(bot) for bot in bots] == [StayBot, StayBot] and bots[0] is not bots[1]
        other = make_table(4, 1, game="torraku", seed=1)
        assert type(next(iter(other._bots.values()))).__name__ == "RuleBot"
        with pytest.raises(ValueError, match="cannot import"):
            seat_bot_of("millions", "no_such_module_here:Bot")
        seat_bot_of("millions", "rule")
        assert seat_bot("millions") is None
        table = make_table(5, 1, game="millions", seed=1)
        assert type(next(iter(table._bots.values()))).__name__ == "RuleBot"
    finally:
        seat_bot_of("millions", "rule")
