"""Write the golden saved games (run once per format change; the files are checked in).

``python tests/golden/make_golden.py`` plays a few seeded games covering every
player count, option and dealer, and writes for each the saved game and the
JSON of its final state. ``test_serialization.py`` loads the saves and compares.
"""

from __future__ import annotations

import pathlib
import random

from millions_rules import (
    Dealer,
    GameConfig,
    RepeatRole,
    apply,
    legal_actions,
    new_game,
    save_game,
    to_json,
)

HERE = pathlib.Path(__file__).parent

GAMES = {
    "three_players": GameConfig(3, seed=301),
    "four_forbidden": GameConfig(4, seed=402, repeat_role=RepeatRole.FORBIDDEN),
    "five_quick": GameConfig.quick(5, seed=503),
    "six_allowed": GameConfig(6, seed=604, repeat_role=RepeatRole.ALLOWED),
    "seven_external": GameConfig(7, seed=705, dealer=Dealer.EXTERNAL),
    "eight_players": GameConfig(8, seed=806, first_leader=5),
}


def play(config: GameConfig, seed: int) -> object:
    rng = random.Random(seed)
    state = new_game(config)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=rng.random() < 0.15)))
    return state


def main() -> None:
    for index, (name, config) in enumerate(GAMES.items()):
        state = play(config, index)
        (HERE / f"{name}.save.json").write_text(save_game(state) + "\n", encoding="utf-8")  # type: ignore[arg-type]
        (HERE / f"{name}.state.json").write_text(to_json(state) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
