"""A game night at the web table over real HTTP: the join code, play again at the same
table, tables made in the lobby with every option, and what ``serve`` prints and does
with an existing database (issue 32)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from millions_rules import Dealer, RepeatRole
from millions_rules.__main__ import main
from millions_rules.torraku import Setup
from millions_rules.web import Server, _serve, create_app, open_store, words
from millions_rules.web._app import MAX_JOIN_GUESSES, lobby_games
from millions_rules.web._table import JOIN_ALPHABET, JOIN_LENGTH, join_code_of, new_join_code

from . import postgres
from .postgres import Cluster
from .web_auth import bearer

BASE = "http://192.168.1.20:8000"


def start(db: str) -> tuple[Server, TestClient]:
    server = Server(open_store(db))
    server.load()
    return server, TestClient(create_app(server, base_url=BASE))


def create(client: TestClient, server: Server, **fields: Any) -> Any:
    response = client.post("/api/tables", json={"token": server.admin_token, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


def join(client: TestClient, code: str, name: str, **more: Any) -> Any:
    return client.post("/api/join", json={"code": code, "name": name, **more})


def play_to_the_end(client: TestClient, tokens: list[str]) -> int:
    """Every person plays the first action offered until the game is over; the version."""
    for _ in range(2000):
        moved = False
        for token in tokens:
            got = client.get("/api/update", headers=bearer(token)).json()
            if got["winners"] is not None:
                return int(got["version"])
            if got["actions"]:
                answer = client.post(
                    "/api/act",
                    json={"token": token, "version": got["version"], "action": got["actions"][0]},
                )
                assert answer.status_code == 200, answer.text
                moved = True
        assert moved, "nobody could act"
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster | None]:
    """The throwaway PostgreSQL of ``nox -s server`` (``None`` elsewhere)."""
    if not postgres.enabled():
        yield None
        return
    started = Cluster()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path, cluster: Cluster | None) -> str:
    """A new empty database of each kind: a SQLite file, a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "night.sqlite")
    if cluster is None:
        pytest.skip("PostgreSQL runs under nox -s server (MILLIONS_SERVER_TESTS=1)")
    return cluster.new_database()


class TestJoinCode:
    def test_a_code_is_six_unambiguous_characters(self) -> None:
        """Codes come from secrets, in an alphabet without 0/O, 1/I/L, 5/S, 8/B, U/V; a
        typed code is read in any case, with spaces or dashes."""
        codes = {new_join_code() for _ in range(200)}
        assert len(codes) == 200
        assert all(len(c) == JOIN_LENGTH and set(c) <= set(JOIN_ALPHABET) for c in codes)
        assert not set("0O1IL5S8BUV") & set(JOIN_ALPHABET)
        assert join_code_of(" k4t-p7q ") == join_code_of("K4T P7Q") == "K4TP7Q"
        assert join_code_of("K4TP7") is None  # too short
        assert join_code_of("KMTP7O") is None  # an O is never in a code
        assert join_code_of(123) is None and join_code_of("K" * 40) is None

    def test_people_take_the_free_seats_in_order_under_their_names(self, db: str) -> None:
        """Two people type the code (in lower case) and their names: seats 0 and 1, whose
        links are the seats' own; the bot's seat is never given; a third is refused
        ``table_full`` (409) and nothing changes."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3, bots=1)
            code = links["join_code"]
            assert links["join"] == f"{BASE}/join#{code}" and links["free"] == 2
            first = join(client, code.lower(), "  Zoë ")
            assert first.status_code == 200, first.text
            got = first.json()
            assert (got["seat"], got["name"]) == (0, "Zoë")
            assert got["token"] == token_of(links["seats"][0]["link"])
            assert got["link"] == links["seats"][0]["link"]
            second = join(client, f"{code[:3]}-{code[3:]}", "李雷").json()
            assert (second["seat"], second["name"]) == (1, "李雷")
            update = client.get("/api/update", headers=bearer(second["token"])).json()
            assert update["names"] == ["Zoë", "李雷", "Carmen"]
            full = join(client, code, "Third")
            assert full.status_code == 409 and full.json()["error"] == "table_full"
            table = server.tables[links["table"]]
            assert table.names == ("Zoë", "李雷", "Carmen") and table.joined == (0, 1)
            listed = client.get("/api/links", headers=bearer(token_of(links["host"]))).json()
            assert [s["joined"] for s in listed["seats"]] == [True, True, False]
            assert listed["free"] == 0

    def test_a_seat_whose_link_was_opened_is_not_given(self, db: str) -> None:
        """A seat the host handed out by its link (opened: an update or a stream) keeps its
        person: the code gives the next seat."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3)
            handed = token_of(links["seats"][0]["link"])
            assert client.get("/api/update", headers=bearer(handed)).status_code == 200
            listed = client.get("/api/links", headers=bearer(token_of(links["host"]))).json()
            assert [s["opened"] for s in listed["seats"]] == [True, False, False]
            assert listed["free"] == 2
            assert join(client, links["join_code"], "Zoë").json()["seat"] == 1

    @pytest.mark.parametrize(
        "name",
        ["", "   ", "x" * 41, "Ana\u202eevil", "Ana\x07", "Ana\nBo", 7, None],
    )
    def test_a_name_that_is_no_name_is_refused(self, db: str, name: object) -> None:
        """Names are bounded and refuse control and bidirectional characters, as the
        lobby's: ``bad_request`` (400), the seat stays free."""
        server, client = start(db)
        with client:
            links = create(client, server, game="torraku", players=3)
            answer = join(client, links["join_code"], name, lang="en")  # type: ignore[arg-type]
            assert answer.status_code == 400 and answer.json() == {
                "error": "bad_request",
                "message": "type a name of 1 to 40 characters, with no control or "
                "text-reordering character.",
            }
            assert server.tables[links["table"]].free_seats() == (0, 1, 2)

    def test_a_wrong_code_is_refused_in_words(self, db: str) -> None:
        """A code of no open table: ``wrong_code`` (404), said in the page's language."""
        server, client = start(db)
        with client:
            create(client, server, game="millions", players=3)
            for typed in ("AAAAAA", "nonsense", ""):
                answer = join(client, typed, "Ana")
                assert answer.status_code == 404 and answer.json()["error"] == "wrong_code"
            answer = join(client, "AAAAAA", "Ana", lang="es")
            assert answer.json()["message"] == (
                "ninguna mesa abierta tiene este código de unión: compruébalo en la pantalla "
                "del anfitrión."
            )

    def test_guessing_is_limited_per_address(self, db: str) -> None:
        """After MAX_JOIN_GUESSES wrong codes from one address, even the right code is
        refused ``too_many_guesses`` (429) there; another address still joins."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3)
            for _ in range(MAX_JOIN_GUESSES):
                assert join(client, "AAAAAA", "Eve").json()["error"] == "wrong_code"
            blocked = join(client, links["join_code"], "Eve")
            assert blocked.status_code == 429 and blocked.json()["error"] == "too_many_guesses"
            assert server.tables[links["table"]].joined == ()
        other = TestClient(client.app, client=("192.168.1.31", 50001))
        with other:
            assert join(other, links["join_code"], "Ana").json()["seat"] == 0

    def test_a_closed_table_takes_no_one(self, db: str) -> None:
        """The code of a closed table opens nothing."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3)
            client.post("/api/close", json={"token": server.admin_token, "table": links["table"]})
            assert join(client, links["join_code"], "Ana").json()["error"] == "wrong_code"

    def test_the_code_and_the_seats_taken_survive_a_restart(self, db: str) -> None:
        """The code, the names and the seats taken are stored: a restarted server gives
        the next free seat, never one taken."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3)
            join(client, links["join_code"], "Zoë")
        server, client = start(db)
        with client:
            table = server.tables[links["table"]]
            assert table.join_code == links["join_code"] and table.names[0] == "Zoë"
            assert join(client, links["join_code"], "Max").json()["seat"] == 1

    def test_the_links_hold_qr_codes(self, db: str) -> None:
        """The host's links carry an SVG QR code of each person's link and of the join page."""
        pytest.importorskip("segno")
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3, bots=1)
            assert links["join_qr"].startswith("data:image/svg+xml")
            assert links["host_qr"].startswith("data:image/svg+xml")
            assert [s["qr"] is None for s in links["seats"]] == [False, False, True]
            assert links["screen"] == f"{BASE}/screen#{token_of(links['host'])}"


class TestPlayAgain:
    def test_a_new_game_keeps_the_links_and_names(self, db: str) -> None:
        """R-END-1: once the game is over the host starts a new one: every link opens the
        new game (same names, bots and join code; a new id, seed and state); the finished
        one is closed and kept in the store; a page that names the old table gets the new
        log from its start."""
        server, client = start(db)
        with client:
            links = create(
                client, server, game="millions", players=3, bots=2, names=["Zoë", "B", "C"]
            )
            host, seat = token_of(links["host"]), token_of(links["seats"][0]["link"])
            early = client.post("/api/again", json={"token": host})
            assert early.status_code == 409 and early.json()["error"] == "game_not_over"
            old = server.tables[links["table"]]
            finished = play_to_the_end(client, [seat])
            seen = client.get("/api/update", headers=bearer(seat)).json()
            answer = client.post("/api/again", json={"token": host})
            assert answer.status_code == 201, answer.text
            fresh = answer.json()
            assert fresh["table"] != links["table"]
            assert [s["link"] for s in fresh["seats"]] == [s["link"] for s in links["seats"]]
            assert (fresh["host"], fresh["spectator"], fresh["join_code"]) == (
                links["host"],
                links["spectator"],
                links["join_code"],
            )
            new = server.tables[fresh["table"]]
            assert links["table"] not in server.tables and old.closed
            assert new.names == ("Zoë", "B", "C") and new.bots == (1, 2)
            assert new.state.config.seed != old.state.config.seed
            assert not new.game.is_over(new.state) and new.version < finished
            since = len(seen["view"]["events"])
            got = client.get(
                "/api/update",
                params={"since": since, "table": links["table"]},
                headers=bearer(seat),
            ).json()
            assert got["table"] == fresh["table"] and got["view"]["first_event"] == 0
            assert got["winners"] is None and got["names"] == ["Zoë", "B", "C"]
            assert open_store(db).table(links["table"]).closed is not None  # type: ignore[union-attr]
        server, client = start(db)  # a restart serves the new game alone
        assert list(server.tables) == [fresh["table"]]
        assert server.find(seat).id == fresh["table"]

    def test_options_change_and_are_checked(self, db: str) -> None:
        """The host may change the game's options for the new game (R-VAR-REPEAT); a bad
        one is refused ``bad_request`` and the finished game stays."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3, bots=3)
            host = token_of(links["host"])
            bad = client.post("/api/again", json={"token": host, "options": {"players": 4}})
            assert bad.status_code == 400 and links["table"] in server.tables
            bad = client.post("/api/again", json={"token": host, "options": {"repeat_role": "x"}})
            assert bad.status_code == 400 and links["table"] in server.tables
            answer = client.post(
                "/api/again", json={"token": host, "options": {"repeat_role": "forbidden"}}
            )
            assert answer.status_code == 201, answer.text
            new = server.tables[answer.json()["table"]]
            assert new.state.config.repeat_role is RepeatRole.FORBIDDEN
            # The host page offers the options as this game has them, for the next one.
            (before,) = [o for o in links["options"] if o["name"] == "repeat_role"]
            (after,) = [o for o in answer.json()["options"] if o["name"] == "repeat_role"]
            assert (before["default"], after["default"]) == ("no_share", "forbidden")

    def test_only_the_host_or_the_admin_starts_a_new_game(self, db: str) -> None:
        """A spectator's (or a seat's) link may not; the admin names the table."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3, bots=3)
            seat = client.post("/api/again", json={"token": token_of(links["spectator"])})
            assert seat.status_code == 403
            answer = client.post(
                "/api/again", json={"token": server.admin_token, "table": links["table"]}
            )
            assert answer.status_code == 201


class TestLobbyOptions:
    @pytest.mark.parametrize("lang", ["en", "es", "zh"])
    def test_each_option_of_the_built_in_games_is_worded(self, lang: str) -> None:
        """The lobby labels every option of Millions and Torraku, and each value of a choice,
        in the page's language (``web.option.<game>.<field>``), not by its field's name."""
        said = words(lang)
        english = words("en")
        for game in lobby_games():
            if game["name"] not in ("millions", "torraku"):
                continue
            for option in game["options"]:
                key = f"web.option.{game['name']}.{option['name']}"
                assert said[key] and said[key] != option["name"], key
                assert lang == "en" or said[key] != english[key], key
                for choice in option.get("choices", []):
                    worded = said[f"{key}.{choice}"]
                    assert worded and (lang == "en" or worded != choice), (key, choice)
        assert words("es")["web.option.millions.repeat_role.allowed"] == (
            "se permite, sin penalización"
        )
        assert words("zh")["web.option.torraku.setup.long"] == "长局"

    def test_a_companion_torraku_table_is_made_on_a_running_server(self, db: str) -> None:
        """R-TK-STACK-7: ``companion`` (or ``"dealer": "external"``) makes a Torraku table
        whose seats report their stacking; Millions' table deals itself (``external_dealer``)."""
        server, client = start(db)
        with client:
            made = create(client, server, game="torraku", players=3, companion=True)
            assert server.tables[made["table"]].state.config.dealer is Dealer.EXTERNAL
            made = create(client, server, game="torraku", players=3, options={"dealer": "external"})
            assert server.tables[made["table"]].state.config.dealer is Dealer.EXTERNAL
            refused = client.post(
                "/api/tables",
                json={
                    "token": server.admin_token,
                    "game": "millions",
                    "players": 3,
                    "companion": True,
                },
            )
            assert refused.status_code == 400 and refused.json()["error"] == "external_dealer"

    def test_every_option_of_the_form(self, db: str) -> None:
        """Names, bots, turn seconds and the game's own options (a choice as its text)."""
        server, client = start(db)
        with client:
            made = create(
                client,
                server,
                game="torraku",
                players=3,
                bots=1,
                names=["Ana", "Bo", "Cy"],
                turn_seconds=90,
                options={"setup": "long", "round_limit": 4},
            )
            table = server.tables[made["table"]]
            assert table.names == ("Ana", "Bo", "Cy") and table.bots == (2,)
            assert table.turn_seconds == 90
            assert table.state.config.setup is Setup.LONG and table.state.config.round_limit == 4
            bad = client.post(
                "/api/tables",
                json={
                    "token": server.admin_token,
                    "game": "torraku",
                    "players": 3,
                    "options": {"setup": "huge"},
                },
            )
            assert bad.status_code == 400 and bad.json()["error"] == "bad_request"

    def test_the_lobby_lists_each_games_options_and_host_links(self, db: str) -> None:
        """GET /api/tables names each game's options (kind, default, choices) and whether it
        has a companion mode, and each table's host link, screen and join code."""
        server, client = start(db)
        with client:
            made = create(client, server, game="millions", players=3)
            listed = client.get("/api/tables", headers=bearer(server.admin_token)).json()
            games = {g["name"]: g for g in listed["games"]}
            assert games["torraku"]["companion"] is True and games["millions"]["companion"] is False
            repeat = next(o for o in games["millions"]["options"] if o["name"] == "repeat_role")
            assert repeat == {
                "name": "repeat_role",
                "kind": "choice",
                "default": "no_share",
                "choices": ["no_share", "forbidden", "allowed"],
            }
            (table,) = listed["tables"]
            assert table["host"] == made["host"] and table["join_code"] == made["join_code"]
            assert table["screen"].startswith(f"{BASE}/screen#")


class TestServe:
    def test_links_print_the_join_code_and_its_qr(self) -> None:
        """``serve`` prints the join page with its code (and its QR code), the table screen,
        then the host's link last."""
        pytest.importorskip("segno")
        table = _serve.make_table(3, 1, seed=1)
        out = io.StringIO()
        _serve.print_links(table, BASE, out, "join")
        lines = out.getvalue().splitlines()
        assert f"  join code {table.join_code}, join page: {BASE}/join#{table.join_code}" in lines
        assert any("▄" in line or "▀" in line for line in lines)
        assert lines[-2] == f"  screen (for a TV): {BASE}/screen#{table.host_token}"
        assert lines[-1] == f"  host (save): {BASE}/#{table.host_token}"
        out = io.StringIO()
        _serve.print_links(table, BASE, out, "none")
        assert not any("▄" in line for line in out.getvalue().splitlines())

    def test_an_existing_database_is_described_and_new_starts_afresh(
        self, db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """On a database with open tables ``serve`` says what it serves and how to start
        afresh; ``--new`` closes them (kept stored) and opens a new table."""
        hosted: list[list[str]] = []
        monkeypatch.setattr(
            _serve, "serve", lambda server, *a, **k: hosted.append(sorted(server.tables))
        )
        assert main(["serve", "--players", "3", "--db", db]) == 0
        assert capsys.readouterr().err.splitlines() == [
            "serve: these links open on this machine only; for phones on the same "
            "network: serve --lan"
        ]
        assert (
            main(["serve", "--players", "4", "--db", db, "--companion", "--game", "torraku"]) == 0
        )
        err = capsys.readouterr().err
        assert f"serve: {db} holds 1 open table(s); serving them again:" in err
        assert f"  table {hosted[0][0]}: Millions of Dollars, 3 players, at version 0" in err
        assert "To start afresh: serve --new" in err
        assert hosted[1] == hosted[0]
        assert main(["serve", "--players", "4", "--db", db, "--new"]) == 0
        assert len(hosted[2]) == 1 and hosted[2] != hosted[0]
        store = open_store(db)
        assert store.table(hosted[0][0]).closed is not None  # type: ignore[union-attr]
        assert json.loads(json.dumps([r.id for r in store.open_tables()])) == hosted[2]

    def test_serve_takes_the_negotiation_options(
        self, db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``serve --option`` sets the game's own options (private offers and talk off:
        R-DEAL-4, R-TALK-1), ``--press-seconds`` a pressed seat's time (R-TALK-LEADER) and
        ``--talk-window`` the bots' wait for talk; all three are stored with the table, and a
        bad value is refused before the server starts."""
        hosted: list[Server] = []
        monkeypatch.setattr(_serve, "serve", lambda server, *a, **k: hosted.append(server))
        args = ["serve", "--players", "4", "--db", db, "--turn-seconds", "60"]
        options = ["--option", "private_offers=false", "--option", "private_talk=false"]
        timing = ["--press-seconds", "12", "--talk-window", "5"]
        assert main([*args, *options, *timing]) == 0
        (table,) = hosted[0].tables.values()
        config = table.state.config
        assert (config.private_offers, config.private_talk) == (False, False)
        assert (table.press_seconds, table.talk_window, table.turn_seconds) == (12.0, 5.0, 60.0)
        again, _ = _serve.open_server(db)  # as a restart reads them back
        (stored,) = again.tables.values()
        assert (stored.state.config.private_offers, stored.press_seconds) == (False, 12.0)
        assert stored.talk_window == 5.0
        capsys.readouterr()
        assert main([*args, "--new", "--talk-window", "-1"]) == 2
        assert "talk_window must be from 0 to 3600 seconds" in capsys.readouterr().err
        assert main([*args, "--new", "--option", "private_offers=7"]) == 2
        assert "private_offers" in capsys.readouterr().err

    def test_serve_takes_the_spectator_delay(
        self, db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``serve --spectator-delay`` makes the spectator's link and the table screen lag
        behind the game; it is stored with the table; a value past 600 seconds is refused
        before the server starts, and ``--new`` then closes nothing."""
        hosted: list[Server] = []
        monkeypatch.setattr(_serve, "serve", lambda server, *a, **k: hosted.append(server))
        args = ["serve", "--players", "4", "--bots", "3", "--db", db]
        assert main([*args, "--spectator-delay", "45"]) == 0
        (table,) = hosted[0].tables.values()
        assert table.spectator_delay == 45.0
        again, _ = _serve.open_server(db)
        assert [t.spectator_delay for t in again.tables.values()] == [45.0]
        capsys.readouterr()
        assert main([*args, "--new", "--spectator-delay", "601"]) == 2
        assert "spectator_delay must be from 0 to 600 seconds" in capsys.readouterr().err
        assert [row.id for row in open_store(db).open_tables()] == [table.id]
        assert main([*args, "--new"]) == 0
        assert [t.spectator_delay for t in hosted[-1].tables.values()] == [0.0]

    def test_lan_binds_the_local_address_and_admits_it(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``--lan`` binds the address found and adds it to ``--allowed-host``; with no
        network it says so and exits 2."""
        served: list[tuple[Any, ...]] = []
        monkeypatch.setattr(_serve, "lan_address", lambda: "192.168.1.20")
        monkeypatch.setattr(
            _serve,
            "serve",
            lambda server, host, port, **k: served.append((host, k["allowed_hosts"])),
        )
        assert main(["serve", "--db", ":memory:", "--lan"]) == 0
        assert main(["serve", "--db", ":memory:", "--lan", "--allowed-host", "game.local"]) == 0
        assert served == [("192.168.1.20", None), ("192.168.1.20", ["game.local", "192.168.1.20"])]
        monkeypatch.setattr(_serve, "lan_address", lambda: None)
        assert main(["serve", "--db", ":memory:", "--lan"]) == 2
        assert "--lan found no local network address" in capsys.readouterr().err

    def test_the_lan_address_is_no_loopback(self) -> None:
        """Found without sending a packet; never a loopback address."""
        found = _serve.lan_address()
        assert found is None or not found.startswith("127.")


class TestSpectatorDelay:
    def test_the_spectator_and_the_screen_lag_behind(self, db: str) -> None:
        """With a spectator delay the spectator's link, and the host's on the table screen
        (``screen=1``), see the table as it was that long ago, with no deadline; a seat
        and the host's own page see it now. The delay is stored with the table."""
        server, client = start(db)
        with client:
            links = create(client, server, game="millions", players=3, bots=2, spectator_delay=600)
            table = server.tables[links["table"]]
            seat, host = token_of(links["seats"][0]["link"]), token_of(links["host"])
            spectator = token_of(links["spectator"])
            before = table.version
            got = client.get("/api/update", headers=bearer(seat)).json()
            answer = client.post(
                "/api/act",
                json={"token": seat, "version": got["version"], "action": got["actions"][0]},
            )
            assert answer.status_code == 200 and table.version > before
            now = client.get("/api/update", headers=bearer(seat)).json()["version"]
            views = {
                "spectator": client.get("/api/update", headers=bearer(spectator)).json(),
                "screen": client.get(
                    "/api/update", params={"screen": "1"}, headers=bearer(host)
                ).json(),
                "host": client.get("/api/update", headers=bearer(host)).json(),
            }
            assert views["spectator"]["version"] == views["screen"]["version"] == before
            assert views["spectator"]["deadline"] is None
            assert views["host"]["version"] == now == table.version
            assert table.game.public_version(table.shown_state(10**12)) == table.version  # later
        server, client = start(db)
        assert server.tables[links["table"]].spectator_delay == 600

    @pytest.mark.parametrize("delay", [-1, 601, "5", True])
    def test_a_bad_delay_is_refused(self, db: str, delay: object) -> None:
        """0 to 600 seconds, a number."""
        server, client = start(db)
        with client:
            answer = client.post(
                "/api/tables",
                json={"token": server.admin_token, "players": 3, "spectator_delay": delay},
            )
            assert answer.status_code == 400 and answer.json()["error"] == "bad_request"
