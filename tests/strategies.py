"""Shared Hypothesis strategies: configs, actions (legal or not) and played-out games."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from millions_rules import (
    STANDARD_LOOT_DECK,
    Action,
    Choose,
    Dealer,
    DealLoot,
    Denounce,
    GameConfig,
    GameState,
    Leave,
    LootCard,
    Offer,
    Pay,
    Phase,
    Press,
    RepeatRole,
    Role,
    Say,
    SetAside,
    Stay,
    UseThreat,
    apply,
    is_legal,
    legal_actions,
    new_game,
)

roles = st.sampled_from(list(Role))
seeds = st.integers(0, 2**64 - 1)
loot_cards = st.builds(LootCard, st.integers(0, 14), st.integers(1, 3), st.none() | roles)


ANY_PLAYERS = st.integers(3, 8)


@st.composite
def configs(draw: st.DrawFn, players: st.SearchStrategy[int] = ANY_PLAYERS) -> GameConfig:
    """Any valid config: every player count, option and dealer, sometimes a custom deck."""
    n = draw(players)
    quick = draw(st.booleans())
    rounds = 6 if quick else 8
    deck = draw(
        st.just(STANDARD_LOOT_DECK) | st.lists(loot_cards, min_size=rounds, max_size=10).map(tuple)
    )
    return GameConfig(
        n,
        seed=draw(seeds),
        rounds=rounds,
        target=16 if quick else 20,
        loot_deck=deck,
        repeat_role=draw(st.sampled_from(list(RepeatRole))),
        dealer=draw(st.sampled_from(list(Dealer))),
        first_leader=draw(st.integers(0, n - 1)),
    )


def side_action(state: GameState, rng: random.Random) -> Action | None:
    """A random offer, message or press (R-DEAL-1, R-TALK-1, R-TALK-LEADER) legal in
    ``state``, or ``None`` if the one drawn is not."""
    players = state.config.players
    seat, other = rng.sample(range(players), 2)
    kind = rng.random()
    action: Action
    if kind < 0.5 and state.phase is Phase.NEGOTIATION:
        leave = rng.random() < 0.5
        decider = rng.choice((seat, other))
        slot = None
        if leave and players == 3 and rng.random() < 0.5:
            slot = rng.randrange(2)
        action = Offer(
            seat, other, rng.randint(1, 4), decider, leave, slot, private=rng.random() < 0.5
        )
    elif kind < 0.6 and state.phase is Phase.NEGOTIATION:
        action = Press(state.leader, other)
    else:
        claim = rng.choice(list(state.config.roles)) if rng.random() < 0.5 else None
        text = rng.choice(("", "trust me", "我是司机", "¿quién es el soplón?"))
        if not text and claim is None:
            text = "hm"
        action = Say(seat, text, other if rng.random() < 0.5 else None, claim)
    return action if is_legal(state, action) else None


def play_randomly(
    state: GameState,
    rng: random.Random,
    pay_chance: float = 0.1,
    limit: int = 10_000,
    side_chance: float = 0.1,
) -> list[GameState]:
    """Every state of a game played with random legal actions (sometimes payments, and
    sometimes offers, talk and presses: ``side_chance``)."""
    states = [state]
    while not state.is_over and len(states) < limit:
        if side_chance and rng.random() < side_chance:
            side = side_action(state, rng)
            if side is not None:
                state = apply(state, side)
                states.append(state)
                continue
        actions = legal_actions(state, payments=rng.random() < pay_chance)
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn, players: st.SearchStrategy[int] = ANY_PLAYERS) -> list[GameState]:
    """A complete random game, as the list of its states."""
    config = draw(configs(players))
    rng = draw(st.randoms(use_true_random=False))
    return play_randomly(new_game(config), rng)


seat_values = st.integers(-2, 9) | st.sampled_from(["0", None, True, 1.0])
amounts = st.integers(-3, 30) | st.sampled_from([True, 2.5, "1"])
any_actions: st.SearchStrategy[object] = st.one_of(
    st.builds(Choose, seat_values, st.lists(roles, max_size=3).map(tuple) | roles),
    st.builds(Stay, seat_values),
    st.builds(Leave, seat_values, st.none() | roles),
    st.builds(Pay, seat_values, seat_values, amounts),
    st.builds(UseThreat, seat_values, seat_values, st.integers(-1, 2)),
    st.builds(Denounce, seat_values, roles | st.just("brute")),
    st.builds(DealLoot, st.integers(-1, 11) | st.just("3")),
    st.builds(SetAside, roles | st.none()),
    st.builds(
        Offer,
        seat_values,
        seat_values,
        amounts,
        seat_values,
        st.booleans() | st.just(1),
        st.none() | st.integers(-1, 2) | st.just("0"),
        st.booleans() | st.just("yes"),
    ),
    st.builds(
        Say,
        seat_values,
        st.text(max_size=300) | st.just(3),
        st.none() | seat_values,
        st.none() | roles | st.just("driver"),
    ),
    st.builds(Press, seat_values, seat_values),
    st.sampled_from([None, "stay", 3, object()]),
)
"""Actions with any field values, legal or not, and objects that are no action."""

__all__ = [
    "Action",
    "any_actions",
    "configs",
    "games",
    "play_randomly",
    "roles",
    "seeds",
    "side_action",
]
