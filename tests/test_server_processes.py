"""The server as a process: killed with SIGKILL at random moments, and two processes on one
PostgreSQL racing each other. Run by ``nox -s server`` (``MILLIONS_SERVER_TESTS=1``).

Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import postgres

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from millions_rules.web import Table, open_store  # noqa: E402

from .postgres import Cluster  # noqa: E402
from .web_auth import bearer  # noqa: E402

pytestmark = pytest.mark.skipif(
    not postgres.enabled(), reason="run by nox -s server (MILLIONS_SERVER_TESTS=1)"
)

#: How many times the crash test kills the server.
KILLS = 50
WAIT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Process:
    """``python -m millions_rules serve`` on 127.0.0.1, and the links it printed."""

    def __init__(self, port: int, *args: str) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "millions_rules", "serve", "--port", str(port), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.links: list[str] = []
        for line in self.process.stdout:
            self.links.append(line.strip())
            if line.startswith("admin"):
                break
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def token(self, label: str) -> str:
        """The token of the first printed link whose line holds ``label``."""
        return next(line for line in self.links if label in line and "#" in line).rsplit("#", 1)[1]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    started = Cluster()
    try:
        yield started
    finally:
        started.stop()


def acting_seats(client: Any, base: str, tokens: list[str]) -> list[tuple[str, int, Any]]:
    """Each person's seat that may act now: (token, version, its first action)."""
    found = []
    for token in tokens:
        got = client.get(f"{base}/api/update", headers=bearer(token)).json()
        if got["actions"]:
            found.append((token, got["version"], got["actions"][0]))
    return found


def create_table(client: Any, server: Process, **fields: Any) -> dict[str, Any]:
    response = client.post(
        f"{server.base}/api/tables", json={"token": server.token("admin"), **fields}
    )
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def people(links: dict[str, Any]) -> list[str]:
    return [seat["link"].rsplit("#", 1)[1] for seat in links["seats"] if seat["link"]]


@pytest.mark.parametrize(("kind", "wanted"), [("sqlite", KILLS), ("postgres", 10)])
def test_sigkill_loses_no_acknowledged_action(
    tmp_path: Path, kind: str, wanted: int, request: pytest.FixtureRequest
) -> None:
    """SIGKILLs at random moments while clients play (50 on SQLite, 10 on PostgreSQL): after
    each restart every answered action is stored at its version, the state equals its
    record replayed, and the old links work."""
    if kind == "sqlite":
        db = str(tmp_path / "tables.sqlite")
    else:
        db = request.getfixturevalue("cluster").new_database()
    port = free_port()
    rng = random.Random(20)
    server = Process(port, "--db", db, "--players", "4", "--bots", "2", "--seed", "1")
    admin = server.token("admin")
    acknowledged: dict[str, dict[int, Any]] = {}  # table -> version -> the person's action
    tables: dict[str, list[str]] = {}
    kills = games = 0
    with httpx.Client(timeout=5.0) as client:
        table_id = server.links[0].split()[1]
        tables[table_id] = [server.token("seat 0"), server.token("seat 1")]
        while kills < wanted:
            stop_at = time.monotonic() + rng.uniform(0.05, 0.6)
            killer = threading.Timer(stop_at - time.monotonic(), server.kill)
            killer.start()
            try:
                while True:
                    current = tables[table_id]
                    moves = acting_seats(client, server.base, current)
                    if not moves:  # the game ended: another table
                        games += 1
                        links = create_table(client, server, players=4, bots=2)
                        table_id = links["table"]
                        tables[table_id] = people(links)
                        continue
                    token, version, action = rng.choice(moves)
                    response = client.post(
                        f"{server.base}/api/act",
                        json={"token": token, "version": version, "action": action},
                    )
                    if response.status_code == 200:
                        acknowledged.setdefault(table_id, {})[version + 1] = action
            except (httpx.TransportError, json.JSONDecodeError):
                pass  # killed under the client
            killer.join()
            kills += 1
            server = Process(port, "--db", db)
            assert server.token("admin") == admin
            for known, tokens in tables.items():
                for token in tokens:
                    got = client.get(f"{server.base}/api/update", headers=bearer(token))
                    assert got.status_code == 200, (known, got.text)
            store = open_store(db)
            try:
                for known, actions in acknowledged.items():
                    row = store.table(known)
                    assert row is not None
                    stored = store.actions(known)
                    # By the version the seats saw: the first action to reach one is
                    # the rule action that made it (talk and offers keep it).
                    table = Table.from_row(row, stored)
                    by_version: dict[int, Any] = {}
                    for a in stored:
                        by_version.setdefault(table.public_at(a.version), json.loads(a.action))
                    for version, action in actions.items():
                        assert by_version[version] == action, (known, version)
                    replayed = Table.from_row(row, stored).state
                    saved = client.get(
                        f"{server.base}/api/save",
                        params={"table": known},
                        headers=bearer(admin),
                    )
                    assert Table.load(saved.content).state == replayed
            finally:
                store.close()
    server.stop()
    total = sum(len(actions) for actions in acknowledged.values())
    print(
        f"\n{kind}: {kills} kills, {total} acknowledged actions kept, {len(tables)} tables, "
        f"{games} games"
    )
    assert kills == wanted and total > wanted


def test_two_processes_on_one_postgres(cluster: Cluster) -> None:
    """Two servers on one PostgreSQL serve the same tables: a move made through one reaches
    the other's clients, and actions raced through both at one version: exactly one wins,
    the databases' record equals both servers' states, and nothing forks."""
    db = cluster.new_database()
    one = Process(free_port(), "--db", db, "--players", "3", "--seed", "5")
    two = Process(free_port(), "--db", db)
    races = wins = 0
    try:
        tokens = [one.token(f"seat {seat}") for seat in range(3)]
        assert [two.token(f"seat {seat}") for seat in range(3)] == tokens
        rng = random.Random(3)
        with httpx.Client(timeout=5.0) as client:
            # A move through one reaches the other's event stream.
            with client.stream(
                "GET", f"{two.base}/api/stream", headers=bearer(tokens[2]), timeout=10.0
            ) as stream:
                lines = stream.iter_lines()
                first = next(line for line in lines if line.startswith("data:"))
                version = json.loads(first[5:])["version"]
                token, at, action = acting_seats(client, one.base, tokens[:1])[0]
                posted = client.post(
                    f"{one.base}/api/act", json={"token": token, "version": at, "action": action}
                )
                assert posted.status_code == 200
                heard = next(line for line in lines if line.startswith("data:"))
                assert json.loads(heard[5:])["version"] == version + 1
            for _ in range(40):
                # Both servers at the same version before a race.
                deadline = time.monotonic() + WAIT
                while True:
                    moves_one = acting_seats(client, one.base, tokens)
                    moves_two = acting_seats(client, two.base, tokens)
                    if moves_one == moves_two or time.monotonic() > deadline:
                        break
                    time.sleep(0.02)
                assert moves_one == moves_two
                if len(moves_one) < 2:
                    if not moves_one:
                        break
                    token, at, action = moves_one[0]
                    client.post(
                        f"{one.base}/api/act",
                        json={"token": token, "version": at, "action": action},
                    )
                    continue
                picked = rng.sample(moves_one, 2)
                answers: list[tuple[int, str | None]] = []

                def send(
                    base: str, move: tuple[str, int, Any], answers: list[Any] = answers
                ) -> None:
                    token, at, action = move
                    with httpx.Client(timeout=5.0) as own:
                        answer = own.post(
                            f"{base}/api/act",
                            json={"token": token, "version": at, "action": action},
                        )
                    code = None if answer.status_code == 200 else answer.json()["error"]
                    answers.append((answer.status_code, code))

                threads = [
                    threading.Thread(target=send, args=(one.base, picked[0])),
                    threading.Thread(target=send, args=(two.base, picked[1])),
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(WAIT)
                races += 1
                assert sorted(answers) == [(200, None), (409, "stale_version")]
                wins += 1
            admin = one.token("admin")
            table_id = one.links[0].split()[1]
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                saves = [
                    client.get(
                        f"{server.base}/api/save", params={"table": table_id}, headers=bearer(admin)
                    ).content
                    for server in (one, two)
                ]
                if saves[0] == saves[1]:
                    break
                time.sleep(0.05)
            states = [Table.load(save).state for save in saves]
            assert states[0] == states[1]
            store = open_store(db)
            try:
                row = store.table(table_id)
                assert row is not None
                stored = store.actions(table_id)
                assert [a.version for a in stored] == list(range(1, len(stored) + 1))
                assert Table.from_row(row, stored).state == states[0]
            finally:
                store.close()
    finally:
        one.stop()
        two.stop()
    print(f"\n{races} races between two processes, {wins} won once each, no fork")
    assert races >= 10


def test_connection_limits(tmp_path: Path) -> None:
    """A real server: a 160 MiB body is refused from its Content-Length before it is sent;
    a client that sends its headers too slowly is cut off; past ``--max-connections`` a
    new connection is closed as it arrives, unanswered."""
    server = Process(
        free_port(),
        "--db",
        str(tmp_path / "t.sqlite"),
        "--players",
        "3",
        "--max-connections",
        "3",
        "--header-seconds",
        "1",
    )
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as big:
            big.sendall(
                b"POST /api/act HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 167772160\r\n\r\n{"
            )
            answer = b""
            while b'"}' not in answer:
                chunk = big.recv(4096)
                if not chunk:
                    break
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 413"), answer
            assert b'"error":"body_too_large"' in answer
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
            slow.sendall(b"GET /api/words HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            began = time.monotonic()
            assert slow.recv(4096) == b""  # closed, no answer
            assert 0.5 < time.monotonic() - began < 4
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(3)]
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as extra:
                with contextlib.suppress(OSError):
                    extra.sendall(b"GET /api/words HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                try:
                    answer = extra.recv(4096)
                except ConnectionResetError:
                    answer = b""
                assert answer == b""  # closed as it arrived
        finally:
            for one in held:
                one.close()
    finally:
        server.stop()
