"""The :class:`Bot` protocol, the bots' action space and the runner's error type."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..millions._actions import Action
from ..millions._errors import MillionsError
from ..millions._game import PAYMENT_AMOUNTS, action_space
from ..millions._views import PlayerView

__all__ = ["PAYMENT_AMOUNTS", "Bot", "BotError", "action_space"]


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of the actions offered from what its seat may know.

    A bot never sees a :class:`~millions_rules.GameState`: :func:`~millions_rules.bots.play_game`
    gives it its seat's :class:`~millions_rules.PlayerView`, the actions it may take (see
    :func:`action_space`) and a generator of its own, seeded by the runner, so a game is
    reproducible. Any object with this method is a bot.
    """

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal`` (never an action that is not in it).

        Args:
            view: What the bot's seat may know now.
            legal: The actions offered, never empty: decisions, threat cards and payments.
            rng: The bot's generator for this game.
        """
        ...


class BotError(MillionsError, ValueError):
    """A bot answered with something that is not one of the actions it was offered.

    Attributes:
        seat: The seat of the bot.
        code: Always ``"action_not_offered"``.
    """

    code: str = "action_not_offered"
    """The machine-readable reason."""

    def __init__(self, seat: int, action: object) -> None:
        super().__init__(f"the bot in seat {seat} chose {action!r}, which it was not offered")
        self.seat = seat

    def __reduce__(self) -> tuple[object, ...]:
        return (self._rebuild, (str(self), self.seat))

    @classmethod
    def _rebuild(cls, message: str, seat: int) -> BotError:
        error = cls.__new__(cls)
        MillionsError.__init__(error, message)
        error.seat = seat
        return error
