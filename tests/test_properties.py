"""Properties of the engine over random complete games (R-COMP-3, R-END, purity, replay)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from millions_rules import (
    THREAT_CARDS,
    Dealer,
    GameConfig,
    GameState,
    IllegalActionError,
    Offer,
    Pay,
    Phase,
    Press,
    RepeatRole,
    Say,
    ThreatGained,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    replay,
)
from millions_rules.millions._money import cash_after

from .scenario import outputs_under_hash_seeds
from .strategies import any_actions, configs, games, play_randomly


def money(state: GameState) -> int:
    return sum(state.cash) + sum(state.deposits) + state.reserve


class TestWholeGames:
    @given(games())
    def test_money_conserved_and_never_negative(self, states: list[GameState]) -> None:
        """R-COMP-3: cash + deposits + reserve is always the total; nothing goes below 0."""
        total = states[0].config.total_money
        for state in states:
            assert money(state) == total
            assert min(state.cash) >= 0 and state.reserve >= 0

    @given(games())
    def test_game_ends_within_rounds(self, states: list[GameState]) -> None:
        """R-END-2, R-END-3: every game ends, within ``rounds``, with the richest as winners."""
        end = states[-1]
        assert end.is_over
        assert end.round <= end.config.rounds
        best = max(end.cash)
        assert end.winners == {seat for seat, cash in enumerate(end.cash) if cash == best}

    @given(games())
    def test_replay_rebuilds_every_state(self, states: list[GameState]) -> None:
        """The history replays to the same state (the generator is part of the state)."""
        end = states[-1]
        assert replay(end.config, end.history) == end
        middle = states[len(states) // 2]
        assert replay(middle.config, middle.history) == middle

    @given(games())
    def test_log_explains_every_change_of_cash(self, states: list[GameState]) -> None:
        """Every change of cash has an event: replaying the money events gives the cash."""
        for state in states[:: max(1, len(states) // 10)] + [states[-1]]:
            assert cash_after(state, len(state.events)) == state.cash

    @given(games(), st.data())
    def test_revised_rules_no_planning_payment_and_supply_never_grows(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """Rules revised 2026-11-29. R-NEG-3: outside negotiation no payment is listed or
        accepted. R-COMP-5, R-NEG-THREAT: the threat supply never increases, cards held and
        in the supply never exceed 8, and the supply is 8 minus the cards ever gained (a
        used card is gone for good)."""
        for before, after in itertools.pairwise(states):
            assert after.threat_supply <= before.threat_supply
            assert sum(after.threats) + after.threat_supply <= THREAT_CARDS
        gained = sum(isinstance(e, ThreatGained) for e in states[-1].events)
        assert states[-1].threat_supply == THREAT_CARDS - gained
        for state in states[:: max(1, len(states) // 12)]:
            if state.phase is Phase.NEGOTIATION:
                continue
            assert not any(isinstance(a, Pay) for a in legal_actions(state))
            payer = data.draw(st.integers(0, state.players - 1))
            payee = data.draw(st.integers(0, state.players - 1))
            error = check(state, Pay(payer, payee, data.draw(st.integers(1, 30))))
            assert error is not None
            assert error.code == ("game_over" if state.is_over else "wrong_phase")

    @given(games(), st.data())
    def test_legal_actions_apply_and_others_are_refused(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """Every listed action applies; any other raises IllegalActionError, state untouched,
        but offers, talk and presses (R-DEAL-1, R-TALK-1, R-TALK-LEADER), which are never
        listed (their amounts and texts are unbounded) and may be legal."""
        for state in states[:: max(1, len(states) // 8)]:
            legal = legal_actions(state)
            for legal_action in legal[:: max(1, len(legal) // 12)]:
                assert check(state, legal_action) is None
                apply(state, legal_action)
            listed = {repr(a) for a in legal}  # repr tells True from 1
            before = attrs.astuple(state, recurse=False)
            for _ in range(10):
                action: Any = data.draw(any_actions)
                if repr(action) in listed or (
                    isinstance(action, (Offer, Say, Press)) and is_legal(state, action)
                ):
                    apply(state, action)
                    continue
                with pytest.raises(IllegalActionError) as caught:
                    apply(state, action)
                error = check(state, action)
                assert error is not None and error.code == caught.value.code
                assert not is_legal(state, action)
            after = attrs.astuple(state, recurse=False)
            assert all(a is b for a, b in zip(before, after, strict=True))

    @given(games())
    def test_apply_never_changes_its_input(self, states: list[GameState]) -> None:
        """apply is pure: the given state's fields are the same objects afterwards."""
        rng = random.Random(len(states))
        for state in states[:-1]:
            before = attrs.astuple(state, recurse=False)
            action = rng.choice(legal_actions(state, payments=False))
            assert apply(state, action) == apply(state, action)
            assert all(
                a is b for a, b in zip(before, attrs.astuple(state, recurse=False), strict=True)
            )

    @given(games())
    def test_players_own_filter_matches_all(self, states: list[GameState]) -> None:
        """legal_actions(state, seat) is the seat's share of legal_actions(state)."""
        for state in states[:: max(1, len(states) // 6)]:
            every = legal_actions(state)
            per_seat = [
                a for seat in range(state.config.players) for a in legal_actions(state, seat)
            ]
            dealer = [a for a in every if not hasattr(a, "player")]
            assert sorted(map(repr, every)) == sorted(map(repr, [*per_seat, *dealer]))


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("repeat", list(RepeatRole))
@pytest.mark.parametrize("dealer", list(Dealer))
def test_every_setting_plays_to_the_end(players: int, repeat: RepeatRole, dealer: Dealer) -> None:
    """Every player count, repeat_role and dealer plays complete games with money conserved."""
    for seed in range(3):
        config = GameConfig(players, seed=seed, repeat_role=repeat, dealer=dealer)
        states = play_randomly(new_game(config), random.Random(seed), pay_chance=0.2)
        assert states[-1].is_over
        assert all(money(s) == 175 for s in states)


def test_same_game_under_any_hash_seed() -> None:
    """Deterministic output: a seeded game is identical under different PYTHONHASHSEED values."""
    program = (
        "import random, millions_rules as m\n"
        "from tests.strategies import play_randomly\n"
        "s = play_randomly(m.new_game(m.GameConfig(7, seed=5)), random.Random(1))[-1]\n"
        "print(repr(s.events), s.cash, s.history[-5:])\n"
    )
    assert len(outputs_under_hash_seeds(program)) == 1


def test_engine_deals_the_same_cards_everywhere() -> None:
    """R-COMP-4: the engine's generator is fixed: this seed always deals this order."""
    state = new_game(GameConfig(5, seed=1234))
    assert state.loot is not None
    first = state.config.loot_deck.index(state.loot)
    assert (first, *state.deck) == (6, 4, 7, 2, 1, 0, 3, 5)


class EngineMachine(RuleBasedStateMachine):
    """Drives the engine with legal actions (and some illegal ones) and checks invariants."""

    state: GameState

    @initialize(config=configs())
    def start(self, config: GameConfig) -> None:
        self.state = new_game(config)

    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        if self.state.is_over:
            return
        payments = data.draw(st.booleans(), label="payments")
        action = data.draw(st.sampled_from(legal_actions(self.state, payments=payments)))
        self.state = apply(self.state, action)

    @rule(action=any_actions)
    def try_anything(self, action: object) -> None:
        error = check(self.state, action)
        if error is None:
            self.state = apply(self.state, action)  # type: ignore[arg-type]
        else:
            with pytest.raises(IllegalActionError):
                apply(self.state, action)  # type: ignore[arg-type]

    @invariant()
    def money_is_conserved(self) -> None:
        assert money(self.state) == self.state.config.total_money
        assert min(self.state.cash) >= 0

    @invariant()
    def history_replays(self) -> None:
        if len(self.state.history) % 7 == 0:
            assert replay(self.state.config, self.state.history) == self.state

    @invariant()
    def round_within_limit(self) -> None:
        assert 1 <= self.state.round <= self.state.config.rounds


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(stateful_step_count=60)
