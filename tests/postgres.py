"""A throwaway PostgreSQL cluster for the server's tests (Debian's ``postgresql`` package).

``nox -s server`` sets ``MILLIONS_SERVER_TESTS=1``; the tests then start one cluster in a
temporary folder (``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin``), reached
through a unix socket in that folder only, and give each test a database of its own. As
root, the cluster runs as the ``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import glob
import os
import pathlib
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Sequence

__all__ = ["Cluster", "enabled"]


def enabled() -> bool:
    """Whether the server's heavy tests (PostgreSQL, crashes, races) are asked for."""
    return os.environ.get("MILLIONS_SERVER_TESTS") == "1"


class Cluster:
    """One PostgreSQL server on a unix socket in a temporary folder, stopped by :meth:`stop`."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise RuntimeError("no PostgreSQL: apt-get install postgresql (.ci/run does this)")
        self.bin = pathlib.Path(found[-1]).parent
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="millions-pg-"))
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self.data = self.root / "data"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            f"-k {self.root} -c listen_addresses='' -c max_connections=200",
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )
        self.url = self.database_url("postgres")
        """The address of the cluster's ``postgres`` database."""

    def _run(self, tool: str, *args: str) -> None:
        command: Sequence[str] = [str(self.bin / tool), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def database_url(self, name: str) -> str:
        """The address of database ``name``."""
        return f"postgresql://postgres@/{name}?host={self.root}"

    def new_database(self) -> str:
        """A new empty database; its address."""
        import psycopg

        name = "t" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.database_url(name)

    def restart(self) -> None:
        """Restart the server (``pg_ctl restart -m fast``): every connection is cut."""
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-m",
            "fast",
            "-w",
            "-t",
            "60",
            "restart",
        )

    def terminate(self, application_name: str) -> int:
        """Cut every connection named ``application_name`` (``pg_terminate_backend``);
        how many were cut."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (application_name,),
            ).fetchall()
        return sum(1 for (cut,) in rows if cut)

    def stop(self) -> None:
        """Stop the cluster and remove its folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
