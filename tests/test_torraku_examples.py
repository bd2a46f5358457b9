"""The Currency Torraku companion-app example, driven by a scripted table."""

from __future__ import annotations

from collections.abc import Iterator

from millions_rules.torraku import Phase, PieceCounts

from .test_examples import load


def feeder(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise AssertionError("the example asked for more input than the script has")


def test_table_reports_each_outcome() -> None:
    """Worked example 3 at a two-player table: bets, a touch, a new base, then quitting."""
    table = load("torraku_table")
    answers = feeder(["2", "Ann", "Bo", "1", "bet V", "bet RR", "pass", "pass", "t", "quit"])
    screen: list[str] = []
    assert table.main(lambda _: next(answers), screen.append) == 0
    text = "\n".join(screen)
    assert (
        "Ann moves another piece of the stack by hand while adding a van, and takes the stack "
        "and that piece as a penalty: 1 van and 1 rice cooker." in text
    )
    assert "Bo lays a rice cooker as the base of a new stack." in text
    assert "Round 2: Bo opens the betting." in text
    assert screen[-1] == "Bye."


def test_table_refuses_bad_input_and_plays_to_the_end() -> None:
    """Typos and illegal bets get a message and a new prompt; a solo game ends with the win."""
    table = load("torraku_table")
    script = ["1", "", "", "pass", "bet X", "bet", "bet VVWW RRRRRR", "bet +V", "pass"]
    script += ["x", "k 99"] + ["p"] * 9
    answers = feeder(script)
    screen: list[str] = []
    state = table.play(lambda _: next(answers), screen.append)
    messages = [line for line in screen if line.startswith("!!")]
    assert messages[0] == "!! the opener must bet at least one piece (R-TK-BET-4)"
    assert "unknown piece letter" in messages[1]
    assert len(messages) == 6
    assert state.phase is Phase.GAME_OVER and state.winners == (0,)
    assert state.bag == PieceCounts(12, 12, 36)
    assert "Game over after round 1: seat 1 wins, out of pieces!" in screen


def test_end_of_input_quits_quietly() -> None:
    """Closing the input (EOF) ends the app without a traceback."""
    table = load("torraku_table")

    def ask(_: str) -> str:
        raise EOFError

    screen: list[str] = []
    assert table.main(ask, screen.append) == 0 and screen == ["Bye."]
