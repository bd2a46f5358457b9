"""Negotiation at the web table (R-DEAL, R-TALK): what a private exchange shows to others.

A private offer or whisper between two seats must change nothing a third seat can observe
through the HTTP API: not its views, not the version it acts against, not its deadline,
not its event stream, not its replay (R-DEAL-4, R-TALK-1). The tests here play the same
game twice, with and without such an exchange, and compare every byte the third seat
receives. They also check that talk never makes a seat's rule action ``stale_version``,
that a press gives the pressed seat its short deadline (R-TALK-LEADER), that the table's
options forbidding private offers and talk are honoured, and that bots wait for people.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from millions_rules import GameConfig, Offer, Press, Say, to_json  # noqa: E402
from millions_rules.web import Server, Table, create_app, open_store  # noqa: E402

from .test_web import EventStream, parse_update  # noqa: E402
from .web_auth import bearer  # noqa: E402

#: The server's clock in these tests: it moves only when a test moves it.
START = 1_000_000.0

Step = Callable[[Any], Awaitable[None]]


def _json(action: object) -> Any:
    return json.loads(to_json(action))


class World:
    """A server with one table, its clock held by the test, and an HTTP client."""

    def __init__(
        self, path: Path, *, players: int, seed: int, options: Any = None, **fields: Any
    ) -> None:
        self.now = START
        self.server = Server(open_store(str(path)), clock=lambda: self.now)
        # The same ids, tokens and secret in every world: only what is played may differ.
        tokens = [f"token-{n:02d}-" + "x" * 16 for n in range(players + 2)]
        config = GameConfig(players, seed=seed, **(options or {}))
        self.table: Table = Table(config, table_id="t1", _tokens=tokens, **fields)
        self.table._secret = "0123456789abcdef0123456789abcdef"
        self.server.add(self.table)
        self.app = create_app(self.server)
        self.http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self.app), base_url="http://t"
        )

    def token(self, seat: int) -> str:
        return self.table.seat_token(seat)

    async def update(self, seat: int) -> Any:
        return await self.http.get("/api/update", headers=bearer(self.token(seat)))

    async def view(self, seat: int) -> Any:
        return (await self.update(seat)).json()

    async def act(self, seat: int, action: object, version: int | None = None) -> Any:
        if version is None:
            version = (await self.view(seat))["version"]
        return await self.http.post(
            "/api/act",
            json={"token": self.token(seat), "version": version, "action": action},
        )

    async def tick(self, seconds: float) -> None:
        self.now += seconds
        await self.server.tick()


def _decision(actions: list[Any]) -> Any:
    """A seat's rule decision from its legal actions: never an answer to an offer."""
    for kind in ("stay", "choose", "denounce", "leave"):
        for action in actions:
            if action["type"] == kind:
                return action
    return None


async def _private_exchange(world: World) -> None:
    """Seats 1 and 2 bargain and whisper in private; every offer ends unsettled."""
    offer = Offer(1, to=2, amount=1, decider=2, leave=True, private=True)
    assert (await world.act(1, _json(offer))).status_code == 200
    offers = [o for o in (await world.view(2))["view"]["offers"] if o["player"] == 1]
    assert [o["private"] for o in offers] == [True]
    declined = {"type": "decline_offer", "player": 2, "offer": offers[0]["id"]}
    assert (await world.act(2, declined)).status_code == 200
    for seat, to in ((1, 2), (2, 1)):
        said = Say(seat, "psst, I sent the Driver", to=to)
        assert (await world.act(seat, _json(said))).status_code == 200
    again = Offer(1, to=2, amount=2, decider=1, private=True)
    assert (await world.act(1, _json(again))).status_code == 200
    mine = [o for o in (await world.view(1))["view"]["offers"] if o["player"] == 1]
    withdrawn = {"type": "withdraw_offer", "player": 1, "offer": mine[0]["id"]}
    assert (await world.act(1, withdrawn)).status_code == 200
    assert not [o for o in (await world.view(1))["view"]["offers"] if o["player"] == 1]


async def _observe(path: Path, private: bool) -> list[tuple[int, bytes]]:
    """Every answer seat 0 gets in a whole game (seat 3 a bot), with or without a private
    exchange of seats 1 and 2 in the first negotiation: status and body bytes."""
    world = World(path, players=4, bots=[3], seed=2, turn_seconds=60, talk_window=100)
    seen: list[tuple[int, bytes]] = []

    async def watch() -> Any:
        answer = await world.update(0)
        seen.append((answer.status_code, answer.content))
        return answer.json()

    try:
        first = True
        for _ in range(400):
            mine = await watch()
            if mine["view"]["phase"] == "game_over":
                break
            due = world.table.game.due(world.table.state)
            if first and mine["view"]["phase"] == "negotiation":
                first = False
                version = mine["version"]
                world.now += 1
                if private:
                    await _private_exchange(world)
                world.now += 1
                await watch()
                # Seat 0 acts on what it saw before the exchange: never stale.
                answer = await world.act(0, _decision(mine["actions"]), version)
                seen.append((answer.status_code, answer.content))
                continue
            people = [seat for seat in due if seat != 3]
            if not people:
                await world.tick(11)
                continue
            for seat in people:
                got = await world.view(seat)
                action = _decision(got["actions"])
                if action is not None:
                    answer = await world.act(seat, action, got["version"])
                    if seat == 0:
                        seen.append((answer.status_code, answer.content))
            world.now += 1
        else:  # pragma: no cover - a game that does not end
            raise AssertionError("the game did not end")
        replay = await world.http.get("/api/replay", headers=bearer(world.token(0)))
        seen.append((replay.status_code, replay.content))
    finally:
        await world.http.aclose()
        world.server.store.close()
    return seen


def test_a_private_exchange_changes_nothing_a_third_seat_observes(tmp_path: Path) -> None:
    """R-DEAL-4, R-TALK-1: with and without seats 1 and 2's private offers, declines,
    withdrawals and whispers, seat 0 receives the same bytes in every answer of a whole
    game: views, versions, etags, deadlines, its own action's answer, and its replay."""
    without = asyncio.run(_observe(tmp_path / "a.sqlite", private=False))
    with_it = asyncio.run(_observe(tmp_path / "b.sqlite", private=True))
    assert len(with_it) == len(without) > 20
    assert [status for status, _ in with_it] == [200] * len(with_it)
    for number, (one, other) in enumerate(zip(without, with_it, strict=True)):
        assert one == other, f"answer {number} differs"
    final = json.loads(with_it[-2][1])
    assert final["view"]["phase"] == "game_over"


def test_the_exchange_itself_reached_its_parties(tmp_path: Path) -> None:
    """R-TALK-1, R-DEAL-4: the whispers and offers of the counterfactual test are really
    there, for their two parties only (so the test above cannot pass vacuously)."""

    async def scenario() -> tuple[list[str], list[str], list[str]]:
        world = World(tmp_path / "t.sqlite", players=4, bots=[3], seed=11, turn_seconds=60)
        try:
            for seat in (0, 1, 2):
                got = await world.view(seat)
                assert (await world.act(seat, _decision(got["actions"]))).status_code == 200
            before = world.table.applied
            await _private_exchange(world)
            assert world.table.applied == before + 6
            logs = [(await world.view(seat))["log"] for seat in (0, 1, 2)]
            return logs[0], logs[1], logs[2]
        finally:
            await world.http.aclose()
            world.server.store.close()

    zero, one, two = asyncio.run(scenario())
    whisper = "psst, I sent the Driver"
    assert sum(whisper in line for line in one) == sum(whisper in line for line in two) == 2
    assert not any(whisper in line for line in zero)
    assert not any("offer" in line.lower() for line in zero if "Bruno" in line)


def test_a_stream_is_not_woken_by_a_private_exchange(tmp_path: Path) -> None:
    """R-DEAL-4, R-TALK-1: seat 0's event stream sends nothing for seats 1 and 2's
    private exchange; its next update is the one a public action sends, as without it."""

    async def scenario(private: bool) -> list[Any]:
        world = World(tmp_path / f"{private}.sqlite", players=4, bots=[3], seed=11)
        try:
            for seat in (0, 1, 2):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            async with EventStream(world.app, {}, world.token(0)) as stream:
                first = parse_update(await stream.next_message())
                if private:
                    await _private_exchange(world)
                said = Say(1, "I stay, whatever you do")
                assert (await world.act(1, _json(said))).status_code == 200
                second = parse_update(await stream.next_message())
            return [first, second]
        finally:
            await world.http.aclose()
            world.server.store.close()

    without, with_it = asyncio.run(scenario(False)), asyncio.run(scenario(True))
    assert with_it == without
    assert "I stay, whatever you do" in with_it[1]["log"][-1]
    assert with_it[1]["view"]["version"] == with_it[0]["view"]["version"]  # talk only


def test_talk_and_offers_never_make_an_action_stale(tmp_path: Path) -> None:
    """R-TALK-1, R-DEAL-1, R-TALK-LEADER: public talk, a public offer and a press leave the
    version as it was; an action sent against it is played (no ``stale_version``)."""

    async def scenario() -> tuple[int, int, list[int]]:
        world = World(tmp_path / "t.sqlite", players=4, bots=[], seed=5)
        try:
            for seat in range(4):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            version = (await world.view(0))["version"]
            leader = world.table.state.leader
            target = next(seat for seat in range(4) if seat not in (0, leader))
            statuses = []
            for seat, action in (
                (1, Say(1, "nobody leaves")),
                (2, Offer(2, to=1, amount=1, decider=1, leave=True)),
                (leader, Press(leader, target=target)),
            ):
                statuses.append((await world.act(seat, _json(action), version)).status_code)
            after = (await world.view(0))["version"]
            stay = {"type": "stay", "player": 0}
            played = await world.act(0, stay, version)
            statuses.append(played.status_code)
            return version, after, statuses
        finally:
            await world.http.aclose()
            world.server.store.close()

    version, after, statuses = asyncio.run(scenario())
    assert after == version
    assert statuses == [200, 200, 200, 200]


def test_side_actions_keep_the_deadline_and_a_press_shortens_the_pressed(
    tmp_path: Path,
) -> None:
    """R-TALK-LEADER: talk and offers neither reset nor extend the deadline; the leader's
    press gives the pressed seat ``press_seconds`` (shown to everyone in ``pressed``), and
    when they run out the clock plays that seat's default alone."""

    async def scenario() -> dict[str, Any]:
        world = World(
            tmp_path / "t.sqlite", players=4, bots=[], seed=5, turn_seconds=120, press_seconds=15
        )
        try:
            for seat in range(4):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            start = world.now
            deadline = (await world.view(0))["deadline"]
            world.now += 10
            await world.act(1, _json(Say(1, "hello", to=2)))
            await world.act(2, _json(Offer(2, to=3, amount=1, decider=3, private=True)))
            kept = (await world.view(0))["deadline"]
            leader = world.table.state.leader
            target = (leader + 1) % 4
            await world.act(leader, _json(Press(leader, target=target)))
            pressed = (await world.view(0))["pressed"]
            shortened = (await world.view(target))["deadline"]
            await world.tick(14)
            early = world.table.state.decided[target]
            await world.tick(2)
            return {
                "start": start,
                "deadline": deadline,
                "kept": kept,
                "pressed": pressed,
                "target": target,
                "shortened": shortened,
                "early": early,
                "decided": list(world.table.state.decided),
                "leader": leader,
                "after": (await world.view(0))["deadline"],
            }
        finally:
            await world.http.aclose()
            world.server.store.close()

    got = asyncio.run(scenario())
    assert got["deadline"] == got["start"] + 120
    assert got["kept"] == got["deadline"]  # talk and offers: the same deadline
    press_at = got["start"] + 10 + 15
    assert got["pressed"] == [[got["target"], press_at]]
    assert got["shortened"] == press_at
    assert got["early"] is False
    # The pressed seat's time ran out: it alone got the clock's default (Stay).
    assert [seat for seat, done in enumerate(got["decided"]) if done] == [got["target"]]
    # Its default was a rule action: the others' time starts again from it.
    assert got["after"] == got["start"] + 26 + 120


@pytest.mark.parametrize(
    ("option", "action", "public"),
    [
        (
            "private_offers",
            Offer(0, to=1, amount=1, decider=1, private=True),
            Offer(0, to=1, amount=1, decider=1),
        ),
        ("private_talk", Say(0, "just us", to=1), Say(0, "just us")),
    ],
)
def test_a_table_may_forbid_private_offers_and_talk(
    tmp_path: Path, option: str, action: object, public: object
) -> None:
    """R-DEAL-4, R-TALK-1: a table made with ``options`` forbidding private offers or talk
    refuses them with a code and changes nothing; the same in public is played; every
    seat's view says what the table allows."""

    async def scenario() -> tuple[int, Any, int, dict[str, Any]]:
        world = World(tmp_path / "t.sqlite", players=4, bots=[], seed=5, options={option: False})
        try:
            for seat in range(4):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            before = world.table.applied
            refused = await world.act(0, _json(action))
            assert world.table.applied == before
            played = await world.act(0, _json(public))
            config = (await world.view(2))["view"]["config"]
            return refused.status_code, refused.json(), played.status_code, config
        finally:
            await world.http.aclose()
            world.server.store.close()

    status, body, played, config = asyncio.run(scenario())
    assert status == 409 and body["error"] == "private_forbidden" and body["message"]
    assert played == 200
    assert config[option] is False


def test_bots_wait_for_people_then_decide(tmp_path: Path) -> None:
    """Issue 29's window: in negotiation a bargaining bot does not decide before the people
    (it may talk and offer); once every person decided, or its window ran out, it does."""

    async def scenario() -> tuple[list[bool], list[bool], list[bool]]:
        world = World(tmp_path / "t.sqlite", players=4, bots=[2, 3], seed=3, talk_window=30)
        try:
            for seat in (0, 1):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            assert world.table.state.phase.value == "negotiation"
            held = list(world.table.state.decided)
            await world.tick(29)
            still = list(world.table.state.decided)
            await world.tick(2)
            return held, still, list(world.table.state.decided)
        finally:
            await world.http.aclose()
            world.server.store.close()

    held, still, after = asyncio.run(scenario())
    assert held[2:] == [False, False] and still[2:] == [False, False]
    assert after[2:] == [True, True] and after[:2] == [False, False]


def test_bots_decide_once_the_people_have(tmp_path: Path) -> None:
    """Issue 29's window: the bots decide as soon as every person has decided."""
    table = Table(GameConfig(4, seed=3), bots=[2, 3])
    for seat in (0, 1):
        choose = table.update(table.seat_token(seat))["actions"][0]
        table.act(table.seat_token(seat), choose, table.version)
    assert table.state.awaiting == (0, 1, 2, 3)
    table.act(table.seat_token(0), {"type": "stay", "player": 0}, table.version)
    assert 2 in table.state.awaiting and 3 in table.state.awaiting
    table.act(table.seat_token(1), {"type": "stay", "player": 1}, table.version)
    assert table.state.round > 1 or table.state.phase.value != "negotiation"
    assert not any(seat in table.game.due(table.state) for seat in (2, 3))


def test_a_late_whisper_does_not_move_the_bots(tmp_path: Path) -> None:
    """R-TALK-1, R-DEAL-4: a whisper sent after the bots' window ended but before the clock
    played it changes neither the deadline everyone sees nor when the bots decide (only the
    clock ends the window)."""

    async def scenario() -> tuple[Any, Any, list[bool], list[bool]]:
        world = World(tmp_path / "t.sqlite", players=4, bots=[3], seed=3, talk_window=30)
        try:
            for seat in (0, 1, 2):
                got = await world.view(seat)
                await world.act(seat, _decision(got["actions"]))
            before = (await world.view(2))["deadline"]
            world.now += 31  # past the window; the clock has not ticked yet
            await world.act(0, _json(Say(0, "between us", to=1)))
            after = (await world.view(2))["deadline"]
            held = list(world.table.state.decided)
            await world.server.tick()
            return before, after, held, list(world.table.state.decided)
        finally:
            await world.http.aclose()
            world.server.store.close()

    before, after, held, decided = asyncio.run(scenario())
    assert before == after == START + 30
    assert held == [False, False, False, False]
    assert decided[3] is True and decided[:3] == [False, False, False]


def test_a_person_joins_after_talk(tmp_path: Path) -> None:
    """R-TALK-1: talk before a person joins with the join code does not make the join's
    write stale (the store counts every action, the seats the rule actions)."""

    async def scenario() -> tuple[int, str]:
        world = World(tmp_path / "t.sqlite", players=3, seed=5)
        try:
            said = Say(0, "who is coming?")
            assert (await world.act(0, _json(said))).status_code == 200
            assert world.table.applied == world.table.version + 1
            seat = await world.server.join(world.table, "Dora")
            return seat, world.table.names[seat]
        finally:
            await world.http.aclose()
            world.server.store.close()

    seat, name = asyncio.run(scenario())
    assert name == "Dora" and 0 <= seat < 3
