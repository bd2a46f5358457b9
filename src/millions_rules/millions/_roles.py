"""Roles, loot cards and the enumerations of the game's options (R-COMP).

This module holds the game's components: the five roles (R-COMP-1), which of
them are in play for a number of players (R-COMP-2), the loot cards (R-COMP-4)
and the two configuration enums, :class:`~millions_rules.RepeatRole` (R-VAR-REPEAT) and
:class:`~millions_rules.Dealer`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from .._common.dealer import Dealer
from .._common.i18n import msg
from ._errors import ConfigError
from ._limits import MAX_MONEY

__all__ = [
    "STANDARD_LOOT_DECK",
    "Dealer",
    "LootCard",
    "RepeatRole",
    "Role",
    "roles_in_play",
]


class Role(enum.Enum):
    """A specialist a gang boss can send on a heist (R-COMP-1).

    The members are listed in reveal order (R-HEIST): iterating over
    :class:`~millions_rules.Role` yields them in that order, and :attr:`order` gives the
    position.

    >>> [role.name for role in Role]
    ['SNITCH', 'BRUTE', 'DRIVER', 'CROOK', 'MASTERMIND']
    >>> Role.BRUTE.order < Role.CROOK.order
    True
    """

    SNITCH = "snitch"
    """Revealed first; when alone, names a role to eliminate (R-HEIST-SNITCH)."""
    BRUTE = "brute"
    """Always keeps the deposit; when alone, takes a threat card (R-HEIST-BRUTE)."""
    DRIVER = "driver"
    """Collects 1M from every survivor who received loot (R-LOOT-3)."""
    CROOK = "crook"
    """Steals 2M from a surviving Brute (R-LOOT-4)."""
    MASTERMIND = "mastermind"
    """Raises the loot by 2M when surviving (R-LOOT-1)."""

    # Members are singletons: identity hashing is correct and much faster than
    # Enum's name hashing. Nothing may depend on set order; the library sorts.
    __hash__ = object.__hash__

    @property
    def order(self) -> int:
        """The position of the role in reveal order, from 0 (Snitch) to 4 (Mastermind)."""
        return _ORDER[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Role):
            return NotImplemented
        return _ORDER[self] < _ORDER[other]


_ORDER: Final[dict[Role, int]] = {role: index for index, role in enumerate(Role)}

#: The reveal-order position of each role, as a sort key: ``sorted(roles, key=REVEAL_ORDER)``
#: sorts as ``sorted(roles)`` does for roles, without calling :meth:`Role.__lt__`.
REVEAL_ORDER: Final = _ORDER.__getitem__

_ROLES_BY_COUNT: Final[dict[int, tuple[Role, ...]]] = {
    3: tuple(Role),
    4: (Role.BRUTE, Role.DRIVER, Role.CROOK),
    5: (Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK),
    6: (Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK),
    7: tuple(Role),
    8: tuple(Role),
}


def roles_in_play(players: int) -> tuple[Role, ...]:
    """The roles in play for a number of players, in reveal order (R-COMP-2).

    Args:
        players: The number of players, from 3 to 8.

    Returns:
        The roles every player owns a character of.

    Raises:
        ConfigError: If ``players`` is not from 3 to 8.

    >>> [role.name for role in roles_in_play(4)]
    ['BRUTE', 'DRIVER', 'CROOK']
    """
    try:
        return _ROLES_BY_COUNT[players]
    except (KeyError, TypeError):
        raise ConfigError._worded(_PLAYER_COUNT, given=repr(players)) from None


# A table's player count is a player's choice: the refusal is words in every language.
_PLAYER_COUNT: Final = msg(
    "error.config.players", "the game is for 3 to 8 players, not {given} (R-COMP-2)"
)


class RepeatRole(enum.Enum):
    """What happens to a player who plays a role they played last round (R-VAR-REPEAT)."""

    NO_SHARE = "no_share"
    """The default. Such a survivor gets no share, pays no Driver, gets no bonus (R-LOOT-REPEAT)."""
    FORBIDDEN = "forbidden"
    """Last round's roles are shown face up and cannot be chosen ("no more fooling me")."""
    ALLOWED = "allowed"
    """No restriction at all."""


def _whole(name: str, minimum: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not minimum <= value <= MAX_MONEY:
            raise ConfigError(
                f"{name} must be a whole number of millions from {minimum} to {MAX_MONEY}, "
                f"not {value!r}"
            )

    return check


def _role_or_none(
    instance: object, attribute: attrs.Attribute[Role | None], value: Role | None
) -> None:
    if value is not None and not isinstance(value, Role):
        raise ConfigError(f"a loot card's bonus role must be a Role or None, not {value!r}")


@attrs.frozen
class LootCard:
    """A loot card: the bank to rob this round (R-COMP-4, R-PLAN-1).

    Args:
        total: The loot in millions, shared among the survivors (R-LOOT-2).
        deposit: The deposit in millions placed on each chosen character (R-PLAN-2).
        bonus_role: The role whose surviving character earns 1M more (R-LOOT-5), if any.

    Raises:
        ConfigError: If an amount is not a whole number (``total >= 0``,
            ``deposit >= 1``, both at most :data:`~millions_rules.MAX_MONEY`), ``bonus_role``
            is not a :class:`~millions_rules.Role`, or an argument is unknown or missing.

    >>> LootCard(8, 1, Role.BRUTE)
    LootCard(total=8, deposit=1, bonus_role=<Role.BRUTE: 'brute'>)
    """

    total: int = attrs.field(validator=_whole("the loot total", 0))
    """The loot in millions."""
    deposit: int = attrs.field(validator=_whole("the deposit", 1))
    """The deposit in millions on each character."""
    bonus_role: Role | None = attrs.field(default=None, validator=_role_or_none)
    """The role symbol on the card, or ``None``."""


def refuse_bad_arguments(cls: type) -> None:
    """Make ``cls(...)`` raise :class:`~millions_rules.ConfigError` for a wrong argument list.

    attrs' generated ``__init__`` raises a bare :class:`TypeError` for an unknown,
    missing or repeated argument; every other problem is already a ``ConfigError``.
    """
    init: Any = cls.__init__  # type: ignore[misc]

    @functools.wraps(init)
    def checked(self: object, *args: Any, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError as error:
            raise ConfigError(f"{cls.__name__}: {error}") from None

    setattr(cls, "__init__", checked)  # noqa: B010


refuse_bad_arguments(LootCard)

#: The default deck (R-COMP-4): five 8M/1M cards, one with each role's symbol,
#: then 9M/1M, 10M/2M and 12M/2M without a symbol.
STANDARD_LOOT_DECK: Final[tuple[LootCard, ...]] = (
    LootCard(8, 1, Role.SNITCH),
    LootCard(8, 1, Role.BRUTE),
    LootCard(8, 1, Role.DRIVER),
    LootCard(8, 1, Role.CROOK),
    LootCard(8, 1, Role.MASTERMIND),
    LootCard(9, 1),
    LootCard(10, 2),
    LootCard(12, 2),
)
