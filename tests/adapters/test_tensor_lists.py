"""OpenSpiel's tensors from the lists a trajectory keeps are the plain encoding's.

An OpenSpiel state of Millions keeps its seats' tensors as lists and writes again, at
each call, only the blocks whose sources changed (:func:`~millions_rules.millions._encoding.observe_into`).
These tests play seeded random games of 3 to 8 players through OpenSpiel, ask at random
for any seat's information state tensor or observation tensor (not only the seat to
act), clone the state, go on on both branches, serialise and restore it, and compare
every answer with the plain encoding: :func:`~millions_rules.adapters.observe` of the
seat's own view (R-INFO) and the money paid and threat cards used seat to seat,
counted from the log (R-NEG-3, R-NEG-THREAT).
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from millions_rules import RepeatRole, view  # noqa: E402
from millions_rules.adapters import TensorMemo, observe  # noqa: E402
from millions_rules.adapters.openspiel import LibraryState, register  # noqa: E402
from millions_rules.millions._encoding import observe_into  # noqa: E402
from millions_rules.millions._turns import _ledger  # noqa: E402

register()


def _plain(state: LibraryState, seat: int, recall: bool) -> list[float]:
    """The plain encoding of ``seat`` at ``state``: the view's vector, then the ledger."""
    table = state.table
    vector = observe(view(table.state, seat), table.turn)
    if not recall:
        return vector
    paid, threatened = _ledger(table.state)
    return vector + [float(p) for p in paid] + [float(t) for t in threatened]


def _check(state: LibraryState, rng: random.Random, players: int) -> int:
    """Ask a few seats' tensors at random and compare each; the number compared."""
    asked = 0
    for _ in range(rng.randint(0, 3)):
        seat = rng.randrange(players)
        recall = rng.random() < 0.7
        got = state.information_state_tensor(seat) if recall else state.observation_tensor(seat)
        assert got == _plain(state, seat, recall), (seat, recall, str(state))
        assert all(type(value) is float for value in got)
        asked += 1
    if state.current_player() >= 0:
        seat = state.current_player()
        assert state.information_state_tensor() == _plain(state, seat, True)
        asked += 1
    return asked


def _step(state: LibraryState, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("seed", range(4))
def test_tensors_along_trajectories_clones_and_restored_states_are_the_plain_ones(
    players: int, seed: int
) -> None:
    """Every tensor asked along a game, on clones going their own way and on restored
    states, is the plain encoding's, number for number (R-INFO, R-NEG-3, R-NEG-THREAT)."""
    rng = random.Random(seed * 100 + players)
    repeat_role = list(RepeatRole)[seed % len(RepeatRole)]
    game = pyspiel.load_game(
        "python_millions_of_dollars",
        {"players": players, "free_moves": seed % 3, "repeat_role": repeat_role.value},
    )
    state: LibraryState = game.new_initial_state()
    branches: list[LibraryState] = []
    asked = 0
    while not state.is_terminal():
        asked += _check(state, rng, players)
        draw = rng.random()
        if draw < 0.05:  # a clone goes its own way from here, a few steps at a time
            branches.append(state.clone())
        elif draw < 0.08:  # serialised and restored: the lists start anew
            text = pyspiel.serialize_game_and_state(game, state)
            state = pyspiel.deserialize_game_and_state(text)[1]
            asked += _check(state, rng, players)
        for branch in branches:
            if not branch.is_terminal() and rng.random() < 0.5:
                _step(branch, rng)
                asked += _check(branch, rng, players)
        _step(state, rng)
    assert asked > 20  # the game went on long enough to ask many times


def test_a_memo_shared_by_two_games_still_gives_each_its_own_tensor() -> None:
    """The lists are checked block by block at each call: one memo written alternately
    for three games of one config and one game of another gives each state its own
    numbers (R-INFO)."""
    five = pyspiel.load_game("python_millions_of_dollars", {"players": 5})
    four = pyspiel.load_game("python_millions_of_dollars", {"players": 4})
    states: list[LibraryState] = [game.new_initial_state() for game in (five, five, five, four)]
    rng = random.Random(7)
    memo = TensorMemo()
    compared = 0
    for _ in range(400):
        state = rng.choice(states)
        if state.is_terminal():
            continue
        _step(state, rng)
        table = state.table
        for seat in range(len(table.turn.free_moves)):
            recall = rng.random() < 0.7
            assert observe_into(table, seat, recall, memo) == _plain(state, seat, recall)
            compared += 1
    assert compared > 500
    seats = len(state.table.turn.free_moves)
    assert observe_into(state.table, seats, True, memo) is None  # no such seat


def test_a_fork_is_written_apart_from_its_origin() -> None:
    """After :meth:`TensorMemo.fork`, writing one memo leaves the other's lists exact."""
    game = pyspiel.load_game("python_millions_of_dollars", {"players": 5})
    state: LibraryState = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        _step(state, rng)
        state.information_state_tensor(0)
    other = state.clone()
    before = other.information_state_tensor(1)
    for _ in range(30):
        _step(state, rng)
        assert state.information_state_tensor(1) == _plain(state, 1, True)
    assert other.information_state_tensor(1) == before == _plain(other, 1, True)
