"""Open offers ending by themselves (R-DEAL-3), and claims judged at the end (R-TALK-2).

The rules of negotiation (:mod:`._negotiation`) and of the end (:mod:`._ending`) call
these steps; the actions that make and end offers live in :mod:`._deals`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._draft import Draft
from ._events import (
    CharacterChosen,
    ClaimJudged,
    Event,
    OfferLapsed,
    OpenOffer,
    RoundEnded,
    Said,
)
from ._roles import Role

__all__ = ["judge_claims", "lapse_all", "lapse_after_decision"]


def _lapse(draft: Draft, ending: list[OpenOffer]) -> None:
    if not ending:
        return
    draft.offers = tuple([offer for offer in draft.offers if offer not in ending])
    draft.events.extend([OfferLapsed(offer) for offer in ending])


def lapse_after_decision(draft: Draft, seat: int, *, left: bool) -> None:
    """R-DEAL-3: ``seat`` made a decision; its offers as decider lapse, and every offer it
    is a party to if it ``left`` the round."""
    _lapse(
        draft,
        [
            offer
            for offer in draft.offers
            if offer.decider == seat or (left and seat in (offer.player, offer.to))
        ],
    )


def lapse_all(draft: Draft) -> None:
    """R-DEAL-3: negotiation ends, and every open offer lapses."""
    _lapse(draft, list(draft.offers))


def judge_claims(draft: Draft) -> None:
    """R-TALK-2: once the game has ended, one :class:`~millions_rules.ClaimJudged` per claim.

    A claim is true when one of the speaker's characters of the claim's round had the
    claimed role. Each label has its claim's audience.
    """
    if not draft.side_actions:  # no talk was ever applied in this game
        return
    draft.events.extend(_judged(draft.source.events, draft.events))


def _judged(*logs: Iterable[Event]) -> list[ClaimJudged]:
    judged: list[ClaimJudged] = []
    round_ = 1
    chosen: dict[int, tuple[Role, ...]] = {}
    claims: list[Said] = []
    for log in logs:
        for event in log:
            kind = event.__class__
            if kind is Said:
                if event.claim is not None:  # type: ignore[union-attr]
                    claims.append(event)  # type: ignore[arg-type]
            elif kind is CharacterChosen:
                chosen[event.player] = event.roles  # type: ignore[union-attr]
            elif kind is RoundEnded:
                for said in claims:
                    role = said.claim
                    assert role is not None
                    true = role in chosen.get(said.player, ())
                    judged.append(ClaimJudged(round_, said.player, said.to, said.text, role, true))
                claims = []
                chosen = {}
                round_ = event.round + 1  # type: ignore[union-attr]
    return judged
