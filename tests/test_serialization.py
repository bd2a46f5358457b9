"""JSON: round trips, golden saves, schemas and hostile input."""

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

from millions_rules import (
    ACTION_TYPES,
    DESERIALIZATION_ERROR_CODES,
    EVENT_TYPES,
    FORMAT_VERSION,
    MAX_DOCUMENT_SIZE,
    SCHEMA_FILES,
    Action,
    DeserializationError,
    Event,
    GameConfig,
    GameRecord,
    GameState,
    LootCard,
    Pay,
    Phase,
    PlayerView,
    Role,
    Stay,
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

from .conftest import scaled
from .hostile import mutate, verdict
from .scenario import outputs_under_hash_seeds
from .strategies import configs, games, loot_cards, play_randomly

GOLDEN = pathlib.Path(__file__).parent / "golden"
SCHEMAS = {name: json_schema(cls) for name, cls in SCHEMA_FILES.items()}


def validate(document: object, schema_file: str) -> None:
    jsonschema.Draft202012Validator(SCHEMAS[schema_file]).validate(document)


def schema_accepts(document: object, schema_file: str) -> bool:
    return bool(jsonschema.Draft202012Validator(SCHEMAS[schema_file]).is_valid(document))


def round_trip(obj: object, cls: object) -> None:
    text = to_json(obj)
    assert from_json(text, cls) == obj
    assert to_json(from_json(text, cls)) == text


# -- round trips -------------------------------------------------------------------------


class TestRoundTrip:
    @scaled(2)
    @given(games(), st.data())
    def test_states_views_actions_events(
        self, states: list[GameState], data: st.DataObject
    ) -> None:
        """from_json(to_json(x)) == x for states, views, actions and events of random games."""
        end = states[-1]
        for state in states[:: max(1, len(states) // 6)] + [end]:
            round_trip(state, GameState)
            seat = data.draw(st.none() | st.integers(0, state.config.players - 1))
            round_trip(view(state, seat), PlayerView)
        for action in end.history:
            round_trip(action, Action)
            round_trip(action, type(action))
        for event in end.events:
            round_trip(event, Event)

    @scaled(8)  # JSON Schema validation of whole states is slow; each example is thorough
    @given(games(), st.data())
    def test_written_documents_validate(self, states: list[GameState], data: st.DataObject) -> None:
        """Everything to_json writes validates against the published schemas."""
        state = data.draw(st.sampled_from(states))
        validate(json.loads(to_json(state)), "game_state.json")
        seat = data.draw(st.none() | st.integers(0, state.config.players - 1))
        validate(json.loads(to_json(view(state, seat))), "player_view.json")
        # One of each kind is enough: the schemas of a kind do not depend on the values.
        for obj in {type(a): a for a in states[-1].history}.values():
            validate(json.loads(to_json(obj)), "action.json")
        for event in {type(e): e for e in states[-1].events}.values():
            validate(json.loads(to_json(event)), "event.json")

    @given(configs())
    def test_configs_and_records(self, config: GameConfig) -> None:
        """Configs and records round-trip and validate against their schemas."""
        round_trip(config, GameConfig)
        validate(json.loads(to_json(config)), "game_config.json")
        state = play_randomly(new_game(config), random.Random(config.seed), limit=40)[-1]
        record = GameRecord.of(state)
        round_trip(record, GameRecord)
        validate(json.loads(to_json(record)), "game_record.json")
        assert load_game(save_game(state)) == state

    @given(loot_cards)
    def test_loot_cards(self, card: LootCard) -> None:
        """Loot cards round-trip."""
        round_trip(card, LootCard)

    def test_every_action_and_event_class_has_a_tag(self) -> None:
        """Tags are the snake_case class names, unique."""
        from millions_rules.millions._serialization import tag_of

        names = [tag_of(cls) for cls in (*ACTION_TYPES, *EVENT_TYPES)]
        assert len(set(names)) == len(names)
        assert tag_of(ACTION_TYPES[4]) == "use_threat"

    def test_output_is_stable_across_hash_seeds(self) -> None:
        """The same state gives byte-identical JSON under any PYTHONHASHSEED."""
        program = (
            "import random, millions_rules as m\n"
            "from tests.strategies import play_randomly\n"
            "s = play_randomly(m.new_game(m.GameConfig(6, seed=9)), random.Random(2))[-1]\n"
            "print(m.to_json(s)); print(m.to_json(m.view(s, 1)))\n"
        )
        assert len(outputs_under_hash_seeds(program)) == 1

    def test_documents_read_well(self) -> None:
        """Actions are tagged first, enums lower-case, big numbers strings, sets sorted."""
        assert to_json(Pay(0, 2, 3)) == '{"type":"pay","player":0,"to":2,"amount":3}'
        assert '"seed":"18446744073709551615"' in to_json(GameConfig(4, seed=2**64 - 1))
        state = attrs.evolve(new_game(GameConfig(4, seed=1)), winners=frozenset({3, 0, 2}))
        assert '"winners":[0,2,3]' in to_json(state)
        assert '"bonus_role":"brute"' in to_json(LootCard(8, 1, Role.BRUTE))


# -- golden saves ---------------------------------------------------------------------------

GOLDEN_NAMES = sorted(p.name.removesuffix(".save.json") for p in GOLDEN.glob("*.save.json"))


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_save_loads_to_same_state(name: str) -> None:
    """A saved game from an earlier version still loads to exactly the same final state."""
    state = load_game((GOLDEN / f"{name}.save.json").read_text("utf-8"))
    assert to_json(state) == (GOLDEN / f"{name}.state.json").read_text("utf-8").strip()
    assert state.is_over


def test_golden_saves_cover_every_player_count() -> None:
    """The golden saves span 3 to 8 players."""
    players = {
        load_game((GOLDEN / f"{n}.save.json").read_text("utf-8")).config.players
        for n in GOLDEN_NAMES
    }
    assert players == set(range(3, 9))


def _golden_record() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((GOLDEN / "five_quick.save.json").read_text("utf-8"))
    return document


def test_future_format_refused() -> None:
    """A record written by a newer format is refused with a clear error."""
    document = _golden_record()
    document["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(
        DeserializationError, match=f"format_version: {FORMAT_VERSION + 1} is newer"
    ):
        load_game(json.dumps(document))


def test_format_1_save_with_planning_payment_refused() -> None:
    """A format-1 save that paid during planning is refused under the revised R-NEG-3."""
    assert FORMAT_VERSION == 2
    text = (GOLDEN / "format1" / "four_forbidden.save.json").read_text("utf-8")
    assert json.loads(text)["format_version"] == 1
    with pytest.raises(DeserializationError, match=r"actions\[0\]: nobody can pay now") as caught:
        load_game(text)
    assert "code wrong_phase; a format-1 save replays under the rules revised" in str(caught.value)


def test_format_1_save_without_planning_payment_replays_to_same_result() -> None:
    """A format-1 save with no planning payment replays to the same cash and winners."""
    old = json.loads((GOLDEN / "format1" / "three_players.state.json").read_text("utf-8"))
    state = load_game((GOLDEN / "format1" / "three_players.save.json").read_text("utf-8"))
    assert list(state.cash) == old["cash"] == [9, 2, 23]
    assert sorted(state.winners) == old["winners"] == [2]
    assert state.history == tuple(
        from_json(json.dumps(a), Action)
        for a in json.loads((GOLDEN / "format1" / "three_players.save.json").read_text("utf-8"))[
            "actions"
        ]
    )


def test_illegal_record_refused() -> None:
    """A record whose actions are illegal is refused, naming the action."""
    document = _golden_record()
    document["actions"].insert(3, {"type": "stay", "player": 0})
    with pytest.raises(DeserializationError, match=r"actions\[3\]: .*wrong_phase"):
        load_game(json.dumps(document))


def test_sampled_state_cannot_be_saved() -> None:
    """save_game refuses a state its history does not rebuild."""
    from millions_rules import sample_state

    state = new_game(GameConfig(4, seed=3))
    with pytest.raises(ValueError, match="does not rebuild"):
        save_game(sample_state(view(state, 0), 1))


def test_shipped_schemas_are_current() -> None:
    """The .json schemas inside the package equal json_schema() of their types."""
    for filename, cls in SCHEMA_FILES.items():
        assert shipped_schema(filename) == json_schema(cls)
        jsonschema.Draft202012Validator.check_schema(shipped_schema(filename))


# -- hostile input ---------------------------------------------------------------------------

BAD_ACTIONS = [
    ("not json", "$: not valid JSON"),
    ('{"type": "pay", "player": 0, "to": 1}', "amount: missing field"),
    ('{"type": "pay", "player": 0, "to": 1, "amount": true}', "amount: expected int, got boolean"),
    ('{"type": "pay", "player": 0, "to": 1, "amount": 1.5}', "amount: expected int, got number"),
    ('{"type": "pay", "player": 0, "to": 1, "amount": 1e999}', "amount: expected int"),
    ('{"type": "pay", "player": 0, "to": 1, "amount": NaN}', "$: NaN is not allowed"),
    ('{"type": "pay", "player": 0, "to": 1, "amount": 99999999999999999999}', "amount: number out"),
    ('{"type": "pay", "player": "0", "to": 1, "amount": 1}', "player: expected int, got string"),
    ('{"type": "stay", "player": 0, "extra": 1}', "$: unexpected field(s): extra"),
    ('{"type": "steal", "player": 0}', '$: unknown or missing "type"'),
    ('{"player": 0}', '$: unknown or missing "type"'),
    ('{"type": "choose", "player": 0, "roles": ["thief"]}', "roles[0]: expected one of"),
    ('{"type": "choose", "player": 0, "roles": "brute"}', "roles: expected array, got string"),
    ("[" * 100_000 + "]" * 100_000, "$: document nested too deeply"),
    ("[]", "$: expected object, got array"),
    ('"stay"', "$: expected object, got string"),
    ("null", "$: expected object, got null"),
]


@pytest.mark.parametrize(("text", "message"), BAD_ACTIONS)
def test_malformed_action_refused_with_path(text: str, message: str) -> None:
    """Malformed documents raise DeserializationError naming the offending path."""
    with pytest.raises(DeserializationError) as caught:
        from_json(text, Action)
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize(("text", "message"), BAD_ACTIONS)
def test_schema_rejects_malformed_action(text: str, message: str) -> None:
    """The action schema rejects every malformed payload that parses as JSON."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return
    if isinstance(document, float) or "NaN" in text or "e999" in text:
        return
    assert not schema_accepts(document, "action.json")


def test_record_path_names_the_action() -> None:
    """A bad field deep in a record is reported with its full path."""
    document = _golden_record()
    document["actions"][3]["player"] = True
    with pytest.raises(DeserializationError, match=r"^actions\[3\]\.player: expected int"):
        load_game(json.dumps(document))


def test_oversized_document_refused() -> None:
    """Documents larger than MAX_DOCUMENT_SIZE are refused before parsing."""
    with pytest.raises(DeserializationError, match="larger than"):
        from_json(" " * (5 * 1024 * 1024), Action)


def test_config_needs_its_seed() -> None:
    """A config document without its seed is refused (a default seed would be random)."""
    with pytest.raises(DeserializationError, match="seed"):
        from_json('{"players": 4}', GameConfig)
    with pytest.raises(DeserializationError, match="3 to 8 players"):
        from_json('{"players": 9, "seed": "1"}', GameConfig)


def _state_document() -> dict[str, Any]:
    states = play_randomly(new_game(GameConfig(5, seed=4)), random.Random(4), limit=40)
    state = next(s for s in states if s.phase is Phase.NEGOTIATION)  # role cards on the table
    document: dict[str, Any] = json.loads(to_json(state))
    return document


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("cash", 0), 50, "cash: cash, deposits and reserve add up"),
        (("reserve",), 0, "cash: cash, deposits and reserve"),
        (("leader",), 7, "leader: not a seat"),
        (("threats",), [9, 0, 0, 0, 0], "threats"),
        (("round",), 12, "round: must be from 1"),
        (("cash",), [5, 5, 5, 5], "cash: expected 5 entries"),
        (("phase",), "game_over", "face_up: no role cards lie on the table"),
        (("deck",), [0, 0], "deck"),
        (("rng",), 12, "rng: expected a decimal string"),
    ],
)
def test_tampered_state_refused(path: tuple[Any, ...], value: object, message: str) -> None:
    """A state document that breaks an invariant of the engine is refused."""
    document = _state_document()
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(DeserializationError, match="^" + message.replace("(", r"\(")):
        from_json(json.dumps(document), GameState)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
TARGETS = [Action, Event, GameConfig, GameRecord, GameState, PlayerView, LootCard, Stay]


@given(json_values, st.sampled_from(TARGETS))
def test_arbitrary_json_only_deserialization_error(document: object, cls: object) -> None:
    """Any JSON value is read or refused with DeserializationError, nothing else; a refusal
    carries a documented code, and its message starts with its path."""
    try:
        from_json(json.dumps(document), cls)
    except DeserializationError as error:
        assert error.code in DESERIALIZATION_ERROR_CODES
        assert str(error).startswith(f"{error.path}: ")


STAY = '{"type": "stay", "player": 1}'


@pytest.mark.parametrize(
    ("text", "cls", "code", "path"),
    [
        (b"\xff", Action, "invalid_json", "$"),
        ("[1,", Action, "invalid_json", "$"),
        ('{"type": "stay", "player": NaN}', Action, "invalid_json", "$"),
        ("[" * 100_000, Action, "too_deep", "$"),
        (" " * (MAX_DOCUMENT_SIZE + 1), Action, "too_large", "$"),
        (42, Action, "not_text", "$"),
        ('{"type": "stay", "player": "1"}', Action, "wrong_type", "player"),
        ('{"type": "stay", "player": 9999999999}', Action, "bad_value", "player"),
        ('{"type": "stay"}', Action, "missing_field", "player"),
        ('{"type": "stay", "player": 1, "x": 0}', Action, "unknown_field", "$"),
        ('{"type": "sit", "player": 1}', Action, "bad_tag", "$"),
        ('{"type": "leave", "player": 1, "role": "thief"}', Action, "bad_value", "role"),
        ('{"players": 4}', GameConfig, "missing_field", "seed"),
        ('{"players": 9, "seed": "1"}', GameConfig, "bad_value", "$"),
        ('{"players": 4, "seed": 1}', GameConfig, "wrong_type", "seed"),
        (f'{{"type": "stay", "player": 1, "x": [{STAY}]}}', Action, "unknown_field", "$"),
    ],
)
def test_refusals_have_stable_codes_and_paths(text: Any, cls: object, code: str, path: str) -> None:
    """Each kind of bad document has its documented code and the path of the bad value."""
    with pytest.raises(DeserializationError) as caught:
        from_json(text, cls)
    assert (caught.value.code, caught.value.path) == (code, path), str(caught.value)


def test_record_errors_have_codes_and_paths() -> None:
    """A saved game: a bad action's path and code, an illegal action, a newer format."""
    document = _golden_record()
    document["actions"][3]["player"] = "2"
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("wrong_type", "actions[3].player")
    document = _golden_record()
    document["actions"].insert(2, {"type": "stay", "player": 0})
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("illegal_action", "actions[2]")
    document = _golden_record()
    document["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("newer_format", "format_version")
    document["format_version"] = 0
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(document))
    assert (caught.value.code, caught.value.path) == ("unknown_format", "format_version")


def test_inconsistent_state_code() -> None:
    """A tampered state document is refused with ``inconsistent_state`` and the field's path."""
    document = _state_document()
    document["leader"] = 7
    with pytest.raises(DeserializationError) as caught:
        from_json(json.dumps(document), GameState)
    assert (caught.value.code, caught.value.path) == ("inconsistent_state", "leader")


def test_deserialization_error_pickles() -> None:
    """The error keeps its code and path through pickle (as a server's worker pool needs)."""
    import pickle

    error = DeserializationError("expected int, got string", "wrong_type", "actions[1].player")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.code, again.path) == (str(error), error.code, error.path)


@given(st.randoms(use_true_random=False), json_values, st.sampled_from(["state", "view", "record"]))
def test_mutated_documents_only_deserialization_error(
    rng: random.Random, value: object, kind: str
) -> None:
    """Mutations of valid documents are read (consistently) or refused cleanly."""
    state = play_randomly(
        new_game(GameConfig(3 + rng.randrange(6), seed=rng.randrange(99))),
        rng,
        limit=rng.randrange(5, 60),
    )[-1]
    cls: object
    obj: object
    if kind == "state":
        obj, cls = state, GameState
    elif kind == "view":
        obj, cls = view(state, 0), PlayerView
    else:
        obj, cls = GameRecord.of(state), GameRecord
    document = mutate(json.loads(to_json(obj)), rng, value)
    assert verdict(FAST, document, cls) == verdict(DETAILED, document, cls)
    try:
        result = from_json(json.dumps(document), cls)
    except DeserializationError:
        return
    assert to_json(result)  # whatever was accepted can be written again


FAST = make_converter(detailed_validation=False)
DETAILED = make_converter()


@given(json_values, st.sampled_from(TARGETS))
def test_fast_and_detailed_readers_agree(document: object, cls: object) -> None:
    """The fast reader accepts exactly what the detailed reader (used for messages) accepts."""
    assert verdict(FAST, document, cls) == verdict(DETAILED, document, cls)


@pytest.mark.parametrize("cls", [GameState, PlayerView, GameRecord, GameConfig])
def test_extra_or_missing_fields_refused_everywhere(cls: type) -> None:
    """Every document type refuses unknown fields and missing required ones, naming them."""
    state = play_randomly(new_game(GameConfig(4, seed=8)), random.Random(8), limit=15)[-1]
    obj = {
        GameState: state,
        PlayerView: view(state, 2),
        GameRecord: GameRecord.of(state),
        GameConfig: state.config,
    }[cls]
    document = json.loads(to_json(obj))
    with pytest.raises(DeserializationError, match=r"^\$: unexpected field\(s\): zz$"):
        from_json(json.dumps({**document, "zz": 1}), cls)
    first = next(iter(document))
    del document[first]
    with pytest.raises(DeserializationError, match=f"^{first}: "):
        from_json(json.dumps(document), cls)


def test_nested_array_paths_keep_every_index() -> None:
    """An error inside an array of arrays names both indices."""
    document = json.loads(to_json(GameConfig(4, seed=1)))
    state = json.loads(to_json(new_game(GameConfig(4, seed=1))))
    state["previous_roles"] = [[], ["brute"], [], ["thief"]]
    with pytest.raises(DeserializationError, match=r"^previous_roles\[3\]\[0\]: expected one of"):
        from_json(json.dumps(state), GameState)
    document["loot_deck"][2]["deposit"] = "2"
    with pytest.raises(DeserializationError, match=r"^loot_deck\[2\]\.deposit: expected int"):
        from_json(json.dumps(document), GameConfig)
