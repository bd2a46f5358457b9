"""Every public function refuses wrong-typed arguments with its documented error.

The test walks ``millions_rules.__all__``: a public callable without an entry in
:data:`VALID_CALLS` fails it, so each new function states its error here.
Classes of plain data (actions, events, views, states) are checked where they
are used: :func:`~millions_rules.apply` refuses a malformed action, and states
and views come from the engine or from :func:`~millions_rules.from_json`.
"""

from __future__ import annotations

import types
import warnings

import pytest

import millions_rules as mr
from millions_rules import (
    Choose,
    ConfigError,
    DeserializationError,
    GameConfig,
    GameRecord,
    IllegalActionError,
    LocaleError,
    LootCard,
    Paid,
    Phase,
    Role,
    Stay,
    WinReason,
    new_game,
    public_config,
    view,
)

from .hostile import ValidCall, check_wrong_typed_call, wrong_typed_calls

CONFIG = GameConfig(4, seed=1)
STATE = new_game(CONFIG)
VIEW = view(STATE, 0)


def _random_player() -> mr.RandomPlayer:
    """The deprecated alias, made without its warning (the warning has its own test)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return mr.RandomPlayer(1)


EVENT = Paid(0, 1, 2)


#: For each public callable: a valid call's arguments (positional, then keyword), and the
#: errors a wrong-typed argument may raise (the first is what its docstring promises).
VALID_CALLS: dict[str, ValidCall] = {
    "apply": (mr.apply, (STATE, Choose(0, (Role.BRUTE,))), {"seat": 0}, (IllegalActionError,)),
    "check": (mr.check, (STATE, Choose(0, (Role.BRUTE,))), {"seat": 0}, (IllegalActionError,)),
    "is_legal": (mr.is_legal, (STATE, Stay(0)), {"seat": 0}, (IllegalActionError,)),
    "legal_actions": (mr.legal_actions, (STATE, 0), {"payments": True}, (IllegalActionError,)),
    "new_game": (mr.new_game, (CONFIG,), {}, (ConfigError,)),
    "replay": (mr.replay, (CONFIG, ()), {}, (ConfigError, IllegalActionError)),
    "view": (mr.view, (STATE, 0), {"since": 0}, (IllegalActionError,)),
    "visible_events": (mr.visible_events, (STATE.events, 0), {}, (IllegalActionError,)),
    "is_visible": (mr.is_visible, (EVENT, 0), {}, (IllegalActionError,)),
    "describe": (
        mr.describe,
        (EVENT, ["Al", "Bo", "Cy", "Di"]),
        {"locale": "es"},
        (IllegalActionError, LocaleError),
    ),
    "message_id": (mr.message_id, (EVENT,), {}, (IllegalActionError,)),
    "narrate": (
        mr.narrate,
        ([EVENT], ["Al", "Bo", "Cy", "Di"]),
        {"locale": "zh"},
        (IllegalActionError, LocaleError),
    ),
    "role_name": (mr.role_name, (Role.BRUTE, "zh"), {}, (LocaleError,)),
    "phase_name": (mr.phase_name, (Phase.HEIST, "es"), {}, (LocaleError,)),
    "win_reason": (mr.win_reason, (WinReason.TARGET, "zh"), {}, (LocaleError,)),
    "term": (mr.term, ("reserve", "es"), {}, (LocaleError,)),
    "format_money": (mr.format_money, (3, "zh"), {}, (LocaleError,)),
    "public_config": (mr.public_config, (CONFIG,), {}, (ConfigError,)),
    "offer_terms": (mr.offer_terms, (VIEW,), {}, (IllegalActionError,)),
    "roles_in_play": (mr.roles_in_play, (4,), {}, (ConfigError,)),
    "sample_state": (mr.sample_state, (VIEW, 3), {}, (ConfigError,)),
    "to_json": (mr.to_json, (STATE,), {"indent": 2}, (DeserializationError,)),
    "from_json": (
        mr.from_json,
        ('{"type": "stay", "player": 0}', mr.Action),
        {},
        (DeserializationError,),
    ),
    "make_converter": (
        mr.make_converter,
        (),
        {"detailed_validation": True},
        (DeserializationError,),
    ),
    "json_schema": (mr.json_schema, (GameConfig,), {}, (DeserializationError,)),
    "shipped_schema": (mr.shipped_schema, ("action.json",), {}, (DeserializationError,)),
    "schema_bundle": (mr.schema_bundle, (), {}, ()),  # no argument to get wrong
    "save_game": (mr.save_game, (STATE,), {}, (IllegalActionError,)),
    "load_game": (mr.load_game, (mr.save_game(STATE),), {}, (DeserializationError,)),
    "public_record": (
        mr.public_record,
        (STATE, 0),
        {"tags": {"event": "test"}},
        (IllegalActionError, ConfigError),
    ),
    "load_public_record": (
        mr.load_public_record,
        (mr.public_record(STATE, 0),),
        {},
        (DeserializationError,),
    ),
    "GameConfig": (GameConfig, (4,), {"seed": 1}, (ConfigError,)),
    "GameConfig.quick": (GameConfig.quick, (4,), {"seed": 1}, (ConfigError,)),
    "LootCard": (LootCard, (8, 1), {"bonus_role": Role.BRUTE}, (ConfigError,)),
    "PublicConfig.with_seed": (public_config(CONFIG).with_seed, (1,), {}, (ConfigError,)),
    "GameRecord.of": (GameRecord.of, (STATE,), {}, (IllegalActionError,)),
    "RandomPlayer": (mr.RandomPlayer, (1,), {"pay_chance": 0.5}, (ConfigError,)),
    "RandomPlayer.act": (_random_player().act, (VIEW,), {}, (ConfigError,)),
}

#: Public callables that take no arguments worth checking: exception classes and plain data.
_DATA_CLASSES = {
    name
    for name in mr.__all__
    if isinstance(getattr(mr, name), type)
    and (
        issubclass(getattr(mr, name), BaseException)
        or name not in ("GameConfig", "LootCard", "RandomPlayer")
    )
}


def test_every_public_function_has_an_entry() -> None:
    """Each public function (and validated class) is listed, so none escapes the walk."""
    public = {
        name
        for name in mr.__all__
        if callable(getattr(mr, name)) and not isinstance(getattr(mr, name), types.GenericAlias)
    }
    missing = sorted(public - _DATA_CLASSES - set(VALID_CALLS) - {"Action", "Event"})
    assert missing == []


@pytest.mark.filterwarnings("ignore:RandomPlayer is deprecated:DeprecationWarning")
@pytest.mark.parametrize(("name", "where", "bad"), wrong_typed_calls(VALID_CALLS))
def test_wrong_typed_argument_raises_the_documented_error(
    name: str, where: int | str, bad: object
) -> None:
    """A wrong-typed argument gets the documented error, never TypeError, KeyError, ..."""
    check_wrong_typed_call(VALID_CALLS[name], name, where, bad, _ANY_VALUE)


#: Parameters that take any value by design.
_ANY_VALUE: set[tuple[str, int | str]] = {
    ("to_json", 0),  # any JSON value: None, strings, numbers, lists, dicts
}
