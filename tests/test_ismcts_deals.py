"""ISMCTSBot and deals (R-DEAL-2): it weighs answers to offers by its search, and with
``negotiate=True`` makes offers and claims through the game's own bot."""

from __future__ import annotations

import random

import pytest

from millions_rules import (
    AcceptOffer,
    ConfigError,
    GameConfig,
    Offer,
    OfferMade,
    Said,
    Say,
    apply,
    view,
)
from millions_rules.bots import ISMCTSBot, RuleBot, play_game

from .test_deals import negotiation


def _offered(offer: Offer) -> tuple[str, object]:
    state = apply(negotiation(5), offer)
    return state.offers[-1].id, state


def test_accepts_an_offer_worth_more_than_its_expected_outcome() -> None:
    """R-DEAL-2: offered 4M to leave a round whose 9M loot it shares with another Brute
    (seats 0 and 4 sent the Brute), the search finds accepting worth more than staying,
    leaving or declining, and accepts."""
    name, state = _offered(Offer(1, 0, 4, decider=0, leave=True))
    seen = view(state, 0)  # type: ignore[arg-type]
    assert AcceptOffer(0, name) in seen.legal_actions
    for seed in range(3):
        choice = ISMCTSBot(iterations=150).choose(seen, seen.legal_actions, random.Random(seed))
        assert choice == AcceptOffer(0, name)


def test_does_not_accept_an_offer_worth_less() -> None:
    """R-DEAL-2: asked to pay 3M for a rival to stay, the search never accepts."""
    name, state = _offered(Offer(1, 0, 3, decider=1, leave=False))
    seen = view(state, 0)  # type: ignore[arg-type]
    assert AcceptOffer(0, name) in seen.legal_actions
    for seed in range(3):
        choice = ISMCTSBot(iterations=150).choose(seen, seen.legal_actions, random.Random(seed))
        assert choice != AcceptOffer(0, name)
        assert choice in seen.legal_actions


def test_negotiating_search_bot_makes_offers_and_claims() -> None:
    """R-DEAL-1, R-TALK-2: with ``negotiate=True`` the search bot makes offers and talks (the
    game's bargaining RuleBot's own actions), and the engine takes every one."""
    search = ISMCTSBot(iterations=20, negotiate=True)
    made = said = 0
    for seed in range(3):
        final = play_game(GameConfig(4, seed=seed), [search, RuleBot(), RuleBot(), RuleBot()])
        made += sum(1 for e in final.events if isinstance(e, OfferMade) and e.offer.player == 0)
        said += sum(1 for e in final.events if isinstance(e, Said) and e.player == 0)
    assert made > 0 and said > 0
    assert Offer in search.free_actions


def test_without_negotiate_it_builds_nothing() -> None:
    """Off by default: no action of its own, and a wrong value is refused."""
    bot = ISMCTSBot(iterations=20)
    final = play_game(GameConfig(4, seed=1), [bot, RuleBot(), RuleBot(), RuleBot()])
    assert not any(isinstance(a, (Offer, Say)) and a.player == 0 for a in final.history)
    assert any(isinstance(a, (Offer, Say)) and a.player != 0 for a in final.history)
    assert bot.free_actions == ()
    with pytest.raises(ConfigError, match="negotiate must be a bool"):
        ISMCTSBot(negotiate=1)  # type: ignore[arg-type]
