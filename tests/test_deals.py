"""Deals, table talk and the leader's press in the engine (R-DEAL-1…5, R-TALK-1…4, R-TALK-LEADER)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    ACTION_ERROR_CODES,
    MAX_OFFERS_A_ROUND,
    MAX_OPEN_OFFERS,
    MAX_TALK_A_ROUND,
    MAX_TALK_LENGTH,
    AcceptOffer,
    Action,
    CharacterTakenBack,
    Choose,
    ClaimJudged,
    DealLoot,
    DeclineOffer,
    GameConfig,
    GameRecord,
    GameState,
    IllegalActionError,
    Leave,
    Left,
    Offer,
    OfferAccepted,
    OfferDeclined,
    OfferLapsed,
    OfferMade,
    OfferWithdrawn,
    OpenOffer,
    Paid,
    Pay,
    Phase,
    PlayerView,
    Press,
    Pressed,
    Role,
    Said,
    Say,
    SetAside,
    Stay,
    Stayed,
    WithdrawOffer,
    apply,
    check,
    from_json,
    legal_actions,
    load_game,
    new_game,
    offer_terms,
    public_record,
    replay,
    sample_state,
    save_game,
    to_json,
    view,
    visible_events,
)

from .conftest import scaled
from .scenario import PLAIN_9, events_of, external, money_in_game, play
from .strategies import configs, play_randomly, seeds

S, B, D, C, M = Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.MASTERMIND


def negotiation(players: int = 5, **options: object) -> GameState:
    """Negotiation of round 1 with a 9M loot card: seat i chose the i-th role of the cycle."""
    state = apply(new_game(external(players, **options)), DealLoot(PLAIN_9))
    cycle = [B, D, C, S, B, D, C, S]
    if players == 3:
        picks: list[tuple[Role, ...]] = [(B, D), (C, S), (D, M)]
        for seat, roles in enumerate(picks):
            state = apply(state, Choose(seat, roles))
    else:
        for seat in range(players):
            state = apply(state, Choose(seat, cycle[seat]))
    state = apply(state, SetAside(B))
    assert state.phase is Phase.NEGOTIATION
    return state


def code_of(state: GameState, action: object, seat: int | None = None) -> str | None:
    error = check(state, action, seat=seat)
    return None if error is None else error.code


# -- R-DEAL-1: offers ---------------------------------------------------------


def test_offer_opens_with_its_terms() -> None:
    """R-DEAL-1: an offer names amount, decider and decision; the payer is the other party."""
    state = apply(negotiation(), Offer(0, 1, 3, decider=1, leave=True))
    assert state.offers == (OpenOffer("public-1", 0, 1, 3, 1, True, None, False),)
    assert state.offers[0].payer == 0
    assert state.cash == (4, 4, 4, 4, 4)  # R-DEAL-3: an open offer moves no money
    assert events_of(state, OfferMade) == [OfferMade(state.offers[0])]
    assert state.rule_version == state.version - 1


def test_offer_needs_negotiation_and_parties_in_the_round() -> None:
    """R-DEAL-1: only during negotiation, between two players still in the round."""
    planning = apply(new_game(external(5)), DealLoot(PLAIN_9))
    assert code_of(planning, Offer(0, 1, 3, 1)) == "wrong_phase"
    state = apply(negotiation(), Leave(2))
    assert code_of(state, Offer(0, 2, 3, 0)) == "not_in_round"
    assert code_of(state, Offer(2, 0, 3, 0)) == "not_in_round"
    assert code_of(state, Offer(0, 0, 3, 0)) == "self_target"
    assert code_of(state, Offer(0, 1, 3, 3)) == "not_a_party"
    assert code_of(state, Offer(0, 1, 0, 1)) == "bad_value"
    assert code_of(state, Offer(0, 1, True, 1)) == "bad_value"
    assert code_of(state, Offer(0, 1, 2, 1, leave="yes")) == "bad_value"  # type: ignore[arg-type]
    stayed = apply(state, Stay(1))
    assert code_of(stayed, Offer(0, 1, 3, 1)) == "already_decided"  # R-NEG-1: final
    assert code_of(stayed, Offer(0, 1, 3, 0)) is None  # the undecided party may still decide


def test_offer_of_one_character_by_position_three_players() -> None:
    """R-DEAL-1, R-3P-2, R-3P-4: in the three-player game a deal may take back one
    character, named by its position (public), never by its role: no deal proves a card
    (R-TALK-3)."""
    state = negotiation(3)
    assert code_of(state, Offer(0, 1, 2, 0, leave=True, slot=1)) is None
    assert code_of(state, Offer(0, 1, 2, 1, leave=True, slot=0)) is None
    assert code_of(state, Offer(0, 1, 2, 0, leave=True, slot=2)) == "bad_slot"
    assert code_of(state, Offer(0, 1, 2, 0, leave=False, slot=0)) == "role_not_applicable"
    assert code_of(state, Offer(0, 1, 2, 0, leave=True, slot="0")) == "bad_value"  # type: ignore[arg-type]
    assert code_of(negotiation(5), Offer(0, 1, 2, 0, True, 0)) == "role_not_applicable"
    taken = apply(state, Leave(1, S))  # seat 1's Snitch lay at position 1
    assert code_of(taken, Offer(0, 1, 2, 1, leave=True, slot=1)) == "bad_slot"


# -- R-DEAL-2: acceptance is settlement --------------------------------------------


def test_accept_settles_decision_and_payment_in_one_step() -> None:
    """R-DEAL-2: "I pay you 3M if you leave": acceptance moves 3M and takes seat 1 out."""
    state = apply(negotiation(), Offer(0, 1, 3, decider=1, leave=True))
    before = len(state.events)
    after = apply(state, AcceptOffer(1, "public-1"))
    assert after.version == state.version + 1
    assert after.cash == (1, 8, 4, 4, 4)  # 4 - 3; 4 + 3 + the 1M deposit back
    assert after.decided[1] and not after.in_round(1)
    kinds = [type(e) for e in after.events[before:]]
    assert kinds[:3] == [OfferAccepted, Paid, Left]
    assert after.offers == ()
    assert after.rule_version == state.rule_version + 1  # acceptance is a rule action


def test_accept_pay_me_and_i_stay() -> None:
    """R-DEAL-1, R-DEAL-2: "pay me 2M and I stay": the proposer decides and is paid."""
    state = apply(negotiation(), Offer(3, 4, 2, decider=3))
    after = apply(state, AcceptOffer(4, "public-1"))
    assert after.cash[3:] == (6, 2)
    assert events_of(after, Stayed) == [Stayed(3)]


def test_accept_three_player_take_back_of_one_character() -> None:
    """R-DEAL-2, R-3P-2: the deal takes back the character at the named position (seat
    0's Driver, laid second); the other stays in the round."""
    state = apply(negotiation(3), Offer(0, 1, 2, decider=0, leave=True, slot=1))
    after = apply(state, AcceptOffer(1, "public-1"))
    assert [c.role for c in after.hidden_characters(0)] == [B]
    assert not after.decided[0]
    assert events_of(after, CharacterTakenBack) == [CharacterTakenBack(0, D)]
    assert after.cash[0] == state.cash[0] + 2 + 1


def test_only_the_recipient_accepts() -> None:
    """R-DEAL-2: only the recipient may accept; the proposer and a third seat cannot."""
    state = apply(negotiation(), Offer(0, 1, 3, decider=1))
    assert code_of(state, AcceptOffer(0, "public-1")) == "no_such_offer"
    assert code_of(state, AcceptOffer(2, "public-1")) == "no_such_offer"
    assert code_of(state, AcceptOffer(2, "public-1"), seat=1) == "not_your_action"
    assert code_of(state, AcceptOffer(1, 1)) == "bad_value"  # type: ignore[arg-type]


def test_accept_refused_without_the_money_and_changes_nothing() -> None:
    """R-DEAL-2: refused if the payer holds less than the amount; nothing changes."""
    state = play(negotiation(), [Offer(0, 1, 4, decider=1), Pay(0, 2, 1)])
    error = check(state, AcceptOffer(1, "public-1"))
    assert error is not None and error.code == "insufficient_funds"
    with pytest.raises(IllegalActionError):
        apply(state, AcceptOffer(1, "public-1"))
    assert state.offers[0].id == "public-1" and not state.decided[1]


def test_accept_refused_once_the_decision_is_illegal() -> None:
    """R-DEAL-2: refused (changing nothing) if the decision is no longer legal for the
    decider or the payer is short; a settled deal is final (R-NEG-1)."""
    public = apply(negotiation(), Offer(0, 1, 1, decider=1))
    settled = apply(public, AcceptOffer(1, "public-1"))
    assert code_of(settled, AcceptOffer(1, "public-1")) == "no_such_offer"
    assert settled.decided[1] and code_of(settled, Stay(1)) == "already_decided"


# -- R-DEAL-3: withdraw, decline, lapse -------------------------------------------


def test_withdraw_and_decline_move_no_money() -> None:
    """R-DEAL-3: the proposer withdraws, the recipient declines; no money moves."""
    state = play(negotiation(), [Offer(0, 1, 3, 1), Offer(2, 3, 2, 2)])
    withdrawn = apply(state, WithdrawOffer(0, "public-1"))
    declined = apply(withdrawn, DeclineOffer(3, "public-2"))
    assert declined.cash == state.cash and declined.offers == ()
    assert events_of(declined, OfferWithdrawn)[0].offer.id == "public-1"
    assert events_of(declined, OfferDeclined)[0].offer.id == "public-2"
    assert code_of(state, WithdrawOffer(1, "public-1")) == "no_such_offer"
    assert code_of(state, DeclineOffer(0, "public-1")) == "no_such_offer"
    assert declined.rule_version == state.rule_version


def test_offers_lapse_when_the_decider_decides_otherwise() -> None:
    """R-DEAL-3: an offer lapses when its decider makes any other decision."""
    state = play(negotiation(), [Offer(0, 1, 3, 1), Offer(1, 2, 1, 2)])
    after = apply(state, Stay(1))
    assert [o.id for o in after.offers] == ["public-2"]  # seat 1 is only the payer there
    assert events_of(after, OfferLapsed) == [OfferLapsed(state.offers[0])]
    assert after.cash == state.cash


def test_offers_lapse_when_a_party_leaves() -> None:
    """R-DEAL-3: an offer lapses when either party leaves the round."""
    state = play(negotiation(), [Offer(0, 1, 3, 1), Offer(2, 0, 1, 2)])
    after = apply(state, Leave(0))
    assert after.offers == ()
    assert len(events_of(after, OfferLapsed)) == 2


def test_offers_lapse_when_negotiation_ends() -> None:
    """R-DEAL-3: no offer outlives negotiation, and none that lapses moves money (the last
    decision ends the deciders' offers as it ends the phase)."""
    state = play(negotiation(), [Offer(0, 1, 3, 0), Stay(1), Stay(2), Stay(3), Stay(4)])
    assert [o.id for o in state.offers] == ["public-1"]
    cash = state.cash
    after = apply(state, Stay(0))
    assert after.offers == () and after.phase is not Phase.NEGOTIATION
    lapsed = events_of(after, OfferLapsed)
    assert [e.offer.id for e in lapsed] == ["public-1"]
    assert not [e for e in after.events[len(state.events) :] if isinstance(e, Paid)]
    assert cash == state.cash


def test_an_accepted_deal_lapses_the_deciders_other_offers() -> None:
    """R-DEAL-3: settling one deal is a decision: the decider's other offers lapse."""
    state = play(negotiation(), [Offer(0, 1, 1, 1), Offer(2, 1, 2, 1, leave=True)])
    after = apply(state, AcceptOffer(1, "public-1"))
    assert after.offers == ()
    assert [e.offer.id for e in events_of(after, OfferLapsed)] == ["public-2"]


# -- R-DEAL-4: audience -----------------------------------------------------------


def test_private_offer_seen_by_the_two_parties_only() -> None:
    """R-DEAL-4: a private offer is in the parties' views and logs, and nowhere else."""
    state = negotiation()
    after = play(state, [Offer(0, 1, 3, 1, private=True), Stay(4)])
    assert after.offers[0].id == "private-0-1-1"
    for party in (0, 1):
        assert view(after, party).offers == after.offers
        assert OfferMade(after.offers[0]) in view(after, party).events
    for other in (2, 3, None):
        assert view(after, other).offers == ()
        assert view(after, other) == view(apply(state, Stay(4)), other)
    assert view(after, 2).version == view(apply(state, Stay(4)), 2).version


def test_private_settled_deal_shows_the_decision_and_payment() -> None:
    """R-DEAL-4: a settled private deal shows the others the decision and the payment."""
    state = play(negotiation(), [Offer(0, 1, 3, 1, leave=True, private=True)])
    after = apply(state, AcceptOffer(1, "private-0-1-1"))
    seen = visible_events(after.events[len(state.events) :], 2)
    assert [type(e) for e in seen][:2] == [Paid, Left]
    assert not any(isinstance(e, (OfferAccepted, OfferMade)) for e in view(after, 2).events)
    assert OfferAccepted(state.offers[0]) in view(after, 1).events


def test_table_may_forbid_private_offers() -> None:
    """R-DEAL-4: with private_offers=False a private offer is refused; public ones are not."""
    state = negotiation(private_offers=False)
    assert code_of(state, Offer(0, 1, 3, 1, private=True)) == "private_forbidden"
    assert code_of(state, Offer(0, 1, 3, 1)) is None
    with pytest.raises(Exception, match="private_offers must be a bool"):
        GameConfig(4, private_offers=1)  # type: ignore[arg-type]


def test_ids_tell_nobody_of_offers_they_cannot_see() -> None:
    """R-DEAL-4: public ids count public offers only; private ids count the pair's only."""
    state = play(
        negotiation(),
        [Offer(0, 1, 1, 1, private=True), Offer(2, 3, 1, 3), Offer(1, 0, 2, 0, private=True)],
    )
    assert [o.id for o in state.offers] == ["private-0-1-1", "public-1", "private-0-1-2"]
    other = play(negotiation(), [Offer(2, 3, 1, 3)])
    assert view(other, 2) == view(state, 2)  # the same public id with or without them


def test_errors_about_others_private_offers_are_the_same() -> None:
    """R-DEAL-4: a third seat gets the same error whether or not a private offer exists."""
    with_offer = apply(negotiation(), Offer(0, 1, 3, 1, private=True))
    without = negotiation()
    for action in (
        AcceptOffer(2, "private-0-1-1"),
        DeclineOffer(2, "private-0-1-1"),
        WithdrawOffer(2, "private-0-1-1"),
        Offer(2, 0, 1, 0),
    ):
        a, b = check(with_offer, action, seat=2), check(without, action, seat=2)
        assert (a is None and b is None) or (a and b and str(a) == str(b) and a.code == b.code)


# -- R-DEAL-5: bounds -------------------------------------------------------------


def test_at_most_eight_open_offers_and_thirty_two_a_round() -> None:
    """R-DEAL-5: a player has at most 8 open offers and makes at most 32 offers a round."""
    state = negotiation()
    for _ in range(MAX_OPEN_OFFERS):
        state = apply(state, Offer(0, 1, 1, 1))
    assert code_of(state, Offer(0, 2, 1, 2)) == "offer_limit"
    assert code_of(state, Offer(1, 0, 1, 0)) is None  # another player's bound
    made = MAX_OPEN_OFFERS
    while made < MAX_OFFERS_A_ROUND:
        state = apply(state, WithdrawOffer(0, state.offers[0].id))
        state = apply(state, Offer(0, 1, 1, 1))
        made += 1
    state = apply(state, WithdrawOffer(0, state.offers[0].id))
    assert code_of(state, Offer(0, 1, 1, 1)) == "offer_limit"


# -- R-TALK-1…4 ---------------------------------------------------------------------


def test_talk_to_the_table_and_in_private() -> None:
    """R-TALK-1: talk to the table is public; to one player, seen by the two only."""
    state = play(negotiation(), [Say(0, "hola a todos"), Say(1, "只告诉你", to=2)])
    public, whisper = events_of(state, Said)
    assert public == Said(0, "hola a todos", None, None)
    assert public in view(state, None).events and public in view(state, 3).events
    assert whisper in view(state, 1).events and whisper in view(state, 2).events
    assert whisper not in view(state, 3).events and whisper not in view(state, None).events
    assert state.cash == negotiation().cash  # no rule effect
    assert code_of(state, Say(0, "me", to=0)) == "self_target"
    assert code_of(state, Say(0, "")) == "bad_value"
    assert code_of(state, Say(0, 3)) == "bad_value"  # type: ignore[arg-type]


def test_table_may_forbid_private_talk() -> None:
    """R-TALK-1: with private_talk=False a whisper is refused, table talk is not."""
    state = negotiation(private_talk=False)
    assert code_of(state, Say(0, "psst", to=1)) == "private_forbidden"
    assert code_of(state, Say(0, "all of you")) is None


def test_talk_in_any_phase_but_after_the_end() -> None:
    """R-TALK-1: players talk in planning too; once the game is over no action is legal."""
    planning = apply(new_game(external(4)), DealLoot(PLAIN_9))
    assert code_of(planning, Say(0, "I will take the Driver", claim=D)) is None
    assert code_of(planning, Press(0, 1)) == "wrong_phase"


def test_claims_are_labelled_only_once_the_game_has_ended() -> None:
    """R-TALK-2: claims may be false; only after the end does the record tell which."""
    state = play(
        negotiation(), [Say(0, "I sent the Brute", claim=B), Say(1, "Crook", to=2, claim=C)]
    )
    assert not any(isinstance(e, ClaimJudged) for e in state.events)
    rng = random.Random(3)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=False)))
    judged = events_of(state, ClaimJudged)
    assert judged == [
        ClaimJudged(1, 0, None, "I sent the Brute", B, True),
        ClaimJudged(1, 1, 2, "Crook", C, False),
    ]
    assert judged[0] in view(state, None).events
    assert judged[1] not in view(state, 3).events and judged[1] in view(state, 2).events
    record = load_game(save_game(state))
    assert events_of(record, ClaimJudged) == judged


def test_no_way_to_show_a_card() -> None:
    """R-TALK-3: no action proves a role: a claim is only words, and a false one is legal."""
    state = negotiation()
    assert code_of(state, Say(0, "", claim=M)) == "role_not_in_play"  # 5 players: no Mastermind
    assert code_of(state, Say(0, "", claim=S)) is None  # seat 0 holds a Brute: a lie is legal
    kinds = {type(action).__name__ for action in legal_actions(state)}
    assert not kinds & {"Show", "Reveal", "ShowCard"}


def test_talk_bounds() -> None:
    """R-TALK-4: at most 280 characters, at most 40 messages a round (presses count)."""
    state = negotiation()
    assert code_of(state, Say(0, "x" * MAX_TALK_LENGTH)) is None
    assert code_of(state, Say(0, "x" * (MAX_TALK_LENGTH + 1))) == "message_too_long"
    for index in range(MAX_TALK_A_ROUND):
        state = apply(state, Say(0, f"{index}", to=1 if index % 2 else None))
    assert code_of(state, Say(0, "one more")) == "talk_limit"
    assert code_of(state, Press(0, 1)) == "talk_limit"  # seat 0 leads round 1
    assert code_of(state, Say(1, "my turn")) is None


# -- R-TALK-LEADER --------------------------------------------------------------------


def test_leader_presses_an_undecided_player() -> None:
    """R-TALK-LEADER: the leader presses an undecided player; public, no other effect."""
    state = negotiation()
    after = apply(state, Press(0, 3))
    assert events_of(after, Pressed) == [Pressed(0, 3)]
    assert Pressed(0, 3) in view(after, None).events
    assert attrs.evolve(after, events=state.events, history=state.history, side_actions=0) == state
    assert code_of(state, Press(1, 3)) == "not_leader"
    assert code_of(state, Press(0, 0)) == "self_target"
    assert code_of(apply(state, Stay(3)), Press(0, 3)) == "already_decided"


# -- versions, listings, JSON, records, sampling --------------------------------------


def test_talk_never_makes_a_pending_rule_action_stale() -> None:
    """R-TALK-1, R-DEAL-4: talk and offers leave rule_version (the views' version) as it was."""
    state = negotiation()
    after = play(
        state,
        [
            Say(0, "hi"),
            Offer(1, 2, 1, 2, private=True),
            Press(0, 4),
            WithdrawOffer(1, "private-1-2-1"),
        ],
    )
    assert after.version == state.version + 4
    assert after.rule_version == state.rule_version
    assert all(view(after, seat).version == view(state, seat).version for seat in range(5))


def test_legal_actions_list_answers_not_offers() -> None:
    """R-DEAL-2, R-DEAL-3: legal_actions lists accept, decline and withdraw, never new offers
    or talk; offer_terms lists what a seat may offer."""
    state = play(negotiation(), [Offer(0, 1, 3, 1), Offer(2, 1, 9, 2)])
    listed = legal_actions(state, 1, payments=False)
    assert listed == (
        Stay(1),
        Leave(1),
        AcceptOffer(1, "public-1"),
        DeclineOffer(1, "public-1"),
        DeclineOffer(1, "public-2"),  # seat 1 cannot pay 9M: no acceptance listed
    )
    assert WithdrawOffer(0, "public-1") in legal_actions(state, 0)
    assert view(state, 1).legal_actions == listed
    assert set(legal_actions(state)) >= set(listed)
    assert not any(isinstance(a, (Offer, Say, Press)) for a in legal_actions(state))
    terms = offer_terms(view(state, 0))
    assert len(terms) == 4 * 2 * 2  # 4 recipients, either decider, stay or leave
    assert offer_terms(view(state, None)) == ()


def test_actions_and_events_round_trip_as_json() -> None:
    """The new actions and events read back equal from their JSON."""
    offer = Offer(0, 1, 3, 1, leave=True, slot=None, private=True)
    assert to_json(offer) == (
        '{"type":"offer","player":0,"to":1,"amount":3,"decider":1,'
        '"leave":true,"slot":null,"private":true}'
    )
    for action in (offer, AcceptOffer(1, "public-2"), Say(0, "hi", 2, D), Press(0, 1)):
        assert from_json(to_json(action), Action) == action
    state = play(negotiation(), [offer, Say(2, "¿y tú?", claim=C)])
    from millions_rules import Event

    for event in state.events[-2:]:
        assert from_json(to_json(event), Event) == event
    assert from_json(to_json(state), GameState) == state
    assert from_json(to_json(view(state, 1)), PlayerView) == view(state, 1)


def test_error_codes_registered() -> None:
    """Every new refusal has a stable code in the registry."""
    for code in (
        "not_a_party",
        "private_forbidden",
        "offer_limit",
        "no_such_offer",
        "message_too_long",
        "talk_limit",
        "not_leader",
    ):
        assert code in ACTION_ERROR_CODES


def test_sample_state_keeps_the_private_offers_the_seat_sees() -> None:
    """R-INFO, R-DEAL-4: sample_state completes a view holding a private offer of the seat."""
    state = play(negotiation(), [Offer(0, 1, 3, 1, private=True), Offer(2, 3, 1, 3, private=True)])
    seen = view(state, 1)
    sampled = sample_state(seen, 7)
    assert sampled.offers == (state.offers[0],)
    assert view(sampled, 1) == attrs.evolve(seen, version=0)  # a sample has no history
    assert apply(sampled, AcceptOffer(1, "private-0-1-1")).cash[1] == seen.cash[1] + 3


# -- properties -------------------------------------------------------------------------


@scaled(2)
@given(configs(), st.randoms(use_true_random=False))
def test_money_conserved_and_deals_atomic(config: GameConfig, rng: random.Random) -> None:
    """R-COMP-3, R-DEAL-2, R-DEAL-3: money is conserved through deals; an accepted offer is
    one step moving exactly its amount once; nothing lapsed, declined or withdrawn moves
    money; the record replays exactly."""
    states = play_randomly(new_game(config), rng, side_chance=0.4)
    for before, after in itertools.pairwise(states):
        assert money_in_game(after) == config.total_money
        action = after.history[-1]
        new = after.events[len(before.events) :]
        if isinstance(action, AcceptOffer):
            offer = next(o for o in before.offers if o.id == action.offer)
            assert new[0] == OfferAccepted(offer)
            assert new[1] == Paid(offer.payer, offer.decider, offer.amount)
            decision = (Left if offer.leave else Stayed, offer.decider)
            assert (type(new[2]), new[2].player) == decision  # type: ignore[union-attr]
            assert [e for e in new if isinstance(e, Paid)] == [new[1]]
        elif isinstance(action, (Offer, DeclineOffer, WithdrawOffer, Say, Press)):
            assert after.cash == before.cash and after.reserve == before.reserve
            assert after.rule_version == before.rule_version
        if not isinstance(action, (AcceptOffer, Pay)):  # a lapse never pays
            assert not [e for e in new if isinstance(e, Paid)]
    final = states[-1]
    assert replay(config, final.history) == final
    assert load_game(save_game(final)) == final


def _without_private(state: GameState, seat: int, rng: random.Random) -> Action | None:
    """A private offer or whisper between two seats other than ``seat``, ended unaccepted."""
    others = [s for s in range(state.config.players) if s != seat]
    a, b = rng.sample(others, 2)
    if state.phase is Phase.NEGOTIATION and rng.random() < 0.6:
        action: Action = Offer(
            a, b, rng.randint(1, 3), rng.choice((a, b)), rng.random() < 0.5, None, True
        )
    else:
        action = Say(a, "entre nosotros", b, rng.choice(list(state.config.roles)))
    return action if check(state, action) is None else None


@scaled(2)
@given(configs(), seeds, st.randoms(use_true_random=False))
def test_counterfactual_private_deals_and_whispers_reach_no_third_seat(
    config: GameConfig, seed: int, rng: random.Random
) -> None:
    """R-DEAL-4, R-TALK-1, R-INFO: two games that differ only in private offers (made,
    declined, withdrawn or lapsed, never accepted) and whispers between two other seats
    give a third seat and a spectator the same views, logs, errors and public records."""
    seat = rng.randrange(config.players)
    plain = with_secrets = new_game(config)
    steps = 0
    while not plain.is_over and steps < 400:
        steps += 1
        if rng.random() < 0.3:
            secret = _without_private(with_secrets, seat, rng)
            if secret is not None:
                with_secrets = apply(with_secrets, secret)
                if isinstance(secret, Offer) and rng.random() < 0.5:
                    ender = rng.choice(("decline", "withdraw"))
                    offer = with_secrets.offers[-1]
                    with_secrets = apply(
                        with_secrets,
                        DeclineOffer(offer.to, offer.id)
                        if ender == "decline"
                        else WithdrawOffer(offer.player, offer.id),
                    )
                continue
        actions = legal_actions(plain, payments=rng.random() < 0.1)
        actions = tuple(
            a for a in actions if not isinstance(a, (AcceptOffer, DeclineOffer, WithdrawOffer))
        )
        action = rng.choice(actions)
        plain = apply(plain, action)
        with_secrets = apply(with_secrets, action)
        for looker in (seat, None):
            assert view(with_secrets, looker) == view(plain, looker)
            assert to_json(view(with_secrets, looker)) == to_json(view(plain, looker))
        probe = rng.choice(legal_actions(plain, payments=False) or (Stay(seat),))
        a, b = check(with_secrets, probe, seat=seat), check(plain, probe, seat=seat)
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert (str(a), a.code) == (str(b), b.code)
    for looker in (seat, None):
        assert public_record(with_secrets, looker) == public_record(plain, looker)
    assert GameRecord.of(with_secrets).replay() == with_secrets
