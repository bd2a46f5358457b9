"""The adapters' shared core: turn structure, action catalogue, observation vector.

These need no extra; the PettingZoo and OpenSpiel tests live in ``tests/adapters``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    Choose,
    ConfigError,
    Dealer,
    DealLoot,
    Denounce,
    GameConfig,
    IllegalActionError,
    Leave,
    Pay,
    Role,
    SetAside,
    Stay,
    UseThreat,
    sample_state,
    view,
)
from millions_rules.adapters import (
    PAY_AMOUNTS,
    Catalogue,
    Table,
    Wait,
    max_moves,
    moves_of,
    observation_fields,
    observation_size,
    observe,
)

from .conftest import scaled


def random_table(players: int, seed: int, steps: int) -> Table:
    """A table after up to ``steps`` random catalogue moves (external dealer included)."""
    rng = random.Random(seed)
    catalogue = Catalogue(players)
    table = Table.start(GameConfig(players, seed=seed, dealer=Dealer.EXTERNAL))
    for _ in range(steps):
        if table.state.is_over:
            break
        seat = table.turn.seat
        if seat is None:
            table = table.play(rng.choice(table.moves()))
            continue
        mask = catalogue.mask(view(table.state, seat), table.turn)
        table = table.play(catalogue.move(rng.choice([i for i, m in enumerate(mask) if m]), seat))
    return table


class TestCatalogue:
    @pytest.mark.parametrize(
        ("players", "size"), [(3, 53), (4, 33), (5, 40), (6, 46), (7, 54), (8, 60)]
    )
    def test_size(self, players: int, size: int) -> None:
        """Choices + stay + leave (+ 5 take-backs) + threats + names + n x 5 payments + wait."""
        assert len(Catalogue(players)) == size

    def test_three_player_choices_are_ordered_pairs(self) -> None:
        """R-3P-1, R-3P-4: the 20 ordered pairs of different roles come first."""
        entries = Catalogue(3).entries
        assert entries[0] == Choose(0, (Role.SNITCH, Role.BRUTE))
        assert entries[4] == Choose(0, (Role.BRUTE, Role.SNITCH))
        assert all(isinstance(e, Choose) for e in entries[:20])
        assert entries[20:22] == (Stay(0), Leave(0))
        assert entries[22:27] == tuple(Leave(0, role) for role in Role)

    def test_order_for_five_players(self) -> None:
        """R-COMP-2: four roles in play; then the fixed blocks in the documented order."""
        catalogue = Catalogue(5)
        assert catalogue.entries[:4] == tuple(
            Choose(0, r) for r in (Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK)
        )
        assert catalogue.entries[4:6] == (Stay(0), Leave(0))
        assert catalogue.entries[6:11] == tuple(UseThreat(0, t, 0) for t in range(5))
        assert catalogue.entries[11:14] == tuple(
            Denounce(0, r) for r in (Role.BRUTE, Role.DRIVER, Role.CROOK)
        )
        assert catalogue.entries[14:19] == tuple(Pay(0, 0, a) for a in PAY_AMOUNTS)
        assert catalogue.entries[-1] == Wait(0)
        assert catalogue.names[-2:] == ("pay seat 4 10M", "wait")

    @pytest.mark.parametrize("players", [3, 5, 8])
    def test_index_and_move_round_trip_for_every_seat(self, players: int) -> None:
        """Every entry, in every seat's hands, maps back to its own index."""
        catalogue = Catalogue(players)
        for seat in range(players):
            for index in range(len(catalogue)):
                move = catalogue.move(index, seat)
                assert move.player == seat
                assert catalogue.index(move) == index

    def test_unknown_moves_have_no_index(self) -> None:
        """A payment of an amount outside PAY_AMOUNTS, or a non-move, has no index."""
        catalogue = Catalogue(5)
        assert catalogue.index(Pay(1, 2, 4)) is None
        assert catalogue.index("stay") is None  # type: ignore[arg-type]

    @pytest.mark.parametrize("index", [-1, 40, 2.0, True, "1"])
    def test_bad_index_is_a_config_error(self, index: object) -> None:
        """An index outside the catalogue raises ConfigError, not IndexError."""
        with pytest.raises(ConfigError):
            Catalogue(5).move(index, 0)  # type: ignore[arg-type]


class TestTurns:
    def test_planning_goes_clockwise_from_the_leader(self) -> None:
        """R-PLAN-2 sequentialised: seats choose in turn, leader first."""
        table = Table.start(GameConfig(5, seed=3, first_leader=2))
        order = []
        while table.state.phase.value == "planning":
            seat = table.turn.seat
            assert seat is not None
            order.append(seat)
            assert table.moves() == view(table.state, seat).legal_actions
            table = table.play(table.moves()[0])
        assert order == [2, 3, 4, 0, 1]

    @pytest.mark.parametrize("free_moves", [-1, 101, 2.0, True, "2"])
    def test_bad_free_moves(self, free_moves: object) -> None:
        """free_moves is an int from 0 to 100."""
        with pytest.raises(ConfigError):
            Table.start(GameConfig(4, seed=1), free_moves)  # type: ignore[arg-type]

    def test_resume_needs_a_state(self) -> None:
        """Table.resume of something that is no GameState raises ConfigError."""
        with pytest.raises(ConfigError):
            Table.resume("state")  # type: ignore[arg-type]

    def test_without_free_moves_a_seat_decides_at_once(self) -> None:
        """free_moves=0: no payment, no wait; an undecided seat must stay or leave."""
        table = Table.start(GameConfig(4, seed=1), free_moves=0)
        for role in (Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER):
            table = table.play(Choose(table.turn.seat, role))  # type: ignore[arg-type]
        assert table.moves() == (Stay(0), Leave(0))

    def test_out_of_turn_is_refused_and_changes_nothing(self) -> None:
        """A move of a seat that is not to act raises not_your_turn."""
        table = Table.start(GameConfig(4, seed=1))
        with pytest.raises(IllegalActionError) as error:
            table.play(Choose(1, Role.BRUTE))
        assert error.value.code == "not_your_turn"
        assert table == Table.start(GameConfig(4, seed=1))

    @pytest.mark.parametrize("move", [Wait(True), "stay", Stay("0"), None])  # type: ignore[arg-type]
    def test_malformed_moves_are_refused(self, move: object) -> None:
        """Anything but the acting seat's own move raises IllegalActionError."""
        table = self.negotiation()
        with pytest.raises(IllegalActionError):
            table.play(move)  # type: ignore[arg-type]

    def negotiation(self) -> Table:
        table = Table.start(GameConfig(4, seed=1), free_moves=1)
        for role in (Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER):
            table = table.play(Choose(table.turn.seat, role))  # type: ignore[arg-type]
        assert table.state.phase.value == "negotiation"
        return table

    def test_negotiation_starts_with_the_leader_and_waits_are_limited(self) -> None:
        """R-NEG-1 sequentialised: a wait spends a free move; without one, decide."""
        table = self.negotiation()
        assert table.turn.seat == 0
        assert Wait(0) in table.moves()
        table = table.play(Wait(0))
        assert (table.turn.seat, table.free_moves) == (1, (0, 1, 1, 1))
        for seat in (1, 2, 3):
            table = table.play(Wait(seat))
        assert table.turn.seat == 0
        assert Wait(0) not in table.moves()
        assert not any(isinstance(m, Pay) for m in table.moves())
        with pytest.raises(IllegalActionError) as error:
            table.play(Wait(0))
        assert error.value.code == "not_your_turn"

    def test_a_payment_spends_a_free_move(self) -> None:
        """R-NEG-3: a payment is a free move and moves the money."""
        table = self.negotiation().play(Pay(0, 2, 3))
        assert table.free_moves == (0, 1, 1, 1)
        assert table.state.cash[0] == 1 and table.state.cash[2] == 7
        assert table.turn.seat == 1

    def test_a_decided_seat_keeps_turns_until_it_waits(self) -> None:
        """A seat that stayed may still pay; its wait ends its turns for the round."""
        table = self.negotiation().play(Stay(0))
        table = table.play(Stay(1)).play(Wait(2)).play(Wait(3))
        assert table.turn.seat == 0
        assert table.moves() == (*(Pay(0, to, a) for to in (1, 2, 3) for a in range(1, 5)), Wait(0))
        table = table.play(Wait(0))
        assert table.done == (True, False, False, False)
        assert table.turn.seat == 1

    def test_a_seat_that_left_is_skipped(self) -> None:
        """R-NEG-2: a seat that left takes no further part in the round."""
        table = self.negotiation().play(Leave(0))
        table = table.play(Stay(1)).play(Stay(2))
        assert table.turn.seat == 3  # not 0
        table = table.play(Wait(3))
        assert table.turn.seat == 1  # 0 skipped again

    def test_counters_reset_each_round(self) -> None:
        """Free moves are per round."""
        table = self.negotiation().play(Wait(0))
        for seat in (1, 2, 3, 0):
            table = table.play(Leave(seat))
        assert table.state.round == 2
        assert table.free_moves == (1, 1, 1, 1)
        assert table.turn.seat == 1  # the leader card passed clockwise (R-COMP-6)

    def test_dealer_acts_at_chance_nodes(self) -> None:
        """With the external dealer, DealLoot and SetAside are the table's chance moves."""
        table = Table.start(GameConfig(4, seed=1, dealer=Dealer.EXTERNAL))
        assert table.turn.seat is None
        assert table.moves() == tuple(DealLoot(i) for i in range(8))
        with pytest.raises(IllegalActionError):
            table.play(Choose(0, Role.BRUTE))
        table = table.play(DealLoot(5))
        for role in (Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER):
            table = table.play(Choose(table.turn.seat, role))  # type: ignore[arg-type]
        assert table.moves() == (SetAside(Role.BRUTE), SetAside(Role.DRIVER), SetAside(Role.CROOK))

    @pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
    def test_random_games_end_within_the_bound(self, players: int) -> None:
        """Every game ends, within max_moves (dealer moves counted)."""
        for seed in range(3):
            table = random_table(players, seed, 10_000)
            assert table.state.is_over
            assert len(table.state.history) <= max_moves(table.state.config)

    @pytest.mark.parametrize("players", [3, 5, 8])
    def test_masks_from_views_match_the_engine(self, players: int) -> None:
        """The view-built legal moves equal the engine-built ones at every turn."""
        rng = random.Random(players)
        table = Table.start(GameConfig(players, seed=players))
        catalogue = Catalogue(players)
        while not table.state.is_over:
            seat = table.turn.seat
            assert seat is not None
            seen = view(table.state, seat)
            assert set(moves_of(seen, table.turn, PAY_AMOUNTS)) == set(table.moves(PAY_AMOUNTS))
            other = (seat + 1) % players
            assert catalogue.mask(view(table.state, other), table.turn) == [0] * len(catalogue)
            table = table.play(rng.choice(table.moves(PAY_AMOUNTS)))


class TestObservation:
    @pytest.mark.parametrize("players", [3, 4, 5, 8])
    def test_length_matches_the_fields(self, players: int) -> None:
        """The vector has exactly the documented fields."""
        table = random_table(players, 1, 30)
        seat = table.turn.seat if table.turn.seat is not None else 0
        vector = observe(view(table.state, seat), table.turn)
        assert len(vector) == observation_size(players)
        assert observation_size(players) == sum(size for _, size in observation_fields(players))

    def test_fields_hold_the_view(self) -> None:
        """Seat, cash and own character read back from their documented places."""
        table = Table.start(GameConfig(4, seed=1)).play(Choose(0, Role.CROOK))
        vector = observe(view(table.state, 0), table.turn)
        place = {}
        start = 0
        for name, size in observation_fields(4):
            place[name] = vector[start : start + size]
            start += size
        assert place["seat"] == [1.0, 0.0, 0.0, 0.0]
        assert place["cash"] == [4.0, 5.0, 5.0, 5.0]
        assert place["turn"] == [0.0, 1.0, 0.0, 0.0]
        mine = place["characters"][:12]
        assert mine == [1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
        theirs = observe(view(table.state, 1), table.turn)
        assert theirs[start - sum(s for _, s in observation_fields(4)) :] != vector

    def test_spectators_have_no_observation(self) -> None:
        """observe is for a seat."""
        table = Table.start(GameConfig(4, seed=1))
        with pytest.raises(ConfigError):
            observe(view(table.state, None), table.turn)

    @pytest.mark.parametrize("players", [3, 5, 8])
    def test_worlds_that_differ_in_secrets_encode_alike(self, players: int) -> None:
        """R-INFO: resampled secrets change nothing in a seat's vector and mask."""
        catalogue = Catalogue(players)
        differing = 0
        for steps in (5, 15, 40, 80):
            table = random_table(players, steps, steps)
            seat = table.turn.seat if table.turn.seat is not None else 0
            seen = view(table.state, seat)
            for seed in (1, 2):
                other = attrs.evolve(table, state=sample_state(seen, seed))
                differing += other.state.characters != table.state.characters
                assert observe(view(other.state, seat), other.turn) == observe(seen, table.turn)
                assert catalogue.mask(view(other.state, seat), other.turn) == catalogue.mask(
                    seen, table.turn
                )
        assert differing > 0  # the worlds did differ in secrets


class TestProperties:
    @scaled(4)
    @given(
        players=st.integers(3, 8),
        seed=st.integers(0, 2**64 - 1),
        free_moves=st.integers(0, 3),
        rng=st.randoms(use_true_random=False),
    )
    def test_turns_end_and_masks_match(
        self, players: int, seed: int, free_moves: int, rng: random.Random
    ) -> None:
        """Any game at a table ends within max_moves; the view-built mask is the engine's."""
        config = GameConfig(players, seed=seed, dealer=Dealer.EXTERNAL)
        table = Table.start(config, free_moves)
        catalogue = Catalogue(players)
        moves = 0
        while not table.state.is_over:
            seat = table.turn.seat
            if seat is None:
                table = table.play(rng.choice(table.moves()))
            else:
                mask = catalogue.mask(view(table.state, seat), table.turn)
                offered = [catalogue.index(m) for m in table.moves(PAY_AMOUNTS)]
                assert sorted(i for i, m in enumerate(mask) if m) == sorted(offered)  # type: ignore[type-var]
                table = table.play(catalogue.move(rng.choice(offered), seat))  # type: ignore[arg-type]
            moves += 1
            assert moves <= max_moves(config, free_moves)
