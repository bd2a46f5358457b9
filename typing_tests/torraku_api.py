"""Checked by ``mypy --strict`` only, never run: the Torraku API types well for a caller."""

from __future__ import annotations

from typing_extensions import assert_type

from millions_rules import Dealer
from millions_rules.torraku import (
    Action,
    Bet,
    IllegalActionError,
    Pass,
    PieceCounts,
    PieceKind,
    Placement,
    ReportPlacement,
    TorrakuConfig,
    TorrakuState,
    TorrakuView,
    apply,
    check,
    describe,
    is_legal,
    legal_actions,
    new_game,
    replay,
    view,
)

config = TorrakuConfig(3, seed=1, dealer=Dealer.EXTERNAL)
assert_type(TorrakuConfig.long(4), TorrakuConfig)
assert_type(TorrakuConfig.simulated(2), TorrakuConfig)
state = new_game(config)
assert_type(state, TorrakuState)
actions = legal_actions(state)
assert_type(actions, tuple[Action, ...])
bet: Action = Bet(0, [PieceKind.VAN, PieceKind.RICE_COOKER])
report: Action = ReportPlacement(1, Placement.KNOCKED_DOWN, fallen=2)
assert_type(apply(state, bet), TorrakuState)
assert_type(apply(state, Pass(0)), TorrakuState)
assert_type(check(state, report), IllegalActionError | None)
assert_type(is_legal(state, bet), bool)
assert_type(replay(config, [bet]), TorrakuState)
assert_type(view(state, 0), TorrakuView)
assert_type(view(state).hands, tuple[PieceCounts, ...])
assert_type(state.hands[0].total, int)
assert_type(state.to_act, int | None)
assert_type(describe(state.events[0]), str)
assert_type(PieceCounts.of([PieceKind.VAN]) + PieceCounts(1, 0, 0), PieceCounts)
