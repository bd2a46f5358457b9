"""The adapters' observations read the state directly and give what the views give.

The observation vectors are built from the state (no view, no legal-action list, no walk
of the whole log), and the information state's counts of payments and threats are kept
move by move. These tests play seeded random games and compare, at every step and for
every seat, with what the views and the log give. They need no extra.
"""

from __future__ import annotations

import pickle
import random
from array import array
from typing import Any

import attrs
import pytest

from millions_rules import ConfigError, DeserializationError, GameConfig, Paid, ThreatUsed, view
from millions_rules.adapters import Table, Wait, observe
from millions_rules.adapters._core import Position, adapter_of, configure
from millions_rules.millions._views import visible_events
from millions_rules.torraku._adapter import _observe

MILLIONS = adapter_of("millions")


def _positions(game: str, players: int, seed: int, **options: Any) -> list[Position[Any]]:
    """Every position of a seeded random game with the external dealer."""
    adapter = adapter_of(game)
    config = attrs.evolve(configure(adapter, players, options, external=True), seed=seed)
    position: Position[Any] = Position(adapter, adapter.start(config, {}))
    rng = random.Random(seed)
    found = [position]
    while not position.over:
        if position.seat is None:
            outcomes, weights = zip(*position.chances, strict=True)
            position = position.after_chance(rng.choices(outcomes, weights)[0])
        else:
            position = position.after(rng.choice(position.legal))
        found.append(position)
    return found


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (5, {}), (8, {}), (4, {"repeat_role": "forbidden"}), (4, {"rounds": 3})],
)
def test_millions_observation_is_the_views(players: int, options: dict[str, Any]) -> None:
    """R-INFO, R-NEG-THREAT, R-VAR-REPEAT: at every step of random games, every seat's
    observation vector read from the state is observe() of its view, exactly."""
    for seed in range(2):
        for position in _positions("millions", players, seed, **options):
            table = position.table
            for seat in range(players):
                expected = observe(view(table.state, seat), table.turn)
                assert position.observation(seat) == expected


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_torraku_observation_is_the_views(players: int) -> None:
    """R-TK-BET, R-TK-STACK: every seat's Torraku observation read from the state is the
    one read from its view, at every step of random games."""
    for seed in range(2):
        for position in _positions("torraku", players, seed):
            for seat in range(players):
                expected = _observe(view_of_torraku(position.table, seat), seat)
                assert position.observation(seat) == expected


def view_of_torraku(state: Any, seat: int) -> Any:
    from millions_rules.torraku import view as torraku_view

    return torraku_view(state, seat)


def test_the_ledger_is_the_logs_count() -> None:
    """R-NEG-3, R-NEG-THREAT: the payments and threats the table keeps move by move are
    those of the public log, at every step (a new round's table and a pickled one too)."""
    for players in (3, 5):
        for position in _positions("millions", players, 3):
            table = position.table
            n = players
            paid, threatened = [0] * (n * n), [0] * (n * n)
            for event in visible_events(table.state.events, None):
                if isinstance(event, Paid):
                    paid[event.player * n + event.to] += event.amount
                elif isinstance(event, ThreatUsed):
                    threatened[event.player * n + event.target] += 1
            assert table.ledger == (tuple(paid), tuple(threatened))
            assert pickle.loads(pickle.dumps(table)).ledger == table.ledger


def test_waits_are_traced_and_saved() -> None:
    """Every wait is in the table's public trace, with the public events before it, and
    the trace survives the adapters' document and pickling; a wrong trace is refused."""
    table = Table.start(GameConfig(4, seed=5, dealer="engine"))
    while table.state.phase.value != "negotiation":
        table = table.play(table.moves()[0])
    seat = table.seat
    assert seat is not None
    waited = table.play(Wait(seat))
    public = len(visible_events(table.state.events, None))
    assert waited.waits == ((public, seat),)
    document = MILLIONS.counters(waited)
    assert document["waits"] == [[public, seat]]
    assert MILLIONS.table_of(waited.state, document) == waited
    assert pickle.loads(pickle.dumps(waited)) == waited
    for wrong, code in (
        ([[public + 1, seat]], "bad_value"),
        ([[0, 9]], "bad_value"),
        ("no", "wrong_type"),
        ([[1, 0], [0, 0]], "bad_value"),
    ):
        with pytest.raises(DeserializationError) as raised:
            MILLIONS.table_of(waited.state, {**document, "waits": wrong})
        assert raised.value.code == code
    older = {name: value for name, value in document.items() if name != "waits"}
    assert MILLIONS.table_of(waited.state, older).waits == ()  # a document from before


def test_observation_string_names_the_bonus_role() -> None:
    """R-LOOT-5: the observation string says which role the loot card rewards."""
    for position in _positions("millions", 5, 1):
        loot = position.table.state.loot
        if loot is not None and loot.bonus_role is not None:
            summary = MILLIONS.summary(position.table, 0)
            assert f"bonus {loot.bonus_role.value}" in summary
            return
    pytest.fail("no loot card with a bonus role was dealt")


@pytest.mark.parametrize("seat", [-1, 5, 7, True, "0", 1.0, None])
def test_millions_observations_refuse_what_is_no_seat(seat: object) -> None:
    """R-COMP-7: seats are 0 to n - 1; the observation vector and its float32 fast path
    refuse anything else with ConfigError (not an IndexError, nor another seat's one-hot),
    and still give the same numbers for a seat afterwards."""
    adapter: Any = adapter_of("millions")
    config = configure(adapter, 5, {}, external=False)
    table = adapter.start(config, {})
    with pytest.raises(ConfigError, match="seat"):
        adapter.observe(table, seat)
    with pytest.raises(ConfigError, match="seat"):
        adapter.observe_bytes(table, seat)
    fast = array("f", adapter.observe_bytes(table, 4)).tolist()
    assert fast == adapter.observe(table, 4)
