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

from typing import Final

from ._actions import Denounce
from ._checks import illegal, require_phase, require_role, require_seat
from ._draft import Draft
from ._ending import end_round
from ._events import CharacterRevealed, Eliminated, RoleDenounced, SnitchPunished, ThreatGained
from ._loot import share_loot
from ._roles import Role
from ._state import CharacterStatus, GameState, Phase
from ._text import msg

__all__ = ["begin_heist", "check_denounce", "nameable_face_up", "nameable_roles", "play_denounce"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_ELIMINATED: Final = CharacterStatus.ELIMINATED
_HIDDEN: Final = CharacterStatus.HIDDEN
_SURVIVING: Final = CharacterStatus.SURVIVING
_HEIST: Final = Phase.HEIST
_BRUTE: Final = Role.BRUTE
_SNITCH: Final = Role.SNITCH
# What the action does, for its refusal (made once: the check runs on every action).
_DOING_DENOUNCE: Final = msg("doing.denounce", "name a role")

_SNITCH_PENALTY = 3


def begin_heist(draft: Draft) -> None:
    """Reveal the Snitches; pause for a lone Snitch's denunciation if a role can be named."""
    _reveal_role(draft, _SNITCH)
    snitches = draft.with_status(_SURVIVING, _SNITCH)
    if not snitches:
        _finish_heist(draft, named=None)
        return
    snitch = draft.characters[snitches[0]]
    if nameable_face_up(draft.face_up):
        draft.phase = _HEIST
        return
    # R-HEIST-SNITCH: if no other role shows on a face-up card, nobody is named.
    draft.emit(RoleDenounced(snitch.player, None))
    _finish_heist(draft, named=None)


def nameable_face_up(face_up: tuple[Role, ...]) -> tuple[Role, ...]:
    """The roles other than Snitch among ``face_up``, once each, in reveal order (R-HEIST-SNITCH)."""
    return tuple(sorted({role for role in face_up if role is not _SNITCH}))


def nameable_roles(state: GameState) -> tuple[Role, ...]:
    """The roles the lone Snitch may name: face up, other than Snitch (R-HEIST-SNITCH)."""
    return nameable_face_up(state.face_up) if state.phase is _HEIST else ()


def check_denounce(state: GameState, action: Denounce) -> None:
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
    draft.emit(RoleDenounced(action.player, action.role))
    _finish_heist(draft, named=action.role)


def _finish_heist(draft: Draft, named: Role | None) -> None:
    """Reveal the roles after the Snitch, then the named role, then share the loot and end the round."""
    # One pass finds every role's face-down characters: revealing a role changes only
    # its own characters, so the groups hold until each role's turn.
    hidden = _hidden_by_role(draft)
    for role in draft.config.roles:
        if role is not _SNITCH and role is not named and role in hidden:
            _reveal(draft, role, hidden[role])
    if named is not None:
        _reveal_named(draft, named, hidden.get(named, []))
    if not _punish_lone_snitch(draft):
        share_loot(draft)
    end_round(draft)


def _hidden_by_role(draft: Draft) -> dict[Role, list[int]]:
    """Indices of the face-down characters of each role, by seat (as :meth:`._draft.Draft.with_status`)."""
    characters = draft.characters
    groups: dict[Role, list[int]] = {}
    for index, c in enumerate(characters):
        if c.status is _HIDDEN:
            group = groups.get(c.role)
            if group is None:
                groups[c.role] = [index]
            else:
                group.append(index)
    for group in groups.values():
        if len(group) > 1:
            group.sort(key=lambda index: characters[index].player)
    return groups


def _reveal_role(draft: Draft, role: Role) -> None:
    """Reveal the staying characters of ``role``: a lone one survives, duplicates are eliminated (R-HEIST-DUP)."""
    _reveal(draft, role, draft.with_status(_HIDDEN, role))


def _reveal(draft: Draft, role: Role, found: list[int]) -> None:
    """Reveal ``found``, the face-down characters of ``role`` by seat (R-HEIST-DUP)."""
    for index in found:
        character = draft.characters[index]
        draft.emit(CharacterRevealed(character.player, role))
    if len(found) == 1:
        _survive(draft, found[0])
        return
    for index in found:  # R-HEIST-DUP: two or more of a role are all eliminated
        _eliminate(draft, index, "R-HEIST-DUP")


def _survive(draft: Draft, index: int) -> None:
    """A lone character gets its deposit back; a lone Brute takes a threat card (R-HEIST-BRUTE, R-HEIST-OTHER)."""
    character = draft.set_status(index, _SURVIVING)
    draft.return_deposit(character)  # R-HEIST-SNITCH, R-HEIST-BRUTE, R-HEIST-OTHER
    if character.role is _BRUTE and draft.threat_supply > 0:
        draft.threat_supply -= 1
        draft.threats[character.player] += 1
        draft.emit(ThreatGained(character.player))


def _eliminate(draft: Draft, index: int, rule: str) -> None:
    """Eliminate a character: its deposit goes to the reserve, except a Brute's (R-HEIST-DUP, R-HEIST-BRUTE)."""
    character = draft.set_status(index, _ELIMINATED)
    draft.emit(Eliminated(character.player, character.role, rule))
    if character.role is _BRUTE:
        draft.return_deposit(character)  # R-HEIST-BRUTE: a Brute always keeps it
    else:
        draft.forfeit_deposit(character)


def _reveal_named(draft: Draft, named: Role, found: list[int]) -> None:
    """Reveal and eliminate the named role's characters at the very end of the heist (R-HEIST-SNITCH)."""
    # R-HEIST-SNITCH: revealed at the very end and eliminated, alone or not;
    # a named Brute keeps the deposit but gains no threat card.
    for index in found:
        draft.emit(CharacterRevealed(draft.characters[index].player, named))
    for index in found:
        _eliminate(draft, index, "R-HEIST-SNITCH")


def _punish_lone_snitch(draft: Draft) -> bool:
    """Punish a Snitch left alone: up to 3M to the reserve, no loot (R-HEIST-LONE-SNITCH)."""
    survivors = draft.with_status(_SURVIVING)
    if len(survivors) != 1 or draft.characters[survivors[0]].role is not _SNITCH:
        return False
    character = draft.set_status(survivors[0], _ELIMINATED)
    seat = character.player
    amount = min(_SNITCH_PENALTY, draft.cash[seat])  # cash never goes below 0
    draft.cash[seat] -= amount
    draft.reserve += amount
    draft.emit(Eliminated(seat, _SNITCH, "R-HEIST-LONE-SNITCH"), SnitchPunished(seat, amount))
    return True
