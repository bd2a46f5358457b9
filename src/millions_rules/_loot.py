"""Sharing the loot (R-LOOT), in the rule book's order.

1. A surviving Mastermind raises the loot by 2M (R-LOOT-1).
2. The loot is split equally among the survivors, from the reserve (R-LOOT-2).
3. Every survivor who received money pays the Driver 1M (R-LOOT-3).
4. The Crook takes 2M from the Brute (R-LOOT-4).
5. The survivor matching the card's symbol gets 1M (R-LOOT-5).

Survivors are characters, not players: in the three-player game a player with
two survivors is dealt two shares (R-3P-3). Under ``repeat_role='no_share'`` a
survivor repeating last round's role is dealt nothing, pays no Driver and gets
no bonus, though the role keeps its effects (R-LOOT-REPEAT).
"""

from __future__ import annotations

from typing import Final

from ._draft import Draft
from ._events import BonusPaid, CrookStole, DriverPaid, LootShared, ShareReceived, ShareWithheld
from ._roles import RepeatRole, Role
from ._state import Character, CharacterStatus

__all__ = ["share_loot"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_SURVIVING: Final = CharacterStatus.SURVIVING
_NO_SHARE: Final = RepeatRole.NO_SHARE
_BRUTE: Final = Role.BRUTE
_CROOK: Final = Role.CROOK
_DRIVER: Final = Role.DRIVER
_MASTERMIND: Final = Role.MASTERMIND

_MASTERMIND_BONUS = 2
_DRIVER_FEE = 1
_CROOK_TAKE = 2
_SYMBOL_BONUS = 1


def share_loot(draft: Draft) -> None:
    """Share the loot among the surviving characters; nothing happens when none survived."""
    survivors = [draft.characters[i] for i in draft.with_status(_SURVIVING)]
    if not survivors:
        return
    survivors.sort(key=lambda c: c.role.order)  # reveal order; by seat within a role
    by_role = {c.role: c for c in survivors}
    dealt = []
    for character in survivors:
        if _repeats(draft, character):
            draft.emit(ShareWithheld(character.player, character.role))
        else:
            dealt.append(character)

    total = draft.loot.total if draft.loot is not None else 0
    if _MASTERMIND in by_role:
        total += _MASTERMIND_BONUS
    # The reserve pays the loot; were it ever short, the survivors split what it holds.
    share = min(total, draft.reserve) // len(dealt) if dealt else 0
    draft.emit(LootShared(total, len(dealt), share))
    paid = [c for c in dealt if share > 0]
    for character in paid:
        draft.from_reserve(character.player, share)
        draft.emit(ShareReceived(character.player, character.role, share))

    _pay_driver(draft, by_role.get(_DRIVER), paid)
    _crook_steals(draft, by_role.get(_CROOK), by_role.get(_BRUTE))
    _symbol_bonus(draft, dealt)


def _repeats(draft: Draft, character: Character) -> bool:
    """Whether the character repeats its owner's last-round role under ``no_share`` (R-LOOT-REPEAT)."""
    return (
        draft.config.repeat_role is _NO_SHARE
        and character.role in draft.previous_roles[character.player]
    )


def _pay_driver(draft: Draft, driver: Character | None, paid: list[Character]) -> None:
    """Every other survivor who received a share pays the Driver 1M (R-LOOT-3, R-3P-3)."""
    if driver is None:
        return
    for character in paid:
        if (
            character is not driver
        ):  # the Driver does not pay itself (R-3P-3: the owner's other one does)
            draft.transfer(character.player, driver.player, _DRIVER_FEE)
            draft.emit(DriverPaid(character.player, driver.player, _DRIVER_FEE))


def _crook_steals(draft: Draft, crook: Character | None, brute: Character | None) -> None:
    """The Crook takes 2M, or what there is, from the Brute's owner (R-LOOT-4)."""
    if crook is None or brute is None:
        return
    amount = min(_CROOK_TAKE, draft.cash[brute.player])  # only what the Brute's owner has
    draft.transfer(brute.player, crook.player, amount)
    draft.emit(CrookStole(crook.player, brute.player, amount))


def _symbol_bonus(draft: Draft, dealt: list[Character]) -> None:
    """The survivor matching the card's symbol gets 1M from the reserve (R-LOOT-5)."""
    symbol = draft.loot.bonus_role if draft.loot is not None else None
    for character in dealt:
        if character.role is symbol:
            amount = draft.from_reserve(character.player, _SYMBOL_BONUS)
            draft.emit(BonusPaid(character.player, character.role, amount))
