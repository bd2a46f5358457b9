"""Player views and hidden information (R-INFO)."""

from __future__ import annotations

import random
import re

import attrs
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    CharacterChosen,
    CharacterStatus,
    CharacterTakenBack,
    Choose,
    ClaimJudged,
    DealLoot,
    Denounce,
    GameConfig,
    GameState,
    Leave,
    OfferAccepted,
    OfferDeclined,
    OfferLapsed,
    OfferMade,
    OfferWithdrawn,
    OpenOffer,
    Phase,
    RepeatRole,
    Role,
    RoleCardSetAside,
    Said,
    SetAside,
    Stay,
    ThreatPeeked,
    UseThreat,
    apply,
    is_visible,
    legal_actions,
    new_game,
    sample_state,
    to_json,
    view,
    visible_events,
)
from millions_rules.millions._events import Event

from .conftest import scaled
from .scenario import PLAIN_9, PLAIN_10, external, play, play_round
from .strategies import games, seeds

S, B, D, C, M = Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.MASTERMIND


def known_to(state: GameState, seat: int | None) -> set[tuple[int, int]]:
    """(player, position) of the characters whose role ``seat`` may know."""
    seen = view(state, seat)
    return {(c.player, c.position) for c in seen.characters if c.role is not None}


def _other_role(role: Role) -> Role:
    return list(Role)[(role.order + 1) % 5]


def _disguise(event: Event, seat: int | None) -> Event:
    if is_visible(event, seat):
        return event
    if isinstance(event, CharacterChosen):
        return CharacterChosen(event.player, tuple(_other_role(r) for r in event.roles))
    if isinstance(event, (RoleCardSetAside, CharacterTakenBack)):
        return attrs.evolve(event, role=_other_role(event.role))
    if isinstance(event, ThreatPeeked):
        return attrs.evolve(event, role=_other_role(event.role))
    if isinstance(event, Said):  # R-TALK-1: a whisper between two others
        return attrs.evolve(event, text=event.text + " (whispered otherwise)")
    if isinstance(event, (OfferMade, OfferDeclined, OfferWithdrawn, OfferLapsed, OfferAccepted)):
        return attrs.evolve(event, offer=_other_offer(event.offer))  # R-DEAL-4
    if isinstance(event, ClaimJudged):
        return attrs.evolve(event, true=not event.true)
    return event


def _other_offer(offer: OpenOffer) -> OpenOffer:
    return attrs.evolve(offer, amount=offer.amount + 7, leave=not offer.leave)


def hide_differently(state: GameState, seat: int | None) -> GameState:
    """A state that differs from ``state`` in everything ``seat`` may not know."""
    known = known_to(state, seat)
    characters = tuple(
        c if (c.player, c.position) in known else attrs.evolve(c, role=_other_role(c.role))
        for c in state.characters
    )
    previous = state.previous_roles
    if state.config.repeat_role is not RepeatRole.FORBIDDEN:
        previous = tuple(
            roles if other == seat else tuple(_other_role(r) for r in roles)
            for other, roles in enumerate(previous)
        )
    return attrs.evolve(
        state,
        config=attrs.evolve(state.config, seed=(state.config.seed + 1) % 2**64),
        characters=characters,
        face_down=None if state.face_down is None else _other_role(state.face_down),
        previous_roles=previous,
        deck=tuple(reversed(state.deck)),
        offers=tuple(
            offer if not offer.private or seat in (offer.player, offer.to) else _other_offer(offer)
            for offer in state.offers
        ),
        rng=state.rng ^ 0xDEADBEEF,
        events=tuple(_disguise(e, seat) for e in state.events),
        history=(Stay(0),) * len(state.history),  # the number of actions is public
    )


def some_states(states: list[GameState]) -> list[GameState]:
    return states[:: max(1, len(states) // 12)] + [states[-1]]


class TestNothingLeaks:
    @given(games(), seeds)
    def test_view_ignores_what_the_seat_may_not_know(
        self, states: list[GameState], seed: int
    ) -> None:
        """R-INFO: two states differing only in a seat's secrets look the same to that seat."""
        for state in some_states(states):
            for seat in [None, *range(state.config.players)]:
                assert view(hide_differently(state, seat), seat) == view(state, seat)

    @scaled(4)  # every seat of every sampled state is serialized twice
    @given(games())
    def test_view_json_leaks_nothing(self, states: list[GameState]) -> None:
        """R-INFO: the JSON of a view names no secret field and ignores every secret."""
        for state in some_states(states):
            for seat in [None, *range(state.config.players)]:
                text = to_json(view(state, seat))
                keys = set(re.findall(r'"([a-z_]+)":', text))
                assert not keys & {"seed", "rng", "deck", "face_down", "history"}
                assert to_json(view(hide_differently(state, seat), seat)) == text
                for event in visible_events(state.events, seat):
                    assert '"type":"role_card_set_aside"' not in to_json(event)

    @given(games(), seeds)
    def test_sampled_state_has_the_same_view(self, states: list[GameState], seed: int) -> None:
        """R-INFO: view(sample_state(view(s, p)), p) == view(s, p), and the sample plays on."""
        rng = random.Random(seed)
        for state in some_states(states):
            for seat in [None, *range(state.config.players)]:
                seen = view(state, seat)
                sampled = sample_state(seen, seed)
                assert sampled.version == 0  # a sample has no history
                assert view(sampled, seat) == attrs.evolve(seen, version=0)
                assert sum(sampled.cash) + sum(sampled.deposits) + sampled.reserve == (
                    state.config.total_money
                )
                for _ in range(3):
                    if sampled.is_over:
                        break
                    sampled = apply(sampled, rng.choice(legal_actions(sampled, payments=False)))

    @given(games())
    def test_spectator_sees_what_every_seat_sees(self, states: list[GameState]) -> None:
        """R-INFO: the spectator's log is the part of the log every seat sees."""
        for state in some_states(states):
            seats = range(state.config.players)
            common = [e for e in state.events if all(is_visible(e, seat) for seat in seats)]
            spectator = view(state, None)
            assert list(spectator.events) == common
            assert spectator.legal_actions == () and spectator.payees == ()
            for seat in seats:
                mine = view(state, seat)
                public = (
                    "cash",
                    "reserve",
                    "threats",
                    "leader",
                    "decided",
                    "face_up",
                    "phase",
                    "round",
                    "loot",
                    "awaiting",
                    "nameable",
                    "winners",
                    "config",
                )
                for name in public:
                    assert getattr(mine, name) == getattr(spectator, name)

    @given(st.integers(3, 8), seeds)
    def test_sample_states_differ(self, players: int, seed: int) -> None:
        """sample_state draws the hidden parts: different seeds give different deals."""
        state = new_game(GameConfig(players, seed=seed))
        seen = view(state, 0)
        decks = {sample_state(seen, s).deck for s in range(20)}
        assert len(decks) > 1


# -- Direct tests, one per R-INFO secret ---------------------------------------------


def _negotiation_5p() -> GameState:
    state = new_game(external(5))
    return play(
        state,
        [
            DealLoot(PLAIN_9),
            Choose(0, S),
            Choose(1, B),
            Choose(2, D),
            Choose(3, C),
            Choose(4, C),
            SetAside(C),
        ],
    )


def test_own_character_private_in_every_phase() -> None:
    """R-INFO: a player's unrevealed character is known to its owner only."""
    state = new_game(external(5))
    state = play(state, [DealLoot(PLAIN_9), Choose(0, S), Choose(1, B)])
    for current in (state, _negotiation_5p()):
        assert view(current, 1).characters[1].role is B
        for seat in (None, 0, 2, 3):
            roles = {c.player: c.role for c in view(current, seat).characters}
            assert roles.get(1) is None


def test_face_down_card_known_to_nobody() -> None:
    """R-INFO: the face-down role card is in no view and no visible event."""
    state = _negotiation_5p()
    assert state.face_down is C
    for seat in (None, 0, 1, 2, 3, 4):
        seen = view(state, seat)
        assert not any(isinstance(e, RoleCardSetAside) for e in seen.events)
        assert not hasattr(seen, "face_down")
        assert sorted(seen.face_up) == [S, B, D, C]


def test_left_role_never_revealed() -> None:
    """R-INFO: the role of a player who left is never revealed, even after the round."""
    state = play(_negotiation_5p(), [Leave(3)])
    state = play(state, [Stay(0), Stay(1), Stay(2), Stay(4)])
    assert state.phase is Phase.HEIST
    state = play(state, [Denounce(0, B)])
    for seat in (None, 0, 1, 2, 4):
        for event in view(state, seat).events:
            assert getattr(event, "player", None) != 3 or not hasattr(event, "role")
    assert CharacterTakenBack(3, C) in view(state, 3).events


def test_threat_peek_seen_by_user_only() -> None:
    """R-INFO: what a threat card shows is private to its user; its use is public."""
    state = new_game(external(5))
    state = play_round(state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={0, 4})
    state = play(
        state,
        [
            DealLoot(PLAIN_10),
            Choose(0, D),
            Choose(1, S),
            Choose(2, B),
            Choose(3, C),
            Choose(4, C),
            SetAside(S),
            UseThreat(1, 2),
        ],
    )
    assert view(state, 1).characters[2].role is B
    assert ThreatPeeked(1, 2, 0, B) in view(state, 1).events
    for seat in (None, 0, 3, 4):
        assert view(state, seat).characters[2].role is None
        assert not any(isinstance(e, ThreatPeeked) for e in view(state, seat).events)


def test_seen_by_threat_marks_only_the_peeked_character() -> None:
    """R-NEG-THREAT: ``seen_by_threat`` is true only for the character this seat saw with a
    threat card, and only this round."""
    state = new_game(external(5))
    state = play_round(state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={0, 4})
    state = play(
        state,
        [DealLoot(PLAIN_10), *(Choose(i, r) for i, r in enumerate([D, S, B, C, C])), SetAside(S)],
    )
    assert not any(
        c.seen_by_threat for seat in (None, 0, 1, 2) for c in view(state, seat).characters
    )
    state = apply(state, UseThreat(1, 2))
    mine = view(state, 1).characters
    assert [c.seen_by_threat for c in mine] == [False, False, True, False, False]
    assert mine[1].role is S and not mine[1].seen_by_threat  # its own: known, not by threat
    assert not any(c.seen_by_threat for c in view(state, 2).characters)  # the target knows its own
    state = play(state, [Stay(i) for i in range(5)])  # the lone Snitch must name a role
    assert state.phase is Phase.HEIST and view(state, 1).characters[2].seen_by_threat
    state = apply(state, Denounce(1, D))  # the round ends: a new round, nothing seen
    assert state.round == 3 or state.is_over
    assert not any(c.seen_by_threat for c in view(state, 1).characters)


def test_seed_and_generator_in_no_view() -> None:
    """R-INFO: the seed, the generator state and the loot deck are in no view."""
    state = new_game(GameConfig(6, seed=777))
    seen = view(state, 0)
    assert not hasattr(seen.config, "seed")
    assert not any(hasattr(seen, name) for name in ("rng", "deck", "history"))


def test_three_player_views() -> None:
    """R-INFO, R-3P: a player sees both own characters, none of the others'."""
    state = new_game(external(3))
    state = play(
        state,
        [DealLoot(PLAIN_9), Choose(0, (B, C)), Choose(1, (D, S)), Choose(2, (M, D)), SetAside(S)],
    )
    mine = view(state, 1).my_characters
    assert [(c.position, c.role) for c in mine] == [(0, D), (1, S)]
    assert {c.role for c in view(state, 0).characters if c.player != 0} == {None}
    assert [c.position for c in view(state, 2).characters if c.player == 1] == [0, 1]


def test_forbidden_previous_roles_public() -> None:
    """R-INFO, R-VAR-REPEAT: under ``forbidden`` last round's roles are public; otherwise not."""
    for repeat, public in ((RepeatRole.FORBIDDEN, True), (RepeatRole.NO_SHARE, False)):
        state = new_game(external(4, repeat_role=repeat))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        seen = view(state, 0)
        assert seen.previous_roles[0] == (B,)
        assert seen.previous_roles[3] == ((C,) if public else None)


def test_visible_events_filters_private_events() -> None:
    """R-INFO: the public counterpart of a secret step stays in every log."""
    state = _negotiation_5p()
    log = visible_events(state.events, 2)
    assert CharacterChosen(2, (D,)) in log
    assert CharacterChosen(1, (B,)) not in log
    assert sum(1 for e in log if type(e).__name__ == "DepositPlaced") == 5


def test_view_status_and_legal_actions() -> None:
    """A view carries what a frontend needs: awaited seats, deposits, its own legal actions."""
    state = _negotiation_5p()
    seen = view(state, 4)
    assert seen.awaiting == (0, 1, 2, 3, 4)
    assert seen.deposits == (1, 1, 1, 1, 1)
    assert seen.legal_actions == (Stay(4), Leave(4))
    assert seen.payees == (0, 1, 2, 3)
    assert all(c.status is CharacterStatus.HIDDEN for c in seen.characters)
    state = play(state, [Leave(0)])
    assert view(state, 4).payees == (1, 2, 3)
