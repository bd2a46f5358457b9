"""Hostile documents: the fast paths of ``from_json`` give exactly what the exact path gives.

Each test names what it proves; the inputs are the forged texts a hostile client of a
game server could send to ``from_json(text, GameState)`` or ``from_json(text, PlayerView)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs
import pytest

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
from millions_rules import _serialization as serialization

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
