"""Deals and talk (R-DEAL, R-TALK): offers, their settlement, table talk and the leader's press.

An :class:`~millions_rules.Offer` opens an :class:`~millions_rules.OpenOffer` in the state;
the recipient settles it with :class:`~millions_rules.AcceptOffer`, which makes the
decider's decision with the existing rules (:func:`._negotiation.play_stay`,
:func:`._negotiation.play_leave`) after the payment, as one step (R-DEAL-2). Offers end
by decline, withdrawal or lapse (R-DEAL-3, :mod:`._offers`). Talk
(:class:`~millions_rules.Say`) and pressing (:class:`~millions_rules.Press`) only add
events. None of these but acceptance counts in
:attr:`~millions_rules.GameState.rule_version`.

Everything an action here refuses is told in terms its sender may know: an offer is
looked up among the sender's own, so whether someone else's private offer exists never
changes an error (R-DEAL-4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn, Protocol

from .._common.narration import Items
from ._actions import AcceptOffer, DeclineOffer, Leave, Offer, Press, Say, Stay, WithdrawOffer
from ._checks import illegal, require_phase, require_role, require_seat, require_whole
from ._draft import Draft
from ._errors import IllegalActionError
from ._events import (
    Event,
    OfferAccepted,
    OfferDeclined,
    OfferMade,
    OfferWithdrawn,
    OpenOffer,
    Paid,
    Pressed,
    RoundEnded,
    Said,
)
from ._negotiation import check_leave, check_stay, play_leave, play_stay
from ._state import GameState, Phase
from ._text import Money, msg

__all__ = [
    "MAX_OFFERS_A_ROUND",
    "MAX_OPEN_OFFERS",
    "MAX_TALK_A_ROUND",
    "MAX_TALK_LENGTH",
    "check_accept",
    "check_decline",
    "check_offer",
    "check_press",
    "check_say",
    "check_withdraw",
    "deal_actions",
    "play_accept",
    "play_decline",
    "play_offer",
    "play_press",
    "play_say",
    "play_withdraw",
]

#: The open offers one player may have made at a time (R-DEAL-5).
MAX_OPEN_OFFERS: Final = 8
#: The offers one player may make in a round (R-DEAL-5).
MAX_OFFERS_A_ROUND: Final = 32
#: The characters of one message (R-TALK-4).
MAX_TALK_LENGTH: Final = 280
#: The messages (and presses) one player may send in a round (R-TALK-4).
MAX_TALK_A_ROUND: Final = 40

_NEGOTIATION: Final = Phase.NEGOTIATION


class UntrustedAction(Protocol):  # pragma: no cover - a type, never instantiated
    """A deal or talk action as a user may have built it: each field read as ``object``
    (as :class:`millions_rules._common.untrusted.UntrustedAction` for the other actions)."""

    @property
    def player(self) -> object: ...
    @property
    def to(self) -> object: ...
    @property
    def amount(self) -> object: ...
    @property
    def decider(self) -> object: ...
    @property
    def leave(self) -> object: ...
    @property
    def slot(self) -> object: ...
    @property
    def private(self) -> object: ...
    @property
    def offer(self) -> object: ...
    @property
    def text(self) -> object: ...
    @property
    def claim(self) -> object: ...
    @property
    def target(self) -> object: ...


_DOING_OFFER: Final = msg("doing.offer", "offer a deal")
_DOING_ANSWER: Final = msg("doing.answer_offer", "answer an offer")
_DOING_PRESS: Final = msg("doing.press", "press a player")


# -- reading the log ---------------------------------------------------------


def _this_round(state: GameState) -> tuple[Event, ...]:
    """The events since the last round ended (talk may precede a round's loot card)."""
    events = state.events
    start = len(events)
    while start and events[start - 1].__class__ is not RoundEnded:
        start -= 1
    return events[start:]


def _next_id(state: GameState, proposer: int, recipient: int, private: bool) -> str:
    """The next offer's id; it counts only offers its audience sees (R-DEAL-4)."""
    offers = [e.offer for e in state.events if isinstance(e, OfferMade)]
    if not private:
        return f"public-{sum(1 for offer in offers if not offer.private) + 1}"
    low, high = sorted((proposer, recipient))
    pair = {low, high}
    made = sum(1 for offer in offers if offer.private and {offer.player, offer.to} == pair)
    return f"private-{low}-{high}-{made + 1}"


def _require_bool(value: object, what: str) -> bool:
    if type(value) is not bool:
        illegal(
            msg("error.bad_value", "{what} must be a bool, not {kind}"),
            what=what,
            kind=type(value).__name__,
        )
    return value


# -- R-DEAL-1, R-DEAL-4, R-DEAL-5: offers ---------------------------------------


def check_offer(state: GameState, action: UntrustedAction) -> None:
    """Refuse an :class:`~millions_rules.Offer` that breaks R-DEAL-1, R-DEAL-4 or R-DEAL-5."""
    require_phase(state, _DOING_OFFER, "R-DEAL-1", _NEGOTIATION)
    proposer = require_seat(state, action.player)
    recipient = require_seat(state, action.to, "to")
    amount = require_whole(action.amount, "amount")
    decider = require_seat(state, action.decider, "decider")
    leave = _require_bool(action.leave, "leave")
    private = _require_bool(action.private, "private")
    slot = None if action.slot is None else require_whole(action.slot, "slot")
    if proposer == recipient:
        illegal(
            msg("error.self_target", "seat {player} cannot make an offer to itself"),
            "R-DEAL-1",
            player=proposer,
        )
    if decider not in (proposer, recipient):
        illegal(
            msg("error.not_a_party", "the decider, seat {decider}, must be one of the two parties"),
            "R-DEAL-1",
            decider=decider,
        )
    if not 1 <= amount <= state.config.total_money:
        illegal(
            msg("error.bad_value", "an offer is from {minimum} to {maximum}, not {amount}"),
            "R-DEAL-1",
            minimum=Money(1),
            maximum=Money(state.config.total_money),
            amount=amount,
        )
    for seat in (proposer, recipient):
        if not state.in_round(seat):
            illegal(
                msg(
                    "error.not_in_round",
                    "seat {player} has left the round and takes no part in deals",
                ),
                "R-DEAL-1",
                player=seat,
            )
    if state.decided[decider]:
        illegal(
            msg("error.already_decided", "seat {player} has already decided; a decision is final"),
            "R-DEAL-1",
            player=decider,
        )
    if slot is not None:
        _check_slot(state, slot, leave, decider)
    if private and not state.config.private_offers:
        illegal(msg("error.private_forbidden", "this table allows no private offers"), "R-DEAL-4")
    _check_offer_bounds(state, proposer)


def _check_slot(state: GameState, slot: int, leave: bool, decider: int) -> None:
    """The one character of a three-player take-back, named by its position (R-3P-2,
    R-3P-4): which positions are face down is public, what lies there is not."""
    if not leave or not state.config.three_player:
        illegal(
            msg(
                "error.role_not_applicable",
                "only a deal to leave in the three-player game names one character",
            ),
            "R-3P-2",
        )
    positions = [c.position for c in state.hidden_characters(decider)]
    if slot not in positions:
        _no_such_character(decider, slot, positions)


def _no_such_character(decider: int, slot: int, positions: list[int]) -> NoReturn:
    # Characters counted from 1 in words, as the page's "card 1" and "card 2" (R-3P-4).
    illegal(
        msg(
            "error.bad_slot",
            "seat {player} has no face-down character {number} (face down: {numbers})",
        ),
        "R-3P-4",
        player=decider,
        number=slot + 1,
        numbers=Items([position + 1 for position in positions]),
    )


def _check_offer_bounds(state: GameState, proposer: int) -> None:
    if sum(1 for offer in state.offers if offer.player == proposer) >= MAX_OPEN_OFFERS:
        illegal(
            msg(
                "error.offer_limit",
                "seat {player} already has {limit} open offers; withdraw one first",
            ),
            "R-DEAL-5",
            player=proposer,
            limit=MAX_OPEN_OFFERS,
        )
    made = sum(
        1 for e in _this_round(state) if isinstance(e, OfferMade) and e.offer.player == proposer
    )
    if made >= MAX_OFFERS_A_ROUND:
        illegal(
            msg("error.offer_limit", "seat {player} has made {limit} offers this round"),
            "R-DEAL-5",
            player=proposer,
            limit=MAX_OFFERS_A_ROUND,
        )


def play_offer(draft: Draft, action: Offer) -> None:
    """Open the offer (R-DEAL-1)."""
    offer = OpenOffer(
        _next_id(draft.source, action.player, action.to, action.private),
        action.player,
        action.to,
        action.amount,
        action.decider,
        action.leave,
        action.slot,
        action.private,
    )
    draft.offers = (*draft.offers, offer)
    draft.events.append(OfferMade(offer))
    draft.side_actions += 1


# -- R-DEAL-2, R-DEAL-3: answering and withdrawing -------------------------------


def _find(state: GameState, action: UntrustedAction, *, recipient: bool) -> OpenOffer:
    """The open offer named by ``action`` that its sender may answer (or withdraw).

    It is looked up among the sender's own offers only, so the error is the same
    whether or not an offer of that id exists between other players (R-DEAL-4).
    """
    require_phase(state, _DOING_ANSWER, "R-DEAL-3", _NEGOTIATION)
    seat = require_seat(state, action.player)
    name = action.offer
    if type(name) is not str:
        illegal(
            msg("error.bad_value", "offer must be an offer's id (text), not {kind}"),
            kind=type(name).__name__,
        )
    for offer in state.offers:
        if offer.id == name and (offer.to if recipient else offer.player) == seat:
            return offer
    if recipient:
        illegal(
            msg("error.no_such_offer", "seat {player} has no open offer {offer} to answer"),
            "R-DEAL-3",
            player=seat,
            offer=repr(name)[:40],
        )
    illegal(
        msg("error.no_such_offer", "seat {player} has made no open offer {offer}"),
        "R-DEAL-3",
        player=seat,
        offer=repr(name)[:40],
    )


def _decision(state: GameState, offer: OpenOffer) -> Stay | Leave:
    """The decision an offer settles, as the decider's own action (R-DEAL-2)."""
    if not offer.leave:
        return Stay(offer.decider)
    if offer.slot is None:
        return Leave(offer.decider)
    hidden = state.hidden_characters(offer.decider)
    for character in hidden:
        if character.position == offer.slot:
            return Leave(offer.decider, character.role)
    _no_such_character(offer.decider, offer.slot, [c.position for c in hidden])


def check_accept(state: GameState, action: UntrustedAction) -> None:
    """Refuse an :class:`~millions_rules.AcceptOffer` that breaks R-DEAL-2."""
    offer = _find(state, action, recipient=True)
    decision = _decision(state, offer)
    # The decision's own rules (R-NEG-1, R-NEG-2, R-3P-2): refused as that action would be.
    rules: Callable[[GameState, Any], None] = check_leave if offer.leave else check_stay
    rules(state, decision)
    payer = offer.payer
    if state.cash[payer] < offer.amount:
        illegal(
            msg("error.insufficient_funds", "seat {player} holds {cash} and cannot pay {amount}"),
            "R-DEAL-2",
            player=payer,
            cash=Money(state.cash[payer]),
            amount=Money(offer.amount),
        )


def play_accept(draft: Draft, action: AcceptOffer) -> None:
    """Settle the deal as one step: the payment, then the decider's decision (R-DEAL-2).

    The payment comes first so that a decision ending negotiation (the heist follows)
    finds the money already moved; both are public (R-DEAL-4).
    """
    offer = next(o for o in draft.offers if o.id == action.offer)
    draft.offers = tuple([o for o in draft.offers if o is not offer])
    draft.events.append(OfferAccepted(offer))
    draft.transfer(offer.payer, offer.decider, offer.amount)
    draft.events.append(Paid(offer.payer, offer.decider, offer.amount))
    decision = _decision(draft.source, offer)  # checked: the character is still face down
    if isinstance(decision, Leave):
        play_leave(draft, decision)
    else:
        play_stay(draft, decision)


def check_decline(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.DeclineOffer` of no open offer to its sender (R-DEAL-3)."""
    _find(state, action, recipient=True)


def play_decline(draft: Draft, action: DeclineOffer) -> None:
    """End the offer; no money moves (R-DEAL-3)."""
    offer = next(o for o in draft.offers if o.id == action.offer)
    draft.offers = tuple([o for o in draft.offers if o is not offer])
    draft.events.append(OfferDeclined(offer))
    draft.side_actions += 1


def check_withdraw(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.WithdrawOffer` of no open offer of its sender (R-DEAL-3)."""
    _find(state, action, recipient=False)


def play_withdraw(draft: Draft, action: WithdrawOffer) -> None:
    """End the offer; no money moves (R-DEAL-3)."""
    offer = next(o for o in draft.offers if o.id == action.offer)
    draft.offers = tuple([o for o in draft.offers if o is not offer])
    draft.events.append(OfferWithdrawn(offer))
    draft.side_actions += 1


def deal_actions(
    state: GameState, seat: int
) -> tuple[AcceptOffer | DeclineOffer | WithdrawOffer, ...]:
    """``seat``'s legal answers to open offers: accept (when legal) and decline each offer
    made to it, withdraw each it made, in the order the offers were made (R-DEAL-2, R-DEAL-3)."""
    found: list[AcceptOffer | DeclineOffer | WithdrawOffer] = []
    for offer in state.offers:
        if offer.to == seat:
            accept = AcceptOffer(seat, offer.id)
            checking: Callable[[GameState, Any], None] = check_accept
            try:
                checking(state, accept)
            except IllegalActionError:
                pass
            else:
                found.append(accept)
            found.append(DeclineOffer(seat, offer.id))
        elif offer.player == seat:
            found.append(WithdrawOffer(seat, offer.id))
    return tuple(found)


# -- R-TALK: talk and the leader's press ----------------------------------------


def _check_talk_bound(state: GameState, seat: int) -> None:
    said = sum(1 for e in _this_round(state) if isinstance(e, (Said, Pressed)) and e.player == seat)
    if said >= MAX_TALK_A_ROUND:
        illegal(
            msg("error.talk_limit", "seat {player} has said {limit} messages this round"),
            "R-TALK-4",
            player=seat,
            limit=MAX_TALK_A_ROUND,
        )


def check_say(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Say` that breaks R-TALK-1, R-TALK-2 or R-TALK-4."""
    seat = require_seat(state, action.player)
    text = action.text
    if type(text) is not str:
        illegal(msg("error.bad_value", "text must be text, not {kind}"), kind=type(text).__name__)
    if len(text) > MAX_TALK_LENGTH:
        illegal(
            msg(
                "error.message_too_long",
                "a message is at most {limit} characters, not {length}",
            ),
            "R-TALK-4",
            limit=MAX_TALK_LENGTH,
            length=len(text),
        )
    claim = None if action.claim is None else require_role(action.claim, "claim")
    if not text and claim is None:
        illegal(msg("error.bad_value", "a message says something or claims a role"), "R-TALK-1")
    if claim is not None and claim not in state.config.roles:
        illegal(
            msg("error.role_not_in_play", "{role} is not in play with {players} players"),
            "R-TALK-2",
            role=claim,
            players=state.config.players,
        )
    if action.to is not None:
        to = require_seat(state, action.to, "to")
        if to == seat:
            illegal(
                msg("error.self_target", "seat {player} cannot talk to itself"),
                "R-TALK-1",
                player=seat,
            )
        if not state.config.private_talk:
            illegal(msg("error.private_forbidden", "this table allows no private talk"), "R-TALK-1")
    _check_talk_bound(state, seat)


def play_say(draft: Draft, action: Say) -> None:
    """Log the message; it has no rule effect (R-TALK-1)."""
    draft.events.append(Said(action.player, action.text, action.to, action.claim))
    draft.side_actions += 1


def check_press(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Press` that breaks R-TALK-LEADER or R-TALK-4."""
    require_phase(state, _DOING_PRESS, "R-TALK-LEADER", _NEGOTIATION)
    seat = require_seat(state, action.player)
    target = require_seat(state, action.target, "target")
    if seat != state.leader:
        illegal(
            msg("error.not_leader", "only the leader, seat {leader}, may press a player"),
            "R-TALK-LEADER",
            leader=state.leader,
        )
    if target == seat:
        illegal(
            msg("error.self_target", "seat {player} cannot press itself"),
            "R-TALK-LEADER",
            player=seat,
        )
    if state.decided[target]:
        illegal(
            msg("error.already_decided", "seat {player} has already decided; a decision is final"),
            "R-TALK-LEADER",
            player=target,
        )
    _check_talk_bound(state, seat)


def play_press(draft: Draft, action: Press) -> None:
    """Log the press; it has no other effect (R-TALK-LEADER)."""
    draft.events.append(Pressed(action.player, action.target))
    draft.side_actions += 1
