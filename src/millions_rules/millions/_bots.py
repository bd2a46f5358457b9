"""``RandomPlayer``, the former name of :class:`~millions_rules.bots.RandomBot` (deprecated)."""

from __future__ import annotations

import warnings

from .._common.random_bot import RandomBot

__all__ = ["RandomPlayer"]


class RandomPlayer(RandomBot):
    """Deprecated alias of :class:`~millions_rules.bots.RandomBot`; it warns when built.

    >>> import warnings
    >>> from millions_rules.bots import RandomBot
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     player = RandomPlayer(seed=3)
    >>> caught[0].category.__name__, isinstance(player, RandomBot)
    ('DeprecationWarning', True)
    """

    def __init__(self, seed: int = 0, pay_chance: float = 0.0) -> None:
        warnings.warn(
            "RandomPlayer is deprecated; use millions_rules.bots.RandomBot",
            DeprecationWarning,
            stacklevel=2,
        )
        super().__init__(seed, pay_chance)
