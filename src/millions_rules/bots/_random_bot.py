""":class:`RandomBot`: uniformly random legal play in any game (kept in the common layer)."""

from __future__ import annotations

from .._common.random_bot import RandomBot

__all__ = ["RandomBot"]
