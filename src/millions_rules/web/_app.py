"""The HTTP face of a :class:`~millions_rules.web.Server`: a Starlette application.

Routes (every one but the page and its words takes a ``token``):

* ``GET /`` — the page; the token travels in the link's fragment (``/#TOKEN``), which
  browsers never send to a server or put in its logs; ``GET /lobby`` — the same page, as
  the admin's lobby (``/lobby#ADMIN``);
* ``GET /api/update?token=&since=&lang=`` — the client's view with the events after
  ``since``, narrated in ``lang``;
* ``GET /api/stream?token=&since=&lang=`` — the same as server-sent events, one
  ``update`` event each time the table changes, each carrying only new events;
* ``GET /api/words?lang=`` — every word of the page in ``lang``, for a page opened
  without a token (each update carries them too);
* ``POST /api/act`` with ``{"token", "version", "action"}`` — play an action;
* ``GET /api/save?token=`` — the host's download of the saved table;
* ``GET /api/links?token=`` — the host's list of every seat's link;
* ``GET /api/tables?token=`` and ``POST /api/tables`` — the admin's list of tables (with
  each one's links), and a new table;
* ``POST /api/seat`` with ``{"token", "seat", "bot"}`` — the host hands a seat to a bot
  or back;
* ``GET /replay`` — the page, replaying; ``GET /api/replay?token=&lang=`` — a finished
  table's replay as the token's holder saw it, and ``POST /api/replay`` with
  ``{"document", "lang"}`` — a replay file's, narrated (up to :data:`MAX_REPLAY` bytes);
* ``POST /api/close`` with ``{"token"}`` — the host (or the admin, with ``table``)
  closes a table.

Every refusal is ``{"error": code, "message": ...}`` with a 4xx status; a body is read
only up to :data:`MAX_BODY` bytes (``body_too_large``, 413) and only for
:data:`BODY_SECONDS` (``body_timeout``, 408), then parsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ._replay import file_replay, table_replay
from ._server import Server
from ._store import MemoryStore
from ._table import Table, TableError
from ._teach import localize
from ._words import words

__all__ = ["BODY_SECONDS", "MAX_BODY", "MAX_DEPTH", "MAX_REPLAY", "create_app"]

_STATIC = resources.files("millions_rules.web") / "static"
# How long a quiet event stream waits before a keep-alive comment.
_KEEP_ALIVE = 15.0
#: The largest request body read, in bytes (an action is a few hundred).
MAX_BODY: Final = 64 * 1024
#: The largest replay file the page may send to be narrated, in bytes.
MAX_REPLAY: Final = 8 * 1024 * 1024
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


async def read_body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, read and checked within the limits.

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


def _token(body: dict[str, Any]) -> str:
    token = body.get("token")
    if not isinstance(token, str):
        raise TableError("expected a token", "bad_request", 400)
    return token


def _lang(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TableError("lang must be a string", "bad_request", 400)
    return value


def table_links(table: Table, base_url: str) -> dict[str, Any]:
    """Every link of ``table``: ``seats`` (``seat``, ``name``, ``bot``, ``link``),
    ``spectator`` and ``host``; a bot's seat has no link."""
    seats = [
        {
            "seat": seat,
            "name": table.names[seat],
            "bot": seat in table.bots,
            "link": None if seat in table.bots else f"{base_url}/#{table.seat_token(seat)}",
        }
        for seat in range(table.players)
    ]
    return {
        "table": table.id,
        "game": table.game.name,
        "seats": seats,
        "spectator": f"{base_url}/#{table.spectator_token}",
        "host": f"{base_url}/#{table.host_token}",
    }


def create_app(target: Table | Server, *, base_url: str = "", lang: str | None = None) -> Starlette:
    """A Starlette application serving one table or a whole server of tables.

    Args:
        target: A :class:`~millions_rules.web.Server` (its tables, its store), or a
            single :class:`~millions_rules.web.Table`, served from memory.
        base_url: The address links start with (``http://127.0.0.1:8000``), for the
            host's list of links.
        lang: The language of the words of a page opened without a token (by default
            the first table's).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web import Table, create_app
    >>> app = create_app(Table(GameConfig(3, seed=1), bots=[1, 2]))
    >>> [route.path for route in app.routes]  # doctest: +NORMALIZE_WHITESPACE
    ['/', '/api/update', '/api/stream', '/api/words', '/api/act', '/api/save', '/api/links',
     '/api/tables', '/api/seat', '/api/close', '/replay', '/lobby', '/api/replay', '/static']
    """
    if isinstance(target, Table):
        server = Server(MemoryStore())
        server.add(target)
    else:
        server = target
    if lang is None:
        lang = next(iter(server.tables.values())).lang if server.tables else "en"
    page_lang: str = lang

    async def page(request: Request) -> Response:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    async def replay(request: Request) -> Response:
        # GET: a finished table's replay for the token's holder; POST: a replay file's.
        try:
            if request.method == "GET":
                token = request.query_params.get("token", "")
                lang = request.query_params.get("lang")
                return JSONResponse(table_replay(server.find(token), token, lang))
            body = await read_body(request, MAX_REPLAY)
            # Narrating a long file takes a while: off the event loop, so tables go on.
            answer = await run_in_threadpool(file_replay, body.get("document"), body.get("lang"))
            return JSONResponse(answer)
        except TableError as error:
            return _error(error)

    async def update(request: Request) -> Response:
        try:
            token = request.query_params.get("token", "")
            table = server.find(token)
            payload = table.update(token, _since(request), request.query_params.get("lang"))
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
            token = request.query_params.get("token", "")
            since = _since(request)
            lang = request.query_params.get("lang")
            table = server.find(token)
            first = table.update(token, since, lang)
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
                seen = (table.version, table.deadline, table.bots)

                def moved(seen: Any = seen) -> bool:
                    return table.closed or (table.version, table.deadline, table.bots) != seen

                async with server.changed:
                    try:
                        await asyncio.wait_for(server.changed.wait_for(moved), _KEEP_ALIVE)
                    except asyncio.TimeoutError:
                        payload = None
                        yield ": keep-alive\n\n"
                        continue
                if table.closed:
                    return
                try:
                    payload = table.update(token, cursor, lang)
                except TableError:  # the table was replaced under this client
                    return

        return StreamingResponse(
            events(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def act(request: Request) -> Response:
        asked: str | None = None
        try:
            body = await read_body(request)
            asked = _lang(body.get("lang"))
            version = await server.act(_token(body), body.get("action"), body.get("version"), asked)
        except TableError as error:
            return _error(error, asked)
        return JSONResponse({"version": version})

    async def save(request: Request) -> Response:
        try:
            table = server.host_of(
                request.query_params.get("token", ""), request.query_params.get("table")
            )
        except TableError as error:
            return _error(error)
        return Response(
            table.save(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="table-{table.id}.json"'},
        )

    async def links(request: Request) -> Response:
        try:
            table = server.host_of(
                request.query_params.get("token", ""), request.query_params.get("table")
            )
        except TableError as error:
            return _error(error)
        return JSONResponse(table_links(table, base_url))

    async def tables(request: Request) -> Response:
        try:
            if request.method == "GET":
                if not server.is_admin(request.query_params.get("token", "")):
                    raise TableError("only the admin link may do this", "unknown_token", 403)
                listed = []
                for table in server.tables.values():
                    links = table_links(table, base_url)
                    listed.append(
                        {
                            "table": table.id,
                            "game": table.game.name,
                            "players": table.players,
                            "bots": list(table.bots),
                            "names": list(table.names),
                            "version": table.version,
                            "over": table.game.is_over(table.state),
                            "host": links["host"],
                            "seats": links["seats"],
                            "spectator": links["spectator"],
                        }
                    )
                return JSONResponse({"tables": listed})
            body = await read_body(request)
            if not server.is_admin(_token(body)):
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
                _token(body), body.get("table"), body.get("seat"), body.get("bot")
            )
        except TableError as error:
            return _error(error)
        return JSONResponse({"table": table.id, "bots": list(table.bots), "version": table.version})

    async def close(request: Request) -> Response:
        try:
            body = await read_body(request)
            closed = await server.close(_token(body), body.get("table"))
        except TableError as error:
            return _error(error)
        return JSONResponse({"closed": closed})

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
            Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
