"""The fast paths of JSON reading agree with the exact ones.

* Generated readers intern plain-valued objects (events, actions, cards): a look-alike
  value (``true`` or ``1.0`` where ``1`` was read before) must still be refused, with the
  error of the exact reader.
* ``from_json`` reads valid documents the fast way and anything else the exact way: on
  mutated documents of random games both give the same object or the same error.
* The consistency checks of a state were rewritten for speed: on forged states they
  give the verdict (code, path, message) of the previous formulation, kept in
  ``tests/reference_consistency.py``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    MAX_ARRAY_LENGTH,
    Action,
    CharacterStatus,
    DeserializationError,
    Event,
    GameConfig,
    GameState,
    Pay,
    Phase,
    PlayerView,
    Role,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from millions_rules._common.interning import CACHE_SIZE
from millions_rules.millions import _serialization as serialization
from millions_rules.millions._consistency import check_state
from millions_rules.millions._roles import Dealer, RepeatRole

from . import reference_consistency
from .conftest import scaled
from .hostile import mutate
from .strategies import games

FORMAT = serialization.FORMAT


def outcome(call: Any, *args: object) -> tuple[str, object]:
    """("ok", result) or ("error", (type, code, path, message))."""
    try:
        return "ok", call(*args)
    except DeserializationError as error:
        return "error", ("DeserializationError", error.code, error.path, error.message)
    except (ValueError, TypeError) as error:
        return "error", (type(error).__name__, None, None, str(error))


def exact(text: str | bytes, cls: object) -> Any:
    """The exact path alone: parse with every check, structure, explain a refusal."""
    return FORMAT.structure(serialization.parse_json(text), cls)


def fast(text: str | bytes, cls: object) -> Any:
    return from_json(text, cls)


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "pay", "player": 0, "to": 1, "amount": true}',
        '{"type": "pay", "player": 0, "to": 1, "amount": 1.0}',
        '{"type": "pay", "player": 0, "to": true, "amount": 1}',
        '{"type": "pay", "player": false, "to": 1, "amount": 1}',
    ],
)
@pytest.mark.parametrize("backend", ["json", "orjson"])
def test_interned_values_do_not_admit_look_alikes(text: str, backend: str) -> None:
    """``true == 1`` and ``1.0 == 1`` in Python: an interned ``Pay(0, 1, 1)`` must not
    answer for a document holding a boolean or a float."""
    if backend == "orjson" and serialization.orjson is None:
        pytest.skip("orjson is not installed")
    with serialization.backend(backend):
        assert from_json(to_json(Pay(0, 1, 1)), Action) == Pay(0, 1, 1)
        assert from_json(to_json(Pay(0, 0, 1)), Action) == Pay(0, 0, 1)
        assert outcome(fast, text, Action) == outcome(exact, text, Action)
        assert outcome(fast, text, Action)[0] == "error"


def test_interned_arrays_do_not_admit_look_alikes() -> None:
    """The same for arrays: ``[true]`` after ``[1]``, and a string after a list of its letters."""
    left = '{"type": "left", "player": 0, "positions": [1], "remaining": 0}'
    from_json(left, Event)
    for text in (
        left.replace("[1]", "[true]"),
        left.replace("[1]", "[1.0]"),
        left.replace("[1]", '"1"'),
        left.replace("[1]", '{"1": 1}'),
    ):
        assert outcome(fast, text, Event) == outcome(exact, text, Event)
        assert outcome(fast, text, Event)[0] == "error"
    chosen = '{"type": "choose", "player": 0, "roles": ["brute"]}'
    from_json(chosen, Action)
    for text in (chosen.replace('["brute"]', '"brute"'), chosen.replace('"brute"', "true")):
        assert outcome(fast, text, Action) == outcome(exact, text, Action)
        assert outcome(fast, text, Action)[0] == "error"


_VALUES: list[object] = [True, False, 1.0, 0, 1, -1, 2**40, "x", "brute", None, [], {}, [1], [True]]


@scaled(2)
@given(games(), st.integers(0, 2**32))
def test_mutated_documents_read_as_the_exact_path_reads_them(
    states: list[GameState], seed: int
) -> None:
    """States and views with one field deleted, replaced or added: the fast path gives the
    exact path's object or error, even with every original value interned first."""
    rng = random.Random(seed)
    for state in rng.sample(states, min(3, len(states))):
        for obj, cls in ((state, GameState), (view(state, 0), PlayerView)):
            text = to_json(obj)
            assert from_json(text, cls) == obj  # interns the document's values
            document = json.loads(text)
            for _ in range(4):
                forged = json.dumps(mutate(document, rng, rng.choice(_VALUES)))
                assert outcome(fast, forged, cls) == outcome(exact, forged, cls)


# -- the consistency checks against their previous formulation ------------------------

_ENUM_VALUES = {
    str(member.value): [str(other.value) for other in type(member)]
    for kind in (Role, Phase, CharacterStatus, Dealer, RepeatRole)
    for member in kind
}


def _forge(document: Any, rng: random.Random) -> Any:
    """A copy of a state document with one value changed to another of the same type."""
    document = copy.deepcopy(document)
    slots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            if key in ("type", "seed", "rng"):
                continue
            slots.append((node, key))
            if isinstance(child, (dict, list)):
                walk(child)

    walk(document)
    node, key = rng.choice(slots)
    value = node[key]
    if type(value) is bool:
        node[key] = not value
    elif type(value) is int:
        node[key] = rng.choice([value - 1, value + 1, 0, -1, value * 2, rng.randrange(-2, 12)])
    elif type(value) is str and value in _ENUM_VALUES:
        node[key] = rng.choice(_ENUM_VALUES[value])
    elif value is None:
        node[key] = rng.choice(["snitch", "brute", "crook"])
    elif isinstance(value, list) and value:
        change = rng.randrange(4)
        if change == 0:
            del value[rng.randrange(len(value))]
        elif change == 1:
            value.append(copy.deepcopy(rng.choice(value)))
        elif change == 2:
            rng.shuffle(value)
        else:
            value.insert(0, value.pop())
    elif isinstance(value, list):
        node[key] = rng.choice([[0], ["brute"], [True]])
    return document


def _verdict(check: Any, state: GameState) -> tuple[str, object]:
    try:
        check(state)
    except DeserializationError as error:
        return "refused", (error.code, error.path, error.message)
    except Exception as error:
        return "raised", (type(error).__name__, str(error))
    return "accepted", None


@scaled(2)
@given(games(), st.integers(0, 2**32))
def test_forged_states_get_the_verdict_of_the_previous_checks(
    states: list[GameState], seed: int
) -> None:
    """Forged states (a value changed, an item dropped, repeated or moved): the checks refuse
    exactly the states the previous formulation refused, with the same code, path and message."""
    rng = random.Random(seed)
    for state in rng.sample(states, min(4, len(states))):
        document = json.loads(to_json(state))
        for _ in range(12):
            forged = _forge(document, rng)
            for _ in range(rng.randrange(2)):
                forged = _forge(forged, rng)
            try:  # structured without the check: only the check is compared
                candidate = FORMAT.converter.structure(forged, GameState)
            except Exception:
                continue
            verdict = _verdict(check_state, candidate)
            assert verdict == _verdict(reference_consistency.check_state, candidate)
            if verdict[0] != "raised":
                text = json.dumps(forged)
                assert outcome(fast, text, GameState) == outcome(exact, text, GameState)


def test_the_fast_path_keeps_the_array_limit() -> None:
    """A state whose history is longer than MAX_ARRAY_LENGTH is refused as the exact path
    refuses it (the fast path used to accept it)."""
    document = json.loads(to_json(new_game(GameConfig(4, seed=1))))
    document["history"] = [{"type": "stay", "player": 0}] * (MAX_ARRAY_LENGTH + 1)
    text = json.dumps(document)
    assert outcome(fast, text, GameState) == outcome(exact, text, GameState)
    assert outcome(fast, text, GameState)[1][1:3] == ("too_many_items", "history")  # type: ignore[index]


def test_interning_tables_stay_bounded() -> None:
    """More distinct values than a table keeps: every read still gives an equal object."""
    amounts = range(1, CACHE_SIZE + 100)
    texts = [to_json(Pay(0, 1, amount)) for amount in amounts]
    first = [from_json(text, Action) for text in texts]
    again = [from_json(text, Action) for text in texts]
    assert first == again == [Pay(0, 1, amount) for amount in amounts]


# -- writers ------------------------------------------------------------------------------

_ODD_VALUES: list[object] = [
    0,
    3,
    True,
    None,
    1.5,
    "x",
    Role.BRUTE,
    Phase.HEIST,
    (),
    (Role.SNITCH,),
    (Role.CROOK, Role.BRUTE),
    ("brute",),
    (1,),
    (True,),
    (0, 2),
    [1],
    frozenset({2, 0}),
]


def generic_text(obj: object) -> tuple[str, object]:
    """What the converter and ``json.dumps`` write, or the error they raise."""
    try:
        document = FORMAT.converter.unstructure(obj)
        return "ok", json.dumps(
            document, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        )
    except Exception:
        return "error", None


@scaled(2)
@given(st.sampled_from(sorted(FORMAT.tagged, key=lambda cls: cls.__name__)), st.data())
def test_writers_write_any_field_values_as_the_generic_path(cls: type, data: st.DataObject) -> None:
    """Events and actions holding any values (right or wrong types, one-item arrays of
    members or not): the generated writer gives the converter's text, or fails where it fails."""
    values = [data.draw(st.sampled_from(_ODD_VALUES)) for _ in attrs.fields(cls)]
    obj: object = object.__new__(cls)
    for field, value in zip(attrs.fields(cls), values, strict=True):
        object.__setattr__(obj, field.name, value)
    try:
        written: tuple[str, object] = "ok", to_json(obj)
    except Exception:
        written = "error", None
    assert written == generic_text(obj)


@pytest.mark.parametrize("backend", ["json", "orjson"])
def test_bytes_read_as_their_text_does(backend: str) -> None:
    """UTF-8 bytes take the fast way and read to what their text reads to.

    Whatever else ``json.loads`` accepts as bytes -- a UTF-8 byte order mark, UTF-16,
    UTF-32, an encoded lone surrogate -- and malformed UTF-8 give the exact path's object
    or error.
    """
    if backend == "orjson" and serialization.orjson is None:
        pytest.skip("orjson is not installed")
    with serialization.backend(backend):
        for seed in range(3):
            rng = random.Random(seed)
            state = new_game(GameConfig(3 + seed, seed=seed))
            for _ in range(25):
                text = to_json(state)
                assert from_json(text.encode(), GameState) == from_json(text, GameState)
                if state.is_over:
                    break
                state = _step(state, rng)
        text = to_json(state)
        named = text.replace('"seed":', '"\\ud800":', 1)
        for document in (
            text.encode("utf-8-sig"),
            text.encode("utf-16"),
            text.encode("utf-32"),
            named.encode().replace(b"\\ud800", "\ud800".encode("utf-8", "surrogatepass")),
            text.encode()[:-3] + b"\xff\xfe}",
            b" " + text.encode(),
        ):
            assert outcome(fast, document, GameState) == outcome(exact, document, GameState)


def _step(state: GameState, rng: random.Random) -> GameState:
    return apply(state, rng.choice(legal_actions(state, payments=False)))
