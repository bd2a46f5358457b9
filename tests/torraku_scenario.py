"""Helpers for Currency Torraku tests: piece shorthands and hand-built tables."""

from __future__ import annotations

import attrs

from millions_rules.torraku import (
    Action,
    PieceCounts,
    PieceKind,
    TorrakuConfig,
    TorrakuState,
    apply,
    new_game,
)

V = PieceKind.VAN
W = PieceKind.WASHING_MACHINE
R = PieceKind.RICE_COOKER


def play(state: TorrakuState, *actions: Action) -> TorrakuState:
    """Apply the actions in order."""
    for action in actions:
        state = apply(state, action)
    return state


def table(hands: tuple[PieceCounts, ...], opener: int = 0, **options: object) -> TorrakuState:
    """The start of a round's betting with these hands; the bag holds the rest of the supply."""
    config = TorrakuConfig(len(hands), seed=7, first_player=opener, **options)  # type: ignore[arg-type]
    start = new_game(config)
    held = PieceCounts()
    for hand in hands:
        held = held + hand
    return attrs.evolve(start, hands=hands, bag=config.supply - held)
