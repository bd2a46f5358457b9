"""Hostile documents: the fast paths of ``from_json`` give exactly what the exact path gives.

Each test names what it proves; the inputs are the forged texts a hostile client of a
game server could send to ``from_json(text, GameState)`` or ``from_json(text, PlayerView)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    Action,
    Event,
    GameConfig,
    GameState,
    PlayerView,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from millions_rules.millions import _serialization as serialization

from .conftest import scaled
from .strategies import games
from .test_json_fast_paths import exact, fast, outcome

BACKENDS = ["json", "orjson"]


def agree(text: str, cls: object, backend: str) -> tuple[str, object]:
    """The fast path's outcome, checked against the exact path's (the text included, so
    that ``True == 1`` or ``1.0 == 1`` cannot hide a difference)."""
    with serialization.backend(backend):
        got = outcome(fast, text, cls)
    expected = outcome(exact, text, cls)
    assert got == expected
    if got[0] == "ok":
        assert to_json(got[1]) == to_json(expected[1])
    return got


def played(players: int = 4, seed: int = 11, actions: int = 40) -> GameState:
    state = new_game(GameConfig(players, seed=seed))
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state, payments=True)))
    return state


# -- a key twice, its count made up by a field left to its default -----------------


def _leave_text() -> str:
    """A state whose history holds a ``leave`` action."""
    for seed in range(200):
        state = played(seed=seed, actions=80)
        text = to_json(state)
        if '{"type":"leave",' in text:
            return text
    raise AssertionError("no game with a leave action")  # pragma: no cover


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_key_twice_is_refused_when_a_default_field_is_left_out_of_a_config(
    backend: str,
) -> None:
    """Keys are proved unique by counting colons against the keys of the object read; a
    config document may leave out a field with a default, one key fewer, which a key given
    twice makes up: the exact path refuses the duplicate."""
    config = to_json(GameConfig(4, seed=1))
    forged = config.replace(',"first_leader":0', "").replace(
        '"rounds":8,', '"rounds":7,"rounds":8,'
    )
    assert forged.count(":") == config.count(":")
    assert agree(forged, GameConfig, backend)[0] == "error"
    state = to_json(new_game(GameConfig(4, seed=1)))
    forged = state.replace(',"first_leader":0', "").replace('"rounds":8,', '"rounds":7,"rounds":8,')
    assert agree(forged, GameState, backend)[0] == "error"
    forged = state.replace(',"first_leader":0', "").replace('"leader":0,', '"leader":1,"leader":0,')
    assert agree(forged, GameState, backend)[0] == "error"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_key_twice_is_refused_when_a_default_field_is_left_out_of_a_logged_action(
    backend: str,
) -> None:
    """The same inside a log read by its text: ``leave``'s role has a default."""
    text = _leave_text()
    start = text.index('{"type":"leave",')
    item = text[start : text.index("}", start) + 1]
    player = item.split('"player":')[1].split(",")[0]
    forged_item = f'{{"type":"leave","player":{player},"player":{player}}}'
    assert forged_item.count(":") == item.count(":")
    forged = text.replace(item, forged_item, 1)
    assert agree(forged, GameState, backend)[0] == "error"
    assert agree(forged_item, Action, backend)[0] == "error"
    from_json(text, GameState)  # the table knows the original item
    assert agree(forged, GameState, backend)[0] == "error"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_key_twice_is_refused_when_a_character_leaves_its_status_out(backend: str) -> None:
    """The same in a state's characters: a character's status has a default."""
    for seed in range(50):
        state = played(seed=seed, actions=6)
        text = to_json(state)
        if ',"status":"hidden"}' in text:
            break
    forged = text.replace(',"status":"hidden"}', "}", 1).replace('"paid":', '"paid":0,"paid":', 1)
    assert agree(forged, GameState, backend)[0] == "error"
    shown = to_json(view(state, 0))
    if ',"status":"hidden"}' in shown:
        forged = shown.replace(',"status":"hidden"}', "}", 1).replace(
            '"paid":', '"paid":0,"paid":', 1
        )
        assert agree(forged, PlayerView, backend)[0] == "error"


# -- the table of item texts learns only texts that are items ------------------------


def _clear_tables() -> None:
    for logs in serialization.FORMAT._logs.values():
        for log in logs:
            log._table.clear()


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_table_learns_no_text_cut_inside_a_string_and_made_up_by_whitespace(
    backend: str,
) -> None:
    """An eliminated event's rule is free text and may hold ``},{``; whitespace between
    two items takes a cut away. The array then has as many pieces as items, but the pieces
    are not the items' texts: ``b"}, {...`` must not be learned as the text of an event,
    else a later document holding it, which is no JSON at all, is read."""
    state = played(actions=30)
    text = to_json(state)
    assert from_json(text, GameState) == state
    item = to_json(state.events[2])
    assert text.count(item) == 1
    learned = '{"type":"eliminated","player":0,"role":"brute","rule":"a},{b"}, ' + item
    _clear_tables()
    agree(text.replace(item, learned, 1), GameState, backend)  # the whole array parsed
    forged = text.replace(item, '{b"}, ' + item, 1)
    assert agree(forged, GameState, backend)[0] == "error"


# -- classes the fast path cannot read: the exact path's answer, never a bare error ---


@attrs.frozen
class _Tree:
    """A class holding its own kind: its keys cannot be counted by class."""

    child: _Tree | None
    events: tuple[Event, ...] = ()


@attrs.frozen
class _Unresolved:
    """A class whose field names a type that does not exist."""

    value: Undefined  # type: ignore[name-defined]  # noqa: F821


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ('{"child":null,"events":[]}', _Tree),
        ('{"child":{"child":null,"events":[]},"events":[]}', _Tree),
        ('{"value":1}', _Unresolved),
    ],
)
def test_a_class_the_fast_path_cannot_count_gets_the_exact_paths_answer(
    text: str, cls: type, backend: str
) -> None:
    """A class nested in its own kind made the key counter recurse without end, and one
    whose annotations cannot be resolved made the search for logs raise: both escaped
    ``from_json`` as a bare ``RecursionError`` or ``NameError``."""
    agree(text, cls, backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_key_twice_is_refused_when_a_bet_leaves_its_draws_from_the_bag_out(
    backend: str,
) -> None:
    """Currency Torraku's ``bet`` has a default (``from_bag``): a key twice in its place,
    in an action and in a state's history read by its text."""
    from millions_rules import torraku
    from millions_rules.torraku import _serialization as torraku_serialization

    state = torraku.new_game(torraku.TorrakuConfig(3, seed=1))
    rng = random.Random(1)
    while '{"type":"bet",' not in torraku.to_json(state):
        state = torraku.apply(state, rng.choice(torraku.legal_actions(state)))
    text = torraku.to_json(state)
    start = text.index('{"type":"bet",')
    item = text[start : text.index("}", start) + 1]
    player = item.split('"player":')[1].split(",")[0]
    forged_item = item.replace(',"from_bag":[]', "").replace(
        f'"player":{player},', f'"player":{player},"player":{player},'
    )
    assert forged_item.count(":") == item.count(":") and forged_item != item
    forged = text.replace(item, forged_item, 1)

    def exact_torraku(text: str, cls: type) -> object:
        fmt = torraku_serialization.FORMAT
        return fmt.structure(serialization.parse_json(text), cls)

    for document, cls in ((forged_item, torraku.Action), (forged, torraku.TorrakuState)):
        assert torraku.from_json(text, torraku.TorrakuState) == state
        with serialization.backend(backend):
            got = outcome(torraku.from_json, document, cls)
        assert got == outcome(exact_torraku, document, cls)
        assert got[0] == "error"


@attrs.frozen
class _Annotated:
    """A class whose logs sit beside a mapping, whose keys may be any name."""

    notes: Mapping[str, tuple[int, ...]]
    events: tuple[Event, ...]
    history: tuple[Action, ...]


@pytest.mark.parametrize("backend", BACKENDS)
def test_no_log_is_read_by_text_beside_a_mapping_whose_keys_may_name_it(backend: str) -> None:
    """A mapping's key may be ``"events"``: the first ``"events":[`` of the text is then no
    field of the class, and its items must not be put in the log."""
    text = (
        '{"notes":{"events":[{"type":"stayed","player":1}],"history":[]},"events":[],"history":[]}'
    )
    assert agree(text, _Annotated, backend)[0] == "error"
    agree(text.replace('{"type":"stayed","player":1}', ""), _Annotated, backend)


# -- items swapped, keys repeated, defaults left out, whitespace: any mix --------------

_WHITESPACE = [(",", ", "), (":", ": "), ("},{", "} ,{"), ("},{", "},\n{"), ("[{", "[ {")]
_LEFT_OUT = [',"status":"hidden"', ',"role":null', ',"first_leader":0']
_STRANGERS = [
    '{"type":"eliminated","player":0,"role":"brute","rule":"a},{b"}',
    '{"type":"eliminated","player":1,"role":"snitch","rule":"},{\\"type\\":\\"stayed\\""}',
    '{"type":"leave","player":0}',
]


def _hostile_edit(text: str, items: list[str], rng: random.Random) -> str:
    """One edit a hostile client might make to a compact document."""
    edit = rng.randrange(4)
    if edit in (0, 3):  # an item replaced by another, perhaps with a key twice
        logs = max(text.find('"history":['), text.find('"legal_actions":['))
        start = logs if edit == 3 else 0  # an action's place, or any
        cuts = [at for at in range(start, len(text)) if text.startswith("},{", at)]
        if len(cuts) < 2:
            return text
        at = rng.randrange(len(cuts) - 1)
        new = rng.choice(_STRANGERS if edit == 3 else items)[1:-1]
        if edit == 3 or rng.random() < 0.4:
            pairs = new.split(",")
            pairs.insert(rng.randrange(1, len(pairs) + 1), rng.choice(pairs))
            new = ",".join(pairs)
        return text[: cuts[at] + 3] + new + text[cuts[at + 1] :]
    if edit == 1:  # whitespace, or a field left to its default
        old, new = rng.choice([*_WHITESPACE, *((left, "") for left in _LEFT_OUT)])
        return text.replace(old, new, 1)
    other = rng.choice(items)  # a piece of an item spliced anywhere
    at = rng.randrange(len(text))
    return text[:at] + other[rng.randrange(len(other)) :] + text[at + rng.randrange(8) :]


@scaled(2)
@given(games(), st.integers(0, 2**32), st.sampled_from(BACKENDS))
def test_hostile_edits_read_as_the_exact_path_reads_them(
    states: list[GameState], seed: int, backend: str
) -> None:
    """Documents edited as a hostile client would, read after the tables learned other
    documents' items: the fast path gives the exact path's object or error."""
    rng = random.Random(seed)
    documents = [
        (to_json(obj), cls)
        for state in rng.sample(states, min(3, len(states)))
        for obj, cls in ((state, GameState), (view(state, state.leader), PlayerView))
    ]
    items = list(_STRANGERS)
    for text, _ in documents:
        items.extend("{" + piece + "}" for piece in text.split("},{")[1:-1] if '"type"' in piece)
    for _ in range(40):
        text, cls = rng.choice(documents)
        for _ in range(rng.randrange(1, 4)):
            text = _hostile_edit(text, items, rng)
        from_json(*rng.choice(documents))  # the tables learn a valid document
        agree(text, cls if rng.random() < 0.8 else rng.choice([GameState, PlayerView]), backend)
