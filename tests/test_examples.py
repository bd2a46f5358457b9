"""Every example runs (the package session runs them against the built wheel too)."""

from __future__ import annotations

import importlib.util
import pathlib
from collections.abc import Iterator
from types import ModuleType

import pytest

EXAMPLES = pathlib.Path(__file__).parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_minimal_loop(capsys: pytest.CaptureFixture[str]) -> None:
    """The minimal loop plays a whole game and names the winner."""
    assert load("minimal_loop").main(4, 7) == 0
    assert "Game over" in capsys.readouterr().out


def test_replay_saved_game(capsys: pytest.CaptureFixture[str]) -> None:
    """A game is saved, loaded and replayed move by move."""
    assert load("replay_saved_game").main([]) == 0
    out = capsys.readouterr().out
    assert "actions, saved by millions-rules" in out and "Game over" in out


def test_replay_saved_golden_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The replay example reads a saved game file."""
    golden = pathlib.Path(__file__).parent / "golden" / "three_players.save.json"
    assert load("replay_saved_game").main([str(golden)]) == 0
    assert "Game over" in capsys.readouterr().out


def test_server_loop(capsys: pytest.CaptureFixture[str]) -> None:
    """The server plays four JSON clients to the end and refuses a malformed message."""
    assert load("server_loop").main() == 0
    out = capsys.readouterr().out
    assert "winners" in out and '"error": "bad_document"' in out


def scripted(answers: list[str]) -> Iterator[str]:
    yield from answers
    while True:  # then keep answering with the first menu item
        yield "1"


def test_hot_seat_plays_a_whole_game() -> None:
    """The hot-seat game runs to the end with scripted keyboard input."""
    hot_seat = load("hot_seat")
    answers = scripted(["4", "Al", "Bo", "Cy", "Di"])
    screen: list[str] = []

    def ask(prompt: str) -> str:
        screen.append(prompt)
        answer = next(answers)
        return "" if "press Enter" in prompt or "Press Enter" in prompt else answer

    assert hot_seat.main(ask, screen.append) == 0
    assert any("Game over" in line for line in screen)


def test_hot_seat_never_shows_another_players_secret() -> None:
    """Between a player's turn and the next player's, the screen is cleared before the hand-over."""
    hot_seat = load("hot_seat")
    answers = scripted(["3", "Al", "Bo", "Cy"])
    screen: list[str] = []

    def ask(prompt: str) -> str:
        screen.append("ASK " + prompt)
        answer = next(answers)
        return "" if "ress Enter" in prompt else answer

    hot_seat.main(ask, screen.append)
    current = None
    for line in screen:
        if line.startswith(hot_seat.CLEAR):
            current = None
        if "press Enter when nobody else" in line:
            current = line.split(",")[0].removeprefix("ASK ")
        if line.startswith("Your character(s):"):
            assert current is not None, "a secret was shown before the hand-over prompt"


def test_hot_seat_rejects_bad_input() -> None:
    """Bad menu input and illegal payments are explained, not crashes."""
    hot_seat = load("hot_seat")
    answers = iter(["2", "9", "3", "", "", "", "", "zzz", "pay 1 99", "quit"])
    screen: list[str] = []
    assert hot_seat.main(lambda prompt: next(answers), screen.append) == 0
    text = "\n".join(screen)
    assert "The game is for 3 to 8 players." in text
    assert "Type a number from the list" in text
    assert "Not allowed" in text and "Game abandoned." in text


def test_examples_do_not_reach_into_private_modules() -> None:
    """Examples use the public API only."""
    for path in EXAMPLES.glob("*.py"):
        assert "millions_rules._" not in path.read_text("utf-8"), path.name


def test_hot_seat_end_of_input_abandons_quietly() -> None:
    """Ctrl-D (end of input) at any prompt ends the game without a traceback."""
    hot_seat = load("hot_seat")
    answers = iter(["3", "Al"])
    screen: list[str] = []

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    assert hot_seat.main(ask, screen.append) == 0
    assert screen[-1].endswith("Game abandoned.")


def test_bot_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The bot table plays a whole game between RuleBot, ISMCTSBot and random bots."""
    assert load("bot_table").main(5) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "ISMCTSBot" in out
