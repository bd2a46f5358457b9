"""The game server: seeds, hardening, many tables, storage, reconnect, deadlines.

Storage tests run against SQLite here and, under ``nox -s server``, against a throwaway
PostgreSQL too (``MILLIONS_TEST_POSTGRES`` names its address).
"""

from __future__ import annotations

import asyncio
import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette prefers httpx2, which is not yet everywhere
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from millions_rules import Dealer, GameConfig, load_game, save_game
from millions_rules.__main__ import main
from millions_rules.web import Server, Table, TableError, _serve, create_app, open_store

from . import postgres
from .postgres import Cluster
from .web_auth import bearer


class TestSeeds:
    def test_serve_without_seed_draws_a_secret_one(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Regression: ``serve`` once always used seed 2016, which reveals every deal."""
        hosted: list[Table] = []

        def capture(server: Server, *args: Any, **kwargs: Any) -> None:
            hosted.extend(server.tables.values())

        monkeypatch.setattr(_serve, "serve", capture)
        for _ in range(2):
            assert main(["serve", "--players", "3", "--bots", "2", "--db", ":memory:"]) == 0
        seeds = [table.state.config.seed for table in hosted]
        assert 2016 not in seeds and seeds[0] != seeds[1]

    def test_a_given_seed_is_kept(self) -> None:
        """``--seed`` still chooses a known game (for tests and replays)."""
        assert _serve.make_table(3, 2, seed=7).state.config.seed == 7


# -- helpers ----------------------------------------------------------------------------

BASE = "http://127.0.0.1:8000"


@pytest.fixture(scope="session")
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
        return str(tmp_path / "tables.sqlite")
    if cluster is None:
        pytest.skip("PostgreSQL runs under nox -s server (MILLIONS_SERVER_TESTS=1)")
    return cluster.new_database()


def start(url: str) -> tuple[Server, TestClient]:
    """A server on the database ``url`` with its tables loaded, and a client for it."""
    server = Server(open_store(url))
    server.load()
    return server, TestClient(create_app(server, base_url=BASE))


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


def create(client: TestClient, server: Server, **fields: Any) -> Any:
    response = client.post("/api/tables", json={"token": server.admin_token, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def play_first(client: TestClient, token: str, since: int = 0) -> Any:
    """The seat plays its first legal action; the answer."""
    got = client.get("/api/update", params={"since": since}, headers=bearer(token)).json()
    return client.post(
        "/api/act",
        json={"token": token, "version": got["version"], "action": got["actions"][0]},
    )


def people(links: Any) -> list[str]:
    return [token_of(seat["link"]) for seat in links["seats"] if seat["link"]]


def play_until(client: TestClient, tokens: list[str], actions: int) -> int:
    """Play ``actions`` actions of people (each seat's first legal action); the version."""
    done, version = 0, 0
    while done < actions:
        moved = False
        for token in tokens:
            got = client.get("/api/update", headers=bearer(token)).json()
            if got["actions"] and done < actions:
                response = client.post(
                    "/api/act",
                    json={
                        "token": token,
                        "version": got["version"],
                        "action": got["actions"][0],
                    },
                )
                assert response.status_code == 200, response.text
                version = response.json()["version"]
                done += 1
                moved = True
        if not moved:
            break
    return version


# -- hostile input ----------------------------------------------------------------------


@pytest.fixture
def table() -> Table:
    return Table(GameConfig(5, seed=2026), bots=[2, 3, 4])


@pytest.fixture
def client(table: Table) -> TestClient:
    return TestClient(create_app(table, base_url=BASE))


class TestHostileInput:
    def test_a_huge_body_is_refused_before_it_is_read(
        self, table: Table, client: TestClient
    ) -> None:
        """Regression: a 160 MiB body was parsed (4.3 GB) before the token was checked."""
        body = b'{"token": "' + b"x" * (1 << 20) + b'"}'
        response = client.post("/api/act", content=body)
        assert response.status_code == 413
        assert response.json()["error"] == "body_too_large"

    def test_a_huge_body_without_length_is_cut(self, client: TestClient) -> None:
        """A chunked body (no Content-Length) is counted while read, and cut at the limit."""

        def chunks() -> Iterator[bytes]:
            yield b'{"token": "'
            for _ in range(100):
                yield b"x" * 4096

        response = client.post("/api/act", content=chunks())
        assert response.status_code == 413
        assert response.json()["error"] == "body_too_large"

    @pytest.mark.parametrize("since", ["²", "٣", "-1", "1e3", "9" * 10, " 1"])
    def test_a_cursor_that_is_not_a_number(
        self, table: Table, client: TestClient, since: str
    ) -> None:
        """Regression: ``since=²`` passed ``str.isdigit`` and ended in a 500."""
        for path in ("/api/update", "/api/stream"):
            response = client.get(
                path, params={"since": since}, headers=bearer(table.seat_token(0))
            )
            assert response.status_code == 400, since
            assert response.json()["error"] == "bad_request"

    def test_deep_nesting_is_refused(self, table: Table, client: TestClient) -> None:
        """Regression: JSON nested 1,000 deep ended in a 500."""
        deep = "[" * 1000 + "]" * 1000
        body = f'{{"token": "{table.seat_token(0)}", "version": 3, "action": {deep}}}'
        response = client.post("/api/act", content=body)
        assert response.status_code == 400
        assert response.json() == {
            "error": "bad_request",
            "message": "the body is nested deeper than 32",
        }
        body = '{"token": "t", "a": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}"
        assert client.post("/api/act", content=body).json()["error"] == "bad_request"

    @pytest.mark.parametrize(
        "body",
        [
            b"\xff\xfe",
            b"[1, 2]",
            b'"token"',
            b'{"token": 5}',
            b'{"token": "\\ud800", "version": 0, "action": {}}',
            b'{"token": "a", "version": 0, "action": {"type": "\\udfff"}}',
        ],
    )
    def test_malformed_bodies_answer_400(self, client: TestClient, body: bytes) -> None:
        """Every malformed body answers 400 ``bad_request`` with a message."""
        response = client.post("/api/act", content=body)
        assert response.status_code == 400
        assert response.json()["error"] == "bad_request" and response.json()["message"]

    def test_a_bad_content_length(self, client: TestClient) -> None:
        """A Content-Length that is no number is refused before reading."""
        response = client.post("/api/act", content=b"{}", headers={"content-length": "x"})
        assert response.status_code == 400


def _saved(table: Table, **changes: Any) -> str:
    document = json.loads(table.save())
    document.update(changes)
    return json.dumps(document)


class TestLoadChecks:
    """Regression: ``serve --load`` trusted its file."""

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda t: {"tokens": [t.tokens[0]] * 7}, "two links of the table share a token"),
            (lambda t: {"tokens": ["a", *t.tokens[1:]]}, "a token must be 22 to 64"),
            (lambda t: {"tokens": t.tokens[:-1]}, "expected 7 tokens, not 6"),
            (lambda t: {"names": ["\ud800", "B", "C", "D", "E"]}, "a name is not text"),
            (lambda t: {"names": ["", "B", "C", "D", "E"]}, "a name must be a string of 1 to 40"),
            (lambda t: {"names": ["A\x00", "B", "C", "D", "E"]}, "control character"),
            (lambda t: {"bots": [9]}, "bot seats must be from 0 to 4"),
        ],
    )
    def test_loaded_seats_are_checked(
        self, table: Table, change: Any, message: str, tmp_path: Path
    ) -> None:
        with pytest.raises(TableError, match=message) as caught:
            Table.load(_saved(table, **change(table)))
        assert caught.value.code == "bad_request"

    def test_deep_nesting_in_a_file(self, table: Table) -> None:
        """A saved game nested too deep is refused with bad_request, not a traceback."""
        with pytest.raises(TableError) as caught:
            Table.load(
                '{"format": "millions-rules-table/1", "game": '
                + "[" * 100_000
                + "]" * 100_000
                + "}"
            )
        assert caught.value.code == "bad_request"

    def test_serve_reports_a_bad_file(
        self, table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``serve --load`` of a file with shared tokens exits 2 with the reason."""
        path = tmp_path / "table.json"
        path.write_text(_saved(table, tokens=[table.tokens[0]] * 7), encoding="utf-8")
        assert main(["serve", "--load", str(path), "--db", ":memory:"]) == 2
        assert "two links of the table share a token" in capsys.readouterr().err


class TestExternalDealer:
    """Regression: a table with an external dealer waited in ``dealing`` forever."""

    def test_refused_at_creation(self) -> None:
        with pytest.raises(TableError) as caught:
            Table(GameConfig(4, seed=1, dealer=Dealer.EXTERNAL))
        assert caught.value.code == "external_dealer"

    def test_refused_when_loaded(self, table: Table) -> None:
        from millions_rules import new_game

        record = json.loads(save_game(new_game(GameConfig(5, seed=1, dealer=Dealer.EXTERNAL))))
        with pytest.raises(TableError) as caught:
            Table.load(_saved(table, game=record))
        assert caught.value.code == "external_dealer"

    def test_refused_through_the_api(self, tmp_path: Path) -> None:
        server, client = start(str(tmp_path / "t.sqlite"))
        response = client.post(
            "/api/tables",
            json={"token": server.admin_token, "players": 4, "options": {"dealer": "external"}},
        )
        assert response.status_code == 400
        assert response.json()["error"] == "external_dealer"


# -- storage: both databases ------------------------------------------------------------


def stored_state(url: str, table_id: str) -> Any:
    """The state the database holds for a table: its record with its actions replayed."""
    store = open_store(url)
    try:
        row = store.table(table_id)
        assert row is not None
        return Table.from_row(row, store.actions(table_id)).state
    finally:
        store.close()


class TestStorage:
    def test_a_restart_loses_nothing(self, db: str) -> None:
        """Regression: a restart began a new game (old links 403). Every answered action is
        stored: a new server on the same database resumes at the same version, the old
        links work, and the state equals the record replayed."""
        server, client = start(db)
        links = create(client, server, players=5, bots=2, seed=11, names=["A", "B", "C", "D", "E"])
        tokens = people(links)
        version = play_until(client, tokens, 14)
        before = server.tables[links["table"]].state
        server.store.close()
        again, client2 = start(db)
        table = again.tables[links["table"]]
        assert table.version == version and table.state == before
        assert load_game(save_game(table.state)) == before
        for token in tokens + [token_of(links["spectator"]), token_of(links["host"])]:
            assert client2.get("/api/update", headers=bearer(token)).status_code == 200
        assert again.admin_token == server.admin_token
        assert table.names == ("A", "B", "C", "D", "E")

    def test_reconnect_gets_only_the_missed_events(self, db: str) -> None:
        """A seat's page that held ``n`` events gets exactly the later ones after a restart."""
        server, client = start(db)
        links = create(client, server, players=4, bots=3, seed=5)
        token = people(links)[0]
        first = client.get("/api/update", headers=bearer(token)).json()["view"]
        held = len(first["events"])
        play_first(client, token)
        server.store.close()
        _, client2 = start(db)
        later = client2.get("/api/update", params={"since": held}, headers=bearer(token)).json()
        whole = client2.get("/api/update", headers=bearer(token)).json()
        assert later["view"]["first_event"] == held
        assert first["events"] + later["view"]["events"] == whole["view"]["events"]

    def test_one_action_wins_per_version(self, db: str) -> None:
        """Two servers on one database, both at version v: the first write wins, the other
        gets ``stale_version``, catches up, and neither forks."""
        one, client1 = start(db)
        links = create(client1, one, players=3, bots=0, seed=3)
        two, client2 = start(db)
        tokens = people(links)
        version = client1.get("/api/update", headers=bearer(tokens[0])).json()["view"]["version"]
        assert play_first(client1, tokens[0]).status_code == 200
        lost = play_first(client2, tokens[1])  # server two still believes in version v
        assert lost.status_code == 409 and lost.json()["error"] == "stale_version"
        table = two.tables[links["table"]]
        assert table.version == version + 1 == one.tables[links["table"]].version
        assert table.state == one.tables[links["table"]].state
        assert play_first(client2, tokens[1]).status_code == 200  # now it is current
        assert stored_state(db, links["table"]) == two.tables[links["table"]].state

    def test_tables_are_listed_handed_to_bots_and_closed(self, db: str) -> None:
        server, client = start(db)
        first = create(client, server, players=3, bots=1, seed=1)
        second = create(client, server, game="torraku", players=2, bots=1, seed=2)
        listed = client.get("/api/tables", headers=bearer(server.admin_token)).json()
        assert [t["table"] for t in listed["tables"]] == [first["table"], second["table"]]
        assert [t["game"] for t in listed["tables"]] == ["millions", "torraku"]
        # Each with its links, as the lobby page (/lobby#ADMIN) shows them.
        assert listed["tables"][0]["seats"] == first["seats"]
        assert listed["tables"][0]["spectator"] == first["spectator"]
        assert client.get("/lobby").text == client.get("/").text
        host = token_of(first["host"])
        handed = client.post("/api/seat", json={"token": host, "seat": 0, "bot": True})
        assert handed.status_code == 200 and handed.json()["bots"] == [0, 2]
        back = client.post("/api/seat", json={"token": host, "seat": 0, "bot": False})
        assert back.json()["bots"] == [2]
        seat_token = people(first)[0]
        refused = client.post("/api/seat", json={"token": seat_token, "seat": 0, "bot": True})
        assert refused.status_code == 403 and refused.json()["error"] == "unknown_token"
        closed = client.post("/api/close", json={"token": host})
        assert closed.json() == {"closed": first["table"]}
        # A closed table's link says so (the page explains it), not "unknown".
        gone = client.get("/api/update", headers=bearer(seat_token))
        assert gone.status_code == 410 and gone.json()["error"] == "table_closed"
        server.store.close()
        again, _ = start(db)
        assert list(again.tables) == [second["table"]]
        assert again.tables[second["table"]].bots == (1,)

    def test_torraku_tables_are_stored_too(self, db: str) -> None:
        server, client = start(db)
        links = create(client, server, game="torraku", players=3, bots=1, seed=9)
        tokens = people(links)
        version = play_until(client, tokens, 6)
        state = server.tables[links["table"]].state
        server.store.close()
        again, client2 = start(db)
        assert again.tables[links["table"]].version == version > 0
        assert again.tables[links["table"]].state == state
        assert client2.get("/api/update", headers=bearer(tokens[0])).status_code == 200

    def test_a_newer_server_upgrades_an_older_database(self, db: str) -> None:
        """A database at schema 1 (no deadlines, no count of writes) is upgraded to the
        newest schema, its tables kept."""
        from millions_rules.web._store import SCHEMA_VERSION, TableRow

        old = (
            open_store.__globals__["SQLiteStore"](db)
            if not db.startswith("postgresql")
            else (open_store.__globals__["PostgresStore"](db))
        )
        assert old.migrate(upto=1) == 1
        table = Table(GameConfig(3, seed=4), bots=[1, 2])
        old._run(
            lambda cursor: cursor.execute(
                old._sql(
                    "INSERT INTO game_tables (id, game, record, meta, version, created)"
                    " VALUES (?, ?, ?, ?, ?, ?)"
                ),
                (
                    table.id,
                    "millions",
                    save_game(table.state),
                    json.dumps(table.meta()),
                    table.version,
                    0.0,
                ),
            )
        )
        old.close()
        assert SCHEMA_VERSION == 3
        server, client = start(db)
        assert server.store.schema_version() == 3
        assert server.tables[table.id].state == table.state
        assert client.get("/api/update", headers=bearer(table.seat_token(0))).status_code == 200
        _ = TableRow

    def test_a_newer_database_is_refused(self, db: str) -> None:
        """A database written by a newer server is not touched: ``schema_too_new``."""
        from millions_rules.web import StoreError

        store = open_store(db)
        store._run(
            lambda cursor: cursor.execute(
                store._sql("INSERT INTO schema_migrations (version, applied) VALUES (?, ?)"),
                (99, 0.0),
            )
        )
        store.close()
        with pytest.raises(StoreError) as caught:
            open_store(db)
        assert caught.value.code == "schema_too_new"

    def test_serve_prints_the_same_links_after_a_restart(
        self, db: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """``serve --db`` opens a table the first time, and prints its links again after."""
        printed: list[str] = []

        def capture(server: Server, *args: Any, **kwargs: Any) -> None:
            import io

            out = io.StringIO()
            for table in server.tables.values():
                _serve.print_links(table, BASE, out)
            printed.append(out.getvalue())
            server.store.close()

        monkeypatch.setattr(_serve, "serve", capture)
        argv = ["serve", "--players", "5", "--bots", "3", "--db", db, "--names", "Al,Bo,Cy,Di,Ed"]
        assert main(argv) == 0
        assert main(argv) == 0
        # Two seats, the spectator, the join page, the screen and the host: the same after.
        assert printed[0] == printed[1] and printed[0].count("#") == 6
        assert "seat 0 Al: http" in printed[0]


# -- deadlines and tables of bots --------------------------------------------------------


class TestDeadlines:
    def test_the_clock_plays_a_default_then_hands_the_seat_to_a_bot(
        self, db: str, caplog: pytest.LogCaptureFixture
    ) -> None:
        """When a seat's time runs out the server plays its default action (a Choose in
        planning, picked by the table's secret generator) and logs it; after ``max_timeouts`` in a row a bot takes the seat. The
        deadline and the count are stored: a restart keeps them."""
        server = Server(open_store(db))
        table = server.add(
            server.new_table("millions", 3, 2, seed=8, turn_seconds=30, max_timeouts=2)
        )
        assert table.deadline is not None and table.game.due(table.state) == (0,)
        expected = table.default_action(table.state, 0)
        caplog.set_level("WARNING", logger="millions_rules.web")
        asyncio.run(server._timeout(table, table.deadline + 1))
        assert table.state.history[2] == expected  # after the two bots chose
        assert table.timeouts(0) == 1 and table.bots == (1, 2)
        assert f"table {table.id}: seat 0's time ran out; the server played" in caplog.text
        deadline = table.deadline
        assert deadline is not None
        server.store.close()
        again = Server(open_store(db))
        again.load()
        resumed = again.tables[table.id]
        assert resumed.deadline == deadline and resumed.timeouts(0) == 1
        assert resumed.state == table.state
        asyncio.run(again._timeout(resumed, deadline + 1))
        assert resumed.bots == (0, 1, 2) and resumed.game.is_over(resumed.state)
        assert "seat 0 timed out 2 times in a row; a bot plays it" in caplog.text
        assert stored_state(db, table.id) == resumed.state

    def test_acting_resets_the_count(self, tmp_path: Path) -> None:
        server = Server(open_store(str(tmp_path / "t.sqlite")))
        table = server.add(server.new_table("millions", 3, 1, seed=2, turn_seconds=30))
        asyncio.run(server._timeout(table, table.deadline + 1))  # type: ignore[operator]
        timed_out = [seat for seat in range(2) if table.timeouts(seat)]
        assert timed_out == [0, 1]
        token = table.seat_token(0)
        action = table.update(token)["actions"][0]
        asyncio.run(server.act(token, action, table.version, None))
        assert table.timeouts(0) == 0 and table.timeouts(1) == 1

    def test_the_clock_runs_in_the_server(self, tmp_path: Path) -> None:
        """A real clock: a one-second turn runs out and the server plays."""
        server, _ = start(str(tmp_path / "t.sqlite"))
        with TestClient(create_app(server, base_url=BASE)) as client:
            links = create(client, server, players=3, bots=2, seed=1, turn_seconds=1)
            token = people(links)[0]
            assert client.get("/api/update", headers=bearer(token)).json()["version"] == 2
            for _ in range(50):
                if client.get("/api/update", headers=bearer(token)).json()["version"] > 2:
                    break
                time.sleep(0.1)
            assert client.get("/api/update", headers=bearer(token)).json()["version"] > 2

    def test_a_table_of_bots_is_watched(self, tmp_path: Path) -> None:
        """A table of bots only plays one move per ``bot_delay`` for its spectators."""
        server, _ = start(str(tmp_path / "t.sqlite"))
        with TestClient(create_app(server, base_url=BASE)) as client:
            links = create(client, server, game="torraku", players=3, bots=3, bot_delay=0.2)
            assert all(seat["link"] is None for seat in links["seats"])
            spectator = token_of(links["spectator"])
            first = client.get("/api/update", headers=bearer(spectator)).json()
            assert first["version"] == 0 and first["actions"] == []
            for _ in range(50):
                time.sleep(0.1)
                if client.get("/api/update", headers=bearer(spectator)).json()["version"] >= 2:
                    break
            assert client.get("/api/update", headers=bearer(spectator)).json()["version"] >= 2


class TestLobby:
    @pytest.mark.parametrize(
        ("fields", "code", "status"),
        [
            ({"players": 9}, "bad_request", 400),
            ({"game": "chess"}, "bad_request", 400),
            ({"game": "torraku", "players": 7}, "bad_request", 400),
            ({"bots": 6}, "bad_request", 400),
            ({"bots": "two"}, "bad_request", 400),
            ({"seed": -1}, "bad_request", 400),
            ({"lang": "fr"}, "bad_request", 400),
            ({"names": ["A", "B"]}, "bad_request", 400),
            ({"options": {"colour": "red"}}, "bad_request", 400),
            ({"turn_seconds": 0}, "bad_request", 400),
            ({"max_timeouts": 1.5}, "bad_request", 400),
            ({"bot_delay": True}, "bad_request", 400),
            ({"surprise": 1}, "bad_request", 400),
        ],
    )
    def test_a_bad_request_for_a_table(
        self, tmp_path: Path, fields: dict[str, Any], code: str, status: int
    ) -> None:
        """Every field of a new table is checked: 400 ``bad_request``, and no table made."""
        server, client = start(str(tmp_path / "t.sqlite"))
        response = client.post("/api/tables", json={"token": server.admin_token, **fields})
        assert (response.status_code, response.json()["error"]) == (status, code)
        assert server.tables == {} and server.store.open_tables() == []

    def test_only_the_admin_creates_and_lists(self, tmp_path: Path) -> None:
        server, client = start(str(tmp_path / "t.sqlite"))
        links = create(client, server, players=3)
        host = token_of(links["host"])
        for token in (host, "x" * 22, ""):
            made = client.post("/api/tables", json={"token": token, "players": 3})
            assert (made.status_code, made.json()["error"]) == (403, "unknown_token")
            listed = client.get("/api/tables", headers=bearer(token))
            assert (listed.status_code, listed.json()["error"]) == (403, "unknown_token")
        unknown = client.get(
            "/api/save", params={"table": "nope"}, headers=bearer(server.admin_token)
        )
        assert (unknown.status_code, unknown.json()["error"]) == (404, "unknown_table")

    def test_serve_opens_a_torraku_table(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """``serve --game torraku`` hosts Currency Torraku, dealt by the engine."""
        hosted: list[Table] = []

        def capture(server: Server, *args: Any, **kwargs: Any) -> None:
            hosted.extend(server.tables.values())

        monkeypatch.setattr(_serve, "serve", capture)
        argv = ["serve", "--game", "torraku", "--players", "2", "--bots", "1", "--db", ":memory:"]
        assert main(argv) == 0
        assert hosted[0].game.name == "torraku" and hosted[0].bots == (1,)
        assert hosted[0].state.config.dealer is Dealer.ENGINE
