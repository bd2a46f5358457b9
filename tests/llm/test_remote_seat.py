"""The MCP server at a seat of a web-server table (millions_rules.llm.mcp_server's
``create_remote_server``): a real ``millions-rules serve`` process on the loopback, its
seat's link, and a scripted agent (no model, no network beyond 127.0.0.1) that plays a
complete game of each game through the SDK's in-process client with the five tools,
answering illegally on purpose: the notation refuses nonsense, the server refuses what its
table does not take, and neither changes the table's version (R-PLAN-2, R-INFO, R-NEG-1,
R-TALK-1; R-TK-BET-4, R-TK-INFO)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

mcp = pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from millions_rules.games import get_game  # noqa: E402
from millions_rules.llm import RemoteError, RemoteSeat, seat_link  # noqa: E402
from millions_rules.llm.mcp_server import create_remote_server  # noqa: E402
from millions_rules.text import status  # noqa: E402

WAIT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served(*args: str) -> Iterator[list[str]]:
    """``python -m millions_rules serve`` of one new table on a free loopback port; the links
    it prints. The process is stopped (SIGTERM, then SIGKILL) at the end."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "millions_rules", "serve", "--db", ":memory:", "--port", str(port)]
        + list(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        links: list[str] = []
        for line in process.stdout:
            links.append(line.strip())
            if line.startswith("admin"):
                break
        deadline = time.monotonic() + WAIT
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        yield links
    finally:
        process.terminate()
        try:
            process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=WAIT)
        process.communicate(timeout=WAIT)


def link_of(links: list[str], seat: int) -> str:
    """The seat's link as ``serve`` prints it (``seat N name: http://…/#TOKEN``)."""
    line = next(line for line in links if line.startswith(f"seat {seat} "))
    return line.split(": ", 1)[1]


def text_of(result: Any) -> str:
    return "\n".join(part.text for part in result.content if getattr(part, "text", None))


async def raw_update(link: str) -> dict[str, Any]:
    """What the server sends the seat's token, asked directly (not through the tools)."""
    base, token = seat_link(link)
    async with httpx.AsyncClient() as client:
        answer = await client.get(
            base + "/api/update", headers={"Authorization": f"Bearer {token}"}
        )
    assert answer.status_code == 200
    result: dict[str, Any] = answer.json()
    return result


GAMES = [
    ("millions", ["--players", "3", "--bots", "2", "--seed", "11", "--names", "Ana,Bo,Cy"]),
    ("torraku", ["--game", "torraku", "--players", "3", "--bots", "2", "--seed", "5"]),
    # The third game (tests/thirdgame), served by its entry point on the generic page.
    ("goofspiel", ["--game", "goofspiel", "--players", "3", "--bots", "2", "--seed", "5"]),
]


@pytest.mark.parametrize(("game", "args"), GAMES, ids=[game for game, _ in GAMES])
@pytest.mark.anyio
async def test_an_agent_plays_a_complete_game_at_a_served_table(game: str, args: list[str]) -> None:
    """Seat 0's agent, from the seat's link alone, waits for its turn, reads its status and
    legal moves, and plays a listed command, to the end of the game. Its status is exactly
    the words of the view the server sends the seat's token. On purpose it types nonsense
    (the notation refuses it with suggestions), a command of another phase (refused), and
    table talk (Millions: said to the table and told back in the second person, R-TALK-1;
    Torraku has none); no refused command moves the table's version."""
    with served(*args) as links:
        link = link_of(links, 0)
        server = create_remote_server(link, locale="en")
        rng = random.Random(3)
        refusals = 0
        async with mcp.Client(server) as client:
            tools = {tool.name for tool in (await client.list_tools()).tools}
            assert tools == {"status", "legal_moves", "act", "say", "wait_for_turn"}
            said = text_of(await client.call_tool("say", {"text": "I am the driver, trust me"}))
            if game == "millions":  # what the seat was told so far, ending with its words
                assert said.splitlines()[-1] == "You: “I am the driver, trust me”"
            else:
                assert said == "This table takes no table talk."
            for turn in range(500):
                waited = text_of(await client.call_tool("wait_for_turn", {"timeout": 20.0}))
                if waited.startswith("game over"):
                    break
                assert waited.startswith("your move"), waited
                told = text_of(await client.call_tool("status", {}))
                sent = await raw_update(link)
                the_game = get_game(sent["game"])
                seen = the_game.from_json(json.dumps(sent["view"]), the_game.view_type)
                assert told == status(seen, names=sent["names"], locale="en")
                moves = text_of(await client.call_tool("legal_moves", {})).splitlines()
                assert moves and all(" · " in move for move in moves)
                if turn % 3 == 0:
                    refused = text_of(await client.call_tool("act", {"command": "/dance"}))
                    assert refused.startswith("“dance” is not a command. Try: /")
                    wrong = "/denounce driver" if game == "millions" else "/report placed"
                    if not any(move.startswith(wrong) for move in moves):
                        refused = text_of(await client.call_tool("act", {"command": wrong}))
                        assert refused and "Try:" in refused, refused
                    unmoved = await raw_update(link)
                    assert (unmoved["version"], unmoved["etag"]) == (sent["version"], sent["etag"])
                    refusals += 1
                command = rng.choice(moves).split(" · ")[0]
                answer = text_of(await client.call_tool("act", {"command": command}))
                assert "refused" not in answer, answer
                after = await raw_update(link)
                # Every accepted move changes what the seat sees (its etag); a rule move
                # also moves the version, talk and offers do not (R-DEAL, R-TALK).
                assert after["etag"] != sent["etag"], (command, answer)
                assert after["version"] >= sent["version"]
            assert waited.startswith("game over")
            assert refusals > 0
            final = await raw_update(link)
            assert final["winners"] is not None and final["game"] == game
        await server.seat.aclose()


@pytest.mark.anyio
async def test_the_seat_tells_its_own_moves_in_the_second_person() -> None:
    """What the agent is told after its choice narrates it as its own ("You secretly send
    your …"), from its view; the bots' hidden choices are never named (R-PLAN-2, R-INFO)."""
    with served(*GAMES[0][1]) as links:
        seat = RemoteSeat(link_of(links, 0), locale="en")
        try:
            assert (await seat.wait_for_turn(5.0)).startswith("your move")
            told = await seat.act("/choose driver crook")
            assert "You secretly send your Driver and your Crook." in told.splitlines()
            assert "Bo secretly sends" not in told and "Cy secretly sends" not in told
        finally:
            await seat.aclose()


@pytest.mark.anyio
async def test_refusals_of_the_server_and_of_bad_links() -> None:
    """A wrong token is the server's refusal in words, not a crash; a link without a token
    or not over http is refused before any request; an address where nothing listens is
    'cannot be reached'."""
    with pytest.raises(RemoteError) as no_token:
        seat_link("http://127.0.0.1:1/")
    assert no_token.value.code == "bad_answer"
    with pytest.raises(RemoteError):
        RemoteSeat("ftp://127.0.0.1/#t")
    with served(*GAMES[0][1]) as links:
        base, _ = seat_link(link_of(links, 0))
        wrong = RemoteSeat(base + "/#not-a-token", locale="en")
        try:
            assert (await wrong.status()).startswith("The table's server refused: ")
            assert (await wrong.act("/choose driver")).startswith("The table's server refused: ")
        finally:
            await wrong.aclose()
    nobody = RemoteSeat(f"http://127.0.0.1:{free_port()}/#t", locale="es")
    try:
        assert (await nobody.status()).startswith("No se puede contactar con el servidor")
    finally:
        await nobody.aclose()
