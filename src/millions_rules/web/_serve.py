"""``python -m millions_rules serve``: host the tables of a database with uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import json
import pathlib
import socket
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

from .._common.dealer import Dealer
from ._app import (
    MAX_CLIENT_REQUESTS,
    MAX_CLIENT_STREAMS,
    MAX_STREAMS,
    MAX_TOKEN_STREAMS,
    create_app,
)
from ._games import game_named, set_seat_bot
from ._qr import print_qr
from ._server import Server
from ._store import Store, StoreError, open_store
from ._table import DEFAULT_PRESS_SECONDS, Table, TableError

__all__ = [
    "HEADER_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_CLIENT_CONNECTIONS",
    "MAX_CONNECTIONS",
    "MAX_HEADER_BYTES",
    "QR_CHOICES",
    "describe_tables",
    "lan_address",
    "make_table",
    "open_server",
    "print_links",
    "default_hosts",
    "serve",
]

#: How long a client may take to send a request's headers, in seconds.
HEADER_SECONDS: Final = 10
#: How long an idle keep-alive connection stays open, in seconds.
KEEP_ALIVE_SECONDS: Final = 5
#: The most connections open at once (each event stream holds one); more are closed
#: as they arrive.
MAX_CONNECTIONS: Final = 1000
#: The most connections open at once from one client address; more are closed as they
#: arrive, so that one client cannot take every slot (behind a reverse proxy every
#: client has the proxy's address: raise it, and limit clients at the proxy).
MAX_CLIENT_CONNECTIONS: Final = 64
#: The largest request line and headers, in bytes.
MAX_HEADER_BYTES: Final = 16 * 1024


def default_players(game: str) -> int:
    """The first table's number of players when ``serve`` is given none: the game's demo
    number (:attr:`~millions_rules.games.Companions.demo_players`: 5 for Millions, 4 for
    Torraku), else the fewest it allows.

    Raises:
        ConfigError: If no game is called ``game``.
    """
    rules = game_named(game)
    chosen = rules.game.companions.demo_players
    return rules.player_counts[0] if chosen is None else chosen


def make_table(
    players: int = 5,
    bots: int = 0,
    lang: str = "en",
    seed: int | None = None,
    load: str | None = None,
    *,
    game: str = "millions",
    names: Sequence[str] | None = None,
    turn_seconds: float | None = None,
    companion: bool = False,
    options: Mapping[str, object] | None = None,
    press_seconds: float = DEFAULT_PRESS_SECONDS,
    talk_window: float | None = None,
    spectator_delay: float = 0.0,
) -> Table:
    """The table to host: a new game (the last ``bots`` seats played by the server) or a saved one.

    Without ``seed`` the game's seed comes from :mod:`secrets`: whoever knows a game's seed
    can replay its deals and so learn every hidden card, so only a host who wants a known
    game (a test, a replay) passes one. ``companion`` hosts Torraku beside a physical
    table: each stacker reports how their attempt went (``Dealer.EXTERNAL``). ``options``
    are the game's own (``serve --option``, as the lobby's: Millions'
    ``private_offers=false`` or ``private_talk=false`` keep every offer and word public);
    ``press_seconds`` and ``talk_window`` are :class:`~millions_rules.web.Table`'s;
    ``spectator_delay`` the seconds the spectator's link and the table screen lag behind
    the game (:meth:`~millions_rules.web.Table.set_spectator_delay`; ``serve
    --spectator-delay``).

    Raises:
        TableError: For a saved file that is no table, or values out of range.
        ValueError: For ``bots`` out of range.
    """
    if load is not None:
        return Table.load(pathlib.Path(load).read_bytes())
    if not 0 <= bots < players:
        raise ValueError(f"--bots must be from 0 to {players - 1}: one seat at least is a person's")
    rules = game_named(game)
    if companion and not rules.page.companion_table:
        raise ValueError(
            f"--companion is for a game whose seats report its chance (Currency Torraku): "
            f"{rules.game.title}'s web table deals itself"
        )
    try:
        chosen: dict[str, object] = dict(options or {})
        if companion:
            chosen["dealer"] = Dealer.EXTERNAL
        config = rules.config(players, seed, chosen)
    except (ValueError, TypeError) as error:
        raise TableError(str(error), "bad_request", 400) from error
    table = Table(
        config,
        bots=range(players - bots, players),
        lang=lang,
        names=names,
        turn_seconds=turn_seconds,
        press_seconds=press_seconds,
        talk_window=talk_window,
    )
    table.set_spectator_delay(spectator_delay)
    return table


def open_server(db: str | None, table: Table | None = None) -> tuple[Server, Store]:
    """The server of the database ``db`` with its open tables loaded; ``table`` is added
    (stored) if the database has no open table yet, or always if it was loaded from a file.

    Raises:
        StoreError: If the database cannot be opened.
        TableError: If a stored table does not replay.
    """
    store = open_store(db)
    server = Server(store)
    server.load()
    if table is not None and table.id not in server.tables:
        server.add(table)
    return server, store


#: What ``serve --qr`` draws on the terminal: the join page's QR code (the default), every
#: seat link's too, or none.
QR_CHOICES: Final = ("join", "all", "none")


def print_links(table: Table, base_url: str, out: TextIO, qr: str = "none") -> None:
    """Write every link of the table to ``out``: each seat's, the spectator's, the join
    page's (with the join code) and the table screen's, then the host's, last; ``qr``
    (one of :data:`QR_CHOICES`) draws the join page's QR code, or every seat's too."""
    print(f"Table {table.id} for {table.players} players at {base_url}/", file=out)
    for seat in range(table.players):
        if seat in table.bots:
            print(f"  seat {seat} {table.names[seat]} (bot)", file=out)
        else:
            link = f"{base_url}/#{table.seat_token(seat)}"
            print(f"  seat {seat} {table.names[seat]}: {link}", file=out)
            if qr == "all":
                print_qr(link, out)
    print(f"  spectator: {base_url}/#{table.spectator_token}", file=out)
    join = f"{base_url}/join#{table.join_code}"
    print(f"  join code {table.join_code}, join page: {join}", file=out)
    if qr in ("join", "all") and table.free_seats():
        print_qr(join, out)
    print(f"  screen (for a TV): {base_url}/screen#{table.host_token}", file=out)
    print(f"  host (save): {base_url}/#{table.host_token}", file=out, flush=True)


def lan_address() -> str | None:
    """This machine's address on its local network (what phones on the same Wi-Fi reach),
    or ``None`` if it has none but the loopback.

    Found without sending anything: a UDP socket "connected" to an outside address
    picks the interface a packet would leave by, and names its address.
    """
    for probe in ("192.0.2.1", "10.254.254.254"):  # TEST-NET-1 (never routed), a private one
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address = str(udp.getsockname()[0])
        except OSError:
            continue
        if address and not address.startswith(("127.", "0.")):
            return address
    return None


def describe_tables(server: Server, db: str | None, out: TextIO) -> None:
    """Say what a database already holds (its open tables, each finished or not) and how
    to start afresh: ``serve`` on an existing database serves those tables again."""
    count = len(server.tables)
    print(f"serve: {db} holds {count} open table(s); serving them again:", file=out)
    for table in server.tables.values():
        state = "finished" if table.game.is_over(table.state) else f"at version {table.version}"
        print(
            f"  table {table.id}: {table.game.game.title}, {table.players} players, {state}",
            file=out,
        )
    print(
        "  The table options given (--game, --players, --companion...) make a new table "
        "only. To start afresh: serve --new (closes them; the database keeps them), "
        "or 'Play again' on a finished table's host page (the same links).",
        file=out,
        flush=True,
    )


def _protocol(
    header_seconds: float = HEADER_SECONDS,
    max_connections: int = MAX_CONNECTIONS,
    max_client_connections: int = MAX_CLIENT_CONNECTIONS,
) -> Any:
    """uvicorn's h11 protocol, closing a connection whose request headers take longer than
    ``header_seconds`` to arrive, and a new connection past ``max_connections`` in all or
    ``max_client_connections`` from its client's address; a request it cannot parse
    (a malformed ``Content-Length``, say) is answered ``{"error": "bad_request", ...}``."""
    try:
        import h11
        from uvicorn.protocols.http.h11_impl import H11Protocol
    except ImportError:  # pragma: no cover
        return "auto"
    clients: dict[str, int] = {}
    counted: set[object] = set()

    class TimedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _peer: str = ""

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            cycle = getattr(self, "cycle", None)
            if (cycle is None or cycle.response_complete) and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if (
                len(counted) >= max_connections
                or clients.get(self._peer, 0) >= max_client_connections
            ):
                transport.close()  # past a limit: not served, never counted
                return
            counted.add(self)
            clients[self._peer] = clients.get(self._peer, 0) + 1
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self in counted:
                super().data_received(data)

        def handle_events(self) -> None:
            super().handle_events()
            cycle = getattr(self, "cycle", None)
            if cycle is not None and not cycle.response_complete:
                self._disarm()  # the headers arrived

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def send_400_response(self, msg: str) -> None:
            body = json.dumps({"error": "bad_request", "message": "not a valid HTTP request"})
            headers = [
                (b"content-type", b"application/json"),
                (b"connection", b"close"),
                (b"x-content-type-options", b"nosniff"),
            ]
            for event in (
                h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                h11.Data(data=body.encode()),
                h11.EndOfMessage(),
            ):
                try:
                    self.transport.write(self.conn.send(event))
                except h11.LocalProtocolError:  # an answer had already begun
                    break
            self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self in counted:
                counted.discard(self)
                clients[self._peer] -= 1
                if clients[self._peer] <= 0:
                    del clients[self._peer]
                super().connection_lost(exc)

    return TimedH11Protocol


def _log_config() -> dict[str, Any]:
    # uvicorn's logging, every line (the access log's too) on standard error: standard
    # output holds only the links.
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    for handler in config.get("handlers", {}).values():
        if handler.get("stream") == "ext://sys.stdout":
            handler["stream"] = "ext://sys.stderr"
    return config


def default_hosts(host: str) -> list[str]:
    """The ``Host`` names served by default: the bound address and the localhost names."""
    return [host, "localhost", "127.0.0.1", "::1"]


def serve(
    table: Table | Server,
    host: str = "127.0.0.1",
    port: int = 8000,
    out: TextIO | None = None,
    *,
    max_connections: int = MAX_CONNECTIONS,
    header_seconds: float = HEADER_SECONDS,
    max_client_connections: int = MAX_CLIENT_CONNECTIONS,
    allowed_hosts: Sequence[str] | None = None,
    max_streams: int = MAX_STREAMS,
    max_client_streams: int = MAX_CLIENT_STREAMS,
    max_token_streams: int = MAX_TOKEN_STREAMS,
    access_log: bool = False,
    max_client_requests: int = MAX_CLIENT_REQUESTS,
    max_client_rate: float | None = None,
    qr: str = "none",
) -> None:
    """Serve a table or a server's tables until interrupted, after printing the links to
    ``out`` (stdout): every open table's (``qr``: with the QR codes of
    ``print_links``), then the admin link.

    The connection limits: ``max_connections`` connections at once in all (1000) and
    ``max_client_connections`` from one client address (64; more are closed as they
    arrive), as many requests at once (more are answered ``server_busy``, 503), 16 KiB
    of request line and headers, ``header_seconds`` (10) to send them, 5 seconds idle
    between requests; ``max_streams`` event streams at once (800), ``max_client_streams``
    of one address (16) and ``max_token_streams`` of one link (64);
    ``max_client_requests`` requests of one address at once, streams aside (8; more are
    answered ``too_many_requests``, 429), and if set ``max_client_rate`` requests per
    second of one address (as many in a burst; off by default). ``allowed_hosts``:
    the ``Host`` names answered (by default ``default_hosts``; ``"*"``: any).
    Ctrl-C (SIGINT) or SIGTERM ends open streams and exits quietly. ``access_log``
    writes each request line to standard error (no token is ever in one).
    """
    import uvicorn  # only here: the rest of the module serves tests without a server

    base_url = f"http://{host}:{port}"
    out = out or sys.stdout
    app = create_app(
        table,
        base_url=base_url,
        allowed_hosts=list(allowed_hosts) if allowed_hosts else default_hosts(host),
        max_requests=max_connections,
        max_client_requests=max_client_requests,
        max_client_rate=max_client_rate,
        max_streams=max_streams,
        max_client_streams=max_client_streams,
        max_token_streams=max_token_streams,
    )
    server: Server = app.state.server
    for one in server.tables.values():
        print_links(one, base_url, out, qr)
    print(f"admin (all tables): {base_url}/lobby#{server.admin_token}", file=out, flush=True)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info" if access_log else "warning",
        access_log=access_log,
        log_config=_log_config(),
        timeout_graceful_shutdown=1,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        http=_protocol(header_seconds, max_connections, max_client_connections),
    )

    class QuietServer(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            await app.state.end_streams()  # streams end, so their connections close in time
            await super().shutdown(sockets)

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a host stops serving
        QuietServer(config).run()


def main(args: Any) -> int:
    """The ``serve`` command: ``args`` as parsed by the command line."""
    names = None if args.names is None else [n.strip() for n in args.names.split(",")]
    spec = getattr(args, "bot", None)
    if spec is not None:
        try:
            seat_bot_of(args.game, spec)
        except ValueError as error:
            print(f"serve: --bot: {error}", file=sys.stderr)
            return 2
    host, allowed = args.host, args.allowed_host
    if getattr(args, "lan", False):
        found = lan_address()
        if found is None:
            print(
                "serve: --lan found no local network address (is this machine on a "
                "network?); give the address to bind with --host",
                file=sys.stderr,
            )
            return 2
        host = found
        if allowed:  # the names given, and the address phones open
            allowed = [*allowed, found]
    try:
        table = None
        existing = _has_tables(args.db)
        fresh = existing and getattr(args, "new", False)
        if args.load is not None or not existing or fresh:
            players = args.players
            if players is None:
                players = default_players(args.game)
            table = make_table(
                players,
                args.bots,
                args.lang,
                args.seed,
                args.load,
                game=args.game,
                names=names,
                turn_seconds=args.turn_seconds,
                companion=getattr(args, "companion", False),
                options=dict(getattr(args, "option", None) or []),
                press_seconds=getattr(args, "press_seconds", DEFAULT_PRESS_SECONDS),
                talk_window=getattr(args, "talk_window", None),
                spectator_delay=getattr(args, "spectator_delay", 0.0),
            )
        if fresh:  # only once the new table's options are known to be good
            _close_all(args.db)
            existing = False
        server, _ = open_server(args.db, table)
    except (ValueError, OSError, StoreError) as error:
        print(f"serve: {error}", file=sys.stderr)
        return 2
    if existing and args.load is None:
        describe_tables(server, args.db, sys.stderr)
    if host in ("127.0.0.1", "localhost", "::1"):
        print(
            "serve: these links open on this machine only; for phones on the same "
            "network: serve --lan",
            file=sys.stderr,
            flush=True,
        )
    serve(
        server,
        host,
        args.port,
        max_connections=args.max_connections,
        header_seconds=args.header_seconds,
        max_client_connections=args.max_client_connections,
        allowed_hosts=allowed,
        max_streams=args.max_streams,
        max_client_streams=args.max_client_streams,
        max_token_streams=args.max_token_streams,
        access_log=args.access_log,
        max_client_requests=args.max_client_requests,
        max_client_rate=args.max_client_rate or None,
        qr=getattr(args, "qr", "none"),
    )
    return 0


def _close_all(db: str) -> None:
    # ``serve --new``: close every open table of the database (kept stored, not served).
    store = open_store(db)
    try:
        for row in store.open_tables():
            store.close_table(row.id)
    finally:
        store.close()


def _has_tables(db: str | None) -> bool:
    # Whether the database already holds an open table (a restart resumes it).
    if db is None or db == ":memory:":
        return False
    if not db.startswith(("postgresql://", "postgres://")) and not pathlib.Path(db).exists():
        return False
    store = open_store(db)
    try:
        return bool(store.open_tables())
    finally:
        store.close()


def seat_bot_of(game: str, spec: str) -> None:
    """Seat the bot of ``spec`` (``random``, ``ismcts[:N]``, ``module:Class``) in the empty
    seats of this process's tables of ``game`` (``serve --bot``); ``rule`` keeps the game's
    own table bot (:attr:`~millions_rules.games.Page.bot`, else its rule bot). A web
    table offers a bot no payment: a bot answers with one of the actions it is offered, or
    with an offer or talk of its own (the classes of its ``free_actions``), which the
    engine checks as any action.

    Raises:
        ValueError: For a spec that makes no bot (see
            :func:`~millions_rules.bots._simulate.bot_from_spec`).
    """
    from ..bots._simulate import bot_from_spec

    bot_from_spec(spec, game)  # a bad spec fails here, before the server starts
    if spec.strip().lower() == "rule":  # the game's own table bot (Millions': no bargaining)
        set_seat_bot(game, None)
        return
    set_seat_bot(game, lambda: bot_from_spec(spec, game))
