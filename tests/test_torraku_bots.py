"""Torraku bots and their runner: legal play in every setup, no access to the state, determinism."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import attrs
import pytest

from millions_rules.bots import BotError
from millions_rules.bots.torraku import Bot, RandomBot, RuleBot, play_game
from millions_rules.torraku import (
    Action,
    Bet,
    ConfigError,
    Dealer,
    Pass,
    PieceKind,
    ReportPlacement,
    Setup,
    TorrakuConfig,
    TorrakuState,
    TorrakuView,
    apply,
    legal_actions,
    new_game,
    replay,
    view,
)


class Recorder:
    """Wraps a bot and records every question it was asked and its answer."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.calls: list[tuple[TorrakuView, tuple[Action, ...], Action]] = []

    def choose(self, view: TorrakuView, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        self.calls.append((view, tuple(legal), action))
        return action


def _check_game(config: TorrakuConfig, recorders: list[Recorder], final: TorrakuState) -> None:
    assert final.is_over and final.winners
    assert replay(config, final.history) == final  # every action was legal, in this order
    bot_actions = [a for a in final.history if not isinstance(a, ReportPlacement)]
    asked = sorted(
        ((len(view.events), action) for r in recorders for view, _, action in r.calls),
        key=lambda pair: pair[0],
    )
    assert [action for _, action in asked] == bot_actions
    for seat, recorder in enumerate(recorders):
        for seen, legal, action in recorder.calls:
            assert seen.seat == seat and seen.to_act == seat and action in legal
            assert all(a.player == seat for a in legal)
    left = [hand.total for hand in final.hands]
    if config.round_limit is not None:
        assert final.round <= config.round_limit
    if 0 in left:  # R-TK-END-3
        assert final.winners == tuple(s for s, n in enumerate(left) if n == 0)
    else:  # R-TK-VAR-LIMIT: the fewest pieces win at the limit
        assert final.round == config.round_limit
        assert final.winners == tuple(s for s, n in enumerate(left) if n == min(left))


@pytest.mark.parametrize("players", range(1, 7))
@pytest.mark.parametrize(
    ("setup", "round_limit", "dealer"),
    [
        (Setup.STANDARD, None, Dealer.EXTERNAL),
        (Setup.LONG, None, Dealer.EXTERNAL),
        (Setup.STANDARD, 1, Dealer.EXTERNAL),
        (Setup.LONG, 3, Dealer.ENGINE),
    ],
)
def test_bots_play_legally_in_every_setup(
    players: int, setup: Setup, round_limit: int | None, dealer: Dealer
) -> None:
    """R-TK-SETUP-1/2, R-TK-VAR-LIMIT, R-TK-VAR-DEALER, 1 to 6 players: over seeded games every
    bot action was offered, was its own seat's, and replays legally; the game ends with the
    winners R-TK-END-3 (or the round limit) names."""
    for game in range(6):
        config = TorrakuConfig(
            players, seed=game, setup=setup, round_limit=round_limit, dealer=dealer
        )
        recorders = [Recorder(RuleBot() if (s + game) % 2 else RandomBot()) for s in range(players)]
        final = play_game(config, recorders)
        _check_game(config, recorders, final)
        assert sum(len(r.calls) for r in recorders) > 0


def test_bot_sees_only_its_view_never_the_state() -> None:
    """R-TK-INFO: a bot receives a TorrakuView (no seed, no generator) and the seat's legal
    actions; nothing it receives holds a TorrakuState or the full TorrakuConfig."""
    seen: list[object] = []

    class Spy:
        def choose(self, view: TorrakuView, legal: Sequence[Action], rng: random.Random) -> Action:
            seen.extend([view, *legal])
            return legal[0]

    play_game(TorrakuConfig(3, seed=2, round_limit=5), [Spy(), Spy(), Spy()])
    assert seen

    def walk(value: object) -> None:
        assert not isinstance(value, (TorrakuState, TorrakuConfig))
        if attrs.has(type(value)):
            for field in attrs.fields(type(cast(Any, value))):
                assert field.name not in ("rng", "seed")
                walk(getattr(value, field.name))
        elif isinstance(value, tuple):
            for item in value:
                walk(item)

    for value in seen:
        assert isinstance(value, (TorrakuView, Bet, Pass))
        walk(value)


def test_rule_bot_choice_does_not_depend_on_the_hidden_generator() -> None:
    """States that differ only in seed and generator give equal views, hence equal choices."""
    a, b = new_game(TorrakuConfig(4, seed=1)), new_game(TorrakuConfig(4, seed=99))
    assert view(a, 0) == view(b, 0)
    bot = RuleBot()
    assert bot.choose(view(a, 0), legal_actions(a), random.Random(0)) == bot.choose(
        view(b, 0), legal_actions(b), random.Random(5)
    )


def test_play_game_is_deterministic_and_seed_overrides_config_seed() -> None:
    """The same config, bots and seed give the same game; the seed argument changes it."""
    config = TorrakuConfig(4, seed=3, round_limit=20)
    bots: list[Bot] = [RandomBot(), RuleBot(), RandomBot(), RuleBot()]
    first = play_game(config, bots)
    assert play_game(config, bots) == first
    assert play_game(config, bots, seed=3) == first
    others = {play_game(config, bots, seed=s).history for s in range(4, 10)}
    assert len(others) > 1


def test_external_dealer_reports_come_from_the_model() -> None:
    """R-TK-STACK-7: with Dealer.EXTERNAL the runner reports every attempt itself; with the
    knock-down chance at its cap some attempts fail, and a knock-down names ``fallen``."""
    config = TorrakuConfig(2, seed=4, round_limit=10, knock_base=0.7, knock_cap=0.7)
    final = play_game(config, [RuleBot(risk=1.0), RuleBot(risk=1.0)])
    reports = [a for a in final.history if isinstance(a, ReportPlacement)]
    assert reports
    knocked = [r for r in reports if r.fallen is not None]
    assert knocked and all(r.outcome.value == "knocked_down" for r in knocked)


def test_rule_bot_all_in_and_pass() -> None:
    """RuleBot bets its whole hand when the model makes the stack safe enough, and passes
    rather than match a bet past its risk (R-TK-SIM-2, R-TK-BET-8)."""
    state = new_game(TorrakuConfig(2, seed=1))
    opening = RuleBot().choose(view(state, 0), legal_actions(state), random.Random(0))
    assert isinstance(opening, Bet) and len(opening.pieces) == 10
    timid = RuleBot(risk=0.0)
    single = timid.choose(view(state, 0), legal_actions(state), random.Random(0))
    assert isinstance(single, Bet) and len(single.pieces) == 1  # the opener must bet
    raised = apply(state, opening)
    assert timid.choose(view(raised, 1), legal_actions(raised), random.Random(0)) == Pass(1)


def test_rule_bot_beats_random_bot() -> None:
    """Over 60 seeded two-player games with seats alternating, RuleBot wins more than RandomBot."""
    wins = {"rule": 0, "random": 0}
    for game in range(60):
        bots: list[Bot] = [RuleBot(), RandomBot()] if game % 2 else [RandomBot(), RuleBot()]
        final = play_game(TorrakuConfig(2, seed=game, round_limit=50), bots)
        for seat in final.winners:
            wins["rule" if isinstance(bots[seat], RuleBot) else "random"] += 1
    assert wins["rule"] > wins["random"]


def test_bad_arguments_are_refused() -> None:
    """A wrong config, bot list or seed is a ConfigError; an unoffered action a BotError."""
    config = TorrakuConfig(2, seed=1)
    with pytest.raises(ConfigError, match="TorrakuConfig"):
        play_game("config", [RandomBot(), RandomBot()])  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="one bot per seat"):
        play_game(config, [RandomBot()])
    with pytest.raises(ConfigError, match="no choose method"):
        play_game(config, [RandomBot(), object()])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="seed"):
        play_game(config, [RandomBot(), RandomBot()], seed=-1)
    with pytest.raises(ConfigError, match="risk"):
        RuleBot(risk=2)

    class Cheat:
        def choose(self, view: TorrakuView, legal: Sequence[Action], rng: random.Random) -> Action:
            return Bet(0, [PieceKind.VAN, PieceKind.RICE_COOKER, PieceKind.VAN])  # not offered

    with pytest.raises(BotError) as caught:
        play_game(config, [Cheat(), RandomBot()])
    assert caught.value.seat == 0 and caught.value.code == "action_not_offered"
