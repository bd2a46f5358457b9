"""Structural sharing of the event log and the action history (issue #10; defect 3 of #9).

Speed is measured by ``benchmarks/run.py``; these tests prove the *shape* of the work
without timing it: the retained memory of every state of a game grows linearly with its
length, and replaying a long record never copies a log.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import tracemalloc

import attrs
import pytest

from millions_rules import (
    GameConfig,
    GameRecord,
    GameState,
    Pay,
    Phase,
    apply,
    from_json,
    legal_actions,
    load_game,
    new_game,
    to_json,
)
from millions_rules.millions import _log as log


def negotiation() -> GameState:
    """The first negotiation of a seeded 3-player game (everyone chose the first legal choice)."""
    state = new_game(GameConfig(3, seed=1))
    while state.phase is not Phase.NEGOTIATION:
        state = apply(state, legal_actions(state, payments=False)[0])
    return state


def payment_states(count: int) -> list[GameState]:
    """``count`` back-and-forth payments in negotiation (R-NEG-3), every state kept."""
    states = [negotiation()]
    for index in range(count):
        states.append(apply(states[-1], Pay(index % 2, 1 - index % 2, 1)))
    return states


def retained_bytes(count: int) -> int:
    payment_states(10)  # warm shared caches
    gc.collect()  # no earlier garbage freed while measuring
    gc.disable()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = payment_states(count)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.enable()
    assert len(kept) == count + 1
    return after - before


def test_memory_of_every_state_grows_linearly_with_the_game() -> None:
    """Twice the actions keep about twice the memory (copied logs would keep four times as much)."""
    short, long = retained_bytes(1500), retained_bytes(3000)
    assert 1.8 < long / short < 2.4


def materialised(stored: log.Log[object]) -> list[int]:
    """The sizes of the nodes of ``stored``'s chain that were materialised, newest first.

    :meth:`~millions_rules.millions._log.Log.materialise` keeps the whole log in the
    node it was asked of (``cached``), which only a root has from the start. (The class is
    compiled in the mypyc build, so a test cannot patch its method to count the calls.)
    """
    found = []
    node: log.Log[object] | None = stored
    while node is not None and node.parent is not None:
        if node.cached is not None:
            found.append(node.size)
        node = node.parent
    return found


def test_replaying_a_long_record_never_copies_a_log() -> None:
    """load_game of 20,000 payments links one node per action and materialises no log (#9, defect 3)."""
    count = 20_000
    start = negotiation()
    payments = tuple(Pay(index % 2, 1 - index % 2, 1) for index in range(count))
    actions = start.history + payments
    text = to_json(attrs.evolve(GameRecord.of(start), actions=actions))
    state = load_game(text)
    stored = state.__dict__["history"]
    assert isinstance(stored, log.Log) and stored.size == len(actions)
    assert stored.parent is not None and stored.parent.size == len(actions) - 1
    node, links = stored, 0  # one node per action back to the root: nothing was copied
    while node.parent is not None:
        node, links = node.parent, links + 1
    assert links == len(actions) - node.size and links >= count
    assert materialised(stored) == [] and materialised(state.__dict__["events"]) == []
    assert state.version == len(actions) and materialised(stored) == []
    assert state.history == actions
    assert materialised(stored) == [len(actions)]


def test_logs_read_as_the_concatenation_of_each_step() -> None:
    """Reading events and history after every action gives exactly the previous tuple plus the step."""
    rng = random.Random(5)
    state = new_game(GameConfig(5, seed=5))
    events, history = state.events, state.history
    while not state.is_over:
        action = rng.choice(legal_actions(state, payments=rng.random() < 0.2))
        after = apply(state, action)
        assert type(after.events) is tuple and type(after.history) is tuple
        assert after.events[: len(events)] == events and len(after.events) > len(events)
        assert after.history == (*history, action)
        assert state.events is events and state.history is history  # the old state is unchanged
        state, events, history = after, after.events, after.history


def test_states_with_shared_logs_compare_copy_pickle_and_serialise_like_tuples() -> None:
    """A state built by apply equals, hashes, pickles and writes JSON like one built from tuples."""
    state = payment_states(3000)[-1]
    rebuilt = from_json(to_json(state), GameState)
    assert type(rebuilt.__dict__["events"]) is tuple
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert apply(rebuilt, Pay(0, 1, 1)) == apply(state, Pay(0, 1, 1))


def test_the_logs_are_read_only() -> None:
    """events and history cannot be assigned, like every field of the frozen state."""
    state = new_game(GameConfig(4, seed=1))
    with pytest.raises(AttributeError):
        state.events = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        object.__setattr__(state, "history", ())
