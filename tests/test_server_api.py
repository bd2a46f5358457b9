"""The API a game server relies on: seat-authorised actions and state versions."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    ACTION_ERROR_CODES,
    AcceptOffer,
    Choose,
    ConfigError,
    DealLoot,
    DeclineOffer,
    Event,
    GameConfig,
    GameState,
    IllegalActionError,
    Leave,
    Role,
    SetAside,
    Stay,
    WithdrawOffer,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    sample_state,
    view,
    visible_events,
)

from .conftest import scaled
from .scenario import PLAIN_9, external, play
from .strategies import any_actions, games


def refused_for_seat(state: GameState, action: object, seat: object, code: str) -> None:
    """``apply(..., seat=seat)`` raises with ``code``; ``check`` and ``is_legal`` agree."""
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action, seat=seat)  # type: ignore[arg-type]
    assert caught.value.code == code, str(caught.value)
    found = check(state, action, seat=seat)
    assert found is not None and found.code == code
    assert not is_legal(state, action, seat=seat)


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
        refused_for_seat(state, Choose(True, Role.BRUTE), 1, "bad_value")

    @scaled(2)
    @given(games(), st.data())
    def test_seat_never_applies_foreign_or_dealer_actions(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """With ``seat=s``, apply accepts only actions whose player is ``s``, never a dealer's."""
        for state in states[:: max(1, len(states) // 6)]:
            seat = data.draw(st.integers(0, state.players - 1))
            candidates: list[object] = list(legal_actions(state))
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


class TestViewCursor:
    def test_view_carries_version(self) -> None:
        """``PlayerView.version`` is the version of the state it was made from."""
        state = apply(new_game(GameConfig(4, seed=5)), Choose(0, Role.BRUTE))
        assert view(state, 0).version == view(state, None).version == 1

    def test_since_sends_only_later_events(self) -> None:
        """``view(..., since=k)`` holds the seat's visible events from index k on."""
        state = apply(new_game(GameConfig(4, seed=5)), Choose(0, Role.BRUTE))
        whole = visible_events(state.events, 1)
        assert view(state, 1).events == whole and view(state, 1).first_event == 0
        later = view(state, 1, since=2)
        assert later.first_event == 2 and later.events == whole[2:]
        assert view(state, 1, since=len(whole)).events == ()

    @pytest.mark.parametrize("since", [-1, 99, True, "1", 1.0])
    def test_bad_cursor_refused(self, since: object) -> None:
        """A cursor outside the seat's visible log is refused with ``bad_value``."""
        state = new_game(GameConfig(4, seed=5))
        with pytest.raises(IllegalActionError) as caught:
            view(state, 1, since=since)  # type: ignore[arg-type]
        assert caught.value.code == "bad_value"

    def test_sample_state_needs_the_whole_log(self) -> None:
        """A view with part of the log cannot be completed into a state: ConfigError."""
        state = apply(new_game(GameConfig(4, seed=5)), Choose(0, Role.BRUTE))
        with pytest.raises(ConfigError, match="whole log"):
            sample_state(view(state, 1, since=1), 7)

    @scaled(2)
    @given(games(), st.data())
    def test_client_applying_views_holds_the_log_once(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """A client that applies cursor views in order holds exactly the seat's visible log."""
        seat = data.draw(st.none() | st.integers(0, states[0].players - 1))
        held: list[Event] = []
        for state in states:
            if data.draw(st.booleans()):  # the client does not hear of every version
                continue
            update = view(state, seat, since=len(held))
            assert update.first_event == len(held)
            held = held[: update.first_event] + list(update.events)
        final = view(states[-1], seat, since=len(held))
        held = held[: final.first_event] + list(final.events)
        assert tuple(held) == visible_events(states[-1].events, seat)


class TestActors:
    def test_actors_in_planning_are_the_awaited_seats(self) -> None:
        """In planning only the seats still to choose may act: no payments (R-NEG-3)."""
        state = apply(new_game(GameConfig(4, seed=5)), Choose(0, Role.BRUTE))
        assert view(state, 2).actors == (1, 2, 3) == state.awaiting

    def test_stayed_player_may_still_act(self) -> None:
        """R-NEG-3: after staying, a seat may still pay, so it is an actor but not awaited."""
        state = play(
            new_game(external(4)),
            [
                DealLoot(PLAIN_9),
                *(
                    Choose(i, r)
                    for i, r in enumerate([Role.BRUTE, Role.DRIVER, Role.CROOK, Role.CROOK])
                ),
                SetAside(Role.CROOK),
                Stay(0),
            ],
        )
        seen = view(state, 1)
        assert seen.awaiting == (1, 2, 3)
        assert seen.actors == (0, 1, 2, 3)
        state = apply(state, Leave(3))
        assert view(state, 1).actors == (0, 1, 2)  # a seat that left takes no part

    def test_no_actors_while_dealer_acts_or_game_over(self) -> None:
        """The external dealer is not a seat; nobody acts after the end."""
        assert view(new_game(external(4)), 0).actors == ()

    @given(games())
    def test_actors_are_the_seats_with_legal_actions(self, states: list[GameState]) -> None:
        """``actors`` lists exactly the seats with a legal action other than an answer to an
        offer (R-DEAL-2, R-DEAL-3): a public ``actors`` must not reveal a private offer, so a
        seat whose only legal actions are ``AcceptOffer``, ``DeclineOffer`` or
        ``WithdrawOffer`` is not an actor."""
        answers = (AcceptOffer, DeclineOffer, WithdrawOffer)
        for state in states[:: max(1, len(states) // 10)] + [states[-1]]:
            expected = tuple(
                s
                for s in range(state.players)
                if any(not isinstance(a, answers) for a in legal_actions(state, s))
            )
            assert view(state, None).actors == expected


class TestWording:
    @scaled(4)
    @given(games(), st.data())
    def test_messages_name_seats_as_seats(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """Error messages call a seat number "seat N", never "player N"."""
        for state in states[:: max(1, len(states) // 5)]:
            for _ in range(5):
                action = data.draw(any_actions)
                seat = data.draw(st.none() | st.integers(-1, 8))
                error = check(state, action, seat=seat)
                if error is not None:
                    assert not re.search(r"\bplayers? -?\d", str(error)), str(error)
