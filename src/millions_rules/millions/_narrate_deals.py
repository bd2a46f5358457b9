"""Sentences and labels for deals, talk and the leader's press (R-DEAL, R-TALK).

:func:`~millions_rules.describe` reads these with the other phrasings of :mod:`._narrate`.
A deal's decision is a message of its own (``deal.stay``, ``deal.leave``,
``deal.take_back``) nested in the sentence, so each language words it once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .._common.narration import Nested, Phrase
from ._actions import AcceptOffer, DeclineOffer, Offer, Press, Say, WithdrawOffer
from ._events import (
    ClaimJudged,
    OfferAccepted,
    OfferDeclined,
    OfferLapsed,
    OfferMade,
    OfferWithdrawn,
    OpenOffer,
    Pressed,
    Said,
)
from ._i18n import role_name
from ._roles import Role
from ._text import Money, msg

__all__ = ["deal_phrases", "decision_for_reader"]

_STAY: Final = msg("deal.stay", "stay")
_LEAVE: Final = msg("deal.leave", "leave the round")
# A character counted from 1, as the page's "card 1" and "card 2" (R-3P-2).
_TAKE_BACK: Final = msg("deal.take_back", "take back their character {number}")
# The decision told to the seat that decides ("Ana te ofrece 2 M por retirarte"): the same
# words in English and Chinese, the second person where a language has one.
_YOURS: Final = {
    "deal.stay": msg("deal.stay.you", "stay"),
    "deal.leave": msg("deal.leave.you", "leave the round"),
    "deal.take_back": msg("deal.take_back.you", "take back your character {number}"),
}
#: The second-person sentences of an offer told to its decider: the proposer who asks
#: for money, or the recipient who is paid.
_TOLD_TO_DECIDER: Final = frozenset(
    {
        "event.offer_made.you.to",
        "event.offer_made.private.you.to",
        "event.offer_made.asks.you",
        "event.offer_made.asks.private.you",
    }
)


def decision_for_reader(phrase: Phrase) -> Phrase:
    """``phrase`` with its decision in the second person when it is told to the decider
    (``phrase`` as :func:`~millions_rules._common.narration.addressed` made it)."""
    decision = phrase.params.get("decision")
    if phrase.text.id not in _TOLD_TO_DECIDER or not isinstance(decision, Nested):
        return phrase
    yours = _YOURS.get(decision.text.id)
    if yours is None:
        return phrase
    params = {**phrase.params, "decision": Nested(yours, **decision.params)}
    return Phrase(phrase.text, phrase.seats, **params)


class _RoleName:
    """A role by its card name in the sentence's locale (anything else as the engine shows it)."""

    __slots__ = ("role",)

    def __init__(self, role: object) -> None:
        self.role = role

    def localized(self, locale: str) -> str:
        return role_name(self.role, locale) if isinstance(self.role, Role) else str(self.role)


def _decision(leave: object, slot: object) -> Nested:
    """The decider's decision: stay, leave, or take back the character at one position."""
    if not leave:
        return Nested(_STAY)
    if slot is None:
        return Nested(_LEAVE)
    return Nested(_TAKE_BACK, number=slot + 1 if type(slot) is int else repr(slot))


def deal_phrases() -> dict[type, Callable[[Any], Phrase]]:
    """The phrasing of each deal and talk event and action, by class."""
    pays = msg("event.offer_made", "{player} offers {to} {amount} to {decision}.")
    asks = msg("event.offer_made.asks", "{player} asks {to} for {amount} to {decision}.")
    pays_private = msg(
        "event.offer_made.private",
        "{player} offers {to}, in private, {amount} to {decision}.",
    )
    asks_private = msg(
        "event.offer_made.asks.private",
        "{player} asks {to}, in private, for {amount} to {decision}.",
    )
    accepted = msg("event.offer_accepted", "{to} accepts {player}'s offer: the deal is done.")
    declined = msg("event.offer_declined", "{to} declines {player}'s offer.")
    withdrawn = msg("event.offer_withdrawn", "{player} withdraws their offer to {to}.")
    lapsed = msg("event.offer_lapsed", "{player}'s offer to {to} lapses.")
    said = msg("event.said", "{player}: “{words}”")
    said_private = msg("event.said.private", "{player} to {to}, in private: “{words}”")
    claimed = msg("event.said.claim", "{player} claims to have sent the {role}: “{words}”")
    claimed_only = msg("event.said.claim.only", "{player} claims to have sent the {role}.")
    claimed_private = msg(
        "event.said.claim.private",
        "{player} tells {to}, in private, they sent the {role}: “{words}”",
    )
    claimed_private_only = msg(
        "event.said.claim.private.only", "{player} tells {to}, in private, they sent the {role}."
    )
    pressed = msg("event.pressed", "{player}, the leader, presses {target} to decide.")
    judged_true = msg(
        "event.claim_judged", "Round {round}: {player} claimed the {role}, and it was true."
    )
    judged_false = msg(
        "event.claim_judged.false", "Round {round}: {player} claimed the {role}, and it was a lie."
    )

    offer_pays = msg("action.offer", "Offer {to} {amount} to {decision}")
    offer_asks = msg("action.offer.asks", "Ask {to} for {amount} to {decision}")
    offer_pays_private = msg(
        "action.offer.private", "Offer {to}, in private, {amount} to {decision}"
    )
    offer_asks_private = msg(
        "action.offer.asks.private", "Ask {to}, in private, for {amount} to {decision}"
    )
    accept = msg("action.accept_offer", "Accept offer {offer}")
    decline = msg("action.decline_offer", "Decline offer {offer}")
    withdraw = msg("action.withdraw_offer", "Withdraw offer {offer}")
    say = msg("action.say", "Say “{words}”")
    say_private = msg("action.say.private", "Say to {to}, in private: “{words}”")
    claim = msg("action.say.claim", "Claim to have sent the {role}")
    claim_private = msg("action.say.claim.private", "Tell {to}, in private, you sent the {role}")
    press = msg("action.press", "Press {target} to decide")

    def made(e: OfferMade) -> Phrase:
        offer: OpenOffer = e.offer
        paying = offer.decider == offer.to  # the proposer pays the recipient to decide
        if offer.private:
            text = pays_private if paying else asks_private
        else:
            text = pays if paying else asks
        return Phrase(
            text,
            {"player": offer.player, "to": offer.to},
            amount=Money(offer.amount),
            decision=_decision(offer.leave, offer.slot),
        )

    def parties(text: Any) -> Callable[[Any], Phrase]:
        return lambda e: Phrase(text, {"player": e.offer.player, "to": e.offer.to})

    def saying(e: Said) -> Phrase:
        seats = {"player": e.player} if e.to is None else {"player": e.player, "to": e.to}
        if e.claim is None:
            return Phrase(said if e.to is None else said_private, seats, words=e.text)
        if e.to is None:
            text = claimed if e.text else claimed_only
        else:
            text = claimed_private if e.text else claimed_private_only
        return Phrase(text, seats, role=e.claim, words=e.text)

    def judging(e: ClaimJudged) -> Phrase:
        return Phrase(
            judged_true if e.true else judged_false,
            {"player": e.player},
            round=e.round,
            role=e.claim,
        )

    def offering(a: Offer) -> Phrase:
        paying = a.decider == a.to
        if a.private is True:
            text = offer_pays_private if paying else offer_asks_private
        else:
            text = offer_pays if paying else offer_asks
        return Phrase(
            text,
            {"to": a.to},
            amount=Money(a.amount),
            decision=_decision(a.leave, a.slot),
        )

    def speaking(a: Say) -> Phrase:
        to = a.to
        if a.claim is not None:
            if to is None:
                return Phrase(claim, role=_RoleName(a.claim))
            return Phrase(claim_private, {"to": to}, role=_RoleName(a.claim))
        if to is None:
            return Phrase(say, words=str(a.text))
        return Phrase(say_private, {"to": to}, words=str(a.text))

    return {
        OfferMade: made,
        OfferAccepted: parties(accepted),
        OfferDeclined: parties(declined),
        OfferWithdrawn: parties(withdrawn),
        OfferLapsed: parties(lapsed),
        Said: saying,
        Pressed: lambda e: Phrase(pressed, {"player": e.player, "target": e.target}),
        ClaimJudged: judging,
        Offer: offering,
        AcceptOffer: lambda a: Phrase(accept, offer=str(a.offer)),
        DeclineOffer: lambda a: Phrase(decline, offer=str(a.offer)),
        WithdrawOffer: lambda a: Phrase(withdraw, offer=str(a.offer)),
        Say: speaking,
        Press: lambda a: Phrase(press, {"target": a.target}),
    }
