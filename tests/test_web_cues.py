"""The server's side of a game night's cues and clocks: each seat's deadline, the notes the
log shows when the clock or a bot plays a seat, a seat taking itself back from a bot, a
closed table's link, a double tap absorbed by its request id, and the rules panel of each
player count (docs' "Web table": cues, clocks and failures in words).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from millions_rules import Dealer, GameConfig, Role, role_name
from millions_rules.millions._page import RULES, rules_for
from millions_rules.torraku import TorrakuConfig
from millions_rules.web import Server, Table, create_app, open_store, words
from millions_rules.web._teach import NOTE_WORDS, note_text

from .web_auth import bearer

BASE = "http://127.0.0.1:8000"


def full_log(table: Table[Any], token: str, lang: str = "en") -> list[str]:
    log: list[str] = table.update(token, 0, lang)["log"]
    return log


def timed_out(table: Table[Any]) -> list[int]:
    """Let the clock play once (its deadline passed); the seats handed to a bot."""
    assert table.deadline is not None
    now = table.deadline + 1
    state, rows = table.timeout(now)
    assert rows
    return table.commit_timeout(state, rows, now)


class TestDeadlines:
    """Each seat gets its own deadline: the seats the game awaits (which every view shows)."""

    def test_only_the_awaited_persons_seat_has_a_deadline(self) -> None:
        """R-PLAN-2: the bots chose at once; the table awaits Ana, and only her clock runs."""
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30)
        assert table.game.due(table.state) == (0,)
        deadlines = table.update(table.seat_token(0))["deadlines"]
        assert deadlines == [table.deadline, None, None, None]
        assert table.deadline is not None
        # Every reader gets the same list: a spectator's and another seat's are Ana's too.
        assert table.update(table.spectator_token)["deadlines"] == deadlines
        assert table.update(table.seat_token(1))["turn_seconds"] == 30

    def test_no_clock_no_deadline(self) -> None:
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3])
        assert table.update(table.seat_token(0))["deadlines"] == [None] * 4

    def test_a_bots_delay_is_no_persons_deadline(self) -> None:
        """A bot due with a delay: the people's clocks start only once the bot moved
        (R-PLAN-2: planning awaits every seat at once)."""
        table = Table(GameConfig(4, seed=1), bots=[0], turn_seconds=30, bot_delay=2)
        assert table.game.due(table.state) == (0, 1, 2, 3)
        assert table.deadline is not None
        assert table.deadlines() == [None] * 4


class TestNotes:
    """The log says when the clock played for a seat, never what it played (R-INFO)."""

    @pytest.mark.parametrize("lang", ["en", "es", "zh"])
    def test_a_timeout_is_said_before_its_action(self, lang: str) -> None:
        """R-PLAN-2: Ana's hidden choice, played by the clock, stays hidden from the others."""
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30)
        before = len(full_log(table, table.spectator_token, lang))
        assert timed_out(table) == []
        note = note_text("timeout", "Ana", lang)
        watched = full_log(table, table.spectator_token, lang)
        assert watched[before] == note
        # The next line is Ana's face-down character, as everyone sees it: no role named.
        chosen = [c.role for c in table.state.characters if c.player == 0]
        assert len(chosen) == 1 and chosen[0] is not None
        assert role_name(chosen[0], lang) not in watched[before + 1]
        others = full_log(table, table.seat_token(1), lang)
        assert others.count(note) == 1
        assert all(
            role_name(chosen[0], lang) not in line for line in others[others.index(note) :][:2]
        )
        mine = table.update(table.seat_token(0), 0, lang)
        assert mine["log"].count(note) == 1
        assert {"kind": "timeout", "seat": 0} in mine["notes"]

    def test_a_note_reaches_a_page_once(self) -> None:
        """A page that holds the events before the note gets it with the next events."""
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30)
        held = len(table.update(table.seat_token(0))["view"]["events"])
        timed_out(table)
        new = table.update(table.seat_token(0), held)
        assert new["log"][0] == note_text("timeout", "Ana", "en")
        assert new["notes"] == [{"kind": "timeout", "seat": 0}]
        later = table.update(table.seat_token(0), held + len(new["view"]["events"]))
        assert later["notes"] == []

    def test_a_bot_taking_the_seat_is_said(self) -> None:
        """After max_timeouts in a row a bot takes the seat; the log says so."""
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30, max_timeouts=1)
        assert timed_out(table) == [0]
        log = full_log(table, table.seat_token(2))
        timeout = log.index(note_text("timeout", "Ana", "en"))
        # After the clock's action (its events) and before the bot's first move.
        assert log.index(note_text("handed", "Ana", "en")) > timeout + 1
        assert table.bots == (0, 1, 2, 3)

    def test_a_note_after_the_last_event_is_the_tail(self) -> None:
        """A hand-over after the last event: the page shows it after its log (``tail``)
        until events follow, and then in place, once."""
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30)
        token = table.seat_token(0)
        held = len(table.update(token)["view"]["events"])
        table.set_bot(0, True, note=True)
        table.commit(table.state, [])
        said = note_text("bot", "Ana", "en")
        quiet = table.update(token, held)
        assert quiet["log"] == [] and quiet["tail"] == [said]
        assert quiet["notes"] == [{"kind": "bot", "seat": 0}]
        table.play_bots()  # the bot plays Ana's seat: events follow the note
        moved = table.update(token, held)
        assert moved["log"][0] == said and moved["tail"] == []
        assert full_log(table, token).count(said) == 1

    def test_notes_survive_a_save_and_a_load(self) -> None:
        table = Table(GameConfig(4, seed=1), bots=[1, 2, 3], turn_seconds=30, max_timeouts=1)
        timed_out(table)
        loaded = Table.load(table.save())
        assert loaded.notes == table.notes
        assert [note["kind"] for note in loaded.notes] == ["timeout", "handed"]
        token = table.seat_token(0)
        assert loaded.update(token)["log"] == table.update(token)["log"]

    def test_every_note_speaks_every_language(self) -> None:
        for kind, text in NOTE_WORDS.items():
            for lang in ("en", "es", "zh"):
                said = note_text(kind, "Ana", lang)
                assert "Ana" in said and "{" not in said
                assert said == text.render(lang, player="Ana")
        assert note_text("timeout", "Ana", "es") == (
            "Se acabó el tiempo de Ana: la mesa jugó en su lugar."
        )
        assert note_text("bot", "Ana", "zh") == "机器人接管了Ana的座位。"

    def test_a_companion_bots_attempt_is_a_model_draw(self) -> None:
        """R-TK-SIM: at a companion table nobody stacks a bot's piece; the log says the
        dexterity model drew it (R-TK-STACK-7: people report their own)."""
        config = TorrakuConfig(2, seed=3, dealer=Dealer.EXTERNAL)
        table = Table(config, bots=[0, 1])
        kinds = {note["kind"] for note in table.notes}
        assert kinds == {"model"}
        log = full_log(table, table.spectator_token)
        drawn = [line for line in log if line.startswith("Model draw:")]
        assert len(drawn) == len(table.notes)
        assert drawn[0] in {note_text("model", name, "en") for name in table.names}


def start(tmp_path: Path) -> tuple[Server, TestClient]:
    server = Server(open_store(str(tmp_path / "tables.sqlite")))
    server.load()
    return server, TestClient(create_app(server, base_url=BASE))


def seat_table(server: Server) -> Table[Any]:
    table = asyncio.run(server.create(players=4, bots=3, seed=1, turn_seconds=30))
    assert table.bots == (1, 2, 3)
    return table


class TestHTTP:
    """The server's answers the page turns into words and quiet successes."""

    def test_a_seat_takes_itself_back_from_a_bot(self, tmp_path: Path) -> None:
        server, client = start(tmp_path)
        table = seat_table(server)
        asyncio.run(server.set_bot(table.host_token, None, 0, True))
        assert table.bots == (0, 1, 2, 3)
        mine = table.seat_token(0)
        log = client.get("/api/update", headers=bearer(mine)).json()["log"]
        assert note_text("bot", "Ana", "en") in log
        # Only its own seat, and only back from the bot.
        other = client.post("/api/seat", json={"seat": 1, "bot": False}, headers=bearer(mine))
        assert other.status_code == 403 and other.json()["error"] == "unknown_token"
        handed = client.post(
            "/api/seat", json={"seat": 2, "bot": True}, headers=bearer(table.seat_token(0))
        )
        assert handed.status_code == 403
        back = client.post("/api/seat", json={"seat": 0, "bot": False}, headers=bearer(mine))
        assert back.status_code == 200 and back.json()["bots"] == [1, 2, 3]
        update = client.get("/api/update", params={"lang": "es"}, headers=bearer(mine)).json()
        assert update["bots"] == [1, 2, 3]
        # The note shows with the next events (the bot may have played meanwhile).
        reopened = start(tmp_path)[0].tables[table.id]
        assert [note["kind"] for note in reopened.notes][-2:] in (["bot", "back"], ["back"])

    def test_a_closed_tables_link_says_closed(self, tmp_path: Path) -> None:
        server, client = start(tmp_path)
        table = seat_table(server)
        asyncio.run(server.close(table.host_token))
        for answer in (
            client.get("/api/update", headers=bearer(table.seat_token(0))),
            client.get("/api/stream", headers=bearer(table.seat_token(0))),
            client.post(
                "/api/act",
                json={"version": 0, "action": {"type": "stay", "player": 0}},
                headers=bearer(table.spectator_token),
            ),
        ):
            assert answer.status_code == 410
            assert answer.json()["error"] == "table_closed"
        unknown = client.get("/api/update", headers=bearer("x" * 22))
        assert unknown.status_code == 403 and unknown.json()["error"] == "unknown_token"

    def test_a_double_tap_is_one_action(self, tmp_path: Path) -> None:
        """The page sends a second tap of the same button with the same request id: the
        server answers it as the first (played once); a new id would be stale."""
        server, client = start(tmp_path)
        table = seat_table(server)
        mine = table.seat_token(0)
        got = client.get("/api/update", headers=bearer(mine)).json()
        body = {"version": got["version"], "action": got["actions"][0], "request": "tap-1"}
        first = client.post("/api/act", json=body, headers=bearer(mine))
        second = client.post("/api/act", json=body, headers=bearer(mine))
        assert first.status_code == second.status_code == 200
        assert first.json() == second.json()
        assert table.version == first.json()["version"]
        again = client.post("/api/act", json={**body, "request": "tap-2"}, headers=bearer(mine))
        assert again.status_code == 409 and again.json()["error"] == "stale_version"


class TestRulesPanel:
    """The rules panel holds every rule a first-time player meets at that player count."""

    @pytest.mark.parametrize(
        ("players", "options", "wanted", "unwanted"),
        [
            # R-COMP-2: 5-6 players play no Mastermind; R-HEIST-LONE-SNITCH; R-LOOT-REPEAT.
            (5, {}, {"roles_5", "heist_5", "lone_snitch", "repeat", "face_down"}, {"roles"}),
            (6, {}, {"roles_5", "heist_5"}, {"heist", "pairs"}),
            # R-COMP-2: 4 players, no Snitch: no lone Snitch either.
            (4, {}, {"roles_4", "heist_4", "face_down"}, {"lone_snitch", "heist"}),
            (7, {}, {"roles", "heist", "lone_snitch"}, {"roles_5"}),
            # R-3P-1, R-3P-4: the ordered pairs explained.
            (3, {}, {"roles", "pairs", "lone_snitch"}, {"roles_5"}),
            # R-VAR-REPEAT.
            (5, {"repeat_role": "forbidden"}, {"repeat_forbidden"}, {"repeat"}),
            (5, {"repeat_role": "allowed"}, set(), {"repeat", "repeat_forbidden"}),
        ],
    )
    def test_each_count_gets_its_rules(
        self, players: int, options: dict[str, Any], wanted: set[str], unwanted: set[str]
    ) -> None:
        ids = rules_for(GameConfig(players, seed=1, **options))
        names = {rule.removeprefix("web.rules.millions.") for rule in ids}
        assert wanted <= names
        assert not unwanted & names
        assert ids[0] == "web.rules.millions.goal"
        table = Table(GameConfig(players, seed=1, **options), bots=range(1, players))
        assert table.update(table.seat_token(0))["rules"] == ids

    def test_every_paragraph_in_every_language(self) -> None:
        """The page's words hold every paragraph, translated (the money in its unit)."""
        for lang in ("en", "es", "zh"):
            said = words(lang)
            for text in RULES:
                assert said[text.id] and (lang == "en" or said[text.id] != text.english)
        assert "300万" in words("zh")["web.rules.millions.lone_snitch"]
        assert "3 M" in words("es")["web.rules.millions.lone_snitch"]
        mastermind = role_name(Role.MASTERMIND, "es")
        assert f"no hay {mastermind}" in words("es")["web.rules.millions.roles_5"]
