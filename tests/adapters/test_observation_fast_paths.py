"""The observations' fast paths give exactly what the reference paths give.

The adapters build observation vectors and information state tensors as float32 bytes
from blocks kept by what they are made of (``observe_bytes``, ``recall_bytes``, the
tables' kept ledger and peeks), and the OpenSpiel state answers ``legal_actions``,
``information_state_tensor`` and ``observation_tensor`` itself instead of going through
OpenSpiel's C++ and its observer. These tests play random games (Hypothesis draws the
game, the players, the options and the seed) and compare, at every position and for
every seat, each fast answer with the reference: the observation from the seat's own
view (R-INFO: :func:`~millions_rules.adapters.observe` reads only the view and the
public turn), the ledger and peeks counted from the log (R-NEG-3, R-NEG-THREAT), and
OpenSpiel's own methods.
"""

from __future__ import annotations

import json
import random
from functools import partial
from itertools import pairwise
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

from millions_rules import RepeatRole, view  # noqa: E402
from millions_rules.adapters import observe  # noqa: E402
from millions_rules.adapters._core import Position, adapter_of, configure, variant  # noqa: E402
from millions_rules.adapters.openspiel import LibraryState, register  # noqa: E402
from millions_rules.adapters.pettingzoo import raw_env  # noqa: E402
from millions_rules.millions._adapter import _summary  # noqa: E402
from millions_rules.millions._turns import _ledger, round_peeks  # noqa: E402

register()

_MILLIONS = st.fixed_dictionaries(
    {
        "game": st.just("millions"),
        "players": st.integers(3, 8),
        "free_moves": st.integers(0, 3),
        "repeat_role": st.sampled_from(list(RepeatRole)),
        "external": st.booleans(),
        "negotiation": st.booleans(),
        "seed": st.integers(0, 2**32),
    }
)
_TORRAKU = st.fixed_dictionaries(
    {
        "game": st.just("torraku"),
        "players": st.integers(1, 6),
        "external": st.booleans(),
        "seed": st.integers(0, 2**32),
    }
)


def _positions(case: dict[str, Any]) -> list[Position[Any]]:
    """Every position of one random game of ``case`` (the dealer's moves drawn by their
    probabilities when it is external)."""
    options = {"repeat_role": case["repeat_role"]} if "repeat_role" in case else {}
    turn: dict[str, Any] = {}
    if "free_moves" in case:
        turn = {"free_moves": case["free_moves"], "negotiation": case["negotiation"]}
    adapter = variant(adapter_of(case["game"]), turn)  # deals and claims with negotiation
    config = configure(adapter, case["players"], options, external=case["external"])
    config = attrs.evolve(config, seed=case["seed"])
    position = Position(adapter, adapter.start(config, turn))
    rng = random.Random(case["seed"])
    found = [position]
    while not position.over:
        if position.seat is None:
            outcomes, weights = zip(*position.chances, strict=True)
            position = position.after_chance(rng.choices(outcomes, weights)[0])
        else:
            position = position.after(rng.choice(position.legal))
        found.append(position)
    return found


def _reference_tensor(position: Position[Any], seat: int) -> np.ndarray[Any, Any]:
    """The observation vector, then the recall fields as ``recall`` writes them."""
    adapter = position.adapter
    config = adapter.state_of(position.table).config
    parts = [np.array(adapter.observe(position.table, seat), np.float32)]
    out = {name: np.zeros(shape, np.float32) for name, shape in adapter.recall_fields(config)}
    adapter.recall(position.table, seat, out)
    parts += [array.ravel() for array in out.values()]
    return np.concatenate(parts)


@given(st.one_of(_MILLIONS, _TORRAKU))
def test_observation_bytes_are_the_observation_vector(case: dict[str, Any]) -> None:
    """At every position of a random game, for every seat, ``observe_bytes`` holds the
    numbers of ``observe`` (and for Millions of the seat's own view with the public
    turn, R-INFO), and the information state tensor's bytes those and the recall fields."""
    for position in _positions(case):
        adapter, table = position.adapter, position.table
        for seat in range(case["players"]):
            fast = np.frombuffer(adapter.observe_bytes(table, seat), np.float32)  # type: ignore[attr-defined]
            expected = np.array(adapter.observe(table, seat), np.float32)
            assert fast.tolist() == expected.tolist()
            if case["game"] == "millions":
                own = np.array(observe(view(table.state, seat), table.turn), np.float32)
                assert fast.tolist()[: len(own)] == own.tolist()  # then the deals' numbers
            whole = position.tensor_bytes(seat, True)
            assert whole is not None
            assert np.frombuffer(whole, np.float32).tolist() == (
                _reference_tensor(position, seat).tolist()
            )
        assert position.tensor_bytes(case["players"], True) is None  # no such seat


@given(_MILLIONS)
def test_observation_strings_are_the_views_summaries(case: dict[str, Any]) -> None:
    """Millions' observation string, read from the state, is the summary of the seat's
    own view with the public turn (R-INFO; R-LOOT-5: the loot card's bonus role)."""
    for position in _positions(case):
        table = position.table
        for seat in range(case["players"]):
            expected = _summary(view(table.state, seat), table.turn)
            assert adapter_of("millions").summary(table, seat) == expected  # then the deals


def _reference_information(position: Position[Any], seat: int) -> str:
    """The information state string built the plain way: every visible event's JSON, then
    ``json.dumps`` of the observation vector and the public (and the seat's own) turns."""
    adapter, table = position.adapter, position.table
    _, keep = adapter.log_of(table, seat)
    log = adapter.state_of(table).events  # the whole log, as a tuple
    events = ",".join(adapter.game.to_json(event) for event in log if keep(event))
    document = {"observation": adapter.observe(table, seat), **adapter.turn_document(table)}
    own = getattr(adapter, "seat_document", None)
    if own is not None:
        document.update(own(table, seat))
    rest = json.dumps(document, separators=(",", ":"))
    return f'{{"events":[{events}],{rest[1:]}'


@given(st.one_of(_MILLIONS, _TORRAKU))
def test_information_strings_are_the_plain_documents(case: dict[str, Any]) -> None:
    """The information state string, its log's text kept incrementally and its numbers
    written from a table of texts, is the plain JSON document of everything the seat saw
    (R-INFO)."""
    for position in _positions(case):
        for seat in range(case["players"]):
            assert position.information(seat) == _reference_information(position, seat)


@given(_MILLIONS)
def test_tables_keep_the_ledger_and_peeks_the_log_gives(case: dict[str, Any]) -> None:
    """The money paid and threats used seat to seat (R-NEG-3, R-NEG-THREAT), and the
    threat cards' peeks of the round, kept move by move, are what the log counts."""
    for position in _positions(case):
        table = position.table
        assert table.ledger == _ledger(table.state)
        assert table.peeks == round_peeks(table.state)


def _spiel_state(position: Position[Any], case: dict[str, Any]) -> LibraryState:
    assert not case.get("negotiation")
    name = "python_millions_of_dollars" if case["game"] == "millions" else "python_currency_torraku"
    params: dict[str, Any] = {"players": case["players"]}
    if "free_moves" in case:
        params["free_moves"] = case["free_moves"]
        params["repeat_role"] = case["repeat_role"].value
    game = pyspiel.load_game(name, params)
    state: LibraryState = game.new_initial_state()
    state._saved = state._saved.__class__(position.adapter, position.table)
    return state


def _answer(method: Any, player: int) -> Any:
    """``method(player)``, or the error it raised (OpenSpiel refuses a pseudo-player)."""
    try:
        return method(player)
    except pyspiel.SpielError as error:
        return ("SpielError", str(error))


@given(st.one_of(_MILLIONS, _TORRAKU))
def test_openspiel_answers_as_openspiels_own_methods(case: dict[str, Any]) -> None:
    """The state's own ``legal_actions``, ``is_chance_node``, tensors and strings give
    what OpenSpiel's methods give (through its C++ and the observer), for every player
    id, the chance id and a seat out of range included."""
    case = {**case, "external": True, "negotiation": False}
    ids = [*range(case["players"]), int(pyspiel.PlayerId.CHANCE)]
    for position in _positions(case):
        state = _spiel_state(position, case)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in ids:
            assert _answer(state.legal_actions, player) == _answer(
                partial(pyspiel.State.legal_actions, state), player
            )
        for seat in range(case["players"]):
            expected = _reference_tensor(position, seat).tolist()
            assert state.information_state_tensor(seat) == expected
            assert pyspiel.State.information_state_tensor(state, seat) == pytest.approx(expected)
            observed = expected[: len(state.observation_tensor(seat))]
            assert state.observation_tensor(seat) == observed
            for method in ("information_state_string", "observation_string"):
                own = getattr(state, method)(seat)
                assert own == getattr(pyspiel.State, method)(state, seat)
        if state.current_player() >= 0:
            assert state.information_state_tensor() == state.information_state_tensor(
                state.current_player()
            )
        else:
            for method in ("information_state_tensor", "information_state_string"):
                with pytest.raises(pyspiel.SpielError):
                    getattr(state, method)()
        assert _answer(state.observation_string, case["players"]) == _answer(
            partial(pyspiel.State.observation_string, state), case["players"]
        )


@given(st.one_of(_MILLIONS, _TORRAKU))
def test_pettingzoo_observations_are_the_reference_vectors(case: dict[str, Any]) -> None:
    """Each agent's observation vector in the PettingZoo environment is the observation
    vector and (Millions) the recall fields, as the reference methods write them."""
    options: dict[str, Any] = {}
    if case["game"] == "millions":
        options = {"free_moves": case["free_moves"], "negotiation": case["negotiation"]}
    env = raw_env(case["players"], game=case["game"], **options)
    env.reset(seed=case["seed"])
    rng = random.Random(case["seed"])
    for _ in range(400):
        if not env.agents:
            break
        position = env._position
        for seat, agent in enumerate(env.possible_agents):
            got = env.observe(agent)["observation"]
            assert got.dtype == np.float32
            assert got.flags.writeable
            assert got.tolist() == _reference_tensor(position, seat).tolist()
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
        else:
            env.step(rng.choice(list(position.legal)))


def test_peeks_at_a_phase_change_come_from_the_new_events_alone() -> None:
    """At each change of phase or round the table works out the round's peeks from the
    events the move added (a loot card's reveal starts them afresh, R-NEG-THREAT), never
    from the whole log: the same peeks as the log's, in games where threat cards were
    used; a state whose log is not the previous state's plus new events is read from
    the log instead."""
    from millions_rules import GameState, from_json, to_json
    from millions_rules.millions._turns import _peeks_after

    changes = emptied = 0
    for seed in range(40):
        case = {"game": "millions", "players": 4, "free_moves": 2, "external": False}
        case |= {"negotiation": False, "seed": seed, "repeat_role": RepeatRole.NO_SHARE}
        positions = _positions(case)
        for before, after in pairwise(positions):
            old, new = before.table.state, after.table.state
            if old.phase is new.phase and old.round == new.round:
                continue
            changes += 1
            made = _peeks_after(before.table.peeks, old, new)
            assert made == round_peeks(new) == after.table.peeks
            emptied += bool(before.table.peeks) and made == ()
            reread = from_json(to_json(new), GameState)  # its log a plain tuple: read whole
            assert _peeks_after(before.table.peeks, old, reread) is None
    assert changes > 300 and emptied > 0  # threats used, then a new loot card revealed


def test_public_event_counts_kept_on_the_log_are_the_plain_counts() -> None:
    """The count of public events that each wait records (perfect recall of the waits),
    kept on the log's nodes, is the plain count of the public log (R-INFO), asked in play
    order, then again from the last state back to the first (a search going back), and
    for a state whose log is a plain tuple."""
    from millions_rules import GameState, from_json, to_json, visible_events
    from millions_rules.millions._turns import public_events

    for seed in range(6):
        case = {"game": "millions", "players": 5, "free_moves": 2, "external": True}
        case |= {"negotiation": False, "seed": seed, "repeat_role": RepeatRole.NO_SHARE}
        states = [position.table.state for position in _positions(case)]
        plain = [len(visible_events(state.events, None)) for state in states]
        assert [public_events(state) for state in states] == plain
        assert [public_events(state) for state in reversed(states)] == plain[::-1]
        assert plain[-1] > plain[len(plain) // 2] > 0
        last = from_json(to_json(states[-1]), GameState)
        assert public_events(last) == plain[-1]
