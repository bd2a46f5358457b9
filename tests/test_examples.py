"""Every example runs (the package session runs them against the built wheel too)."""

from __future__ import annotations

import importlib.util
import json
import pathlib
from collections.abc import Iterator
from types import ModuleType

import pytest

from millions_rules import (
    Choose,
    Dealer,
    DealLoot,
    GameConfig,
    Role,
    SetAside,
    Stay,
    apply,
    to_json,
    visible_events,
)

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
    """The server plays four JSON clients to the end and refuses bad, foreign and stale messages."""
    assert load("server_loop").main() == 0
    out = capsys.readouterr().out
    assert "winners: [2]" in out
    assert '"error": "wrong_type", "message": "player: expected int, got boolean"' in out
    assert '"error": "not_your_action"' in out and '"error": "stale_version"' in out


def _error_code(reply: dict[int, str], seat: int) -> str:
    assert list(reply) == [seat]  # an error goes to the sender only
    code: str = json.loads(reply[seat])["error"]
    return code


def test_server_seat_cannot_deal_set_aside_or_act_for_another() -> None:
    """With an external dealer, no seat can pick the loot card or the face-down card,
    and no seat acts for another; the state does not move."""
    server = load("server_loop")
    table = server.Table(GameConfig(4, seed=3, dealer=Dealer.EXTERNAL))
    before = table.state
    deal = to_json(DealLoot(7))
    assert _error_code(table.handle(0, 0, deal), 0) == "not_your_action"
    table.state = apply(table.state, DealLoot(7))  # the trusted dealer deals
    for seat, role in enumerate([Role.BRUTE, Role.BRUTE, Role.CROOK, Role.DRIVER]):
        table.state = apply(table.state, Choose(seat, role))
    version = table.state.version
    aside = to_json(SetAside(Role.BRUTE))
    assert _error_code(table.handle(2, version, aside), 2) == "not_your_action"
    assert _error_code(table.handle(1, version, to_json(Stay(0))), 1) == "not_your_action"
    assert table.state.version == version and before.version == 0


def test_server_cursor_sends_each_event_once() -> None:
    """Clients that keep ``events[:first_event]`` and append hold exactly their visible log."""
    server = load("server_loop")
    table = server.Table(GameConfig(3, seed=5))
    clients = [server.Client(seat) for seat in range(3)]
    for seat, client in enumerate(clients):
        client.receive(table.update(seat))
    while not table.state.is_over:
        seat = table.state.awaiting[0]
        seen = clients[seat].seen
        action = clients[seat].player.act(seen)
        for other, text in table.handle(seat, seen.version, to_json(action)).items():
            clients[other].receive(text)
    for seat, client in enumerate(clients):
        assert tuple(client.log) == visible_events(table.state.events, seat)
        assert client.seen.version == table.state.version


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
        if line.startswith(("Your character:", "Your characters:")):
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
