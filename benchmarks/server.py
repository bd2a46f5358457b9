"""The game server's throughput and memory: ``python benchmarks/server.py``.

Actions per second through the HTTP API of a real ``serve`` process on 127.0.0.1, one
client playing people's seats of 4-player Millions tables (2 bots each) one request after
another, with each store: ``:memory:`` (nothing kept), a SQLite file (WAL,
``synchronous=FULL``: each answer waits for the disk) and PostgreSQL (``--postgres URL``,
or a throwaway cluster when Debian's ``postgresql`` is installed). Then how many open
tables one process holds in 1 GiB: the growth of its resident memory over ``--tables``
tables, each a few actions into its game.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pathlib
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(db: str) -> tuple[subprocess.Popen[str], str, str]:
    """A ``serve`` process on ``db``; its process, address and admin token."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "millions_rules", "serve", "--port", str(port), "--db", db]
        + ["--players", "4", "--bots", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    admin = ""
    for line in process.stdout:
        if line.startswith("admin"):
            admin = line.strip().rsplit("#", 1)[1]
            break
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.05)
    return process, f"http://127.0.0.1:{port}", admin


def throughput(db: str, actions: int) -> tuple[float, float]:
    """People's actions per second through HTTP, each answered once stored: counting the
    ``POST /api/act`` requests only, and the whole loop (each seat's update, then act)."""
    process, base, admin = start(db)
    rng = random.Random(1)
    try:
        with httpx.Client(timeout=10.0) as client:
            tokens: list[str] = []
            done = 0
            acting = 0.0
            began = time.perf_counter()
            while done < actions:
                moves = []
                for token in tokens:
                    got = client.get(f"{base}/api/update", params={"token": token}).json()
                    if got["actions"]:
                        moves.append((token, got["version"], got["actions"][0]))
                if not moves:
                    links = client.post(
                        f"{base}/api/tables", json={"token": admin, "players": 4, "bots": 2}
                    ).json()
                    tokens = [s["link"].rsplit("#", 1)[1] for s in links["seats"] if s["link"]]
                    continue
                token, version, action = rng.choice(moves)
                sent = time.perf_counter()
                answer = client.post(
                    f"{base}/api/act",
                    json={"token": token, "version": version, "action": action},
                )
                acting += time.perf_counter() - sent
                assert answer.status_code == 200, answer.text
                done += 1
            return done / acting, done / (time.perf_counter() - began)
    finally:
        process.terminate()
        process.wait(timeout=30)


def memory(tables: int, folder: pathlib.Path, depth: int) -> tuple[float, int]:
    """The bytes one open table costs a server process, and the tables 1 GiB holds, with
    ``depth`` people's actions played at each table (fewer if its game ends first)."""
    from millions_rules.web import Server, open_store

    def rss() -> int:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    server = Server(open_store(str(folder / f"memory-{depth}.sqlite")))
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
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--postgres", help="a PostgreSQL address (default: a throwaway cluster)")
    args = parser.parse_args()
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
    try:
        rows = [("in memory", ":memory:"), ("SQLite file", str(folder / "bench.sqlite"))]
        if postgres:
            rows.append(("PostgreSQL", postgres))
        print(
            f"HTTP API, one client, {args.actions} people's actions (the bots' answers go in "
            "the same write); actions/s counting POST /api/act only, and the whole loop"
        )
        for label, db in rows:
            act, loop = throughput(db, args.actions)
            print(f"  {label:<12} {act:7.0f} act/s {loop:7.0f} loop/s")
        for depth, label in ((4, "4 people's actions in"), (1000, "games played to the end")):
            per_table, fits = memory(args.tables, folder, depth)
            print(
                f"memory, {label}: {per_table / 1024:.1f} KiB per open 4-player table over "
                f"{args.tables} tables, about {fits:,} tables in 1 GiB"
            )
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak RSS {peak:.0f} MiB")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
