"""Invariants a hostile client cannot break (the properties behind :mod:`tests.test_hardening`).

* Every state reached by legal play, unusual configs included, reads back from JSON.
* :func:`~millions_rules.sample_state` keeps every role the seat saw, and the sample's
  view is the view it came from, after take-backs and threat cards too.
* A state document forged by changing valid documents field by field is refused with
  :class:`~millions_rules.DeserializationError`, or it plays on, raising nothing but
  :class:`~millions_rules.IllegalActionError`, with a legal action until the game ends.
* A forged view document is refused, or :func:`~millions_rules.sample_state` refuses it
  with :class:`~millions_rules.ConfigError` or gives a state that plays on.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    MAX_MONEY,
    Action,
    CharacterChosen,
    ConfigError,
    Dealer,
    DeserializationError,
    GameConfig,
    GameState,
    IllegalActionError,
    Leave,
    LootCard,
    LootRevealed,
    Phase,
    PlayerView,
    RepeatRole,
    ThreatPeeked,
    UseThreat,
    apply,
    from_json,
    legal_actions,
    new_game,
    sample_state,
    to_json,
    view,
)

from .conftest import scaled
from .strategies import any_actions, configs, roles, seeds

# -- unusual configs and games that use threat cards and take-backs -------------------


@st.composite
def unusual_configs(draw: st.DrawFn) -> GameConfig:
    """Tiny or no money, huge deposits, custom decks, ``starting_cash=0``, every option."""
    players = draw(st.integers(3, 8))
    starting_cash = draw(st.sampled_from([0, 0, 1, 5, 40]))
    least = players * starting_cash
    total_money = draw(
        st.sampled_from([least, least + 1, least + 3, least + 170, MAX_MONEY]).filter(
            lambda total: total <= MAX_MONEY
        )
    )
    rounds = draw(st.integers(1, 8))
    cards = st.builds(
        LootCard,
        st.sampled_from([0, 1, 8, 12, MAX_MONEY]),
        st.sampled_from([1, 2, 7, 1000, MAX_MONEY]),
        st.none() | roles,
    )
    deck = draw(st.lists(cards, min_size=rounds, max_size=rounds + 3).map(tuple))
    return GameConfig(
        players,
        seed=draw(seeds),
        rounds=rounds,
        target=draw(st.sampled_from([1, 3, 20, MAX_MONEY])),
        starting_cash=starting_cash,
        total_money=total_money,
        loot_deck=deck,
        repeat_role=draw(st.sampled_from(list(RepeatRole))),
        dealer=draw(st.sampled_from(list(Dealer))),
        first_leader=draw(st.integers(0, players - 1)),
    )


def play_sneakily(state: GameState, rng: random.Random, limit: int = 400) -> list[GameState]:
    """Random legal play that uses threat cards whenever it can, then often takes a character back."""
    states = [state]
    while not state.is_over and len(states) < limit:
        actions = legal_actions(state, payments=rng.random() < 0.1)
        threats = [a for a in actions if isinstance(a, UseThreat)]
        leaves = [a for a in actions if isinstance(a, Leave)]
        action: Action
        if threats and rng.random() < 0.7:
            action = rng.choice(threats)
        elif leaves and rng.random() < 0.3:
            action = rng.choice(leaves)
        else:
            action = rng.choice(actions)
        state = apply(state, action)
        states.append(state)
    return states


@st.composite
def sneaky_games(draw: st.DrawFn, unusual: bool = False) -> list[GameState]:
    """A random game, normal or unusual, with many threat cards used and characters taken back."""
    config = draw(unusual_configs() if unusual else configs())
    return play_sneakily(new_game(config), draw(st.randoms(use_true_random=False)))


def spread(states: list[GameState], count: int) -> list[GameState]:
    """About ``count`` states spread over a game, the last one included."""
    return [*states[:: max(1, len(states) // count)], states[-1]]


# -- every reachable state reads back -------------------------------------------------


@scaled(2)
@given(sneaky_games(unusual=True))
def test_every_reachable_state_round_trips(states: list[GameState]) -> None:
    """Any state of legal play, with any valid config, reads back equal from its JSON."""
    for state in states:
        assert from_json(to_json(state), GameState) == state


@scaled(4)
@given(sneaky_games())
def test_every_reachable_state_of_usual_games_round_trips(states: list[GameState]) -> None:
    """The same for the configs of the other properties (standard money, every option)."""
    for state in spread(states, 20):
        assert from_json(to_json(state), GameState) == state


# -- sample_state keeps what the seat saw ----------------------------------------------


def _seen_roles(seen: PlayerView) -> dict[tuple[int, int], Any]:
    """(seat, position) -> role, for every character of this round the seat knows."""
    return {(c.player, c.position): c.role for c in seen.characters if c.role is not None}


def _this_round(seen: PlayerView) -> tuple[Any, ...]:
    starts = [i for i, e in enumerate(seen.events) if isinstance(e, LootRevealed)]
    return seen.events[starts[-1] :] if starts else seen.events


@scaled(2)
@given(st.booleans().flatmap(lambda unusual: sneaky_games(unusual=unusual)), st.data())
def test_sample_state_keeps_every_role_seen(states: list[GameState], data: st.DataObject) -> None:
    """R-INFO: samples give every character the role the seat knows, peeks included, and
    ``view(sample_state(v))`` is ``v`` (but for the version: a sample has no history)."""
    for state in spread(states, 8):
        seat = data.draw(st.none() | st.integers(0, state.players - 1))
        seen = view(state, seat)
        sampled = sample_state(seen, data.draw(seeds))
        assert view(sampled, seat) == attrs.evolve(seen, version=0)
        sampled_roles = {(c.player, c.position): c.role for c in sampled.characters}
        for place, role in _seen_roles(seen).items():
            assert sampled_roles[place] is role
        if seat is None:
            continue
        for event in _this_round(seen):
            if isinstance(event, ThreatPeeked) and event.player == seat and state.characters:
                assert sampled_roles[(event.target, event.slot)] is event.role
            if isinstance(event, CharacterChosen) and state.characters:
                assert tuple(sampled_roles[(seat, i)] for i in range(len(event.roles))) == (
                    event.roles
                )
        for other, known in enumerate(seen.previous_roles):
            if known is not None:
                assert sampled.previous_roles[other] == known


def test_sneaky_play_peeks_and_takes_back() -> None:
    """The games above do reach views after a peek followed by a take-back (not vacuous)."""
    found = 0
    for seed in range(40):
        config = GameConfig(5, seed=seed, repeat_role=RepeatRole.ALLOWED)
        for state in play_sneakily(new_game(config), random.Random(seed)):
            peeks = {
                (e.target, e.slot) for e in state.events if isinstance(e, ThreatPeeked)
            }  # any round: a hit this round is what counts
            found += any(
                c.status.value == "taken_back" and (c.player, c.position) in peeks
                for c in state.characters
            )
    assert found > 0


# -- forged documents -------------------------------------------------------------------

_ENUM_VALUES = [
    *(phase.value for phase in Phase),
    "snitch",
    "brute",
    "driver",
    "crook",
    "mastermind",
    "hidden",
    "taken_back",
    "surviving",
    "eliminated",
]


def _plausible(value: Any, rng: random.Random) -> Any:
    """A value of the same kind as ``value``, close to it: what a forger would try."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, value + rng.randint(-5, 5), value * 2])
    if isinstance(value, str):
        if value.isdigit():
            return str(rng.randrange(2**64))
        return rng.choice(_ENUM_VALUES)
    if value is None:
        return rng.choice(["brute", "snitch", {"total": 8, "deposit": 1, "bonus_role": None}])
    if isinstance(value, list):
        changed = list(value)
        choice = rng.randrange(4)
        if choice == 0 and changed:
            del changed[rng.randrange(len(changed))]
        elif choice == 1 and changed:
            changed.append(copy.deepcopy(rng.choice(changed)))
        elif choice == 2 and len(changed) > 1:
            i, j = rng.sample(range(len(changed)), 2)
            changed[i], changed[j] = changed[j], changed[i]
        else:
            changed = []
        return changed
    if isinstance(value, dict) and "deposit" in value:
        return {
            "total": rng.choice([0, 9, 30]),
            "deposit": rng.choice([1, 2, 5]),
            "bonus_role": None,
        }
    return value


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every value's path in a document, except inside the (long, replayed) log and history."""
    found = [path] if path else []
    if path[:1] in (("events",), ("history",), ("legal_actions",)):
        return found
    if isinstance(node, dict):
        for key, child in node.items():
            found.extend(_paths(child, (*path, key)))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found.extend(_paths(child, (*path, index)))
    return found


def forge(document: Any, rng: random.Random, changes: int) -> Any:
    """``document`` with ``changes`` fields set to plausible other values."""
    document = copy.deepcopy(document)
    for _ in range(changes):
        path = rng.choice(_paths(document))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = _plausible(parent[path[-1]], rng)
    return document


def play_on(state: GameState, rng: random.Random, junk: list[object], limit: int = 300) -> None:
    """Play a state to its end: a legal action always exists, only IllegalActionError is raised."""
    for _ in range(limit):
        if state.is_over:
            assert legal_actions(state) == ()
            return
        for seat in (None, *range(state.players)):
            # The log is not replayed when a state is read, so a forged log may contradict
            # the table: the sampler then says so, with its documented error.
            with contextlib.suppress(ConfigError):
                sample_state(view(state, seat), rng.randrange(2**64))
        actions = legal_actions(state, payments=False)
        assert actions, f"a live state in phase {state.phase.value} with no legal action"
        for other in (rng.choice(junk), rng.choice(legal_actions(state))):
            with contextlib.suppress(IllegalActionError):
                apply(state, other)  # type: ignore[arg-type]
        state = apply(state, rng.choice(actions))


@scaled(4)
@given(
    sneaky_games(),
    st.randoms(use_true_random=False),
    st.integers(1, 3),
    st.lists(any_actions, min_size=1, max_size=8),
)
def test_forged_state_documents_refused_or_playable(
    states: list[GameState], rng: random.Random, changes: int, junk: list[object]
) -> None:
    """A forged state is refused with DeserializationError, or it plays to its end:
    every live state has a legal action, and only IllegalActionError is ever raised."""
    for state in spread(states, 4):
        document = forge(json.loads(to_json(state)), rng, changes)
        try:
            forged = from_json(json.dumps(document), GameState)
        except DeserializationError:
            continue
        play_on(forged, rng, junk)


def test_forging_reaches_accepted_documents() -> None:
    """The forgeries above are not all refused: many changed documents are accepted and played."""
    accepted = 0
    for seed in range(30):
        rng = random.Random(seed)
        config = GameConfig(3 + seed % 6, seed=seed, dealer=list(Dealer)[seed % 2])
        for state in spread(play_sneakily(new_game(config), rng), 4):
            document = forge(json.loads(to_json(state)), rng, 1)
            try:
                forged = from_json(json.dumps(document), GameState)
            except DeserializationError:
                continue
            accepted += forged != state
    assert accepted >= 5


@scaled(4)
@given(sneaky_games(), st.randoms(use_true_random=False), st.integers(1, 3), seeds)
def test_forged_views_refused_or_sampled(
    states: list[GameState], rng: random.Random, changes: int, seed: int
) -> None:
    """A forged view document is refused with DeserializationError, or sample_state gives
    a state that plays on, or refuses with ConfigError; nothing else, and it never hangs."""
    for state in spread(states, 3):
        seat = rng.choice([None, *range(state.players)])
        document = forge(json.loads(to_json(view(state, seat))), rng, changes)
        try:
            forged = from_json(json.dumps(document), PlayerView)
        except DeserializationError:
            continue
        try:
            sampled = sample_state(forged, seed)
        except ConfigError:
            continue
        play_on(sampled, rng, [None], limit=30)
