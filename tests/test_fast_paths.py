"""The engine's fast path: ``apply`` skips the checks only for the very object ``legal_actions`` listed.

Behaviour must not change (issue #10): the same state results, and an action that is
merely *equal* to a listed one, such as ``Stay(True)`` for ``Stay(1)``, is checked and
refused exactly as before.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    Choose,
    Dealer,
    Denounce,
    GameConfig,
    GameState,
    IllegalActionError,
    Leave,
    Pay,
    Phase,
    Role,
    Stay,
    UseThreat,
    apply,
    legal_actions,
    new_game,
)
from millions_rules.millions import _engine as engine
from millions_rules.millions._draft import Draft
from millions_rules.millions._shortcuts import SHORTCUTS

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
        engine._LAST.forget()  # apply then checks in full
        assert apply(state, action) == fast


def _drafted(state: GameState, action: object) -> GameState:
    """The state the rule's own play function gives, through a draft."""
    draft = Draft(state)
    engine._TRANSITIONS[type(action)][1](draft, action)
    return draft.finish(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", list(Dealer))
@pytest.mark.parametrize("players", range(3, 9))
def test_the_shortcuts_give_the_drafts_states(players: int, dealer: Dealer) -> None:
    """Choose, Pay, Stay and Leave built without a draft: the same fields, events and history.

    Every listed Choose, Stay and Leave of every state of seeded random games (the
    three-player game's one-character Leave included, R-3P-2; the last choice lays out
    the role cards, R-PLAN-4, or waits for the external dealer), and up to three of each
    state's payments (R-NEG-3), are played both ways.
    """
    shortcut_taken = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(GameConfig(players, seed=seed, dealer=dealer))
        while not state.is_over:
            listed = legal_actions(state, payments=False)
            for action in listed:
                shortcut = SHORTCUTS.get(type(action))
                if shortcut is None:
                    continue
                short = shortcut(state, action)
                drafted = _drafted(state, action)
                if short is None:
                    # Only the last decision is left to the draft: the heist follows.
                    assert not isinstance(action, Choose)
                    assert drafted.phase is not state.phase
                    continue
                shortcut_taken += 1
                assert short == drafted
                assert short.events == drafted.events
                assert short.history == drafted.history
                assert short.version == drafted.version
            payments = [a for a in legal_actions(state) if isinstance(a, Pay)]
            for action in rng.sample(payments, min(3, len(payments))):
                short = SHORTCUTS[Pay](state, action)
                drafted = _drafted(state, action)
                shortcut_taken += 1
                assert short == drafted
                assert short.events == drafted.events
                assert short.history == drafted.history
                assert short.version == drafted.version
            state = apply(state, rng.choice(listed))
    assert shortcut_taken > 100


@pytest.mark.parametrize("players", range(3, 9))
def test_the_short_listing_gives_the_general_lists(players: int) -> None:
    """legal_actions(state, payments=False) lists what the general loop lists, in order.

    Planning (R-PLAN-2, R-3P-1) and negotiation with and without threat cards
    (R-NEG-1, R-NEG-THREAT, R-3P-2) take shorter routes; every state of seeded
    random games (payments included, so threat cards are held) is compared.
    """
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(GameConfig(players, seed=seed))
        while not state.is_over:
            listed = legal_actions(state, payments=False)
            general = engine._legal_actions(state, None, False)
            assert listed == general
            assert [type(a) for a in listed] == [type(a) for a in general]
            # Seat by seat, walked afresh: what the cached listings must equal.
            seat_by_seat = tuple(
                action
                for seat in range(players)
                for action in legal_actions(state, seat, payments=False)
            )
            assert listed == seat_by_seat
            compared += 1
            state = apply(state, rng.choice(legal_actions(state, payments=rng.random() < 0.2)))
    assert compared > 50


def test_undecided_seats_of_a_hand_built_state_are_not_cached() -> None:
    """A decided field that is no tuple of bools is answered as awaiting does, and not kept."""
    kept = list(engine._UNDECIDED)
    assert engine._undecided(3, (2, 0, 0)) == (1, 2)
    assert engine._undecided(3, [True, False, False]) == (1, 2)
    assert engine._undecided(3, (True, False)) == (1,)  # read as awaiting reads it
    assert kept == engine._UNDECIDED
    assert engine._undecided(3, (True, False, True)) == (1,)
    assert engine._UNDECIDED[0b101 << 4 | 3] == (1,)  # seats 0 and 2 decided, 3 players


def test_negotiation_listings_of_a_slot_no_key_holds_are_not_cached() -> None:
    """A face-down slot beyond what the listings' key holds (only a hand-built state) is
    listed as the rules list it (R-NEG-THREAT), and the listing is not kept."""
    state = negotiation()
    characters = tuple(
        attrs.evolve(c, position=4) if c.player == 0 else c for c in state.characters
    )
    built = attrs.evolve(state, characters=characters, threats=(0, 1, 0, 0))
    assert engine._seats(built.characters) == (-1, -1)
    kept = dict(engine._NEGOTIATION_LISTINGS)
    listed = legal_actions(built, payments=False)
    assert UseThreat(1, 0, 4) in listed
    assert UseThreat(1, 0, 0) not in listed
    assert kept == engine._NEGOTIATION_LISTINGS


@pytest.mark.parametrize("dealer", list(Dealer))
def test_remembered_face_down_roles_are_each_seats_hidden_characters(dealer: Dealer) -> None:
    """The decisions a state keeps (handed on by Choose and Leave) are its face-down roles'.

    In the three-player game a seat may take back one character by its role (R-3P-2), so
    the decisions listed depend on the roles each seat still has face down; every state
    of seeded random games, planning and Leaves included, is compared with
    ``hidden_characters``, both the table handed on (before any listing) and the one
    listed.
    """
    from millions_rules.millions import _face_down

    handed = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(GameConfig(3, seed=seed, dealer=dealer))
        while not state.is_over:
            expected = tuple(
                _face_down.seat_decisions(
                    seat, tuple(c.role for c in state.hidden_characters(seat))
                )
                for seat in range(3)
            )
            kept = state.__dict__.get(_face_down._KEY)
            if kept is not None:
                handed += 1
                assert kept == expected
            listed = legal_actions(state, payments=rng.random() < 0.2)
            if state.phase in (Phase.PLANNING, Phase.NEGOTIATION):
                assert _face_down.face_down_decisions(state) == expected
            state = apply(state, rng.choice(listed))
    assert handed > 200


def test_interleaved_games_keep_their_own_face_down_decisions() -> None:
    """Two three-player games played in turns each keep their own seats' roles (R-3P-2).

    Each state keeps its table, so a game played between the actions of another (a
    server's tables, a tree search's branches) hands its decisions on all the same, and
    every table handed on is the game's own.
    """
    from millions_rules.millions import _face_down

    games_ = [new_game(GameConfig(3, seed=seed)) for seed in (11, 12)]
    rngs = [random.Random(11), random.Random(12)]
    handed = 0
    while not all(state.is_over for state in games_):
        for index, state in enumerate(games_):
            if state.is_over:
                continue
            kept = state.__dict__.get(_face_down._KEY)
            if state.phase is Phase.NEGOTIATION and kept is not None:
                handed += 1
                assert kept == tuple(
                    _face_down.seat_decisions(
                        seat, tuple(c.role for c in state.hidden_characters(seat))
                    )
                    for seat in range(3)
                )
            listed = legal_actions(state, payments=False)
            games_[index] = apply(state, rngs[index].choice(listed))
    assert handed > 20


def test_planning_hands_the_face_down_roles_on_to_negotiation() -> None:
    """Each Choose of the three-player game hands its seat's decisions on (R-3P-1, R-3P-2).

    After the last choice the listing finds every seat's two roles remembered for the
    very characters tuple negotiation starts with, each seat able to take either back.
    """
    from millions_rules.millions import _face_down

    state = new_game(GameConfig(3, seed=5))
    chosen = {
        0: (Role.BRUTE, Role.DRIVER),
        1: (Role.CROOK, Role.MASTERMIND),
        2: (Role.SNITCH, Role.BRUTE),
    }
    for seat in (2, 0, 1):
        state = apply(state, Choose(seat, chosen[seat]))
    assert state.phase is Phase.NEGOTIATION
    assert state.__dict__[_face_down._KEY] == tuple(
        (Stay(seat), Leave(seat), Leave(seat, chosen[seat][0]), Leave(seat, chosen[seat][1]))
        for seat in range(3)
    )


def test_a_one_character_leave_of_a_hand_built_seat_with_three_left_to_the_draft() -> None:
    """Leave(seat, role) with more than one other character face down is played by the draft.

    The rules lay two characters a seat (R-3P-1), so the shortcut's events cover one or
    none left face down (R-3P-2); a hand-built state with a third gets the draft's state.
    """
    import attrs

    from millions_rules import Character, Leave, Left

    state = new_game(GameConfig(3, seed=2))
    while state.phase is not Phase.NEGOTIATION:
        state = apply(state, legal_actions(state, payments=False)[0])
    mine = [c for c in state.characters if c.player == 0]
    spare = next(role for role in state.config.roles if role not in {c.role for c in mine})
    extra = Character(0, spare, 1, 0, 0)
    crowded = attrs.evolve(state, characters=(*state.characters, extra))
    action = Leave(0, mine[0].role)
    assert SHORTCUTS[Leave](crowded, action) is None
    played = apply(crowded, action)
    assert played == _drafted(crowded, action)
    left = played.events[-3]
    assert isinstance(left, Left) and left.remaining == 2


def test_a_one_character_leave_of_a_hand_built_seat_with_one_role_twice_to_the_draft() -> None:
    """Leave(seat, role) takes back every face-down character of that role, as the draft does.

    The rules forbid one role twice (R-3P-1); a hand-built state that has it gets the
    draft's state (both characters taken back, R-3P-2), not the one-character shortcut's.
    """
    import attrs

    from millions_rules import Character, Leave, Left

    state = new_game(GameConfig(3, seed=2))
    while state.phase is not Phase.NEGOTIATION:
        state = apply(state, legal_actions(state, payments=False)[0])
    first, second = [i for i, c in enumerate(state.characters) if c.player == 0]
    twin = state.characters[first]
    characters = list(state.characters)
    characters[second] = Character(0, twin.role, 1, twin.paid, twin.covered)
    doubled = attrs.evolve(state, characters=tuple(characters))
    action = Leave(0, twin.role)
    assert SHORTCUTS[Leave](doubled, action) is None
    played = apply(doubled, action)
    assert played == _drafted(doubled, action)
    left = played.events[-5]
    assert isinstance(left, Left) and left.positions == (0, 1) and left.remaining == 0


@pytest.mark.parametrize("dealer", list(Dealer))
def test_the_three_player_listing_is_each_undecided_seats_face_down_roles(dealer: Dealer) -> None:
    """The negotiation listing, from the decisions the shortcuts hand on, against the characters.

    Each undecided seat stays, leaves, or takes back one face-down character by its
    role (R-NEG-1, R-3P-2); every negotiation state of seeded random games is compared.
    """
    from millions_rules import Leave

    compared = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(GameConfig(3, seed=seed, dealer=dealer))
        while not state.is_over:
            listed = legal_actions(state, payments=False)
            if state.phase is Phase.NEGOTIATION and not any(state.threats):
                expected = tuple(
                    action
                    for seat in state.awaiting
                    for action in (
                        Stay(seat),
                        Leave(seat),
                        *[Leave(seat, c.role) for c in state.hidden_characters(seat)],
                    )
                )
                assert listed == expected
                compared += 1
            state = apply(state, rng.choice(listed))
    assert compared > 50


def test_the_lone_snitchs_denunciations_are_cached_by_nameable_roles() -> None:
    """The heist's listing (R-HEIST-SNITCH) is keyed by seat and nameable roles, not by layout.

    Games of every player count reach a few thousand (seat, face-up layout) pairs, more than
    the cache holds; keyed by the roles the Snitch may name, they need at most 8 seats
    times 16 sets of roles, so games of mixed sizes keep their entries.
    """
    for players in range(3, 9):
        for seed in range(40):
            rng = random.Random(seed)
            state = new_game(GameConfig(players, seed=seed))
            while not state.is_over:
                state = apply(state, rng.choice(legal_actions(state, payments=False)))
    assert engine._denunciations.cache_info().currsize <= 8 * 16
    assert engine._denunciations(2, (Role.BRUTE, Role.CROOK)) == (
        Denounce(2, Role.BRUTE),
        Denounce(2, Role.CROOK),
    )
