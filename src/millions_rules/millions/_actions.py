"""Actions: what a player (or an external dealer) does.

Actions are small frozen classes in the imperative. They are plain data: the
engine checks them against the state in :func:`~millions_rules.apply`, so a
malformed action (a ``str`` where a seat goes, a negative amount) is refused
there with an :class:`~millions_rules.IllegalActionError`, never at construction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from .._common.game import Payment
from ._roles import Role

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Choose",
    "DealLoot",
    "Denounce",
    "Leave",
    "Pay",
    "SetAside",
    "Stay",
    "UseThreat",
]


def _as_roles(value: Role | Iterable[Role]) -> tuple[Role, ...]:
    # ``Choose(0, Role.BRUTE)`` reads better than ``Choose(0, (Role.BRUTE,))``.
    if isinstance(value, Role):
        return (value,)
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value  # type: ignore[return-value]  # refused later by apply, with a clear error


@attrs.frozen
class Choose:
    """Secretly choose a character and place the deposit on it (R-PLAN-2).

    In the three-player game a player chooses two different characters (R-3P-1);
    their order is the order the cards lie in front of the player, which a threat
    card's ``slot`` refers to (R-3P-4).

    >>> Choose(0, Role.BRUTE)
    Choose(player=0, roles=(<Role.BRUTE: 'brute'>,))
    """

    player: int
    """The seat choosing."""
    roles: tuple[Role, ...] = attrs.field(converter=_as_roles)
    """The role(s) chosen (one, or two different ones in the three-player game)."""


@attrs.frozen
class Stay:
    """Decide to stay in the heist with every character still in the round (R-NEG-1)."""

    player: int
    """The seat deciding."""


@attrs.frozen
class Leave:
    """Take characters back and recover their deposits (R-NEG-2, R-3P-2).

    ``role=None`` takes back every character the player still has in the round:
    the player leaves the round. In the three-player game a role takes back
    just that character; the player may then still stay with the other or take
    it back too.
    """

    player: int
    """The seat leaving."""
    role: Role | None = None
    """The character to take back (three-player game only), or ``None`` for all."""


@attrs.frozen
class Pay(Payment):
    """Pay money to another player as part of a deal (R-NEG-3)."""

    player: int
    """The seat paying."""
    to: int
    """The seat receiving."""
    amount: int
    """How much, in millions (at least 1, at most the payer's cash)."""


@attrs.frozen
class UseThreat:
    """Spend a threat card to look at another player's face-down character (R-NEG-THREAT)."""

    player: int
    """The seat using the card."""
    target: int
    """The seat whose character is looked at."""
    slot: int = 0
    """The position of the character to look at, as the target laid them (0; 0 or 1 in the
    three-player game, R-3P-4). It must still be face down."""


@attrs.frozen
class Denounce:
    """As the lone Snitch, name a role showing on a face-up role card (R-HEIST-SNITCH)."""

    player: int
    """The seat of the lone Snitch."""
    role: Role
    """The role named."""


@attrs.frozen
class DealLoot:
    """External dealer: reveal this round's loot card (R-PLAN-1, :attr:`~millions_rules.Dealer.EXTERNAL`)."""

    index: int
    """The index of the card in :attr:`~millions_rules.GameConfig.loot_deck`; each card is dealt once."""


@attrs.frozen
class SetAside:
    """External dealer: the role card laid face down after the shuffle (R-PLAN-4)."""

    role: Role
    """The role of the face-down card; the other cards lie face up."""


#: Any action.
Action: TypeAlias = Choose | Stay | Leave | Pay | UseThreat | Denounce | DealLoot | SetAside

#: The action classes, in a fixed order.
ACTION_TYPES: tuple[type[Action], ...] = (
    Choose,
    Stay,
    Leave,
    Pay,
    UseThreat,
    Denounce,
    DealLoot,
    SetAside,
)
