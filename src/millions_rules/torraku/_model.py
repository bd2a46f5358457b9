"""The random model of dexterity, R-TK-SIM: simulated stacking outcomes for bots and simulations.

It is a modelling choice, not part of the game, and uncalibrated: bigger bets and taller
stacks are riskier. The engine uses it only with ``Dealer.ENGINE`` (R-TK-STACK-8). The
sequence of generator calls is part of the contract: one ``draw_unit``
per attempt, and one more draw for ``fallen`` only when the stack was knocked down.
"""

from __future__ import annotations

from .._common.errors import ConfigError
from .._common.random import draw_below, draw_unit
from ._config import TorrakuConfig
from ._pieces import PieceKind, Placement

__all__ = ["draw_outcome", "knock_probability"]


def knock_probability(
    config: TorrakuConfig, height: object, kind: PieceKind, seat: object
) -> float:
    """The probability of knocking down a stack of ``height`` pieces (R-TK-SIM-2).

    Args:
        config: The game's config (its model parameters).
        height: The pieces already in the stack, at least 1.
        kind: The kind of the piece being added.
        seat: The stacker.

    Raises:
        ConfigError: If an argument has the wrong type, or ``height`` or ``seat`` is out of
            range.

    >>> from millions_rules.torraku import TorrakuConfig
    >>> round(knock_probability(TorrakuConfig(2, seed=0), 5, PieceKind.VAN, 0), 3)
    0.08
    """
    if not isinstance(config, TorrakuConfig):
        raise ConfigError(f"config must be a TorrakuConfig, not {type(config).__name__}")
    if type(height) is not int or not 1 <= height <= config.supply.total:
        raise ConfigError(f"height must be an int from 1 to {config.supply.total}, not {height!r}")
    if not isinstance(kind, PieceKind):
        raise ConfigError(f"kind must be a PieceKind, not {kind!r}")
    if type(seat) is not int or not 0 <= seat < config.players:
        raise ConfigError(f"seat must be a seat of the game, not {seat!r}")
    return _knock(config, height, kind, seat)


def _knock(config: TorrakuConfig, height: int, kind: PieceKind, seat: int) -> float:
    p = (config.knock_base + config.knock_slope * (height - 1)) * config.factor_of(kind)
    return min(config.knock_cap, p * config.skill_of(seat))


def draw_outcome(
    config: TorrakuConfig, rng: int, height: int, kind: PieceKind, seat: int
) -> tuple[Placement, int | None, int]:
    """One attempt's outcome, its ``fallen`` count (knock-downs only) and the next generator state."""
    u, rng = draw_unit(rng)
    if u < config.touch:
        return Placement.TOUCHED, None, rng
    threshold = config.touch + _knock(config, height, kind, seat)
    if u < threshold:
        below, rng = draw_below(rng, height)
        return Placement.KNOCKED_DOWN, below + 1, rng
    if u < threshold + config.drop:
        return Placement.DROPPED, None, rng
    return Placement.PLACED, None, rng
