"""The game server's load figures: ``python benchmarks/server.py`` (``nox -s bench_server``).

Everything goes through a real ``serve`` process on loopback, on each store: ``:memory:``
(nothing kept), a SQLite file (WAL, ``synchronous=FULL``: each answer waits for the disk)
and PostgreSQL (``--postgres URL``, or a throwaway cluster, ``tests/postgres.py``'s, when
Debian's ``postgresql`` is installed). It measures:

* **actions/s and latency**: one client playing people's seats of 4-player Millions tables
  (2 bots each) one request after another; each ``POST /api/act`` is answered once stored,
  its bots' answers in the same write; p50 and p99 of those requests;
* **SSE fan-out**: ``--streams`` event streams over ``--fan-tables`` tables (every seat's,
  the spectator's), then one action at each table: how long until every stream of that
  table holds the update (p50, p99, max over all streams);
* **an honest player under a hostile client**: the same play as the first figure, from
  127.0.0.1, while a client at 127.0.0.2 (another process) holds its whole allowance: its
  64 connections, 16 of them event streams and 48 sending ``GET /api/update`` back to
  back (with ``--max-client-rate 300``: past it they are refused ``too_many_requests``),
  and 32 more connections, closed as they arrive;
* **tables per process**: the growth of a server's resident memory over ``--tables``
  tables, a few actions into their game and played to the end, on SQLite and PostgreSQL,
  each in a process of its own.

Every figure comes from one run on the machine at hand; ``benchmarks/results/server.md``
keeps the last published run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pathlib
import platform
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOSTILE = "127.0.0.2"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@contextlib.contextmanager
def serving(db: str, *options: str) -> Iterator[tuple[str, str]]:
    """A ``serve`` process on ``db``: its address and admin token, stopped at the end."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "millions_rules", "serve", "--port", str(port), "--db", db]
        + ["--players", "4", "--bots", "2", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        admin = ""
        for line in process.stdout:
            if line.startswith("admin"):
                admin = line.strip().rsplit("#", 1)[1]
                break
        for _ in range(600):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", admin
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def new_table(client: httpx.Client, base: str, admin: str) -> list[str]:
    """A new 4-player table with 2 bots; its people's tokens."""
    links = client.post(
        f"{base}/api/tables", json={"players": 4, "bots": 2}, headers=auth(admin)
    ).json()
    return [s["link"].rsplit("#", 1)[1] for s in links["seats"] if s["link"]]


def play(base: str, admin: str, actions: int, seed: int) -> dict[str, float]:
    """People's actions, one request after another: actions/s (counting ``POST /api/act``
    only, and the whole loop) and the acts' p50 and p99 latency in milliseconds."""
    rng = random.Random(seed)
    latencies: list[float] = []
    with httpx.Client(timeout=30.0) as client:
        tokens: list[str] = []
        began = time.perf_counter()
        while len(latencies) < actions:
            moves = []
            for token in tokens:
                got = client.get(f"{base}/api/update", headers=auth(token)).json()
                if got["actions"]:
                    moves.append((token, got["version"], got["actions"][0]))
            if not moves:
                tokens = new_table(client, base, admin)
                continue
            token, version, action = rng.choice(moves)
            sent = time.perf_counter()
            answer = client.post(
                f"{base}/api/act",
                json={"version": version, "action": action, "request": f"{seed}-{len(latencies)}"},
                headers=auth(token),
            )
            latencies.append(time.perf_counter() - sent)
            assert answer.status_code == 200, answer.text
        whole = time.perf_counter() - began
    return {
        "act_per_s": len(latencies) / sum(latencies),
        "loop_per_s": len(latencies) / whole,
        "p50_ms": 1000 * percentile(latencies, 0.5),
        "p99_ms": 1000 * percentile(latencies, 0.99),
    }


async def _open_stream(base: str, token: str, source: str) -> tuple[Any, Any]:
    # A raw event stream: the reader past its first update, and the writer.
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port), local_addr=(source, 0))
    writer.write(
        f"GET /api/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    await reader.readuntil(b"event: update")
    return reader, writer


def fan_out(base: str, admin: str, tables: int, streams: int) -> dict[str, float]:
    """``streams`` event streams over ``tables`` tables, then one action per table: the
    delay until each stream holds its table's update."""

    async def run() -> dict[str, float]:
        with httpx.Client(timeout=30.0) as client:
            seats = []
            for _ in range(tables):
                links = client.post(
                    f"{base}/api/tables", json={"players": 4, "bots": 2}, headers=auth(admin)
                ).json()
                people = [s["link"].rsplit("#", 1)[1] for s in links["seats"] if s["link"]]
                watchers = people + [links["spectator"].rsplit("#", 1)[1]]
                seats.append((people, watchers))
        opened: list[tuple[int, Any, Any]] = []
        per_table = streams // tables
        for number, (_, watchers) in enumerate(seats):
            for k in range(per_table):
                source = f"127.0.1.{1 + (len(opened) // 8) % 250}"
                reader, writer = await _open_stream(base, watchers[k % len(watchers)], source)
                opened.append((number, reader, writer))
        delays: list[float] = []
        try:
            async with httpx.AsyncClient(timeout=30.0) as http:
                for number, (people, _) in enumerate(seats):
                    mine = [(r, w) for t, r, w in opened if t == number]
                    for token in people:
                        got = (await http.get(f"{base}/api/update", headers=auth(token))).json()
                        if got["actions"]:
                            break
                    sent = time.perf_counter()

                    async def heard(reader: Any, sent: float = sent) -> float:
                        await reader.readuntil(b"event: update")
                        return time.perf_counter() - sent

                    waits = [asyncio.create_task(heard(r)) for r, _ in mine]
                    answer = await http.post(
                        f"{base}/api/act",
                        json={"version": got["version"], "action": got["actions"][0]},
                        headers=auth(token),
                    )
                    assert answer.status_code == 200, answer.text
                    delays += await asyncio.wait_for(asyncio.gather(*waits), 60)
        finally:
            for _, _, writer in opened:
                writer.close()
        return {
            "streams": float(len(opened)),
            "per_table": float(per_table),
            "p50_ms": 1000 * statistics.median(delays),
            "p99_ms": 1000 * percentile(delays, 0.99),
            "max_ms": 1000 * max(delays),
        }

    return asyncio.run(run())


async def _hostile(base: str, token: str, seconds: float) -> tuple[int, int, int]:
    # The hostile client's whole allowance for ``seconds``: 16 event streams of ``token``
    # and 48 connections sending GET /api/update back to back; then 32 connections more.
    # Its answered requests, its refusals (429) and how many extra connections were closed.
    host, port = base.removeprefix("http://").split(":")
    streams = [await _open_stream(base, token, HOSTILE) for _ in range(16)]
    request = (
        f"GET /api/update HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {token}\r\n\r\n"
    ).encode()
    counts = {"200": 0, "429": 0}
    end = time.monotonic() + seconds

    async def hammer() -> None:
        reader, writer = await asyncio.open_connection(host, int(port), local_addr=(HOSTILE, 0))
        try:
            while time.monotonic() < end:
                writer.write(request)
                await writer.drain()
                status = (await reader.readline()).split()
                length = 0
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                await reader.readexactly(length)
                key = status[1].decode() if len(status) > 1 else "?"
                counts[key] = counts.get(key, 0) + 1
        finally:
            writer.close()

    workers = [asyncio.create_task(hammer()) for _ in range(48)]
    await asyncio.sleep(1.0)
    closed = 0
    extra = []
    for _ in range(32):
        reader, writer = await asyncio.open_connection(host, int(port), local_addr=(HOSTILE, 0))
        extra.append(writer)
        writer.write(f"GET /api/words HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        try:
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), 5)
        except (asyncio.TimeoutError, OSError):
            line = b""
        closed += line == b""
    await asyncio.gather(*workers, return_exceptions=True)
    for writer in extra + [w for _, w in streams]:
        writer.close()
    return counts["200"], counts["429"], closed


def under_attack(base: str, admin: str, actions: int) -> tuple[dict[str, float], str]:
    """The honest player's figures while a hostile client at 127.0.0.2 (another process)
    holds its whole allowance; what the hostile client got."""
    with httpx.Client(timeout=30.0) as client:
        links = client.post(
            f"{base}/api/tables", json={"players": 4, "bots": 2}, headers=auth(admin)
        ).json()
    spectator = links["spectator"].rsplit("#", 1)[1]
    seconds = 5.0 + actions * 0.2
    hostile = subprocess.Popen(
        [sys.executable, __file__, "--hostile", base, spectator, str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    time.sleep(3.0)
    try:
        honest = play(base, admin, actions, 3)
    finally:
        out, _ = hostile.communicate(timeout=seconds + 120)
    return honest, out.strip()


def memory(tables: int, db: str, depth: int) -> tuple[float, int]:
    """The bytes one open table costs a server process on the store ``db``, and the tables
    1 GiB holds, with ``depth`` people's actions played at each table (fewer if its game
    ends first). Run in a process of its own (``--memory``), so that no other figure's
    freed memory is counted."""
    from millions_rules.web import Server, open_store

    def rss() -> int:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    server = Server(open_store(db))
    before = rss()
    rng = random.Random(2)
    for _ in range(tables):
        table = server.add(server.new_table("millions", 4, 2))
        for _ in range(depth):
            due = [s for s in table.game.due(table.state) if s not in table.bots]
            if not due:
                break
            seat = rng.choice(due)
            token = table.seat_token(seat)
            action = table.update(token)["actions"][0]
            asyncio.run(server.act(token, action, table.version, None))
    per_table = (rss() - before) / tables
    server.store.close()
    return per_table, int((1 << 30) / per_table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--streams", type=int, default=600)
    parser.add_argument("--fan-tables", type=int, default=10)
    parser.add_argument("--postgres", help="a PostgreSQL address (default: a throwaway cluster)")
    parser.add_argument(
        "--hostile", nargs=3, metavar=("BASE", "TOKEN", "SECONDS"), help=argparse.SUPPRESS
    )
    parser.add_argument("--memory", nargs=2, metavar=("DB", "DEPTH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:
        db, depth = args.memory
        per_table, fits = memory(args.tables, db, int(depth))
        print(per_table, fits)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    if args.hostile:
        base, token, seconds = args.hostile
        ok, refused, closed = asyncio.run(_hostile(base, token, float(seconds)))
        print(
            f"{ok} requests answered, {refused} refused too_many_requests, "
            f"{closed} of 32 extra connections closed"
        )
        return
    folder = pathlib.Path(tempfile.mkdtemp(prefix="millions-bench-"))
    cluster: Any = None
    postgres = args.postgres
    if postgres is None:
        try:
            sys.path.insert(0, str(ROOT))
            from tests.postgres import Cluster

            cluster = Cluster()
            postgres = cluster.new_database()
        except Exception as error:  # no PostgreSQL here: say so, measure the rest
            print(f"(no PostgreSQL: {error})")
    print(f"# nox -s bench_server: {platform.python_version()}, {os.cpu_count()} cores")
    try:
        rows = [("in memory", ":memory:"), ("SQLite file", str(folder / "bench.sqlite"))]
        if postgres:
            rows.append(("PostgreSQL", postgres))
        print(
            f"\nHTTP API, one client, {args.actions} people's actions (the bots' answers in "
            "the same write): actions/s counting POST /api/act only and the whole loop; "
            "the acts' latency"
        )
        for label, db in rows:
            with serving(db) as (base, admin):
                got = play(base, admin, args.actions, 1)
            print(
                f"  {label:<12} {got['act_per_s']:6.0f} act/s {got['loop_per_s']:6.0f} loop/s"
                f"  p50 {got['p50_ms']:6.1f} ms  p99 {got['p99_ms']:6.1f} ms"
            )
        print(
            f"\nSSE fan-out: {args.streams} event streams over {args.fan_tables} tables, one "
            "action per table; the delay until each of its streams holds the update"
        )
        for label, db in rows:
            with serving(db, "--max-client-streams", "1000", "--max-token-streams", "1000") as (
                base,
                admin,
            ):
                fan = fan_out(base, admin, args.fan_tables, args.streams)
            print(
                f"  {label:<12} {fan['streams']:.0f} streams ({fan['per_table']:.0f} per "
                f"table): p50 {fan['p50_ms']:6.1f} ms  p99 {fan['p99_ms']:6.1f} ms  "
                f"max {fan['max_ms']:6.1f} ms"
            )
        print(
            "\nAn honest player (127.0.0.1) while a hostile client (127.0.0.2) holds its "
            "whole allowance (serve --max-client-rate 300): 16 event streams and 48 "
            "connections of back-to-back updates; 32 more connections of its are closed as "
            "they arrive"
        )
        for label, db in rows:
            with serving(db, "--max-client-rate", "300") as (base, admin):
                calm = play(base, admin, args.actions, 2)
                hurt, hostile = under_attack(base, admin, args.actions)
            print(
                f"  {label:<12} alone p50 {calm['p50_ms']:6.1f} ms p99 {calm['p99_ms']:6.1f} ms"
                f" | attacked p50 {hurt['p50_ms']:6.1f} ms p99 {hurt['p99_ms']:6.1f} ms"
                f" ({hurt['act_per_s']:.0f} act/s); the hostile client: {hostile}"
            )
        print(
            f"\nTables per process: the growth of a server process's memory over "
            f"{args.tables} open 4-player tables (each measured in a process of its own)"
        )
        stores = [("SQLite file", str(folder / "memory-{depth}.sqlite"))]
        if postgres:
            stores.append(("PostgreSQL", postgres))
        for label, db in stores:
            for depth, when in ((4, "4 people's actions in"), (1000, "games played to the end")):
                store = db.format(depth=depth)  # (a SQLite file of its own per depth)
                measured = subprocess.run(
                    [sys.executable, __file__, "--memory", store, str(depth)]
                    + ["--tables", str(args.tables)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                per_table, fits = float(measured[0]), int(measured[1])
                print(
                    f"  {label:<12} {when}: {per_table / 1024:.1f} KiB per table, "
                    f"about {fits:,} tables in 1 GiB"
                )
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak RSS of the benchmark process {peak:.0f} MiB")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
