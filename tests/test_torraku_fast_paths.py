"""Torraku's fast paths give exactly what their plain references give.

- The engine's stacking loop with ``Dealer.ENGINE`` (``_stack_drawn``, the generator and the
  dexterity model inlined) against ``_stack_plain``, which draws each attempt with
  ``draw_outcome`` (R-TK-STACK-2 to R-TK-STACK-6, R-TK-PEN, R-TK-SIM-2).
- A listed bet, and a pass that leaves the betting open, played without a draft
  (``apply_listed``) against ``_play_bet`` and ``_play_pass`` on a draft (R-TK-BET-5 to
  R-TK-BET-9).
- The adapter's kept legal entries and catalogue actions (``legal``, ``move``) against
  ``legal_plain`` and ``move_plain``, and PettingZoo's kept masks against masks of those.
- PettingZoo's observation vectors (the adapter's float32 bytes, made from the last
  state's) against ``observe``, for every seat, two games read in turns.

Seeded games cover 1 to 6 players, the standard and long setups, a smaller supply, and
the model's touch, drop, kind factors and skills.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from millions_rules import Dealer
from millions_rules.adapters._core import adapter_of
from millions_rules.torraku import (
    Bet,
    Pass,
    PenaltyTaken,
    PieceCounts,
    PieceDropped,
    Placement,
    Setup,
    TorrakuConfig,
    TorrakuState,
    _engine,
    apply,
    legal_actions,
    new_game,
)

_MODEL: dict[str, Any] = {"touch": 0.05, "drop": 0.1, "kind_factor": (1.5, 1.2, 0.7)}

#: (players, config options): every seat count, both setups, a small supply, the model.
CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (2, {}),
    (3, {"setup": Setup.LONG}),
    (4, {}),
    (4, _MODEL),
    (5, {**_MODEL, "skill": (0.5, 1.0, 1.5, 0.8, 1.2)}),
    (5, {"setup": Setup.LONG, "supply": PieceCounts(7, 6, 18)}),
    (6, {"supply": PieceCounts(14, 13, 40), "drop": 0.2}),
]


def _games(
    players: int, options: dict[str, Any], seeds: range, dealer: Dealer = Dealer.ENGINE
) -> list[list[TorrakuState]]:
    """Every state of seeded random games played with ``apply`` (the checked path); with
    ``Dealer.ENGINE`` the engine draws the stacking outcomes, with ``Dealer.EXTERNAL``
    they are reported at random."""
    games = []
    for seed in seeds:
        config = TorrakuConfig(players, seed=seed, round_limit=12, dealer=dealer, **options)
        rng = random.Random(seed)
        state = new_game(config)
        states = [state]
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            states.append(state)
        games.append(states)
    return games


@pytest.mark.parametrize(("players", "options"), CASES)
def test_drawn_stacking_is_the_plain_stacking(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-TK-SIM-2: the inlined loop makes the same draws, outcomes, events and states as
    ``draw_outcome`` attempt by attempt, penalties (R-TK-PEN) and drops (R-TK-STACK-6)
    included."""
    fast = _games(players, options, range(12))
    monkeypatch.setattr(_engine, "_stack_drawn", _engine._stack_plain)
    plain = _games(players, options, range(12))
    assert fast == plain  # every state: fields, events, history and the generator's state
    kinds = Counter(type(event) for states in fast for event in states[-1].events)
    assert kinds[PenaltyTaken] > 0
    if options.get("drop"):
        assert kinds[PieceDropped] > 0
    causes = {e.cause for s in fast for e in s[-1].events if isinstance(e, PenaltyTaken)}
    if options.get("touch"):
        assert causes == {Placement.KNOCKED_DOWN, Placement.TOUCHED}


@pytest.mark.parametrize(("players", "options"), CASES)
def test_listed_bets_and_passes_are_the_drafted_ones(players: int, options: dict[str, Any]) -> None:
    """R-TK-BET-5 to R-TK-BET-9: every listed bet and pass of every betting state, played
    by ``apply_listed`` (without a draft, but for the pass that ends the betting), gives
    the state ``_play_bet`` or ``_play_pass`` gives (hands, rows, bag, turn, log)."""
    topped = passes = 0
    games = _games(players, options, range(2)) + _games(players, options, range(2), Dealer.EXTERNAL)
    for states in games:
        for state in states:
            for action in legal_actions(state):
                fast = _engine.apply_listed(state, action)
                if type(action) is Bet:
                    topped += bool(action.from_bag)
                    assert fast == _engine._play(state, action, _engine._play_bet)
                elif type(action) is Pass:
                    passes += fast.phase is state.phase and fast.round == state.round
                    assert fast == _engine._play(state, action, _engine._play_pass)
                assert fast == apply(state, action)
    if players > 1:
        assert topped > 0  # some bets took pieces from the bag (R-TK-BET-7)
        assert passes > 0  # some passes left the betting open (R-TK-BET-8)


@pytest.mark.parametrize(("players", "options"), CASES)
def test_kept_legal_entries_and_moves_are_the_plain_ones(
    players: int, options: dict[str, Any]
) -> None:
    """The adapter's kept listings and actions are ``legal_plain``'s and ``move_plain``'s
    at every state, for every legal entry and a sample of the others (an illegal entry
    is still an action, which the engine refuses)."""
    adapter: Any = adapter_of("torraku")
    rng = random.Random(players)
    for states in _games(players, options, range(4)):
        size = len(adapter.catalogue_names(states[0].config))
        for state in states:
            assert adapter.legal(state) == tuple(adapter.legal_plain(state))
            entries = [*adapter.legal(state), *rng.sample(range(size), 20)]
            for index in entries:
                assert adapter.move(state, index) == adapter.move_plain(state, index)
    # A supply equal to another but a different object finds the same listings.
    state = new_game(TorrakuConfig(players, seed=1, supply=PieceCounts(12, 12, 36)))
    assert adapter.legal(state) == tuple(adapter.legal_plain(state))


@pytest.mark.parametrize(("players", "options"), CASES[1:6])
def test_pettingzoo_masks_are_the_plain_listings(players: int, options: dict[str, Any]) -> None:
    """Every mask PettingZoo gives (kept as bytes for shared listings) has 1 exactly at
    ``legal_plain``'s entries, and each agent's mask is its own array."""
    np = pytest.importorskip("numpy")
    zoo = pytest.importorskip("millions_rules.adapters.pettingzoo")
    env = zoo.env(game="torraku", players=players, **options)
    adapter: Any = adapter_of("torraku")
    for seed in range(3):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            plain = adapter.legal_plain(env.unwrapped.table)
            assert np.flatnonzero(mask).tolist() == plain
            mask[:] = 0  # the agent's own array: the next mask is whole again
            again = env.observe(agent)["action_mask"]
            assert np.flatnonzero(again).tolist() == plain
            env.step(rng.choice(plain))


@pytest.mark.parametrize(("players", "options"), CASES)
def test_pettingzoo_observations_are_the_plain_vectors(
    players: int, options: dict[str, Any]
) -> None:
    """R-TK-INFO: every vector PettingZoo gives (the adapter's float32 bytes, made from the
    last state's with the changed blocks written again) is ``observe``'s, for the seat to
    act and for every other seat, read in an order that changes from step to step and
    between two games played in turns (so the kept last state is often another one); each
    agent's vector is its own array."""
    np = pytest.importorskip("numpy")
    zoo = pytest.importorskip("millions_rules.adapters.pettingzoo")
    adapter: Any = adapter_of("torraku")
    envs = [zoo.env(game="torraku", players=players, **options) for _ in range(2)]
    rng = random.Random(players)
    games = [1, 1]
    for index, env in enumerate(envs):
        env.reset(seed=index)
    steps = 0
    while live := [i for i, env in enumerate(envs) if env.agents or games[i] < 3]:
        index = rng.choice(live)
        env = envs[index]
        if not env.agents:  # three games in each environment
            env.reset(seed=10 * games[index] + index)
            games[index] += 1
            continue
        agents = env.possible_agents[:]
        rng.shuffle(agents)
        table = env.unwrapped.table
        for agent in agents:
            seat = int(agent.removeprefix("player_"))
            vector = env.observe(agent)["observation"]
            expected = np.array(adapter.observe(table, seat), np.float32)
            assert vector.dtype == np.float32 and vector.tolist() == expected.tolist()
            vector[:] = -1.0  # the agent's own array: the next read is whole again
            assert env.observe(agent)["observation"].tolist() == expected.tolist()
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    assert games == [3, 3] and steps > 6 * players
