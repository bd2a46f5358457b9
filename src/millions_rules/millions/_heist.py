"""The heist (R-HEIST): characters are revealed role by role.

The staying characters are revealed in the order of R-COMP-1. Duplicates are
eliminated (R-HEIST-DUP), Brutes always keep their deposits (R-HEIST-BRUTE), a
lone Snitch names a role whose characters are revealed and eliminated at the
very end (R-HEIST-SNITCH), and a Snitch left alone is punished
(R-HEIST-LONE-SNITCH). The survivors then share the loot (:mod:`._loot`).

The Snitch is revealed first; when it is alone and a role can be named, the
engine rests in :attr:`~millions_rules.Phase.HEIST` until the Snitch's owner plays
:class:`~millions_rules.Denounce`, then resolves the rest at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from .._common.interning import interned
from .._common.untrusted import UntrustedAction
from ._actions import Denounce
from ._checks import illegal, require_phase, require_role, require_seat
from ._draft import Draft
from ._ending import end_round
from ._events import CharacterRevealed, Eliminated, RoleDenounced, SnitchPunished, ThreatGained
from ._loot import share_loot
from ._roles import Role
from ._state import Character, CharacterStatus, GameState, Phase
from ._text import msg

__all__ = ["begin_heist", "check_denounce", "nameable_face_up", "nameable_roles", "play_denounce"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_HIDDEN: Final = CharacterStatus.HIDDEN
_SURVIVING: Final = CharacterStatus.SURVIVING
_HEIST: Final = Phase.HEIST
_BRUTE: Final = Role.BRUTE
_SNITCH: Final = Role.SNITCH
#: The roles revealed after the Snitch, in reveal order (R-HEIST).
_AFTER_SNITCH: Final = tuple(role for role in Role if role is not _SNITCH)
# What the action does, for its refusal (made once: the check runs on every action).
_DOING_DENOUNCE: Final = msg("doing.denounce", "name a role")

_SNITCH_PENALTY: Final = 3

# The events of the heist, one shared instance per distinct value (see ._common.interning).
_CharacterRevealed: Final = interned(CharacterRevealed)
_Eliminated: Final = interned(Eliminated)
_RoleDenounced: Final = interned(RoleDenounced)
_SnitchPunished: Final = interned(SnitchPunished)
_ThreatGained: Final = interned(ThreatGained)


def begin_heist(draft: Draft) -> None:
    """Reveal the Snitches; pause for a lone Snitch's denunciation if a role can be named."""
    # One pass over the characters serves the whole heist (see _in_heist).
    hidden, survivors = _in_heist(draft)
    snitches = hidden.get(_SNITCH)
    if snitches is not None:
        _reveal(draft, _SNITCH, snitches, survivors)
    if not survivors:  # no Snitch, or duplicates eliminated (R-HEIST-DUP)
        _finish_heist(draft, hidden, survivors, named=None)
        return
    if nameable_face_up(draft.face_up):
        # The state rests here, so the Snitch shows as revealed and surviving.
        draft.set_status(survivors[0], _SURVIVING)
        draft.phase = _HEIST
        return
    # R-HEIST-SNITCH: if no other role shows on a face-up card, nobody is named.
    draft.events.append(_RoleDenounced(draft.characters[survivors[0]].player, None))
    _finish_heist(draft, hidden, survivors, named=None)


def _other_roles(face_up: tuple[Role, ...]) -> tuple[Role, ...]:
    return tuple(sorted({role for role in face_up if role is not _SNITCH}))


# A few hundred layouts of the role cards occur, and every lone Snitch asks.
_other_roles_of_layout: Final = lru_cache(maxsize=1024)(_other_roles)


def nameable_face_up(face_up: tuple[Role, ...]) -> tuple[Role, ...]:
    """The roles other than Snitch among ``face_up``, once each, in reveal order (R-HEIST-SNITCH)."""
    if face_up.__class__ is tuple:  # as the rules lay them out; a hand-built state may hold a list
        return _other_roles_of_layout(face_up)
    return _other_roles(face_up)


def nameable_roles(state: GameState) -> tuple[Role, ...]:
    """The roles the lone Snitch may name: face up, other than Snitch (R-HEIST-SNITCH)."""
    return nameable_face_up(state.face_up) if state.phase is _HEIST else ()


def check_denounce(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Denounce` that breaks R-HEIST-SNITCH."""
    require_phase(state, _DOING_DENOUNCE, "R-HEIST-SNITCH", _HEIST)
    seat = require_seat(state, action.player)
    role = require_role(action.role)
    if seat not in state.awaiting:
        illegal(
            msg("error.not_lone_snitch", "seat {player} is not the lone Snitch"),
            "R-HEIST-SNITCH",
            player=seat,
        )
    if role not in nameable_roles(state):
        illegal(
            msg(
                "error.role_not_face_up",
                "the Snitch must name a role other than Snitch showing on a face-up role card, "
                "not the {role}",
            ),
            "R-HEIST-SNITCH",
            role=role,
        )


def play_denounce(draft: Draft, action: Denounce) -> None:
    """Record the named role and resolve the rest of the heist."""
    draft.events.append(_RoleDenounced(action.player, action.role))
    hidden, survivors = _in_heist(draft)  # the lone Snitch survives, revealed already
    _finish_heist(draft, hidden, survivors, named=action.role)


def _finish_heist(
    draft: Draft, hidden: dict[Role, list[int]], survivors: list[int], named: Role | None
) -> None:
    """Reveal the roles after the Snitch, then the named role, then share the loot and end the round.

    ``hidden`` holds each role's face-down characters and ``survivors`` the
    characters revealed so far that survived, in reveal order. The characters
    go home when the round ends (R-END-1), which this transition always reaches:
    the heist keeps its outcome in ``survivors`` instead of rebuilding every
    character with its new status only for :func:`._ending.end_round` to drop it.
    """
    for role in _AFTER_SNITCH:  # R-COMP-1 order; roles out of play have no characters
        if role is not named:
            found = hidden.get(role)
            if found is not None:
                _reveal(draft, role, found, survivors)
    if named is not None:
        _reveal_named(draft, named, hidden.get(named, ()))
    if not _punish_lone_snitch(draft, survivors):
        characters = draft.characters
        share_loot(draft, [characters[index] for index in survivors])
    end_round(draft)


def _in_heist(draft: Draft) -> tuple[dict[Role, list[int]], list[int]]:
    """Indices of each role's face-down characters, by seat, and of the surviving ones.

    Revealing a role changes only its own characters, so the groups hold until
    each role's turn; every survivor is recorded as it is revealed, in reveal
    order (at most one per role, R-HEIST-DUP), so the heist never scans again.
    """
    characters = draft.characters
    groups: dict[Role, list[int]] = {}
    survivors = []
    for index, c in enumerate(characters):
        status = c.status
        if status is _HIDDEN:
            group = groups.get(c.role)
            if group is None:
                groups[c.role] = [index]
            else:
                group.append(index)
                if characters[group[-2]].player > c.player:  # laid in choosing order
                    group.sort(key=lambda index: characters[index].player)
        elif status is _SURVIVING:  # the lone Snitch, revealed before the pause
            survivors.append(index)
    return groups, survivors


def _reveal(draft: Draft, role: Role, found: list[int], survivors: list[int]) -> None:
    """Reveal ``found``, the face-down characters of ``role`` by seat: a lone one survives (R-HEIST-DUP)."""
    characters = draft.characters
    emit = draft.events.append
    for index in found:
        emit(_CharacterRevealed(characters[index].player, role))
    if len(found) == 1:
        _survive(draft, characters[found[0]])
        survivors.append(found[0])
        return
    for index in found:  # R-HEIST-DUP: two or more of a role are all eliminated
        _eliminate(draft, characters[index], "R-HEIST-DUP")


def _survive(draft: Draft, character: Character) -> None:
    """A lone character gets its deposit back; a lone Brute takes a threat card (R-HEIST-BRUTE, R-HEIST-OTHER)."""
    draft.return_deposit(character)  # R-HEIST-SNITCH, R-HEIST-BRUTE, R-HEIST-OTHER
    if character.role is _BRUTE and draft.threat_supply > 0:
        draft.threat_supply -= 1
        draft.threats[character.player] += 1
        draft.events.append(_ThreatGained(character.player))


def _eliminate(draft: Draft, character: Character, rule: str) -> None:
    """Eliminate a character: its deposit goes to the reserve, except a Brute's (R-HEIST-DUP, R-HEIST-BRUTE)."""
    draft.events.append(_Eliminated(character.player, character.role, rule))
    if character.role is _BRUTE:
        draft.return_deposit(character)  # R-HEIST-BRUTE: a Brute always keeps it
    else:
        draft.forfeit_deposit(character)


def _reveal_named(draft: Draft, named: Role, found: Sequence[int]) -> None:
    """Reveal and eliminate the named role's characters at the very end of the heist (R-HEIST-SNITCH)."""
    # R-HEIST-SNITCH: revealed at the very end and eliminated, alone or not;
    # a named Brute keeps the deposit but gains no threat card.
    characters = draft.characters
    emit = draft.events.append
    for index in found:
        emit(_CharacterRevealed(characters[index].player, named))
    for index in found:
        _eliminate(draft, characters[index], "R-HEIST-SNITCH")


def _punish_lone_snitch(draft: Draft, survivors: list[int]) -> bool:
    """Punish a Snitch left alone: up to 3M to the reserve, no loot (R-HEIST-LONE-SNITCH)."""
    if len(survivors) != 1 or draft.characters[survivors[0]].role is not _SNITCH:
        return False
    seat = draft.characters[survivors[0]].player
    amount = min(_SNITCH_PENALTY, draft.cash[seat])  # cash never goes below 0
    draft.cash[seat] -= amount
    draft.reserve += amount
    draft.emit(_Eliminated(seat, _SNITCH, "R-HEIST-LONE-SNITCH"), _SnitchPunished(seat, amount))
    return True
