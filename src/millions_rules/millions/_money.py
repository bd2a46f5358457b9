"""Cash as the event log explains it: every change of cash has exactly one event."""

from __future__ import annotations

from ._events import (
    BonusPaid,
    CrookStole,
    DepositPlaced,
    DepositReturned,
    DriverPaid,
    Paid,
    ShareReceived,
    SnitchPunished,
)
from ._state import GameState

__all__ = ["cash_after", "move_cash"]


def cash_after(state: GameState, count: int) -> tuple[int, ...]:
    """Each player's cash after the first ``count`` events of ``state.events``.

    >>> from millions_rules import GameConfig, new_game
    >>> state = new_game(GameConfig(4, seed=0))
    >>> cash_after(state, len(state.events)) == state.cash
    True
    """
    cash = [state.config.starting_cash] * state.config.players
    for event in state.events[:count]:
        move_cash(cash, event)
    return tuple(cash)


def move_cash(cash: list[int], event: object) -> None:
    """Change ``cash`` (by seat) as ``event`` moves money; any other event changes nothing.

    >>> from millions_rules import Paid
    >>> cash = [5, 5, 5]
    >>> move_cash(cash, Paid(0, 2, 3))
    >>> cash
    [2, 5, 8]
    """
    if isinstance(event, DepositPlaced):
        cash[event.player] -= event.paid
    elif isinstance(event, DepositReturned):
        cash[event.player] += event.paid
    elif isinstance(event, (ShareReceived, BonusPaid)):
        cash[event.player] += event.amount
    elif isinstance(event, SnitchPunished):
        cash[event.player] -= event.amount
    elif isinstance(event, Paid):
        cash[event.player] -= event.amount
        cash[event.to] += event.amount
    elif isinstance(event, DriverPaid):
        cash[event.player] -= event.amount
        cash[event.driver] += event.amount
    elif isinstance(event, CrookStole):
        cash[event.brute] -= event.amount
        cash[event.crook] += event.amount
