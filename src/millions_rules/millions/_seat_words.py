"""*Millions of Dollars* in words for one seat: its menu, its status and events told in the
second person, for the text layer (:mod:`millions_rules.text`), through
:attr:`~millions_rules.games.Companions.text`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .._common.game import SeatWords
from .._common.i18n import msg, nmsg
from .._common.notation import MenuEntry, list_comma, seat_label, waiting_lines
from . import _notation
from ._actions import (
    AcceptOffer,
    Choose,
    DeclineOffer,
    Denounce,
    Leave,
    Offer,
    Pay,
    Say,
    Stay,
    UseThreat,
    WithdrawOffer,
)
from ._events import EVENT_TYPES, CharacterChosen, OpenOffer, ThreatPeeked
from ._i18n import format_money, phase_name, role_name, term
from ._narrate import describe
from ._roles import Role
from ._state import CharacterStatus
from ._views import PlayerView, offer_terms

__all__ = ["SEAT_WORDS", "is_secret", "menu", "narrate", "status"]

command = _notation.command

_EXPLAIN: Final = {
    "choose": msg("text.menu.choose", "Send your {role} on this heist (deposit {deposit})."),
    "choose.two": msg(
        "text.menu.choose.two",
        "Send your {first} (card 1) and your {second} (card 2), deposit {deposit} each.",
    ),
    "stay": msg("text.menu.stay", "Stay in the heist: your decision is final."),
    "leave": msg("text.menu.leave", "Leave this round and take your deposit back."),
    "leave.role": msg(
        "text.menu.leave.role",
        "Take back your {role} and its deposit; your other character stays in play.",
    ),
    "pay": msg(
        "text.menu.pay", "Pay {player} any amount from {low} to {high} (everyone sees payments)."
    ),
    "threat": msg(
        "text.menu.threat",
        "Spend a threat card to look at {player}'s character (only you see it).",
    ),
    "threat.slot": msg(
        "text.menu.threat.slot",
        "Spend a threat card to look at {player}'s character {position} (only you see it).",
    ),
    "denounce": msg(
        "text.menu.denounce",
        "As the lone Snitch, name the {role}: every {role} still in the heist is eliminated.",
    ),
    AcceptOffer: msg("text.menu.offer.accept", "Accept offer {offer}: {terms}."),
    DeclineOffer: msg(
        "text.menu.offer.decline", "Decline offer {offer} ({terms}); no money moves."
    ),
    WithdrawOffer: msg(
        "text.menu.offer.withdraw", "Withdraw your offer {offer} ({terms}); no money moves."
    ),
    "offer.how": msg(
        "text.menu.offer.how",
        "Offer a deal like this: {example} (to whom, how much, who decides and is paid: "
        "you or me, stay or leave, private if only you two see it); talk with {say} or "
        "claim a role with {claim}.",
    ),
}
#: An offer's terms (R-DEAL-1): who pays whom, and the decision.
_TERMS: Final = {
    "stay": msg("text.menu.offer.stay", "{payer} pays {decider} {amount} and {decider} stays"),
    "leave": msg("text.menu.offer.leave", "{payer} pays {decider} {amount} and {decider} leaves"),
    "slot": msg(
        "text.menu.offer.slot",
        "{payer} pays {decider} {amount} and {decider} takes back their character {position}",
    ),
}


def is_secret(action: object, view: object) -> bool:
    """Whether typing ``action``'s command where others read reveals a secret of the seat.

    A choice of role (R-PLAN-2) is secret; in the three-player game so is taking back one
    named character (R-3P-2: the others learn that a player took one back, never which).
    Everything else a seat does is public (R-INFO).
    """
    if isinstance(action, Choose):
        return True
    if isinstance(action, Offer):  # a private offer is seen by its two parties (R-DEAL-4)
        return action.private
    if isinstance(action, Say):  # so is private talk (R-TALK-1)
        return action.to is not None
    if isinstance(action, (AcceptOffer, DeclineOffer, WithdrawOffer)):
        offers = getattr(view, "offers", ())
        return any(offer.id == action.offer and offer.private for offer in offers)
    return isinstance(action, Leave) and action.role is not None


def menu(seen: PlayerView, names: Sequence[str] | None, language: str) -> tuple[MenuEntry, ...]:
    """What ``seen``'s seat can do now: a line per command (payments: one per payee)."""
    entries: list[MenuEntry] = []
    deposit = format_money(seen.loot.deposit, language) if seen.loot is not None else ""

    def add(action: Any, text: str, actions: tuple[Any, ...] = ()) -> None:
        typed = command(action, names=names, locale=language)
        entries.append(MenuEntry(typed, text, is_secret(action, seen), actions or (action,)))

    for action in seen.legal_actions:
        if isinstance(action, Choose):
            if len(action.roles) == 1:
                text = _EXPLAIN["choose"].render(language, role=action.roles[0], deposit=deposit)
            else:
                first, second = action.roles
                text = _EXPLAIN["choose.two"].render(
                    language, first=first, second=second, deposit=deposit
                )
            add(action, text)
        elif isinstance(action, Stay):
            add(action, _EXPLAIN["stay"].render(language))
        elif isinstance(action, Leave):
            if action.role is None:
                add(action, _EXPLAIN["leave"].render(language))
            else:
                add(action, _EXPLAIN["leave.role"].render(language, role=action.role))
        elif isinstance(action, UseThreat):
            player = seat_label(action.target, names, language)
            several = sum(
                1
                for other in seen.legal_actions
                if isinstance(other, UseThreat) and other.target == action.target
            )
            if several > 1 or action.slot:
                text = _EXPLAIN["threat.slot"].render(
                    language, player=player, position=action.slot + 1
                )
            else:
                text = _EXPLAIN["threat"].render(language, player=player)
            add(action, text)
        elif isinstance(action, Denounce):
            add(action, _EXPLAIN["denounce"].render(language, role=action.role))
        elif isinstance(action, (AcceptOffer, DeclineOffer, WithdrawOffer)):
            offer = next(offer for offer in seen.offers if offer.id == action.offer)
            terms = _offer_terms(offer, names, language)
            add(action, _EXPLAIN[type(action)].render(language, offer=offer.id, terms=terms))
    if seen.seat is not None and seen.payees:
        cash = seen.cash[seen.seat]
        for to in seen.payees:
            text = _EXPLAIN["pay"].render(
                language,
                player=seat_label(to, names, language),
                low=format_money(1, language),
                high=format_money(cash, language),
            )
            amounts = tuple(Pay(seen.seat, to, amount) for amount in range(1, cash + 1))
            add(amounts[0], text, amounts)
    kinds = offer_terms(seen)
    if seen.seat is not None and kinds:
        term = kinds[0]
        example = Offer(seen.seat, term.to, 1, term.decider, term.leave, term.slot)
        say = command(Say(seen.seat, "…"), names=names, locale=language)
        claim = command(Say(seen.seat, "", claim=Role.DRIVER), names=names, locale=language)
        text = _EXPLAIN["offer.how"].render(
            language,
            example=command(example, names=names, locale=language),
            say=say,
            claim=claim,
        )
        add(example, text)
    return tuple(entries)


def _offer_terms(offer: OpenOffer, names: Sequence[str] | None, language: str) -> str:
    params = {
        "payer": seat_label(offer.payer, names, language),
        "decider": seat_label(offer.decider, names, language),
        "amount": format_money(offer.amount, language),
    }
    if not offer.leave:
        return _TERMS["stay"].render(language, **params)
    if offer.slot is None:
        return _TERMS["leave"].render(language, **params)
    return _TERMS["slot"].render(language, position=offer.slot + 1, **params)


# --- status -----------------------------------------------------------------------------

_STATUS: Final = {
    "round": msg("text.status.round", "Round {round} of {rounds}: {phase}."),
    "loot": msg("text.status.loot", "Loot card: {total}, deposit {deposit}."),
    "loot.bonus": msg(
        "text.status.loot.bonus", "Loot card: {total}, deposit {deposit}, bonus for the {role}."
    ),
    "you": nmsg(
        "text.status.you",
        "You have {cash} and {count} threat card.",
        "You have {cash} and {count} threat cards.",
    ),
    "characters": msg("text.status.characters", "Your characters: {characters}."),
    "player": msg("text.status.player", "{player}: {cash}"),
    "player.notes": msg("text.status.player.notes", "{player}: {cash} ({notes})"),
    "face_up": msg("text.status.face_up", "Face-up role cards: {roles}."),
}
_CHARACTER: Final = {
    CharacterStatus.HIDDEN: msg("text.status.character.hidden", "{role}, face down"),
    CharacterStatus.TAKEN_BACK: msg("text.status.character.taken_back", "{role}, taken back"),
    CharacterStatus.SURVIVING: msg("text.status.character.surviving", "{role}, survived"),
    CharacterStatus.ELIMINATED: msg("text.status.character.eliminated", "{role}, eliminated"),
}
_NOTES: Final = {
    "leader": msg("text.status.note.leader", "leader"),
    "chosen": msg("text.status.note.chosen", "has chosen"),
    "stayed": msg("text.status.note.stayed", "stayed"),
    "left": msg("text.status.note.left", "left"),
    "threats": nmsg("text.status.note.threats", "{count} threat card", "{count} threat cards"),
}


def status(seen: PlayerView, names: Sequence[str] | None, language: str) -> list[str]:
    """The lines of what ``seen``'s seat knows: round, loot, its money and characters,
    every player's public facts, and whom the game waits for."""
    players = seen.config.players
    label = [seat_label(seat, names, language) for seat in range(players)]
    lines = [
        _STATUS["round"].render(
            language,
            round=seen.round,
            rounds=seen.config.rounds,
            phase=phase_name(seen.phase, language),
        )
    ]
    if seen.loot is not None and not seen.is_over:
        key = "loot" if seen.loot.bonus_role is None else "loot.bonus"
        lines.append(
            _STATUS[key].render(
                language,
                total=format_money(seen.loot.total, language),
                deposit=format_money(seen.loot.deposit, language),
                role=seen.loot.bonus_role,
            )
        )
    seat = seen.seat
    if seat is not None:
        lines.append(
            _STATUS["you"].render(
                language, cash=format_money(seen.cash[seat], language), count=seen.threats[seat]
            )
        )
        mine = [
            _CHARACTER[character.status].render(language, role=role_name(character.role, language))
            for character in seen.characters
            if character.player == seat and character.role is not None
        ]
        if mine:
            separator = "；" if language == "zh" else "; "
            lines.append(_STATUS["characters"].render(language, characters=separator.join(mine)))
    for other in range(players):
        notes: list[str] = []
        if other == seen.leader:
            notes.append(term("leader", language).lower())
        own = [character for character in seen.characters if character.player == other]
        if seen.decided[other]:
            left = all(c.status is CharacterStatus.TAKEN_BACK for c in own)
            notes.append(_NOTES["left" if left else "stayed"].render(language))
        elif own and seen.phase.value == "planning":
            notes.append(_NOTES["chosen"].render(language))
        if seen.threats[other] and other != seat:
            notes.append(_NOTES["threats"].render(language, count=seen.threats[other]))
        cash = format_money(seen.cash[other], language)
        key = "player.notes" if notes else "player"
        lines.append(
            _STATUS[key].render(
                language, player=label[other], cash=cash, notes=list_comma(language).join(notes)
            )
        )
    if seen.face_up:
        roles = list_comma(language).join(role_name(role, language) for role in seen.face_up)
        lines.append(_STATUS["face_up"].render(language, roles=roles))
    lines.extend(waiting_lines(seen.is_over, seen.winners, seen.awaiting, seat, label, language))
    return lines


# --- second person -------------------------------------------------------------------------

_YOU: Final = {
    "chosen": msg("text.you.character_chosen", "You secretly send your {role}."),
    "chosen.two": msg(
        "text.you.character_chosen.two", "You secretly send your {role} and your {role2}."
    ),
    "peeked": msg(
        "text.you.threat_peeked",
        "Your threat card shows you {target}'s character {number}: the {role}.",
    ),
    # With one character a player (4 to 8 players, R-PLAN-2) a number would only puzzle.
    "peeked.one": msg(
        "text.you.threat_peeked.one", "Your threat card shows you {target}'s character: the {role}."
    ),
}


def narrate(event: Any, seat: int | None, names: Sequence[str] | None, language: str) -> str:
    """``event`` told to ``seat``: its own choice and what its threat card showed in the
    second person (R-PLAN-2, R-HEIST-THREAT), the rest as :func:`describe` tells it to it."""
    if isinstance(event, CharacterChosen) and event.player == seat and event.roles:
        if len(event.roles) == 2:
            first, second = event.roles
            return _YOU["chosen.two"].render(language, role=first, role2=second)
        return _YOU["chosen"].render(language, role=event.roles[0])
    if isinstance(event, ThreatPeeked) and event.player == seat:
        target = seat_label(event.target, names, language)
        if names is not None and len(names) != 3:
            return _YOU["peeked.one"].render(language, target=target, role=event.role)
        return _YOU["peeked"].render(
            language, target=target, number=event.slot + 1, role=event.role
        )
    players = len(names) if names is not None else None
    return describe(event, names, locale=language, players=players, reader=seat)


#: What the text layer asks of Millions (:attr:`~millions_rules.games.Companions.text`).
#: The game's title as an LLM seat's prompt names it.
_TITLE: Final = msg("text.llm.title.millions", "Millions of Dollars")

SEAT_WORDS: Final = SeatWords(
    command=_notation.command,
    parse_command=_notation.parse_command,
    legal_actions=_notation.legal_actions,
    menu=menu,
    status=status,
    narrate=narrate,
    event_types=EVENT_TYPES,
    is_secret=is_secret,
    title=_TITLE.render,
    aliases=("百万",),
)
