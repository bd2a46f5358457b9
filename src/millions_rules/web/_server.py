"""Many tables in one process, each stored before any answer: the lobby behind the HTTP API.

A :class:`Server` holds the open tables of its store in memory, finds a table by any of
its tokens, and changes a table only in this order: plan the change in memory (the
seat's action and the bots' answers), write it to the store in one transaction that
names the version it started from, and only once that committed, make it the table's
state and answer. If the write finds that another process moved the table on, the
server catches up from the store and the client gets ``stale_version``: one action wins
per version, and nothing is lost or forked.

The store's calls block, so they run in worker threads, one table's changes at a time
(an :class:`asyncio.Lock` per table); the event loop keeps serving other tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ._games import GAME_NAMES, game_named
from ._store import ActionRow, PostgresStore, Store, StoreError, TableRow
from ._table import Table, TableError

__all__ = ["MAX_TABLES", "Server"]

_LOG = logging.getLogger("millions_rules.web")
T = TypeVar("T")
#: How many open tables one server holds at most (``create`` answers ``too_many_tables``).
MAX_TABLES = 10_000
# How often the clock looks for deadlines that passed.
_TICK = 0.2


class Server:
    """The tables of one store, served by one process (others may share a PostgreSQL store).

    Args:
        store: Where tables are kept (:func:`~millions_rules.web.open_store`).
        admin_token: The token of the admin link (lists, creates, saves and closes any
            table); by default the one stored in the database, made at its first use, so
            a restart prints the same admin link.
    """

    def __init__(self, store: Store, admin_token: str | None = None) -> None:
        self.store = store
        """Where the tables are kept."""
        self.admin_token: str = admin_token or store.setting(
            "admin_token", secrets.token_urlsafe(16)
        )
        """The token of the admin link."""
        self.tables: dict[str, Table] = {}
        """The open tables, by id."""
        self._tokens: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.changed = asyncio.Condition()
        """Notified whenever a table changes (event streams wait on it)."""
        self._stop = threading.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._listener: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._refreshing: set[asyncio.Task[None]] = set()
        self.timeouts_played = 0
        """How many times the clock played for a seat or a delayed bot (for tests)."""

    # -- tables ---------------------------------------------------------------------------

    def load(self) -> int:
        """Load every open table of the store (blocking); return how many.

        Raises:
            TableError: If a stored table does not replay.
        """
        for row in self.store.open_tables():
            if row.id not in self.tables:
                self._add(Table.from_row(row, self.store.actions(row.id)))
        return len(self.tables)

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for token in table.tokens:
            self._tokens[token] = table.id

    def _drop(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.closed = True
            for token in table.tokens:
                self._tokens.pop(token, None)

    def add(self, table: Table) -> Table:
        """Store a new table and serve it (blocking).

        Raises:
            TableError: ``too_many_tables`` (503) past ``MAX_TABLES`` (10,000) open tables.
        """
        if len(self.tables) >= MAX_TABLES:
            raise TableError("this server holds as many tables as it may", "too_many_tables", 503)
        self.store.create(table.row())
        self._add(table)
        return table

    def find(self, token: object) -> Table:
        """The table ``token`` opens.

        Raises:
            TableError: ``unknown_token`` (403) for a token of no open table.
        """
        table_id = self._tokens.get(token) if isinstance(token, str) else None
        if table_id is None or table_id not in self.tables:
            raise TableError("this link is not a seat of any open table", "unknown_token", 403)
        return self.tables[table_id]

    def is_admin(self, token: object) -> bool:
        """Whether ``token`` is the admin's."""
        return isinstance(token, str) and secrets.compare_digest(
            self.admin_token.encode(), token.encode("utf-8", "replace")
        )

    def host_of(self, token: object, table_id: object = None) -> Table:
        """The table ``token`` may manage: its host's, or any (``table_id``) for the admin.

        Raises:
            TableError: ``unknown_token`` (403) otherwise.
        """
        if self.is_admin(token):
            if isinstance(table_id, str) and table_id in self.tables:
                return self.tables[table_id]
            raise TableError("no open table has this id", "unknown_table", 404)
        table = self.find(token)
        if not table.is_host(str(token)):
            raise TableError("only the host link may do this", "unknown_token", 403)
        return table

    def new_table(
        self,
        game: object = "millions",
        players: object = 5,
        bots: object = 0,
        *,
        lang: object = "en",
        names: object = None,
        seed: object = None,
        options: object = None,
        turn_seconds: object = None,
        max_timeouts: object = 3,
        bot_delay: object = 0.0,
    ) -> Table:
        """A new table from a host's request (not stored yet: see :meth:`add`).

        ``bots`` is a count (the last seats) or a list of seats; every value is checked.

        Raises:
            TableError: ``bad_request`` (400) for any value out of range or of the wrong
                type, ``external_dealer`` for a config whose caller deals.
        """
        if game not in GAME_NAMES:
            raise TableError(f"game must be one of {', '.join(GAME_NAMES)}", "bad_request", 400)
        rules = game_named(str(game))
        if type(players) is not int or players not in rules.player_counts:
            counts = rules.player_counts
            raise TableError(
                f"players must be from {counts[0]} to {counts[-1]}", "bad_request", 400
            )
        if type(bots) is int:
            if not 0 <= bots <= players:
                raise TableError(f"bots must be from 0 to {players}", "bad_request", 400)
            seats: list[int] = list(range(players - bots, players))
        elif isinstance(bots, list) and all(type(b) is int for b in bots):
            seats = list(bots)
        else:
            raise TableError("bots must be a count or a list of seats", "bad_request", 400)
        if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 64):
            raise TableError("seed must be from 0 to 2**64 - 1", "bad_request", 400)
        if options is None:
            options = {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise TableError("options must be an object", "bad_request", 400)
        if names is not None and (
            not isinstance(names, list) or not all(isinstance(n, str) for n in names)
        ):
            raise TableError("names must be a list of strings", "bad_request", 400)
        if not isinstance(lang, str):
            raise TableError("lang must be a string", "bad_request", 400)
        if turn_seconds is not None and not isinstance(turn_seconds, (int, float)):
            raise TableError("turn_seconds must be a number", "bad_request", 400)
        if not isinstance(bot_delay, (int, float)) or isinstance(bot_delay, bool):
            raise TableError("bot_delay must be a number", "bad_request", 400)
        if type(max_timeouts) is not int:
            raise TableError("max_timeouts must be a whole number", "bad_request", 400)
        try:
            config = rules.config(players, seed, dict(options))
        except (ValueError, TypeError) as error:  # ConfigError is a ValueError
            raise TableError(f"bad options: {error}", "bad_request", 400) from error
        table: Table[Any] = Table(
            config,
            bots=seats,
            lang=lang,
            names=names,
            turn_seconds=turn_seconds,
            max_timeouts=max_timeouts,
            bot_delay=bot_delay,
        )
        return table

    # -- running --------------------------------------------------------------------------

    async def _io(self, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(work, *args)

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def start(self) -> None:
        """Start the clock (deadlines) and, with PostgreSQL, the listener of other processes."""
        self._loop = asyncio.get_running_loop()
        self._stop.clear()
        self._tasks.append(asyncio.create_task(self._clock()))
        if isinstance(self.store, PostgresStore):
            store = self.store
            self._listener = threading.Thread(
                target=store.listen, args=(self._heard, self._stop), daemon=True
            )
            self._listener.start()

    async def stop(self) -> None:
        """Stop the clock and the listener."""
        self._stop.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
            self._listener = None

    def _heard(self, table_id: str) -> None:
        # From the listener's thread: another process changed table_id ("" = look at all).
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._spawn_refresh, table_id or None)

    def _spawn_refresh(self, table_id: str | None) -> None:
        # Keep a reference to each refresh until it ends (the loop holds tasks weakly).
        task = asyncio.get_running_loop().create_task(self.refresh(table_id))
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    async def notify(self) -> None:
        """Wake every event stream."""
        async with self.changed:
            self.changed.notify_all()

    async def refresh(self, table_id: str | None = None) -> None:
        """Catch up with the store: one table, or every table (``None``)."""
        try:
            if table_id is None:
                rows = await self._io(self.store.open_tables)
                ids = {row.id for row in rows} | set(self.tables)
                for one in ids:
                    await self._refresh_one(one)
            else:
                await self._refresh_one(table_id)
        except Exception:  # a listener's refresh must never kill the loop
            _LOG.exception("catching up with the store failed")
        await self.notify()

    async def _refresh_one(self, table_id: str) -> None:
        async with self._lock(table_id):
            row = await self._io(self.store.table, table_id)
            if row is None or row.closed is not None:
                self._drop(table_id)
                return
            table = self.tables.get(table_id)
            if table is None:
                actions = await self._io(self.store.actions, table_id)
                self._add(Table.from_row(row, actions))
                return
            if row.version != table.version or row.meta != table.meta():
                actions = await self._io(self.store.actions, table_id, table.version)
                table.refresh(row, actions)

    async def _write(
        self,
        table: Table,
        state: Any,
        rows: Sequence[ActionRow],
        meta: dict[str, Any] | None,
        now: float,
    ) -> bool:
        """Store a planned change of ``table`` (its lock held) with the deadline it leads to
        from ``now``; ``False`` if another writer moved the table on first (then the table
        has caught up with the store)."""
        meta = table.meta() if meta is None else meta
        deadline = table.next_deadline(now, state, meta["bots"])
        written = await self._io(
            self.store.append, table.id, table.version, list(rows), meta, deadline
        )
        if not written:
            row = await self._io(self.store.table, table.id)
            if row is None or row.closed is not None:
                self._drop(table.id)
            else:
                actions = await self._io(self.store.actions, table.id, table.version)
                table.refresh(row, actions)
        return bool(written)

    async def act(self, token: str, action: object, version: object, lang: str | None) -> int:
        """A seat's action: planned, stored, then applied; the new version.

        Raises:
            TableError: as :meth:`Table.act`; ``stale_version`` also when another process
                stored an action for this version first; ``store_failed`` (503) if the
                database failed (nothing was applied).
        """
        table = self.find(token)
        async with self._lock(table.id):
            state, rows = table.plan(token, action, version, lang)
            now = time.time()
            try:
                written = await self._write(table, state, rows, None, now)
            except (StoreError, OSError, RuntimeError) as error:
                raise TableError(f"the database failed: {error}", "store_failed", 503) from error
            except Exception as error:  # the drivers' own errors: nothing was applied
                _LOG.exception("storing an action failed")
                raise TableError("the database failed", "store_failed", 503) from error
            if not written:
                raise TableError(
                    f"the table has moved on (version {table.version}): "
                    "look at the table again before acting",
                    "stale_version",
                    409,
                )
            table.commit(state, rows, now)
        await self.notify()
        return table.version

    async def set_bot(self, token: str, table_id: object, seat: object, bot: object) -> Table:
        """Hand a seat to a bot or back (host or admin); the bots then play if due.

        Raises:
            TableError: ``unknown_token``, ``bad_request``, ``stale_version``.
        """
        table = self.host_of(token, table_id)
        async with self._lock(table.id):
            before = table.meta()
            table.set_bot(seat, bot)  # type: ignore[arg-type]  # checked there
            rows: list[ActionRow] = []
            state = table.state
            if table.bot_delay == 0:
                state = table._bot_moves(state, rows)
            now = time.time()
            try:
                written = await self._write(table, state, rows, table.meta(), now)
            except BaseException:
                table.refresh(TableRow(table.id, "", "", before, table.version, table.deadline), [])
                raise
            if not written:
                raise TableError("the table has moved on; try again", "stale_version", 409)
            table.commit(state, rows, now)
        await self.notify()
        return table

    async def close(self, token: str, table_id: object = None) -> str:
        """Close a table (host or admin): kept in the store, no longer served; its id."""
        table = self.host_of(token, table_id)
        async with self._lock(table.id):
            await self._io(self.store.close_table, table.id)
            self._drop(table.id)
        await self.notify()
        return table.id

    async def create(self, **request: Any) -> Table:
        """A new table from a request's fields (see :meth:`new_table`), stored and served."""
        table = self.new_table(**request)
        await self._io(self.add, table)
        return table

    async def _clock(self) -> None:
        # Play for the seats whose time ran out, and the delayed bots.
        while not self._stop.is_set():
            await asyncio.sleep(_TICK)
            now = time.time()
            for table in list(self.tables.values()):
                if table.deadline is not None and table.deadline <= now and not table.closed:
                    try:
                        await self._timeout(table, now)
                    except Exception:
                        _LOG.exception("the clock failed on table %s", table.id)

    async def _timeout(self, table: Table, now: float) -> None:
        async with self._lock(table.id):
            if table.deadline is None or table.deadline > now or table.closed:
                return
            state, rows = table.timeout(now)
            if not rows:
                table.deadline = table.next_deadline(now)
                return
            if await self._write(table, state, rows, table.meta_after_timeout(rows), now):
                handed = table.commit_timeout(state, rows, now)
                self.timeouts_played += 1
                if handed and table.bot_delay == 0:  # the new bots play at once
                    more: list[ActionRow] = []
                    state = table._bot_moves(table.state, more)
                    if more and await self._write(table, state, more, None, now):
                        table.commit(state, more, now)
        await self.notify()
