"""An MCP server that seats an agent at a table of either game (the ``[llm]`` extra, ``mcp``).

:func:`create_server` serves one seat of a :class:`~millions_rules.text.ChatHost` (people
and bots around it, stored like any chat table), and :func:`create_remote_server` one seat
of a web-server table (``millions-rules serve``), played over its HTTP API with the seat's
token (:class:`~millions_rules.llm.RemoteSeat`), with the same five tools:

* ``status``: what the seat knows, in words;
* ``legal_moves``: what it can do now, one command per line with its explanation;
* ``act``: play a command of the notation (a refusal says why, with the nearest legal
  commands, and changes nothing);
* ``say``: talk to the table, as the game's table talk (``/say``; no rule effect), which
  the group hears as when a person types it;
* ``wait_for_turn``: return when the seat is awaited or the game has ended, with what the
  seat was told in the meantime.

Run one over stdio for a desktop agent, at a new table with bots::

    python -m millions_rules.llm.mcp_server --game millions --players 4 --seat 1

or at a seat of a web-server table, given the seat's link (its token in the fragment, or
in ``--token``, or in the ``MILLIONS_SEAT_TOKEN`` environment variable, which no process
list shows)::

    python -m millions_rules.llm.mcp_server --url "http://127.0.0.1:8000/#TOKEN"
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import math
import os
import sys
from typing import Any

from .._common.errors import ConfigError
from .._common.game import seats_due
from ..games import GAMES
from ..text import (
    ChatHost,
    Message,
    NotationError,
    command,
    is_secret,
    menu,
    narrate,
    parse_command,
    status,
)
from ._remote import _HEADS, _NO_TALK, MAX_WAIT_SECONDS, RemoteError, RemoteSeat

__all__ = ["Seat", "create_remote_server", "create_server", "main"]

#: How often a local seat's ``wait_for_turn`` looks at the table, in seconds.
_POLL_SECONDS = 0.05


class Seat:
    """One seat of a chat table, as the MCP tools see it: what it was told, and its turn."""

    def __init__(self, host: ChatHost, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.inbox: list[str] = []
        """What the seat was told since the tools last returned it."""
        self.said: list[Message] = []
        """What the host told the group when the seat talked with ``say``."""
        self._cursor = 0  # the events of the seat's view already told

    def _keep(self, messages: list[Message]) -> None:
        # The new events of the seat's own view, told to it (its deeds in the second
        # person), then what the host told it alone that tells no event (a refusal).
        game, names = self.host.game, list(self.host.names)
        seen = game.view(self.host.state, self.seat, since=self._cursor)
        events = game.view_events(seen)
        self._cursor += len(events)
        told = [narrate(event, self.seat, names=names, locale=self.host.locale) for event in events]
        self.inbox += told
        self.inbox += [m.text for m in messages if m.to == self.seat and m.text not in told]

    def _drain(self) -> str:
        told, self.inbox = self.inbox, []
        return "\n".join(told)

    def status(self) -> str:
        """The seat's status in words."""
        seen = self.host.game.view(self.host.state, self.seat)
        return status(seen, names=list(self.host.names), locale=self.host.locale)

    def legal_moves(self) -> str:
        """The seat's menu, one command per line."""
        seen = self.host.game.view(self.host.state, self.seat)
        entries = menu(seen, names=list(self.host.names), locale=self.host.locale)
        return "\n".join(f"{entry.command} · {entry.explanation}" for entry in entries)

    def act(self, command: str) -> str:
        """Play ``command`` (privately: secrets are safe); what the seat is told back."""
        self._keep(self.host.handle(self.seat, command, private=True))
        return self._drain()

    def say(self, text: str) -> str:
        """Say ``text`` to the table, as the game's table talk (``/say``, R-TALK-1) if it has
        one: the host tells the group, as when a person types it; what the seat is told
        back. A game with no talk (Currency Torraku) says so, and a refusal of the rules
        (R-TALK-4) says why; nothing changes then."""
        host, names = self.host, list(self.host.names)
        said = " ".join(str(text).split())[:280]
        seen = host.game.view(host.state, self.seat)
        try:
            action = parse_command("/say " + said, seen, names=names, locale=host.locale)
        except NotationError as error:
            if error.code == "unknown_command":
                return _NO_TALK.render(host.locale)
            return error.localized(host.locale)
        typed = command(action, names=names, locale=host.locale)
        # Talk to one seat (``@name`` first) is private (R-TALK-1): it goes as a private message.
        messages = host.handle(self.seat, typed, private=is_secret(action, seen))
        self.said += [message for message in messages if message.to is None]
        self._keep(messages)
        return self._drain()

    def my_turn(self) -> bool:
        """Whether the game awaits this seat (or has ended)."""
        return self.host.is_over or self.seat in seats_due(self.host.game, self.host.state)

    async def wait_for_turn(self, timeout: float = 30.0) -> str:
        """Wait until :meth:`my_turn`, at most ``timeout`` seconds (and
        :data:`~millions_rules.llm.MAX_WAIT_SECONDS`, as a remote seat); what the seat was
        told."""
        seconds = min(max(float(timeout), 0.0), MAX_WAIT_SECONDS) if timeout == timeout else 0.0
        for _ in range(math.ceil(seconds / _POLL_SECONDS)):
            if self.my_turn():
                break
            await asyncio.sleep(_POLL_SECONDS)
        self._keep([])
        told = self._drain()
        key = "over" if self.host.is_over else ("turn" if self.my_turn() else "waiting")
        head = _HEADS[key].render(self.host.locale)
        return f"{head}\n{told}" if told else head


def _serve(seated: Seat | RemoteSeat, name: str) -> Any:
    # The five tools over a seat, local or remote (whose tools are coroutines).
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:  # pragma: no cover - mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server

    server = Server(name)

    async def done(result: Any) -> str:
        return str(await result) if inspect.isawaitable(result) else str(result)

    async def status() -> str:
        """What your seat knows now, in words."""
        return await done(seated.status())

    async def legal_moves() -> str:
        """What you can do now: one command per line, with what it does."""
        return await done(seated.legal_moves())

    async def act(command: str) -> str:
        """Play one command of the game's notation, such as /choose driver or /pay @Bo 2M."""
        return await done(seated.act(command))

    async def say(text: str) -> str:
        """Say something to the table (it has no effect on the rules; bluff freely)."""
        return await done(seated.say(text))

    async def wait_for_turn(timeout: float = 30.0) -> str:
        """Wait until it is your move (or the game ends); returns what you were told."""
        return await seated.wait_for_turn(timeout)

    for tool in (status, legal_moves, act, say, wait_for_turn):
        server.tool()(tool)
    server.seat = seated
    return server


def create_server(host: ChatHost, seat: int, *, name: str = "millions-rules") -> Any:
    """An MCP server (``mcp``'s MCPServer, or FastMCP in older SDKs) for ``seat`` of ``host``."""
    seated = Seat(host, seat)
    seated._keep(host.start() if host.game.version(host.state) == 0 else [])
    return _serve(seated, name)


def create_remote_server(
    url: str,
    token: str | None = None,
    *,
    locale: str | None = None,
    name: str = "millions-rules",
    client: Any = None,
) -> Any:
    """An MCP server for the seat of a web-server table whose link is ``url`` (or whose
    token is ``token``): every tool asks the server, with the seat's token, for the seat's
    own view (see :class:`~millions_rules.llm.RemoteSeat`, which ``server.seat`` holds).

    Raises:
        RemoteError: If ``url`` is no http(s) address or no token is given.
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    return _serve(RemoteSeat(url, token, locale=locale, client=client), name)


def main(argv: list[str] | None = None, *, prog: str | None = None) -> int:
    """Serve one seat over stdio: of a new table with bots in the others, or with ``--url``
    of a web-server table."""
    parser = argparse.ArgumentParser(prog=prog, description="Seat an MCP agent at a table.")
    parser.add_argument("--game", default="millions", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seat", type=int, default=1, help="the agent's seat, from 1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lang", default=None, choices=["en", "es", "zh"])
    parser.add_argument("--url", help="a seat's link at a web-server table (…/#TOKEN)")
    parser.add_argument("--token", help="the seat's token, if not in the link")
    options = parser.parse_args(argv)
    try:
        if options.url is not None:
            token = options.token or os.environ.get("MILLIONS_SEAT_TOKEN") or None
            server = create_remote_server(options.url, token, locale=options.lang)
        else:
            seat = options.seat - 1
            if not 0 <= seat < options.players:
                parser.error(f"--seat must be from 1 to {options.players}")
            names = [f"player {index + 1}" for index in range(options.players)]
            bots = {other: "rule" for other in range(options.players) if other != seat}
            locale = options.lang or "en"
            host = ChatHost(options.game, names, bots=bots, seed=options.seed, locale=locale)
            server = create_server(host, seat)
    except RemoteError as error:
        parser.error(error.message)
    except ConfigError as error:
        parser.error(str(error))
    except ImportError as error:
        print(
            f'the MCP server needs the llm extra ({error.name} is missing): pip install "millions-rules[llm]"',
            file=sys.stderr,
        )
        return 2
    server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
