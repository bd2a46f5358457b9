"""One seat of a web-server table, played over the server's HTTP API with the seat's token.

:class:`RemoteSeat` is what the MCP server's tools call for a table of ``millions-rules
serve`` (:func:`~millions_rules.llm.mcp_server.create_remote_server`). Everything it shows
is made from what the server sends to the seat's token: the seat's own view (``GET
/api/update``, and the event stream ``GET /api/stream`` while it waits), read back into the
game's view type and put in words by :mod:`millions_rules.text`; an action goes to ``POST
/api/act`` with the version the seat last saw. The server stays the judge of every action:
a refusal comes back in its words, and nothing changes.

Bounded work: each answer is read up to :data:`MAX_ANSWER_BYTES` (a longer one is refused),
every request has a time limit, and :meth:`RemoteSeat.wait_for_turn` waits at most
:data:`MAX_WAIT_SECONDS`.
"""

from __future__ import annotations

import json
import secrets
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any, Final

from .._common.i18n import check_locale, msg
from .._common.notation import NotationError
from ..games import AnyGame, get_game
from ..text import menu, narrate, parse_command, status

__all__ = ["MAX_ANSWER_BYTES", "MAX_WAIT_SECONDS", "RemoteError", "RemoteSeat", "seat_link"]

#: The largest answer read from the server, in bytes (a view of a long game is far smaller).
MAX_ANSWER_BYTES: Final = 4 * 1024 * 1024
#: The longest :meth:`RemoteSeat.wait_for_turn` waits, in seconds, whatever it is asked.
MAX_WAIT_SECONDS: Final = 300.0
#: Each request's time limit (connect, read, write), in seconds.
REQUEST_SECONDS: Final = 20.0

_UNREACHABLE: Final = msg(
    "text.remote.unreachable", "The table's server cannot be reached: try again."
)
_REFUSED: Final = msg("text.remote.refused", "The table's server refused: {message}")
_NO_TALK: Final = msg("text.remote.no_talk", "This table takes no table talk.")
_CLOSED: Final = msg("text.remote.closed", "The host closed this table.")
_HEADS: Final = {
    "over": msg("text.remote.head.over", "game over"),
    "turn": msg("text.remote.head.turn", "your move"),
    "waiting": msg("text.remote.head.waiting", "waiting"),
}


class RemoteError(Exception):
    """The server could not be reached, or answered what is no answer of a table.

    Attributes:
        code: ``"unreachable"`` (no connection, a time limit, a broken stream),
            ``"refused"`` (the server answered a refusal: :attr:`message` is its own),
            or ``"bad_answer"`` (too large, not JSON, no view of a known game).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        """What went wrong, in words (the server's message for ``refused``)."""


def seat_link(url: str, token: str | None = None) -> tuple[str, str]:
    """The server's base address and the seat's token, from a seat's link.

    A link as ``serve`` prints it carries the token in its fragment
    (``http://127.0.0.1:8000/#TOKEN``); ``token`` is used instead when given.

    >>> from millions_rules.llm import seat_link
    >>> seat_link("http://127.0.0.1:8000/#s3cret")
    ('http://127.0.0.1:8000', 's3cret')
    >>> seat_link("https://games.example/tables/", token="t0k")
    ('https://games.example/tables', 't0k')

    Raises:
        RemoteError: If the address is no http(s) address, or no token is given
            (code ``bad_answer``).
    """
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise RemoteError("bad_answer", f"a seat's link starts with http:// or https://: {url!r}")
    chosen = token if token else urllib.parse.unquote(parts.fragment)
    if not chosen:
        raise RemoteError("bad_answer", "no seat token: give the seat's link (…/#TOKEN) or a token")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))
    return base, chosen


class RemoteSeat:
    """One seat of a web-server table, as the MCP tools see it (see the module's text).

    Args:
        url: The seat's link (``http://host:port/#TOKEN``) or the server's address.
        token: The seat's token, if not in ``url``'s fragment.
        locale: The language of every answer (by default the table's).
        client: An ``httpx.AsyncClient`` to send the requests with (tests pass one); by
            default one of its own, with a time limit of 20 seconds a request.

    Raises:
        RemoteError: As :func:`seat_link`.
        millions_rules.LocaleError: If ``locale`` is unknown.
    """

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        locale: str | None = None,
        client: Any = None,
    ) -> None:
        self.base, token = seat_link(url, token)
        import httpx

        self.locale: str | None = None if locale is None else check_locale(locale)
        self._headers = {"Authorization": f"Bearer {token}"}
        self._client = client or httpx.AsyncClient(timeout=REQUEST_SECONDS)
        self._cursor = 0
        self.inbox: list[str] = []
        """What the seat was told since the tools last returned it (the narrated events)."""
        self.game: AnyGame | None = None
        """The table's game, once the server has answered."""
        self.seat: int | None = None
        """The seat's number, from 0, once the server has answered."""
        self.view: Any = None
        """The seat's view as the server last sent it."""
        self.payload: dict[str, Any] = {}
        """The server's last update for the seat (``names``, ``version``, ``actions``...)."""

    # --- the server's answers ---------------------------------------------------------------
    @property
    def language(self) -> str:
        """The answers' language (the one asked for, else the table's)."""
        return self.locale or str(self.payload.get("lang") or "en")

    @property
    def names(self) -> list[str]:
        """The players' names, by seat, as the table gives them."""
        return [str(name) for name in self.payload.get("names", ())]

    def _query(self) -> dict[str, str]:
        query = {"since": str(self._cursor)}
        if self.locale is not None:
            query["lang"] = self.locale
        return query

    async def _read(self, response: Any) -> dict[str, Any]:
        # The answer's JSON, read up to MAX_ANSWER_BYTES; a refusal raises RemoteError.
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > MAX_ANSWER_BYTES:
                raise RemoteError("bad_answer", f"an answer over {MAX_ANSWER_BYTES} bytes")
        try:
            answer = json.loads(body)
        except ValueError as error:
            raise RemoteError("bad_answer", f"an answer that is no JSON: {error}") from error
        if not isinstance(answer, dict):
            raise RemoteError("bad_answer", "an answer that is no JSON object")
        if response.status_code >= 400:
            message = answer.get("message")
            raise RemoteError("refused", str(message if message else answer.get("error")))
        return answer

    async def _request(self, method: str, path: str, **options: Any) -> dict[str, Any]:
        import httpx

        try:
            async with self._client.stream(
                method, self.base + path, headers=self._headers, **options
            ) as response:
                return await self._read(response)
        except httpx.HTTPError as error:
            raise RemoteError("unreachable", str(error) or type(error).__name__) from error

    def _take(self, payload: dict[str, Any]) -> None:
        # An update of the seat: its view read back, its new events narrated to it.
        try:
            game = get_game(str(payload["game"]))
            seen = game.from_json(json.dumps(payload["view"]), game.view_type)
            first = payload["view"].get("first_event", 0)
            names = payload.get("names", [])
            if type(first) is not int or first < 0 or not isinstance(names, list):
                raise TypeError("first_event or names")
        except Exception as error:  # anything a hostile answer holds is a bad answer
            raise RemoteError("bad_answer", f"no view of a known game: {error}") from error
        self.game, self.view, self.payload = game, seen, payload
        self.seat = game.view_seat(seen)
        events = game.view_events(seen)
        self._cursor = first + len(events)
        if self.seat is not None:
            for event in events:
                self.inbox.append(narrate(event, self.seat, names=self.names, locale=self.language))

    async def refresh(self) -> None:
        """Ask the server for the seat's view and the events it has not seen yet.

        Raises:
            RemoteError: If the server cannot be reached or refuses (a bad token, a
                closed table).
        """
        self._take(await self._request("GET", "/api/update", params=self._query()))

    def _drain(self) -> str:
        told, self.inbox = self.inbox, []
        return "\n".join(told)

    def _problem(self, error: RemoteError) -> str:
        if error.code == "refused":
            return _REFUSED.render(self.language, message=error.message)
        return _UNREACHABLE.render(self.language)

    # --- the tools --------------------------------------------------------------------------
    async def status(self) -> str:
        """The seat's status in words, from its view as the server sends it now."""
        try:
            await self.refresh()
        except RemoteError as error:
            return self._problem(error)
        return status(self.view, names=self.names, locale=self.language)

    def _refused_here(self) -> tuple[type, ...]:
        # The action classes the table refuses (its page's, e.g. Millions' offers and talk).
        page = self.game.companions.page if self.game is not None else None
        return page.refused if page is not None else ()

    async def legal_moves(self) -> str:
        """The seat's menu, one command per line, without what the table refuses."""
        try:
            await self.refresh()
        except RemoteError as error:
            return self._problem(error)
        refused = self._refused_here()
        entries = menu(self.view, names=self.names, locale=self.language)
        return "\n".join(
            f"{entry.command} · {entry.explanation}"
            for entry in entries
            if not all(isinstance(action, refused) for action in entry.actions)
        )

    async def _send(self, action: Any) -> str:
        assert self.game is not None
        body = {
            "version": self.payload.get("version"),
            "action": json.loads(self.game.to_json(action)),
            "lang": self.language,
            "request": secrets.token_hex(8),
        }
        try:
            await self._request("POST", "/api/act", json=body)
            await self.refresh()
        except RemoteError as error:
            told = self._drain()
            return "\n".join(filter(None, [told, self._problem(error)]))
        return self._drain()

    async def act(self, command: str) -> str:
        """Play ``command`` of the notation: read against the seat's fresh view, then sent
        to the server; what the seat is told back (a refusal changes nothing)."""
        try:
            await self.refresh()
        except RemoteError as error:
            return self._problem(error)
        try:
            action = parse_command(command, self.view, names=self.names, locale=self.language)
        except NotationError as error:
            return error.localized(self.language)
        return await self._send(action)

    async def say(self, text: str) -> str:
        """Say ``text`` to the table, as the game's table talk (``/say``) if it has one; the
        server refuses it at a table that takes no talk."""
        try:
            await self.refresh()
        except RemoteError as error:
            return self._problem(error)
        said = " ".join(str(text).split())[:280]
        try:
            action = parse_command("/say " + said, self.view, names=self.names, locale="en")
        except NotationError:
            return _NO_TALK.render(self.language)
        return await self._send(action)

    def my_turn(self) -> bool:
        """Whether, as the server last said, the seat has a move to make or the game is over."""
        return bool(self.payload.get("actions")) or self.payload.get("winners") is not None

    async def _updates(self, seconds: float) -> AsyncIterator[dict[str, Any]]:
        # The stream's update events (server-sent events, read with the same byte limit).
        import httpx

        timeout = httpx.Timeout(REQUEST_SECONDS, read=seconds + REQUEST_SECONDS)
        async with self._client.stream(
            "GET", self.base + "/api/stream", params=self._query(), headers=self._headers,
            timeout=timeout,
        ) as response:  # fmt: skip
            if response.status_code >= 400:
                await self._read(response)
            buffer = b""
            async for chunk in response.aiter_bytes():
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    data = [
                        line[5:].strip() for line in block.split(b"\n") if line.startswith(b"data:")
                    ]
                    if data:
                        try:
                            yield json.loads(b"\n".join(data))
                        except ValueError as error:
                            message = f"an update that is no JSON: {error}"
                            raise RemoteError("bad_answer", message) from error
                if len(buffer) > MAX_ANSWER_BYTES:
                    raise RemoteError("bad_answer", f"an update over {MAX_ANSWER_BYTES} bytes")

    async def wait_for_turn(self, timeout: float = 30.0) -> str:
        """Wait until the seat has a move or the game is over, at most ``timeout`` seconds
        (and :data:`MAX_WAIT_SECONDS`), reading the server's event stream; the head line
        (``your move``, ``game over`` or ``waiting``) and what the seat was told meanwhile."""
        import anyio
        import httpx

        seconds = min(max(float(timeout), 0.0), MAX_WAIT_SECONDS) if timeout == timeout else 0.0
        problem = None
        try:
            await self.refresh()
            if not self.my_turn() and seconds > 0:
                with anyio.move_on_after(seconds):
                    async for payload in self._updates(seconds):
                        self._take(payload)
                        if self.my_turn():
                            break
                    else:
                        problem = _CLOSED.render(self.language)
        except httpx.HTTPError as error:
            problem = self._problem(RemoteError("unreachable", str(error) or type(error).__name__))
        except RemoteError as error:
            problem = self._problem(error)
        if self.payload.get("winners") is not None:
            head = "over"
        else:
            head = "turn" if self.my_turn() else "waiting"
        lines = [_HEADS[head].render(self.language), self._drain(), problem or ""]
        return "\n".join(line for line in lines if line)

    async def aclose(self) -> None:
        """Close the HTTP client."""
        await self._client.aclose()
