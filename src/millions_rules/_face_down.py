"""Each seat's decisions in the three-player game, remembered for the latest characters tuple.

Listing the three-player game's decisions needs, for every undecided seat, the roles
it still has face down: each may be taken back on its own (R-3P-2). Computing them
walks every character, before every action of a bot. Yet they change only by what a
:class:`~millions_rules.Choose` lays and a :class:`~millions_rules.Leave` takes back,
so the engine remembers each seat's decisions (:func:`seat_decisions` of its face-down
roles) for the latest ``characters`` tuple it saw, and the Choose and Leave shortcuts
(:mod:`._shortcuts`) hand on the seat's new decisions with the tuple they build
(:func:`hand_on_choice`, :func:`hand_on`). A listing, asked before every action, then
only joins the remembered decisions of the undecided seats; a state reached another way
(the draft, another game in between, a state read from JSON) is walked once.

The memo is keyed by the identity of the tuple, which it holds, so the identity
cannot be reused by another tuple while it is kept: a tuple and the characters in it
never change, so the same tuple always has the same roles. It is one entry,
replaced whole, so threads sharing it at worst recompute.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ._actions import Action, Leave, Stay
from ._roles import Role
from ._state import Character, CharacterStatus, GameState

__all__ = [
    "decisions_of_seats",
    "face_down_decisions",
    "hand_on",
    "hand_on_choice",
    "seat_decisions",
]

_HIDDEN: Final = CharacterStatus.HIDDEN

_Decisions = tuple[tuple[Action, ...], ...]

#: The latest characters tuple and each seat's decisions in it, by seat.
_memo: tuple[object, _Decisions] = (None, ())


@lru_cache(maxsize=1024)
def seat_decisions(seat: int, roles: tuple[Role, ...]) -> tuple[Action, ...]:
    """``seat`` stays, leaves, or takes back one of ``roles``, its face-down roles (R-NEG-1, R-3P-2).

    A few dozen keys in all (seat, and the roles still face down): the actions are
    immutable, so one tuple serves every game.
    """
    return (Stay(seat), Leave(seat), *[Leave(seat, role) for role in roles])


def face_down_decisions(state: GameState) -> _Decisions:
    """Each seat's :func:`seat_decisions`, by seat, for the roles it has face down in ``state``."""
    kept, decisions = _memo
    if kept is state.characters:
        return decisions
    return _remember(state)


def decisions_of_seats(state: GameState, seats: tuple[int, ...]) -> tuple[Action, ...]:
    """Every decision of ``seats``, in seat order: :func:`face_down_decisions` of each, joined.

    What a bot asks before each action of a three-player negotiation, in one call.
    """
    kept, decisions = _memo
    if kept is not state.characters:
        decisions = _remember(state)
    if len(seats) == 1:
        return decisions[seats[0]]
    found: tuple[Action, ...] = ()
    for seat in seats:
        found += decisions[seat]
    return found


def _remember(state: GameState) -> _Decisions:
    """Work out and remember each seat's decisions for ``state``'s characters."""
    global _memo
    characters = state.characters
    players = state.config.players
    by_seat: list[tuple[Role, ...]] = [()] * players
    for c in characters:
        if c.status is _HIDDEN:
            by_seat[c.player] += (c.role,)  # at most two each: cheaper than lists made tuples
    decisions = tuple(map(seat_decisions, range(players), by_seat))
    _memo = (characters, decisions)
    return decisions


def hand_on(
    before: tuple[Character, ...], after: tuple[Character, ...], seat: int, left: tuple[Role, ...]
) -> None:
    """``after`` is ``before`` with only ``seat``'s face-down roles now ``left``: remember its decisions.

    Does nothing unless ``before``'s decisions are the ones remembered.
    """
    global _memo
    kept, decisions = _memo
    if kept is before:
        by_seat = list(decisions)
        by_seat[seat] = seat_decisions(seat, left)
        _memo = (after, tuple(by_seat))


def hand_on_choice(
    before: tuple[Character, ...],
    after: tuple[Character, ...],
    seat: int,
    decisions: tuple[Action, ...],
    players: int,
) -> None:
    """``after`` is ``before`` with ``seat``'s chosen characters laid: remember its decisions.

    ``decisions`` are :func:`seat_decisions` of the roles chosen. Planning lays every
    character of a round this way, so the first listing of negotiation finds them
    remembered. The first choice of a round (``before`` empty) starts from seats
    with no character; any other does nothing unless ``before``'s decisions are the
    ones remembered.
    """
    global _memo
    kept, by_seat = _memo
    if kept is not before:
        if before:
            return
        by_seat = _nobody_chose(players)
    table = list(by_seat)
    table[seat] = decisions
    _memo = (after, tuple(table))


@lru_cache(maxsize=16)
def _nobody_chose(players: int) -> _Decisions:
    """Each seat's decisions with no character laid: stay or leave (R-NEG-1)."""
    return tuple([seat_decisions(seat, ()) for seat in range(players)])
