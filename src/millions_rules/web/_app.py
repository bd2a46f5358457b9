"""The HTTP face of a :class:`~millions_rules.web.Table`: a Starlette application.

Routes (every one but the page and its words takes the client's ``token``):

* ``GET /`` — the page; the token travels in the link's fragment (``/#TOKEN``), which
  browsers never send to a server or put in its logs;
* ``GET /api/update?token=&since=&lang=`` — the client's view with the events after
  ``since``, narrated in ``lang``;
* ``GET /api/stream?token=&since=&lang=`` — the same as server-sent events, one
  ``update`` event each time the table changes, each carrying only new events;
* ``GET /api/words?lang=`` — every word of the page in ``lang`` (the table's by
  default), for a page opened without a token (each update carries them too);
* ``POST /api/act`` with ``{"token", "version", "action"}`` — play an action;
* ``GET /api/save?token=`` — the host's download of the saved table;
* ``GET /api/links?token=`` — the host's list of every seat's link.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ._table import Table, TableError

__all__ = ["create_app"]

_STATIC = resources.files("millions_rules.web") / "static"
# How long a quiet event stream waits before a keep-alive comment.
_KEEP_ALIVE = 15.0


def _error(error: TableError) -> JSONResponse:
    return JSONResponse({"error": error.code, "message": str(error)}, status_code=error.status)


def _since(request: Request) -> int:
    raw = request.query_params.get("since", "0")
    if not raw.isdigit() or len(raw) > 9:
        raise TableError("since must be a whole number", "bad_request", 400)
    return int(raw)


def create_app(table: Table, *, base_url: str = "") -> Starlette:
    """A Starlette application serving ``table``.

    Args:
        table: The table to host.
        base_url: The address links start with (``http://127.0.0.1:8000``), for the
            host's list of links.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web import Table, create_app
    >>> app = create_app(Table(GameConfig(3, seed=1), bots=[1, 2]))
    >>> [route.path for route in app.routes]
    ['/', '/api/update', '/api/stream', '/api/words', '/api/act', '/api/save', '/api/links', '/static']
    """
    changed = asyncio.Condition()

    async def page(request: Request) -> Response:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    async def update(request: Request) -> Response:
        try:
            token = request.query_params.get("token", "")
            payload = table.update(token, _since(request), request.query_params.get("lang"))
        except TableError as error:
            return _error(error)
        return JSONResponse(payload)

    async def page_words(request: Request) -> Response:
        try:
            return JSONResponse(table.words(request.query_params.get("lang")))
        except TableError as error:
            return _error(error)

    async def stream(request: Request) -> Response:
        try:
            token = request.query_params.get("token", "")
            since = _since(request)
            lang = request.query_params.get("lang")
            first = table.update(token, since, lang)
        except TableError as error:
            return _error(error)

        async def events() -> AsyncIterator[str]:
            payload: dict[str, Any] | None = first
            cursor = since
            while True:
                if payload is not None:
                    cursor = payload["view"]["first_event"] + len(payload["view"]["events"])
                    yield f"event: update\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"
                version = table.version

                def moved(seen: int = version) -> bool:
                    return table.version != seen

                async with changed:
                    try:
                        await asyncio.wait_for(
                            changed.wait_for(moved),
                            _KEEP_ALIVE,
                        )
                    except asyncio.TimeoutError:
                        payload = None
                        yield ": keep-alive\n\n"
                        continue
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
        try:
            try:
                body = await request.json()
            except ValueError as error:
                raise TableError("the body is not JSON", "bad_request", 400) from error
            if not isinstance(body, dict) or not isinstance(body.get("token"), str):
                raise TableError("expected {token, version, action}", "bad_request", 400)
            lang = body.get("lang")
            if lang is not None and not isinstance(lang, str):
                raise TableError("lang must be a string", "bad_request", 400)
            version = table.act(body["token"], body.get("action"), body.get("version"), lang)
        except TableError as error:
            return _error(error)
        async with changed:
            changed.notify_all()
        return JSONResponse({"version": version})

    def _host(request: Request) -> None:
        if not table.is_host(request.query_params.get("token", "")):
            raise TableError("only the host link may do this", "unknown_token", 403)

    async def save(request: Request) -> Response:
        try:
            _host(request)
        except TableError as error:
            return _error(error)
        return Response(
            table.save(),
            media_type="application/json",
            headers={"Content-Disposition": 'attachment; filename="table.json"'},
        )

    async def links(request: Request) -> Response:
        try:
            _host(request)
        except TableError as error:
            return _error(error)
        seats = [
            {
                "seat": seat,
                "name": table.names[seat],
                "bot": seat in table.bots,
                "link": None if seat in table.bots else f"{base_url}/#{table.seat_token(seat)}",
            }
            for seat in range(table.state.players)
        ]
        return JSONResponse({"seats": seats, "spectator": f"{base_url}/#{table.spectator_token}"})

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/update", update),
            Route("/api/stream", stream),
            Route("/api/words", page_words),
            Route("/api/act", act, methods=["POST"]),
            Route("/api/save", save),
            Route("/api/links", links),
            Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
        ]
    )
