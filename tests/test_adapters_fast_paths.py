"""The adapters' fast paths give what the checked paths give, and refuse what they refuse.

A catalogue entry the game lists as legal, and a dealer's outcome it lists, are played
without the engine's checks (``GameAdapter.play_listed``, the engines' ``apply_listed``).
These tests play every listed entry and outcome of seeded random games both ways, and
check that the listings are exactly the entries the checked path accepts. They need no
extra: the PettingZoo and OpenSpiel tests live in ``tests/adapters``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from millions_rules import ConfigError, Dealer, IllegalActionError, Phase, legal_actions, view
from millions_rules.adapters import Catalogue, Table
from millions_rules.adapters._core import GameAdapter, Position, adapter_of, configure
from millions_rules.millions._engine import payees, seat_listings
from millions_rules.millions._turns import seat_payees
from millions_rules.millions._views import visible_events
from millions_rules.torraku import PieceCounts


def _start(
    game: str, players: int, seed: int, *, external: bool = True, **options: Any
) -> Position[Any]:
    adapter = adapter_of(game)
    config = attrs.evolve(configure(adapter, players, options, external=external), seed=seed)
    return Position(adapter, adapter.start(config, {}))


def _assert_legal_is_what_the_checks_accept(position: Position[Any], rng: random.Random) -> None:
    """Play the game out at random; at every seat's turn, try every catalogue entry with
    the checked ``play`` and compare the entries it accepts with ``legal``."""
    adapter = position.adapter
    entries = len(adapter.catalogue_names(adapter.state_of(position.table).config))
    while not position.over:
        table = position.table
        if position.seat is None:
            outcomes, weights = zip(*position.chances, strict=True)
            position = position.after_chance(rng.choices(outcomes, weights)[0])
            continue
        accepted = [
            index
            for index in range(entries)
            if _checked(adapter, table, adapter.move(table, index)) is not None
        ]
        assert list(position.legal) == accepted
        position = position.after(rng.choice(position.legal))


def _same(adapter: GameAdapter[Any], one: Any, other: Any) -> None:
    """The two tables are the same: state, events, history and turn counters."""
    assert one == other
    first, second = adapter.state_of(one), adapter.state_of(other)
    assert first.events == second.events
    assert first.history == second.history
    assert adapter.counters(one) == adapter.counters(other)


def _checked(adapter: GameAdapter[Any], table: Any, move: Any) -> Any:
    try:
        return adapter.play(table, move)
    except IllegalActionError:
        return None


@pytest.mark.parametrize(
    ("game", "players"),
    [("millions", 3), ("millions", 5), ("millions", 8), ("torraku", 2), ("torraku", 4)],
)
def test_listed_entries_and_outcomes_play_as_checked(game: str, players: int) -> None:
    """Every legal entry and listed dealer's outcome: the same table, checked or not.

    At every position of seeded random games (external dealer: every chance node too),
    each entry of ``legal`` played with ``play_listed`` gives the table ``play`` gives,
    with the same events and history (R-NEG-3 payments, R-PLAN-2 choices, R-NEG-1
    decisions, R-HEIST-SNITCH names, R-TK-BET bets, R-TK-STACK placements included).
    """
    for seed in range(6):
        rng = random.Random(seed)
        position = _start(game, players, seed)
        adapter = position.adapter
        while not position.over:
            table = position.table
            if position.seat is None:
                for outcome, _ in position.chances:
                    move = adapter.chance_move(table, outcome)
                    _same(adapter, adapter.play_listed(table, move), adapter.play(table, move))
                outcomes, weights = zip(*position.chances, strict=True)
                position = position.after_chance(rng.choices(outcomes, weights)[0])
                continue
            for index in position.legal:
                move = adapter.move(table, index)
                _same(adapter, adapter.play_listed(table, move), adapter.play(table, move))
            position = position.after(rng.choice(position.legal))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_legal_entries_are_exactly_the_entries_the_engine_accepts(players: int) -> None:
    """Millions: ``legal`` lists every catalogue entry the checked ``play`` accepts, and no other.

    Every entry of the catalogue is tried at every position of seeded random games
    (R-PLAN-2, R-3P-1, R-NEG-1, R-NEG-2, R-3P-2, R-NEG-3, R-NEG-THREAT, R-HEIST-SNITCH,
    and the turn structure's free moves).
    """
    for seed in range(4):
        _assert_legal_is_what_the_checks_accept(
            _start("millions", players, seed), random.Random(seed)
        )


def test_an_entry_not_listed_is_refused_and_changes_nothing() -> None:
    """An illegal entry takes the checked path: IllegalActionError, the position unchanged."""
    position = _start("millions", 5, 1)
    position = position.after_chance(position.chances[0][0])  # the loot card
    table = position.table
    stay = Catalogue(5).names.index("stay")  # no stay in planning (R-PLAN-2)
    assert stay not in position.legal
    with pytest.raises(IllegalActionError) as raised:
        position.after(stay)
    assert raised.value.code == "wrong_phase"
    assert position.table is table


@pytest.mark.parametrize("outcome", [-1, 99, 10**9])
@pytest.mark.parametrize("game", ["millions", "torraku"])
def test_a_dealer_outcome_not_listed_is_refused(game: str, outcome: int) -> None:
    """A dealer's outcome that is no outcome, at each kind of chance node (the loot card,
    R-PLAN-1; the role card set aside, R-PLAN-4; a stacking attempt, R-TK-SIM-2): a typed
    error, never a bare IndexError, and nothing changes."""
    rng = random.Random(2)
    position = _start(game, 4, 2)
    kinds: set[object] = set()
    while not position.over and len(kinds) < (2 if game == "millions" else 1):
        if position.seat is None:
            state = position.adapter.state_of(position.table)
            kinds.add(state.phase)
            table = position.table
            assert position.chances  # listed first: the fast path is armed
            with pytest.raises((IllegalActionError, ConfigError)):
                position.after_chance(outcome)
            assert position.table is table
            outcomes, weights = zip(*position.chances, strict=True)
            position = position.after_chance(rng.choices(outcomes, weights)[0])
        else:
            position = position.after(rng.choice(position.legal))
    assert len(kinds) == (2 if game == "millions" else 1)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_seat_listings_are_the_seats_legal_actions(players: int) -> None:
    """``seat_listings`` joined is ``legal_actions(state, seat, payments=False)``, every seat, every state."""
    for seed in range(2):
        rng = random.Random(seed)
        position = _start("millions", players, seed, external=False)
        while not position.over:
            state = position.table.state
            for seat in range(players):
                decisions, threats = seat_listings(state, seat)
                assert decisions + threats == legal_actions(state, seat, payments=False)
            position = position.after(rng.choice(position.legal))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_seat_payees_are_the_engines_payees(players: int) -> None:
    """``seat_payees`` (kept by the characters tuple) is the engine's ``payees``, every seat,
    every state (R-NEG-3): in negotiation the seats in the round other than a payer with
    cash, else none."""
    paying = 0
    for seed in range(3):
        rng = random.Random(seed)
        position = _start("millions", players, seed, external=False)
        while not position.over:
            state = position.table.state
            for seat in range(players):
                assert seat_payees(state, seat) == payees(state, seat)
                paying += bool(payees(state, seat))
            position = position.after(rng.choice(position.legal))
    assert paying > 0  # the games had payments to make


def test_legal_entries_are_kept_apart_for_each_player_count() -> None:
    """The negotiation entries kept by the engine's listings (which games of several
    player counts share) are each game's own: games of 4, 5 and 8 players played in
    turns, each entry list checked against the checked path."""
    for players in (4, 8, 5, 4):
        _assert_legal_is_what_the_checks_accept(
            _start("millions", players, 7, external=False), random.Random(players)
        )


@pytest.mark.parametrize("players", [3, 5])
def test_views_filter_the_log_as_visible_events_does(players: int) -> None:
    """A view's events are ``visible_events`` of the state's log (R-INFO), whatever the order
    in which seats and spectators look at the states of a game (each log node keeps the
    filtered logs of the seats that looked)."""
    rng = random.Random(players)
    position = _start("millions", players, players, external=False)
    states = [position.table.state]
    while not position.over:
        position = position.after(rng.choice(position.legal))
        states.append(position.table.state)
    lookers: list[int | None] = [None, *range(players)]
    for state in rng.sample(states, len(states)):  # in any order, some twice
        for seat in rng.sample(lookers, len(lookers)):
            assert view(state, seat).events == visible_events(state.events, seat)
    assert view(states[-1], 0).events == visible_events(states[-1].events, 0)


def test_engine_dealer_tables_take_the_fast_path_too() -> None:
    """With the engine dealing (PettingZoo), every listed entry plays as checked (R-COMP-4)."""
    rng = random.Random(5)
    position = _start("millions", 4, 5, external=False)
    assert position.table.state.config.dealer is Dealer.ENGINE
    while not position.over:
        for index in position.legal:
            move = position.adapter.move(position.table, index)
            _same(
                position.adapter,
                position.adapter.play_listed(position.table, move),
                position.adapter.play(position.table, move),
            )
        position = position.after(rng.choice(position.legal))


def test_torraku_legal_entries_are_exactly_the_entries_the_engine_accepts() -> None:
    """Torraku: ``legal`` lists every catalogue entry the checked ``play`` accepts, and no other.

    With a small supply (4 vans, 4 washing machines, 12 rice cookers: 325 entries), every
    entry is tried at every betting turn of seeded games (R-TK-BET-2 to R-TK-BET-7: a bet
    that tops up from the bag holds the whole hand, so an entry whose counts do not is
    refused rather than read as another bet).
    """
    supply = PieceCounts(4, 4, 12)
    start = _start("torraku", 2, 0, supply=supply)
    assert len(start.adapter.catalogue_names(start.table.config)) == 325
    for seed in range(3):
        _assert_legal_is_what_the_checks_accept(
            _start("torraku", 2, seed, supply=supply), random.Random(seed)
        )


@pytest.mark.parametrize("game", ["millions", "torraku"])
def test_no_dealer_outcome_is_played_at_a_seats_turn(game: str) -> None:
    """At a seat's turn the dealer has no outcomes, and a dealer's move is refused by the
    checks (R-PLAN-2: no card is set aside before every seat has chosen; R-TK-BET: no
    placement is reported while betting)."""
    position = _start(game, 4, 3)
    rng = random.Random(3)
    while position.seat is None:
        outcomes, weights = zip(*position.chances, strict=True)
        position = position.after_chance(rng.choices(outcomes, weights)[0])
    table = position.table
    assert position.chances == ()
    with pytest.raises(IllegalActionError):
        position.after_chance(0)
    assert position.table is table


def test_tables_pickle_without_their_seat_and_count_the_cursor_round_the_table() -> None:
    """A pickled table loads with its seat worked out again (from a pickle of an earlier
    version, which held a private ``_seat``, too); a hand-made cursor counts round the table."""
    import pickle

    position = _start("millions", 4, 4, external=False)
    rng = random.Random(4)
    while position.table.state.phase is not Phase.NEGOTIATION:
        position = position.after(rng.choice(position.legal))
    table = position.table
    loaded = pickle.loads(pickle.dumps(table))
    assert loaded == table and loaded.seat == table.seat
    old = object.__new__(Table)
    old.__setstate__({**table.__getstate__(), "_seat": 3})
    assert old == table and old.seat == table.seat
    around = Table(table.state, 2, table.free_moves, table.done, table.cursor - 4)
    assert around.seat == table.seat


def test_a_seats_filtered_log_is_kept_once_along_a_game() -> None:
    """Looking at each state of a game in turn keeps one filtered log per seat, on the
    newest state looked at, not one per state (R-INFO views stay exact: see above)."""
    from millions_rules.millions._log import Log

    rng = random.Random(6)
    position = _start("millions", 5, 6, external=False)
    states = []
    while not position.over:
        states.append(position.table.state)
        view(states[-1], 0)
        position = position.after(rng.choice(position.legal))
    holders = [state for state in states if 0 in getattr(state.__dict__["events"], "selected", {})]
    assert [id(state) for state in holders] == [id(states[-1])]
    assert isinstance(states[-1].__dict__["events"], Log)
