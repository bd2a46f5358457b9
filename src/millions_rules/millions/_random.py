"""The engine's own random number generator (R-COMP-4, R-PLAN-4).

The generator (SplitMix64, integer arithmetic only, a pure function of an ``int`` state kept
in :class:`~millions_rules.GameState`) is shared by every game of the library and lives in
the common layer, :mod:`millions_rules._common.random`; Millions' modules draw from it here.
"""

from __future__ import annotations

from .._common.random import draw_below, seed_state, shuffled

__all__ = ["draw_below", "seed_state", "shuffled"]
