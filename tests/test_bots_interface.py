"""The bots layer written once against the game interface: one runner, one RandomBot, one
ISMCTSBot and one simulator for both games; answers matched by class and value."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from millions_rules import Action, GameConfig, PlayerView, Stay
from millions_rules.__main__ import main
from millions_rules.bots import BotError, ISMCTSBot, RandomBot, play_game
from millions_rules.bots import torraku as tk
from millions_rules.bots._cli import add_parser
from millions_rules.bots._simulate import HOOKS, bot_from_spec, simulate, statistics
from millions_rules.games import GAMES
from millions_rules.torraku import (
    Bet,
    ConfigError,
    Dealer,
    Pass,
    ReportPlacement,
    TorrakuConfig,
    replay,
)

from .test_torraku_bots import Recorder


class AlwaysEqual:
    """An answer that claims to equal everything (and hashes like nothing in particular)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "AlwaysEqual()"


class Liar:
    """A bot that answers with an AlwaysEqual."""

    def choose(self, view: object, legal: Sequence[Any], rng: random.Random) -> Any:
        return AlwaysEqual()


class Impostor(Stay):
    """A subclass of an action class: equal by value to a Stay, but not of its class."""


def test_an_object_equal_to_everything_is_a_bot_error_in_both_games() -> None:
    """Bots are matched by value and class: an answer whose __eq__ always says True is a
    BotError naming the seat, in Millions and in Torraku, never an engine error."""
    with pytest.raises(BotError, match=r"seat 0 chose AlwaysEqual\(\)") as caught:
        play_game(GameConfig(3, seed=1), [Liar(), RandomBot(), RandomBot()])
    assert caught.value.seat == 0 and caught.value.code == "action_not_offered"
    with pytest.raises(BotError, match=r"seat 0 chose AlwaysEqual\(\)") as caught:
        tk.play_game(TorrakuConfig(2, seed=1), [Liar(), RandomBot()])
    assert caught.value.seat == 0


def test_a_subclass_of_an_offered_action_is_refused() -> None:
    """An instance of a subclass equal by value to an offered action is not that action."""

    class Sub:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            if Stay(view.seat or 0) in legal:
                return Impostor(view.seat or 0)
            return legal[0]

    with pytest.raises(BotError) as caught:
        play_game(GameConfig(3, seed=1), [Sub(), Sub(), Sub()])
    assert "Impostor" in str(caught.value)


def test_the_runner_of_every_game_is_one_function() -> None:
    """millions_rules.bots.play_game plays Torraku too; the Torraku name is the same object,
    and a Torraku game from either name is the same game."""
    any_game: Any = play_game  # typed for Millions; the same object typed for Torraku
    assert tk.play_game is any_game
    config = TorrakuConfig(3, seed=5, round_limit=20, dealer=Dealer.EXTERNAL)
    bots: list[Any] = [tk.RuleBot(), RandomBot(), tk.RuleBot()]
    final = tk.play_game(config, bots, seed=2)
    assert any_game(config, bots, seed=2) == final
    assert replay(config, final.history) == final
    assert any(isinstance(a, ReportPlacement) for a in final.history)
    with pytest.raises(
        ConfigError,
        match=r"needs the config of a registered game \(GameConfig, TorrakuConfig.*\), not TorrakuState",
    ):
        any_game(final, bots)


def test_random_bot_is_one_class_for_both_games() -> None:
    """The Torraku RandomBot is the RandomBot; in Torraku it draws once per question."""
    assert tk.RandomBot is RandomBot
    config = TorrakuConfig(2, seed=3, round_limit=10)
    final = tk.play_game(config, [RandomBot(), RandomBot()], seed=4)
    assert final.is_over and replay(config, final.history) == final


@pytest.mark.parametrize("dealer", list(Dealer))
def test_ismcts_plays_torraku(dealer: Dealer) -> None:
    """ISMCTSBot plays Torraku through the interface (a sampled world, the generic search
    model, the table's chance with an external dealer): every answer is one of its offered
    bets or pass, the game replays, and the same seed gives the same game."""
    config = TorrakuConfig(3, seed=9, round_limit=8, dealer=dealer)
    spy = Recorder(ISMCTSBot(iterations=15))
    final = tk.play_game(config, [spy, tk.RuleBot(), RandomBot()], seed=1)
    assert final.is_over and replay(config, final.history) == final
    assert spy.calls
    for seen, offered, answer in spy.calls:
        assert seen.seat == 0 and answer in offered
        assert isinstance(answer, (Bet, Pass))
    assert (
        tk.play_game(config, [ISMCTSBot(iterations=15), tk.RuleBot(), RandomBot()], seed=1) == final
    )


def test_ismcts_beats_random_at_torraku() -> None:
    """Over 16 two-player games with seats alternating, ISMCTSBot wins more than RandomBot."""
    wins = {"ismcts": 0, "random": 0}
    for game in range(16):
        bots: list[Any] = [ISMCTSBot(iterations=20), RandomBot()]
        if game % 2:
            bots.reverse()
        final = tk.play_game(TorrakuConfig(2, seed=game, round_limit=30), bots)
        for seat in final.winners:
            wins["ismcts" if isinstance(bots[seat], ISMCTSBot) else "random"] += 1
    assert wins["ismcts"] > wins["random"]


def test_ismcts_refuses_a_view_of_no_game() -> None:
    """A view that is no game's view is a ConfigError."""
    with pytest.raises(ConfigError, match="no config, state or view"):
        ISMCTSBot(iterations=2).choose("a view", [Stay(0), Stay(1)], random.Random(0))


def test_every_game_has_a_simulator_hook_and_every_bot_name() -> None:
    """Each game of GAMES has a statistics hook; random, rule and ismcts[:N] exist in each."""
    assert set(HOOKS) == set(GAMES)
    for game in GAMES:
        for spec in ("random", "rule", "ismcts", "ismcts:4"):
            assert callable(bot_from_spec(spec, game).choose)
    assert type(bot_from_spec("rule", "torraku")) is tk.RuleBot
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        bot_from_spec("rule", "chess")


def test_simulate_torraku_with_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --game torraku --bots ismcts,rule,random plays a run whose JSON names them."""
    args = ["simulate", "--game", "torraku", "--games", "3", "--players", "3", "--json"]
    assert main([*args, "--bots", "ismcts:5,rule,random"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["settings"]["bots"] == ["ismcts:5", "rule", "random"]
    assert sorted(document["statistics"]["bots"]) == ["ismcts:5", "random", "rule"]
    assert [s["win_rate"]["n"] for s in document["statistics"]["seats"].values()] == [3, 3, 3]


def test_table_counts_seat_games_and_explains_shared_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The tables count seat-games, say that a shared win counts for each winner, and for
    Torraku that its win rates can add up to more than 100%."""
    assert main(["simulate", "--games", "2", "--players", "3", "--bots", "rule"]) == 0
    out = capsys.readouterr().out
    assert "bot   seat-games" in out and "seat  seat-games" in out
    assert "A shared win counts as a win for\neach winner" in out
    argv = ["simulate", "--game", "torraku", "--games", "4", "--players", "2", "--bots", "rule"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "its win rates often add up to more than 100%" in out
    assert "seat-games" in out


def test_torraku_win_rates_can_add_past_100_percent() -> None:
    """A shared win counts for each winner: two seats that tie both win."""
    summaries = [{"bots": ["rule", "rule"], "winners": [0, 1], "pieces": [0, 0], "rounds": 3,
                  "penalties": 0}]  # fmt: skip
    seats = statistics(summaries, "torraku")["seats"]
    assert sum(s["win_rate"]["value"] for s in seats.values()) == 2.0


def test_simulate_is_one_function_for_both_games() -> None:
    """simulate plays either game from its own options; jobs do not change the results."""
    options = {"setup": "standard", "round_limit": 5}
    one = simulate("torraku", 4, 2, ["rule", "random"], options, seed=3)
    assert [s["bots"] for s in one] == [["rule", "random"]] * 4
    assert simulate("torraku", 4, 2, ["rule", "random"], options, seed=3, jobs=2) == one
    millions = {"quick": True, "repeat_role": "no_share", "dealer": "engine"}
    assert len(simulate("millions", 2, 3, ["random"], millions, seed=3)) == 2


def test_ray_without_ray_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--ray when Ray is not installed ends with exit status 2 and says how to install it."""
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "--games", "1", "--players", "3", "--ray"])
    assert caught.value.code == 2
    assert 'needs Ray: pip install "millions-rules[ray]"' in capsys.readouterr().err


def test_every_simulate_option_has_help() -> None:
    """Every option of simulate says what it does."""
    parser = add_parser(argparse.ArgumentParser().add_subparsers())
    for action in parser._actions:
        assert action.help, action.option_strings


@pytest.mark.parametrize("command", ["demo", "simulate", "serve", "schemas"])
def test_every_option_of_the_command_line_has_help(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every option and argument of every subcommand says what it does in --help."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    lines = capsys.readouterr().out.splitlines()
    listed = [i for i, line in enumerate(lines) if line.startswith("  ") and line[2] != " "]
    assert listed
    for i in listed:
        name, _, rest = lines[i].strip().partition("  ")
        described = rest.strip() or (i + 1 < len(lines) and lines[i + 1].startswith("     "))
        assert described, f"{command} {name} has no help"
