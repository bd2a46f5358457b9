"""The server's fault matrix (issue 27): every fault a host meets, each with its figure
asserted and printed. Run by ``nox -s server`` (``MILLIONS_SERVER_TESTS=1``).

Seeded and replayable: each fault draws its choices (when to kill, which request to lose
or repeat, how far the clock jumps, which writes race) from ``random.Random(f"{SEED}:
{fault}")``, with ``SEED`` from ``MILLIONS_FAULT_SEED`` (27 by default); the kills'
moments and the kinds of the races are drawn first, so a replay makes them the same
however fast the machine plays (how far the clients get before a kill, and which of two
racing writes wins, are the machine's). The seed heads the
summary the run prints at its end; ``MILLIONS_FAULT_SEED=<seed> nox -s server -- -k faults``
runs the same faults again. Every request goes to 127.0.0.1 only, with its token in an
``Authorization`` header (and a POST's body), never in a URL.

The faults, and what each asserts:

* SIGKILL of a server at random points, SQLite and PostgreSQL: 0 acknowledged writes lost
  (actions and hand-overs), 0 stuck tables after each restart, requests whose answer the
  kill lost answered from the store when retried.
* The LISTEN connection cut with ``pg_terminate_backend``: the other process's clients
  caught up by version every time.
* PostgreSQL restarted mid-game: writes during the outage answered 503 ``store_failed``,
  0 acknowledged actions lost, the game goes on.
* A full disk (SQLite's ``max_page_count``) and a read-only database (``query_only``):
  503 ``store_failed``, nothing acknowledged, nothing changed; the table plays on after.
* Duplicated and lost HTTP requests: each action applied exactly once (request ids).
* Clock jumps against deadlines: nothing played early, one default per deadline however
  far the clock jumps, no table stuck.
* Two processes racing every kind of write (actions, hand-overs, closes, creations): 0
  acknowledged writes lost, 0 forks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from . import postgres

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from millions_rules.web import Server, Table, TableError, open_store  # noqa: E402
from millions_rules.web._store import LISTENER_NAME  # noqa: E402

from .postgres import Cluster  # noqa: E402
from .test_server_processes import WAIT, Process, create_table, free_port, people  # noqa: E402
from .web_auth import bearer  # noqa: E402

pytestmark = pytest.mark.skipif(
    not postgres.enabled(), reason="run by nox -s server (MILLIONS_SERVER_TESTS=1)"
)

#: The seed of every fault's choices (``MILLIONS_FAULT_SEED`` replays one).
SEED = int(os.environ.get("MILLIONS_FAULT_SEED", "27"))
#: Each fault's figures, printed at the end of the run: (fault, figures).
FIGURES: list[tuple[str, str]] = []


def rng_of(fault: str) -> random.Random:
    """The generator of one fault's choices."""
    return random.Random(f"{SEED}:{fault}")


def figure(fault: str, lost: int, forks: int, caught: tuple[int, int], text: str) -> None:
    """Record a fault's figures for the summary (and print them, for ``-s``): the three
    every fault asserts (acknowledged writes lost, forks, clients caught up of how many),
    then what the fault did."""
    line = f"{lost} lost, {forks} forks, {caught[0]}/{caught[1]} caught up; {text}"
    FIGURES.append((fault, line))
    print(f"\n{fault}: {line}")


@pytest.fixture(scope="module", autouse=True)
def summary(request: pytest.FixtureRequest) -> Iterator[None]:
    """At the end of the module, the fault matrix's figures in the terminal summary."""
    yield
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if reporter is None or not FIGURES:
        return
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        reporter.write_line("")
        reporter.write_sep("=", f"fault matrix, seed {SEED} (replay: MILLIONS_FAULT_SEED={SEED})")
        for fault, text in FIGURES:
            reporter.write_line(f"{fault:<34} {text}")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    started = Cluster()
    try:
        yield started
    finally:
        started.stop()


def update(client: Any, base: str, token: str) -> dict[str, Any]:
    answer = client.get(f"{base}/api/update", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def post(client: Any, base: str, path: str, token: str, **body: Any) -> Any:
    """A POST with the token in the header and the body."""
    return client.post(f"{base}{path}", json={"token": token, **body}, headers=bearer(token))


def by_public_version(row: Any, rows: list[Any]) -> dict[int, tuple[int | None, Any]]:
    """Stored actions by the version the seats saw after each: the first action to reach
    a version is the rule action that made it (talk and offers after it keep it)."""
    table = Table.from_row(row, rows)
    found: dict[int, tuple[int | None, Any]] = {}
    for a in rows:
        found.setdefault(table.public_at(a.version), (a.seat, json.loads(a.action)))
    return found


def stored(db: str, table_id: str) -> tuple[Any, dict[int, tuple[int | None, Any]]]:
    """The stored row of a table and its actions by the version the seats saw."""
    store = open_store(db)
    try:
        row = store.table(table_id)
        assert row is not None
        return row, by_public_version(row, store.actions(table_id))
    finally:
        store.close()


def stored_at(db: str, table_id: str, version: int) -> list[Any]:
    """Every stored action of a table at the version the seats saw (a rule action that
    reached it, then the talk and offers' answers that kept it)."""
    store = open_store(db)
    try:
        row = store.table(table_id)
        assert row is not None
        rows = store.actions(table_id)
        table = Table.from_row(row, rows)
        return [json.loads(a.action) for a in rows if table.public_at(a.version) == version]
    finally:
        store.close()


def stuck_tables(db: str) -> int:
    """How many open tables wait for a bot that has no deadline (a table that stopped)."""
    store = open_store(db)
    try:
        count = 0
        for row in store.open_tables():
            table = Table.from_row(row, store.actions(row.id))
            due = table.game.due(table.state)
            if table.bot_delay == 0 and any(seat in table.bots for seat in due):
                count += 1
        return count
    finally:
        store.close()


def settle(check: Callable[[], int], seconds: float = WAIT) -> int:
    """Poll ``check()`` until it is 0 or ``seconds`` pass; its last value."""
    deadline = time.monotonic() + seconds
    value = check()
    while value and time.monotonic() < deadline:
        time.sleep(0.1)
        value = check()
    return value


def forks_of(db: str, table_ids: Iterable[str]) -> int:
    """How many of the tables forked: their stored actions are not numbered one after
    another up to the row's version, or do not replay from the opening record."""
    store = open_store(db)
    try:
        count = 0
        for table_id in table_ids:
            row = store.table(table_id)
            if row is None:
                continue
            actions = store.actions(table_id)
            numbers = [a.version for a in actions]
            if numbers != list(range(row.version - len(numbers) + 1, row.version + 1)):
                count += 1
                continue
            try:
                Table.from_row(row, actions)
            except TableError:
                count += 1
        return count
    finally:
        store.close()


def caught_up(
    client: Any, bases: Sequence[str], tables: dict[str, list[str]], db: str
) -> tuple[int, int]:
    """How many clients (each seat's token of each open table, through each process) see
    their table at its stored version within ``WAIT``, of how many."""
    store = open_store(db)
    caught = total = 0

    def stored_version(table_id: str) -> int | None:
        row = store.table(table_id)
        if row is None or row.closed is not None:
            return None
        return Table.from_row(row, store.actions(table_id)).version

    try:
        for table_id, tokens in tables.items():
            for base in bases:
                for token in tokens:
                    deadline = time.monotonic() + WAIT
                    want = stored_version(table_id)
                    if want is None:
                        break
                    total += 1
                    while True:
                        got = client.get(f"{base}/api/update", headers=bearer(token))
                        if got.status_code == 200 and got.json()["version"] == want:
                            caught += 1
                            break
                        if time.monotonic() > deadline:
                            break
                        time.sleep(0.05)
                        want = stored_version(table_id)  # a clock may have moved it on
                        if want is None:
                            total -= 1
                            break
        return caught, total
    finally:
        store.close()


# -- SIGKILL at random points ------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "kills"), [("sqlite", 8), ("postgres", 5)])
def test_sigkill_at_random_points(
    tmp_path: Path, kind: str, kills: int, request: pytest.FixtureRequest
) -> None:
    """SIGKILL at seeded random moments while clients act (with request ids) and the host
    hands seat 1 over and back: after each restart every acknowledged action is stored at
    its version, every acknowledged hand-over is the stored seat, no table is stuck, and a
    request whose answer the kill lost is answered from the store when sent again."""
    db = (
        str(tmp_path / "t.sqlite")
        if kind == "sqlite"
        else request.getfixturevalue("cluster").new_database()
    )
    # The kills' moments first, so that a replay kills at the same moments however far
    # the play got before each (that depends on the machine's speed).
    kill_after = [rng_of(f"sigkill-{kind}-{kill}").uniform(0.1, 0.8) for kill in range(kills)]
    rng = rng_of(f"sigkill-{kind}")
    port = free_port()
    server = Process(port, "--db", db, "--players", "4", "--bots", "1", "--seed", str(SEED))
    admin = server.token("admin")
    table_id = server.links[0].split()[1]
    host = server.token("host")
    tokens = {table_id: [server.token(f"seat {seat}") for seat in range(3)]}
    hosts = {table_id: host}
    acknowledged: dict[str, dict[int, Any]] = {}
    # Acknowledged actions that leave the version the seats see as it was (an answer to an
    # offer, talk): each must be stored at that version, after the rule action that made it.
    unversioned: list[tuple[str, int, Any]] = []

    def keep(table: str, version: int, action: Any, answered: int) -> None:
        if answered > version:  # a rule action: the first to reach version + 1
            acknowledged.setdefault(table, {})[version + 1] = action
        else:
            unversioned.append((table, version, action))

    handed: dict[str, bool | None] = {table_id: False}  # seat 1's last acknowledged setting
    retried = answered_again = hand_overs = forks = lost_total = 0
    caught = (0, 0)
    in_flight: tuple[str, str, int, Any, str] | None = None
    number = 0
    with httpx.Client(timeout=5.0) as client:
        for kill in range(kills):
            killer = threading.Timer(kill_after[kill], server.kill)
            killer.start()
            try:
                while True:
                    if rng.random() < 0.15:  # the host hands seat 1 over or back
                        want = handed[table_id] is not True
                        handed[table_id] = None  # unknown until answered
                        answer = post(
                            client, server.base, "/api/seat", hosts[table_id], seat=1, bot=want
                        )
                        assert answer.status_code == 200, answer.text
                        handed[table_id] = want
                        hand_overs += 1
                        continue
                    moves = [
                        (token, got["version"], got["actions"][0])
                        for token in tokens[table_id]
                        for got in [update(client, server.base, token)]
                        if got["actions"]
                    ]
                    if not moves:  # over: another table
                        links = create_table(client, server, players=4, bots=1)
                        table_id = links["table"]
                        tokens[table_id] = people(links)
                        hosts[table_id] = links["host"].rsplit("#", 1)[1]
                        handed[table_id] = False
                        continue
                    token, version, action = rng.choice(moves)
                    number += 1
                    in_flight = (table_id, token, version, action, f"k{kill}-{number}")
                    answer = post(
                        client,
                        server.base,
                        "/api/act",
                        token,
                        version=version,
                        action=action,
                        request=in_flight[4],
                    )
                    if answer.status_code == 200:
                        keep(table_id, version, action, answer.json()["version"])
                    in_flight = None
            except (httpx.TransportError, json.JSONDecodeError):
                pass  # killed under the client
            killer.join()
            server = Process(port, "--db", db)
            assert server.token("admin") == admin
            if in_flight is not None:  # its answer was lost: the same request again
                known, token, version, action, request_id = in_flight
                again = post(
                    client,
                    server.base,
                    "/api/act",
                    token,
                    version=version,
                    action=action,
                    request=request_id,
                )
                retried += 1
                if again.status_code == 200:
                    answered_again += 1
                    keep(known, version, action, again.json()["version"])
                else:
                    assert again.json()["error"] in ("stale_version", "table_closed")
                in_flight = None
            lost = 0
            for known, actions in acknowledged.items():
                _, by_version = stored(db, known)
                lost += sum(by_version.get(v, (None, None))[1] != a for v, a in actions.items())
            for known, v, a in unversioned:
                lost += a not in stored_at(db, known, v)
            for known, setting in handed.items():
                row, _ = stored(db, known)
                if setting is not None and row.closed is None:
                    lost += (1 in row.meta["bots"]) != setting
            lost_total += lost
            forks += forks_of(db, tokens)
            seen = caught_up(client, [server.base], tokens, db)
            caught = (caught[0] + seen[0], caught[1] + seen[1])
            assert lost == 0, f"seed {SEED}: {lost} acknowledged writes lost"
            assert forks == 0, f"seed {SEED}: a table forked"
            assert seen[0] == seen[1], f"seed {SEED}: {seen} clients caught up"
            assert settle(lambda: stuck_tables(db)) == 0, f"seed {SEED}: a table stopped"
    server.stop()
    total = sum(len(actions) for actions in acknowledged.values()) + len(unversioned)
    figure(
        f"SIGKILL ({kind})",
        lost_total,
        forks,
        caught,
        f"{kills} kills, {total} acknowledged actions and {hand_overs} hand-overs kept, "
        f"0 stuck tables, {retried} lost answers retried ({answered_again} answered), "
        f"{len(tokens)} tables",
    )
    assert total > kills and caught[1] >= 3 * kills


# -- the LISTEN connection cut ----------------------------------------------------------------


def test_the_listen_connection_cut(cluster: Cluster) -> None:
    """The LISTEN connections are cut with ``pg_terminate_backend`` (seeded moments), and a
    move is made through the other process while they reconnect: the second process's
    clients still reach every version (caught up by version, not by the lost NOTIFY)."""
    rng = rng_of("listen")
    db = cluster.new_database()
    one = Process(free_port(), "--db", db, "--players", "3", "--seed", str(SEED))
    two = Process(free_port(), "--db", db)
    cuts = moved_on = moves = 0
    slowest = 0.0
    acknowledged: dict[int, Any] = {}
    table_id = one.links[0].split()[1]
    try:
        tokens = [one.token(f"seat {seat}") for seat in range(3)]
        with httpx.Client(timeout=5.0) as client:
            for _ in range(8):
                time.sleep(rng.uniform(0.0, 0.6))  # the listeners may be reconnecting
                cuts += cluster.terminate(LISTENER_NAME)
                acting = [t for t in tokens if update(client, one.base, t)["actions"]]
                if not acting:
                    break
                token = rng.choice(acting)
                got = update(client, one.base, token)
                answer = post(
                    client,
                    one.base,
                    "/api/act",
                    token,
                    version=got["version"],
                    action=got["actions"][0],
                )
                assert answer.status_code == 200, answer.text
                moves += 1
                acknowledged[got["version"] + 1] = got["actions"][0]
                wanted = answer.json()["version"]
                began = time.monotonic()
                while time.monotonic() - began < WAIT:
                    if update(client, two.base, tokens[0])["version"] == wanted:
                        moved_on += 1
                        break
                    time.sleep(0.05)
                slowest = max(slowest, time.monotonic() - began)
            seen = caught_up(client, [one.base, two.base], {table_id: tokens}, db)
    finally:
        one.stop()
        two.stop()
    _, by_version = stored(db, table_id)
    lost = sum(by_version.get(v, (None, None))[1] != a for v, a in acknowledged.items())
    forks = forks_of(db, [table_id])
    figure(
        "LISTEN cut (pg_terminate_backend)",
        lost,
        forks,
        seen,
        f"{cuts} connections cut, {moves} moves made meanwhile, each seen by the other "
        f"process's client by version {moved_on}/{moves} times (slowest {slowest:.2f} s)",
    )
    assert lost == 0 and forks == 0 and seen[0] == seen[1] == 6
    assert cuts >= 4 and moves >= 5 and moved_on == moves


# -- PostgreSQL restarted ------------------------------------------------------------------------


def test_postgres_restarted_mid_game(cluster: Cluster) -> None:
    """PostgreSQL is restarted twice mid-game (at seeded moves): each write during the
    outage is answered 503 ``store_failed`` or succeeds after it, nothing acknowledged is
    lost, the game goes on through the same process, and the clients of a second
    process (whose listener lost its connection with each restart) are caught up."""
    rng = rng_of("restart")
    db = cluster.new_database()
    server = Process(free_port(), "--db", db, "--players", "3", "--bots", "1", "--seed", "4")
    other = Process(free_port(), "--db", db)
    table_id = server.links[0].split()[1]
    tokens = [server.token(f"seat {seat}") for seat in range(2)]
    restart_at = sorted(rng.sample(range(1, 7), 2))
    restarts = 0
    acknowledged: dict[int, Any] = {}
    refused = 0
    try:
        with httpx.Client(timeout=10.0) as client:
            for move in range(16):
                if move in restart_at:
                    cluster.restart()
                    restarts += 1
                acting = [
                    (t, got)
                    for t in tokens
                    for got in [update(client, server.base, t)]
                    if got["actions"]
                ]
                if not acting:
                    break
                token, got = rng.choice(acting)
                for _ in range(20):
                    answer = post(
                        client,
                        server.base,
                        "/api/act",
                        token,
                        version=got["version"],
                        action=got["actions"][0],
                        request=f"m{move}",
                    )
                    if answer.status_code != 503:
                        break
                    assert answer.json()["error"] == "store_failed"
                    refused += 1
                    time.sleep(0.2)
                assert answer.status_code == 200, answer.text
                acknowledged[got["version"] + 1] = got["actions"][0]
            seen = caught_up(client, [server.base, other.base], {table_id: tokens}, db)
    finally:
        server.stop()
        other.stop()
    _, by_version = stored(db, table_id)
    lost = sum(by_version.get(v, (None, None))[1] != a for v, a in acknowledged.items())
    forks = forks_of(db, [table_id])
    figure(
        "PostgreSQL restarted",
        lost,
        forks,
        seen,
        f"{restarts} restarts, {len(acknowledged)} acknowledged actions, "
        f"{refused} writes answered 503 store_failed during the outages",
    )
    assert lost == 0 and forks == 0 and seen[0] == seen[1] == 4
    assert restarts == 2 and len(acknowledged) >= 6


# -- a full disk, a read-only file -----------------------------------------------------------------


def refuse_writes(store: Any, how: str) -> Callable[[], None]:
    """Make a SQLite store's database full or read-only; the function that undoes it."""
    store._run(lambda cursor: None)
    conn = store._conn
    if how == "full":
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return lambda: conn.execute("PRAGMA max_page_count = 1073741823")
    conn.execute("PRAGMA query_only = 1")
    return lambda: conn.execute("PRAGMA query_only = 0")


@pytest.mark.parametrize("how", ["full", "read-only"])
def test_a_full_or_read_only_database(tmp_path: Path, how: str) -> None:
    """A full disk (SQLite's ``max_page_count`` at the file's size: a write that needs a
    new page fails) or a read-only database (``query_only``), under seeded writes of every
    kind: each write is either acknowledged and stored, or answered 503 ``store_failed``
    with nothing changed in memory or in the store; a read-only database refuses them all.
    Once writable again, the table plays on."""
    rng = rng_of(f"disk-{how}")
    db = str(tmp_path / "t.sqlite")
    server = Server(open_store(db))
    table = server.add(server.new_table("millions", 3, 0, seed=rng.randrange(1 << 32)))
    table._secret = f"{SEED:032x}"
    first_id = table.id
    undo = refuse_writes(server.store, how)
    refused = acknowledged = changed = lost = 0
    if how == "full":  # fill the file: new tables until one does not fit
        for _ in range(500):
            try:
                asyncio.run(server.create(players=3))
            except TableError as error:
                assert error.code == "store_failed"
                refused += 1
                break
        assert refused == 1, "the database never filled"

    def agrees(table: Table) -> bool:
        # A process started now (a client of the store) sees the table as this one does.
        reread = Server(open_store(db))
        try:
            reread.load()
            again = reread.tables.get(table.id)
            return again is not None and (again.state, again.bots) == (table.state, table.bots)
        finally:
            reread.store.close()

    def snapshot() -> tuple[Any, ...]:
        row = server.store.table(table.id) if how == "full" else None
        stored_row = None if row is None else (row.version, row.writes, tuple(row.meta["bots"]))
        return (table.version, table.bots, len(server.tables), table.writes, stored_row)

    kinds = ["act", "seat", "create"]
    for number in range(30):
        kind = rng.choice(kinds)
        before = snapshot()
        try:
            if kind == "act":
                move = table.update(table.seat_token(0))["actions"]
                if not move:
                    continue
                asyncio.run(
                    server.act(
                        table.seat_token(0), move[0], table.version, None, request=f"r{number}"
                    )
                )
            elif kind == "seat":
                asyncio.run(server.set_bot(table.host_token, None, 2, 2 not in table.bots))
            else:
                made = asyncio.run(server.create(players=3))
                lost += not agrees(made)
            acknowledged += 1
            lost += not agrees(table)
        except TableError as error:
            assert (error.code, error.status) == ("store_failed", 503)
            refused += 1
            changed += snapshot() != before
    try:
        asyncio.run(server.close(table.host_token))
        acknowledged += 1
        closed = True
        kept = server.store.table(table.id)
        lost += kept is None or kept.closed is None
    except TableError as error:
        assert error.code == "store_failed"
        refused += 1
        closed = False
    undo()
    if closed:
        table = server.add(server.new_table("millions", 3, 0, seed=1))
    version = asyncio.run(
        server.act(
            table.seat_token(0),
            table.update(table.seat_token(0))["actions"][0],
            table.version,
            None,
        )
    )
    seen = (int(agrees(table)), 1)
    forks = forks_of(db, [row.id for row in server.store.open_tables()] + [first_id])
    figure(
        f"disk {how}",
        lost,
        forks,
        seen,
        f"{refused} writes answered 503 store_failed with nothing changed ({changed} "
        f"changed), {acknowledged} acknowledged and stored; then played on to version {version}",
    )
    assert lost == 0 and forks == 0 and seen == (1, 1)
    assert changed == 0 and refused >= 1 and version >= 1
    if how == "read-only":
        assert acknowledged == 0 and refused == 31


# -- duplicated and lost requests ------------------------------------------------------------------


def send_and_drop(port: int, token: str, body: dict[str, Any]) -> None:
    """Send a POST /api/act and close the socket without reading the answer (a lost answer)."""
    raw = json.dumps(body).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(
            b"POST /api/act HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Authorization: Bearer {token}\r\nContent-Length: {len(raw)}\r\n\r\n".encode()
            + raw
        )


def test_duplicated_and_lost_requests(tmp_path: Path) -> None:
    """Seeded requests sent once, twice in a row, twice at once, or with their answer lost
    (the socket closed unread) and sent again: each action is stored exactly once, every
    copy of a request gets the same version, and the versions never fork."""
    rng = rng_of("requests")
    db = str(tmp_path / "t.sqlite")
    server = Process(free_port(), "--db", db, "--players", "3", "--seed", str(SEED))
    table_id = server.links[0].split()[1]
    tokens = [server.token(f"seat {seat}") for seat in range(3)]
    modes = {"once": 0, "twice": 0, "at once": 0, "lost": 0}
    copies = 0
    applied: list[int] = []
    acknowledged: dict[int, Any] = {}
    try:
        with httpx.Client(timeout=5.0) as client:
            for number in range(30):
                acting = [
                    (t, got)
                    for t in tokens
                    for got in [update(client, server.base, t)]
                    if got["actions"]
                ]
                if not acting:
                    break
                token, got = rng.choice(acting)
                body = {
                    "token": token,
                    "version": got["version"],
                    "action": got["actions"][0],
                    "request": f"req-{number}",
                }
                mode = rng.choice(list(modes))
                modes[mode] += 1
                answers: list[Any] = []

                def send(body: dict[str, Any] = body, answers: list[Any] = answers) -> None:
                    with httpx.Client(timeout=10.0) as own:
                        answers.append(
                            own.post(
                                f"{server.base}/api/act", json=body, headers=bearer(body["token"])
                            )
                        )

                if mode == "at once":
                    threads = [threading.Thread(target=send) for _ in range(2)]
                    for thread in threads:
                        thread.start()
                    for thread in threads:
                        thread.join(WAIT)
                else:
                    if mode == "lost":
                        send_and_drop(server.port, token, body)
                    send()
                    if mode == "twice":
                        send()
                copies += len(answers) + (mode == "lost")
                assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
                versions = {a.json()["version"] for a in answers}
                assert len(versions) == 1, versions
                applied.append(got["version"] + 1)
                acknowledged[got["version"] + 1] = got["actions"][0]
            seen = caught_up(client, [server.base], {table_id: tokens}, db)
    finally:
        server.stop()
    _, by_version = stored(db, table_id)
    people_rows = [v for v, (seat, _) in by_version.items() if seat is not None and seat < 3]
    twice = len(people_rows) - len(applied)
    lost = sum(by_version.get(v, (None, None))[1] != a for v, a in acknowledged.items())
    forks = forks_of(db, [table_id])
    figure(
        "duplicated and lost requests",
        lost,
        forks,
        seen,
        f"{len(applied)} actions in {copies} requests ({modes['twice']} sent twice, "
        f"{modes['at once']} twice at once, {modes['lost']} with a lost answer): "
        f"{max(twice, 0)} applied twice",
    )
    assert lost == 0 and forks == 0 and seen[0] == seen[1] == 3
    assert twice == 0 and sorted(people_rows) == applied and len(applied) >= 20


# -- clock jumps -----------------------------------------------------------------------------------


def test_clock_jumps_against_deadlines(tmp_path: Path) -> None:
    """The server's clock jumps forward (up to a day) and back (up to an hour) at seeded
    moments: nothing is played before its deadline, one jump plays each deadline once
    (never a burst of the turns the jump skipped), a jump back never leaves a deadline
    further than the table's time, and after ``max_timeouts`` defaults a bot takes the
    seat; memory and store agree after every tick."""
    rng = rng_of("clock")
    now = [1_000_000.0]
    db = str(tmp_path / "t.sqlite")
    server = Server(open_store(db), clock=lambda: now[0])
    table = server.add(
        server.new_table("millions", 3, 0, seed=SEED, turn_seconds=30, max_timeouts=8)
    )
    table._secret = f"{SEED:032x}"  # the clock's defaults replay from the seed too
    table.deadline = now[0] + 30
    early = bursts = played = jumps = jumps_back = agreed = 0
    for _ in range(60):
        if table.game.is_over(table.state):
            break
        jumps += 1
        jump = rng.choice([rng.uniform(-3600, -1), rng.uniform(0, 29), rng.uniform(31, 86_400)])
        jumps_back += jump < 0
        before = (table.version, table.deadline, table.bots)
        now[0] += jump
        asyncio.run(server.tick())
        assert before[1] is not None
        if now[0] < before[1]:
            early += table.version != before[0]
        elif table.version != before[0]:
            played += 1
            # One tick plays each person due once; a seat with more rows was handed on.
            rows = server.store.actions(table.id, before[0])
            per_seat = [
                sum(1 for r in rows if r.seat == seat)
                for seat in range(table.players)
                if seat not in before[2]
            ]
            bursts += any(
                n > 1 and seat not in table.bots
                for seat, n in zip(
                    [s for s in range(table.players) if s not in before[2]], per_seat, strict=True
                )
            )
        if table.deadline is not None:
            assert table.deadline <= now[0] + 30 + 1e-6
        store = open_store(db)
        try:  # a process loading the table now (a client of the store) sees it as this one
            row = store.table(table.id)
            again = None if row is None else Table.from_row(row, store.actions(table.id))
            agreed += again is not None and (again.state, again.bots) == (table.state, table.bots)
        finally:
            store.close()
    stuck = stuck_tables(db)
    forks = forks_of(db, [table.id])
    # The clock's writes are acknowledged to no client: one lost is a tick whose defaults
    # the store does not hold as memory does.
    figure(
        "clock jumps",
        jumps - agreed,
        forks,
        (agreed, jumps),
        f"{jumps} jumps ({jumps_back} back), {played} deadlines played, {early} played early, "
        f"{bursts} bursts, bots {list(table.bots)}, {stuck} stuck",
    )
    assert agreed == jumps and forks == 0
    assert early == 0 and bursts == 0 and stuck == 0 and played >= 5 and jumps_back >= 1
    assert table.bots == (0, 1, 2) or not table.game.is_over(table.state)


# -- two processes racing every kind of write ----------------------------------------------------


#: The kinds of races: two writes sent at once, one through each process ("clock/act":
#: a person's action at the deadline, against both processes' clocks).
RACES = (
    "act/act",
    "act/seat",
    "seat/seat",
    "seat/close",
    "act/close",
    "create/create",
    "join/join",
    "again/again",
    "clock/act",
)


def test_two_processes_race_every_kind_of_write(cluster: Cluster) -> None:
    """Two processes on one PostgreSQL, seeded races of two writes sent at once, one
    through each: action against action, action against hand-over, hand-over against
    hand-over, hand-over against close, action against close, creation against creation,
    two people joining by the code, two new games at a finished table, and a person's
    action at the deadline against both processes' clocks (the clock's defaults, counts
    and deadline are a write too). After each race every acknowledged write is in the
    store, the versions never fork, a table's links open one game only, and both
    processes' clients are caught up with the store."""
    # The kinds of the races first (each kind once, then drawn), so that a replay races
    # the same kinds in the same order whatever each race's outcome.
    drawn = rng_of("races")
    plan = [RACES[n] if n < len(RACES) else drawn.choice(RACES) for n in range(30)]
    db = cluster.new_database()
    one = Process(free_port(), "--db", db, "--players", "4", "--seed", str(SEED))
    two = Process(free_port(), "--db", db)
    admin = one.token("admin")
    counts = dict.fromkeys(RACES, 0)
    acknowledged = lost = forks = 0
    seen = (0, 0)
    raced: dict[str, list[str]] = {}  # every table raced at: its people's tokens
    refusals: dict[str, int] = {}  # the losers' answers, by race and code

    def fresh(client: Any, **fields: Any) -> tuple[str, list[str], str, dict[str, Any]]:
        links = create_table(client, one, **{"players": 4, "bot_delay": 60, **fields})
        raced[links["table"]] = people(links)
        return links["table"], people(links), links["host"].rsplit("#", 1)[1], links

    def same_version(client: Any, host: str) -> dict[str, Any]:
        # Both processes at the same version and seats, asked with the host's token (which
        # opens no seat, so the join code still gives every person's seat).
        deadline = time.monotonic() + WAIT
        while True:
            answers = [client.get(f"{p.base}/api/update", headers=bearer(host)) for p in (one, two)]
            if all(a.status_code == 200 for a in answers):  # 403: not heard of the table yet
                got = [a.json() for a in answers]
                if (got[0]["version"], got[0]["bots"]) == (got[1]["version"], got[1]["bots"]):
                    result: dict[str, Any] = got[0]
                    return result
            assert time.monotonic() < deadline, "the processes never agreed"
            time.sleep(0.05)

    def over_in_both(client: Any, host: str) -> None:
        deadline = time.monotonic() + WAIT
        while not all(
            (a := client.get(f"{p.base}/api/links", headers=bearer(host))).status_code == 200
            and a.json()["over"]
            for p in (one, two)
        ):
            assert time.monotonic() < deadline, "the game never ended"
            time.sleep(0.1)

    try:
        with httpx.Client(timeout=10.0) as client:
            table_id, tokens, host, _ = fresh(client)
            for race, kind in enumerate(plan):
                rng = rng_of(f"races-{race}")  # each race's own choices
                counts[kind] += 1
                requests: list[tuple[str, str, dict[str, Any]]] = []
                at_deadline: float | None = None
                if kind == "join/join":  # a table no link of which was opened yet
                    table_id, tokens, host, links = fresh(client)
                    same_version(client, host)
                    for side, name in (("one", "Ana"), ("two", "Bea")):
                        requests.append(
                            (side, "/api/join", {"code": links["join_code"], "name": name})
                        )
                elif kind == "again/again":  # a finished game: seat 0 times out to a bot
                    table_id, tokens, host, _ = fresh(
                        client, players=3, bots=2, turn_seconds=1, max_timeouts=1, bot_delay=0
                    )
                    over_in_both(client, host)
                    for side in ("one", "two"):
                        requests.append((side, "/api/again", {"token": host}))
                elif kind == "clock/act":  # an action sent about when the turn runs out
                    table_id, tokens, host, _ = fresh(client, turn_seconds=2)
                    same_version(client, host)
                    token = rng.choice(tokens)
                    got = update(client, two.base, token)
                    at_deadline = got["deadline"] + rng.uniform(-0.3, 0.6)
                    body = {"token": token, "version": got["version"], "action": got["actions"][0]}
                    requests.append(("two", "/api/act", body))
                else:
                    got = same_version(client, host)
                    acting = [t for t in tokens if update(client, one.base, t)["actions"]]
                    if len(acting) < 2 or 1 in got["bots"] or 2 in got["bots"]:
                        table_id, tokens, host, _ = fresh(client)
                        same_version(client, host)
                        acting = list(tokens)
                    rng.shuffle(acting)
                    for side, what in zip(("one", "two"), kind.split("/"), strict=True):
                        if what == "act":
                            token = acting[len(requests)]
                            got = update(client, one.base, token)
                            requests.append(
                                (
                                    side,
                                    "/api/act",
                                    {
                                        "token": token,
                                        "version": got["version"],
                                        "action": got["actions"][0],
                                    },
                                )
                            )
                        elif what == "seat":
                            seat = 1 + len(requests)
                            requests.append(
                                (side, "/api/seat", {"token": host, "seat": seat, "bot": True})
                            )
                        elif what == "close":
                            requests.append((side, "/api/close", {"token": host}))
                        else:
                            requests.append((side, "/api/tables", {"token": admin, "players": 3}))
                answers: dict[int, Any] = {}

                def send(
                    index: int,
                    answers: dict[int, Any] = answers,
                    requests: list[tuple[str, str, dict[str, Any]]] = requests,
                ) -> None:
                    side, path, body = requests[index]
                    base = (one if side == "one" else two).base
                    headers = bearer(body["token"]) if "token" in body else {}
                    with httpx.Client(timeout=10.0) as own:
                        answers[index] = own.post(f"{base}{path}", json=body, headers=headers)

                if at_deadline is not None:
                    time.sleep(max(0.0, at_deadline - time.time()))
                threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(WAIT)
                row, by_version = stored(db, table_id)
                race_forks = forks_of(db, [table_id])
                for index, (_, path, body) in enumerate(requests):
                    answer = answers[index]
                    if answer.status_code not in (200, 201):
                        code = answer.json()["error"]
                        assert code in ("stale_version", "table_closed", "unknown_token"), code
                        refusals[f"{kind} {code}"] = refusals.get(f"{kind} {code}", 0) + 1
                        continue
                    acknowledged += 1
                    if path == "/api/act":
                        kept = by_version.get(body["version"] + 1, (None, None))[1]
                        lost += kept != body["action"]
                    elif path == "/api/seat":
                        lost += body["seat"] not in row.meta["bots"]
                    elif path == "/api/close":
                        lost += row.closed is None
                    elif path == "/api/join":
                        got = answer.json()
                        lost += row.meta["names"][got["seat"]] != body["name"]
                        lost += got["seat"] not in row.meta["joined"]
                    elif path == "/api/again":
                        created = answer.json()["table"]
                        lost += stored(db, created)[0].id != created
                        raced[created] = []
                        race_forks += forks_of(db, [created])
                    else:
                        created = answer.json()["table"]
                        lost += stored(db, created)[0].closed is not None
                if kind == "again/again":  # the table's links open one game, not two
                    store = open_store(db)
                    try:
                        holding = [r.id for r in store.open_tables() if host in r.meta["tokens"]]
                    finally:
                        store.close()
                    race_forks += len(holding) != 1
                forks += race_forks
                assert lost == 0 and race_forks == 0, f"seed {SEED}: {kind}"
                if kind == "clock/act" and row.closed is None:
                    answer = post(client, one.base, "/api/close", host)
                    assert answer.status_code == 200, answer.text
                if row.closed is not None or kind in ("join/join", "again/again", "clock/act"):
                    table_id, tokens, host, _ = fresh(client)
            seen = caught_up(client, [one.base, two.base], raced, db)
    finally:
        one.stop()
        two.stop()
    races = sum(counts.values())
    figure(
        "two processes racing",
        lost,
        forks,
        seen,
        f"{races} races ({', '.join(f'{k} {n}' for k, n in counts.items())}): "
        f"{acknowledged} acknowledged writes; refused: "
        + ", ".join(f"{k} {n}" for k, n in sorted(refusals.items())),
    )
    assert lost == 0 and forks == 0 and seen[0] == seen[1] > 0
    assert acknowledged >= races and all(counts.values())
