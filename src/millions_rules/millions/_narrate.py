"""Sentences for events and labels for actions, in English, Spanish and Chinese.

Each event and action has one or more messages (a variant per shape of sentence), each
with a stable message id: :func:`~millions_rules.message_id` says which one
:func:`~millions_rules.describe` uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

from .._common.narration import Nested, Phrase, Seats, addressed, check_names, tell
from ._actions import (
    Action,
    Choose,
    DealLoot,
    Denounce,
    Leave,
    Pay,
    SetAside,
    Stay,
    UseThreat,
)
from ._checks import illegal
from ._events import (
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
from ._i18n import check_locale, join_items, role_name, word
from ._narrate_deals import deal_phrases, decision_for_reader
from ._narrate_you import SECOND_PERSON
from ._roles import LootCard, Role
from ._text import Money, Text, msg, nmsg

__all__ = ["describe", "message_id", "narrate"]

_WHY: Final[dict[str, Text]] = {
    "R-HEIST-DUP": msg("why.R-HEIST-DUP", "duplicated"),
    "R-HEIST-SNITCH": msg("why.R-HEIST-SNITCH", "named by the Snitch"),
    "R-HEIST-LONE-SNITCH": msg("why.R-HEIST-LONE-SNITCH", "left alone with the police"),
}

_CARD: Final = msg("loot.card", "{total} (deposit {deposit})")
_CARD_SYMBOL: Final = msg("loot.card.symbol", "{total} (deposit {deposit}, {role} symbol)")


def _card(card: LootCard) -> tuple[Text, dict[str, object]]:
    params: dict[str, object] = {"total": Money(card.total), "deposit": Money(card.deposit)}
    if card.bonus_role is None:
        return _CARD, params
    return _CARD_SYMBOL, {**params, "role": card.bonus_role}


_Phrasing: TypeAlias = Callable[[Any], Phrase]


def _event_phrases() -> dict[type, _Phrasing]:
    started = msg("event.game_started", "A game for {players} players begins; {leader} leads.")
    loot = msg("event.loot_revealed", "Round {round}: the loot card shows {card}.")
    chosen = msg("event.character_chosen", "{player} secretly sends the {role}.")
    chosen_two = msg(
        "event.character_chosen.two", "{player} secretly sends the {role} and the {role2}."
    )
    deposit = msg(
        "event.deposit_placed", "{player} lays a character face down with a {amount} deposit."
    )
    deposit_covered = msg(
        "event.deposit_placed.covered",
        "{player} lays a character face down with a {amount} deposit ({covered} from the reserve).",
    )
    deposit_reserve = msg(
        "event.deposit_placed.reserve",
        "{player} lays a character face down with a {amount} deposit, all of it from the reserve.",
    )
    laid_out = msg("event.role_cards_laid_out", "Role cards face up: {roles}; one lies face down.")
    set_aside = msg("event.role_card_set_aside", "The {role} card is laid face down.")
    paid = msg("event.paid", "{player} pays {to} {amount}.")
    threat = msg("event.threat_used", "{player} uses a threat card on {target}.")
    # Characters are numbered from 1, as the page's "card 1" and "card 2" (R-3P-1).
    peeked = msg(
        "event.threat_peeked", "{player} sees that {target}'s character {number} is the {role}."
    )
    stayed = msg("event.stayed", "{player} stays.")
    left = nmsg(
        "event.left",
        "{player} takes back their character and leaves the round.",
        "{player} takes back their {count} characters and leaves the round.",
    )
    left_some = nmsg(
        "event.left.partial",
        "{player} takes back a character and keeps {remaining} in the round.",
        "{player} takes back {count} characters and keeps {remaining} in the round.",
    )
    taken_back = msg("event.character_taken_back", "{player} takes back the {role}.")
    returned = msg("event.deposit_returned", "{player} gets {amount} of deposit back.")
    revealed = msg("event.character_revealed", "{player} reveals the {role}.")
    eliminated = msg("event.eliminated", "{player}'s {role} is eliminated ({why}).")
    forfeited = msg("event.deposit_forfeited", "{player} loses a {amount} deposit to the reserve.")
    gained = msg("event.threat_gained", "{player} takes a threat card.")
    denounced = msg("event.role_denounced", "{player}, the Snitch, names the {role}.")
    nobody = msg("event.role_denounced.nobody", "{player}, the Snitch, has no role to name.")
    punished = msg("event.snitch_punished", "The police beat up {player}: {amount} lost.")
    shared = nmsg(
        "event.loot_shared",
        "The {total} of loot makes one share of {share}.",
        "The {total} of loot is split into {count} shares of {share}.",
    )
    # R-LOOT-2: what the shares leave of the loot stays in the reserve.
    shared_rest = msg(
        "event.loot_shared.remainder",
        "The {total} of loot is split into {count} shares of {share}; {rest} stays in the reserve.",
    )
    # One share: the other survivors, if any, repeated their role (R-LOOT-REPEAT).
    shared_one = msg(
        "event.loot_shared.one", "Only one character shares the loot and takes all {total}."
    )
    shared_none = msg(
        "event.loot_shared.nobody", "Nobody is paid: the {total} of loot stays in the reserve."
    )
    received = msg("event.share_received", "{player} ({role}) receives {amount}.")
    # R-LOOT-REPEAT counts the role chosen last round, even if it was taken back.
    withheld = msg(
        "event.share_withheld", "{player} chose the {role} last round too and gets no share."
    )
    driver = msg("event.driver_paid", "{player} pays {amount} to {driver}, the Driver.")
    # R-3P-3: the Driver's owner collects the fee of their own other character too.
    driver_own = msg(
        "event.driver_paid.own",
        "{player}, as the Driver, keeps the {amount} fee of their other character.",
    )
    stole = msg("event.crook_stole", "The Crook, {crook}, takes {amount} from the Brute, {brute}.")
    # R-3P-3: a Crook and a Brute of the same player.
    stole_own = msg(
        "event.crook_stole.own",
        "The Crook, {crook}, takes {amount} from their own Brute (no change).",
    )
    bonus = msg("event.bonus_paid", "{player}'s {role} matches the loot card: +{amount}.")
    ended = msg("event.round_ended", "Round {round} ends; {leader} takes the leader card.")
    won = msg("event.game_won", "Game over: {winners} wins with {amount}.")
    won_tie = msg("event.game_won.tie", "Game over: {winners} win with {amount}.")

    def choose(e: CharacterChosen) -> Phrase:
        if len(e.roles) == 2:
            return Phrase(chosen_two, {"player": e.player}, role=e.roles[0], role2=e.roles[1])
        return Phrase(chosen, {"player": e.player}, role=_one(e.roles))

    def card(e: LootRevealed) -> Phrase:
        text, params = _card(e.card)
        return Phrase(loot, round=e.round, card=Nested(text, **params))

    def deposited(e: DepositPlaced) -> Phrase:
        amount = Money(e.paid + e.covered)
        if e.covered and not e.paid:
            return Phrase(deposit_reserve, {"player": e.player}, amount=amount)
        if e.covered:
            return Phrase(
                deposit_covered, {"player": e.player}, amount=amount, covered=Money(e.covered)
            )
        return Phrase(deposit, {"player": e.player}, amount=amount)

    def leaving(e: Left) -> Phrase:
        if e.remaining == 0:
            return Phrase(left, {"player": e.player}, count=len(e.positions))
        return Phrase(
            left_some, {"player": e.player}, count=len(e.positions), remaining=e.remaining
        )

    def sharing(e: LootShared) -> Phrase:
        if e.shares == 0:  # R-HEIST-LONE-SNITCH, or nobody left in
            return Phrase(shared_none, total=Money(e.total))
        if e.shares == 1:
            return Phrase(shared_one, total=Money(e.total))
        rest = e.total - e.shares * e.share
        if rest > 0:
            return Phrase(
                shared_rest,
                total=Money(e.total),
                count=e.shares,
                share=Money(e.share),
                rest=Money(rest),
            )
        return Phrase(shared, total=Money(e.total), count=e.shares, share=Money(e.share))

    def paying_driver(e: DriverPaid) -> Phrase:
        if e.player == e.driver:
            return Phrase(driver_own, {"player": e.player}, amount=Money(e.amount))
        return Phrase(driver, {"player": e.player, "driver": e.driver}, amount=Money(e.amount))

    def winning(e: GameWon) -> Phrase:
        text = won_tie if len(e.winners) > 1 else won
        return Phrase(text, winners=Seats(e.winners), amount=Money(max(e.cash)))

    return {
        GameStarted: lambda e: Phrase(started, {"leader": e.leader}, players=e.players),
        LootRevealed: card,
        CharacterChosen: choose,
        DepositPlaced: deposited,
        RoleCardsLaidOut: lambda e: Phrase(laid_out, roles=_Roles(e.face_up)),
        RoleCardSetAside: lambda e: Phrase(set_aside, role=e.role),
        Paid: lambda e: Phrase(paid, {"player": e.player, "to": e.to}, amount=Money(e.amount)),
        ThreatUsed: lambda e: Phrase(threat, {"player": e.player, "target": e.target}),
        ThreatPeeked: lambda e: Phrase(
            peeked, {"player": e.player, "target": e.target}, number=_number(e.slot), role=e.role
        ),
        Stayed: lambda e: Phrase(stayed, {"player": e.player}),
        Left: leaving,
        CharacterTakenBack: lambda e: Phrase(taken_back, {"player": e.player}, role=e.role),
        DepositReturned: lambda e: Phrase(returned, {"player": e.player}, amount=Money(e.paid)),
        CharacterRevealed: lambda e: Phrase(revealed, {"player": e.player}, role=e.role),
        Eliminated: lambda e: Phrase(
            eliminated, {"player": e.player}, role=e.role, why=_WHY.get(e.rule, e.rule)
        ),
        DepositForfeited: lambda e: Phrase(forfeited, {"player": e.player}, amount=Money(e.amount)),
        ThreatGained: lambda e: Phrase(gained, {"player": e.player}),
        RoleDenounced: lambda e: (
            Phrase(denounced, {"player": e.player}, role=e.role)
            if e.role is not None
            else Phrase(nobody, {"player": e.player})
        ),
        SnitchPunished: lambda e: Phrase(punished, {"player": e.player}, amount=Money(e.amount)),
        LootShared: sharing,
        ShareReceived: lambda e: Phrase(
            received, {"player": e.player}, role=e.role, amount=Money(e.amount)
        ),
        ShareWithheld: lambda e: Phrase(withheld, {"player": e.player}, role=e.role),
        DriverPaid: paying_driver,
        CrookStole: lambda e: (
            Phrase(stole_own, {"crook": e.crook}, amount=Money(e.amount))
            if e.crook == e.brute
            else Phrase(stole, {"crook": e.crook, "brute": e.brute}, amount=Money(e.amount))
        ),
        BonusPaid: lambda e: Phrase(
            bonus, {"player": e.player}, role=e.role, amount=Money(e.amount)
        ),
        RoundEnded: lambda e: Phrase(ended, {"leader": e.leader}, round=e.round),
        GameWon: winning,
    }


def _action_phrases() -> dict[type, _Phrasing]:
    choose = msg("action.choose", "Choose the {role}")
    choose_two = msg("action.choose.two", "Choose the {role} and the {role2}")
    stay = msg("action.stay", "Stay")
    leave = msg("action.leave", "Leave the round")
    take_back = msg("action.leave.role", "Take back the {role}")
    pay = msg("action.pay", "Pay {to} {amount}")
    # Characters are numbered from 1, as the page's "card 1" and "card 2" (R-3P-1).
    threat = msg("action.use_threat", "Use a threat card on {target}'s character {number}")
    denounce = msg("action.denounce", "Name the {role}")
    deal = msg("action.deal_loot", "Deal loot card {index}")
    set_aside = msg("action.set_aside", "Lay the {role} role card face down")

    def choosing(a: Choose) -> Phrase:
        if isinstance(a.roles, tuple) and len(a.roles) == 2:
            return Phrase(choose_two, role=_Name(a.roles[0]), role2=_Name(a.roles[1]))
        return Phrase(choose, role=_Name(_one(a.roles)))

    return {
        Choose: choosing,
        Stay: lambda a: Phrase(stay),
        Leave: lambda a: Phrase(leave) if a.role is None else Phrase(take_back, role=_Name(a.role)),
        Pay: lambda a: Phrase(pay, {"to": a.to}, amount=Money(a.amount)),
        UseThreat: lambda a: Phrase(threat, {"target": a.target}, number=_number(a.slot)),
        Denounce: lambda a: Phrase(denounce, role=_Name(a.role)),
        DealLoot: lambda a: Phrase(deal, index=a.index),
        SetAside: lambda a: Phrase(set_aside, role=_Name(a.role)),
    }


def _number(slot: object) -> object:
    # A character's position counted from 1, as words count; a malformed one as it is.
    return slot + 1 if type(slot) is int else repr(slot)


def _one(roles: object) -> object:
    # A malformed action still gets a label: what it holds, as the engine would show it.
    if isinstance(roles, tuple) and len(roles) == 1:
        return roles[0]
    return repr(roles)


class _Name:
    """A role by its name as on the cards, in every language ("Choose the Brute")."""

    __slots__ = ("role",)

    def __init__(self, role: object) -> None:
        self.role = role

    def localized(self, locale: str) -> str:
        # A malformed action may hold anything where a role goes: show it as the engine would.
        return role_name(self.role, locale) if isinstance(self.role, Role) else str(self.role)


class _Roles:
    """Roles listed with the locale's comma."""

    __slots__ = ("roles",)

    def __init__(self, roles: Sequence[object]) -> None:
        self.roles = roles

    def localized(self, locale: str) -> str:
        return join_items((word(role, locale) for role in self.roles), locale)


_PHRASES: Final = {**_event_phrases(), **_action_phrases(), **deal_phrases()}  # R-DEAL, R-TALK


def _phrase(item: Event | Action) -> Phrase:
    phrasing = _PHRASES.get(type(item))
    if phrasing is None:
        illegal(
            msg("error.bad_value", "expected an event or an action, not {kind}"),
            kind=type(item).__name__,
        )
    return phrasing(item)


# With one character a player (4 to 8 players, R-PLAN-2), a position would only puzzle.
_PEEKED_ONE: Final = msg(
    "event.threat_peeked.one", "{player} sees that {target}'s character is the {role}."
)
_THREAT_ONE: Final = msg("action.use_threat.one", "Use a threat card on {target}'s character")


def _phrase_in(item: Event | Action, players: object) -> Phrase:
    # A threat card names no position where each player has one character (not R-3P).
    if type(players) is int and players != 3:
        if isinstance(item, ThreatPeeked):
            return Phrase(
                _PEEKED_ONE, {"player": item.player, "target": item.target}, role=item.role
            )
        if isinstance(item, UseThreat):
            return Phrase(_THREAT_ONE, {"target": item.target})
    return _phrase(item)


def message_id(item: Event | Action, *, reader: int | None = None) -> str:
    """The stable id of the message :func:`~millions_rules.describe` uses for ``item``.

    Every event and action class has a message, and some have variants for another
    shape of sentence (``"event.left"`` and ``"event.left.partial"``). A frontend with
    its own texts may key them on these ids; the placeholders are the ones of the
    English templates in the catalogs. With ``reader``, the id of the sentence as told to
    that seat (its second-person form, ``"event.paid.you"``, where the event names it; see
    :func:`describe`).

    Raises:
        IllegalActionError: If ``item`` is neither an event nor an action, or ``reader`` no
            seat number (code ``bad_value``).

    >>> from millions_rules import Paid, Stay
    >>> message_id(Paid(0, 2, 3)), message_id(Stay(1))
    ('event.paid', 'action.stay')
    >>> message_id(Paid(0, 2, 3), reader=0), message_id(Paid(0, 2, 3), reader=2)
    ('event.paid.you', 'event.paid.you.to')
    """
    _check_reader(reader)
    return addressed(_phrase(item), reader, SECOND_PERSON).text.id


def describe(
    item: Event | Action,
    names: Sequence[str] | None = None,
    *,
    locale: str = "en",
    players: int | None = None,
    reader: int | None = None,
) -> str:
    """A sentence for an event, or a short label for an action, in ``locale``.

    An event gives a sentence for a game's log; an action gives an imperative label
    without its actor, fit for the button that plays it (``"Pay Cy 3M"``).

    Args:
        item: Any event or action.
        names: Player names by seat; ``"seat N"`` (in ``locale``) if left out, or for a
            seat beyond the names given.
        locale: One of :data:`~millions_rules.LOCALES`: ``"en"``, ``"es"`` or ``"zh"``
            (a regional tag such as ``"es-MX"`` reads as its language).
        players: The game's number of players, if known: in a game of 4 to 8, where
            each player has one character, a threat card's look and its action name the
            target's character without a position ("Use a threat card on Bo's character").
        reader: The seat the sentence is told to, if any: an event that names it is told in
            the second person ("You stay.", "Bo pays you 2M."), every other seat by name.

    Raises:
        LocaleError: If ``locale`` is unknown.
        IllegalActionError: If ``item`` is neither an event nor an action, ``names``
            is not a sequence of strings, or ``reader`` no seat number (code ``bad_value``).

    >>> from millions_rules import Denounce, Eliminated, Paid, Pay, Role
    >>> describe(Paid(0, 2, 3), names=["Al", "Bo", "Cy"])
    'Al pays Cy 3M.'
    >>> describe(Paid(0, 2, 3), names=["Al", "Bo", "Cy"], locale="es")
    'Al paga 3 M a Cy.'
    >>> describe(Eliminated(1, Role.DRIVER, "R-HEIST-DUP"), locale="zh")
    '2号座位的司机被淘汰（角色重复）。'
    >>> describe(Pay(0, 2, 3), names=["Al", "Bo", "Cy"])
    'Pay Cy 3M'
    >>> describe(Denounce(0, Role.DRIVER))
    'Name the Driver'
    >>> describe(Paid(0, 2, 3), names=["Al", "Bo", "Cy"], locale="es", reader=2)
    'Al te paga 3 M.'
    >>> from millions_rules import Stayed
    >>> describe(Stayed(1), locale="zh", reader=1)
    '你选择留下。'
    """
    language = check_locale(locale)
    _check_reader(reader)
    phrase = decision_for_reader(addressed(_phrase_in(item, players), reader, SECOND_PERSON))
    check_names(names)
    return tell(phrase, names, language)


def _check_reader(reader: object) -> None:
    if reader is not None and type(reader) is not int:
        illegal(
            msg("error.bad_value", "reader must be a seat number or None, not {kind}"),
            kind=type(reader).__name__,
        )


_BONUS: Final = msg(
    "event.loot_shared.mastermind", "{player}'s Mastermind adds {amount} to the loot ({total})."
)
_THEN: Final = msg("narration.then", "{first} {then}")
#: The Mastermind's bonus to the loot (R-LOOT-1).
_MASTERMIND_BONUS: Final = 2


def narrate(
    events: Sequence[Event],
    names: Sequence[str] | None = None,
    *,
    locale: str = "en",
    players: int | None = None,
    reader: int | None = None,
) -> list[str]:
    """A sentence for each of ``events``, in order, each told as :func:`describe` tells it,
    but with what only the events around it show.

    A share of the loot (:class:`~millions_rules.LootShared`) after the heist's reveals says
    whose Mastermind added 2M to it (R-LOOT-1), which no event of its own says: a reader
    who saw an 8M loot card then reads "Flo's Mastermind adds 2M to the loot (10M)."

    A threat card's look (:class:`~millions_rules.ThreatPeeked`) names the character's
    position only where a player has two characters (the three-player game, R-3P-1): in a
    game of 4 to 8 players, given by ``players`` or by a
    :class:`~millions_rules.GameStarted` among ``events``, it reads "Al sees that Bo's
    character is the Driver.", not "character 1".

    Args:
        events: The events to tell, in order.
        names: Player names by seat, as :func:`describe` takes them.
        locale: One of :data:`~millions_rules.LOCALES`.
        players: The game's number of players, if known (else read from a
            :class:`~millions_rules.GameStarted` among ``events``).
        reader: The seat the events are told to, if any (as :func:`describe`: "You stay.").

    Raises:
        LocaleError: If ``locale`` is unknown.
        IllegalActionError: If ``events`` is no sequence of events, ``names`` is not a
            sequence of strings, or ``reader`` no seat number (code ``bad_value``).

    >>> from millions_rules import CharacterRevealed, LootShared, Role
    >>> narrate([CharacterRevealed(1, Role.MASTERMIND), LootShared(10, 2, 5)], ["Al", "Bo"])[1]
    "Bo's Mastermind adds 2M to the loot (10M). The 10M of loot is split into 2 shares of 5M."
    >>> from millions_rules import ThreatPeeked
    >>> narrate([ThreatPeeked(0, 1, 0, Role.DRIVER)], ["Al", "Bo", "Cy", "Di"], players=4)
    ["Al sees that Bo's character is the Driver."]
    >>> narrate([ThreatPeeked(0, 1, 1, Role.DRIVER)], ["Al", "Bo", "Cy"], players=3)
    ["Al sees that Bo's character 2 is the Driver."]
    """
    language = check_locale(locale)
    if isinstance(events, str) or not isinstance(events, Sequence):
        illegal(
            msg("error.bad_value", "events must be a sequence of events, not {kind}"),
            kind=type(events).__name__,
        )
    check_names(names)
    _check_reader(reader)
    lines: list[str] = []
    masterminds: list[int] = []  # the owners of a surviving Mastermind in this heist
    count = players if type(players) is int else None
    for event in events:
        if isinstance(event, GameStarted) and type(event.players) is int:
            count = event.players
        phrase = decision_for_reader(addressed(_phrase_in(event, count), reader, SECOND_PERSON))
        line = tell(phrase, names, language)
        if isinstance(event, LootRevealed):
            masterminds = []
        elif isinstance(event, CharacterRevealed) and event.role is Role.MASTERMIND:
            masterminds.append(event.player)
        elif isinstance(event, Eliminated) and event.role is Role.MASTERMIND:
            masterminds = [seat for seat in masterminds if seat != event.player]
        elif isinstance(event, LootShared) and len(masterminds) == 1:
            bonus = Phrase(
                _BONUS,
                {"player": masterminds[0]},
                amount=Money(_MASTERMIND_BONUS),
                total=Money(event.total),
            )
            bonus = addressed(bonus, reader, SECOND_PERSON)
            line = _THEN.render(language, first=tell(bonus, names, language), then=line)
        lines.append(line)
    return lines
