"""An MCP server that seats an agent at a table of either game (the ``[llm]`` extra, ``mcp``).

:func:`create_server` serves one seat of a :class:`~millions_rules.text.ChatHost` (people
and bots around it, stored like any chat table) with five tools:

* ``status``: what the seat knows, in words;
* ``legal_moves``: what it can do now, one command per line with its explanation;
* ``act``: play a command of the notation (a refusal says why, with the nearest legal
  commands, and changes nothing);
* ``say``: talk to the table (no rule effect; it reaches the other seats as a message);
* ``wait_for_turn``: return when the seat is awaited or the game has ended, with what the
  seat was told in the meantime.

Run one over stdio for a desktop agent::

    python -m millions_rules.llm.mcp_server --game millions --players 4 --seat 1
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from ..text import ChatHost, Message, menu, status

__all__ = ["Seat", "create_server", "main"]


class Seat:
    """One seat of a chat table, as the MCP tools see it: what it was told, and its turn."""

    def __init__(self, host: ChatHost, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.inbox: list[str] = []
        self.said: list[Message] = []
        """What the seat said with ``say``, addressed to the group."""

    def _keep(self, messages: list[Message]) -> None:
        self.inbox += [message.text for message in messages if message.to in (None, self.seat)]

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
        """Say ``text`` to the table (no rule effect)."""
        name = self.host.names[self.seat]
        message = Message(None, f"{name}: {text[:280]}")
        self.said.append(message)
        return message.text

    def my_turn(self) -> bool:
        """Whether the game awaits this seat (or has ended)."""
        state = self.host.state
        awaiting = getattr(state, "awaiting", None)
        seats = tuple(awaiting) if awaiting is not None else self.host.game.actors(state)
        return self.host.is_over or self.seat in seats

    async def wait_for_turn(self, timeout: float = 30.0) -> str:
        """Wait until :meth:`my_turn`, at most ``timeout`` seconds; what the seat was told."""
        waited = 0.0
        while not self.my_turn() and waited < timeout:
            await asyncio.sleep(0.05)
            waited += 0.05
        told = self._drain()
        head = "game over" if self.host.is_over else ("your move" if self.my_turn() else "waiting")
        return f"{head}\n{told}" if told else head


def create_server(host: ChatHost, seat: int, *, name: str = "millions-rules") -> Any:
    """An MCP server (``mcp``'s MCPServer, or FastMCP in older SDKs) for ``seat`` of ``host``."""
    try:
        from mcp.server.mcpserver import MCPServer as Server
    except ImportError:  # pragma: no cover - mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server

    seated = Seat(host, seat)
    seated._keep(host.start() if host.game.version(host.state) == 0 else [])
    server = Server(name)

    def status() -> str:
        """What your seat knows now, in words."""
        return seated.status()

    def legal_moves() -> str:
        """What you can do now: one command per line, with what it does."""
        return seated.legal_moves()

    def act(command: str) -> str:
        """Play one command of the game's notation, such as /choose driver or /pay @Bo 2M."""
        return seated.act(command)

    def say(text: str) -> str:
        """Say something to the table (it has no effect on the rules; bluff freely)."""
        return seated.say(text)

    async def wait_for_turn(timeout: float = 30.0) -> str:
        """Wait until it is your move (or the game ends); returns what you were told."""
        return await seated.wait_for_turn(timeout)

    for tool in (status, legal_moves, act, say, wait_for_turn):
        server.tool()(tool)
    server.seat = seated
    return server


def main(argv: list[str] | None = None) -> int:
    """Serve one seat of a new table with bots in the others, over stdio."""
    parser = argparse.ArgumentParser(description="Seat an MCP agent at a table.")
    parser.add_argument("--game", default="millions", choices=["millions", "torraku"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seat", type=int, default=1, help="the agent's seat, from 1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lang", default="en", choices=["en", "es", "zh"])
    options = parser.parse_args(argv)
    seat = options.seat - 1
    names = [f"player {index + 1}" for index in range(options.players)]
    bots = {other: "rule" for other in range(options.players) if other != seat}
    host = ChatHost(options.game, names, bots=bots, seed=options.seed, locale=options.lang)
    create_server(host, seat).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
