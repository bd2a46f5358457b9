"""The random model of dexterity, R-TK-SIM: simulated stacking outcomes for bots and simulations.

It is a modelling choice, not part of the game, and uncalibrated: bigger bets and taller
stacks are riskier. The engine uses it only with ``Dealer.ENGINE`` (R-TK-STACK-8). The
sequence of generator calls is part of the contract: one ``draw_unit``
per attempt, and one more draw for ``fallen`` only when the stack was knocked down.
"""

from __future__ import annotations

from .._common.random import draw_below, draw_unit
from ._config import TorrakuConfig
from ._pieces import PieceKind, Placement

__all__ = ["draw_outcome", "knock_probability"]


def knock_probability(config: TorrakuConfig, height: int, kind: PieceKind, seat: int) -> float:
    """The probability of knocking down a stack of ``height`` pieces (R-TK-SIM-2).

    >>> from millions_rules.torraku import TorrakuConfig
    >>> round(knock_probability(TorrakuConfig(2, seed=0), 5, PieceKind.VAN, 0), 3)
    0.08
    """
    p = (config.knock_base + config.knock_slope * (height - 1)) * config.factor_of(kind)
    return min(config.knock_cap, p * config.skill_of(seat))


def draw_outcome(
    config: TorrakuConfig, rng: int, height: int, kind: PieceKind, seat: int
) -> tuple[Placement, int | None, int]:
    """One attempt's outcome, its ``fallen`` count (knock-downs only) and the next generator state."""
    u, rng = draw_unit(rng)
    if u < config.touch:
        return Placement.TOUCHED, None, rng
    threshold = config.touch + knock_probability(config, height, kind, seat)
    if u < threshold:
        below, rng = draw_below(rng, height)
        return Placement.KNOCKED_DOWN, below + 1, rng
    if u < threshold + config.drop:
        return Placement.DROPPED, None, rng
    return Placement.PLACED, None, rng
