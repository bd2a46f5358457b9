"""Every public Torraku function refuses wrong-typed arguments with its documented error.

Like ``test_wrong_types.py`` for Millions, the test walks ``millions_rules.torraku.__all__``:
a public callable without an entry in :data:`VALID_CALLS` fails it.
"""

from __future__ import annotations

import types

import pytest

import millions_rules.torraku as tk
from millions_rules import LocaleError
from millions_rules.torraku import (
    Bet,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    PieceCounts,
    PieceKind,
    PiecePlaced,
    TorrakuConfig,
    TorrakuRecord,
    new_game,
    public_config,
)

from .hostile import ValidCall, check_wrong_typed_call, wrong_typed_calls

CONFIG = TorrakuConfig(3, seed=1)
STATE = new_game(CONFIG)
EVENT = PiecePlaced(0, PieceKind.VAN, 2)
BET = Bet(0, (PieceKind.VAN,))

VALID_CALLS: dict[str, ValidCall] = {
    "apply": (tk.apply, (STATE, BET), {"seat": 0}, (IllegalActionError,)),
    "check": (tk.check, (STATE, BET), {"seat": 0}, (IllegalActionError,)),
    "is_legal": (tk.is_legal, (STATE, BET), {"seat": 0}, (IllegalActionError,)),
    "legal_actions": (tk.legal_actions, (STATE, 0), {}, (IllegalActionError,)),
    "new_game": (tk.new_game, (CONFIG,), {}, (ConfigError,)),
    "replay": (tk.replay, (CONFIG, ()), {}, (ConfigError, IllegalActionError)),
    "view": (tk.view, (STATE, 0), {}, (IllegalActionError,)),
    "describe": (
        tk.describe,
        (EVENT, ["Al", "Bo", "Cy"]),
        {"locale": "es"},
        (IllegalActionError, LocaleError),
    ),
    "message_id": (tk.message_id, (EVENT,), {}, (IllegalActionError,)),
    "phase_name": (tk.phase_name, (tk.Phase.BETTING, "zh"), {}, (LocaleError,)),
    "piece_name": (tk.piece_name, (PieceKind.VAN, "es"), {}, (LocaleError,)),
    "term": (tk.term, ("bag", "es"), {}, (LocaleError,)),
    "public_config": (tk.public_config, (CONFIG,), {}, (ConfigError,)),
    "knock_probability": (
        tk.knock_probability,
        (CONFIG, 3, PieceKind.VAN, 0),
        {},
        (ConfigError,),
    ),
    "to_json": (tk.to_json, (STATE,), {"indent": 2}, (DeserializationError,)),
    "from_json": (
        tk.from_json,
        ('{"type": "pass", "player": 0}', tk.Action),
        {},
        (DeserializationError,),
    ),
    "make_converter": (
        tk.make_converter,
        (),
        {"detailed_validation": True},
        (DeserializationError,),
    ),
    "json_schema": (tk.json_schema, (TorrakuConfig,), {}, (DeserializationError,)),
    "shipped_schema": (tk.shipped_schema, ("action.json",), {}, (DeserializationError,)),
    "schema_bundle": (tk.schema_bundle, (), {}, ()),  # no argument to get wrong
    "save_game": (tk.save_game, (STATE,), {}, (IllegalActionError,)),
    "load_game": (tk.load_game, (tk.save_game(STATE),), {}, (DeserializationError,)),
    "TorrakuConfig": (TorrakuConfig, (3,), {"seed": 1, "round_limit": 5}, (ConfigError,)),
    "TorrakuConfig.long": (TorrakuConfig.long, (3,), {"seed": 1}, (ConfigError,)),
    "TorrakuConfig.simulated": (TorrakuConfig.simulated, (3,), {"touch": 0.1}, (ConfigError,)),
    "PieceCounts": (PieceCounts, (1, 2, 3), {}, (ConfigError,)),
    "PieceCounts.of": (PieceCounts.of, ((PieceKind.VAN,),), {}, (ConfigError,)),
    "PublicConfig.with_seed": (public_config(CONFIG).with_seed, (1,), {}, (ConfigError,)),
    "TorrakuRecord.of": (TorrakuRecord.of, (STATE,), {}, (IllegalActionError,)),
}

_VALIDATED_CLASSES = {"TorrakuConfig", "PieceCounts"}
_DATA_CLASSES = {
    name
    for name in tk.__all__
    if isinstance(getattr(tk, name), type)
    and (issubclass(getattr(tk, name), BaseException) or name not in _VALIDATED_CLASSES)
}


def test_every_public_function_has_an_entry() -> None:
    """Each public Torraku function (and validated class) is listed, so none escapes the walk."""
    public = {
        name
        for name in tk.__all__
        if callable(getattr(tk, name)) and not isinstance(getattr(tk, name), types.GenericAlias)
    }
    missing = sorted(public - _DATA_CLASSES - set(VALID_CALLS) - {"Action", "Event"})
    assert missing == []


@pytest.mark.parametrize(("name", "where", "bad"), wrong_typed_calls(VALID_CALLS))
def test_wrong_typed_argument_raises_the_documented_error(
    name: str, where: int | str, bad: object
) -> None:
    """A wrong-typed argument gets the documented error, never TypeError, KeyError, ..."""
    check_wrong_typed_call(VALID_CALLS[name], name, where, bad, {("to_json", 0)})
