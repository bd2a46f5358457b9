"""Negotiation (R-NEG, R-3P-2): stay or leave, pay, threaten.

Each player decides once to stay or leave; in the three-player game a player may
first take back one character and decide about the other later (R-3P-2).
Payments (R-NEG-3) and threat cards (R-NEG-THREAT) belong to negotiation only;
a used threat card is discarded. When every player has decided, the heist
begins (:mod:`._heist`).
"""

from __future__ import annotations

from typing import Final

from .._common.interning import interned
from .._common.narration import Items
from .._common.untrusted import UntrustedAction
from ._actions import Leave, Pay, Stay, UseThreat
from ._checks import illegal, require_phase, require_role, require_seat, require_whole
from ._draft import Draft
from ._events import CharacterTakenBack, Left, Paid, Stayed, ThreatPeeked, ThreatUsed
from ._heist import begin_heist
from ._offers import lapse_after_decision, lapse_all
from ._state import CharacterStatus, GameState, Phase
from ._text import Money, Text, msg

__all__ = [
    "check_leave",
    "check_pay",
    "check_stay",
    "check_use_threat",
    "play_leave",
    "play_pay",
    "play_stay",
    "play_use_threat",
]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING

# What each action does, for the refusals (made once: the checks run on every action).
_DOING_STAY: Final = msg("doing.stay", "stay")
_DOING_LEAVE: Final = msg("doing.leave", "leave")
_DOING_PAY: Final = msg("doing.pay", "pay")
_DOING_THREAT: Final = msg("doing.use_threat", "use a threat card")

# The events of the last decision, one shared instance per distinct value (see ._common.interning).
_CharacterTakenBack: Final = interned(CharacterTakenBack)
_Left: Final = interned(Left)
_Stayed: Final = interned(Stayed)


# -- R-NEG-1, R-NEG-2, R-3P-2: stay or leave --------------------------------


def _check_undecided(state: GameState, value: object, doing: Text) -> int:
    require_phase(state, doing, "R-NEG-1", _NEGOTIATION)
    seat = require_seat(state, value)
    if state.decided[seat]:
        illegal(
            msg("error.already_decided", "seat {player} has already decided; a decision is final"),
            "R-NEG-1",
            player=seat,
        )
    return seat


def check_stay(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Stay` outside negotiation or from a player who has decided."""
    _check_undecided(state, action.player, _DOING_STAY)


def play_stay(draft: Draft, action: Stay) -> None:
    """The player stays with every character still in the round."""
    draft.decided[action.player] = True
    draft.events.append(_Stayed(action.player))
    if draft.offers:
        lapse_after_decision(draft, action.player, left=False)
    _end_if_all_decided(draft)


def check_leave(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Leave` that breaks R-NEG-2 or R-3P-2."""
    seat = _check_undecided(state, action.player, _DOING_LEAVE)
    if action.role is None:
        return
    role = require_role(action.role)
    if not state.config.three_player:
        illegal(
            msg(
                "error.role_not_applicable",
                "only the three-player game takes characters back one at a time; "
                "to leave, name no character",
            ),
            "R-3P-2",
        )
    if all(c.role is not role for c in state.hidden_characters(seat)):
        illegal(
            msg("error.no_such_character", "seat {player} has no {role} in the round"),
            "R-3P-2",
            player=seat,
            role=role,
        )


def play_leave(draft: Draft, action: Leave) -> None:
    """Take the character(s) back and return their deposits (R-NEG-2)."""
    seat = action.player
    role = action.role
    characters = draft.characters
    hidden = draft.hidden_of(seat)
    taken = [i for i in hidden if role is None or characters[i].role is role]
    remaining = len(hidden) - len(taken)
    draft.events.append(_Left(seat, tuple([characters[i].position for i in taken]), remaining))
    for index in taken:
        character = draft.set_status(index, _TAKEN_BACK)
        draft.events.append(_CharacterTakenBack(seat, character.role))
        draft.return_deposit(character)
    if remaining == 0:
        draft.decided[seat] = True
    if draft.offers:
        lapse_after_decision(draft, seat, left=remaining == 0)
    _end_if_all_decided(draft)


def _end_if_all_decided(draft: Draft) -> None:
    if False not in draft.decided:  # all(draft.decided), without a generator's overhead
        if draft.offers:
            lapse_all(draft)  # R-DEAL-3: negotiation ends
        begin_heist(draft)


# -- R-NEG-3: payments -------------------------------------------------------


def check_pay(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Pay` that breaks R-NEG-3."""
    require_phase(state, _DOING_PAY, "R-NEG-3", _NEGOTIATION)
    payer = require_seat(state, action.player)
    payee = require_seat(state, action.to, "to")
    amount = require_whole(action.amount, "amount")
    if payer == payee:
        illegal(
            msg("error.self_target", "seat {player} cannot pay itself"), "R-NEG-3", player=payer
        )
    if amount < 1:
        illegal(
            msg("error.bad_value", "a payment is at least {minimum}, not {amount}"),
            "R-NEG-3",
            minimum=Money(1),
            amount=amount,
        )
    if amount > state.cash[payer]:
        illegal(
            msg("error.insufficient_funds", "seat {player} holds {cash} and cannot pay {amount}"),
            "R-NEG-3",
            player=payer,
            cash=Money(state.cash[payer]),
            amount=Money(amount),
        )
    for seat in (payer, payee):
        if not state.in_round(seat):
            illegal(
                msg(
                    "error.not_in_round",
                    "seat {player} has left the round and takes no part in deals",
                ),
                "R-NEG-3",
                player=seat,
            )


def play_pay(draft: Draft, action: Pay) -> None:
    """Move the money at once; a payment is final (R-NEG-3)."""
    draft.transfer(action.player, action.to, action.amount)
    draft.emit(Paid(action.player, action.to, action.amount))


# -- R-NEG-THREAT, R-3P-4: threat cards --------------------------------------


def check_use_threat(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.UseThreat` that breaks R-NEG-THREAT or R-3P-4."""
    require_phase(state, _DOING_THREAT, "R-NEG-THREAT", _NEGOTIATION)
    user = require_seat(state, action.player)
    target = require_seat(state, action.target, "target")
    slot = require_whole(action.slot, "slot")
    if user == target:
        illegal(
            msg("error.self_target", "seat {player} cannot threaten itself"),
            "R-NEG-THREAT",
            player=user,
        )
    if state.threats[user] < 1:
        illegal(
            msg("error.no_threat_card", "seat {player} holds no threat card"),
            "R-NEG-THREAT",
            player=user,
        )
    if not state.in_round(user):
        illegal(
            msg(
                "error.not_in_round",
                "seat {player} has left the round and cannot use a threat card",
            ),
            "R-NEG-THREAT",
            player=user,
        )
    positions = [c.position for c in state.hidden_characters(target)]
    if not positions:
        illegal(
            msg("error.not_in_round", "seat {player} has no character left in the round"),
            "R-NEG-THREAT",
            player=target,
        )
    if slot not in positions:
        illegal(
            msg(
                "error.bad_slot",
                # Characters counted from 1 in words, as the page's "card 1" and "card 2".
                "seat {player} has no face-down character {number} (face down: {numbers})",
            ),
            "R-3P-4",
            player=target,
            number=slot + 1,
            numbers=Items([position + 1 for position in positions]),
        )


def play_use_threat(draft: Draft, action: UseThreat) -> None:
    """Spend the card, which is discarded; only the user learns the role (R-NEG-THREAT)."""
    # Threat cards are gained in the heist, after negotiation, so a card held now
    # was always gained in an earlier round, as R-NEG-THREAT requires. The card
    # leaves the game: the supply does not grow (revised R-NEG-THREAT, R-COMP-5).
    draft.threats[action.player] -= 1
    seen = next(
        c.role
        for i in draft.hidden_of(action.target)
        if (c := draft.characters[i]).position == action.slot
    )
    draft.emit(
        ThreatUsed(action.player, action.target, action.slot),
        ThreatPeeked(action.player, action.target, action.slot, seen),
    )
