"""The roles each seat still has face down, remembered for the latest characters tuple.

Listing the three-player game's decisions needs, for every undecided seat, the roles
it still has face down: each may be taken back on its own (R-3P-2). Computing them
walks every character, before every action of a bot. Yet in a negotiation they
change only by what a :class:`~millions_rules.Leave` takes back, so the engine
remembers them for the latest ``characters`` tuple it saw, and the Leave shortcut
(:mod:`._shortcuts`) hands on the updated roles with the tuple it builds.

The memo is keyed by the identity of the tuple, which it holds, so the identity
cannot be reused by another tuple while it is kept: a tuple and the characters in it
never change, so the same tuple always has the same roles. It is one entry,
replaced whole, so threads sharing it at worst recompute.
"""

from __future__ import annotations

from typing import Final

from ._roles import Role
from ._state import Character, CharacterStatus, GameState

__all__ = ["face_down_roles", "hand_on"]

_HIDDEN: Final = CharacterStatus.HIDDEN

#: The latest characters tuple and the roles each seat has face down in it.
_memo: tuple[object, tuple[tuple[Role, ...], ...]] = (None, ())


def face_down_roles(state: GameState) -> tuple[tuple[Role, ...], ...]:
    """The roles of each seat's face-down characters, by seat, each in the order laid."""
    global _memo
    characters = state.characters
    kept, roles = _memo
    if kept is characters:
        return roles
    by_seat: list[list[Role]] = [[] for _ in range(state.config.players)]
    for c in characters:
        if c.status is _HIDDEN:
            by_seat[c.player].append(c.role)
    roles = tuple(map(tuple, by_seat))
    _memo = (characters, roles)
    return roles


def hand_on(
    before: tuple[Character, ...], after: tuple[Character, ...], seat: int, left: tuple[Role, ...]
) -> None:
    """``after`` is ``before`` with only ``seat``'s face-down roles now ``left``: remember its roles.

    Does nothing unless ``before``'s roles are the ones remembered.
    """
    global _memo
    kept, roles = _memo
    if kept is before:
        by_seat = list(roles)
        by_seat[seat] = left
        _memo = (after, tuple(by_seat))
