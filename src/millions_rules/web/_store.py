"""Where the server keeps its tables: SQLite (embedded, the default) or PostgreSQL.

A table is stored as what the library defines: the saved record of the game when the
table was opened (:func:`~millions_rules.save_game`, which holds the config), then every
accepted action as JSON, numbered by the version it led to; beside them the table's seats
(tokens, names, bots), language and turn deadline. The state is never stored: it is the
record with the actions applied again.

Every write is one transaction, committed (and, with SQLite, synced to disk) before the
server answers the request that caused it. Two writers of one table (two server
processes on one PostgreSQL) are serialised by the database: the table's row carries its
version and a count of every write made to it (actions, seats, bots, deadlines, timeout
counts), and a write names both as it found them (``UPDATE ... WHERE version = ? AND
writes = ?``), so exactly one write per state of the row succeeds and the other learns
that it is stale: no write, with or without actions, overwrites another acknowledged
one. The primary key ``(table_id, version)`` of the actions forbids a fork even so.
A seat's action may carry the client's request id: it is stored with the action (unique
per table and seat), so a repeated request is answered from the store, never applied
twice, across processes and restarts.

Every failure of the database (its driver's errors included) is raised as
:class:`StoreError` (``store_failed``).

The schema is versioned: ``schema_migrations`` lists the migrations applied, and opening a
store applies the missing ones in order, so a newer server upgrades an older database.
"""

from __future__ import annotations

import json
import pathlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionRow",
    "MemoryStore",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "StoreError",
    "TableRow",
    "open_store",
]

#: Each migration: its number and its statements (``?`` placeholders, portable SQL).
MIGRATIONS: Final[tuple[tuple[int, tuple[str, ...]], ...]] = (
    (
        1,
        (
            "CREATE TABLE server_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "CREATE TABLE game_tables ("
            " id TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL,"
            " meta TEXT NOT NULL, version INTEGER NOT NULL, created DOUBLE PRECISION NOT NULL,"
            " closed DOUBLE PRECISION)",
            "CREATE TABLE actions ("
            " table_id TEXT NOT NULL REFERENCES game_tables (id), version INTEGER NOT NULL,"
            " seat INTEGER, action TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,"
            " PRIMARY KEY (table_id, version))",
        ),
    ),
    (
        2,
        # Turn deadlines: the moment the seats due must have acted by (None: no clock).
        ("ALTER TABLE game_tables ADD COLUMN deadline DOUBLE PRECISION",),
    ),
    (
        3,
        # Every write of a table counts (``writes``), so a write that adds no action (a
        # hand-over, a deadline, a count) is checked against the others too; an action
        # remembers the client's request id and the version its answer gave.
        (
            "ALTER TABLE game_tables ADD COLUMN writes INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE actions ADD COLUMN request TEXT",
            "ALTER TABLE actions ADD COLUMN answer INTEGER",
            "CREATE UNIQUE INDEX actions_request ON actions (table_id, seat, request)"
            " WHERE request IS NOT NULL",
        ),
    ),
)
#: The schema version this server writes.
SCHEMA_VERSION: Final = MIGRATIONS[-1][0]
#: The PostgreSQL channel on which a write announces the table it changed.
CHANNEL: Final = "millions_rules_tables"
#: The ``application_name`` of the connection that listens on :data:`CHANNEL`.
LISTENER_NAME: Final = "millions_rules_listener"


class StoreError(Exception):
    """The database refused or failed; ``code`` is ``store_failed`` or ``schema_too_new``."""

    def __init__(self, message: str, code: str = "store_failed") -> None:
        super().__init__(message)
        self.code = code
        """The stable code."""


@attrs.frozen
class TableRow:
    """One stored table: its id, game, opening record, seats (``meta``), version, deadline,
    when it was closed and how many writes it had (``writes``)."""

    id: str
    game: str
    record: str
    meta: dict[str, Any]
    version: int
    deadline: float | None = None
    closed: float | None = None
    writes: int = 0


@attrs.frozen
class ActionRow:
    """One stored action: the version it led to, the seat that sent it, its JSON."""

    version: int
    seat: int | None
    action: str
    request: str | None = None
    """The client's request id that sent it (a seat's own action only)."""
    answer: int | None = None
    """The version the request was answered with (its action and the bots' answers)."""


class Store:
    """The operations the server needs; every method blocks (run it off the event loop).

    A store is SQLite (a file, or ``:memory:``) or PostgreSQL: :func:`open_store` opens the
    right one. Methods are safe to call from several threads: one lock serialises the
    connection.
    """

    placeholder = "?"
    url = ""
    """Where the store lives (a path, a ``postgresql://`` address or ``:memory:``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conn: Any = None

    # -- the dialect --------------------------------------------------------------------

    def _connect(self) -> Any:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def _run(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(cursor)`` in one transaction, committed before returning."""
        with self._lock:
            if self._conn is None:
                try:
                    self._conn = self._connect()
                except Exception as error:
                    raise StoreError(f"cannot reach the database: {error}") from error
            conn = self._conn
            try:
                cursor = conn.cursor()
                result = work(cursor)
                conn.commit()
                return result
            except BaseException as error:
                try:
                    conn.rollback()
                except Exception:  # the connection is broken: reconnect next time
                    self._drop()
                if getattr(conn, "broken", False) or getattr(conn, "closed", False):
                    self._drop()  # psycopg: a lost server (restarted, terminated)
                if isinstance(error, Exception) and not isinstance(error, StoreError):
                    # The driver's own errors (locked, full, read-only, disconnected).
                    raise StoreError(f"the database failed: {error}") from error
                raise

    def _drop(self) -> None:
        try:
            if self._conn is not None:
                self._conn.close()
        finally:
            self._conn = None

    def _announce(self, cursor: Any, table_id: str) -> None:
        """Tell other processes that ``table_id`` changed (PostgreSQL only)."""

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._drop()

    # -- schema -------------------------------------------------------------------------

    def migrate(self, upto: int = SCHEMA_VERSION) -> int:
        """Apply the missing migrations up to ``upto``; return the schema version.

        Raises:
            StoreError: ``schema_too_new`` if a newer server wrote the database.
        """

        def work(cursor: Any) -> int:
            self._lock_schema(cursor)
            cursor.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations"
                " (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)"
            )
            cursor.execute("SELECT version FROM schema_migrations")
            done = {row[0] for row in cursor.fetchall()}
            if done and max(done) > SCHEMA_VERSION:
                raise StoreError(
                    f"the database has schema version {max(done)}; this server knows "
                    f"{SCHEMA_VERSION} at most: upgrade millions-rules",
                    "schema_too_new",
                )
            for number, statements in MIGRATIONS:
                if number in done or number > upto:
                    continue
                for statement in statements:
                    cursor.execute(statement)
                cursor.execute(
                    self._sql("INSERT INTO schema_migrations (version, applied) VALUES (?, ?)"),
                    (number, time.time()),
                )
                done.add(number)
            return int(max(done))

        return int(self._run(work))

    def _lock_schema(self, cursor: Any) -> None:
        """Keep two processes from migrating at once (PostgreSQL: an advisory lock)."""

    def schema_version(self) -> int:
        """The newest migration applied."""

        def work(cursor: Any) -> int:
            cursor.execute("SELECT MAX(version) FROM schema_migrations")
            return int(cursor.fetchone()[0] or 0)

        return int(self._run(work))

    # -- settings -----------------------------------------------------------------------

    def setting(self, key: str, default: str) -> str:
        """The stored value of ``key``; ``default`` is stored first if there is none."""

        def work(cursor: Any) -> str:
            cursor.execute(
                self._sql(
                    "INSERT INTO server_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING"
                ),
                (key, default),
            )
            cursor.execute(self._sql("SELECT value FROM server_settings WHERE key = ?"), (key,))
            return str(cursor.fetchone()[0])

        return str(self._run(work))

    # -- tables -------------------------------------------------------------------------

    def _insert(self, cursor: Any, row: TableRow) -> None:
        """Insert ``row`` as a new table (within the caller's transaction)."""
        cursor.execute(
            self._sql(
                "INSERT INTO game_tables (id, game, record, meta, version, created, deadline)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                row.id,
                row.game,
                row.record,
                json.dumps(row.meta, ensure_ascii=False),
                row.version,
                time.time(),
                row.deadline,
            ),
        )

    def create(self, row: TableRow) -> None:
        """Store a new table."""

        def work(cursor: Any) -> None:
            self._insert(cursor, row)
            self._announce(cursor, row.id)

        self._run(work)

    def append(
        self,
        table_id: str,
        from_version: int,
        actions: Sequence[ActionRow],
        meta: dict[str, Any],
        deadline: float | None,
        writes: int | None = None,
    ) -> bool:
        """Store ``actions`` after ``from_version``, with the table's new seats and deadline.

        Args:
            writes: The table's count of writes as the writer last saw it; ``None`` checks
                only the version (a writer that is alone).

        Returns:
            ``True`` once committed (the count of writes is then one more); ``False`` if
            the table is no longer at ``from_version`` and ``writes`` (another writer won)
            or closed: nothing was written.
        """
        new_version = actions[-1].version if actions else from_version

        def work(cursor: Any) -> bool:
            check = "" if writes is None else " AND writes = ?"
            cursor.execute(
                self._sql(
                    "UPDATE game_tables SET version = ?, meta = ?, deadline = ?,"
                    " writes = writes + 1"
                    f" WHERE id = ? AND version = ? AND closed IS NULL{check}"
                ),
                (
                    new_version,
                    json.dumps(meta, ensure_ascii=False),
                    deadline,
                    table_id,
                    from_version,
                    *(() if writes is None else (writes,)),
                ),
            )
            if cursor.rowcount != 1:
                return False
            now = time.time()
            for action in actions:
                cursor.execute(
                    self._sql(
                        "INSERT INTO actions (table_id, version, seat, action, at, request, answer)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)"
                    ),
                    (
                        table_id,
                        action.version,
                        action.seat,
                        action.action,
                        now,
                        action.request,
                        new_version if action.request is not None else None,
                    ),
                )
            self._announce(cursor, table_id)
            return True

        return bool(self._run(work))

    def answered(self, table_id: str, seat: int, request: str) -> int | None:
        """The version a seat's request ``request`` was answered with, or ``None`` if no
        action of that request is stored."""

        def work(cursor: Any) -> int | None:
            cursor.execute(
                self._sql(
                    "SELECT answer FROM actions WHERE table_id = ? AND seat = ? AND request = ?"
                ),
                (table_id, seat, request),
            )
            row = cursor.fetchone()
            return None if row is None else int(row[0])

        result: int | None = self._run(work)
        return result

    def replace(self, table_id: str, writes: int | None, row: TableRow) -> bool:
        """Close the open table ``table_id`` and store ``row`` in its place, in one
        transaction: a new game at the same table (the same links, a new id).

        Args:
            writes: The old table's count of writes as the writer last saw it (``None``:
                not checked).

        Returns:
            ``True`` once committed; ``False`` if the old table is closed or another writer
            changed it first: nothing was written.
        """

        def work(cursor: Any) -> bool:
            check = "" if writes is None else " AND writes = ?"
            cursor.execute(
                self._sql(
                    "UPDATE game_tables SET closed = ?, writes = writes + 1"
                    f" WHERE id = ? AND closed IS NULL{check}"
                ),
                (time.time(), table_id, *(() if writes is None else (writes,))),
            )
            if cursor.rowcount != 1:
                return False
            self._insert(cursor, row)
            self._announce(cursor, table_id)
            self._announce(cursor, row.id)
            return True

        return bool(self._run(work))

    def close_table(self, table_id: str) -> bool:
        """Mark a table closed (kept, no longer served); ``False`` if it was not open."""

        def work(cursor: Any) -> bool:
            cursor.execute(
                self._sql(
                    "UPDATE game_tables SET closed = ?, writes = writes + 1"
                    " WHERE id = ? AND closed IS NULL"
                ),
                (time.time(), table_id),
            )
            changed = bool(cursor.rowcount == 1)
            self._announce(cursor, table_id)
            return changed

        return bool(self._run(work))

    def table(self, table_id: str) -> TableRow | None:
        """The stored table ``table_id`` (open or closed), or ``None``."""

        def work(cursor: Any) -> TableRow | None:
            cursor.execute(
                self._sql(
                    "SELECT id, game, record, meta, version, deadline, closed, writes"
                    " FROM game_tables WHERE id = ?"
                ),
                (table_id,),
            )
            row = cursor.fetchone()
            return None if row is None else _table_row(row)

        result: TableRow | None = self._run(work)
        return result

    def open_tables(self) -> list[TableRow]:
        """Every table not closed, oldest first."""

        def work(cursor: Any) -> list[TableRow]:
            cursor.execute(
                "SELECT id, game, record, meta, version, deadline, closed, writes FROM game_tables"
                " WHERE closed IS NULL ORDER BY created, id"
            )
            return [_table_row(row) for row in cursor.fetchall()]

        result: list[TableRow] = self._run(work)
        return result

    def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The table's actions that led to versions after ``after``, in order."""

        def work(cursor: Any) -> list[ActionRow]:
            cursor.execute(
                self._sql(
                    "SELECT version, seat, action FROM actions"
                    " WHERE table_id = ? AND version > ? ORDER BY version"
                ),
                (table_id, after),
            )
            return [ActionRow(int(v), s, str(a)) for v, s, a in cursor.fetchall()]

        result: list[ActionRow] = self._run(work)
        return result


def _table_row(row: Sequence[Any]) -> TableRow:
    return TableRow(
        id=str(row[0]),
        game=str(row[1]),
        record=str(row[2]),
        meta=json.loads(row[3]),
        version=int(row[4]),
        deadline=None if row[5] is None else float(row[5]),
        closed=None if row[6] is None else float(row[6]),
        writes=int(row[7] or 0),
    )


class SQLiteStore(Store):
    """A SQLite file (the standard library's :mod:`sqlite3`), or ``:memory:``.

    The file is in WAL mode with ``synchronous=FULL``: a commit returns once the log is on
    disk, so neither a killed process nor a power cut loses an answered action (WAL with
    ``NORMAL`` would survive a killed process but could lose the last commits on a power
    cut).
    """

    def __init__(self, path: str | pathlib.Path) -> None:
        super().__init__()
        self.url = str(path)

    def _connect(self) -> Any:
        conn = sqlite3.connect(self.url, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=10000")
        conn.isolation_level = "IMMEDIATE"  # each transaction takes the write lock at once
        return conn


class MemoryStore(SQLiteStore):
    """A store that keeps nothing after the process ends (a SQLite ``:memory:`` database)."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.migrate()

    def _connect(self) -> Any:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        conn.execute("PRAGMA foreign_keys=ON")
        return conn


class PostgresStore(Store):
    """A PostgreSQL database through psycopg 3 (``pip install "millions-rules[postgres]"``).

    Several server processes may share it: each write sends ``NOTIFY`` on
    :data:`CHANNEL` with the table's id, and :meth:`listen` hears the others' writes.
    """

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        import psycopg  # noqa: F401  # fail early, with the extra's name

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.url, connect_timeout=10)

    def _announce(self, cursor: Any, table_id: str) -> None:
        cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))

    def _lock_schema(self, cursor: Any) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(20160020)")

    def listen(self, heard: Callable[[str], None], stop: threading.Event) -> None:
        """Call ``heard(table_id)`` for each table another process changes, until ``stop``.

        Blocks: run it in a thread of its own. It reconnects after a lost connection.
        """
        import psycopg

        while not stop.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=10,
                    application_name=LISTENER_NAME,
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    heard("")  # (re)connected: whatever was missed, look again
                    while not stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            heard(notice.payload)
            except psycopg.Error:
                stop.wait(0.5)


def open_store(url: str | None) -> Store:
    """The store at ``url``: ``None`` or ``":memory:"`` keeps nothing, a ``postgresql://``
    address opens PostgreSQL, anything else is a SQLite file. Migrated, ready to use.

    Raises:
        StoreError: If the database cannot be opened or is newer than this server.
    """
    store: Store
    if url is None or url == ":memory:":
        store = MemoryStore()
    elif url.startswith(("postgresql://", "postgres://")):
        try:
            store = PostgresStore(url)
        except ImportError as error:
            raise StoreError(
                'PostgreSQL needs psycopg: pip install "millions-rules[postgres]"'
            ) from error
    else:
        store = SQLiteStore(url)
    try:
        store.migrate()
    except StoreError as error:
        store.close()
        if error.code != "store_failed":
            raise
        raise StoreError(f"cannot open the database {_safe(url)}: {error}") from error
    except Exception as error:
        store.close()
        raise StoreError(f"cannot open the database {_safe(url)}: {error}") from error
    return store


def _safe(url: str | None) -> str:
    # Never print a password: postgresql://user:secret@host/db -> postgresql://user@host/db
    if url and "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
    return str(url)
