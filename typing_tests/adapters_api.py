"""Checked by ``mypy --strict`` only, never run: the adapters' shared API types well."""

from __future__ import annotations

from typing_extensions import assert_type

from millions_rules import GameConfig, GameState, view
from millions_rules.adapters import (
    PAY_AMOUNTS,
    Catalogue,
    Move,
    SeatMove,
    Table,
    Turn,
    max_moves,
    moves_of,
    observation_fields,
    observe,
)

table = Table.start(GameConfig(5, seed=1), free_moves=2)
assert_type(table.state, GameState)
assert_type(table.turn, Turn)
assert_type(table.turn.seat, int | None)
assert_type(table.moves(PAY_AMOUNTS), tuple[Move, ...])
assert_type(table.play(table.moves()[0]), Table)
assert_type(max_moves(table.state.config), int)

catalogue = Catalogue(5)
assert_type(catalogue.move(0, seat=3), SeatMove)
assert_type(catalogue.index(catalogue.entries[0]), int | None)
seen = view(table.state, 0)
assert_type(catalogue.mask(seen, table.turn), list[int])
assert_type(moves_of(seen, table.turn, PAY_AMOUNTS), tuple[Move, ...])
assert_type(observe(seen, table.turn), list[float])
assert_type(observation_fields(5), tuple[tuple[str, int], ...])
