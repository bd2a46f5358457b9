"""Documents of both games, by the type that describes them, for checking the JSON Schemas.

``python tests/schema_samples.py OUT.json`` writes them (the nox ``types`` session validates
them with Ajv against the installed package's schemas); ``tests/test_schemas.py`` validates
them with :mod:`jsonschema`. Every document is what ``to_json`` writes during seeded random
games: the states, every seat's view (and the spectator's) of each, every action and event,
the saved records and the configs.
"""

from __future__ import annotations

import itertools
import json
import pathlib
import random
import sys
from typing import Any

import millions_rules as millions
from millions_rules import torraku

__all__ = ["samples"]

#: The games played: (players, seed); the three-player game has its own rules.
MILLIONS_GAMES = ((3, 1), (5, 2))
TORRAKU_GAMES = ((1, 3), (3, 4))
#: Random Torraku play need not end: each game stops after this many rounds.
ROUND_LIMIT = 3


def _doc(value: object, write: Any) -> Any:
    return json.loads(write(value))


def _millions(step: int) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {name: [] for name in millions.SCHEMA_FILES}
    for players, seed in MILLIONS_GAMES:
        config = millions.GameConfig(players, seed=seed)
        rng = random.Random(seed)
        state = millions.new_game(config)
        out["game_config.json"].append(_doc(config, millions.to_json))
        for count in itertools.count():
            if count % step == 0 or state.is_over:
                out["game_state.json"].append(_doc(state, millions.to_json))
                for seat in (None, *range(players)):
                    seen = millions.view(state, seat)
                    out["player_view.json"].append(_doc(seen, millions.to_json))
            if state.is_over:
                break
            action = rng.choice(millions.legal_actions(state, payments=False))
            out["action.json"].append(_doc(action, millions.to_json))
            state = millions.apply(state, action)
        out["event.json"].extend(_doc(event, millions.to_json) for event in state.events)
        out["game_record.json"].append(json.loads(millions.save_game(state)))
        out["public_record.json"].append(json.loads(millions.public_record(state, 0)))
    # A game with offers, talk and presses (R-DEAL, R-TALK): every action and event, and
    # the states and views along it, open offers included.
    saved = (pathlib.Path(__file__).parent / "golden" / "with_deals.save.json").read_text("utf-8")
    record = millions.from_json(saved, millions.GameRecord)
    state = millions.new_game(record.config)
    for count, action in enumerate(record.actions):
        out["action.json"].append(_doc(action, millions.to_json))
        state = millions.apply(state, action)
        if count % (2 * step) == 0 or (state.offers and count % step == 0):
            out["game_state.json"].append(_doc(state, millions.to_json))
            for seat in (None, state.offers[0].to if state.offers else 0):
                out["player_view.json"].append(_doc(millions.view(state, seat), millions.to_json))
    out["event.json"].extend(_doc(event, millions.to_json) for event in state.events)
    out["game_record.json"].append(json.loads(millions.save_game(state)))
    out["public_record.json"].append(json.loads(millions.public_record(state, 1)))
    return out


def _torraku(step: int) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {name: [] for name in torraku.SCHEMA_FILES}
    for players, seed in TORRAKU_GAMES:
        config = torraku.TorrakuConfig(players, seed=seed, round_limit=ROUND_LIMIT)
        rng = random.Random(seed)
        state = torraku.new_game(config)
        out["torraku_config.json"].append(_doc(config, torraku.to_json))
        for count in itertools.count():
            actions = torraku.legal_actions(state)
            if count % step == 0 or not actions:
                out["torraku_state.json"].append(_doc(state, torraku.to_json))
                for seat in (None, *range(players)):
                    seen = torraku.view(state, seat)
                    out["torraku_view.json"].append(_doc(seen, torraku.to_json))
            if not actions:
                break
            action = rng.choice(actions)
            out["action.json"].append(_doc(action, torraku.to_json))
            state = torraku.apply(state, action)
        out["event.json"].extend(_doc(event, torraku.to_json) for event in state.events)
        out["torraku_record.json"].append(json.loads(torraku.save_game(state)))
    return out


def samples(step: int = 1) -> dict[str, dict[str, list[Any]]]:
    """``{"millions": {file: [document, ...]}, "torraku": {...}}``, a list per schema file.

    States and views are taken after every ``step``-th action and at the end.
    """
    return {"millions": _millions(step), "torraku": _torraku(step)}


if __name__ == "__main__":
    pathlib.Path(sys.argv[1]).write_text(json.dumps(samples()), encoding="utf-8")
