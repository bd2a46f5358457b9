"""Plain-English sentences for events, for logs, chat bots and the demo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._errors import IllegalActionError
from ._events import (
    EVENT_TYPES,
    BonusPaid,
    CharacterChosen,
    CharacterRevealed,
    CharacterTakenBack,
    CrookStole,
    DepositForfeited,
    DepositPlaced,
    DepositReturned,
    DriverPaid,
    Eliminated,
    Event,
    GameStarted,
    GameWon,
    Left,
    LootRevealed,
    LootShared,
    Paid,
    RoleCardSetAside,
    RoleCardsLaidOut,
    RoleDenounced,
    RoundEnded,
    ShareReceived,
    ShareWithheld,
    SnitchPunished,
    Stayed,
    ThreatGained,
    ThreatPeeked,
    ThreatUsed,
)
from ._roles import LootCard, Role

__all__ = ["describe"]

_WHY = {
    "R-HEIST-DUP": "duplicated",
    "R-HEIST-SNITCH": "named by the Snitch",
    "R-HEIST-LONE-SNITCH": "left alone with the police",
}


def _card(card: LootCard) -> str:
    symbol = f", {card.bonus_role.value} symbol" if card.bonus_role else ""
    return f"{card.total}M (deposit {card.deposit}M{symbol})"


def _roles(roles: Sequence[Role]) -> str:
    return " and ".join(f"the {role.value}" for role in roles)


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """One English sentence for ``event``.

    Args:
        event: Any event.
        names: Player names by seat; ``"seat N"`` if left out (or for a seat
            beyond the names given).

    Raises:
        IllegalActionError: If ``event`` is no event or ``names`` is no sequence
            of strings (code ``bad_value``).

    >>> from millions_rules import Paid
    >>> describe(Paid(0, 2, 3), names=["Al", "Bo", "Cy"])
    'Al pays Cy 3M.'
    """

    if not isinstance(event, EVENT_TYPES):
        raise IllegalActionError(f"expected an event, not {type(event).__name__}", "bad_value")
    if names is not None and (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or not all(isinstance(name, str) for name in names)
    ):
        raise IllegalActionError("names must be a sequence of strings, one per seat", "bad_value")

    def who(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat}"

    phrase = _PHRASES.get(type(event))
    if phrase is None:  # pragma: no cover - every event class has a phrase
        return repr(event)
    return phrase(event, who)


_Who = Callable[[int], str]

_PHRASES: dict[type, Callable[[Any, _Who], str]] = {
    GameStarted: lambda e, who: f"A game for {e.players} players begins; {who(e.leader)} leads.",
    LootRevealed: lambda e, who: f"Round {e.round}: the loot card shows {_card(e.card)}.",
    CharacterChosen: lambda e, who: f"{who(e.player)} secretly sends {_roles(e.roles)}.",
    DepositPlaced: lambda e, who: (
        f"{who(e.player)} lays a character face down with a "
        f"{e.paid + e.covered}M deposit"
        + (f" ({e.covered}M from the reserve)." if e.covered else ".")
    ),
    RoleCardsLaidOut: lambda e, who: (
        "Role cards face up: "
        + ", ".join(role.value for role in e.face_up)
        + "; one lies face down."
    ),
    RoleCardSetAside: lambda e, who: f"The {e.role.value} card is laid face down.",
    Paid: lambda e, who: f"{who(e.player)} pays {who(e.to)} {e.amount}M.",
    ThreatUsed: lambda e, who: f"{who(e.player)} uses a threat card on {who(e.target)}.",
    ThreatPeeked: lambda e, who: (
        f"{who(e.player)} sees that {who(e.target)}'s card at position "
        f"{e.slot} is the {e.role.value}."
    ),
    Stayed: lambda e, who: f"{who(e.player)} stays.",
    Left: lambda e, who: (
        f"{who(e.player)} takes back {len(e.positions)} character(s)"
        + (" and leaves the round." if e.remaining == 0 else f"; {e.remaining} still in.")
    ),
    CharacterTakenBack: lambda e, who: f"{who(e.player)} takes back the {e.role.value}.",
    DepositReturned: lambda e, who: f"{who(e.player)} gets {e.paid}M of deposit back.",
    CharacterRevealed: lambda e, who: f"{who(e.player)} reveals the {e.role.value}.",
    Eliminated: lambda e, who: (
        f"{who(e.player)}'s {e.role.value} is eliminated ({_WHY.get(e.rule, e.rule)})."
    ),
    DepositForfeited: lambda e, who: f"{who(e.player)} loses a {e.amount}M deposit to the reserve.",
    ThreatGained: lambda e, who: f"{who(e.player)} takes a threat card.",
    RoleDenounced: lambda e, who: (
        f"{who(e.player)}, the Snitch, names the {e.role.value}."
        if e.role is not None
        else f"{who(e.player)}, the Snitch, has nobody to name."
    ),
    SnitchPunished: lambda e, who: f"The police beat up {who(e.player)}: {e.amount}M lost.",
    LootShared: lambda e, who: f"{e.total}M of loot in {e.shares} share(s) of {e.share}M.",
    ShareReceived: lambda e, who: f"{who(e.player)} ({e.role.value}) receives {e.amount}M.",
    ShareWithheld: lambda e, who: f"{who(e.player)} repeats the {e.role.value} and gets no share.",
    DriverPaid: lambda e, who: f"{who(e.player)} pays the Driver, {who(e.driver)}, {e.amount}M.",
    CrookStole: lambda e, who: (
        f"The Crook, {who(e.crook)}, takes {e.amount}M from the Brute, {who(e.brute)}."
    ),
    BonusPaid: lambda e, who: (
        f"{who(e.player)}'s {e.role.value} matches the loot card: +{e.amount}M."
    ),
    RoundEnded: lambda e, who: f"Round {e.round} ends; {who(e.leader)} takes the leader card.",
    GameWon: lambda e, who: (
        "Game over: "
        + " and ".join(who(seat) for seat in e.winners)
        + (" win" if len(e.winners) > 1 else " wins")
        + f" with {max(e.cash)}M."
    ),
}
