"""Each seat's decisions in the three-player game, kept with each state.

Listing the three-player game's decisions needs, for every undecided seat, the roles
it still has face down: each may be taken back on its own (R-3P-2). Computing them
walks every character, before every action of a bot. Yet they change only by what a
:class:`~millions_rules.Choose` lays and a :class:`~millions_rules.Leave` takes back,
so each three-player state keeps its table of every seat's decisions
(:func:`seat_decisions` of its face-down roles), and the Choose and Leave shortcuts
(:mod:`._shortcuts`) derive the next state's table from it with the seat's new
decisions (:func:`hand_on`). A listing, asked before every action, then only joins the
kept decisions of the undecided seats; a state reached another way (the draft, a state
read from JSON or built by hand) is walked once, when first listed.

The table is a cache, as ``functools.cached_property`` keeps one: it lives in the
state's instance dictionary under a private key, is never part of the state's fields
(equality, hashing, ``repr``, JSON and ``attrs.evolve`` ignore it), and depends only on
the characters, which never change. Threads listing the same state at once at worst
both compute it. Games interleaved in one process, and the branches of a tree search,
each keep their own.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from ._actions import Action, Leave, Stay
from ._roles import Role
from ._state import CharacterStatus, GameState

__all__ = [
    "decisions_of_seats",
    "face_down_decisions",
    "hand_on",
    "seat_decisions",
]

_HIDDEN: Final = CharacterStatus.HIDDEN

_Decisions = tuple[tuple[Action, ...], ...]

#: The key of a three-player state's table in its instance dictionary.
_KEY: Final = "_face_down_decisions"


@lru_cache(maxsize=1024)
def seat_decisions(seat: int, roles: tuple[Role, ...]) -> tuple[Action, ...]:
    """``seat`` stays, leaves, or takes back one of ``roles``, its face-down roles (R-NEG-1, R-3P-2).

    A few dozen keys in all (seat, and the roles still face down): the actions are
    immutable, so one tuple serves every game.
    """
    return (Stay(seat), Leave(seat), *[Leave(seat, role) for role in roles])


def face_down_decisions(state: GameState) -> _Decisions:
    """Each seat's :func:`seat_decisions`, by seat, for the roles it has face down in ``state``."""
    table: _Decisions | None = state.__dict__.get(_KEY)
    if table is None:
        return _remember(state)
    return table


def decisions_of_seats(state: GameState, seats: tuple[int, ...]) -> tuple[Action, ...]:
    """Every decision of ``seats``, in seat order: :func:`face_down_decisions` of each, joined.

    What a bot asks before each action of a three-player negotiation, in one call.
    """
    table: _Decisions | None = state.__dict__.get(_KEY)
    if table is None:
        table = _remember(state)
    if len(seats) == 1:
        return table[seats[0]]
    found: tuple[Action, ...] = ()
    for seat in seats:
        found += table[seat]
    return found


def _remember(state: GameState) -> _Decisions:
    """Work out each seat's decisions in ``state``; keep them with a three-player state."""
    players = state.config.players
    by_seat: list[tuple[Role, ...]] = [()] * players
    for c in state.characters:
        if c.status is _HIDDEN:
            by_seat[c.player] += (c.role,)  # at most two each: cheaper than lists made tuples
    table = tuple(map(seat_decisions, range(players), by_seat))
    if players == 3:  # the only game whose shortcuts hand the table on
        state.__dict__[_KEY] = table
    return table


def hand_on(
    fields: dict[str, Any], seat: int, decisions: tuple[Action, ...], first: bool = False
) -> None:
    """Store the table of a new three-player state in ``fields``, its field dictionary.

    ``fields`` starts as a copy of the previous state's dictionary, table included if it
    had one; only ``seat``'s face-down roles changed, so its decisions are now
    ``decisions``. The round's first choice (``first``) starts from seats with nothing
    laid. Without a table to start from, the new state gets none (it is walked when
    listed).
    """
    table: _Decisions | None = _NOBODY_CHOSE if first else fields.get(_KEY)
    if table is not None:
        by_seat = list(table)
        by_seat[seat] = decisions
        fields[_KEY] = tuple(by_seat)


#: Each seat's decisions with no character laid in a three-player game: stay or leave (R-NEG-1).
_NOBODY_CHOSE: Final = tuple([seat_decisions(seat, ()) for seat in range(3)])
