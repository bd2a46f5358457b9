"""Regression tests for the defects found by attacking the library as a hostile client.

Each test is named for the defect it pins down; the invariant properties that
generalise them are in :mod:`tests.test_invariants`.
"""

from __future__ import annotations

from millions_rules import (
    Choose,
    DealLoot,
    GameState,
    Leave,
    Phase,
    RepeatRole,
    Role,
    SetAside,
    UseThreat,
    new_game,
    sample_state,
    view,
)

from .scenario import PLAIN_9, PLAIN_10, external, play, play_round

S, B, D, C, M = Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.MASTERMIND


def _peeked_then_taken_back() -> GameState:
    """Seat 0 sees seat 1's Brute with a threat card; seat 1 then takes it back."""
    state = new_game(external(5))
    # Round 1: seat 0's Brute survives alone and takes a threat card (R-HEIST-BRUTE).
    state = play_round(state, {0: B, 1: D, 2: C, 3: C, 4: D}, card=PLAIN_9)
    assert state.threats[0] == 1
    return play(
        state,
        [
            DealLoot(PLAIN_10),
            Choose(0, D),
            Choose(1, B),
            Choose(2, C),
            Choose(3, C),
            Choose(4, D),
            SetAside(C),
            UseThreat(0, 1),
            Leave(1),
        ],
    )


def test_defect_1_peek_survives_take_back_in_view() -> None:
    """R-INFO: a seat never forgets what it saw with a threat card, even after a take-back."""
    state = _peeked_then_taken_back()
    assert state.phase is Phase.NEGOTIATION
    seen = view(state, 0)
    assert seen.characters[1].role is B
    for seat in (None, 2, 3, 4):  # R-NEG-2: nobody else learns the role taken back
        assert view(state, seat).characters[1].role is None


def test_defect_1_sample_state_keeps_a_peek_after_take_back() -> None:
    """R-INFO: every sampled world gives seat 1 the Brute seat 0 saw, whatever the seed."""
    state = _peeked_then_taken_back()
    seen = view(state, 0)
    for seed in range(60):
        sampled = sample_state(seen, seed)
        roles = {c.player: c.role for c in sampled.characters}
        assert roles[1] is B
        assert view(sampled, 0) == seen


def test_defect_8_game_over_keeps_a_taken_back_role_secret() -> None:
    """R-NEG-2, R-VAR-REPEAT: after the last round, ``forbidden`` no longer shows a taken-back role."""
    state = new_game(external(4, rounds=2, repeat_role=RepeatRole.FORBIDDEN))
    state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
    # Between rounds the cards lie face up for the next planning: public.
    assert view(state, 0).previous_roles == ((B,), (D,), (C,), (C,))
    state = play_round(state, {0: D, 1: B, 2: D, 3: B}, card=PLAIN_10, leave={3})
    assert state.phase is Phase.GAME_OVER
    assert view(state, 0).previous_roles == ((D,), None, None, None)
    assert view(state, 3).previous_roles == (None, None, None, (B,))
    assert view(state, None).previous_roles == (None, None, None, None)
    for seed in range(20):  # the sampler fills them in and still agrees with the view
        assert view(sample_state(view(state, 0), seed), 0) == view(state, 0)
