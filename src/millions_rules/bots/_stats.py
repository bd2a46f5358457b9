"""Confidence intervals for the simulator's statistics."""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

__all__ = ["Estimate", "as_dict", "mean_interval", "wilson"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Estimate:
    """A measured value with its 95% confidence interval and the sample size."""

    value: float
    """The estimate (a rate from 0 to 1, or a mean)."""
    low: float
    """The lower bound of the 95% interval."""
    high: float
    """The upper bound of the 95% interval."""
    n: int
    """How many observations (trials for a rate)."""


def wilson(successes: int, trials: int) -> Estimate:
    """A rate with its Wilson score 95% interval (sound for small samples and extreme rates).

    >>> e = wilson(54, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3)
    (0.54, 0.443, 0.634)
    >>> wilson(0, 0)
    Estimate(value=0.0, low=0.0, high=1.0, n=0)
    """
    if trials == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high, trials)


def mean_interval(values: Sequence[float]) -> Estimate:
    """A mean with its normal-approximation 95% interval (``mean ± 1.96·s/√n``).

    >>> e = mean_interval([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3), e.n
    (2.5, 1.235, 3.765, 4)
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def as_dict(e: Estimate) -> dict[str, float | int]:
    """An estimate as the plain data of ``simulate --json``.

    >>> as_dict(wilson(1, 2))["n"]
    2
    """
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}
