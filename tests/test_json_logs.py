"""Logs read by their text (``millions_rules._common.json_logs``) read what the exact path reads.

``from_json`` reads a state's ``events`` and ``history`` (and a view's logs) by looking
each item's text up in a table of texts already read. These tests compare it with the
exact path on golden files, random games and forged documents -- compact text, since
only compact text is read that way -- with the tables empty and full, on both backends.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import GameConfig, GameState, PlayerView, from_json, new_game, to_json, view
from millions_rules._common import json_logs
from millions_rules.millions import _serialization as serialization

from .conftest import scaled
from .hostile import mutate
from .strategies import games
from .test_json_fast_paths import exact, fast, outcome

FORMAT = serialization.FORMAT
GOLDEN = Path(__file__).parent / "golden"
BACKENDS = ["json", "orjson"]


def compact(document: object) -> str:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def clear_tables() -> None:
    for logs in FORMAT._logs.values():
        for log in logs:
            log._table.clear()


def table_sizes() -> int:
    return sum(len(log._table) for logs in FORMAT._logs.values() for log in logs)


def agree(text: str, cls: type, backend: str) -> tuple[str, object]:
    """The fast path's outcome, checked against the exact path's."""
    with serialization.backend(backend):
        got = outcome(fast, text, cls)
    assert got == outcome(exact, text, cls)
    return got


def test_the_logs_read_by_text() -> None:
    assert [log.name for log in FORMAT._log_fields(GameState)] == ["events", "history"]
    assert [log.name for log in FORMAT._log_fields(PlayerView)] == ["legal_actions", "events"]
    assert FORMAT._log_fields(GameConfig) == ()


def golden_documents() -> Iterator[tuple[str, type]]:
    for path in sorted(GOLDEN.glob("*.state.json")):
        state = from_json(path.read_text(encoding="utf-8"), GameState)
        yield to_json(state), GameState
        for seat in (None, *range(state.players)):
            yield to_json(view(state, seat)), PlayerView


@pytest.mark.parametrize("backend", BACKENDS)
def test_golden_states_and_views(backend: str) -> None:
    documents = list(golden_documents())
    assert documents
    clear_tables()
    for _ in range(2):  # with the tables empty, then full
        for text, cls in documents:
            kind, obj = agree(text, cls, backend)
            assert kind == "ok" and to_json(obj) == text
    assert table_sizes() > 0  # the texts were read by the tables


@scaled(2)
@given(games(), st.sampled_from(BACKENDS), st.booleans())
def test_states_of_random_games(states: list[GameState], backend: str, empty: bool) -> None:
    if empty:
        clear_tables()
    for state in states[:: max(1, len(states) // 8)]:
        for obj, cls in ((state, GameState), (view(state, state.leader), PlayerView)):
            text = to_json(obj)
            with serialization.backend(backend):
                assert from_json(text, cls) == obj
            assert exact(text, cls) == obj


_VALUES: list[object] = [True, False, 1.0, 0, 1, -1, 2**40, "x", "},{", None, [], {}, [1], [{}]]


@scaled(2)
@given(games(), st.integers(0, 2**32), st.sampled_from(BACKENDS))
def test_mutated_compact_documents(states: list[GameState], seed: int, backend: str) -> None:
    """One field deleted, replaced or added, the documents written compact: the logs'
    tables already hold every original item."""
    rng = random.Random(seed)
    for state in rng.sample(states, min(3, len(states))):
        for obj, cls in ((state, GameState), (view(state, 0), PlayerView)):
            text = to_json(obj)
            assert from_json(text, cls) == obj  # the tables learn the document's items
            document = json.loads(text)
            for _ in range(4):
                agree(compact(mutate(document, rng, rng.choice(_VALUES))), cls, backend)


_CHARACTERS = '{}[],:" 01tx\\'


@scaled(2)
@given(games(), st.integers(0, 2**32), st.sampled_from(BACKENDS))
def test_text_edits_inside_the_logs(states: list[GameState], seed: int, backend: str) -> None:
    """A character inserted, deleted or replaced in the text of a log (strings holding
    ``},{``, cuts inside nested arrays, unbalanced braces...): the exact path's outcome."""
    rng = random.Random(seed)
    state = rng.choice(states)
    text = to_json(state)
    assert from_json(text, GameState) == state
    start = text.index('"events":[')
    for _ in range(20):
        at = rng.randrange(start, len(text))
        edit = rng.randrange(3)
        character = rng.choice(_CHARACTERS)
        if edit == 0:
            forged = text[:at] + character + text[at:]
        elif edit == 1:
            forged = text[:at] + text[at + 1 :]
        else:
            forged = text[:at] + character + text[at + 1 :]
        agree(forged, GameState, backend)


def _state_text() -> str:
    state = new_game(GameConfig(4, seed=11))
    from millions_rules import apply, legal_actions

    rng = random.Random(11)
    for _ in range(30):
        state = apply(state, rng.choice(legal_actions(state, payments=True)))
    return to_json(state)


def _forgeries(text: str) -> Iterator[str]:
    document = json.loads(text)
    events, history = text.index('"events":['), text.index('"history":[')
    first_event = text[events + 10 : text.index("},{", events) + 1]
    # Strings holding the separator, inside an event and inside an action.
    yield text.replace('"role":"', '"role":"},{', 1)
    yield text.replace('"type":"choose"', '"type":"choose},{"', 1)
    yield text.replace('"roles":["', '"roles":["},{', 1)
    # A key twice in an item, in the rest, and a log twice.
    yield text.replace('{"type":"game_started",', '{"type":"game_started","players":4,', 1)
    yield text.replace('{"type":"choose",', '{"type":"choose","player":0,', 1)
    yield text[:-1] + ',"events":[]}'
    yield text[:-1] + ',"events":[' + first_event + "]}"
    yield text[:1] + '"events":[],' + text[1:]
    yield text[:1] + '"events":[' + first_event + "]," + text[1:]
    yield text.replace(',"rng":', ',"rng":"1","rng":', 1)
    # Whitespace, reordered keys, true for 1, floats: inside one item.
    yield text.replace('{"type":"game_started",', '{ "type": "game_started" ,', 1)
    yield text.replace(
        '{"type":"game_started","players":4,', '{"players":4,"type":"game_started",', 1
    )
    yield text.replace('"player":1,', '"player":true,', 1)
    yield text.replace('"player":1,', '"player":1.0,', 1)
    yield text.replace('"player":1,', '"player":1 ,', 1)
    # Whitespace between items, around the arrays, and around the document.
    yield text.replace("},{", "}, {", 1)
    yield text.replace('"events":[', '"events": [', 1)
    yield text.replace('"events":[', '"events":[ ', 1)
    yield text.replace('],"history":', '] ,"history":', 1)
    yield " " + text
    # Items moved between logs, nested where they do not belong, or cut.
    yield text[: history + 11] + first_event + "," + text[history + 11 :]
    yield text.replace('"events":[', '"events":[[' + first_event + "],", 1)
    yield text.replace('"events":[', '"events":[{"type":"game_started","x":{},{', 1)
    yield text.replace(first_event, first_event[:-1], 1)
    yield text.replace(first_event + ",", first_event + "}},", 1)
    yield text.replace('"config":{', '"config":{"events":[' + first_event + "],", 1)
    yield text.replace('"deck":[', '"deck":["],\\"deck\\":[",', 1)
    # A state whose log is empty, or holds one item.
    yield compact({**document, "events": []})
    yield compact({**document, "history": []})
    yield compact({**document, "events": document["events"][:1]})
    yield compact({**document, "history": document["history"] * 2})


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("empty", [True, False])
def test_forged_documents(backend: str, empty: bool) -> None:
    text = _state_text()
    forgeries = list(_forgeries(text))
    assert len(set(forgeries)) == len(forgeries) and text not in forgeries  # each changes it
    for forged in forgeries:
        if empty:
            clear_tables()
        else:
            assert from_json(text, GameState)  # the tables hold every original item
        agree(forged, GameState, backend)
    assert from_json(text, GameState) == exact(text, GameState)


def test_the_tables_stay_bounded(monkeypatch: Any) -> None:
    monkeypatch.setattr(json_logs, "_TABLE_SIZE", 16)
    clear_tables()
    for text, cls in golden_documents():
        assert from_json(text, cls) == exact(text, cls)
        assert all(len(log._table) <= 16 for logs in FORMAT._logs.values() for log in logs)
    clear_tables()
