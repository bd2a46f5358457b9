"""Confidence intervals for the simulator's statistics (kept in :mod:`millions_rules.kit`)."""

from __future__ import annotations

from .._common.stats import Estimate, as_dict, mean_interval, wilson

__all__ = ["Estimate", "as_dict", "mean_interval", "wilson"]
