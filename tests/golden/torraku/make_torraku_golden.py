"""Write the golden Currency Torraku saves (run once per format change; the files are checked in).

``python tests/golden/torraku/make_torraku_golden.py`` plays seeded games covering one to six
players, both setups, both dealers and the round limit, and writes for each the saved game
and the JSON of its final state. ``test_torraku_serialization.py`` loads and compares them.
"""

from __future__ import annotations

import pathlib
import random

from millions_rules.torraku import (
    Action,
    Bet,
    Pass,
    PieceCounts,
    Placement,
    ReportPlacement,
    Setup,
    TorrakuConfig,
    TorrakuState,
    apply,
    legal_actions,
    new_game,
    save_game,
    to_json,
)

HERE = pathlib.Path(__file__).parent

GAMES = {
    "solo": TorrakuConfig(1, seed=101, round_limit=12),
    "two_long": TorrakuConfig(2, seed=202, setup=Setup.LONG, round_limit=10),
    "three_reported": TorrakuConfig(3, seed=303, first_player=2, round_limit=10),
    "four_simulated": TorrakuConfig.simulated(4, seed=404, touch=0.02, drop=0.05),
    "five_supply": TorrakuConfig(5, seed=505, supply=PieceCounts(11, 10, 40), round_limit=8),
    "six_skill": TorrakuConfig.simulated(6, seed=606, skill=(0.5, 1, 1, 1, 1, 2)),
}


def choose(state: TorrakuState, rng: random.Random) -> Action:
    actions = legal_actions(state)
    if isinstance(actions[0], ReportPlacement):
        outcome = rng.choices(list(Placement), weights=(12, 2, 3, 1))[0]
        fallen = rng.randint(1, len(state.stack)) if outcome is Placement.KNOCKED_DOWN else None
        return ReportPlacement(actions[0].player, outcome, fallen)
    if isinstance(actions[0], Pass) and rng.random() < 0.5:
        return actions[0]
    return rng.choice([a for a in actions if isinstance(a, Bet)] or list(actions))


def main() -> None:
    for index, (name, config) in enumerate(GAMES.items()):
        rng = random.Random(index)
        state = new_game(config)
        while not state.is_over:
            state = apply(state, choose(state, rng))
        (HERE / f"{name}.save.json").write_text(save_game(state) + "\n", encoding="utf-8")
        (HERE / f"{name}.state.json").write_text(to_json(state) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
