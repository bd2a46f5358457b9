"""Checked by ``mypy --strict`` only, never run: the public API types well for a caller."""

from __future__ import annotations

from collections.abc import Mapping

from typing_extensions import assert_type

from millions_rules import (
    DESERIALIZATION_ERROR_CODES,
    Action,
    Choose,
    ConfigError,
    DeserializationError,
    Event,
    GameConfig,
    GameRecord,
    GameState,
    GameWon,
    IllegalActionError,
    LootCard,
    MillionsError,
    Pay,
    Phase,
    PlayerView,
    PublicRecord,
    RepeatRole,
    Role,
    Stay,
    WinReason,
    apply,
    check,
    from_json,
    is_legal,
    legal_actions,
    load_game,
    load_public_record,
    new_game,
    public_record,
    replay,
    sample_state,
    save_game,
    to_json,
    view,
    visible_events,
)

config = GameConfig(5, seed=1)
assert_type(GameConfig.quick(4), GameConfig)
state = new_game(config)
assert_type(state, GameState)
assert_type(state.cash, tuple[int, ...])
assert_type(state.winners, frozenset[int])
assert_type(state.phase, Phase)
assert_type(state.loot, LootCard | None)
assert_type(state.events, tuple[Event, ...])

actions = legal_actions(state, 0, payments=False)
assert_type(actions, tuple[Action, ...])
assert_type(apply(state, Choose(0, Role.BRUTE)), GameState)
assert_type(apply(state, Choose(0, (Role.BRUTE, Role.CROOK))), GameState)
assert_type(check(state, Stay(1)), IllegalActionError | None)
assert_type(is_legal(state, Pay(0, 1, 2)), bool)
assert_type(replay(config, state.history), GameState)

for action in actions:
    if isinstance(action, Choose):
        assert_type(action.roles, tuple[Role, ...])

seen = view(state, 2)
assert_type(seen, PlayerView)
assert_type(seen.seat, int | None)
assert_type(visible_events(state.events, None), tuple[Event, ...])
assert_type(sample_state(seen, 3), GameState)

assert_type(to_json(state), str)
assert_type(from_json("{}", GameState), GameState)
assert_type(from_json("{}", Stay), Stay)
assert_type(save_game(state), str)
assert_type(load_game("{}"), GameState)
assert_type(GameRecord.of(state).actions, tuple[Action, ...])

try:
    apply(state, Stay(0))
except IllegalActionError as error:
    assert_type(error.code, str)
    assert_type(error.rule, str | None)
except (ConfigError, DeserializationError, MillionsError):
    pass

# Errors are ValueErrors too, so callers can catch broadly.
broad: ValueError = IllegalActionError("message", "wrong_phase")

# The server API: seats, versions, cursors, records and error codes.
assert_type(apply(state, Stay(1), seat=1), GameState)
assert_type(check(state, Stay(1), seat=1), IllegalActionError | None)
assert_type(is_legal(state, Stay(1), seat=None), bool)
assert_type(state.version, int)
assert_type(state.threat_supply, int)
update = view(state, 1, since=3)
assert_type(update.version, int)
assert_type(update.first_event, int)
assert_type(update.actors, tuple[int, ...])
assert_type(update.characters[0].seen_by_threat, bool)
assert_type(save_game(state, tags={"event": "Club night"}), str)
assert_type(GameRecord.of(state).tags, Mapping[str, str])
assert_type(public_record(state), str)
assert_type(public_record(state, 2, tags={"site": "Lyon"}), str)
shared = load_public_record("{}")
assert_type(shared, PublicRecord)
assert_type(shared.result, GameWon | None)
assert_type(GameConfig(4, repeat_role="forbidden", dealer="external"), GameConfig)
assert_type(GameConfig(4, repeat_role=RepeatRole.ALLOWED).repeat_role, RepeatRole)
assert_type(DESERIALIZATION_ERROR_CODES, Mapping[str, str])
try:
    load_game("{}")
except DeserializationError as problem:
    assert_type(problem.code, str)
    assert_type(problem.path, str)
for event in state.events:
    if isinstance(event, GameWon):
        assert_type(event.reason, WinReason)
assert_type(from_json("{}", PlayerView), PlayerView)
assert_type(from_json("{}", GameRecord), GameRecord)
assert_type(from_json("{}", PublicRecord), PublicRecord)
