"""Hypothesis strategies for Currency Torraku: configs, actions (legal or not) and whole games."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from millions_rules import Dealer
from millions_rules.torraku import (
    Action,
    Bet,
    Pass,
    PieceCounts,
    PieceKind,
    Placement,
    ReportPlacement,
    Setup,
    TorrakuConfig,
    TorrakuState,
    apply,
    legal_actions,
    new_game,
)

seeds = st.integers(0, 2**64 - 1)
kinds = st.sampled_from(list(PieceKind))


@st.composite
def configs(draw: st.DrawFn, dealer: Dealer | None = None) -> TorrakuConfig:
    """Any valid config with a round limit (1 to 6), so that every game ends."""
    n = draw(st.integers(1, 6))
    setup = draw(st.sampled_from(list(Setup)))
    supply = draw(
        st.just(PieceCounts(12, 12, 36))
        | st.builds(
            PieceCounts, st.integers(2 * n, 20), st.integers(2 * n, 20), st.integers(6 * n, 40)
        )
    )
    return TorrakuConfig(
        n,
        seed=draw(seeds),
        first_player=draw(st.integers(0, n - 1)),
        setup=setup,
        supply=supply,
        dealer=draw(st.sampled_from(list(Dealer))) if dealer is None else dealer,
        round_limit=draw(st.integers(1, 6)),
        knock_base=draw(st.sampled_from([0.0, 0.02, 0.2])),
        touch=draw(st.sampled_from([0.0, 0.05])),
        drop=draw(st.sampled_from([0.0, 0.1])),
    )


def choose(state: TorrakuState, rng: random.Random) -> Action:
    """A random legal action: bets leaning towards passing, outcomes leaning towards placed."""
    actions = legal_actions(state)
    if isinstance(actions[0], ReportPlacement):
        outcome = rng.choices(list(Placement), weights=(14, 2, 3, 1))[0]
        fallen = None
        if outcome is Placement.KNOCKED_DOWN and rng.random() < 0.5:
            fallen = rng.randint(1, len(state.stack))
        return ReportPlacement(actions[0].player, outcome, fallen)
    if isinstance(actions[0], Pass) and rng.random() < 0.6:
        return actions[0]
    bets = [a for a in actions if isinstance(a, Bet)]
    return rng.choice(bets) if bets else actions[0]


def play_randomly(
    state: TorrakuState, rng: random.Random, limit: int = 5_000
) -> list[TorrakuState]:
    """Every state of a game played with random legal actions."""
    states = [state]
    while not state.is_over and len(states) < limit:
        state = apply(state, choose(state, rng))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn, dealer: Dealer | None = None) -> list[TorrakuState]:
    """A complete random game (it ends at the latest at its round limit), as its states."""
    config = draw(configs(dealer))
    return play_randomly(new_game(config), draw(st.randoms(use_true_random=False)))


seat_values = st.integers(-2, 7) | st.sampled_from(["0", None, True, 1.0])
piece_lists = st.lists(kinds | st.sampled_from(["van", None, 3]), max_size=8).map(tuple)
any_actions: st.SearchStrategy[object] = st.one_of(
    st.builds(Bet, seat_values, piece_lists, piece_lists | st.just(())),
    st.builds(Pass, seat_values),
    st.builds(
        ReportPlacement,
        seat_values,
        st.sampled_from(list(Placement)) | st.just("placed"),
        st.none() | st.integers(-1, 12) | st.just(True),
    ),
    st.sampled_from([None, "pass", 3, object()]),
)
"""Actions with any field values, legal or not, and objects that are no action."""
