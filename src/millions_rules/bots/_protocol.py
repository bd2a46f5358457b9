"""The :class:`Bot` protocol, the bots' action space and the runner's error type."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from ..millions._actions import Action, Pay
from ..millions._errors import MillionsError
from ..millions._state import Phase
from ..millions._views import PlayerView

__all__ = ["PAYMENT_AMOUNTS", "Bot", "BotError", "action_space"]

#: The payment amounts a bot is offered, in millions (R-NEG-3). A payment may be any amount
#: from 1M to everything the payer holds; bots choose among these few, capped at their cash.
#: 1M and 2M are the size of a deposit or of a Driver's fee and a Crook's theft; 3M is the
#: lone Snitch's fine. Larger gifts never pay off in a game of at most a few dozen millions.
PAYMENT_AMOUNTS: Final[tuple[int, ...]] = (1, 2, 3)


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


def action_space(view: PlayerView, *, payments: bool = True) -> tuple[Action, ...]:
    """The actions a bot is offered: the seat's legal actions with payments of a few amounts.

    These are :attr:`~millions_rules.PlayerView.legal_actions` (choices, stay or leave, threat
    cards, the lone Snitch's naming) followed by every :class:`~millions_rules.Pay` to each
    seat in :attr:`~millions_rules.PlayerView.payees` of each amount of :data:`PAYMENT_AMOUNTS`
    the seat can afford. Payments are offered in negotiation only, where deals are made
    (R-NEG-3), and only while ``payments`` is true.

    Args:
        view: A seat's view.
        payments: Whether to add payments.

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import action_space
    >>> state = new_game(GameConfig(4, seed=1))
    >>> [type(action).__name__ for action in action_space(view(state, 0))]
    ['Choose', 'Choose', 'Choose']
    """
    legal = view.legal_actions
    seat = view.seat
    if not payments or seat is None or view.phase is not Phase.NEGOTIATION or not view.payees:
        return legal
    cash = view.cash[seat]
    pays = tuple(
        Pay(seat, to, amount) for to in view.payees for amount in PAYMENT_AMOUNTS if amount <= cash
    )
    return legal + pays
