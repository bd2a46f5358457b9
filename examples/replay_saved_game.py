"""Save a game, load it back, and replay it move by move (like stepping through a PGN).

Run: ``python examples/replay_saved_game.py [saved-game.json]``. Without a file,
a seeded game is played and saved to a temporary file first.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

from millions_rules import (
    GameConfig,
    GameRecord,
    apply,
    describe,
    from_json,
    load_game,
    new_game,
    save_game,
    view,
    visible_events,
)
from millions_rules.bots import RandomBot


def play_and_save(path: pathlib.Path) -> None:
    state = new_game(GameConfig(5, seed=42))
    bots = [RandomBot(seed=seat, pay_chance=0.05) for seat in range(5)]
    while not state.is_over:
        seat = state.awaiting[0]
        action = bots[seat].act(view(state, seat))
        assert action is not None
        state = apply(state, action)
    path.write_text(save_game(state), encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv:
        path = pathlib.Path(argv[0])
    else:
        path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
        play_and_save(path)
    text = path.read_text(encoding="utf-8")
    final = load_game(text)  # replays and checks every action
    record = from_json(text, GameRecord)
    print(
        f"{path.name}: {len(record.actions)} actions, saved by millions-rules "
        f"{record.library_version}"
    )
    state = new_game(record.config)
    for number, action in enumerate(record.actions, 1):
        before = len(state.events)
        state = apply(state, action)
        for event in visible_events(state.events[before:], None):  # the public record only
            print(f"{number:4}  {describe(event)}")
    assert state == final
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
