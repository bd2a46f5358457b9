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
    "AcceptOffer",
    "Action",
    "Choose",
    "DealLoot",
    "DeclineOffer",
    "Denounce",
    "Leave",
    "Offer",
    "Pay",
    "Press",
    "Say",
    "SetAside",
    "Stay",
    "UseThreat",
    "WithdrawOffer",
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


@attrs.frozen
class Offer:
    """Offer a deal to another player still in the round (R-DEAL-1).

    A deal is a payment for one negotiation decision. The **decider** (``decider``, the
    proposer or the recipient) makes the decision; the other party, the **payer**, pays
    ``amount`` to the decider when the recipient accepts (:class:`AcceptOffer`, R-DEAL-2).
    The decision is :class:`Stay` (``leave=False``) or :class:`Leave` (``leave=True``,
    with ``slot`` in the three-player game to take back just the character at that
    position, R-3P-2).
    A private offer is seen by the two parties only (R-DEAL-4).

    "I pay you 3M if you leave": ``Offer(0, to=1, amount=3, decider=1, leave=True)``.
    "Pay me 3M and I stay": ``Offer(0, to=1, amount=3, decider=0)``.

    >>> Offer(0, 1, 3, decider=1, leave=True, private=True).private
    True
    """

    player: int
    """The proposer's seat."""
    to: int
    """The recipient's seat, the only one who may accept."""
    amount: int
    """The payment, in millions (at least 1)."""
    decider: int
    """The party who makes the decision and receives the payment (``player`` or ``to``)."""
    leave: bool = False
    """Whether the decision is to leave (take back) rather than to stay."""
    slot: int | None = None
    """With ``leave`` in the three-player game, the position of the one character to take
    back, as laid (R-3P-2, R-3P-4); ``None`` takes back every character still in the round.
    A position, not a role: a deal never proves what a card is (R-TALK-3)."""
    private: bool = False
    """Whether only the two parties see the offer (R-DEAL-4); a table may forbid it
    (:attr:`~millions_rules.GameConfig.private_offers`)."""


@attrs.frozen
class AcceptOffer:
    """Accept an open offer made to you: its decision and payment happen as one step (R-DEAL-2)."""

    player: int
    """The recipient's seat."""
    offer: str
    """The offer's :attr:`~millions_rules.OpenOffer.id`."""


@attrs.frozen
class DeclineOffer:
    """Decline an open offer made to you; no money moves (R-DEAL-3)."""

    player: int
    """The recipient's seat."""
    offer: str
    """The offer's :attr:`~millions_rules.OpenOffer.id`."""


@attrs.frozen
class WithdrawOffer:
    """Withdraw an open offer you made; no money moves (R-DEAL-3)."""

    player: int
    """The proposer's seat."""
    offer: str
    """The offer's :attr:`~millions_rules.OpenOffer.id`."""


@attrs.frozen
class Say:
    """Say something to the table or to one player, perhaps claiming a role (R-TALK-1, R-TALK-2).

    Talk has no rule effect, and a claim may be false (R-TALK-2): nothing proves a role
    (R-TALK-3). Once the game has ended, :class:`~millions_rules.ClaimJudged` events tell
    whether each claim was true.

    >>> Say(2, "I sent the Driver, trust me", claim=Role.DRIVER).to is None
    True
    """

    player: int
    """The speaker's seat."""
    text: str
    """What is said, at most :data:`~millions_rules.MAX_TALK_LENGTH` characters (R-TALK-4);
    it may be empty only with a ``claim``."""
    to: int | None = None
    """The one player spoken to in private (R-TALK-1), or ``None`` for the whole table; a
    table may forbid private talk (:attr:`~millions_rules.GameConfig.private_talk`)."""
    claim: Role | None = None
    """The role the speaker claims to have sent this round, if any (R-TALK-2)."""


@attrs.frozen
class Press:
    """As the leader, press a player who has not decided yet to decide (R-TALK-LEADER).

    Pressing is public and has no other effect in the engine; a table with deadlines
    may give the pressed player a short time to decide.
    """

    player: int
    """The leader's seat."""
    target: int
    """The undecided player pressed."""


#: Any action.
Action: TypeAlias = (
    Choose
    | Stay
    | Leave
    | Pay
    | UseThreat
    | Denounce
    | DealLoot
    | SetAside
    | Offer
    | AcceptOffer
    | DeclineOffer
    | WithdrawOffer
    | Say
    | Press
)

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
    Offer,
    AcceptOffer,
    DeclineOffer,
    WithdrawOffer,
    Say,
    Press,
)

#: The actions with no rule effect (R-DEAL-1, R-DEAL-3, R-TALK): they open or end an
#: offer, or talk. :attr:`~millions_rules.GameState.rule_version` does not count them.
SIDE_ACTIONS: tuple[type[Action], ...] = (Offer, DeclineOffer, WithdrawOffer, Say, Press)
