"""*Millions of Dollars*'s :class:`~millions_rules._common.adapter.ViewEncoding`: the
observation of a seat's view outside the adapters' turn structure.

The vector has the layout of the PettingZoo observation (:func:`~millions_rules.adapters.observe`
followed by the ``paid`` and ``threatened`` blocks, each ``n * n`` by payer then payee),
read from the view alone. The turn block says only that the view's seat acts: its free
moves and done flags are zeros, since a table run as :func:`~millions_rules.bots.play_game`
has no such counters.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from ..millions._config import GameConfig
from ..millions._events import Paid, ThreatUsed
from ..millions._views import PlayerView
from ._encoding import Catalogue, observation_size, observe
from ._turns import Turn

__all__ = ["MillionsViewEncoding"]

_catalogue: Final = cache(Catalogue)


class MillionsViewEncoding:
    """The :class:`~millions_rules._common.adapter.ViewEncoding` part of Millions' adapter."""

    def view_observation_size(self, config: GameConfig) -> int:
        """:func:`~millions_rules.adapters.observation_size` and the two recall blocks."""
        n = config.players
        return observation_size(n) + 2 * n * n

    def observe_view(self, seen: PlayerView) -> list[float]:
        """The seat's observation, the turn block saying it acts, and what it saw paid and
        threatened seat to seat (R-NEG-3, R-NEG-THREAT)."""
        seat = seen.seat
        n = seen.config.players
        turn = Turn(seat, (0,) * n, (False,) * n)
        out = observe(seen, turn)  # ConfigError for a spectator's view
        paid = [0.0] * (n * n)
        threatened = [0.0] * (n * n)
        for event in seen.events:
            kind = event.__class__
            if kind is Paid:
                paid[event.player * n + event.to] += event.amount  # type: ignore[union-attr,operator]
            elif kind is ThreatUsed:
                threatened[event.player * n + event.target] += 1.0  # type: ignore[union-attr]
        return out + paid + threatened

    def action_index(self, config: GameConfig, action: Any) -> int | None:
        """The :class:`~millions_rules.adapters.Catalogue` entry of ``action``."""
        return _catalogue(config.players).index(action)
