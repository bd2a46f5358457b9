"""The ``[fast]`` extra: orjson gives byte-identical JSON and the same errors as the standard library.

Every test runs the same call with ``backend("json")`` and ``backend("orjson")`` and
compares the outcome exactly: the text written, the object read, or the error's type and
message. The documents are the golden files, documents of random games, and fuzzed
mutations of both.
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    DeserializationError,
    GameRecord,
    GameState,
    PlayerView,
    from_json,
    load_game,
    to_json,
    view,
)
from millions_rules.millions import _serialization as serialization

from .conftest import scaled
from .strategies import any_actions, games

pytest.importorskip("orjson")

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden").glob("*.json"))


def outcome(backend: str, call: object, *args: object) -> tuple[str, object]:
    """("ok", result) or ("error", type and message) of ``call(*args)`` with ``backend``."""
    assert callable(call)
    with serialization.backend(backend):
        try:
            return "ok", call(*args)
        except (DeserializationError, ValueError, TypeError) as error:
            return "error", (type(error).__name__, str(error))


def same_on_both(call: object, *args: object) -> tuple[str, object]:
    """The outcome on the standard path, asserted equal to orjson's."""
    standard = outcome("json", call, *args)
    assert outcome("orjson", call, *args) == standard
    return standard


def read(text: str | bytes) -> object:
    """A state document (it has a phase) or else a record."""
    state = '"phase"' in text if isinstance(text, str) else b'"phase"' in text
    return from_json(text, GameState if state else GameRecord)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.name)
def test_golden_files_read_and_write_identically(path: pathlib.Path) -> None:
    """Each golden file reads to the same object and writes back to the same bytes on both paths."""
    text = path.read_text(encoding="utf-8")
    kind, obj = same_on_both(load_game if path.name.endswith(".save.json") else read, text)
    assert kind == "ok"
    written = same_on_both(to_json, obj)
    assert written == ("ok", to_json(obj))
    assert same_on_both(read, text.encode())[0] == "ok"


@scaled(4)
@given(games(), st.integers(0, 2**32))
def test_documents_of_random_games_are_identical(states: list[GameState], seed: int) -> None:
    """States and views of random games write the same text and read back equal on both paths."""
    rng = random.Random(seed)
    for state in rng.sample(states, min(4, len(states))):
        for obj, cls in (
            (state, GameState),
            (view(state, rng.randrange(state.players)), PlayerView),
        ):
            kind, text = same_on_both(to_json, obj)
            assert kind == "ok" and isinstance(text, str)
            assert same_on_both(from_json, text, cls) == ("ok", obj)


_SNIPPETS = [
    "",
    "0",
    "-1",
    "true",
    "null",
    '"x"',
    "[]",
    "{}",
    "1e400",
    "NaN",
    '"\\ud800"',
    "9" * 30,
]


@scaled(2)
@given(st.sampled_from(GOLDEN), st.data())
def test_fuzzed_documents_give_the_same_result_or_error(
    path: pathlib.Path, data: st.DataObject
) -> None:
    """Golden files with bytes cut, replaced or inserted: same object or same error on both paths."""
    text = path.read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 12))
        insert = data.draw(st.sampled_from(_SNIPPETS) | st.text(max_size=4))
        text = text[:at] + insert + text[at + cut :]
    call = load_game if path.name.endswith(".save.json") else read
    same_on_both(call, text)
    same_on_both(call, text.encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "pay", "player": 0, "to": 1, "amount": 1, "amount": 2}',
        '{"type": "pay", "player": 0, "to": 1, "amount": 18446744073709551616}',
        '{"type": "pay", "player": 0, "to": 1, "amount": 1.0}',
        '{"type": "pay", "player": 0, "to": 1, "amount": NaN}',
        '{"type": "stay", "player": 0}\ufeff',
        '\ufeff{"type": "stay", "player": 0}',
        '{"type": "stay", "player": "\\ud800"}',
        "[" * 2000 + "]" * 2000,
    ],
)
def test_edge_cases_of_the_two_parsers_agree(text: str) -> None:
    """Duplicate keys, huge numbers, floats, NaN, byte order marks, lone surrogates, deep nesting."""
    from millions_rules import Action

    same_on_both(from_json, text, Action)
    same_on_both(from_json, text.encode("utf-8", "surrogatepass"), Action)


def generic_text(obj: object) -> str:
    """The text of the generic path: cattrs' unstructuring, then json.dumps."""
    document = serialization._CONVERTER.unstructure(obj)
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@scaled(4)
@given(games(), st.data())
def test_generated_writers_match_the_generic_path(
    states: list[GameState], data: st.DataObject
) -> None:
    """to_json's generated writers give the generic path's exact text for every public object."""
    end = states[-1]
    objects: list[object] = [end, view(end, None), GameRecord.of(end), end.config]
    objects += [*end.history, *end.events, *end.characters]
    for state in data.draw(st.lists(st.sampled_from(states), max_size=3)):
        objects += [state, view(state, data.draw(st.integers(0, state.players - 1)))]
    for obj in objects:
        assert to_json(obj) == generic_text(obj)


def written(obj: object) -> tuple[str, str]:
    """("ok", text) or ("error", type and message) of to_json(obj)."""
    try:
        return "ok", to_json(obj)
    except Exception as error:  # compared, whatever it is
        return "error", f"{type(error).__name__}: {error}"


@given(any_actions)
def test_generated_writers_match_the_generic_path_for_any_field_values(action: object) -> None:
    """Actions with values of the wrong types (True, 2.5, "1", None) give the generic path's outcome."""
    generated = written(action)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(serialization.FORMAT, "_writer", lambda cls: None)
        assert written(action) == generated


def test_a_backend_chosen_in_one_thread_leaves_the_others_alone() -> None:
    """``backend()`` holds in the thread that chose it: a server's threads read as they choose.

    One thread reads with the standard library inside ``backend("json")`` while the
    main thread, outside any block, keeps the default (orjson, installed here).
    """
    import threading

    from millions_rules._common import json as common_json

    inside = threading.Event()
    leave = threading.Event()
    seen: list[str] = []

    def choose_json() -> None:
        with serialization.backend("json"):
            seen.append(common_json._backend.get())
            inside.set()
            leave.wait(5)
        seen.append(common_json._backend.get())

    worker = threading.Thread(target=choose_json)
    worker.start()
    assert inside.wait(5)
    assert common_json._backend.get() == "orjson"
    leave.set()
    worker.join(5)
    assert seen == ["json", "orjson"]
