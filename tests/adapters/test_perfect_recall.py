"""Perfect recall of the OpenSpiel game's information states, over every history of tiny games.

A seat *cannot tell two histories apart* when, step by step, it saw the same things: the
same view of the engine (:func:`~millions_rules.view`, without its version, a count of
actions) with the same newly visible events, the same public turn
(:class:`~millions_rules.adapters.Turn`) and, where it acted, the same action of its
own. That is the seat's own record of the game, taken from the engine; the tests walk
every history of a tiny game (chance included) and check, for every seat at every
node, that two histories have the same information state string exactly when the seat
cannot tell them apart (both directions: no information set is split and none merged),
and that the information state tensor never tells apart what the seat cannot (R-INFO).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterator
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from millions_rules import Pay, view  # noqa: E402
from millions_rules.adapters import Catalogue, Wait  # noqa: E402
from millions_rules.adapters.openspiel import GAME_NAME, MillionsState, register  # noqa: E402

register()

#: The tiny game: four players, one round, 3M each (a payment of 1M stays possible after
#: the deposit) and the default two free moves, where the order of waits and payments
#: matters.
TINY: dict[str, Any] = {"players": 4, "rounds": 1, "starting_cash": 3, "free_moves": 2}


def _seen(state: MillionsState, seat: int, events_before: int) -> tuple[Hashable, int]:
    """What ``seat`` sees at ``state``: its view without the version and the log it
    already held, the newly visible events, the public turn; and its log's length."""
    table = state.table
    seen = view(table.state, seat)
    new = seen.events[events_before:]
    bare = attrs.evolve(seen, events=(), version=0, first_event=0)
    return (bare, new, table.turn), len(seen.events)


@attrs.frozen
class Records:
    """Per seat, the classes of histories by the seat's own record, by string, by tensor."""

    by_record: list[dict[Hashable, set[str]]]
    by_string: list[dict[str, set[Hashable]]]
    by_tensor: list[dict[Hashable, set[tuple[float, ...]]]]
    nodes: int


def walk(root: MillionsState, depth: int) -> Records:
    """Every history from ``root`` to ``depth`` more moves or the end, chance included."""
    players = root.num_players()
    records = Records(
        [defaultdict(set) for _ in range(players)],
        [defaultdict(set) for _ in range(players)],
        [defaultdict(set) for _ in range(players)],
        0,
    )
    nodes = 0
    interned: dict[Hashable, int] = {}

    def record(state: MillionsState, keys: list[int], logs: list[int]) -> None:
        nonlocal nodes
        nodes += 1
        for seat in range(players):
            string = state.information_state_string(seat)
            tensor = tuple(state.information_state_tensor(seat))
            records.by_record[seat][keys[seat]].add(string)
            records.by_string[seat][string].add(keys[seat])
            records.by_tensor[seat][keys[seat]].add(tensor)

    def children(state: MillionsState) -> Iterator[tuple[int | None, int]]:
        if state.is_chance_node():
            for outcome, _ in state.chance_outcomes():
                yield None, outcome
        else:
            for action in state.legal_actions():
                yield state.current_player(), action

    def visit(state: MillionsState, keys: list[int], logs: list[int], left: int) -> None:
        record(state, keys, logs)
        if left == 0 or state.is_terminal():
            return
        for actor, action in children(state):
            child = state.child(action)
            child_keys, child_logs = [], []
            for seat in range(players):
                seen, length = _seen(child, seat, logs[seat])
                own = action if actor == seat else None
                step = (keys[seat], seen, own)
                child_keys.append(interned.setdefault(step, len(interned)))
                child_logs.append(length)
            visit(child, child_keys, child_logs, left - 1)

    start = []
    for seat in range(players):
        seen, length = _seen(root, seat, 0)
        start.append(length)
        del seen  # the root is one history: its key needs no content
    visit(root, [-1] * players, start, depth)
    return attrs.evolve(records, nodes=nodes)


def check(records: Records) -> None:
    """The string classes are the record classes; the tensor never splits a record class."""
    for seat, (by_record, by_string, by_tensor) in enumerate(
        zip(records.by_record, records.by_string, records.by_tensor, strict=True)
    ):
        # pytest.fail, not assert: the classes are far too big to print.
        split = sum(len(strings) > 1 for strings in by_record.values())
        if split:
            pytest.fail(f"seat {seat}: {split} records have several strings each")
        merged = sum(len(keys) > 1 for keys in by_string.values())
        if merged:
            pytest.fail(f"seat {seat}: {merged} strings stand for several records each")
        tensors = sum(len(tensors) > 1 for tensors in by_tensor.values())
        if tensors:
            pytest.fail(f"seat {seat}: {tensors} records have several tensors each")


def negotiation_start(seed: int) -> MillionsState:
    """The tiny game played by seeded random moves up to its first negotiation turn."""
    import random

    rng = random.Random(seed)
    state: MillionsState = pyspiel.load_game(GAME_NAME, TINY).new_initial_state()
    while state.table.state.phase.value != "negotiation":
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_history_through_planning_has_perfect_recall() -> None:
    """R-INFO, R-PLAN-2, R-PLAN-4: every history of the tiny game from its start (the
    loot deal, each seat's secret choice, the face-down card, then the first negotiation
    move): the information state string tells two histories apart exactly when the
    seat can, and the tensor never tells apart what the seat cannot."""
    root: MillionsState = pyspiel.load_game(GAME_NAME, TINY).new_initial_state()
    records = walk(root, 7)
    check(records)
    assert records.nodes > 10_000  # the walk reached every branch, not a few


@pytest.mark.parametrize(("seed", "depth"), [(0, 5), (1, 4)])
def test_every_negotiation_history_has_perfect_recall(seed: int, depth: int) -> None:
    """R-NEG-1, R-NEG-3, R-NEG-THREAT: every history of the next ``depth`` negotiation
    moves (waits, payments, threats, decisions) from a seeded start of the tiny game
    (1M each left after the deposits with seed 0, 2M with seed 1): strings and records
    give the same classes for every seat, and the tensor splits none. Five moves hold
    pairs such as "wait, then pay" against "pay, then wait" (while the three others
    wait) that a seat tells apart by the order alone."""
    records = walk(negotiation_start(seed), depth)
    check(records)
    assert records.nodes > 5_000


def test_wait_then_pay_is_not_pay_then_wait() -> None:
    """R-NEG-3: seat 0 waiting a lap then paying, against paying then waiting while the
    others wait: every seat saw the order, so each has two information states."""
    start = negotiation_start(0)
    seat = start.current_player()
    catalogue = Catalogue(4)
    to = (seat + 1) % 4
    pay, wait = catalogue.index(Pay(seat, to, 1)), catalogue.index(Wait(seat))
    assert pay is not None and wait is not None
    first, second = start.clone(), start.clone()
    for state, (before, after) in ((first, (wait, pay)), (second, (pay, wait))):
        state.apply_action(before)
        while state.current_player() != seat:  # the others wait round to the seat again
            state.apply_action(catalogue.index(Wait(state.current_player())))
        state.apply_action(after)
    assert first.table.turn == second.table.turn
    assert view(first.table.state, 2).events == view(second.table.state, 2).events
    for other in range(4):
        assert first.information_state_string(other) != second.information_state_string(other)
