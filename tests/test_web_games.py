"""The web table serves every registered game through the game interface (issue 28, phase 2).

The third game, Goofspiel (``tests/thirdgame``, found by its entry point), ships no page of
its own: the server gives it the generic page (its labelled legal actions, its view, its
log and its winners), its empty seats get :class:`~millions_rules.bots.RandomBot`, and its
updates carry none of Millions' widgets' fields. A stored table of a game that is not
installed is skipped, not served, and kept.
"""

from __future__ import annotations

import json
import logging
import pathlib
import warnings

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette prefers httpx2, which is not yet everywhere
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from millions_rules import GameConfig
from millions_rules.bots import RandomBot
from millions_rules.games import GAMES, get_game
from millions_rules.web import Server, Table, create_app, open_store
from millions_rules.web._games import game_named, game_names
from millions_rules.web._serve import default_players, make_table

from .web_auth import bearer

BASE = "http://127.0.0.1:8000"


def test_the_server_hosts_every_registered_game() -> None:
    """The server's game list is the registry's (no closed list): the third game is in it,
    and a table of it is made through the same path as the two games' (``make_table``)."""
    assert game_names() == tuple(sorted(GAMES))
    assert "goofspiel" in game_names()
    table = make_table(3, 1, "en", 5, None, game="goofspiel")
    assert (table.game.name, table.players, table.bots) == ("goofspiel", 3, (2,))
    goofspiel = get_game("goofspiel")
    assert default_players("goofspiel") == goofspiel.companions.demo_players
    assert (default_players("millions"), default_players("torraku")) == (5, 4)


def test_a_game_without_a_bot_seats_a_random_bot() -> None:
    """An empty seat of a game with no ``rule_bot`` companion gets a RandomBot; Millions'
    and Torraku's get their own RuleBot (no branch on the name)."""
    assert type(game_named("goofspiel").new_bot()) is RandomBot
    assert type(game_named("millions").new_bot()).__name__ == "RuleBot"
    assert type(game_named("torraku").new_bot()).__module__.startswith("millions_rules")


def test_the_companion_table_is_the_page_companions_word() -> None:
    """``--companion`` is refused for a game whose page does not let the seats report
    chance (Goofspiel, Millions), with a ValueError naming the game."""
    with pytest.raises(ValueError, match="Goofspiel"):
        make_table(2, 0, "en", 1, None, game="goofspiel", companion=True)
    with pytest.raises(ValueError, match="Millions of Dollars"):
        make_table(3, 0, "en", 1, None, game="millions", companion=True)


def test_a_whole_goofspiel_game_through_the_api() -> None:
    """Two people play a whole three-player Goofspiel (one seat a bot) through
    ``/api/update`` and ``/api/act`` on the generic page: each update offers the labelled
    legal actions, carries no Millions ``summary``/``target``, names no widgets, and the
    last one names the winners (those of :meth:`Game.winners`) and narrates the log."""
    server = Server(open_store(":memory:"), admin_token="ADMIN-TOKEN-0123456789")
    game = get_game("goofspiel")
    table = server.add(Table(game.config(3, seed=28), bots=[2]))
    client = TestClient(create_app(server, base_url=BASE))
    moves = 0
    while not game.is_over(table.state):
        acted = False
        for seat in (0, 1):
            got = client.get("/api/update", headers=bearer(table.seat_token(seat))).json()
            assert got["game"] == "goofspiel" and got["widgets"] is None
            assert "summary" not in got and "target" not in got
            assert got["title"] == game.title
            assert len(got["labels"]) == len(got["actions"])
            if not got["actions"]:
                continue
            assert all(isinstance(label, str) and label for label in got["labels"])
            body = {"version": got["version"], "action": got["actions"][-1]}
            answer = client.post("/api/act", json=body, headers=bearer(table.seat_token(seat)))
            assert answer.status_code == 200, answer.text
            acted = True
            moves += 1
        assert acted or game.is_over(table.state)
        assert moves < 200
    final = client.get("/api/update", headers=bearer(table.spectator_token)).json()
    assert final["winners"] == list(game.winners(table.state))
    assert final["winners"] and final["log"]
    assert final["actions"] == [] and final["ending"] is None


def test_millions_updates_still_carry_its_widgets_fields() -> None:
    """Millions' page companion adds its ``summary`` and ``target`` and names its widgets;
    a game over it names no winners yet (``null``)."""
    table = Table(GameConfig(3, seed=27), bots=[1, 2])
    got = table.update(table.seat_token(0))
    assert got["widgets"] == "millions" and got["target"] == table.state.config.target
    assert got["summary"] is None and got["winners"] is None


def test_a_table_of_a_game_not_installed_does_not_stop_the_server(
    tmp_path: pathlib.Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A SQLite store holding a table of the game "nosuchgame" beside a Millions table:
    a new server loads and serves the Millions table, logs one line naming the table and
    the game, and keeps the row stored as it was (issue 28: a database holding a table of a
    game that isn't installed must not stop the server)."""
    path = str(tmp_path / "tables.sqlite")
    store = open_store(path)
    first = Server(store, admin_token="ADMIN-TOKEN-0123456789")
    kept = first.add(Table(GameConfig(3, seed=1), bots=[1, 2]))
    other = Table(GameConfig(3, seed=2), bots=[1, 2])
    row = attrs.evolve(other.row(), game="nosuchgame")
    store.create(row)
    store.close()

    store = open_store(path)
    server = Server(store, admin_token="ADMIN-TOKEN-0123456789")
    with caplog.at_level(logging.WARNING, logger="millions_rules.web"):
        assert server.load() == 1
        assert server.load() == 1  # once: the line is not repeated
    assert list(server.tables) == [kept.id]
    lines = [r.getMessage() for r in caplog.records if "nosuchgame" in r.getMessage()]
    assert len(lines) == 1 and other.id in lines[0]
    stored = store.table(other.id)
    assert stored is not None and stored.game == "nosuchgame" and stored.closed is None
    client = TestClient(create_app(server, base_url=BASE))
    got = client.get("/api/update", headers=bearer(kept.seat_token(0)))
    assert got.status_code == 200 and got.json()["table"] == kept.id
    store.close()


def test_the_generic_page_carries_no_seed_of_the_third_game() -> None:
    """What a Goofspiel seat's page receives (its view, shown whole by the generic page)
    holds no trace of the table's seed, which would tell the prize order: the view withholds
    it (secrets stay behind the view)."""
    seed = 987_654_321_123
    table = Table(get_game("goofspiel").config(3, seed=seed), bots=[2])
    for token in (table.seat_token(0), table.seat_token(1), table.spectator_token):
        got = table.update(token)
        assert str(seed) not in json.dumps(got)
        assert got["view"]["config"]["seed"] == "0"


def test_each_game_serves_its_own_widget_script() -> None:
    """``/static/games/<game>/widgets.js`` answers the script of the registered game's page
    companion (:attr:`Page.script`), which registers the widgets its ``Page.widgets`` names
    (Millions', Torraku's); a game that ships none (Goofspiel: the generic page), a name no
    game is registered under and a name that would climb out of the directory are refused
    (404, ``not_found``), the name never made into a path."""
    client = TestClient(create_app(Server(open_store(":memory:"))))
    for name in ("millions", "torraku"):
        page = get_game(name).companions.page
        assert page is not None and page.script is not None and page.widgets == name
        answer = client.get(f"/static/games/{name}/widgets.js")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        assert answer.text == page.script()
        assert f"registry.{name} = " in answer.text
    for name in ("goofspiel", "nope", "..%2Fweb", "__init__", "constructor"):
        answer = client.get(f"/static/games/{name}/widgets.js")
        assert answer.status_code == 404, name
        assert answer.json()["error"] == "not_found"
    assert game_named("goofspiel").script() is None
    # The generic static files are still served beside the route.
    assert client.get("/static/table.js").status_code == 200


def test_updates_and_the_lobby_name_each_game_in_the_page_language() -> None:
    """Each update's and replay's ``title`` and the lobby's game list give the game's title
    in the page's language (its :attr:`SeatWords.title`; Goofspiel has none: its English
    title): the page holds no game's name of its own."""
    server = Server(open_store(":memory:"), admin_token="ADMIN-TOKEN-0123456789")
    table = server.add(Table(GameConfig(3, seed=1), bots=[1, 2], lang="zh"))
    client = TestClient(create_app(server, base_url=BASE))
    got = client.get("/api/update", headers=bearer(table.seat_token(0))).json()
    assert got["title"] == "百万美金"
    got = client.get("/api/update?lang=es", headers=bearer(table.seat_token(0))).json()
    assert got["title"] == "Millions of Dollars"
    listed = client.get("/api/tables?lang=zh", headers=bearer("ADMIN-TOKEN-0123456789")).json()
    titles = {game["name"]: game["title"] for game in listed["games"]}
    assert titles == {
        "goofspiel": "Goofspiel",
        "millions": "百万美金",
        "torraku": "Currency Torraku",
    }
    refused = client.get("/api/tables?lang=xx", headers=bearer("ADMIN-TOKEN-0123456789"))
    assert refused.status_code == 400 and refused.json()["error"] == "bad_request"
