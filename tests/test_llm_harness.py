"""The text-game harness for LLM seats (millions_rules.llm): scripted agents (no network)
play complete games of both games, with illegal answers on purpose: each earns a strike and
a rethink prompt, and after the configured number of strikes the harness plays a seeded
legal move (R-NEG-1, R-PLAN-2; R-TK-BET-4, R-TK-BET-8)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from millions_rules.llm import TextGame, play, read_answer
from millions_rules.text import command, legal_actions


def scripted(env: TextGame, every: int) -> Callable[[str], str]:
    """An agent that answers a legal command in chatty prose, and every ``every``-th answer
    something illegal."""
    count = [0]

    def agent(prompt: str) -> str:
        count[0] += 1
        if count[0] % every == 0:
            return "Hmm. I would like to /fly to the moon"
        seen = env.game.view(env.state, env.get_observation()[0])
        rng = random.Random(count[0])
        actions = [
            a for a in legal_actions(seen) if type(a).__name__ != "Pay" or rng.random() < 0.05
        ]
        return f"Let me think about it.\n**`{command(rng.choice(actions), names=env.names)}`**"

    return agent


@pytest.mark.parametrize("game", ["millions", "torraku"])
def test_complete_games_with_illegal_answers(game: str) -> None:
    """A whole game with every fourth answer illegal: each illegal answer is recorded with
    its code and followed by a rethink prompt; no seat reaches three strikes, so nothing is
    forced; the game ends with rewards for its winners."""
    env = TextGame(game, players=3, seed=5, names=["Ana", "Bo", "Cy"], strikes=3)
    agent = scripted(env, 4)
    rethinks: list[str] = []

    def watching(prompt: str) -> str:
        if prompt.startswith("Your answer was not a legal move"):
            rethinks.append(prompt)
        return agent(prompt)

    rewards, info = play(env, {seat: watching for seat in range(3)})
    assert env.done
    assert sorted(seat for seat, reward in rewards.items() if reward == 1.0) == info["winners"]
    illegal = [call for call in env.telemetry if not call.legal]
    assert info["illegal"] == len(illegal) == len(rethinks) > 0
    assert {call.error for call in illegal} == {"unknown_command"}
    assert not any(call.forced for call in env.telemetry)
    assert rethinks[0].startswith("Your answer was not a legal move: “hmm” is not a command. Try: ")
    assert [call.attempt for call in env.telemetry if not call.legal] == [1] * len(illegal)


def test_strikes_force_a_seeded_move() -> None:
    """An agent that never answers legally gets ``strikes`` tries per decision, then the
    harness plays a random legal move seeded by the game, seat and version: the same twice."""

    def stubborn(prompt: str) -> str:
        return "no"

    ends = []
    for _ in range(2):
        env = TextGame("millions", players=3, seed=9, strikes=2, show_legal=False)
        play(env, {seat: stubborn for seat in range(3)})
        assert env.done
        calls = env.telemetry
        assert [call.attempt for call in calls[:4]] == [1, 2, 1, 2]
        assert [call.forced for call in calls[:4]] == [False, True, False, True]
        ends.append(env.game.save_game(env.state))
    assert ends[0] == ends[1]


def test_prompts() -> None:
    """The prompt says who the seat is, what it knows, and (optionally) its legal commands, in
    the harness's language."""
    env = TextGame(
        "millions", players=4, seed=1, locale="zh", names=["阿明", "小红", "老王", "小李"]
    )
    seat, prompt = env.get_observation()
    assert seat == 0
    assert prompt.splitlines()[0] == "你是百万美金牌局中的阿明。"
    assert "你可以使用的指令：" in prompt and "/选 暴徒 · " in prompt
    assert prompt.splitlines()[-1] == "请只回答一条指令，单独成行，以 / 开头。"
    hidden = TextGame("millions", players=4, seed=1, show_legal=False).get_observation()[1]
    assert "Your legal commands:" not in hidden


def test_reading_answers() -> None:
    """The command is the answer's last line that starts with / (in backticks or bold), else
    the whole answer."""
    assert read_answer("I pick\n`/choose driver`") == "/choose driver"
    assert read_answer("/stay\nno wait\n**/leave**") == "/leave"
    assert read_answer("  选 司机 ") == "选 司机"


def test_the_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/llm_harness.py plays both games offline and prints its telemetry summary."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parent.parent / "examples" / "llm_harness.py"
    spec = importlib.util.spec_from_file_location("llm_harness", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main("millions") == 0 and module.main("torraku") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "winners: ['Dee']" and out[1].endswith("illegal answers")


def test_a_prompt_tells_the_seat_its_own_moves_in_the_second_person() -> None:
    """What happened since the seat's last turn tells its own deeds as its own ("You lay a
    character face down"), the others' by name, and never another seat's hidden choice
    (R-PLAN-2, R-INFO)."""
    env = TextGame("millions", players=4, seed=1, names=["Ana", "Bo", "Cy", "Dee"])
    for answer in ["/choose driver", "/choose brute", "/choose crook", "/choose driver"]:
        assert env.step(answer)[1]["call"].legal
    seat, prompt = env.get_observation()
    assert seat == 0
    told = prompt.split("Since your last turn:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert told == [
        "- You secretly send your Driver.",
        "- You lay a character face down with a 1M deposit.",
        "- Bo lays a character face down with a 1M deposit.",
        "- Cy lays a character face down with a 1M deposit.",
        "- Dee lays a character face down with a 1M deposit.",
        "- Role cards face up: Brute, Driver, Driver; one lies face down.",
    ]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--url", "ftp://127.0.0.1/#t"], "a seat's link starts with http:// or https://"),
        (["--url", "http://127.0.0.1:1/"], "no seat token: give the seat's link"),
        (["--players", "20"], "Millions of Dollars is for 3 to 8 players, not 20"),
        (["--seat", "7"], "--seat must be from 1 to 4"),
    ],
)
def test_the_mcp_command_refuses_bad_arguments(
    arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``millions-rules mcp`` with a bad link, player count or seat exits with status 2 and
    says why, before any server starts (R-SETUP-1)."""
    from millions_rules.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["mcp", *arguments])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("timeout", "polls"), [(1e9, 6000), (float("inf"), 6000), (float("nan"), 0), (-5.0, 0)]
)
def test_a_local_seat_waits_at_most_the_remote_seats_limit(
    monkeypatch: pytest.MonkeyPatch, timeout: float, polls: int
) -> None:
    """R-PLAN-2: a seat that has chosen waits for the others; asked to wait a billion seconds
    (or forever) it looks at the table at most MAX_WAIT_SECONDS / 0.05 times, as a remote
    seat is bounded, and then says it is still waiting."""
    import asyncio

    from millions_rules.llm import MAX_WAIT_SECONDS
    from millions_rules.llm.mcp_server import Seat
    from millions_rules.text import ChatHost

    host = ChatHost("millions", ["Al", "Bo", "Cy", "Di"], seed=3, locale="en")
    host.start()
    seat = Seat(host, 1)
    assert "Driver" in seat.act("/choose driver") and not seat.my_turn()
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) > MAX_WAIT_SECONDS / 0.05:
            raise AssertionError("the seat waited past MAX_WAIT_SECONDS")

    monkeypatch.setattr(asyncio, "sleep", sleep)
    told = asyncio.run(seat.wait_for_turn(timeout))
    assert told.splitlines()[0] == "waiting"
    assert len(slept) == polls and sum(slept) == pytest.approx(polls * 0.05)
    assert polls * 0.05 <= MAX_WAIT_SECONDS
