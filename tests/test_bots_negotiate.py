"""RuleBot bargains, presses and claims (issue 29 item 3; R-DEAL, R-TALK, R-TALK-LEADER)."""

from __future__ import annotations

import random

import pytest

from millions_rules import (
    AcceptOffer,
    CharacterChosen,
    Choose,
    ClaimJudged,
    ConfigError,
    DeclineOffer,
    GameConfig,
    GameState,
    Offer,
    OfferMade,
    Press,
    Pressed,
    Role,
    RoundEnded,
    Said,
    Stay,
    apply,
    new_game,
    view,
)
from millions_rules.bots import RuleBot, StayBot, action_space, play_game


def _negotiation() -> GameState:
    """Five players in negotiation; seat 0 (the leader) sent the only Snitch, loot 9M."""
    state = new_game(GameConfig(5, seed=1))
    for seat, role in enumerate((Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.BRUTE)):
        state = apply(state, Choose(seat, role))
    return state


def _choose(bot: RuleBot, state: GameState, seat: int = 0) -> object:
    seen = view(state, seat)
    return bot.choose(seen, action_space(seen), random.Random(0))


def test_accepts_a_generous_offer() -> None:
    """R-DEAL-2: paid 3M to leave, more than its estimate of staying, it accepts."""
    state = apply(_negotiation(), Offer(1, 0, 3, decider=0, leave=True))
    assert _choose(RuleBot(), state) == AcceptOffer(0, "public-1")


def test_declines_a_stingy_offer() -> None:
    """R-DEAL-3: paid 1M to leave, less than its estimate of staying, it declines."""
    state = apply(_negotiation(), Offer(1, 0, 1, decider=0, leave=True))
    assert _choose(RuleBot(), state) == DeclineOffer(0, "public-1")


def test_without_negotiation_it_ignores_offers() -> None:
    """``negotiate=False`` is the RuleBot of before: it stays, whatever the offer."""
    state = apply(_negotiation(), Offer(1, 0, 3, decider=0, leave=True))
    assert _choose(RuleBot(negotiate=False), state) == Stay(0)


def test_the_leader_presses_the_first_undecided_rival() -> None:
    """R-TALK-LEADER: the leader, with no offer to answer, presses seat 1 first."""
    state = _negotiation()
    assert state.leader == 0
    assert _choose(RuleBot(), state) == Press(0, 1)


def test_negotiate_must_be_a_bool() -> None:
    """A bad option is a ConfigError, not a silent truthy value."""
    with pytest.raises(ConfigError, match="negotiate must be a bool"):
        RuleBot(negotiate="yes")  # type: ignore[arg-type]


def test_stay_bot_stays_and_never_answers() -> None:
    """StayBot stays at once, even with a generous offer open (which then lapses, R-DEAL-3)."""
    state = apply(_negotiation(), Offer(1, 0, 3, decider=0, leave=True))
    seen = view(state, 0)
    assert StayBot().choose(seen, action_space(seen), random.Random(0)) == Stay(0)


def _per_round(final: GameState) -> list[dict[tuple[str, int], int]]:
    rounds: list[dict[tuple[str, int], int]] = [{}]
    for event in final.events:
        if isinstance(event, RoundEnded):
            rounds.append({})
        elif isinstance(event, OfferMade):
            key = ("offer", event.offer.player)
            rounds[-1][key] = rounds[-1].get(key, 0) + 1
        elif isinstance(event, (Said, Pressed)):
            key = (type(event).__name__, event.player)
            rounds[-1][key] = rounds[-1].get(key, 0) + 1
    return rounds


@pytest.mark.parametrize("players", [3, 5, 8])
def test_offers_are_legal_bounded_and_reproducible(players: int) -> None:
    """R-DEAL-1, R-DEAL-5, R-TALK-4: a table of bargaining RuleBots plays to the end (the
    engine checks every offer, claim and press), each makes at most one offer, one claim
    and one press a round, and the same seed gives the same game, talk included."""
    made = 0
    for seed in range(4):
        config = GameConfig(players, seed=seed)
        final = play_game(config, [RuleBot() for _ in range(players)])
        again = play_game(config, [RuleBot() for _ in range(players)])
        assert final.is_over and final.events == again.events
        for counts in _per_round(final):
            assert all(count == 1 for count in counts.values()), counts
            made += sum(counts.values())
    assert made > 0


def test_bargaining_rule_bots_make_and_settle_deals() -> None:
    """R-DEAL-2: over a few seeded games, bargaining RuleBots make offers, and some settle."""
    offers = settled = 0
    for seed in range(6):
        final = play_game(GameConfig(5, seed=seed), [RuleBot() for _ in range(5)])
        offers += sum(1 for e in final.events if isinstance(e, OfferMade))
        settled += sum(1 for e in final.events if type(e).__name__ == "OfferAccepted")
    assert offers > 0
    assert settled > 0


def test_bargaining_rule_bots_claim_and_bluff() -> None:
    """R-TALK-2: bargaining RuleBots claim roles to the table, some truly and some as a
    bluff (a role none of their characters of that round had); once each game has
    ended, its record labels each claim, and the label agrees with the cards."""
    labels: list[bool] = []
    for seed in range(6):
        final = play_game(GameConfig(5, seed=seed), [RuleBot() for _ in range(5)])
        claims = [e for e in final.events if isinstance(e, Said) and e.claim is not None]
        judged = [e for e in final.events if isinstance(e, ClaimJudged)]
        assert all(e.to is None for e in claims)  # to the table
        assert [(e.player, e.claim) for e in judged] == [(e.player, e.claim) for e in claims]
        sent: dict[tuple[int, int], set[Role]] = {}
        round_number = 1
        for event in final.events:
            if isinstance(event, RoundEnded):
                round_number = event.round + 1
            elif isinstance(event, CharacterChosen):
                sent.setdefault((round_number, event.player), set()).update(event.roles)
        for e in judged:
            assert e.true == (e.claim in sent[(e.round, e.player)])
        labels += [e.true for e in judged]
    assert True in labels and False in labels
