"""Many tables in one process, each stored before any answer: the lobby behind the HTTP API.

A :class:`Server` holds the open tables of its store in memory, finds a table by any of
its tokens, and changes a table only in this order: plan the change in memory (the
seat's action and the bots' answers), write it to the store in one transaction that
names the version it started from, and only once that committed, make it the table's
state and answer. If the write finds that another process moved the table on, the
server catches up from the store and the client gets ``stale_version``: one action wins
per version, and nothing is lost or forked.

Every write names the table's version and its count of writes as this process last saw
them, so a change that adds no action (a hand-over, a deadline, a timeout count) is
serialised like an action: two processes never overwrite each other's acknowledged
writes. A seat's action may carry the client's request id: a repeated request is answered
with the version its first copy led to, from the store, and applies nothing again.

The store's calls block, so they run in worker threads, one table's changes at a time
(an :class:`asyncio.Lock` per table); the event loop keeps serving other tables. A
database failure is answered ``store_failed`` (503) and changes nothing; while the
database is down the clock retries with a growing pause and logs the outage once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import attrs

from ._games import game_named, game_names
from ._store import ActionRow, PostgresStore, Store, StoreError, TableRow
from ._table import Table, TableError, join_code_of, new_join_code

__all__ = ["MAX_TABLES", "REQUEST_ID", "Server"]

_LOG = logging.getLogger("millions_rules.web")

#: How many times a failed catch-up with the store is tried (see :meth:`Server.refresh`).
REFRESH_TRIES: Final = 40
#: Seconds between two tries of a failed catch-up with the store.
REFRESH_RETRY_SECONDS: Final = 0.5
T = TypeVar("T")
#: How many open tables one server holds at most (``create`` answers ``too_many_tables``).
MAX_TABLES = 10_000
# How many closed tables' links a process remembers as closed (beyond: unknown).
_MAX_CLOSED: Final = 30_000


def _digest(token: str) -> bytes:
    return hashlib.blake2b(token.encode("utf-8", "replace"), digest_size=16).digest()


# How often the clock looks for deadlines that passed.
_TICK = 0.2
# The longest pause of the clock between two tries while the database fails, in seconds.
_MAX_BACKOFF = 5.0
# How many times an action is planned again after another process changed only the seats.
_ATTEMPTS = 3
#: What a client request id looks like: 1 to 64 characters of ``[A-Za-z0-9_-]``.
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _failed(error: BaseException) -> TableError:
    # The answer to a database failure: nothing was applied.
    return TableError(f"the database failed: {error}", "store_failed", 503)


class Server:
    """The tables of one store, served by one process (others may share a PostgreSQL store).

    Args:
        store: Where tables are kept (:func:`~millions_rules.web.open_store`).
        admin_token: The token of the admin link (lists, creates, saves and closes any
            table); by default the one stored in the database, made at its first use, so
            a restart prints the same admin link.
        clock: The time the clock's deadlines are measured against (:func:`time.time`;
            a test passes its own to jump).
    """

    def __init__(
        self,
        store: Store,
        admin_token: str | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock
        """The time deadlines are measured against."""
        """Where the tables are kept."""
        self.admin_token: str = admin_token or store.setting(
            "admin_token", secrets.token_urlsafe(16)
        )
        """The token of the admin link."""
        self.tables: dict[str, Table] = {}
        """The open tables, by id."""
        self._tokens: dict[str, str] = {}
        self._codes: dict[str, str] = {}  # join code: table id
        # Digests of the tokens of tables closed while this process ran (the newest
        # _MAX_CLOSED), so their links say "closed" rather than "unknown".
        self._closed: dict[bytes, None] = {}
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
        self.outages = 0
        self.skipped: set[str] = set()
        """The stored tables of a game that is not installed (not served, kept stored)."""
        """How many database outages the clock met (each logged once)."""
        self._failing = False
        self._backoff = _TICK
        self._retry_at = 0.0

    # -- tables ---------------------------------------------------------------------------

    def load(self) -> int:
        """Load every open table of the store (blocking); return how many.

        A table of a game that is not installed is skipped, with one warning line naming
        the table and the game, and stays stored as it is (installing the game serves it
        again).

        Raises:
            TableError: If a stored table does not replay.
        """
        for row in self.store.open_tables():
            if row.id in self.skipped:
                continue
            if row.game not in game_names():
                self.skipped.add(row.id)
                _LOG.warning(
                    "table %s is of the game %r, which is not installed: not served",
                    row.id,
                    row.game,
                )
                continue
            if row.id not in self.tables:
                table = Table.from_row(row, self.store.actions(row.id))
                table.resume(self.clock())
                self._add(table)
        return len(self.tables)

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for token in table.tokens:
            self._tokens[token] = table.id
            self._closed.pop(_digest(token), None)  # open again: a new game at its table
        self._codes[table.join_code] = table.id

    def _drop(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.closed = True
            # Only what still names this table: a new game at it holds the same links.
            for token in table.tokens:
                if self._tokens.get(token) == table_id:
                    del self._tokens[token]
                    self._closed[_digest(token)] = None
            if self._codes.get(table.join_code) == table_id:
                del self._codes[table.join_code]
            while len(self._closed) > _MAX_CLOSED:
                del self._closed[next(iter(self._closed))]

    def add(self, table: Table) -> Table:
        """Store a new table and serve it (blocking).

        Raises:
            TableError: ``too_many_tables`` (503) past ``MAX_TABLES`` (10,000) open tables;
                ``table_closed`` (409) or ``table_exists`` (409) if the store holds a table
                of this id (a saved file of a closed table, loaded again).
            StoreError: If the database failed (nothing was stored).
        """
        if len(self.tables) >= MAX_TABLES:
            raise TableError("this server holds as many tables as it may", "too_many_tables", 503)
        known = self.store.table(table.id)
        if known is not None:
            if known.closed is not None:
                raise TableError(
                    f"table {table.id} was closed: the store keeps it, no longer served",
                    "table_closed",
                    409,
                )
            raise TableError(f"the store holds table {table.id} already", "table_exists", 409)
        table.idle(self.clock())  # its clock starts now, by the server's clock
        while table.join_code in self._codes:  # another open table's (1 in 244 million)
            table.join_code = new_join_code()
        self.store.create(table.row())
        self._add(table)
        return table

    def find(self, token: object) -> Table:
        """The table ``token`` opens.

        Raises:
            TableError: ``table_closed`` (410) for a token of a table closed while this
                process ran; ``unknown_token`` (403) for a token of no open table.
        """
        table_id = self._tokens.get(token) if isinstance(token, str) else None
        if table_id is None or table_id not in self.tables:
            if isinstance(token, str) and _digest(token) in self._closed:
                raise TableError("the host closed this table", "table_closed", 410)
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
        press_seconds: object = 30.0,
        talk_window: object = None,
        companion: object = False,
        spectator_delay: object = 0,
    ) -> Table:
        """A new table from a host's request (not stored yet: see :meth:`add`).

        ``bots`` is a count (the last seats) or a list of seats; every value is checked.
        ``companion``: the seats report the game's chance (``"dealer": "external"``, for a
        game whose page offers it: Currency Torraku beside a physical table); a choice of
        ``options`` may be given as its JSON text (``"dealer": "external"``).
        ``spectator_delay``: the seconds the spectator's link and the table screen lag behind.

        Raises:
            TableError: ``bad_request`` (400) for any value out of range or of the wrong
                type, ``external_dealer`` for a config whose caller deals.
        """
        if game not in game_names():
            raise TableError(f"game must be one of {', '.join(game_names())}", "bad_request", 400)
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
            if len(set(seats)) != len(seats):
                raise TableError("a bot seat is named twice", "bad_request", 400)
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
        if turn_seconds is not None and (
            not isinstance(turn_seconds, (int, float)) or isinstance(turn_seconds, bool)
        ):
            raise TableError("turn_seconds must be a number", "bad_request", 400)
        if not isinstance(bot_delay, (int, float)) or isinstance(bot_delay, bool):
            raise TableError("bot_delay must be a number", "bad_request", 400)
        if type(max_timeouts) is not int:
            raise TableError("max_timeouts must be a whole number", "bad_request", 400)
        pressing: float = 30.0
        if press_seconds is not None:
            if not isinstance(press_seconds, (int, float)) or isinstance(press_seconds, bool):
                raise TableError("press_seconds must be a number", "bad_request", 400)
            pressing = press_seconds
        window: float | None = None
        if talk_window is not None:
            if not isinstance(talk_window, (int, float)) or isinstance(talk_window, bool):
                raise TableError("talk_window must be a number", "bad_request", 400)
            window = talk_window
        if type(companion) is not bool:
            raise TableError("companion must be true or false", "bad_request", 400)
        options = dict(options)
        if companion:
            if not rules.page.companion_table:
                raise TableError(
                    f"{rules.game.title}'s web table deals itself: no companion mode",
                    "external_dealer",
                    400,
                )
            options["dealer"] = "external"
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
            press_seconds=pressing,
            talk_window=window,
        )
        table.set_spectator_delay(spectator_delay)
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
        """Catch up with the store: one table, or every table (``None``).

        A refresh that fails (the database restarted: the first use of the broken
        connection fails, and the next one reconnects) is tried again every half second,
        up to 40 times, and logged once:
        the listener's look at every table after it reconnects is the only word of the
        writes other processes made while it was away, so it must not be lost to one failure.
        """
        for attempt in range(REFRESH_TRIES):
            try:
                if table_id is None:
                    rows = await self._io(self.store.open_tables)
                    ids = {row.id for row in rows} | set(self.tables)
                    for one in ids:
                        await self._refresh_one(one)
                else:
                    await self._refresh_one(table_id)
                break
            except Exception:  # a listener's refresh must never kill the loop
                if attempt == 0:
                    _LOG.exception("catching up with the store failed; trying again")
                if self._stop.is_set():
                    break
                await asyncio.sleep(REFRESH_RETRY_SECONDS)
        await self.notify()

    async def _refresh_one(self, table_id: str) -> None:
        async with self._lock(table_id):
            row = await self._io(self.store.table, table_id)
            if row is None or row.closed is not None:
                self._drop(table_id)
                return
            table = self.tables.get(table_id)
            if table is None:
                if row.game not in game_names():
                    if table_id not in self.skipped:
                        self.skipped.add(table_id)
                        _LOG.warning(
                            "table %s is of the game %r, which is not installed: not served",
                            table_id,
                            row.game,
                        )
                    return
                actions = await self._io(self.store.actions, table_id)
                table = Table.from_row(row, actions)
                table.resume(self.clock())
                self._add(table)
                return
            if (
                row.writes != table.writes
                or row.version != table.applied
                or row.meta != table.meta()
            ):
                actions = await self._io(self.store.actions, table_id, table.applied)
                table.refresh(row, actions)
                table.resume(self.clock())

    async def _write(
        self,
        table: Table,
        state: Any,
        rows: Sequence[ActionRow],
        meta: dict[str, Any] | None,
        now: float,
        timed: bool = False,
    ) -> bool:
        """Store a planned change of ``table`` (its lock held) with the deadline it leads to
        from ``now``; ``False`` if another writer moved the table on first (then the table
        has caught up with the store)."""
        meta = table.meta_after(rows) if meta is None else meta
        clock = table.clock_after(state, now, meta["bots"], timed=timed)
        meta = {**meta, "clock": clock.to_json()}
        deadline = clock.deadline
        written = await self._io(
            self.store.append, table.id, table.applied, list(rows), meta, deadline, table.writes
        )
        if written:
            table.writes += 1
        else:
            await self._catch_up(table)
        return bool(written)

    async def _catch_up(self, table: Table) -> None:
        # Another writer moved the table on: read what it stored (its lock held).
        row = await self._io(self.store.table, table.id)
        if row is None or row.closed is not None:
            self._drop(table.id)
        else:
            actions = await self._io(self.store.actions, table.id, table.applied)
            table.refresh(row, actions)
            table.resume(self.clock())

    async def act(
        self,
        token: str,
        action: object,
        version: object,
        lang: str | None,
        request: object = None,
    ) -> int:
        """A seat's action: planned, stored, then applied; the new version.

        Args:
            request: The client's id of this request (1 to 64 characters of
                ``[A-Za-z0-9_-]``), or ``None``. A request id the seat sent before is
                answered with the version its first copy led to, and nothing is applied
                again (across processes and restarts: the id is stored with the action).

        Raises:
            TableError: as :meth:`Table.act`; ``stale_version`` also when another process
                stored an action for this version first; ``bad_request`` (400) for a
                malformed request id; ``store_failed`` (503) if the database failed
                (nothing was applied).
        """
        if request is not None and (
            not isinstance(request, str) or not REQUEST_ID.fullmatch(request)
        ):
            raise TableError(
                "request must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -", "bad_request", 400
            )
        table = self.find(token)
        async with self._lock(table.id):
            seat = table.seat_of(token)
            if request is not None and seat is not None:
                answered = await self._answered(table, seat, request)
                if answered is not None:
                    return answered
            for _ in range(_ATTEMPTS):
                state, rows = table.plan(token, action, version, lang)
                if request is not None:
                    rows[0] = attrs.evolve(rows[0], request=request)
                now = self.clock()
                try:
                    written = await self._write(table, state, rows, None, now)
                except Exception as error:  # StoreError, or anything else: nothing was applied
                    if not isinstance(error, StoreError):
                        _LOG.exception("storing an action failed")
                    raise _failed(error) from error
                if written or table.version != version:  # the version every seat sees
                    break
                # Another process changed only the seats (a hand-over): the action still
                # answers the version its client saw, so it is planned again on the seats
                # as stored and written again.
            if not written:
                if request is not None and seat is not None:
                    # Its copy through another process may have won the race.
                    answered = await self._answered(table, seat, request)
                    if answered is not None:
                        return answered
                raise TableError(
                    f"the table has moved on (version {table.version}): "
                    "look at the table again before acting",
                    "stale_version",
                    409,
                )
            table.commit(state, rows, now)
        await self.notify()
        return table.version

    async def _answered(self, table: Table, seat: int, request: str) -> int | None:
        try:
            answered = await self._io(self.store.answered, table.id, seat, request)
        except StoreError as error:
            raise _failed(error) from error
        # The store counts every action; the seat is answered in the version it may see.
        return None if answered is None else table.public_at(answered)

    async def set_bot(self, token: str, table_id: object, seat: object, bot: object) -> Table:
        """Hand a seat to a bot or back (host or admin); the bots then play if due.

        A seat's own link may take its seat back from a bot (``bot`` false, its own
        ``seat``). The log notes the hand-over ("A bot took Ana's seat").

        Raises:
            TableError: ``unknown_token``, ``bad_request``, ``stale_version``.
        """
        table = self._seat_keeper(token, table_id, seat, bot)
        async with self._lock(table.id):
            before = TableRow(
                table.id, "", "", table.meta(), table.applied, table.deadline, None, table.writes
            )
            table.set_bot(seat, bot, note=True)  # type: ignore[arg-type]  # checked there
            rows: list[ActionRow] = []
            state = table.state
            if table.bot_delay == 0:
                state = table._bot_moves(state, rows)
            now = self.clock()
            try:
                written = await self._write(table, state, rows, table.meta_after(rows), now)
            except BaseException as error:
                table.refresh(before, [])
                if isinstance(error, StoreError):
                    raise _failed(error) from error
                raise
            if not written:
                raise TableError("the table has moved on; try again", "stale_version", 409)
            table.commit(state, rows, now)
        await self.notify()
        return table

    # -- joining and playing again --------------------------------------------------------

    def by_code(self, code: object) -> Table | None:
        """The open table whose join code ``code`` is (typed in any case, with spaces or
        dashes), or ``None``."""
        found = join_code_of(code)
        table_id = None if found is None else self._codes.get(found)
        return None if table_id is None else self.tables.get(table_id)

    async def join(self, table: Table, name: object) -> int:
        """Seat a person called ``name`` at ``table`` (found by its join code) in its first
        free seat, stored before answering; the seat (its link is
        :meth:`Table.seat_token`).

        Raises:
            TableError: as :meth:`Table.plan_join`; ``stale_version`` (409) if another
                process changed the table first; ``store_failed`` (503).
        """
        async with self._lock(table.id):
            seat, meta = table.plan_join(name)
            deadline = table.deadline
            try:
                written = await self._io(
                    self.store.append, table.id, table.applied, [], meta, deadline, table.writes
                )
            except StoreError as error:
                raise _failed(error) from error
            if not written:
                await self._catch_up(table)
                raise TableError("the table has moved on; try again", "stale_version", 409)
            table.writes += 1
            table.commit_join(seat, meta)
        await self.notify()
        return seat

    async def play_again(
        self,
        token: str,
        table_id: object = None,
        options: object = None,
        seed: object = None,
    ) -> Table:
        """A new game at a finished table (host or admin): the same seats, links, names,
        bots and join code, the game's options as before but those ``options`` change;
        the old game is closed and kept, the new one stored and served in one write.

        Raises:
            TableError: ``unknown_token``, ``unknown_table``; ``game_not_over`` (409) while
                the game is still being played; ``bad_request`` (400) for bad options;
                ``stale_version`` (409) if another process changed the table first;
                ``store_failed`` (503).
        """
        table = self.host_of(token, table_id)
        if options is not None and (
            not isinstance(options, dict) or not all(isinstance(k, str) for k in options)
        ):
            raise TableError("options must be an object", "bad_request", 400)
        if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 64):
            raise TableError("seed must be from 0 to 2**64 - 1", "bad_request", 400)
        async with self._lock(table.id):
            if not table.game.is_over(table.state):
                raise TableError(
                    "the game is still being played: a new game starts once it is over",
                    "game_not_over",
                    409,
                )
            try:
                config = table.game.config_again(
                    table.game.config_of(table.state), seed, dict(options or {})
                )
            except (ValueError, TypeError) as error:  # ConfigError is a ValueError
                raise TableError(f"bad options: {error}", "bad_request", 400) from error
            fresh = table.again(config)
            try:
                written = await self._io(self.store.replace, table.id, table.writes, fresh.row())
            except StoreError as error:
                raise _failed(error) from error
            if not written:
                await self._catch_up(table)
                raise TableError("the table has moved on; try again", "stale_version", 409)
            self._drop(table.id)
            self._add(fresh)
        await self.notify()
        return fresh

    def _seat_keeper(self, token: object, table_id: object, seat: object, bot: object) -> Table:
        # The table whose seat ``token`` may hand over: the host's (or the admin's), or a
        # seat's own link taking its own seat back from a bot.
        if not self.is_admin(token) and isinstance(token, str) and bot is False:
            table = self.find(token)
            if not table.is_host(token):
                if table.seat_of(token) != seat or type(seat) is not int:
                    raise TableError(
                        "a seat's link may take back only its own seat", "unknown_token", 403
                    )
                return table
        return self.host_of(token, table_id)

    async def close(self, token: str, table_id: object = None) -> str:
        """Close a table (host or admin): kept in the store, no longer served; its id.

        Raises:
            TableError: ``unknown_token``, ``unknown_table``; ``store_failed`` (503) if the
                database failed (the table stays open).
        """
        table = self.host_of(token, table_id)
        async with self._lock(table.id):
            try:
                await self._io(self.store.close_table, table.id)
            except StoreError as error:
                raise _failed(error) from error
            self._drop(table.id)
        await self.notify()
        return table.id

    async def create(self, **request: Any) -> Table:
        """A new table from a request's fields (see :meth:`new_table`), stored and served.

        Raises:
            TableError: as :meth:`new_table` and :meth:`add`; ``store_failed`` (503) if
                the database failed (no table was made).
        """
        table = self.new_table(**request)
        try:
            await self._io(self.add, table)
        except StoreError as error:
            raise _failed(error) from error
        return table

    async def _clock(self) -> None:
        # Play for the seats whose time ran out, and the delayed bots.
        while not self._stop.is_set():
            await asyncio.sleep(_TICK)
            await self.tick()

    async def tick(self) -> int:
        """Play every deadline that passed by ``clock`` (the clock calls this every
        0.2 s); return how many tables it played for.

        While the database fails the clock retries after a pause that doubles up to 5 s,
        and the outage is logged once when it begins and once when it ends. A deadline
        further away than the table's time allows (the system clock jumped back) is
        brought back to that time from now.
        """
        now = self.clock()
        if now < self._retry_at <= now + _MAX_BACKOFF:  # (a clock jumped back retries now)
            return 0
        played = 0
        for table in list(self.tables.values()):
            if table.closed or table.deadline is None:
                continue
            longest = table.longest_wait
            if table.deadline > now + longest:
                table.deadline = now + longest  # the clock jumped back
            if table.deadline > now:
                continue
            try:
                await self._timeout(table, now)
            except StoreError as error:
                if not self._failing:
                    self._failing = True
                    self.outages += 1
                    _LOG.error("the database failed; the clock retries until it is back: %s", error)
                self._backoff = min(self._backoff * 2, _MAX_BACKOFF)
                self._retry_at = now + self._backoff
                return played
            except Exception:
                _LOG.exception("the clock failed on table %s", table.id)
                continue
            played += 1
            if self._failing:
                self._failing = False
                _LOG.warning("the database is back; the clock plays on")
            self._backoff = _TICK
            self._retry_at = 0.0
        return played

    async def _timeout(self, table: Table, now: float) -> None:
        async with self._lock(table.id):
            if table.deadline is None or table.deadline > now or table.closed:
                return
            state, rows = table.timeout(now)
            if not rows:
                table.idle(now)  # nothing to play (a window or a press that ended empty)
                return
            # One write: the clock's defaults, the hand-over and the new bot's moves.
            meta = table.meta_after_timeout(rows)
            if await self._write(table, state, rows, meta, now, timed=True):
                table.commit_timeout(state, rows, now)
                self.timeouts_played += 1
        await self.notify()
