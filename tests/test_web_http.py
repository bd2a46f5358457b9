"""The HTTP layer's contract, in process: tokens in headers, never in query strings.

Issue 27, defect 8: seat, host and admin tokens sent in a query string land in every
reverse proxy's request log. Every route authenticates with ``Authorization: Bearer``
(a POST may still carry ``"token"`` in its body) and a query string naming a token is
refused with a JSON answer, so a working token is never logged.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette prefers httpx2, which is not yet everywhere
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from millions_rules import GameConfig
from millions_rules.web import Server, Table, create_app, open_store

from .web_auth import bearer

BASE = "http://127.0.0.1:8000"


@pytest.fixture
def served() -> tuple[Server, Table, TestClient]:
    """A server of one finished-free table (seats 1 and 2 bots) and its client."""
    server = Server(open_store(":memory:"), admin_token="ADMIN-TOKEN-0123456789")
    table = server.add(Table(GameConfig(3, seed=27), bots=[1, 2]))
    return server, table, TestClient(create_app(server, base_url=BASE))


GETS = ["/api/update", "/api/stream", "/api/save", "/api/links", "/api/tables", "/api/replay"]


class TestTokensInHeaders:
    @pytest.mark.parametrize("path", GETS + ["/", "/lobby", "/replay", "/api/words"])
    def test_a_token_in_the_query_string_is_refused(
        self, served: tuple[Server, Table, TestClient], path: str
    ) -> None:
        """Any route answers 400 ``token_in_query`` (JSON) to ``?token=``, a working one
        included, so that no deployment can come to rely on tokens in URLs (defect 8)."""
        _server, table, client = served
        for name in ("token", "TOKEN", "%74oken"):
            response = client.get(f"{path}?lang=en&{name}={table.host_token}")
            assert response.status_code == 400, (path, name, response.text)
            assert response.json()["error"] == "token_in_query"
            assert set(response.json()) == {"error", "message"}

    def test_a_post_with_a_token_in_the_query_string_is_refused(
        self, served: tuple[Server, Table, TestClient]
    ) -> None:
        """A POST whose query string names a token is refused before its body is read,
        and changes nothing."""
        _server, table, client = served
        token = table.seat_token(0)
        before = table.version
        got = client.get("/api/update", headers=bearer(token)).json()
        body = {"version": got["version"], "action": got["actions"][0]}
        response = client.post(f"/api/act?token={token}", json=body)
        assert response.status_code == 400 and response.json()["error"] == "token_in_query"
        assert table.version == before

    def test_every_get_takes_the_bearer_header(
        self, served: tuple[Server, Table, TestClient]
    ) -> None:
        """The header opens what the query string used to: a seat's update, the host's
        links and save, the admin's list of tables."""
        server, table, client = served
        seat = client.get("/api/update", headers=bearer(table.seat_token(0)))
        assert seat.status_code == 200 and seat.json()["view"]["seat"] == 0
        links = client.get("/api/links", headers=bearer(table.host_token))
        assert links.status_code == 200 and links.json()["table"] == table.id
        save = client.get("/api/save", headers=bearer(table.host_token))
        assert save.status_code == 200 and save.text == table.save()
        listed = client.get("/api/tables", headers=bearer(server.admin_token))
        assert [t["table"] for t in listed.json()["tables"]] == [table.id]
        admin_save = client.get(
            "/api/save", params={"table": table.id}, headers=bearer(server.admin_token)
        )
        assert admin_save.status_code == 200 and admin_save.text == table.save()

    def test_no_header_is_no_token(self, served: tuple[Server, Table, TestClient]) -> None:
        """Without the header a GET opens nothing (403 ``unknown_token``)."""
        _, _, client = served
        for path in ("/api/update", "/api/links", "/api/tables", "/api/save"):
            response = client.get(path)
            assert response.status_code == 403, path
            assert response.json()["error"] == "unknown_token"

    @pytest.mark.parametrize("header", ["Basic abc", "Bearer a b", "token", "Bearer\tx y"])
    def test_another_authorization_form_is_refused(
        self, served: tuple[Server, Table, TestClient], header: str
    ) -> None:
        """An ``Authorization`` header that is not ``Bearer <token>`` is a 400
        ``bad_request``, not a silent anonymous request."""
        _, _, client = served
        response = client.get("/api/update", headers={"Authorization": header})
        assert response.status_code == 400 and response.json()["error"] == "bad_request"

    def test_posts_take_the_header_or_the_body(
        self, served: tuple[Server, Table, TestClient]
    ) -> None:
        """``POST /api/act`` plays with the token in the header (no ``token`` field) as
        with the body's ``token`` field, which keeps working."""
        _, table, client = served
        token = table.seat_token(0)
        for carried in ("header", "body"):
            got = client.get("/api/update", headers=bearer(token)).json()
            if not got["actions"]:
                break
            body: dict[str, Any] = {"version": got["version"], "action": got["actions"][0]}
            if carried == "header":
                response = client.post("/api/act", json=body, headers=bearer(token))
            else:
                response = client.post("/api/act", json={**body, "token": token})
            assert response.status_code == 200, (carried, response.text)
            assert response.json()["version"] > got["version"]

    def test_the_header_wins_over_the_body(self, served: tuple[Server, Table, TestClient]) -> None:
        """With both, the header's token is the one checked: a spectator's header with a
        seat's body token is refused (a spectator acts for no seat)."""
        _, table, client = served
        got = client.get("/api/update", headers=bearer(table.seat_token(0))).json()
        body = {
            "token": table.seat_token(0),
            "version": got["version"],
            "action": got["actions"][0],
        }
        response = client.post("/api/act", json=body, headers=bearer(table.spectator_token))
        assert response.status_code == 403, response.text

    def test_links_carry_tokens_in_fragments_only(
        self, served: tuple[Server, Table, TestClient]
    ) -> None:
        """Every link the host and admin get puts its token after ``#``, never in ``?``."""
        server, _table, client = served
        listed = client.get("/api/tables", headers=bearer(server.admin_token)).json()
        links = [listed["tables"][0]["host"], listed["tables"][0]["spectator"]]
        links += [seat["link"] for seat in listed["tables"][0]["seats"] if seat["link"]]
        assert links and all("?" not in link and link.startswith(f"{BASE}/#") for link in links)
