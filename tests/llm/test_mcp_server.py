"""The MCP server for LLM seats (millions_rules.llm.mcp_server), through the mcp SDK's
in-process client: a scripted agent (no network) plays a complete game of each game at a
table of bots with the five tools, with illegal commands on purpose (refused, nothing
changes), and talks to the table (R-PLAN-2, R-NEG-1, R-TALK-1; R-TK-BET-4, R-TK-BET-8)."""

from __future__ import annotations

import random
from typing import Any

import pytest

mcp = pytest.importorskip("mcp")

from millions_rules.llm.mcp_server import create_server  # noqa: E402
from millions_rules.text import ChatHost  # noqa: E402


def text_of(result: Any) -> str:
    return "\n".join(part.text for part in result.content if getattr(part, "text", None))


@pytest.mark.parametrize("game", ["millions", "torraku"])
@pytest.mark.anyio
async def test_an_agent_plays_a_complete_game(game: str) -> None:
    """The agent asks for its status and legal moves, acts with the first word of a listed
    command, sometimes types nonsense (refused with suggestions, version unchanged), talks
    to the table, and waits for its turn until the game is over."""
    names = ["Ana", "Bo", "Cy"]
    host = ChatHost(game, names, bots={1: "rule", 2: "random"}, seed=3, locale="en")
    server = create_server(host, 0)
    rng = random.Random(1)
    async with mcp.Client(server) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        assert tools == {"status", "legal_moves", "act", "say", "wait_for_turn"}
        version = host.game.version(host.state)
        said = text_of(await client.call_tool("say", {"text": "I am the driver,  trust me"}))
        if game == "millions":  # the game's table talk (R-TALK-1): the group hears it
            assert said.splitlines()[-1] == "You: “I am the driver, trust me”"
            assert server.seat.said[0].text == "Ana: “I am the driver, trust me”"
            assert host.game.version(host.state) == version + 1  # kept with the game
        else:  # Currency Torraku has no table talk
            assert said == "This table takes no table talk."
            assert server.seat.said == []
        refusals = 0
        for turn in range(2000):
            waited = text_of(await client.call_tool("wait_for_turn", {"timeout": 1.0}))
            if waited.startswith("game over"):
                break
            assert waited.startswith("your move")
            state = text_of(await client.call_tool("status", {}))
            assert "Ana" in state
            moves = text_of(await client.call_tool("legal_moves", {})).splitlines()
            if turn % 5 == 0:
                version = host.game.version(host.state)
                refused = text_of(await client.call_tool("act", {"command": "/dance"}))
                assert refused.startswith("“dance” is not a command. Try: /")
                assert host.game.version(host.state) == version
                refusals += 1
            command = rng.choice(moves).split(" · ")[0]
            await client.call_tool("act", {"command": command})
        assert host.is_over and refusals > 0
