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

from .._common.interning import interned
from ._draft import Draft
from ._events import BonusPaid, CrookStole, DriverPaid, LootShared, ShareReceived, ShareWithheld
from ._roles import RepeatRole, Role
from ._state import Character

__all__ = ["share_loot"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_NO_SHARE: Final = RepeatRole.NO_SHARE
_BRUTE: Final = Role.BRUTE
_CROOK: Final = Role.CROOK
_DRIVER: Final = Role.DRIVER
_MASTERMIND: Final = Role.MASTERMIND

_MASTERMIND_BONUS: Final = 2
_DRIVER_FEE: Final = 1
_CROOK_TAKE: Final = 2
_SYMBOL_BONUS: Final = 1

# The events of the loot, one shared instance per distinct value (see ._common.interning).
_BonusPaid: Final = interned(BonusPaid)
_CrookStole: Final = interned(CrookStole)
_DriverPaid: Final = interned(DriverPaid)
_LootShared: Final = interned(LootShared)
_ShareReceived: Final = interned(ShareReceived)
_ShareWithheld: Final = interned(ShareWithheld)


def share_loot(draft: Draft, survivors: list[Character]) -> None:
    """Share the loot among the surviving characters, given in reveal order; nothing happens when none survived."""
    if not survivors:
        return
    emit = draft.events.append
    # R-LOOT-REPEAT: under no_share a survivor repeating its owner's last-round role is dealt nothing.
    if draft.config.repeat_role is _NO_SHARE:
        previous = draft.previous_roles
        dealt = []
        for character in survivors:
            if character.role in previous[character.player]:
                emit(_ShareWithheld(character.player, character.role))
            else:
                dealt.append(character)
    else:
        dealt = survivors
    by_role = {c.role: c for c in survivors}  # at most one survivor per role (R-HEIST-DUP)

    loot = draft.loot
    total = loot.total if loot is not None else 0
    if _MASTERMIND in by_role:  # R-LOOT-1
        total += _MASTERMIND_BONUS
    # R-LOOT-2: the reserve pays the loot; were it ever short, the survivors split what it holds.
    share = min(total, draft.reserve) // len(dealt) if dealt else 0
    emit(_LootShared(total, len(dealt), share))
    paid = dealt if share > 0 else []
    if paid:
        cash = draft.cash
        for character in paid:
            cash[character.player] += share
            emit(_ShareReceived(character.player, character.role, share))
        draft.reserve -= share * len(paid)  # no more than it holds, by the line above

    _pay_driver(draft, by_role.get(_DRIVER), paid)  # R-LOOT-3
    _crook_steals(draft, by_role.get(_CROOK), by_role.get(_BRUTE))  # R-LOOT-4
    _symbol_bonus(draft, dealt, loot.bonus_role if loot is not None else None)  # R-LOOT-5


def _pay_driver(draft: Draft, driver: Character | None, paid: list[Character]) -> None:
    """Every other survivor who received a share pays the Driver 1M (R-LOOT-3, R-3P-3)."""
    if driver is None:
        return
    cash = draft.cash
    emit = draft.events.append
    for character in paid:
        # The Driver does not pay itself (R-3P-3: the owner's other survivor does).
        if character is not driver:
            cash[character.player] -= _DRIVER_FEE
            cash[driver.player] += _DRIVER_FEE
            emit(_DriverPaid(character.player, driver.player, _DRIVER_FEE))


def _crook_steals(draft: Draft, crook: Character | None, brute: Character | None) -> None:
    """The Crook takes 2M, or what there is, from the Brute's owner (R-LOOT-4)."""
    if crook is None or brute is None:
        return
    amount = min(_CROOK_TAKE, draft.cash[brute.player])  # only what the Brute's owner has
    draft.transfer(brute.player, crook.player, amount)
    draft.events.append(_CrookStole(crook.player, brute.player, amount))


def _symbol_bonus(draft: Draft, dealt: list[Character], symbol: Role | None) -> None:
    """The survivor matching the card's symbol gets 1M from the reserve (R-LOOT-5)."""
    for character in dealt:
        if character.role is symbol:
            amount = draft.from_reserve(character.player, _SYMBOL_BONUS)
            draft.events.append(_BonusPaid(character.player, character.role, amount))
