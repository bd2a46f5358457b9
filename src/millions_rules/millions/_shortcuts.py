"""Shortcuts for the commonest checked actions: the next state built without a draft.

Most actions of a game are a :class:`~millions_rules.Choose`, a
:class:`~millions_rules.Pay`, or a :class:`~millions_rules.Stay` or
:class:`~millions_rules.Leave` that is not the last decision: each changes a few fields
of the state and adds a few events. Copying the whole state into a
:class:`._draft.Draft` and freezing it back costs more than the rule itself, so for
those actions :func:`~millions_rules.apply` calls the shortcut here, which copies the
state's field dictionary and replaces only what the rule changes.

Each shortcut gives exactly the state and events of the rule's ``play_*`` function
(:func:`._planning.play_choose`, with the role cards laid out after the last choice;
:func:`._negotiation.play_pay`; :func:`._negotiation.play_stay`;
:func:`._negotiation.play_leave`) and returns ``None``
whenever the action would do more (start the heist): the draft then plays it. They
run only on actions already checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .._common.interning import CACHE_SIZE, interned
from ._actions import Action, Choose, Leave, Pay, Stay
from ._config import GameConfig
from ._events import (
    CharacterChosen,
    CharacterTakenBack,
    DepositPlaced,
    DepositReturned,
    Left,
    Paid,
    RoleCardSetAside,
    RoleCardsLaidOut,
    Stayed,
)
from ._face_down import hand_on, seat_decisions
from ._log import Log
from ._random import draw_below
from ._roles import REVEAL_ORDER, Dealer, Role
from ._state import Character, CharacterStatus, GameState, Phase

__all__ = ["SHORTCUTS", "shortcut_choose", "shortcut_leave", "shortcut_pay", "shortcut_stay"]

_HIDDEN: Final = CharacterStatus.HIDDEN
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_ENGINE: Final = Dealer.ENGINE
_NEGOTIATION: Final = Phase.NEGOTIATION
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE
_new: Final = object.__new__
_set: Final = object.__setattr__
_GAME_STATE: Final = GameState
_LOG: Final = Log

# The values these rules build, one shared instance each (see ._common.interning).
_CharacterChosen: Final = interned(CharacterChosen)
_CharacterTakenBack: Final = interned(CharacterTakenBack)
_DepositPlaced: Final = interned(DepositPlaced)
_DepositReturned: Final = interned(DepositReturned)
_Left: Final = interned(Left)
_Paid: Final = interned(Paid)
_RoleCardSetAside: Final = interned(RoleCardSetAside)
_RoleCardsLaidOut: Final = interned(RoleCardsLaidOut)
_Stayed: Final = interned(Stayed)
_Character: Final = interned(Character)

#: The events of each seat's Stay, by seat (R-NEG-1): built once.
_STAYED: Final = tuple([(_Stayed(seat),) for seat in range(8)])  # 8 players at most (R-COMP-2)


def _derive(
    old: dict[str, Any], action: Action, events: tuple[Any, ...]
) -> tuple[GameState, dict[str, Any]]:
    """A new state sharing every field of the state whose fields are ``old`` (its
    ``__dict__``), with ``events`` and ``action`` logged.

    The caller replaces the fields the rule changes in the returned dictionary
    before anyone sees the state. The shortcuts read the state's fields from ``old``
    too: a subscript of a dictionary in hand costs less than an attribute lookup.
    """
    fields = old.copy()  # keeps the key table shared between states
    stored_events, stored_history = fields["events"], fields["history"]
    # Typed as logs once known to be ones: the compiled build then reads their sizes
    # directly rather than by name.
    logged: Log[Any] = (
        stored_events
        if stored_events.__class__ is _LOG
        else Log(None, stored_events, len(stored_events))  # a state built from tuples
    )
    history: Log[Any] = (
        stored_history
        if stored_history.__class__ is _LOG
        else Log(None, stored_history, len(stored_history))
    )
    fields["events"] = Log(logged, events, logged.size + len(events))
    fields["history"] = Log(history, (action,), history.size + 1)
    new = _new(_GAME_STATE)
    _set(new, "__dict__", fields)
    return new, fields


def shortcut_choose(state: GameState, action: Choose) -> GameState:
    """:func:`._planning.play_choose`, the role cards laid out after the last choice.

    R-PLAN-2, R-PLAN-3; after the last choice R-PLAN-4 as in
    :func:`._planning._shuffle_role_cards` and :func:`._planning._lay_out`.
    """
    old = state.__dict__
    config: GameConfig = old["config"]
    characters: tuple[Character, ...] = old["characters"]
    roles = action.roles
    seat = action.player
    deposit: int = old["loot"].deposit  # planning always has a loot card
    cash: tuple[int, ...] = old["cash"]
    have = cash[seat]
    reserve: int = old["reserve"]
    most = len(roles) * deposit  # what the characters can cost at most
    key = (
        seat,
        roles,
        deposit,
        have if have < most else most,
        reserve if reserve < most else most,
    )
    laying = _LAYINGS.get(key)
    if laying is None:
        if len(_LAYINGS) >= CACHE_SIZE:
            _LAYINGS.clear()
        laying = _LAYINGS[key] = _laying(*key)
    placed, chosen, paid, covered, decisions = laying
    have -= paid
    reserve -= covered
    laid = characters + placed
    events = chosen
    players = config.players
    last = len(laid) == (2 * players if players == 3 else players)  # R-3P-1: two each
    if last and config.dealer is _ENGINE:
        cards = [c.role for c in laid]
        # Drawing one card uniformly is the same as shuffling and taking the top one.
        index, rng = draw_below(old["rng"], len(cards))
        face_down = cards[index]
        cards.remove(face_down)
        face_up = tuple(sorted(cards, key=REVEAL_ORDER))
        events += (_RoleCardSetAside(face_down), _RoleCardsLaidOut(face_up))
    new, fields = _derive(old, action, events)
    if players == 3:  # R-3P-2: negotiation lists the roles each seat may take back
        hand_on(fields, seat, decisions, first=not characters)
    money = list(cash)
    money[seat] = have
    fields["cash"] = tuple(money)
    fields["reserve"] = reserve
    fields["characters"] = laid
    if last:
        if config.dealer is _ENGINE:
            fields["face_down"] = face_down
            fields["face_up"] = face_up
            fields["rng"] = rng
            fields["phase"] = _NEGOTIATION
        else:
            fields["phase"] = _SETTING_ASIDE
    return new


_Laying = tuple[tuple[Character, ...], tuple[Any, ...], int, int, tuple[Action, ...]]

#: :func:`_laying` by its arguments: a few hundred keys serve every game (bounded).
_LAYINGS: Final[dict[tuple[int, tuple[Role, ...], int, int, int], _Laying]] = {}


def _laying(seat: int, roles: tuple[Role, ...], deposit: int, have: int, reserve: int) -> _Laying:
    """A choice's characters laid with their deposits (R-PLAN-2, R-PLAN-3, R-3P-1).

    Returns the characters, the events (:class:`~millions_rules.CharacterChosen`, then one
    :class:`~millions_rules.DepositPlaced` a character), what the seat paid and the
    reserve covered in all, and the seat's decisions in negotiation with these
    characters face down (:func:`._face_down.seat_decisions`). Each character's deposit
    is paid from ``have`` while it lasts, the rest covered from ``reserve``; both need
    only be known up to what all the deposits cost, so a few hundred keys serve every
    game.
    """
    laid: list[Character] = []
    events: list[Any] = [_CharacterChosen(seat, roles)]
    spent = covered_all = 0
    for position, role in enumerate(roles):
        paid = deposit if deposit < have else have
        short = deposit - paid
        covered = short if short < reserve else reserve
        have -= paid
        reserve -= covered
        spent += paid
        covered_all += covered
        laid.append(_Character(seat, role, position, paid, covered))
        events.append(_DepositPlaced(seat, paid, covered))
    return tuple(laid), tuple(events), spent, covered_all, seat_decisions(seat, roles)


def _decide(decided: tuple[bool, ...], seat: int) -> tuple[bool, ...] | None:
    """``decided`` with ``seat`` set, or ``None`` when that completes it (the heist follows)."""
    marks = list(decided)
    marks[seat] = True
    if False not in marks:  # as the draft's test (._negotiation), without all()'s call
        return None
    return tuple(marks)


def shortcut_stay(state: GameState, action: Stay) -> GameState | None:
    """:func:`._negotiation.play_stay` when someone else is still undecided (R-NEG-1)."""
    old = state.__dict__
    if old["offers"]:  # open offers may lapse (R-DEAL-3): the draft plays it
        return None
    seat = action.player
    decided = _decide(old["decided"], seat)
    if decided is None:
        return None
    new, fields = _derive(old, action, _STAYED[seat])
    fields["decided"] = decided
    return new


def shortcut_leave(state: GameState, action: Leave) -> GameState | None:
    """:func:`._negotiation.play_leave` when someone is still undecided (R-NEG-2, R-3P-2)."""
    old_fields = state.__dict__
    if old_fields["offers"]:  # open offers may lapse (R-DEAL-3): the draft plays it
        return None
    if action.role is not None:
        return _take_back_one(state, action)
    seat = action.player
    decided = _decide(old_fields["decided"], seat)
    if decided is None:
        return None  # the last undecided seat leaves: the heist follows, in the draft
    before: tuple[Character, ...] = old_fields["characters"]
    characters = list(before)
    events: list[Any] = [None]
    positions = []
    cash = list(old_fields["cash"])
    reserve: int = old_fields["reserve"]
    for index, old in enumerate(before):  # every character the seat has face down
        if old.player == seat and old.status is _HIDDEN:
            _, characters[index], alone, _ = _taken_back(old)
            positions.append(old.position)
            cash[seat] += old.paid
            reserve += old.covered
            events += alone[1:]  # taken back, deposit returned: the Left event is the whole Leave's
    events[0] = _Left(seat, tuple(positions), 0)
    new, fields = _derive(old_fields, action, tuple(events))
    fields["cash"] = tuple(cash)
    fields["reserve"] = reserve
    fields["characters"] = tuple(characters)
    fields["decided"] = decided
    if old_fields["config"].players == 3:  # R-3P-2: nothing left to take back one by one
        hand_on(fields, seat, seat_decisions(seat, ()))
    return new


def _take_back_one(state: GameState, action: Leave) -> GameState | None:
    """The three-player game's ``Leave(seat, role)``: one character taken back (R-3P-2).

    The commonest Leave of that game; its events come whole from :func:`_taken_back`.
    """
    seat = action.player
    role = action.role
    before = state.characters
    index = matches = 0
    left = []  # the roles the seat keeps face down
    for position, c in enumerate(before):
        if c.player == seat and c.status is _HIDDEN:
            if c.role is role:
                index = position  # the check found the seat's face-down character of role
                matches += 1
            else:
                left.append(c.role)
    if matches != 1:
        return None  # one role twice (R-3P-1 forbids it): only a hand-built state
    remaining = len(left)
    decided = state.decided
    if remaining == 0:
        now_decided = _decide(decided, seat)
        if now_decided is None:
            return None  # the seat's last character, and the last decision: the heist follows
        decided = now_decided
    elif remaining > 1:
        return None  # more than two characters a seat (R-3P-1): only a hand-built state
    old = before[index]
    characters = list(before)
    _, characters[index], none_left, one_left = _taken_back(old)
    events = one_left if remaining else none_left
    cash = list(state.cash)
    cash[seat] += old.paid
    new, fields = _derive(state.__dict__, action, events)
    fields["cash"] = tuple(cash)
    fields["reserve"] = state.reserve + old.covered
    fields["characters"] = tuple(characters)
    fields["decided"] = decided
    hand_on(fields, seat, seat_decisions(seat, tuple(left)))
    return new


def shortcut_pay(state: GameState, action: Pay) -> GameState:
    """:func:`._negotiation.play_pay`: the money moves at once (R-NEG-3)."""
    payer, payee, amount = action.player, action.to, action.amount
    old = state.__dict__
    new, fields = _derive(old, action, (_Paid(payer, payee, amount),))
    cash = list(old["cash"])
    cash[payer] -= amount
    cash[payee] += amount
    fields["cash"] = tuple(cash)
    return new


#: For each face-down character taken back: the character as taken back and the events
#: of a Leave taking back only it (R-NEG-2, R-3P-2), with no character or with one left
#: face down, by the identity of the character, which the entry holds. The characters
#: of the shortcuts are interned, so the same few recur in every game.
_TAKING_BACK: Final[dict[int, tuple[Character, Character, tuple[Any, ...], tuple[Any, ...]]]] = {}


def _taken_back(old: Character) -> tuple[Character, Character, tuple[Any, ...], tuple[Any, ...]]:
    """``old``, ``old`` taken back, and the events taking back only it, with 0 and with 1 left.

    The events are :class:`~millions_rules.Left`, :class:`~millions_rules.CharacterTakenBack`
    and :class:`~millions_rules.DepositReturned`.
    """
    known = _TAKING_BACK.get(id(old))
    if known is not None and known[0] is old:
        return known
    seat = old.player
    new = _Character(seat, old.role, old.position, old.paid, old.covered, _TAKEN_BACK)
    taken_back = _CharacterTakenBack(seat, old.role)
    returned = _DepositReturned(seat, old.paid, old.covered)
    alone = (old.position,)
    known = (
        old,
        new,
        (_Left(seat, alone, 0), taken_back, returned),
        (_Left(seat, alone, 1), taken_back, returned),
    )
    if len(_TAKING_BACK) >= CACHE_SIZE:
        _TAKING_BACK.clear()
    _TAKING_BACK[id(old)] = known
    return known


#: The shortcut of each action class that has one. It returns the new state, or
#: ``None`` when the draft must play the action. :func:`~millions_rules.apply` calls
#: each by name for its class, which the compiled build turns into a direct call.
SHORTCUTS: Final[dict[type, Callable[[GameState, Any], GameState | None]]] = {
    Choose: shortcut_choose,
    Stay: shortcut_stay,
    Leave: shortcut_leave,
    Pay: shortcut_pay,
}
