"""Events: what happened, in the past tense.

Every change of the state is recorded in :attr:`GameState.events
<millions_rules.GameState.events>`, and every change of cash is explained by
exactly one event: :class:`~millions_rules.DepositPlaced`, :class:`~millions_rules.DepositReturned`,
:class:`~millions_rules.Paid`, :class:`~millions_rules.SnitchPunished`, :class:`~millions_rules.ShareReceived`,
:class:`~millions_rules.DriverPaid`, :class:`~millions_rules.CrookStole` or :class:`~millions_rules.BonusPaid`.

Each event says who may see it (R-INFO) through ``visible_to``: ``None`` for
everyone, or the set of seats allowed (empty for a fact nobody learns, such as
the face-down role card). A secret step emits a private event for its owner and
a public one for the table; for instance choosing a character emits
:class:`~millions_rules.CharacterChosen` (the owner's) and :class:`~millions_rules.DepositPlaced` (everyone's).
"""

from __future__ import annotations

import enum
from typing import ClassVar, TypeAlias

import attrs

from ._errors import IllegalActionError
from ._roles import LootCard, Role
from ._text import msg

__all__ = [
    "EVENT_TYPES",
    "BonusPaid",
    "CharacterChosen",
    "CharacterRevealed",
    "CharacterTakenBack",
    "ClaimJudged",
    "CrookStole",
    "DepositForfeited",
    "DepositPlaced",
    "DepositReturned",
    "DriverPaid",
    "Eliminated",
    "Event",
    "GameStarted",
    "GameWon",
    "Left",
    "LootRevealed",
    "LootShared",
    "OfferAccepted",
    "OfferDeclined",
    "OfferLapsed",
    "OfferMade",
    "OfferWithdrawn",
    "OpenOffer",
    "Paid",
    "Pressed",
    "RoleCardSetAside",
    "RoleCardsLaidOut",
    "RoleDenounced",
    "RoundEnded",
    "Said",
    "ShareReceived",
    "ShareWithheld",
    "SnitchPunished",
    "Stayed",
    "ThreatGained",
    "ThreatPeeked",
    "ThreatUsed",
    "WinReason",
    "is_visible",
]

_NOBODY: frozenset[int] = frozenset()


class WinReason(enum.Enum):
    """Why the game ended (:attr:`GameWon.reason <millions_rules.GameWon.reason>`)."""

    TARGET = "target"
    """A player held the target after a round (R-END-2), the last round included."""
    LAST_ROUND = "last_round"
    """The last round was played and nobody held the target (R-END-3)."""


@attrs.frozen
class GameStarted:
    """The game began with this many players; ``leader`` holds the leader card (R-COMP-6)."""

    visible_to: ClassVar[None] = None
    players: int
    """The number of players."""
    leader: int
    """The first leader."""


@attrs.frozen
class LootRevealed:
    """The round's loot card was turned face up (R-PLAN-1)."""

    visible_to: ClassVar[None] = None
    round: int
    """The round number, from 1."""
    card: LootCard
    """The card."""


@attrs.frozen
class CharacterChosen:
    """*Private to the player:* they chose these characters (R-PLAN-2)."""

    player: int
    """The seat."""
    roles: tuple[Role, ...]
    """The roles chosen, in the order laid down."""

    @property
    def visible_to(self) -> frozenset[int]:
        """Only the owner."""
        return frozenset((self.player,))


@attrs.frozen
class DepositPlaced:
    """A player placed a deposit on a chosen character (R-PLAN-2, R-PLAN-3).

    The player paid ``paid``; the reserve covered ``covered`` when they were short.
    """

    visible_to: ClassVar[None] = None
    player: int
    """The seat."""
    paid: int
    """Taken from the player's cash."""
    covered: int
    """Taken from the reserve (R-PLAN-3)."""


@attrs.frozen
class RoleCardsLaidOut:
    """The role cards were shuffled and all but one laid face up (R-PLAN-4)."""

    visible_to: ClassVar[None] = None
    face_up: tuple[Role, ...]
    """The face-up role cards, in reveal order (they say which roles, not whose)."""


@attrs.frozen
class RoleCardSetAside:
    """*Seen by nobody:* the role card laid face down (R-PLAN-4)."""

    role: Role
    """The role of the face-down card."""

    @property
    def visible_to(self) -> frozenset[int]:
        """Nobody sees it; the card is never turned up."""
        return _NOBODY


@attrs.frozen
class Paid:
    """A player paid another as part of a deal (R-NEG-3)."""

    visible_to: ClassVar[None] = None
    player: int
    """The payer."""
    to: int
    """The payee."""
    amount: int
    """How much."""


@attrs.frozen
class ThreatUsed:
    """A player spent a threat card on another player (R-NEG-THREAT)."""

    visible_to: ClassVar[None] = None
    player: int
    """The user."""
    target: int
    """The player threatened."""
    slot: int
    """The position of the character looked at, as laid (R-3P-4)."""


@attrs.frozen
class ThreatPeeked:
    """*Private to the user:* what the threat card showed (R-NEG-THREAT)."""

    player: int
    """The user."""
    target: int
    """The player threatened."""
    slot: int
    """The position of the character looked at."""
    role: Role
    """The role of that character."""

    @property
    def visible_to(self) -> frozenset[int]:
        """Only the user."""
        return frozenset((self.player,))


@attrs.frozen
class Stayed:
    """A player decided to stay in the heist (R-NEG-1)."""

    visible_to: ClassVar[None] = None
    player: int
    """The seat."""


@attrs.frozen
class Left:
    """A player took characters back (R-NEG-2, R-3P-2).

    Which cards were taken back is public (everyone sees which position on the
    table empties), their roles are not. ``remaining`` is how many of the
    player's characters are still in the round; at 0 the player has left it.
    """

    visible_to: ClassVar[None] = None
    player: int
    """The seat."""
    positions: tuple[int, ...]
    """The positions of the characters taken back by this decision (R-3P-4)."""
    remaining: int
    """How many of their characters are still in the round."""


@attrs.frozen
class CharacterTakenBack:
    """*Private to the player:* which character they took back (R-NEG-2)."""

    player: int
    """The seat."""
    role: Role
    """The character's role, never revealed to the others."""

    @property
    def visible_to(self) -> frozenset[int]:
        """Only the owner."""
        return frozenset((self.player,))


@attrs.frozen
class DepositReturned:
    """A deposit went back: ``paid`` to the player, ``covered`` to the reserve (R-PLAN-3)."""

    visible_to: ClassVar[None] = None
    player: int
    """The seat."""
    paid: int
    """Returned to the player."""
    covered: int
    """Returned to the reserve (the part the reserve had covered)."""


@attrs.frozen
class CharacterRevealed:
    """A staying character was turned face up in the heist (R-HEIST)."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The role."""


@attrs.frozen
class Eliminated:
    """A character was eliminated from the heist; ``rule`` says why."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The character's role."""
    rule: str
    """``"R-HEIST-DUP"``, ``"R-HEIST-SNITCH"`` (named) or ``"R-HEIST-LONE-SNITCH"``."""


@attrs.frozen
class DepositForfeited:
    """An eliminated character's deposit went to the reserve (R-HEIST-DUP, R-HEIST-SNITCH)."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The character's role."""
    amount: int
    """The whole deposit on the character (what the player paid and what the reserve covered)."""


@attrs.frozen
class ThreatGained:
    """A lone Brute took a threat card from the supply (R-HEIST-BRUTE)."""

    visible_to: ClassVar[None] = None
    player: int
    """The Brute's owner."""


@attrs.frozen
class RoleDenounced:
    """The lone Snitch named a role, or nobody when no other role showed (R-HEIST-SNITCH)."""

    visible_to: ClassVar[None] = None
    player: int
    """The Snitch's owner."""
    role: Role | None
    """The role named, or ``None``."""


@attrs.frozen
class SnitchPunished:
    """The Snitch was the only character left: the police took their money (R-HEIST-LONE-SNITCH)."""

    visible_to: ClassVar[None] = None
    player: int
    """The Snitch's owner."""
    amount: int
    """What they lost to the reserve (3M, or all they had)."""


@attrs.frozen
class LootShared:
    """The loot was split among the survivors (R-LOOT-1, R-LOOT-2)."""

    visible_to: ClassVar[None] = None
    total: int
    """The loot shared, with the Mastermind's 2M if one survived (R-LOOT-1)."""
    shares: int
    """How many characters were dealt a share."""
    share: int
    """The amount of one share; the remainder stays in the reserve."""


@attrs.frozen
class ShareReceived:
    """A surviving character's owner received a share of the loot (R-LOOT-2)."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The surviving character."""
    amount: int
    """The share."""


@attrs.frozen
class ShareWithheld:
    """A survivor repeated last round's role and was dealt nothing (R-LOOT-REPEAT)."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The repeated role."""


@attrs.frozen
class DriverPaid:
    """A survivor who received money paid the Driver (R-LOOT-3)."""

    visible_to: ClassVar[None] = None
    player: int
    """The payer."""
    driver: int
    """The Driver's owner."""
    amount: int
    """The fee (1M)."""


@attrs.frozen
class CrookStole:
    """The Crook took money from the Brute (R-LOOT-4)."""

    visible_to: ClassVar[None] = None
    crook: int
    """The Crook's owner."""
    brute: int
    """The Brute's owner."""
    amount: int
    """What was taken (2M, or all the Brute's owner had)."""


@attrs.frozen
class BonusPaid:
    """The survivor matching the loot card's symbol got a bonus from the reserve (R-LOOT-5)."""

    visible_to: ClassVar[None] = None
    player: int
    """The owner."""
    role: Role
    """The matching role."""
    amount: int
    """The bonus (1M)."""


@attrs.frozen
class RoundEnded:
    """The round ended; the leader card passed to ``leader`` (R-END-1)."""

    visible_to: ClassVar[None] = None
    round: int
    """The round that ended."""
    leader: int
    """The new leader."""


@attrs.frozen
class GameWon:
    """The game ended; the richest players won (R-END-2, R-END-3)."""

    visible_to: ClassVar[None] = None
    winners: tuple[int, ...]
    """The winning seats, ascending (a tie shares the win)."""
    cash: tuple[int, ...]
    """Every player's final cash, by seat."""
    reason: WinReason
    """Why the game ended, a player reaching the target or the last round played."""


@attrs.frozen
class OpenOffer:
    """A deal offered and not yet ended (R-DEAL-1): its terms and its audience.

    The payer (the party who is not the decider) pays ``amount`` to the ``decider`` when
    the recipient accepts, and the decider's decision (stay, or leave, perhaps taking back
    only the character at one position in the three-player game) is made at once (R-DEAL-2).
    """

    id: str
    """The offer's name, unique in the game, such as ``"public-3"`` (the third public
    offer) or ``"private-0-2-1"`` (the first private one between seats 0 and 2). Each counts only
    offers its audience sees, so an id tells nobody of offers they may not see (R-DEAL-4)."""
    player: int
    """The proposer."""
    to: int
    """The recipient, the only one who may accept or decline."""
    amount: int
    """What the payer pays the decider, in millions."""
    decider: int
    """The party who decides (``player`` or ``to``) and is paid."""
    leave: bool
    """Whether the decision is to leave rather than to stay."""
    slot: int | None
    """The position of the one character taken back (three-player game), or ``None``."""
    private: bool
    """Whether only the two parties see it (R-DEAL-4)."""

    @property
    def payer(self) -> int:
        """The party who pays, the one who is not the decider."""
        return self.to if self.decider == self.player else self.player

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Who sees the offer, everyone (``None``) or the two parties if private."""
        return frozenset((self.player, self.to)) if self.private else None


@attrs.frozen
class OfferMade:
    """A player offered a deal (R-DEAL-1); seen by the two parties only if private (R-DEAL-4)."""

    offer: OpenOffer
    """The offer, with its id and terms."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The offer's audience."""
        return self.offer.visible_to


@attrs.frozen
class OfferAccepted:
    """The recipient accepted: the deal was settled (R-DEAL-2).

    The decision's own events and the :class:`Paid` event follow, public as R-INFO makes
    them (R-DEAL-4); this one has the offer's audience.
    """

    offer: OpenOffer
    """The offer accepted."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The offer's audience."""
        return self.offer.visible_to


@attrs.frozen
class OfferDeclined:
    """The recipient declined an offer; no money moved (R-DEAL-3)."""

    offer: OpenOffer
    """The offer declined."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The offer's audience."""
        return self.offer.visible_to


@attrs.frozen
class OfferWithdrawn:
    """The proposer withdrew an offer; no money moved (R-DEAL-3)."""

    offer: OpenOffer
    """The offer withdrawn."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The offer's audience."""
        return self.offer.visible_to


@attrs.frozen
class OfferLapsed:
    """An offer lapsed: a party left, the decider decided otherwise, or negotiation ended
    (R-DEAL-3). No money moved; only the offer's audience learns it (R-DEAL-4)."""

    offer: OpenOffer
    """The offer that lapsed."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The offer's audience."""
        return self.offer.visible_to


@attrs.frozen
class Said:
    """A player said something, to the table or to one player (R-TALK-1, R-TALK-2)."""

    player: int
    """The speaker."""
    text: str
    """What they said."""
    to: int | None
    """The one player spoken to in private, or ``None`` for the table."""
    claim: Role | None
    """The role claimed, if any; it may be false (R-TALK-2)."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The table, or the speaker and the one spoken to (R-TALK-1)."""
        return None if self.to is None else frozenset((self.player, self.to))


@attrs.frozen
class Pressed:
    """The leader pressed an undecided player to decide (R-TALK-LEADER); public."""

    visible_to: ClassVar[None] = None
    player: int
    """The leader."""
    target: int
    """The player pressed."""


@attrs.frozen
class ClaimJudged:
    """Once the game has ended: whether a claim was true (R-TALK-2).

    One for each :class:`Said` with a claim, in the order said, emitted by the action
    that ends the game, just before :class:`GameWon`, with the claim's audience. A claim is true when one of the
    speaker's characters of that round had the claimed role.
    """

    round: int
    """The round the claim was made in."""
    player: int
    """The speaker."""
    to: int | None
    """The one player spoken to, or ``None`` for the table."""
    text: str
    """What was said with the claim."""
    claim: Role
    """The role claimed."""
    true: bool
    """Whether the speaker had a character of that role in that round."""

    @property
    def visible_to(self) -> frozenset[int] | None:
        """The claim's audience."""
        return None if self.to is None else frozenset((self.player, self.to))


#: Any event.
Event: TypeAlias = (
    GameStarted
    | LootRevealed
    | CharacterChosen
    | DepositPlaced
    | RoleCardsLaidOut
    | RoleCardSetAside
    | Paid
    | ThreatUsed
    | ThreatPeeked
    | Stayed
    | Left
    | CharacterTakenBack
    | DepositReturned
    | CharacterRevealed
    | Eliminated
    | DepositForfeited
    | ThreatGained
    | RoleDenounced
    | SnitchPunished
    | LootShared
    | ShareReceived
    | ShareWithheld
    | DriverPaid
    | CrookStole
    | BonusPaid
    | RoundEnded
    | GameWon
    | OfferMade
    | OfferAccepted
    | OfferDeclined
    | OfferWithdrawn
    | OfferLapsed
    | Said
    | Pressed
    | ClaimJudged
)

#: The event classes, in a fixed order.
EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted,
    LootRevealed,
    CharacterChosen,
    DepositPlaced,
    RoleCardsLaidOut,
    RoleCardSetAside,
    Paid,
    ThreatUsed,
    ThreatPeeked,
    Stayed,
    Left,
    CharacterTakenBack,
    DepositReturned,
    CharacterRevealed,
    Eliminated,
    DepositForfeited,
    ThreatGained,
    RoleDenounced,
    SnitchPunished,
    LootShared,
    ShareReceived,
    ShareWithheld,
    DriverPaid,
    CrookStole,
    BonusPaid,
    RoundEnded,
    GameWon,
    OfferMade,
    OfferAccepted,
    OfferDeclined,
    OfferWithdrawn,
    OfferLapsed,
    Said,
    Pressed,
    ClaimJudged,
)


def is_visible(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` may see ``event`` (``None``: a spectator, who sees public events only).

    Raises:
        IllegalActionError: If ``event`` is no event or ``seat`` is neither an int
            nor ``None`` (code ``bad_value``).

    >>> is_visible(Stayed(2), None), is_visible(CharacterChosen(2, (Role.CROOK,)), 1)
    (True, False)
    """
    check_seat_argument(seat)
    if not isinstance(event, EVENT_TYPES):
        raise IllegalActionError._from_text(
            msg("error.bad_value", "expected an event, not {kind}"),
            "bad_value",
            params={"kind": type(event).__name__},
        )
    audience = event.visible_to
    return audience is None or (seat is not None and seat in audience)


def check_seat_argument(seat: object) -> None:
    """Refuse a seat argument that is neither an int nor ``None`` (code ``bad_value``)."""
    if seat is not None and type(seat) is not int:
        raise IllegalActionError._from_text(
            msg("error.bad_value", "seat must be an int or None, not {kind}"),
            "bad_value",
            params={"kind": type(seat).__name__},
        )
