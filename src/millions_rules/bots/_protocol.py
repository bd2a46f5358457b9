"""The :class:`Bot` protocols, the bots' action space and the runner's error type.

A bot of any game has one method, ``choose(view, legal, rng)``. :class:`Bot` types it for
*Millions of Dollars* (:class:`~millions_rules.PlayerView`, its actions) and
:class:`~millions_rules.bots.torraku.Bot` for *Currency Torraku*; :class:`AnyBot` is what the
runner written once for every game (:func:`~millions_rules.bots.play_game`) holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from .._common.errors import MillionsError
from .._common.game import AnyBot
from ..millions import Action, PlayerView
from ..millions.companions import PAYMENT_AMOUNTS, action_space

__all__ = ["PAYMENT_AMOUNTS", "AnyBot", "Bot", "BotError", "action_space", "offered_action"]

A = TypeVar("A")


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of the actions offered from what its seat may know.

    A bot never sees a :class:`~millions_rules.GameState`: :func:`~millions_rules.bots.play_game`
    gives it its seat's :class:`~millions_rules.PlayerView`, the actions it may take (see
    :func:`action_space`) and a generator of its own, seeded by the runner, so a game is
    reproducible. Any object with this method is a bot.

    Bots run in the caller's process and are trusted code: the runner checks that an answer
    is one of the actions offered (of the same class and equal, see :class:`BotError`), but
    a bot could read anything its process can. Run untrusted bots in another process, behind
    the JSON documents of the web table or the adapters.
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

    An answer counts as offered only if it is of the same class as an offered action and
    equal to it (:func:`offered_action`): an object that claims equality with everything is
    refused here, before it reaches the engine.

    Attributes:
        seat: The seat of the bot.
        code: Always ``"action_not_offered"``.
    """

    code: str = "action_not_offered"
    """The machine-readable reason."""

    def __init__(self, seat: int, action: object) -> None:
        try:
            shown = repr(action)
        except Exception:  # a bot's object may fail even to show itself
            shown = f"a {type(action).__name__}"
        super().__init__(f"the bot in seat {seat} chose {shown}, which it was not offered")
        self.seat = seat

    def __reduce__(self) -> tuple[object, ...]:
        return (self._rebuild, (str(self), self.seat))

    @classmethod
    def _rebuild(cls, message: str, seat: int) -> BotError:
        error = cls.__new__(cls)
        MillionsError.__init__(error, message)
        error.seat = seat
        return error


def offered_action(answer: object, offered: Sequence[A], seat: int) -> A:
    """The offered action ``answer`` stands for: one of the same class that equals it.

    The class is compared first, so ``answer``'s own ``__eq__`` is never asked unless it is
    an action class of the game (whose equality compares fields).

    Raises:
        BotError: If no offered action has ``answer``'s class and equals it.

    >>> from millions_rules import Stay, Leave
    >>> offered_action(Stay(0), (Leave(0), Stay(0)), 0)
    Stay(player=0)
    >>> class Liar:
    ...     def __eq__(self, other: object) -> bool:
    ...         return True
    >>> offered_action(Liar(), (Stay(0),), 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    millions_rules.bots.BotError: the bot in seat 0 chose <...Liar object at ...>, which it was not offered
    """
    kind = type(answer)
    for action in offered:
        if type(action) is kind and action == answer:
            return action
    raise BotError(seat, answer)
