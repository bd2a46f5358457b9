"""Game configuration: players, options and variants (R-COMP, R-VAR)."""

from __future__ import annotations

import secrets
from typing import Any, Final, TypeVar

import attrs

from .._common.errors import out_of_range
from ._errors import ConfigError
from ._limits import MAX_LOOT_CARDS, MAX_MONEY
from ._roles import (
    STANDARD_LOOT_DECK,
    Dealer,
    LootCard,
    RepeatRole,
    Role,
    refuse_bad_arguments,
    roles_in_play,
)
from ._text import msg

__all__ = ["GameConfig"]

_SEED_LIMIT = 1 << 64


def _random_seed() -> int:
    return secrets.randbits(64)


def _as_deck(value: object) -> object:
    # Lists are welcome; the config stores an immutable tuple.
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value


def _as_repeat_role(value: RepeatRole | str) -> RepeatRole:
    # The JSON value ("forbidden") is accepted as in a document; anything else is refused.
    return _as_member(RepeatRole, "repeat_role", value)


def _as_dealer(value: Dealer | str) -> Dealer:
    return _as_member(Dealer, "dealer", value)


_E = TypeVar("_E", RepeatRole, Dealer)


def _as_member(cls: type[_E], name: str, value: object) -> _E:
    if isinstance(value, cls):
        return value
    for member in cls:
        if type(value) is str and value == member.value:
            return member
    allowed = ", ".join(repr(member.value) for member in cls)
    raise ConfigError(f"{name} must be a {cls.__name__} or one of {allowed}, not {value!r}")


#: The options a player sets for a new table, named in words in a refusal (R-COMP-3, R-END).
_FIELDS: Final = {
    "rounds": msg("config.field.rounds", "rounds"),
    "target": msg("config.field.target", "target"),
    "starting_cash": msg("config.field.starting_cash", "starting_cash"),
    "total_money": msg("config.field.total_money", "total_money"),
}
_TOO_LITTLE_MONEY: Final = msg(
    "error.config.total_money",
    "total_money must be at least players * starting_cash = {least}, not {given} (R-COMP-3)",
)


def _check_int(name: str, value: object, minimum: int, maximum: int) -> None:
    if type(value) is not int:
        raise ConfigError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    if not minimum <= value <= maximum:
        field = _FIELDS.get(name)
        if field is not None:
            raise out_of_range(field, value, minimum, maximum)
        raise ConfigError(f"{name} must be from {minimum} to {maximum}, not {value}")


@attrs.frozen(kw_only=False)
class GameConfig:
    """Everything fixed before the first round: players, options and variants.

    The config is validated when it is built; a config that exists is playable.

    Args:
        players: The number of players, 3 to 8 (R-COMP-2). Three players play the
            two-character game (R-3P) automatically.
        seed: The seed of the engine's generator, 0 to 2**64 - 1. Left out, a
            random seed is drawn once and stored, so the config replays exactly.
        rounds: The number of rounds, at most the length of ``loot_deck`` (R-END-3).
        target: The cash that ends the game after a round (R-END-2).
        starting_cash: Each player's cash at the start (R-COMP-3).
        total_money: All the money in the game; the reserve starts with the
            rest (R-COMP-3).
        loot_deck: The loot cards ``rounds`` of which are dealt (R-COMP-4).
        repeat_role: What repeating last round's role costs (R-VAR-REPEAT): a
            :class:`~millions_rules.RepeatRole` or its value (``"forbidden"``), as in JSON.
        dealer: Whether the engine or the caller deals (R-COMP-4, R-PLAN-4): a
            :class:`~millions_rules.Dealer` or its value (``"external"``).
        first_leader: The seat holding the leader card in round 1 (R-COMP-6).

    Raises:
        ConfigError: If any value makes no sense: 2 or 9 players, a number that is
            no ``int`` (``3.0``, ``True``), a deck shorter than ``rounds``, a card that is
            no :class:`~millions_rules.LootCard`, a leader out of range, too little money for
            the starting cash, more than :data:`~millions_rules.MAX_MONEY` or
            :data:`~millions_rules.MAX_LOOT_CARDS`, an unknown or missing argument, ...

    >>> config = GameConfig(5, seed=7)
    >>> config.roles == (Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK)
    True
    >>> GameConfig(4, seed=7, repeat_role="forbidden").repeat_role
    <RepeatRole.FORBIDDEN: 'forbidden'>
    >>> GameConfig(9)
    Traceback (most recent call last):
      ...
    millions_rules.ConfigError: the game is for 3 to 8 players, not 9 (R-COMP-2)
    """

    players: int
    """The number of players (seats ``0 .. players - 1``, clockwise)."""
    seed: int = attrs.field(factory=_random_seed)
    """The seed of the engine's generator."""
    rounds: int = 8
    """The number of rounds (loot cards played)."""
    target: int = 20
    """The cash, in millions, that ends the game after a round."""
    starting_cash: int = 5
    """Each player's cash at the start, in millions."""
    total_money: int = 175
    """All the money in the game, in millions."""
    loot_deck: tuple[LootCard, ...] = attrs.field(default=STANDARD_LOOT_DECK, converter=_as_deck)
    """The loot cards the game's cards are drawn from."""
    repeat_role: RepeatRole = attrs.field(default=RepeatRole.NO_SHARE, converter=_as_repeat_role)
    """The repeat-role option (R-VAR-REPEAT)."""
    dealer: Dealer = attrs.field(default=Dealer.ENGINE, converter=_as_dealer)
    """Who deals the loot cards and the face-down role card."""
    first_leader: int = 0
    """The seat holding the leader card in round 1."""
    private_offers: bool = True
    """Whether players may make private offers, seen by the two parties only (R-DEAL-4)."""
    private_talk: bool = True
    """Whether players may talk to one other player in private (R-TALK-1)."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int:  # 3.0 == 3 would pass the lookup below
            raise ConfigError(
                f"players must be an int, not {type(self.players).__name__} {self.players!r}"
            )
        roles_in_play(self.players)  # raises ConfigError for a bad player count
        _check_int("seed", self.seed, 0, _SEED_LIMIT - 1)
        _check_int("target", self.target, 1, MAX_MONEY)
        _check_int("starting_cash", self.starting_cash, 0, MAX_MONEY)
        _check_int("total_money", self.total_money, 0, MAX_MONEY)
        if self.total_money < self.starting_cash * self.players:
            raise ConfigError._worded(
                _TOO_LITTLE_MONEY,
                least=self.starting_cash * self.players,
                given=self.total_money,
            )
        _check_int("first_leader", self.first_leader, 0, self.players - 1)
        self._check_deck()
        _check_int("rounds", self.rounds, 1, MAX_LOOT_CARDS)
        for name in ("private_offers", "private_talk"):
            value = getattr(self, name)
            if type(value) is not bool:
                raise ConfigError(f"{name} must be a bool, not {type(value).__name__} {value!r}")

    def _check_deck(self) -> None:
        deck = self.loot_deck
        if not isinstance(deck, tuple):
            raise ConfigError(f"loot_deck must be a sequence of LootCard, not {deck!r}")
        if len(deck) > MAX_LOOT_CARDS:
            raise ConfigError(f"loot_deck holds {len(deck)} cards, more than {MAX_LOOT_CARDS}")
        for index, card in enumerate(deck):
            if not isinstance(card, LootCard):
                raise ConfigError(f"loot_deck[{index}] must be a LootCard, not {card!r}")
        if type(self.rounds) is int and len(deck) < self.rounds:
            raise ConfigError(
                f"the loot deck has {len(deck)} cards, fewer than the {self.rounds} rounds (R-COMP-4)"
            )

    @classmethod
    def quick(cls, players: int, **options: Any) -> GameConfig:
        """The quick game: target 16M over 6 rounds (R-VAR-QUICK).

        Args:
            players: The number of players, 3 to 8.
            **options: Any other :class:`~millions_rules.GameConfig` field.

        Raises:
            ConfigError: As :class:`~millions_rules.GameConfig`.

        >>> quick = GameConfig.quick(4, seed=1)
        >>> (quick.rounds, quick.target)
        (6, 16)
        """
        options.setdefault("rounds", 6)
        options.setdefault("target", 16)
        return cls(players, **options)

    @property
    def roles(self) -> tuple[Role, ...]:
        """The roles in play, in reveal order (R-COMP-2)."""
        return roles_in_play(self.players)

    @property
    def three_player(self) -> bool:
        """Whether this is the two-character three-player game (R-3P)."""
        return self.players == 3

    @property
    def characters_per_player(self) -> int:
        """How many characters each player chooses a round (2 for three players, else 1)."""
        return 2 if self.players == 3 else 1

    @property
    def starting_reserve(self) -> int:
        """The reserve at the start, ``total_money - players * starting_cash`` (R-COMP-3)."""
        return self.total_money - self.players * self.starting_cash


refuse_bad_arguments(GameConfig)
