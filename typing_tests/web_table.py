"""Checked by ``mypy --strict`` only, never run: the web table's API types well for a host."""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from typing_extensions import assert_type

from millions_rules import GameConfig, GameState
from millions_rules.web import Table, TableError, create_app

table = Table(GameConfig(5, seed=1), bots=[2, 3, 4], lang="es", names=["A", "B", "C", "D", "E"])
assert_type(table.state, GameState)
assert_type(table.version, int)
assert_type(table.bots, tuple[int, ...])
assert_type(table.seat_of(table.seat_token(0)), int | None)
assert_type(table.update(table.spectator_token, 0, "zh"), dict[str, Any])
assert_type(table.act(table.seat_token(0), {"type": "stay", "player": 0}, 3), int)
assert_type(Table.load(table.save()), Table)
assert_type(create_app(table, base_url="http://127.0.0.1:8000"), Starlette)

try:
    table.act(table.spectator_token, None, 0)
except TableError as error:
    assert_type(error.code, str)
    assert_type(error.status, int)
