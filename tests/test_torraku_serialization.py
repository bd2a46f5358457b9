"""JSON for every Currency Torraku type: round trips, golden saves, schemas and hostile input."""

from __future__ import annotations

import json
import pathlib
import random
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import DESERIALIZATION_ERROR_CODES, MAX_DOCUMENT_SIZE
from millions_rules._common.json import tag_of
from millions_rules.torraku import (
    ACTION_TYPES,
    EVENT_TYPES,
    FORMAT_VERSION,
    SCHEMA_FILES,
    Action,
    Bet,
    DeserializationError,
    Event,
    IllegalActionError,
    Pass,
    PieceCounts,
    PieceKind,
    Placement,
    ReportPlacement,
    TorrakuConfig,
    TorrakuRecord,
    TorrakuState,
    TorrakuView,
    from_json,
    json_schema,
    load_game,
    make_converter,
    new_game,
    save_game,
    shipped_schema,
    to_json,
    view,
)
from millions_rules.torraku._serialization import FORMAT

from .conftest import scaled
from .hostile import mutate, verdict
from .scenario import outputs_under_hash_seeds
from .torraku_strategies import configs, games, play_randomly

GOLDEN = pathlib.Path(__file__).parent / "golden" / "torraku"
VALIDATORS = {name: jsonschema.Draft202012Validator(shipped_schema(name)) for name in SCHEMA_FILES}


def round_trip(obj: object, cls: object) -> None:
    text = to_json(obj)
    assert from_json(text, cls) == obj
    assert to_json(from_json(text, cls)) == text


def a_game(seed: int = 4, limit: int = 60) -> TorrakuState:
    return play_randomly(
        new_game(TorrakuConfig(3, seed=seed, round_limit=6)), random.Random(seed), limit
    )[-1]


class TestRoundTrip:
    @scaled(4)
    @given(games(), st.data())
    def test_states_views_actions_events(
        self, states: list[TorrakuState], data: st.DataObject
    ) -> None:
        """Every state, view, action and event reads back equal, and writes the same text."""
        state = data.draw(st.sampled_from(states))
        round_trip(state, TorrakuState)
        round_trip(
            view(state, data.draw(st.none() | st.integers(0, state.config.players - 1))),
            TorrakuView,
        )
        for action in state.history[-3:]:
            round_trip(action, Action)
        for event in state.events[-5:]:
            round_trip(event, Event)

    @scaled(4)
    @given(games(), st.data())
    def test_written_documents_validate(
        self, states: list[TorrakuState], data: st.DataObject
    ) -> None:
        """What to_json writes is valid under the shipped schemas."""
        state = data.draw(st.sampled_from(states))
        assert VALIDATORS["torraku_state.json"].is_valid(json.loads(to_json(state)))
        assert VALIDATORS["torraku_view.json"].is_valid(json.loads(to_json(view(state))))
        record = json.loads(to_json(TorrakuRecord.of(state)))
        assert VALIDATORS["torraku_record.json"].is_valid(record)

    @given(configs())
    def test_configs_and_records(self, config: TorrakuConfig) -> None:
        """Configs round-trip (floats included), and a new game's save loads to the same state."""
        round_trip(config, TorrakuConfig)
        state = new_game(config)
        assert load_game(save_game(state)) == state

    def test_every_action_and_event_class_has_a_tag(self) -> None:
        """Tags are the snake_case class names: the spec's three action tags, one per event."""
        assert [tag_of(cls) for cls in ACTION_TYPES] == ["bet", "pass", "report_placement"]
        event_tags = [tag_of(cls) for cls in EVENT_TYPES]
        assert "penalty_taken" in event_tags and len(set(event_tags)) == len(EVENT_TYPES) == 12

    def test_documents_read_well(self) -> None:
        """The spec's JSON examples are exactly what the library writes."""
        V, W = PieceKind.VAN, PieceKind.WASHING_MACHINE
        assert json.loads(to_json(Bet(1, [W, V, V], [V, V]))) == {
            "type": "bet",
            "player": 1,
            "pieces": ["washing_machine", "van", "van"],
            "from_bag": ["van", "van"],
        }
        assert to_json(Pass(0)) == '{"type":"pass","player":0}'
        assert json.loads(to_json(ReportPlacement(2, Placement.KNOCKED_DOWN, 3))) == {
            "type": "report_placement",
            "player": 2,
            "outcome": "knocked_down",
            "fallen": 3,
        }
        assert to_json(PieceCounts(2, 2, 6)) == '{"van":2,"washing_machine":2,"rice_cooker":6}'
        assert '"seed":"18446744073709551615"' in to_json(TorrakuConfig(2, seed=2**64 - 1))

    def test_view_json_never_holds_the_generator(self) -> None:
        """R-TK-INFO: a view's JSON has no seed and no generator state."""
        state = a_game()
        text = to_json(view(state, 1))
        assert '"seed"' not in text and '"rng"' not in text and str(state.rng) not in text

    def test_output_is_stable_across_hash_seeds(self) -> None:
        """The JSON of a game is byte-identical under every PYTHONHASHSEED."""
        program = (
            "from millions_rules.torraku import load_game, to_json\n"
            f"print(to_json(load_game(open({str(GOLDEN / 'three_reported.save.json')!r}).read())))\n"
        )
        assert len(outputs_under_hash_seeds(program)) == 1


# -- golden saves ---------------------------------------------------------------------------

GOLDEN_NAMES = sorted(p.name.removesuffix(".save.json") for p in GOLDEN.glob("*.save.json"))


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_save_loads_to_same_state(name: str) -> None:
    """A saved game from an earlier version still loads to exactly the same final state."""
    state = load_game((GOLDEN / f"{name}.save.json").read_text("utf-8"))
    assert to_json(state) == (GOLDEN / f"{name}.state.json").read_text("utf-8").strip()
    assert state.is_over


def test_golden_saves_cover_the_game() -> None:
    """The golden saves span 1 to 6 players, both setups, both dealers and the round limit."""
    states = [load_game((GOLDEN / f"{n}.save.json").read_text("utf-8")) for n in GOLDEN_NAMES]
    assert {s.config.players for s in states} == set(range(1, 7))
    assert {s.config.setup.value for s in states} == {"standard", "long"}
    assert {s.config.dealer.value for s in states} == {"engine", "external"}
    assert any(s.events[-1].at_limit for s in states)  # type: ignore[union-attr]
    kinds = {type(e).__name__ for s in states for e in s.events}
    assert kinds == {cls.__name__ for cls in EVENT_TYPES}


def _record() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((GOLDEN / "three_reported.save.json").read_text("utf-8"))
    return document


def test_record_errors_have_codes_and_paths() -> None:
    """A saved game: a bad action's path and code, an illegal action, newer and unknown formats."""
    document = _record()
    document["actions"][3]["player"] = "2"
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("wrong_type", "actions[3].player")
    document = _record()
    document["actions"].insert(0, {"type": "pass", "player": 2})  # the opener passes first
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("illegal_action", "actions[0]")
    assert "code opener_must_bet" in str(caught.value)
    document = _record()
    document["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("newer_format", "format_version")
    document["format_version"] = 0
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("unknown_format", "format_version")


def test_edited_state_cannot_be_saved() -> None:
    """save_game refuses a state its history does not rebuild."""
    state = attrs.evolve(new_game(TorrakuConfig(2, seed=1)), round=2)
    with pytest.raises(IllegalActionError, match="does not rebuild") as caught:
        save_game(state)
    assert caught.value.code == "bad_value"
    with pytest.raises(IllegalActionError):
        save_game("not a state")  # type: ignore[arg-type]


def test_shipped_schemas_are_current() -> None:
    """The .json schemas inside the package equal json_schema() of their types."""
    for filename, cls in SCHEMA_FILES.items():
        assert shipped_schema(filename) == json_schema(cls)
        jsonschema.Draft202012Validator.check_schema(shipped_schema(filename))
    with pytest.raises(DeserializationError):
        shipped_schema("../../_version.py")


# -- hostile input ---------------------------------------------------------------------------

BAD_ACTIONS = [
    ("not json", "invalid_json", "$"),
    ('{"type": "bet", "player": 0}', "missing_field", "pieces"),
    ('{"type": "bet", "player": true, "pieces": []}', "wrong_type", "player"),
    ('{"type": "bet", "player": 0, "pieces": ["van", "truck"]}', "bad_value", "pieces[1]"),
    ('{"type": "bet", "player": 0, "pieces": "van"}', "wrong_type", "pieces"),
    ('{"type": "bet", "player": 0, "pieces": [], "from_bag": [1]}', "wrong_type", "from_bag[0]"),
    ('{"type": "pass", "player": 0, "extra": 1}', "unknown_field", "$"),
    ('{"type": "pass", "player": 1.5}', "wrong_type", "player"),
    ('{"type": "pass", "player": 99999999999}', "bad_value", "player"),
    ('{"type": "pass", "player": 0, "player": 1}', "duplicate_key", "$"),
    ('{"type": "check", "player": 0}', "bad_tag", "$"),
    ('{"player": 0}', "bad_tag", "$"),
    ('{"type": "report_placement", "player": 0, "outcome": "fell"}', "bad_value", "outcome"),
    (
        '{"type": "report_placement", "player": 0, "outcome": "placed", "fallen": NaN}',
        "invalid_json",
        "$",
    ),
    (
        '{"type": "report_placement", "player": 0, "outcome": "placed", "fallen": "2"}',
        "wrong_type",
        "fallen",
    ),
    ("[" * 100_000 + "]" * 100_000, "too_deep", "$"),
    ("[]", "wrong_type", "$"),
    ("null", "wrong_type", "$"),
]


@pytest.mark.parametrize(("text", "code", "path"), BAD_ACTIONS)
def test_malformed_action_refused_with_code_and_path(text: str, code: str, path: str) -> None:
    """Malformed actions raise DeserializationError with a documented code and the path."""
    with pytest.raises(DeserializationError) as caught:
        from_json(text, Action)
    assert (caught.value.code, caught.value.path) == (code, path), str(caught.value)
    assert str(caught.value).startswith(f"{path}: ")


@pytest.mark.parametrize(("text", "code", "path"), BAD_ACTIONS)
def test_schema_rejects_malformed_action(text: str, code: str, path: str) -> None:
    """The action schema rejects every malformed payload that parses as plain JSON."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return
    if "NaN" in text or ('"player": 1}' in text and 'player": 0, "player' in text):
        return
    assert not VALIDATORS["action.json"].is_valid(document), text


def test_size_limits() -> None:
    """Documents over MAX_DOCUMENT_SIZE bytes and non-text input are refused."""
    for text, code in ((" " * (MAX_DOCUMENT_SIZE + 1), "too_large"), (42, "not_text")):
        with pytest.raises(DeserializationError) as caught:
            from_json(text, Action)  # type: ignore[arg-type]
        assert caught.value.code == code


def test_configs_are_validated_on_reading() -> None:
    """A config document needs its seed and must make sense (R-TK-SETUP-3, R-TK-SIM-1)."""
    cases = [
        ('{"players": 2}', "missing_field", "seed"),
        ('{"players": 7, "seed": "1"}', "bad_value", "$"),
        ('{"players": 2, "seed": "1", "knock_cap": 1.5}', "bad_value", "$"),
        ('{"players": 2, "seed": "1", "touch": true}', "wrong_type", "touch"),
        ('{"players": 2, "seed": "1", "skill": [1, 2, 3]}', "bad_value", "$"),
        ('{"players": 2, "seed": 1}', "wrong_type", "seed"),
        (
            '{"players": 2, "seed": "1", "supply": {"van": -1, "washing_machine": 12, "rice_cooker": 36}}',
            "bad_value",
            "supply",
        ),
        ('{"players": 2, "seed": "1", "drop": 1e400}', "bad_value", "drop"),
    ]
    for text, code, path in cases:
        with pytest.raises(DeserializationError) as caught:
            from_json(text, TorrakuConfig)
        assert (caught.value.code, caught.value.path) == (code, path), (text, str(caught.value))
    assert from_json('{"players": 2, "seed": "1", "touch": 0}', TorrakuConfig).touch == 0.0


def _state_document(phase: str = "stacking") -> dict[str, Any]:
    states = play_randomly(new_game(TorrakuConfig(3, seed=5, round_limit=5)), random.Random(5))
    state = next(s for s in states if s.phase.value == phase)
    document: dict[str, Any] = json.loads(to_json(state))
    return document


@pytest.mark.parametrize(
    ("phase", "path", "value", "where"),
    [
        ("stacking", ("bag", "van"), 0, "bag"),
        ("stacking", ("hands", 0, "rice_cooker"), 40, "bag"),
        ("stacking", ("to_act",), 7, "to_act"),
        ("stacking", ("opener",), -1, "opener"),
        ("stacking", ("rows",), [[], [], []], "bag"),
        ("stacking", ("passed",), [True, True], "passed"),
        ("stacking", ("stack",), [], "bag"),
        ("stacking", ("winners",), [1], "winners"),
        ("stacking", ("round",), 6, "round"),
        ("betting", ("phase",), "game_over", "to_act"),
        ("betting", ("last_adder",), 0, "stack"),
        ("betting", ("stack", "x"), None, "bag"),
    ],
)
def test_tampered_state_refused(
    phase: str, path: tuple[Any, ...], value: object, where: str
) -> None:
    """A state document that breaks an invariant of the engine is refused (inconsistent_state)."""
    document = _state_document(phase)
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    if path[-1] == "x":  # add a stack piece out of nowhere
        target.append({"kind": "van", "player": 0})
    else:
        target[path[-1]] = value
    with pytest.raises(DeserializationError) as caught:
        from_json(json.dumps(document), TorrakuState)
    assert (caught.value.code, caught.value.path) == ("inconsistent_state", where), str(
        caught.value
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
TARGETS = [Action, Event, TorrakuConfig, TorrakuRecord, TorrakuState, TorrakuView, PieceCounts]
FAST = make_converter(detailed_validation=False)
DETAILED = make_converter()


@given(json_values, st.sampled_from(TARGETS))
def test_arbitrary_json_only_deserialization_error(document: object, cls: object) -> None:
    """Any JSON value is read or refused with a documented code; the readers agree."""
    try:
        from_json(json.dumps(document), cls)
    except DeserializationError as error:
        assert error.code in DESERIALIZATION_ERROR_CODES
        assert str(error).startswith(f"{error.path}: ")
    assert verdict(FAST, document, cls) == verdict(DETAILED, document, cls)


@scaled(2)
@given(st.randoms(use_true_random=False), json_values, st.sampled_from(["state", "view", "record"]))
def test_mutated_documents_only_deserialization_error(
    rng: random.Random, value: object, kind: str
) -> None:
    """Mutations of valid documents are read (consistently) or refused cleanly."""
    state = a_game(rng.randrange(99), limit=rng.randrange(5, 60))
    obj: object
    cls: object
    if kind == "state":
        obj, cls = state, TorrakuState
    elif kind == "view":
        obj, cls = view(state, 0), TorrakuView
    else:
        obj, cls = TorrakuRecord.of(state), TorrakuRecord
    document = mutate(json.loads(to_json(obj)), rng, value)
    assert verdict(FAST, document, cls) == verdict(DETAILED, document, cls)
    try:
        result = FORMAT.structure(document, cls)
    except DeserializationError as error:
        assert error.code in DESERIALIZATION_ERROR_CODES
        return
    assert to_json(result)


@pytest.mark.parametrize("cls", [TorrakuState, TorrakuView, TorrakuRecord, TorrakuConfig])
def test_extra_or_missing_fields_refused_everywhere(cls: type) -> None:
    """Every document type refuses unknown fields and missing required ones, naming them."""
    state = a_game(8, limit=15)
    obj = {
        TorrakuState: state,
        TorrakuView: view(state, 2),
        TorrakuRecord: TorrakuRecord.of(state),
        TorrakuConfig: state.config,
    }[cls]
    document = json.loads(to_json(obj))
    with pytest.raises(DeserializationError, match=r"^\$: unexpected field\(s\): zz$"):
        from_json(json.dumps({**document, "zz": 1}), cls)
    first = next(iter(document))
    del document[first]
    with pytest.raises(DeserializationError, match=f"^{first}: "):
        from_json(json.dumps(document), cls)


def test_state_config_needs_its_seed() -> None:
    """A state document whose config lacks the seed is refused, not given a random seed."""
    document = json.loads(to_json(new_game(TorrakuConfig(4, seed=1))))
    del document["config"]["seed"]
    with pytest.raises(DeserializationError) as caught:
        from_json(json.dumps(document), TorrakuState)
    assert (caught.value.code, caught.value.path) == ("missing_field", "config.seed")


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_both_json_backends_agree(name: str) -> None:
    """The standard library and orjson (the [fast] extra) read the same states and texts."""
    from millions_rules._common.json import backend, orjson

    text = (GOLDEN / f"{name}.state.json").read_text("utf-8").strip()
    with backend("json"):
        plain = from_json(text, TorrakuState)
    if orjson is None:  # pragma: no cover - depends on the installed extras
        return
    with backend("orjson"):
        fast = from_json(text, TorrakuState)
        assert to_json(fast) == text
    assert fast == plain
