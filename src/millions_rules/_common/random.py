"""The engines' own random number generator, shared by every game (R-COMP-4, R-TK-SIM-2).

The generator is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state that
advances by a fixed odd constant and is scrambled into each output. It is
implemented here, with integer arithmetic only, so that a seed and a list of
actions replay to the same game on every Python version and platform;
:mod:`random` promises no such thing for :func:`random.shuffle`.

Everything is a pure function of an ``int`` state: the state lives in
:class:`~millions_rules.GameState` like any other field, and drawing returns
the value together with the next state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["draw_below", "draw_unit", "seed_state", "shuffled"]

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_WORD: Final = 1 << 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int from 0 to 2**64 - 1)."""
    # Scrambling the seed keeps small neighbouring seeds far apart.
    return _mix(seed & _MASK)


def _next(state: int) -> tuple[int, int]:
    state = (state + _GAMMA) & _MASK
    return _mix(state), state


def draw_below(state: int, bound: int) -> tuple[int, int]:
    """A uniform integer in ``range(bound)`` and the next state.

    Rejection sampling removes the bias of a plain modulo. A bound above 2**64
    takes as many 64-bit outputs as it needs, so every positive bound terminates
    (with probability 1, after fewer than two tries on average).
    """
    if 0 < bound <= _WORD:  # one 64-bit word per try: the engines' draws, kept short
        limit = _WORD - _WORD % bound
        while True:
            value, state = _next(state)
            if value < limit:
                return value % bound, state
    if bound <= 0:
        raise ValueError("bound must be positive")
    words = max(1, ((bound - 1).bit_length() + 63) // 64)
    span = 1 << (64 * words)
    limit = span - (span % bound)
    while True:
        value = 0
        for _ in range(words):
            word, state = _next(state)
            value = (value << 64) | word
        if value < limit:
            return value % bound, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """The items in a uniformly random order (Fisher-Yates) and the next state."""
    result = list(items)
    for high in range(len(result) - 1, 0, -1):
        low, state = draw_below(state, high + 1)
        result[high], result[low] = result[low], result[high]
    return tuple(result), state


def draw_unit(state: int) -> tuple[float, int]:
    """A uniform float in ``[0, 1)`` with 53 random bits (like ``random.random()``) and the next state."""
    value, state = _next(state)
    return (value >> 11) * (1.0 / (1 << 53)), state
