"""Replays at the web table: views only, so no secret reaches a seat that did not see it."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from millions_rules import GameConfig
from millions_rules.games import get_game
from millions_rules.web import Table, TableError, create_app
from millions_rules.web._replay import (
    REPLAY_FORMAT,
    file_replay,
    read_replay,
    replay,
    table_replay,
)
from millions_rules.web._serve import make_table

from .web_auth import bearer


def finished(game: str, players: int, seed: int) -> Table:
    """A table of bots only, played to the end as it is made."""
    if game == "millions":
        return Table(GameConfig(players, seed=seed), bots=range(players))
    table = make_table(players, players - 1, game="torraku", seed=seed)
    # The person in seat 0 bets their first listed bet or passes until the game ends.
    for _ in range(500):
        if table.game.is_over(table.state):
            break
        offered = table.update(table.seat_token(0))["actions"]
        table.act(table.seat_token(0), offered[0], table.version)
    assert table.game.is_over(table.state)
    return table


def states_by_replay(table: Table) -> list[Any]:
    """Every state of the table's game, each rebuilt on its own with the game's replay."""
    game = get_game(table.game.name)
    record = json.loads(game.save_game(table.state))
    config = game.from_json(json.dumps(record["config"]), game.config_type)
    actions = [table.game.parse_action(json.dumps(a)) for a in record["actions"]]
    return [game.replay(config, actions[:k]) for k in range(len(actions) + 1)]


def seen_states(table: Table, seat: int | None) -> list[Any]:
    """The states that make a step of ``seat``'s replay: every state but those whose view
    is the last step's (an action the seat did not see: another pair's private offer or
    whisper, R-DEAL-4, R-TALK-1)."""
    rules = get_game(table.game.name)
    kept: list[Any] = []
    last: Any = None
    cursor = 0
    for state in states_by_replay(table):
        seen = json.loads(rules.to_json(rules.view(state, seat, since=cursor)))
        bare = {k: v for k, v in seen.items() if k not in ("events", "first_event")}
        if seen["events"] or bare != last:
            kept.append(state)
            cursor, last = seen["first_event"] + len(seen["events"]), bare
    return kept


@pytest.mark.parametrize(("game", "players", "seed"), [("millions", 4, 5), ("torraku", 3, 2)])
def test_each_step_is_the_seats_view(game: str, players: int, seed: int) -> None:
    """For each step and seat (and everyone), the page gets exactly that seat's view then;
    an action the seat did not see makes no step (R-DEAL-4, R-TALK-1)."""
    table = finished(game, players, seed)
    rules = get_game(game)
    for seat in [*range(players), None]:
        states = seen_states(table, seat)
        if game == "millions":  # every rule action makes a step, talk it sees too
            assert len(states) >= table.state.rule_version + 1
        else:
            assert len(states) == rules.version(table.state) + 1
        document = replay(table.game, table.state, seat, table.names)
        assert document["format"] == REPLAY_FORMAT and document["seat"] == seat
        assert len(document["steps"]) == len(states)
        given = table_replay(
            table, table.seat_token(seat) if seat is not None else table.spectator_token, "en"
        )
        cursor = 0
        for number, state in enumerate(states):
            expected = json.loads(rules.to_json(rules.view(state, seat, since=cursor)))
            assert document["steps"][number] == expected, (seat, number)
            assert given["steps"][number]["view"] == expected, (seat, number)
            cursor = expected["first_event"] + len(expected["events"])
        text = json.dumps(given, ensure_ascii=False)
        assert '"seed"' not in text and '"actions"' not in text


def test_no_other_seats_secret_in_a_seats_replay() -> None:
    """Seat 0's replay holds no other seat's choice (CharacterChosen is private, R-PLAN-2)."""
    table = finished("millions", 5, 8)
    document = replay(table.game, table.state, 0, table.names)
    chosen = [
        event
        for step in document["steps"]
        for event in step["events"]
        if event["type"] in ("character_chosen", "threat_peeked", "character_taken_back")
    ]
    assert chosen and {event["player"] for event in chosen} == {0}


def test_everyones_replay_waits_for_the_end() -> None:
    """The spectator's replay of a game that goes on is refused; a seat's own is not."""
    table = Table(GameConfig(3, seed=1), bots=[1, 2])
    with pytest.raises(TableError) as caught:
        table_replay(table, table.spectator_token, "en")
    assert (caught.value.code, caught.value.status) == ("not_over", 409)
    mine = table_replay(table, table.seat_token(0), "es")
    assert mine["seat"] == 0 and mine["lang"] == "es"
    assert len(mine["steps"]) == table.version + 1 == 3  # the two bots chose


def test_a_file_is_checked() -> None:
    """A replay file is read as the game's views: another seat's step or a gap is refused."""
    table = finished("millions", 3, 4)
    document = replay(table.game, table.state, 1, table.names)
    answer = file_replay(json.loads(json.dumps(document)), "zh")
    assert [s["view"] for s in answer["steps"]] == document["steps"]
    assert answer["seat"] == 1 and answer["target"] == 20 and answer["lang"] == "zh"
    assert answer["steps"][-1]["summary"] is not None
    wrong_seat = json.loads(json.dumps(document))
    wrong_seat["steps"][3]["seat"] = 2
    gap = json.loads(json.dumps(document))
    gap["steps"][4]["first_event"] += 1
    bads: list[object] = [
        wrong_seat,
        gap,
        {**document, "format": "x"},
        {**document, "names": ["a"]},
        [],
    ]
    for bad in bads:
        with pytest.raises(TableError) as caught:
            file_replay(bad, "en")
        assert caught.value.code == "bad_request"
    with pytest.raises(TableError):
        file_replay(document, "fr")
    game, seat, names, views = read_replay(document)
    assert (game.name, seat, names, len(views)) == (
        "millions",
        1,
        list(table.names),
        len(document["steps"]),
    )


def test_the_api() -> None:
    """GET /api/replay for a link; POST /api/replay for a file; /replay is the page."""
    table = finished("torraku", 2, 3)
    client = TestClient(create_app(table))
    assert client.get("/replay").status_code == 200
    got = client.get("/api/replay", params={"lang": "en"}, headers=bearer(table.spectator_token))
    assert got.status_code == 200
    answer = got.json()
    assert answer["game"] == "torraku" and answer["seat"] is None
    posted = client.post("/api/replay", json={"document": answer["document"], "lang": "en"})
    assert posted.status_code == 200
    assert posted.json()["steps"] == answer["steps"]
    refused = client.get("/api/replay", headers=bearer("x" * 22))
    assert (refused.status_code, refused.json()["error"]) == (403, "unknown_token")


def test_companion_table() -> None:
    """serve --companion: a Torraku table whose stacker reports each attempt (R-TK-STACK-7);
    Millions has no companion mode at the web table."""
    table = make_table(2, 0, game="torraku", seed=3, companion=True)
    first = table.update(table.seat_token(0))["actions"]
    table.act(table.seat_token(0), first[0], table.version)  # one rice cooker
    table.act(table.seat_token(1), {"type": "pass", "player": 1}, table.version)
    table.act(table.seat_token(0), {"type": "pass", "player": 0}, table.version)
    # Ana's single piece was the base: the round ended with no report to make.
    assert table.update(table.seat_token(0))["view"]["round"] == 2
    bets = [a for a in table.update(table.seat_token(0))["actions"] if len(a["pieces"]) == 2]
    table.act(table.seat_token(0), bets[0], table.version)
    table.act(table.seat_token(1), {"type": "pass", "player": 1}, table.version)
    table.act(table.seat_token(0), {"type": "pass", "player": 0}, table.version)
    reports = table.update(table.seat_token(0))["actions"]
    assert [a["outcome"] for a in reports] == ["placed", "dropped", "knocked_down", "touched"]
    assert table.update(table.seat_token(1))["actions"] == []
    with pytest.raises(TableError) as caught:
        table.act(table.seat_token(1), {**reports[0], "player": 1}, table.version)
    assert caught.value.code == "not_stacker"
    knocked = {"type": "report_placement", "player": 0, "outcome": "knocked_down", "fallen": 1}
    table.act(table.seat_token(0), knocked, table.version)
    view = table.update(table.seat_token(0))["view"]
    # Ana takes the base and her piece back (R-TK-PEN-2); no row is left: round 3 begins.
    assert [e["type"] for e in view["events"][-3:]] == [
        "penalty_taken",
        "round_ended",
        "round_started",
    ]
    assert view["events"][-3]["fallen"] == 1
    assert (view["round"], view["hands"][0]) == (
        3,
        {"van": 2, "washing_machine": 2, "rice_cooker": 5},
    )
    with pytest.raises(ValueError, match="companion"):
        make_table(4, 0, game="millions", companion=True)


def test_each_steps_summary_is_the_heist_summary_of_that_state() -> None:
    """The summary a replay gives at each step is :func:`heist_summary` of the game at that
    step, though the replay reads each event only once (a long file costs its length)."""
    from millions_rules.millions._page import heist_summary

    table = finished("millions", 4, 9)
    document = replay(table.game, table.state, None, table.names)
    answer = file_replay(document, "en")
    states = seen_states(table, None)
    assert [s["summary"] for s in answer["steps"]] == [heist_summary(s) for s in states]


def test_a_forged_file_naming_no_seat_of_its_game_is_refused() -> None:
    """A replay file whose events name a seat the game has not, or whose steps change the
    game, is refused with ``bad_request``, never a server error."""
    table = finished("millions", 5, 1)
    document = replay(table.game, table.state, 0, table.names)
    forged = json.loads(json.dumps(document))
    share = next(e for s in forged["steps"] for e in s["events"] if e["type"] == "share_received")
    share["player"] = 99
    other_game = json.loads(json.dumps(document))
    other_game["steps"][-1]["config"]["target"] = 30
    for bad in (forged, other_game):
        with pytest.raises(TableError) as caught:
            file_replay(bad, "en")
        assert caught.value.code == "bad_request"
