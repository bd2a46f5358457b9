"""The HTTP face of a :class:`~millions_rules.web.Server`: a Starlette application.

Every request but the page's and its words' authenticates with an ``Authorization:
Bearer TOKEN`` header (a POST may carry the token in its body's ``"token"`` field
instead). A token in a query string is refused (``token_in_query``, 400) so that no
proxy's request log ever holds a working token; the page's links carry it in their
fragment (``/#TOKEN``), which browsers never send.

Routes:

* ``GET /`` — the page; ``GET /lobby`` — the same page, as the admin's lobby
  (``/lobby#ADMIN``);
* ``GET /api/update?since=&lang=`` — the client's view with the events after
  ``since``, narrated in ``lang``;
* ``GET /api/stream?since=&lang=`` — the same as server-sent events, one ``update``
  event each time the table changes, each carrying only new events (the page reads it
  with ``fetch()``, which sends the header, not with ``EventSource``, which cannot);
* ``GET /api/words?lang=`` — every word of the page in ``lang``, for a page opened
  without a token (each update carries them too);
* ``POST /api/act`` with ``{"version", "action"}`` (and ``"request"``, an id the
  client makes per action, so a repeated request is not played twice) — play an action;
* ``GET /api/save`` — the host's download of the saved table (the admin's with
  ``?table=``);
* ``GET /api/links`` — the host's list of every seat's link;
* ``GET /api/tables`` and ``POST /api/tables`` — the admin's list of tables (with
  each one's links), and a new table;
* ``POST /api/seat`` with ``{"seat", "bot"}`` — the host hands a seat to a bot
  or back;
* ``GET /replay`` — the page, replaying; ``GET /api/replay?lang=`` — a finished
  table's replay as the token's holder saw it, and ``POST /api/replay`` with
  ``{"document", "lang"}`` — a replay file's, narrated (up to :data:`MAX_REPLAY` bytes);
* ``POST /api/close`` — the host (or the admin, with ``table``) closes a table;
* ``GET /join`` — the page, as the join page (``/join#CODE`` fills the code in);
  ``POST /api/join`` with ``{"code", "name"}`` — a person takes the first free seat of
  the table with that join code, under that name: the answer holds the seat's ``token``
  and ``link`` (no token needed; wrong codes are limited per address,
  ``too_many_guesses``, 429);
* ``GET /screen`` — the page, as the table screen for a TV (``/screen#HOST``);
* ``POST /api/again`` with ``{"options"}`` (optional) — the host (or the admin, with
  ``table``) starts a new game at a finished table: the same seats, links and names.

Every refusal is ``{"error": code, "message": ...}`` with a 4xx status; a body is read
only up to :data:`MAX_BODY` bytes (``body_too_large``, 413) and only for
:data:`BODY_SECONDS` (``body_timeout``, 408), then parsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .._common.i18n import LOCALES
from ._games import game_named, game_names
from ._night import night_message
from ._qr import qr_svg
from ._replay import MAX_REPLAY_BYTES, file_replay, table_replay
from ._server import Server
from ._store import MemoryStore
from ._table import Table, TableError
from ._teach import localize
from ._words import words

__all__ = [
    "BODY_SECONDS",
    "CONTENT_SECURITY_POLICY",
    "MAX_BODY",
    "MAX_CLIENT_RATE",
    "MAX_CLIENT_REQUESTS",
    "MAX_CLIENT_STREAMS",
    "MAX_DEPTH",
    "MAX_JOIN_GUESSES",
    "MAX_JOIN_GUESSES_TOTAL",
    "MAX_REPLAY",
    "MAX_REPLAYS",
    "MAX_REQUESTS",
    "MAX_STREAMS",
    "MAX_TOKEN_STREAMS",
    "JOIN_WINDOW",
    "SEND_SECONDS",
    "bearer",
    "create_app",
    "host_name",
    "read_body",
    "table_links",
]

_STATIC = resources.files("millions_rules.web") / "static"
# How long a quiet event stream waits before a keep-alive comment.
_KEEP_ALIVE = 15.0
#: The largest request body read, in bytes (an action is a few hundred).
MAX_BODY: Final = 64 * 1024
#: The largest replay file the page may send to be narrated, in bytes: the largest
#: replay document the server makes (:data:`~millions_rules.web._replay.MAX_REPLAY_BYTES`,
#: 2 MiB) and room for its names. No token is needed to open a file, so this is the one
#: body larger than :data:`MAX_BODY`, and at most ``MAX_REPLAYS`` are read at once.
MAX_REPLAY: Final = MAX_REPLAY_BYTES + 64 * 1024
#: The most replays (made from a table, or read from a file) and saves built at once,
#: each in a worker thread; more are answered ``server_busy`` (503) until one is sent.
MAX_REPLAYS: Final = 2
#: How long a client may take to send its body, in seconds.
BODY_SECONDS: Final = 10.0
#: The deepest nesting of arrays and objects a body may have.
MAX_DEPTH: Final = 32


def _error(error: TableError, lang: str | None = None) -> JSONResponse:
    # The stable code, and its message in the client's language when it asked for one.
    message = localize(error.code, str(error), lang, error.__cause__)
    return JSONResponse({"error": error.code, "message": message}, status_code=error.status)


def _since(request: Request) -> int:
    raw = request.query_params.get("since", "0")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise TableError("since must be a whole number", "bad_request", 400)
    return int(raw)


def _since_at(request: Request, table: Table) -> int:
    # The cursor, counted from 0 again if the client names another table than the one its
    # link opens now (the host started a new game at it: the same links, a new table).
    named = request.query_params.get("table")
    if named is not None and named != table.id:
        return 0
    return _since(request)


def _opened(table: Table, token: str) -> None:
    # A seat's link opened: the join code no longer gives that seat (in this process).
    seat = table.seat_of(token)
    if seat is not None:
        table.opened.add(seat)


def _delayed(request: Request, table: Table, token: str) -> bool:
    # Whether the client sees the table with its spectator delay: the spectator's link
    # always, the host's on the table screen (``screen=1``).
    if table.spectator_delay <= 0 or table.seat_of(token) is not None:
        return False
    return not table.is_host(token) or request.query_params.get("screen") == "1"


def _night_error(error: TableError, lang: str | None, words: str | None = None) -> JSONResponse:
    # A refusal of joining or playing again in the client's language (``words``: the
    # message's id after ``web.error.``, if not the code's).
    message = night_message(words or error.code, str(error), lang)
    if message == str(error):
        return _error(error, lang)
    return JSONResponse({"error": error.code, "message": message}, status_code=error.status)


def _depth(value: object) -> int:
    # The nesting depth of a parsed JSON value, without recursion.
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _nesting(raw: bytes) -> int:
    # The deepest bracket nesting of JSON text, counted before parsing (strings skipped).
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


async def read_body(
    request: Request, limit: int = MAX_BODY, *, off_loop: bool = False
) -> dict[str, Any]:
    """The request's JSON object, read and checked within the limits.

    Args:
        off_loop: Check and parse the body in a worker thread, not on the event loop (a
            body up to :data:`MAX_REPLAY`, whose parse takes a second, must not hold the
            other tables' requests meanwhile).

    Raises:
        TableError: ``body_too_large`` (413) past ``limit`` (:data:`MAX_BODY`; from the
            ``Content-Length`` header, before reading, or while reading);
            ``body_timeout`` (408) after :data:`BODY_SECONDS`; ``bad_request`` (400) for
            anything but a JSON object of text nested at most :data:`MAX_DEPTH` deep.
    """
    length = request.headers.get("content-length")
    if length is not None and (not length.isascii() or not length.isdigit()):
        raise TableError("Content-Length must be a number", "bad_request", 400)
    if length is not None and int(length) > limit:
        raise TableError(f"the body is larger than {limit} bytes", "body_too_large", 413)

    async def read() -> bytes:
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise TableError(f"the body is larger than {limit} bytes", "body_too_large", 413)
            chunks.append(chunk)
        return b"".join(chunks)

    try:
        raw = await asyncio.wait_for(read(), BODY_SECONDS)
    except asyncio.TimeoutError as error:
        raise TableError("the body took too long to arrive", "body_timeout", 408) from error
    if off_loop:
        return await run_in_threadpool(_parse_body, raw)
    return _parse_body(raw)


def _parse_body(raw: bytes) -> dict[str, Any]:
    # A body's JSON object, checked: nesting, text, a lone surrogate (see read_body).
    if _nesting(raw) > MAX_DEPTH:
        raise TableError(f"the body is nested deeper than {MAX_DEPTH}", "bad_request", 400)
    try:
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        raise TableError("the body is not JSON", "bad_request", 400) from error
    if not isinstance(body, dict) or _depth(body) > MAX_DEPTH:
        raise TableError("expected a JSON object", "bad_request", 400)
    try:  # lone surrogates (\ud800) parse, but are no text
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        raise TableError("the body holds a lone surrogate", "bad_request", 400) from error
    return body


def bearer(request: Request) -> str | None:
    """The token of the request's ``Authorization: Bearer <token>`` header, if it has one.

    Raises:
        TableError: ``bad_request`` (400) for an ``Authorization`` header of another form.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or " " in value:
        raise TableError("the Authorization header must be 'Bearer <token>'", "bad_request", 400)
    return value


def _token(body: dict[str, Any], request: Request | None = None) -> str:
    # The header's token, else the body's "token" field.
    if request is not None:
        header = bearer(request)
        if header is not None:
            return header
    token = body.get("token")
    if not isinstance(token, str):
        raise TableError("expected a token", "bad_request", 400)
    return token


def _get_token(request: Request) -> str:
    # A GET's token: only from the header (a query string's is refused before any route).
    return bearer(request) or ""


def _lang(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TableError("lang must be a string", "bad_request", 400)
    return value


def lobby_games(locale: str = "en") -> list[dict[str, Any]]:
    """Every registered game the lobby's form offers: ``name``, ``title`` (in ``locale``, a
    checked one: :meth:`~millions_rules.web._games.WebGame.title`),
    ``widgets`` (its page's, ``None`` for the generic page), the fewest and most
    ``players`` it allows, its ``options`` (:attr:`~millions_rules.web._games.WebGame.options`)
    and whether it has a ``companion`` mode."""
    found = []
    for name in game_names():
        game = game_named(name)
        counts = game.player_counts
        found.append(
            {
                "name": name,
                "title": game.title(locale),
                "widgets": game.widgets,
                "players": [counts[0], counts[-1]],
                "options": game.options,
                "companion": game.page.companion_table,
            }
        )
    return found


def table_links(table: Table, base_url: str) -> dict[str, Any]:
    """Every link of ``table``: ``seats`` (``seat``, ``name``, ``bot``, ``link``, ``qr``,
    ``joined``: taken through the join code, ``opened``: its link opened), ``spectator``, ``host`` (and ``host_qr``),
    ``screen`` (the table screen), ``join`` (the join page with the code filled in),
    ``join_code``, ``join_qr``, ``free`` (the seats the code still gives), ``over`` and
    ``options`` (the game's options as this game has them, for a new game); a bot's seat
    has no link. Each ``qr`` is an SVG ``data:`` URI (``None`` without segno)."""
    seats = [
        {
            "seat": seat,
            "name": table.names[seat],
            "bot": seat in table.bots,
            "link": None if seat in table.bots else f"{base_url}/#{table.seat_token(seat)}",
        }
        for seat in range(table.players)
    ]
    join = f"{base_url}/join#{table.join_code}"
    for entry in seats:
        link = entry["link"]
        entry["joined"] = entry["seat"] in table.joined
        entry["opened"] = entry["seat"] in table.opened
        entry["qr"] = None if link is None else qr_svg(str(link))
    return {
        "table": table.id,
        "game": table.game.name,
        "seats": seats,
        "spectator": f"{base_url}/#{table.spectator_token}",
        "host": f"{base_url}/#{table.host_token}",
        "host_qr": qr_svg(f"{base_url}/#{table.host_token}"),
        "screen": f"{base_url}/screen#{table.host_token}",
        "join_code": table.join_code,
        "join": join,
        "join_qr": qr_svg(join),
        "free": len(table.free_seats()),
        "over": table.game.is_over(table.state),
        "options": table.game.option_values(table.game.config_of(table.state)),
    }


async def _http_error(request: Request, error: Exception) -> Response:
    # Starlette's own refusals (no such route, another method) as JSON, like every other.
    status = error.status_code if isinstance(error, HTTPException) else 500
    codes = {404: "not_found", 405: "method_not_allowed"}
    headers = getattr(error, "headers", None) or {}
    answer = _refusal(codes.get(status, "bad_request"), str(getattr(error, "detail", "")), status)
    answer.headers.update(headers)
    return answer


def _refusal(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def _query_holds_token(query: bytes) -> bool:
    # Whether a query string names a token (``token=`` in any case, percent-encoded or not).
    if not query:
        return False
    fields = urllib.parse.parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    return any(name.strip().lower() == "token" for name, _ in fields)


#: The Content-Security-Policy of every answer: the page's own script, styles and
#: requests only, never framed.
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_SECURITY_HEADERS: Final = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
#: The most event streams open at once in all (past it: ``server_busy``, 503).
MAX_STREAMS: Final = 800
#: The most event streams open at once from one client address (``too_many_streams``, 429).
MAX_CLIENT_STREAMS: Final = 16
#: The most event streams open at once with one token (``too_many_streams``, 429): a
#: spectator link shared with an audience, or a seat's link in a few tabs.
MAX_TOKEN_STREAMS: Final = 64
#: The most requests served at once, event streams included (``server_busy``, 503).
MAX_REQUESTS: Final = 1000
#: The most requests of one client address served at once, event streams aside (each
#: stream is counted by ``MAX_CLIENT_STREAMS``): past it ``too_many_requests``
#: (429), answered at once, so a client sending requests back to back on all its
#: connections keeps only this many of the server's turns.
MAX_CLIENT_REQUESTS: Final = 8
#: A rate a host may set (``serve --max-client-rate 100``; off by default, since a
#: program playing through the API sends many more): the requests per second one client
#: address may send on average, as many in a burst; past it ``too_many_requests``
#: (429), answered before any work. A page sends a request or two per action and holds
#: one event stream.
MAX_CLIENT_RATE: Final = 100


def host_name(value: str) -> str:
    """The name of a ``Host`` header without its port, lower case (``[::1]:8000`` is ``::1``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        return value.partition(":")[0]
    return value


class _Guard:
    """The checks made before any route, and the headers added to every answer.

    * A token in a query string is refused (``token_in_query``, 400), so that no proxy's
      request log ever holds a working token.
    * A ``Host`` outside ``allowed_hosts`` is refused (``bad_host``, 400): a page of
      another name (DNS rebinding) cannot reach the server.
    * Past ``max_requests`` requests at once, ``server_busy`` (503); past
      ``max_client_requests`` of one client address (event streams aside),
      ``too_many_requests`` (429), as past ``max_client_rate`` requests per second.
    * Every answer carries the security headers; an API answer ``Cache-Control: no-store``.
    """

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Sequence[str] | None,
        max_requests: int,
        max_client_requests: int,
        max_client_rate: float | None = None,
    ) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {host_name(h) for h in allowed_hosts}
        self.max_requests = max_requests
        self.max_client_requests = max_client_requests
        self.requests = 0
        self.clients: dict[str, int] = {}
        self.rate = None if max_client_rate is None else float(max_client_rate)
        self.buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when)

    def _allowed(self, peer: str) -> bool:
        # A token bucket per address: ``rate`` a second, as many at most.
        if self.rate is None:
            return True
        now = time.monotonic()
        tokens, when = self.buckets.get(peer, (self.rate, now))
        tokens = min(self.rate, tokens + (now - when) * self.rate)
        if len(self.buckets) > 100_000:  # forget the addresses that are full again
            rate = self.rate
            self.buckets = {
                k: v for k, v in self.buckets.items() if v[0] + (now - v[1]) * rate < rate
            }
        if tokens < 1:
            self.buckets[peer] = (tokens, now)
            return False
        self.buckets[peer] = (tokens - 1, now)
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in _SECURITY_HEADERS if k not in names]
                if api and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, secured)
            return
        if self.requests >= self.max_requests:
            busy = _refusal("server_busy", "the server is serving as many requests as it may", 503)
            busy.headers["Retry-After"] = "5"
            await busy(scope, receive, secured)
            return
        client = scope.get("client")
        peer = str(client[0]) if client else ""
        counted = scope.get("path") != "/api/stream"
        if not self._allowed(peer) or (
            counted and self.clients.get(peer, 0) >= self.max_client_requests
        ):
            many = _refusal(
                "too_many_requests",
                "this address sends more requests than the server serves it: wait a moment",
                429,
            )
            many.headers["Retry-After"] = "1"
            await many(scope, receive, secured)
            return
        self.requests += 1
        if counted:
            self.clients[peer] = self.clients.get(peer, 0) + 1
        try:
            await self.app(scope, receive, secured)
        finally:
            self.requests -= 1
            if counted:
                self.clients[peer] -= 1
                if self.clients[peer] <= 0:
                    del self.clients[peer]

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        if _query_holds_token(scope.get("query_string", b"")):
            return _refusal(
                "token_in_query",
                "a token in a query string is refused (proxies log it): send it in an "
                "'Authorization: Bearer <token>' header",
                400,
            )
        if self.allowed is not None and "*" not in self.allowed:
            hosts = [v for k, v in scope.get("headers", []) if k.lower() == b"host"]
            name = host_name(hosts[0].decode("latin-1")) if len(hosts) == 1 else ""
            if name not in self.allowed:
                return _refusal("bad_host", "this server does not answer to that Host", 400)
        return None


class _Counted(StreamingResponse):
    """A streaming answer that gives its place back when it ends, however it ends."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(
            content,
            media_type="text/event-stream",
            # The server's clock in milliseconds (the Date header has whole seconds): a
            # page whose device clock is off counts its countdowns by this one.
            headers={
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
                "X-Server-Time": str(int(time.time() * 1000)),
            },
        )
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


#: How long a replay's or a save's answer may take to be read, in seconds: a client
#: that does not read it is cut off, so an unread answer holds neither a place of
#: ``MAX_REPLAYS`` nor its memory for longer.
SEND_SECONDS: Final = 30.0


class _Releasing(Response):
    """An answer that gives its place back once it is sent, its client gone or
    :data:`SEND_SECONDS` passed (the connection is then closed unfinished)."""

    def __init__(self, answer: Response, release: Callable[[], None]) -> None:
        self._answer = answer
        self._release = release
        self.status_code = answer.status_code
        self.background = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await asyncio.wait_for(self._answer(scope, receive, send), SEND_SECONDS)
        except asyncio.TimeoutError:
            pass  # the server closes a connection whose answer was not finished
        finally:
            self._release()


class _Slots:
    """At most ``size`` long jobs at once (replays, saves): past it, ``server_busy``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0

    def take(self) -> Callable[[], None]:
        """Take a place; the call that gives it back (once).

        Raises:
            TableError: ``server_busy`` (503) when every place is taken.
        """
        if self.busy >= self.size:
            raise TableError("the server is building as many replays as it may", "server_busy", 503)
        self.busy += 1
        given = False

        def release() -> None:
            nonlocal given
            if not given:
                given = True
                self.busy -= 1

        return release


#: How many wrong join codes one client address may type in :data:`JOIN_WINDOW` seconds
#: (past it ``too_many_guesses``, 429, even for a right code): with 25**6 codes a guesser
#: needs years to find a table.
MAX_JOIN_GUESSES: Final = 10
#: How many wrong join codes the server takes in :data:`JOIN_WINDOW` seconds from every
#: address together (many addresses guessing at once).
MAX_JOIN_GUESSES_TOTAL: Final = 3000
#: The window the join code's guessing limits count in, in seconds.
JOIN_WINDOW: Final = 60.0


class _Guesses:
    """The wrong join codes typed lately, per client address and in all."""

    def __init__(self, per_client: int, total: int, window: float) -> None:
        self.per_client, self.total, self.window = per_client, total, window
        self.clients: dict[str, list[float]] = {}
        self.all: list[float] = []

    def _recent(self, times: list[float], now: float) -> list[float]:
        return [at for at in times if at > now - self.window]

    def check(self, client: str) -> None:
        """Refuse a client that guessed too often lately.

        Raises:
            TableError: ``too_many_guesses`` (429).
        """
        now = time.monotonic()
        self.all = self._recent(self.all, now)
        mine = self._recent(self.clients.get(client, []), now)
        if mine:
            self.clients[client] = mine
        else:
            self.clients.pop(client, None)
        if len(mine) >= self.per_client or len(self.all) >= self.total:
            raise TableError(
                "too many wrong join codes lately: wait a minute", "too_many_guesses", 429
            )

    def wrong(self, client: str) -> None:
        """Count a wrong code of ``client``."""
        now = time.monotonic()
        if len(self.clients) > 10_000:  # forget the addresses that stopped guessing
            self.clients = {k: v for k, v in self.clients.items() if self._recent(v, now)}
        self.clients.setdefault(client, []).append(now)
        self.all.append(now)


class _Streams:
    """The event streams open, by client address and by token, within their limits."""

    def __init__(self, total: int, per_client: int, per_token: int) -> None:
        self.limits = (total, per_client, per_token)
        self.open = 0
        self.clients: dict[str, int] = {}
        self.tokens: dict[str, int] = {}

    def take(self, client: str, token: str) -> Callable[[], None]:
        """Take a place for a stream of ``client`` with ``token``; the call that gives it back.

        Raises:
            TableError: ``server_busy`` (503) past the total, ``too_many_streams`` (429)
                past the client's or the token's limit.
        """
        total, per_client, per_token = self.limits
        if self.open >= total:
            raise TableError("the server holds as many event streams as it may", "server_busy", 503)
        if self.clients.get(client, 0) >= per_client:
            raise TableError(
                f"this address holds {per_client} event streams already", "too_many_streams", 429
            )
        if self.tokens.get(token, 0) >= per_token:
            raise TableError(
                f"this link holds {per_token} event streams already", "too_many_streams", 429
            )
        self.open += 1
        self.clients[client] = self.clients.get(client, 0) + 1
        self.tokens[token] = self.tokens.get(token, 0) + 1
        given = False

        def release() -> None:
            nonlocal given
            if given:
                return
            given = True
            self.open -= 1
            for counts, key in ((self.clients, client), (self.tokens, token)):
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]

        return release


def create_app(
    target: Table | Server,
    *,
    base_url: str = "",
    lang: str | None = None,
    allowed_hosts: Sequence[str] | None = None,
    max_requests: int = MAX_REQUESTS,
    max_client_requests: int = MAX_CLIENT_REQUESTS,
    max_client_rate: float | None = None,
    max_streams: int = MAX_STREAMS,
    max_client_streams: int = MAX_CLIENT_STREAMS,
    max_token_streams: int = MAX_TOKEN_STREAMS,
    max_replays: int = MAX_REPLAYS,
    max_join_guesses: int = MAX_JOIN_GUESSES,
) -> Starlette:
    """A Starlette application serving one table or a whole server of tables.

    Args:
        target: A :class:`~millions_rules.web.Server` (its tables, its store), or a
            single :class:`~millions_rules.web.Table`, served from memory.
        base_url: The address links start with (``http://127.0.0.1:8000``), for the
            host's list of links.
        lang: The language of the words of a page opened without a token (by default
            the first table's).
        allowed_hosts: The names the ``Host`` header may give (others get ``bad_host``,
            400); ``None`` (the default here; ``serve`` passes the bound address and the
            localhost names) or ``"*"`` takes any.
        max_requests: The most requests served at once (``MAX_REQUESTS``).
        max_client_requests: The most requests of one client address served at once,
            event streams aside (``MAX_CLIENT_REQUESTS``).
        max_client_rate: The requests per second of one client address (``None``, the
            default: any; see ``MAX_CLIENT_RATE``).
        max_streams: The most event streams at once (``MAX_STREAMS``).
        max_client_streams: The most event streams of one client address
            (``MAX_CLIENT_STREAMS``).
        max_token_streams: The most event streams of one token (``MAX_TOKEN_STREAMS``).
        max_replays: The most replays and saves built at once (``MAX_REPLAYS``).
        max_join_guesses: The most wrong join codes of one client address in
            ``JOIN_WINDOW`` seconds (``MAX_JOIN_GUESSES``).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web import Table, create_app
    >>> app = create_app(Table(GameConfig(3, seed=1), bots=[1, 2]))
    >>> [route.path for route in app.routes]  # doctest: +NORMALIZE_WHITESPACE
    ['/', '/api/update', '/api/stream', '/api/words', '/api/act', '/api/save', '/api/links',
     '/api/tables', '/api/seat', '/api/close', '/replay', '/lobby', '/api/replay', '/join',
     '/screen', '/api/join', '/api/again', '/static/games/{game}/widgets.js',
     '/static']
    """
    if isinstance(target, Table):
        server = Server(MemoryStore())
        server.add(target)
    else:
        server = target
    if lang is None:
        lang = next(iter(server.tables.values())).lang if server.tables else "en"
    page_lang: str = lang
    streams = _Streams(max_streams, max_client_streams, max_token_streams)
    slots = _Slots(max_replays)
    guesses = _Guesses(max_join_guesses, MAX_JOIN_GUESSES_TOTAL, JOIN_WINDOW)
    ending = threading.Event()  # set when the server shuts down: every stream ends

    async def end_streams() -> None:
        # End every open event stream (before a shutdown waits for their connections).
        ending.set()
        await server.notify()

    async def page(request: Request) -> Response:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    async def widgets(request: Request) -> Response:
        # A game's widget script, from the registered game's page companion: the name is
        # only ever looked up among the registered games, never made into a path.
        name = request.path_params["game"]
        script = game_named(name).script() if name in game_names() else None
        if script is None:
            return _refusal("not_found", f"no widgets for game {name!r}", 404)
        return Response(script, media_type="text/javascript; charset=utf-8")

    async def replay(request: Request) -> Response:
        # GET: a finished table's replay for the token's holder; POST: a replay file's.
        # Either is built in a worker thread (the event loop goes on serving every table),
        # at most max_replays at once, each place held until its answer is sent.
        release: Callable[[], None] | None = None
        try:
            if request.method == "GET":
                token = _get_token(request)
                lang = request.query_params.get("lang")
                table = server.find(token)
                release = slots.take()
                answer = await run_in_threadpool(
                    lambda: JSONResponse(table_replay(table, token, lang))
                )
            else:
                release = slots.take()
                body = await read_body(request, MAX_REPLAY, off_loop=True)
                document, asked = body.get("document"), body.get("lang")
                answer = await run_in_threadpool(lambda: JSONResponse(file_replay(document, asked)))
            return _Releasing(answer, release)
        except TableError as error:
            if release is not None:
                release()
            return _error(error)
        except BaseException:
            if release is not None:
                release()
            raise

    async def update(request: Request) -> Response:
        try:
            token = _get_token(request)
            table = server.find(token)
            _opened(table, token)
            payload = table.update(
                token,
                _since_at(request, table),
                request.query_params.get("lang"),
                delayed=_delayed(request, table, token),
            )
        except TableError as error:
            return _error(error)
        return JSONResponse(payload)

    async def page_words(request: Request) -> Response:
        chosen = request.query_params.get("lang") or page_lang
        try:
            return JSONResponse({"lang": chosen, "words": words(chosen)})
        except ValueError:
            return _error(TableError(f"unknown language {chosen!r}", "bad_request", 400))

    async def stream(request: Request) -> Response:
        try:
            token = _get_token(request)
            lang = request.query_params.get("lang")
            table = server.find(token)
            _opened(table, token)
            since = _since_at(request, table)
            delayed = _delayed(request, table, token)
            first = table.update(token, since, lang, delayed=delayed)
            client = request.client.host if request.client is not None else ""
            release = streams.take(client, token)
        except TableError as error:
            return _error(error)

        async def events() -> AsyncIterator[str]:
            payload: dict[str, Any] | None = first
            cursor = since
            while True:
                if payload is not None:
                    view = payload["view"]
                    cursor = view.get("first_event", 0) + len(view.get("events", ()))
                    yield f"event: update\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"

                def shown() -> tuple[Any, ...]:
                    # What this page shows: a delayed view follows the states as they were;
                    # a live one is its etag (a private exchange of two other seats never
                    # changes it, so it never wakes this stream, nor its timing).
                    if delayed:
                        state = table.shown_state(time.time())
                        public = table.game.public_version(state)
                        return (public, table.bots, table.names, table.joined)
                    return (table.etag(token), table.names, table.joined)

                seen, version = shown(), table.version

                def moved(seen: Any = seen, version: int = version) -> bool:
                    return (
                        ending.is_set()
                        or table.closed
                        or shown() != seen
                        or table.version != version
                    )

                wait = _KEEP_ALIVE
                due = table.next_shown(time.time()) if delayed else None
                if due is not None:  # the delayed view moves on then
                    wait = min(wait, max(0.01, due - time.time()))
                async with server.changed:
                    try:
                        await asyncio.wait_for(server.changed.wait_for(moved), wait)
                    except asyncio.TimeoutError:
                        if shown() == seen:
                            payload = None
                            if wait == _KEEP_ALIVE:
                                yield ": keep-alive\n\n"
                            continue
                if table.closed or ending.is_set():
                    return
                if shown() == seen:  # the game moved; the delayed view has not yet
                    payload = None
                    continue
                try:
                    payload = table.update(token, cursor, lang, delayed=delayed)
                except TableError:  # the table was replaced under this client
                    return

        return _Counted(events(), release)

    async def act(request: Request) -> Response:
        asked: str | None = None
        try:
            body = await read_body(request)
            asked = _lang(body.get("lang"))
            version = await server.act(
                _token(body, request),
                body.get("action"),
                body.get("version"),
                asked,
                request=body.get("request"),
            )
        except TableError as error:
            return _error(error, asked)
        return JSONResponse({"version": version})

    async def save(request: Request) -> Response:
        try:
            table = server.host_of(_get_token(request), request.query_params.get("table"))
            release = slots.take()
        except TableError as error:
            return _error(error)
        try:
            saved = await run_in_threadpool(table.save)  # off the event loop
        except BaseException:
            release()
            raise
        answer = Response(
            saved,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="table-{table.id}.json"'},
        )
        return _Releasing(answer, release)

    async def links(request: Request) -> Response:
        try:
            table = server.host_of(_get_token(request), request.query_params.get("table"))
        except TableError as error:
            return _error(error)
        return JSONResponse(table_links(table, base_url))

    async def tables(request: Request) -> Response:
        try:
            if request.method == "GET":
                if not server.is_admin(_get_token(request)):
                    raise TableError("only the admin link may do this", "unknown_token", 403)
                listed = []
                for table in server.tables.values():
                    links = table_links(table, base_url)
                    listed.append(
                        {
                            **links,
                            "players": table.players,
                            "bots": list(table.bots),
                            "names": list(table.names),
                            "version": table.version,
                        }
                    )
                lang = request.query_params.get("lang") or page_lang
                if lang not in LOCALES:
                    raise TableError(f"unknown language {lang!r}", "bad_request", 400)
                return JSONResponse({"tables": listed, "games": lobby_games(lang)})
            body = await read_body(request)
            if not server.is_admin(_token(body, request)):
                raise TableError("only the admin link may do this", "unknown_token", 403)
            fields = {
                key: body[key]
                for key in (
                    "game",
                    "players",
                    "bots",
                    "lang",
                    "names",
                    "seed",
                    "options",
                    "turn_seconds",
                    "max_timeouts",
                    "bot_delay",
                    "press_seconds",
                    "talk_window",
                    "companion",
                    "spectator_delay",
                )
                if key in body
            }
            unknown = set(body) - set(fields) - {"token"}
            if unknown:
                raise TableError(
                    f"unknown fields: {', '.join(sorted(unknown))}", "bad_request", 400
                )
            table = await server.create(**fields)
        except TableError as error:  # in the lobby page's language (its ?lang=)
            return _error(error, request.query_params.get("lang"))
        return JSONResponse(table_links(table, base_url), status_code=201)

    async def seat(request: Request) -> Response:
        try:
            body = await read_body(request)
            table = await server.set_bot(
                _token(body, request), body.get("table"), body.get("seat"), body.get("bot")
            )
        except TableError as error:
            return _error(error)
        return JSONResponse({"table": table.id, "bots": list(table.bots), "version": table.version})

    async def close(request: Request) -> Response:
        try:
            body = await read_body(request)
            closed = await server.close(_token(body, request), body.get("table"))
        except TableError as error:
            return _error(error)
        return JSONResponse({"closed": closed})

    async def join(request: Request) -> Response:
        # A person types a table's join code and their name: the first free seat's link.
        asked: str | None = None
        client = request.client.host if request.client is not None else ""
        try:
            body = await read_body(request)
            asked = _lang(body.get("lang"))
            unknown = set(body) - {"code", "name", "lang"}
            if unknown:
                raise TableError(
                    f"unknown fields: {', '.join(sorted(unknown))}", "bad_request", 400
                )
            guesses.check(client)
            table = server.by_code(body.get("code"))
            if table is None:
                guesses.wrong(client)
                raise TableError("no open table has this join code", "wrong_code", 404)
            try:
                seat = await server.join(table, body.get("name"))
            except TableError as error:
                if error.code != "bad_request":
                    raise
                return _night_error(error, asked, "bad_name")  # say what a name may be
        except TableError as error:
            return _night_error(error, asked)
        token = table.seat_token(seat)
        return JSONResponse(
            {
                "table": table.id,
                "seat": seat,
                "name": table.names[seat],
                "token": token,
                "link": f"{base_url}/#{token}",
            }
        )

    async def again(request: Request) -> Response:
        # The host starts a new game at a finished table: the same seats and links.
        asked: str | None = None
        try:
            body = await read_body(request)
            asked = _lang(body.get("lang"))
            unknown = set(body) - {"token", "table", "options", "seed", "lang"}
            if unknown:
                raise TableError(
                    f"unknown fields: {', '.join(sorted(unknown))}", "bad_request", 400
                )
            fresh = await server.play_again(
                _token(body, request), body.get("table"), body.get("options"), body.get("seed")
            )
        except TableError as error:
            return _night_error(error, asked)
        return JSONResponse(table_links(fresh, base_url), status_code=201)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/update", update),
            Route("/api/stream", stream),
            Route("/api/words", page_words),
            Route("/api/act", act, methods=["POST"]),
            Route("/api/save", save),
            Route("/api/links", links),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/seat", seat, methods=["POST"]),
            Route("/api/close", close, methods=["POST"]),
            Route("/replay", page),
            Route("/lobby", page),
            Route("/api/replay", replay, methods=["GET", "POST"]),
            Route("/join", page),
            Route("/screen", page),
            Route("/api/join", join, methods=["POST"]),
            Route("/api/again", again, methods=["POST"]),
            Route("/static/games/{game}/widgets.js", widgets),
            Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
        ],
        lifespan=lifespan,
        middleware=[
            Middleware(
                _Guard,
                allowed_hosts=allowed_hosts,
                max_requests=max_requests,
                max_client_requests=max_client_requests,
                max_client_rate=max_client_rate,
            )
        ],
        exception_handlers={HTTPException: _http_error},
    )
    app.state.server = server
    app.state.end_streams = end_streams
    return app
