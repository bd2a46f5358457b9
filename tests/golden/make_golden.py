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


#: Games with offers, talk and presses (R-DEAL, R-TALK; written 2026-12-01, format 2).
NEGOTIATED = {"with_deals": GameConfig(5, seed=907)}


def play_negotiated(config: GameConfig, seed: int) -> object:
    """A game with random offers, answers, talk and presses beside the rule actions."""
    import sys

    sys.path.insert(0, str(HERE.parent.parent))
    from tests.strategies import play_randomly

    return play_randomly(new_game(config), random.Random(seed), pay_chance=0.15, side_chance=0.5)[
        -1
    ]


def write(name: str, state: object) -> None:
    (HERE / f"{name}.save.json").write_text(save_game(state) + "\n", encoding="utf-8")  # type: ignore[arg-type]
    (HERE / f"{name}.state.json").write_text(to_json(state) + "\n", encoding="utf-8")


def main(only_negotiated: bool = False) -> None:
    if not only_negotiated:
        for index, (name, config) in enumerate(GAMES.items()):
            write(name, play(config, index))
    for name, config in NEGOTIATED.items():
        write(name, play_negotiated(config, 3))


if __name__ == "__main__":
    import sys

    main(only_negotiated="--negotiated" in sys.argv)
