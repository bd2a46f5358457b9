"""The API a game server relies on: seat-authorised actions and state versions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    ACTION_ERROR_CODES,
    Choose,
    DealLoot,
    GameConfig,
    GameState,
    IllegalActionError,
    Role,
    SetAside,
    Stay,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
)

from .scenario import PLAIN_9, external, play
from .strategies import any_actions, games


def refused_for_seat(state: GameState, action: object, seat: object, code: str) -> None:
    """``apply(..., seat=seat)`` raises with ``code``; ``check`` and ``is_legal`` agree."""
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action, seat=seat)  # type: ignore[arg-type]
    assert caught.value.code == code, str(caught.value)
    found = check(state, action, seat=seat)  # type: ignore[arg-type]
    assert found is not None and found.code == code
    assert not is_legal(state, action, seat=seat)  # type: ignore[arg-type]


class TestSeatAuthorisation:
    def test_code_is_documented_and_distinct(self) -> None:
        """``not_your_action`` is a listed code, distinct from ``not_your_turn``."""
        assert "not_your_action" in ACTION_ERROR_CODES
        assert "not_your_turn" in ACTION_ERROR_CODES

    def test_seat_acts_for_itself(self) -> None:
        """A seat's own legal action is accepted with ``seat=``, exactly as without it."""
        state = new_game(GameConfig(4, seed=1))
        assert apply(state, Choose(2, Role.CROOK), seat=2) == apply(state, Choose(2, Role.CROOK))
        assert is_legal(state, Choose(2, Role.CROOK), seat=2)

    def test_seat_cannot_act_for_another_seat(self) -> None:
        """Seat 1 sending seat 0's choice is refused with ``not_your_action``."""
        state = new_game(GameConfig(4, seed=1))
        refused_for_seat(state, Choose(0, Role.BRUTE), 1, "not_your_action")

    def test_seat_cannot_deal_or_set_aside(self) -> None:
        """R-PLAN-1, R-PLAN-4: a seat never picks the loot card or the face-down card."""
        state = new_game(external(4))
        refused_for_seat(state, DealLoot(PLAIN_9), 0, "not_your_action")
        state = apply(state, DealLoot(PLAIN_9))  # the trusted dealer may
        state = play(
            state, [Choose(i, r) for i, r in enumerate([Role.BRUTE] * 2 + [Role.CROOK] * 2)]
        )
        refused_for_seat(state, SetAside(Role.BRUTE), 3, "not_your_action")
        assert apply(state, SetAside(Role.BRUTE)).phase.value == "negotiation"

    def test_refusal_precedes_other_checks(self) -> None:
        """Another seat's action is refused as not the sender's, even when also illegal."""
        state = new_game(GameConfig(4, seed=1))
        refused_for_seat(state, Stay(0), 1, "not_your_action")  # also wrong_phase
        assert check(state, Stay(1), seat=1).code == "wrong_phase"  # type: ignore[union-attr]

    def test_bad_seat_refused(self) -> None:
        """R-COMP-7: ``seat=`` must be a seat of the game."""
        state = new_game(GameConfig(4, seed=1))
        refused_for_seat(state, Choose(0, Role.BRUTE), 4, "unknown_player")
        refused_for_seat(state, Choose(0, Role.BRUTE), True, "bad_value")
        refused_for_seat(state, Choose(0, Role.BRUTE), "0", "bad_value")

    def test_malformed_player_is_bad_value(self) -> None:
        """A player field of the wrong type is reported as such, not as another seat's."""
        state = new_game(GameConfig(4, seed=1))
        refused_for_seat(state, Choose(True, Role.BRUTE), 1, "bad_value")  # type: ignore[arg-type]

    @given(games(), st.data())
    def test_seat_never_applies_foreign_or_dealer_actions(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """With ``seat=s``, apply accepts only actions whose player is ``s``, never a dealer's."""
        for state in states[:: max(1, len(states) // 6)]:
            seat = data.draw(st.integers(0, state.players - 1))
            candidates = list(legal_actions(state))
            candidates += [data.draw(any_actions) for _ in range(3)]
            for action in candidates:
                try:
                    apply(state, action, seat=seat)  # type: ignore[arg-type]
                except IllegalActionError as error:
                    player = getattr(action, "player", None)
                    if isinstance(action, (DealLoot, SetAside)) or (
                        type(player) is int and player != seat
                    ):
                        assert error.code == "not_your_action"
                    continue
                assert not isinstance(action, (DealLoot, SetAside))
                assert getattr(action, "player", None) == seat
                assert type(getattr(action, "player", None)) is int


class TestVersion:
    def test_version_counts_actions(self) -> None:
        """``GameState.version`` is 0 at the start and grows by one per action."""
        state = new_game(GameConfig(4, seed=3))
        assert state.version == 0
        rng = random.Random(3)
        for expected in range(1, 30):
            state = apply(state, rng.choice(legal_actions(state, payments=False)))
            assert state.version == expected == len(state.history)

    def test_dealer_actions_count(self) -> None:
        """The external dealer's actions are actions too: each one is a version."""
        state = apply(new_game(external(4)), DealLoot(PLAIN_9))
        assert state.version == 1
