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
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # the compiled build's native 64-bit integers; plain ints otherwise
    from mypy_extensions import i64

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
    if _NATIVE and 0 < bound <= _NATIVE_BOUND and 0 <= state <= _MASK:
        return _native_draw_below(state, bound)
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
    if _NATIVE and len(result) <= _NATIVE_BOUND and 0 <= state <= _MASK:
        native: i64 = _signed(state)
        for high in range(len(result) - 1, 0, -1):
            low, native = _native_draw(native, high + 1)
            result[high], result[low] = result[low], result[high]
        return tuple(result), _unsigned(native)
    for high in range(len(result) - 1, 0, -1):
        low, state = draw_below(state, high + 1)
        result[high], result[low] = result[low], result[high]
    return tuple(result), state


def draw_unit(state: int) -> tuple[float, int]:
    """A uniform float in ``[0, 1)`` with 53 random bits (like ``random.random()``) and the next state."""
    value, state = _next(state)
    return (value >> 11) * (1.0 / (1 << 53)), state


# -- The compiled build's draws --------------------------------------------------------
#
# The compiled build (docs' "Compiled build") stores an int of 63 bits or more as a Python
# object, and every step of the generator above on such a state allocates one: a draw
# there costs more than in the interpreter. On the compiled build's ``i64`` (native
# 64-bit integers, whose arithmetic wraps around as C's does) the same generator runs on
# the two's complement of the state, with no object made: the same bits, so the same
# draws. The interpreter has no such integers (an ``i64`` is a plain ``int`` there), so
# it keeps the functions above; :data:`_NATIVE` says which are in use, and is true only
# if the native functions give the portable ones' draws at import.

#: The two's complements of the generator's constants (as signed 64-bit integers).
_S_GAMMA: Final[i64] = _GAMMA - _WORD
_S_MIX_1: Final[i64] = 0xBF58476D1CE4E5B9 - _WORD
_S_MIX_2: Final[i64] = 0x94D049BB133111EB - _WORD
#: Masks that turn an arithmetic right shift by 30, 27 or 31 bits into a logical one.
_LOW_34: Final[i64] = (1 << 34) - 1
_LOW_37: Final[i64] = (1 << 37) - 1
_LOW_33: Final[i64] = (1 << 33) - 1
#: The largest bound the native draws take: ``2**64 % bound`` is computed from ``2**62``.
_NATIVE_BOUND: Final = 1 << 60
_P62: Final[i64] = 1 << 62


def _signed(state: int) -> i64:
    """``state`` (0 to 2**64 - 1) as its two's complement."""
    return state - _WORD if state > _MASK >> 1 else state


def _unsigned(native: i64) -> int:
    """The state of which ``native`` is the two's complement."""
    state: int = native
    return state + _WORD if state < 0 else state


def _native_draw(native: i64, bound: i64) -> tuple[i64, i64]:
    """:func:`draw_below` of ``bound`` (1 to 2**60) on a two's complement state."""
    # A draw is rejected when its value, read unsigned, is at least 2**64 - rest: a
    # non-negative one never is (rest < 2**60), a negative one reads as value + 2**64.
    rest: i64 = (_P62 % bound) * 4 % bound  # 2**64 % bound
    while True:
        native = native + _S_GAMMA
        z: i64 = native
        z = (z ^ ((z >> 30) & _LOW_34)) * _S_MIX_1
        z = (z ^ ((z >> 27) & _LOW_37)) * _S_MIX_2
        z = z ^ ((z >> 31) & _LOW_33)
        if z >= 0:
            return z % bound, native
        if z < -rest:
            return (z % bound + rest) % bound, native


def _native_draw_below(state: int, bound: int) -> tuple[int, int]:
    """:func:`draw_below` on native integers, for a state of 0 to 2**64 - 1."""
    value, native = _native_draw(_signed(state), bound)
    return value, _unsigned(native)


def _portable_draw_below(state: int, bound: int) -> tuple[int, int]:
    """:func:`draw_below` of a bound of at most 2**64, on Python's integers."""
    limit = _WORD - _WORD % bound
    while True:
        value, state = _next(state)
        if value < limit:
            return value % bound, state


def _native_ready() -> bool:
    """Whether the native draws are in use: compiled, wrapping, and equal to the portable ones."""
    top: i64 = 0x7FFFFFFFFFFFFFFF
    one: i64 = 1
    try:
        if top + one >= 0:  # the interpreter's integers (or any that do not wrap)
            return False
    except OverflowError:  # pragma: no cover - integers that refuse to wrap
        return False
    # States whose steps and outputs are negative in two's complement, bounds that reject.
    for state in (0, 12345, 1 << 63, _MASK, _MASK - _GAMMA):
        for bound in (1, 3, 7, 1000, _NATIVE_BOUND):
            if _native_draw_below(state, bound) != _portable_draw_below(state, bound):
                return False  # pragma: no cover - a compiler that breaks the arithmetic
    return True


#: Whether :func:`draw_below` and :func:`shuffled` draw on native integers (the
#: compiled build) rather than Python's.
_NATIVE: Final = _native_ready()
