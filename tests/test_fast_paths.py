"""The engine's fast path: ``apply`` skips the checks only for the very object ``legal_actions`` listed.

Behaviour must not change (issue #10): the same state results, and an action that is
merely *equal* to a listed one, such as ``Stay(True)`` for ``Stay(1)``, is checked and
refused exactly as before.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    GameConfig,
    GameState,
    IllegalActionError,
    Phase,
    Stay,
    apply,
    legal_actions,
    new_game,
)
from millions_rules import _engine as engine

from .conftest import scaled
from .strategies import games


def negotiation() -> GameState:
    state = new_game(GameConfig(4, seed=3))
    while state.phase is not Phase.NEGOTIATION:
        state = apply(state, legal_actions(state, payments=False)[0])
    return state


def test_an_equal_action_of_another_type_is_still_refused() -> None:
    """Stay(True) equals the listed Stay(1) but is refused with bad_value (R-NEG-1 needs a seat)."""
    state = negotiation()
    listed = legal_actions(state, payments=False)
    assert Stay(1) in listed and Stay(True) == Stay(1)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Stay(True))
    assert caught.value.code == "bad_value"


def test_a_listed_action_is_not_taken_for_another_states() -> None:
    """The list of one state does not let an action skip the checks in another state."""
    state = negotiation()
    stay = next(a for a in legal_actions(state, payments=False) if a == Stay(0))
    after = apply(state, stay)
    legal_actions(state, payments=False)  # the last listing is state's, not after's
    with pytest.raises(IllegalActionError) as caught:
        apply(after, stay)
    assert caught.value.code == "already_decided"


@scaled(4)
@given(games(), st.integers(0, 2**32))
def test_the_fast_path_gives_the_same_states(states: list[GameState], seed: int) -> None:
    """apply after legal_actions (fast path) and apply on its own (full checks) agree."""
    rng = random.Random(seed)
    for state in rng.sample(states[:-1], min(6, len(states) - 1)):
        listed = legal_actions(state, payments=rng.random() < 0.3)
        if not listed:
            continue
        action = rng.choice(listed)
        fast = apply(state, action)
        engine._last_listed = (None, ())
        assert apply(state, action) == fast
