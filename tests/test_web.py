"""The web table's server: seats, tokens, versions, cursors, bots, saving (no browser).

The browser test (``tests/browser``, run by ``nox -s web``) plays whole games through the
page; these tests pin the HTTP contract the page relies on.
"""

from __future__ import annotations

import asyncio
import json
import re
import warnings
from importlib import resources
from typing import Any
from urllib.parse import urlencode

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx
from starlette.applications import Starlette
from starlette.types import Message

with warnings.catch_warnings():  # Starlette prefers httpx2, which is not yet everywhere
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from millions_rules import (
    TERMS,
    GameConfig,
    GameWon,
    IllegalActionError,
    Phase,
    Role,
    Stay,
    apply,
    describe,
    from_json,
    phase_name,
    role_name,
    term,
    to_json,
    view,
    visible_events,
    win_reason,
)
from millions_rules.__main__ import main
from millions_rules.games import GAMES
from millions_rules.millions import _page as millions_page
from millions_rules.torraku import _page as torraku_page
from millions_rules.web import Table, TableError, create_app, words
from millions_rules.web._night import NIGHT_WORDS
from millions_rules.web._teach import CUE_WORDS, NOTE_WORDS, TEACH_WORDS
from millions_rules.web._words import PAGE_WORDS

from .web_auth import bearer


@pytest.fixture
def table() -> Table:
    """Five players, seats 2 to 4 played by the server."""
    return Table(GameConfig(5, seed=2026), bots=[2, 3, 4])


@pytest.fixture
def client(table: Table) -> TestClient:
    return TestClient(create_app(table, base_url="http://127.0.0.1:8000"))


def update(client: TestClient, token: str, since: int = 0, **extra: Any) -> Any:
    response = client.get("/api/update", params={"since": since, **extra}, headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, token: str, version: int, action: object) -> Any:
    return client.post("/api/act", json={"token": token, "version": version, "action": action})


class TestSeats:
    def test_each_link_gets_its_own_view(self, table: Table, client: TestClient) -> None:
        """A seat's update is exactly its view (R-INFO); the spectator's is the seat-less view."""
        for seat in range(5):
            got = update(client, table.seat_token(seat))
            assert got["view"] == json.loads(to_json(view(table.state, seat)))
            assert got["view"]["seat"] == seat
        spectator = update(client, table.spectator_token)
        assert spectator["view"]["seat"] is None and spectator["host"] is False
        assert spectator["view"] == json.loads(to_json(view(table.state, None)))
        assert update(client, table.host_token)["host"] is True

    def test_tokens_are_distinct_and_unguessable(self, table: Table) -> None:
        """Seven different tokens of 22 URL-safe characters (16 random bytes)."""
        tokens = [table.seat_token(s) for s in range(5)] + [table.spectator_token, table.host_token]
        assert len(set(tokens)) == 7
        assert all(len(token) == 22 for token in tokens)

    @pytest.mark.parametrize("token", ["guess", "", "é" * 22, "\x00"])
    def test_unknown_token_is_refused(self, client: TestClient, token: str) -> None:
        """A link that is no seat's gets 403 ``unknown_token``, whatever its characters."""
        headers = {"Authorization": f"Bearer {token}".encode()}  # UTF-8, as a browser may send
        response = client.get("/api/update", headers=headers)
        assert response.status_code == 403
        assert response.json()["error"] == "unknown_token"
        acting = act(client, token, 3, {"type": "stay", "player": 0})
        assert (acting.status_code, acting.json()["error"]) == (403, "unknown_token")

    def test_names_must_match_the_seats(self) -> None:
        """A table with the wrong number of names is refused with ``bad_request``."""
        with pytest.raises(TableError) as caught:
            Table(GameConfig(3, seed=1), names=["Ana", "Bo"])
        assert caught.value.code == "bad_request"

    def test_bots_have_played(self, table: Table) -> None:
        """The server plays its seats at once: only the people's seats are awaited."""
        assert table.state.phase is Phase.PLANNING
        assert table.state.awaiting == (0, 1)
        assert table.version == 3

    def test_links_are_the_hosts_and_omit_the_bots(self, table: Table, client: TestClient) -> None:
        """The host lists the people's links; bots' seats have none; others get 403."""
        response = client.get("/api/links", headers=bearer(table.host_token))
        links = response.json()
        assert [s["link"] for s in links["seats"]] == [
            f"http://127.0.0.1:8000/#{table.seat_token(0)}",
            f"http://127.0.0.1:8000/#{table.seat_token(1)}",
            None,
            None,
            None,
        ]
        assert links["spectator"] == f"http://127.0.0.1:8000/#{table.spectator_token}"
        refused = client.get("/api/links", headers=bearer(table.spectator_token))
        assert refused.status_code == 403


class TestActions:
    def test_a_seat_plays_its_legal_action(self, table: Table, client: TestClient) -> None:
        """A legal action with the current version is applied; the answer is the new version."""
        choose = update(client, table.seat_token(0))["view"]["legal_actions"][0]
        response = act(client, table.seat_token(0), 3, choose)
        assert response.status_code == 200
        assert response.json() == {"version": 4}
        assert table.state.history[-1] == from_json(
            json.dumps(choose), type(table.state.history[-1])
        )

    def test_stale_version_is_refused(self, table: Table, client: TestClient) -> None:
        """An action chosen on an older version gets 409 ``stale_version`` and changes nothing."""
        token = table.seat_token(0)
        choose = update(client, token)["view"]["legal_actions"][0]
        before = table.state
        response = act(client, token, 2, choose)
        assert response.status_code == 409
        assert response.json()["error"] == "stale_version"
        assert table.state is before

    def test_another_seats_action_is_refused(self, table: Table, client: TestClient) -> None:
        """Seat 0 cannot act for seat 1: 403 ``not_your_action``, nothing changes."""
        theirs = update(client, table.seat_token(1))["view"]["legal_actions"][0]
        before = table.state
        response = act(client, table.seat_token(0), 3, theirs)
        assert (response.status_code, response.json()["error"]) == (403, "not_your_action")
        assert table.state is before

    def test_dealer_actions_are_refused(self, table: Table, client: TestClient) -> None:
        """A seat cannot deal the loot card: 403 ``not_your_action``."""
        response = act(client, table.seat_token(0), 3, {"type": "deal_loot", "index": 0})
        assert (response.status_code, response.json()["error"]) == (403, "not_your_action")

    def test_spectator_cannot_act(self, table: Table, client: TestClient) -> None:
        """The spectator link has no seat: 403 ``unknown_token``."""
        response = act(client, table.spectator_token, 3, {"type": "stay", "player": 0})
        assert (response.status_code, response.json()["error"]) == (403, "unknown_token")

    def test_illegal_action_keeps_the_engine_code(self, table: Table, client: TestClient) -> None:
        """Staying during planning is the engine's ``wrong_phase``, answered with 409."""
        response = act(client, table.seat_token(0), 3, {"type": "stay", "player": 0})
        assert (response.status_code, response.json()["error"]) == (409, "wrong_phase")

    @pytest.mark.parametrize(
        "body",
        [
            "not json",
            json.dumps([1, 2]),
            json.dumps({"version": 3, "action": {"type": "stay", "player": 0}}),
            json.dumps({"token": "T", "version": "3", "action": {"type": "stay", "player": 0}}),
            json.dumps({"token": "T", "version": True, "action": {"type": "stay", "player": 0}}),
            json.dumps({"token": "T", "version": 3, "action": {"type": "fly", "player": 0}}),
            json.dumps({"token": "T", "version": 3, "action": None}),
        ],
    )
    def test_malformed_requests_are_refused(
        self, table: Table, client: TestClient, body: str
    ) -> None:
        """Malformed bodies get 400 ``bad_request`` and change nothing."""
        before = table.state
        response = client.post(
            "/api/act", content=body.replace('"T"', json.dumps(table.seat_token(0)))
        )
        assert (response.status_code, response.json()["error"]) == (400, "bad_request")
        assert table.state is before


class TestCursors:
    def test_since_sends_only_new_events(self, table: Table, client: TestClient) -> None:
        """An update after ``since`` holds the later events only, and they extend the client's log."""
        token = table.seat_token(0)
        first = update(client, token)
        held = first["view"]["events"]
        act(client, token, first["view"]["version"], first["view"]["legal_actions"][0])
        second = update(client, token, since=len(held))
        assert second["view"]["first_event"] == len(held)
        assert len(second["log"]) == len(second["view"]["events"])
        everything = [json.loads(to_json(e)) for e in visible_events(table.state.events, 0)]
        assert held + second["view"]["events"] == everything

    def test_since_out_of_range_is_refused(self, table: Table, client: TestClient) -> None:
        """A cursor past the visible log, or not a number, gets 400."""
        token = table.seat_token(0)
        size = len(update(client, token)["view"]["events"])
        for since in (str(size + 1), "-1", "x"):
            response = client.get("/api/update", params={"since": since}, headers=bearer(token))
            assert (response.status_code, response.json()["error"]) == (400, "bad_request")

    @pytest.mark.parametrize("lang", ["en", "es", "zh"])
    def test_log_and_labels_in_the_chosen_language(
        self, table: Table, client: TestClient, lang: str
    ) -> None:
        """The log narrates each event, and each button label names each legal action, in ``lang``."""
        got = update(client, table.seat_token(0), lang=lang)
        seen = view(table.state, 0)
        assert got["lang"] == lang
        assert got["log"] == [describe(e, table.names, locale=lang) for e in seen.events]
        assert got["labels"] == [describe(a, table.names, locale=lang) for a in seen.legal_actions]

    def test_refusal_in_the_chosen_language(self, table: Table, client: TestClient) -> None:
        """An illegal action's message is the engine's error in the page's language."""
        body = {"token": table.seat_token(0), "version": 3, "action": {"type": "stay", "player": 0}}
        response = client.post("/api/act", json={**body, "lang": "zh"})
        with pytest.raises(IllegalActionError) as caught:
            apply(table.state, Stay(0), seat=0)
        assert response.json() == {"error": "wrong_phase", "message": caught.value.localized("zh")}

    def test_unknown_language_is_refused(self, table: Table, client: TestClient) -> None:
        """Only en, es and zh are served."""
        response = client.get(
            "/api/update", params={"lang": "fr"}, headers=bearer(table.spectator_token)
        )
        assert response.status_code == 400


class TestWords:
    """The page's words all come from the library's catalogs, in the page's language."""

    @pytest.mark.parametrize("lang", ["en", "es", "zh"])
    def test_update_carries_the_catalogs_words(
        self, table: Table, client: TestClient, lang: str
    ) -> None:
        """Roles, phases and components are role_name, phase_name and term; web.* the page's."""
        got = update(client, table.seat_token(0), lang=lang)["words"]
        assert got == words(lang)
        for role in Role:
            assert got[f"role.{role.value}"] == role_name(role, lang)
        for phase in Phase:
            assert got[f"phase_name.{phase.value}"] == phase_name(phase, lang)
        for key in TERMS:
            assert got[f"term.{key}"] == term(key, lang)
        page = {text.id: text for text in PAGE_WORDS}
        plurals = {f"{text.id}.one" for text in PAGE_WORDS if text.plural is not None}
        wings = (millions_page, torraku_page)
        teach = {
            text.id for text in (*TEACH_WORDS, *CUE_WORDS, *NOTE_WORDS.values(), *NIGHT_WORDS)
        } | {
            text.id
            for wing in wings
            for text in (
                *wing.RULES,
                *wing.WORDS,
                *getattr(wing, "TALK_WORDS", ()),
                *wing.OPTION_WORDS,
            )
        }
        rules = {"web.rules.millions", "web.rules.torraku"}
        assert {key for key in got if key.startswith("web.")} == set(page) | plurals | teach | rules
        assert got["web.save"] == page["web.save"].render(lang)
        one, more = (
            page["web.winners"].render(lang, count=1, names="Ana"),
            page["web.winners"].render(lang, count=2, names="Ana, Bo"),
        )
        assert (
            got["web.winners.one"].format(names="Ana"),
            got["web.winners"].format(names="Ana, Bo"),
        ) == (one, more)

    def test_winners_and_amounts_read_as_the_language_counts(self) -> None:
        """One winner in the singular, several in the plural; the pay field in the screen's unit."""
        assert words("es")["web.winners.one"].format(names="Diego") == "Gana Diego"
        assert words("es")["web.winners"].format(names="Diego, Ana") == "Ganan Diego, Ana"
        assert words("en")["web.winners.one"].format(names="Diego") == "Winner: Diego"
        assert words("zh")["web.winners.one"] == words("zh")["web.winners"] == "获胜者：{names}"
        # Every amount on a Chinese screen is in 万 (format_money), and so is the pay field.
        assert words("zh")["web.amount"] == "金额（万）"
        # A label takes the language's colon: full-width in Chinese.
        assert [words(lang)["web.label"] for lang in ("en", "es", "zh")] == [
            "{label}: ",
            "{label}: ",
            "{label}：",
        ]
        script = (resources.files("millions_rules.web") / "static" / "table.js").read_text("utf-8")
        assert "}: `" not in script and ")}: " not in script

    def test_words_in_spanish_and_chinese(self) -> None:
        """The page speaks as the catalogs do (旁观者, not a word of its own) and keeps placeholders."""
        assert words("zh")["term.spectator"] == "旁观者"
        assert words("zh")["term.face_up_roles"] == "面朝上的角色牌"
        assert words("es")["web.save"] == "Guardar la mesa"
        assert words("es")["web.waiting"] == "Nada que hacer por ahora: se espera a {names}"
        assert words("zh")["web.choose"] == "选择{role}"

    def test_page_uses_only_words_the_server_sends(self) -> None:
        """Every key table.js and the games' widget scripts look up is in words(); the page
        holds no translations of its own."""
        script = "\n".join(
            [
                (resources.files("millions_rules.web") / "static" / "table.js").read_text("utf-8"),
                *(
                    game.companions.page.script()
                    for game in GAMES.values()
                    if game.companions.page is not None and game.companions.page.script is not None
                ),
            ]
        )
        keys = set(re.findall(r'\bt\("([^"]+)"', script))
        assert keys and keys <= set(words("en"))
        for prefix in re.findall(r"\bt\(`([a-z_.]+)\.\$\{", script):
            assert any(key.startswith(f"{prefix}.") for key in words("en")), prefix
        for code in ("stale_version", "unknown_token"):
            assert f"web.error.{code}" in words("en")
        assert "const TEXT" not in script
        # No Spanish or Chinese word in the page: only dashes, dots, the minus and
        # multiplication signs, and money's 万 and 亿 (as format_money writes it); no "±" for
        # no change (review item X15). The three words shown before the server's first answer
        # are the one exception, each the catalogs' word (tests/test_words.py checks them).
        signs = {"\u2212", "\u00d7"}
        outside = re.sub(r"const FALLBACK = \{\n.*?\n\};", "", script, flags=re.S)
        assert outside != script
        assert set(re.findall(r"[^\x00-\x7f]", outside)) == {"—", "·", "万", "亿"} | signs
        # The winners' line picks its plural form by their number.
        assert '"web.winners.one" : "web.winners"' in script
        assert {"web.winners.one", "web.winners"} <= set(words("en"))

    def test_words_without_a_seat(self, client: TestClient) -> None:
        """GET /api/words answers in the table's language, or the one asked; no token needed."""
        spanish = Table(GameConfig(3, seed=1), bots=[1, 2], lang="es")
        answer = TestClient(create_app(spanish)).get("/api/words").json()
        assert answer == {"lang": "es", "words": words("es")}
        assert client.get("/api/words", params={"lang": "zh"}).json()["words"] == words("zh")
        response = client.get("/api/words", params={"lang": "fr"})
        assert (response.status_code, response.json()["error"]) == (400, "bad_request")


def test_end_screen_says_why(table: Table) -> None:
    """Once the game is over, the update says why in the page's language (R-END)."""
    token = table.seat_token(0)
    assert table.update(token)["ending"] is None
    for _ in range(1000):
        if table.state.is_over:
            break
        for seat in (0, 1):
            offered = table.update(table.seat_token(seat))["view"]["legal_actions"]
            if offered:
                table.act(table.seat_token(seat), offered[-1], table.version)
    won = table.state.events[-1]
    assert isinstance(won, GameWon)
    assert table.update(token, lang="es")["ending"] == win_reason(won.reason, "es")


class TestSaving:
    def test_save_and_load_keep_the_game_and_links(self, table: Table, client: TestClient) -> None:
        """A saved table loads into the same state, names, bots and working links."""
        token = table.seat_token(0)
        first = update(client, token)
        act(client, token, first["view"]["version"], first["view"]["legal_actions"][0])
        response = client.get("/api/save", headers=bearer(table.host_token))
        assert response.status_code == 200
        loaded = Table.load(response.content)
        assert loaded.state == table.state
        assert loaded.bots == (2, 3, 4)
        assert loaded.names == table.names
        assert loaded.seat_of(token) == 0
        assert loaded.update(token) == table.update(token)

    def test_only_the_host_saves(self, table: Table, client: TestClient) -> None:
        """The save holds every secret: a seat's link gets 403."""
        response = client.get("/api/save", headers=bearer(table.seat_token(0)))
        assert response.status_code == 403

    @pytest.mark.parametrize(
        "text", ["{}", "[]", "nonsense", '{"format": "millions-rules-table/1"}']
    )
    def test_load_refuses_what_is_no_table(self, text: str) -> None:
        """Anything but a saved table is ``bad_request``."""
        with pytest.raises(TableError) as caught:
            Table.load(text)
        assert caught.value.code == "bad_request"


class TestCommandLine:
    def test_serve_needs_a_person(self, capsys: pytest.CaptureFixture[str]) -> None:
        """``serve --bots`` as many as the players is refused with exit code 2."""
        assert main(["serve", "--players", "3", "--bots", "3"]) == 2
        assert "--bots must be from 0 to 2" in capsys.readouterr().err

    def test_serve_reports_an_unreadable_save(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Any
    ) -> None:
        """``serve --load`` of a missing file fails with a message, not a traceback."""
        assert main(["serve", "--load", str(tmp_path / "missing.json")]) == 2
        assert "serve:" in capsys.readouterr().err


def test_page_is_served(client: TestClient) -> None:
    """The page and its script are plain files: no build step."""
    page = client.get("/")
    assert page.status_code == 200 and "/static/table.js" in page.text
    script = client.get("/static/table.js")
    assert script.status_code == 200 and "EventSource" in script.text


#: The longest a stream test waits for the server: a regression fails, it never hangs.
STREAM_TIMEOUT = 10.0


class EventStream:
    """One ``GET /api/stream`` request, driven through the ASGI interface itself.

    Starlette's ``TestClient`` cannot read an endless response on every supported Python:
    before Starlette 1.9 it buffers the whole body before returning, so an event stream,
    which never ends, hangs it, and 1.7 is the last release for Python 3.10. Here every wait is bounded
    by :data:`STREAM_TIMEOUT`, and leaving the ``async with`` block disconnects the client
    and waits for the server to finish the response.
    """

    def __init__(self, app: Starlette, query: dict[str, str | int], token: str) -> None:
        self._app = app
        self._scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": "/api/stream",
            "raw_path": b"/api/stream",
            "query_string": urlencode(query).encode(),
            "root_path": "",
            "headers": [(b"host", b"table"), (b"authorization", f"Bearer {token}".encode())],
            "client": ("127.0.0.1", 50000),
            "server": ("table", 80),
        }
        self._sent: asyncio.Queue[Message] = asyncio.Queue()
        self._requested = False
        self._gone = asyncio.Event()
        self._buffer = b""
        self.task: asyncio.Task[None] | None = None
        self.headers: dict[str, str] = {}

    async def _receive(self) -> Message:
        if not self._requested:
            self._requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self._gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: Message) -> None:
        await self._sent.put(message)

    async def __aenter__(self) -> EventStream:
        self.task = asyncio.create_task(self._app(self._scope, self._receive, self._send))
        start = await asyncio.wait_for(self._sent.get(), STREAM_TIMEOUT)
        assert start["type"] == "http.response.start" and start["status"] == 200
        self.headers = {key.decode(): value.decode() for key, value in start["headers"]}
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._gone.set()
        assert self.task is not None
        await asyncio.wait_for(self.task, STREAM_TIMEOUT)

    async def next_message(self) -> str:
        """The next message of the stream (an event or a comment), without its blank line."""
        while b"\n\n" not in self._buffer:
            message = await asyncio.wait_for(self._sent.get(), STREAM_TIMEOUT)
            assert message["type"] == "http.response.body" and message["more_body"] is True
            self._buffer += message["body"]
        text, self._buffer = self._buffer.split(b"\n\n", 1)
        return text.decode()


def parse_update(message: str) -> Any:
    """The payload of an ``update`` event."""
    kind, data = message.split("\n")
    assert kind == "event: update"
    return json.loads(data.removeprefix("data: "))


class TestStream:
    def test_stream_sends_the_update_first(self, table: Table) -> None:
        """The event stream opens with the client's update after its cursor."""
        token = table.seat_token(0)

        async def scenario() -> tuple[dict[str, str], str]:
            async with EventStream(create_app(table), {"since": 2}, token) as stream:
                return stream.headers, await stream.next_message()

        headers, message = asyncio.run(scenario())
        assert headers["content-type"] == "text/event-stream; charset=utf-8"
        assert headers["cache-control"] == "no-store"
        assert parse_update(message) == table.update(token, 2)

    def test_stream_sends_each_change_once(self, table: Table) -> None:
        """An action wakes every stream: each gets an update with only the events it lacks."""
        token = table.seat_token(0)
        app = create_app(table)
        before = table.update(token)

        async def scenario() -> tuple[Any, Any, int]:
            async with EventStream(app, {}, token) as stream:
                first = parse_update(await stream.next_message())
                transport = httpx.ASGITransport(app=app)
                async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                    acted = await http.post(
                        "/api/act",
                        json={
                            "token": token,
                            "version": first["view"]["version"],
                            "action": first["view"]["legal_actions"][0],
                        },
                    )
                assert acted.status_code == 200, acted.text
                return first, parse_update(await stream.next_message()), acted.json()["version"]

        first, second, version = asyncio.run(scenario())
        assert first == before
        cursor = len(before["view"]["events"])
        assert second == table.update(token, cursor)
        assert second["view"]["first_event"] == cursor and second["view"]["version"] == version
        assert version > before["view"]["version"] and len(second["view"]["events"]) > 0

    def test_quiet_stream_keeps_alive(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        """A stream with nothing new sends a keep-alive comment, then goes on waiting."""
        monkeypatch.setattr("millions_rules.web._app._KEEP_ALIVE", 0.01)
        token = table.seat_token(0)

        async def scenario() -> list[str]:
            async with EventStream(create_app(table), {"since": 2}, token) as stream:
                return [await stream.next_message() for _ in range(3)]

        first, *rest = asyncio.run(scenario())
        assert parse_update(first) == table.update(token, 2)
        assert rest == [": keep-alive", ": keep-alive"]

    def test_stream_ends_when_the_client_leaves(self, table: Table) -> None:
        """A client that disconnects ends its response: the server's task does not linger."""

        async def scenario() -> asyncio.Task[None]:
            stream = EventStream(create_app(table), {}, table.seat_token(0))
            async with stream:
                await stream.next_message()
            assert stream.task is not None
            return stream.task

        task = asyncio.run(scenario())
        assert task.done() and not task.cancelled() and task.exception() is None

    def test_stream_refuses_an_unknown_token(self, client: TestClient) -> None:
        """A bad token gets the JSON refusal, not a stream."""
        response = client.get("/api/stream", headers=bearer("nope"))
        assert response.status_code == 403
        assert response.json()["error"] == "unknown_token"


class _BrokenBot:
    """A bot that always fails."""

    def choose(self, view: object, legal: object, rng: object) -> object:
        raise RuntimeError("broken")


def test_a_failing_bot_does_not_stop_the_table(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot that raises plays the clock's default action instead; the error is logged.
    In negotiation it waits for the people first, as every bot does (the bots' window)."""
    table._bots[2] = _BrokenBot()
    for seat in (0, 1):
        choose = table.update(table.seat_token(seat))["view"]["legal_actions"][0]
        table.act(table.seat_token(seat), choose, table.version)
    assert table.state.phase is Phase.NEGOTIATION
    assert 2 in table.state.awaiting  # it waits for the people
    for seat in (0, 1):
        table.act(table.seat_token(seat), {"type": "stay", "player": seat}, table.version)
    assert 2 not in table.state.awaiting  # the broken bot decided anyway
    assert "the bot in seat 2 failed" in caplog.text


def test_serve_hosts_a_saved_table(table: Table, tmp_path: Any) -> None:
    """``serve --load FILE`` hosts the saved table, and prints the same links again."""
    import io

    from millions_rules.web._serve import make_table, print_links

    saved = tmp_path / "table.json"
    saved.write_text(table.save(), encoding="utf-8")
    loaded = make_table(load=str(saved))
    assert loaded.state == table.state
    out = io.StringIO()
    print_links(loaded, "http://127.0.0.1:8000", out)
    lines = out.getvalue().splitlines()
    assert lines[1] == f"  seat 0 Ana: http://127.0.0.1:8000/#{table.seat_token(0)}"
    assert lines[3] == "  seat 2 Carmen (bot)"  # a bot's secret link is never printed
    assert lines[-4] == f"  spectator: http://127.0.0.1:8000/#{table.spectator_token}"
    code = table.join_code  # kept in the saved file
    assert lines[-3] == f"  join code {code}, join page: http://127.0.0.1:8000/join#{code}"
    assert lines[-1] == f"  host (save): http://127.0.0.1:8000/#{table.host_token}"


class TestTeaching:
    """Refusals in the page's language with names; the heist summary and the target."""

    @pytest.mark.parametrize(
        ("lang", "expected"),
        [
            ("en", "the table has moved on since your page showed it; look again before acting."),
            ("es", words("es")["web.error.stale_version"]),
            ("zh", words("zh")["web.error.stale_version"]),
        ],
    )
    def test_stale_version_in_the_page_language(
        self, table: Table, client: TestClient, lang: str, expected: str
    ) -> None:
        """The stable code stays; the message is in the language the page asked for."""
        body = {
            "token": table.seat_token(0),
            "version": table.version + 1,
            "action": {"type": "stay", "player": 0},
            "lang": lang,
        }
        response = client.post("/api/act", json=body)
        assert response.status_code == 409
        assert response.json() == {"error": "stale_version", "message": expected}

    @pytest.mark.parametrize(
        ("lang", "expected"),
        [
            ("en", "Ana cannot act for Bruno"),
            ("es", "Ana no puede actuar por Bruno"),
            ("zh", "Ana不能替Bruno行动"),
        ],
    )
    def test_another_seats_action_names_the_players(
        self, table: Table, client: TestClient, lang: str, expected: str
    ) -> None:
        """Seat 0 acting for seat 1 reads with names, not seat numbers."""
        seen = update(client, table.seat_token(1))["view"]
        body = {
            "token": table.seat_token(0),
            "version": table.version,
            "action": seen["legal_actions"][0],
            "lang": lang,
        }
        response = client.post("/api/act", json=body)
        assert response.status_code == 403
        assert response.json() == {"error": "not_your_action", "message": expected}

    @pytest.mark.parametrize(
        ("lang", "expected"),
        [
            ("en", "Ana has already chosen; a choice is final (R-PLAN-2)"),
            ("es", "Ana ya ha elegido; la elección es definitiva (R-PLAN-2)"),
            ("zh", "Ana已经选好了；选择不可更改（R-PLAN-2）"),
        ],
    )
    def test_a_refusal_names_the_player(
        self, table: Table, client: TestClient, lang: str, expected: str
    ) -> None:
        """A refusal that names a seat ("seat 0 has already chosen") names the player."""
        offered = update(client, table.seat_token(0))["view"]["legal_actions"]
        act(client, table.seat_token(0), table.version, offered[0])
        body = {
            "token": table.seat_token(0),
            "version": table.version,
            "action": offered[1],
            "lang": lang,
        }
        response = client.post("/api/act", json=body)
        assert response.status_code == 409
        assert response.json() == {"error": "already_chosen", "message": expected}

    def test_summary_and_target(self) -> None:
        """No summary before the first heist; afterwards the last heist's public facts."""
        from millions_rules.bots import RuleBot, play_game
        from millions_rules.millions._page import heist_summary

        table = Table(GameConfig(4, seed=3), bots=[1, 2, 3])
        first = table.update(table.seat_token(0))
        assert (first["summary"], first["target"]) == (None, 20)
        state = play_game(GameConfig(4, seed=3), [RuleBot(negotiate=False)] * 4, seed=3)
        assert heist_summary(state) == {
            "round": 4,
            "caught": [[0, "brute"], [2, "brute"], [3, "brute"]],
            "shares": [[1, 12, "crook"]],
            "revealed": [[0, "brute"], [2, "brute"], [3, "brute"], [1, "crook"]],
            "change": [0, 12, 0, 0],
            "cash": [9, 20, 14, 4],
        }


def test_a_bot_stacker_at_a_companion_table_gets_its_outcome_from_the_model() -> None:
    """At a Torraku companion table a bot seat's own stacking attempts are drawn from the
    model (R-TK-SIM, R-TK-STACK-7): the table never waits for a report nobody will send,
    while a person's report is never guessed on a timeout."""
    from millions_rules.torraku import Dealer, ReportPlacement, TorrakuConfig
    from millions_rules.torraku import Phase as TorrakuPhase
    from millions_rules.torraku import to_json as to_json_torraku

    config = TorrakuConfig(2, seed=5, dealer=Dealer.EXTERNAL, round_limit=40)
    table = Table(config, bots=[1])
    for _ in range(2000):
        state = table.state
        if state.is_over:
            break
        assert table.game.due(state), "someone is always due until the game is over"
        seat = table.game.due(state)[0]
        assert seat == 0, "the bot seat plays at once, its reports included"
        if state.phase is TorrakuPhase.STACKING:
            before = table.version
            _, rows = table.timeout(now=0.0)
            assert rows == [], "a person's stacking report is never guessed"
            assert table.version == before
        action = table.game.legal(state, table.game.view(state, 0), 0)[0]
        table.act(table.seat_token(0), json.loads(to_json_torraku(action)), table.version)
    assert table.state.is_over
    assert any(isinstance(a, ReportPlacement) and a.player == 1 for a in table.state.history)
