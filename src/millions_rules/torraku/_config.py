"""The configuration of a Currency Torraku game (R-TK-SETUP, R-TK-VAR, R-TK-SIM-1)."""

from __future__ import annotations

import math
import secrets
from typing import Any

import attrs

from .._common.dealer import Dealer
from .._common.errors import ConfigError, out_of_range
from .._common.i18n import msg
from ._pieces import DEFAULT_SUPPLY, KINDS, STANDARD_SHARE, PieceCounts, PieceKind, Setup

__all__ = ["MAX_PLAYERS", "MAX_SUPPLY", "TorrakuConfig"]

#: The most players the game allows ("JUGADORES: 1-6", R-TK-COMP-5).
MAX_PLAYERS = 6
#: The most pieces a supply may hold, all kinds together (twice the default 60). It bounds
#: every action's work: a hand of ``a + b + c`` pieces has at most ``(a+1)(b+1)(c+1)``
#: distinct bets for :func:`~millions_rules.torraku.legal_actions` to list.
MAX_SUPPLY = 120
_SEED_LIMIT = 1 << 64


# A table's player count is a player's choice: the refusal is words in every language.
_PLAYER_COUNT = msg(
    "error.config.torraku_players",
    "Currency Torraku is for 1 to {high} players, not {given} (R-TK-COMP-5)",
)


def _random_seed() -> int:
    return secrets.randbits(64)


def _as_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


#: The option a player sets for a new table, named in words in a refusal (R-TK-VAR-LIMIT).
_FIELDS = {"round_limit": msg("config.field.round_limit", "round_limit")}


def _check_int(name: str, value: object, low: int, high: int | None = None) -> None:
    if type(value) is not int:
        raise ConfigError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    if (value < low or (high is not None and value > high)) and name in _FIELDS:
        raise out_of_range(_FIELDS[name], value, low, high)
    if value < low or (high is not None and value > high):
        bounds = f">= {low}" if high is None else f"from {low} to {high}"
        raise ConfigError(f"{name} must be {bounds}, not {value}")


def _check_probability(name: str, value: object) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ConfigError(f"{name} must be a number, not {value!r} (R-TK-SIM-1)")
    if not math.isfinite(value) or value < 0:
        raise ConfigError(f"{name} must be a finite number >= 0, not {value!r} (R-TK-SIM-1)")
    return float(value)


@attrs.frozen
class TorrakuConfig:
    """Everything fixed before the first round; validated when built, so a config that exists is playable.

    Args:
        players: The number of players, 1 to 6 (R-TK-COMP-5).
        seed: The seed of the engine's generator, 0 to 2**64 - 1; drawn once when left out.
            Only the dexterity model (``dealer=Dealer.ENGINE``) uses it.
        first_player: The seat that opens round 1, "the youngest player" (R-TK-SETUP-4).
        setup: :attr:`Setup.STANDARD <millions_rules.torraku.Setup.STANDARD>` or the long game
            (R-TK-VAR-LONG).
        supply: Every piece in the box, per kind (R-TK-COMP-3; default 12 / 12 / 36).
        dealer: :attr:`Dealer.EXTERNAL <millions_rules.Dealer.EXTERNAL>` (the table reports each
            stacking outcome; the default) or :attr:`Dealer.ENGINE <millions_rules.Dealer.ENGINE>`
            (outcomes drawn from the model, R-TK-VAR-DEALER).
        round_limit: The house rule R-TK-VAR-LIMIT: the game ends after this round, the
            fewest pieces winning; ``None`` (the default) for no limit.
        knock_base, knock_slope, knock_cap, kind_factor, skill, touch, drop: The dexterity
            model (R-TK-SIM-1). ``kind_factor`` has one factor per kind in canonical order,
            ``skill`` one per seat (left out: 1.0 each).

    Raises:
        ConfigError: If any value makes no sense (R-TK-SETUP-3, R-TK-SIM-1).

    >>> config = TorrakuConfig(3, seed=1)
    >>> config.setup.value, config.starting_bag
    ('standard', PieceCounts(van=6, washing_machine=6, rice_cooker=18))
    >>> TorrakuConfig(7)
    Traceback (most recent call last):
      ...
    millions_rules.ConfigError: Currency Torraku is for 1 to 6 players, not 7 (R-TK-COMP-5)
    """

    players: int
    """The number of players (seats ``0 .. players - 1``, clockwise)."""
    seed: int = attrs.field(factory=_random_seed)
    """The seed of the engine's generator."""
    first_player: int = 0
    """The seat that opens round 1."""
    setup: Setup = Setup.STANDARD
    """The standard or the long game."""
    supply: PieceCounts = DEFAULT_SUPPLY
    """Every piece of the game, per kind."""
    dealer: Dealer = Dealer.EXTERNAL
    """Who decides stacking outcomes, the table (``EXTERNAL``) or the model (``ENGINE``)."""
    round_limit: int | None = None
    """The last round (house rule R-TK-VAR-LIMIT), or ``None``."""
    knock_base: float = 0.02
    """Knock-down probability onto a stack of height 1 (R-TK-SIM-1)."""
    knock_slope: float = 0.015
    """Added to the knock-down probability per extra piece in the stack."""
    knock_cap: float = 0.75
    """The knock-down probability never exceeds this."""
    kind_factor: tuple[float, ...] = attrs.field(default=(1.0, 1.0, 1.0), converter=_as_tuple)
    """Factor on the knock-down probability per kind of the piece added, in canonical order."""
    skill: tuple[float, ...] | None = attrs.field(default=None, converter=_as_tuple)
    """Factor on the knock-down probability per seat (below 1 for steadier hands); ``None`` for 1.0 each."""
    touch: float = 0.0
    """Probability of a foul touch per attempt."""
    drop: float = 0.0
    """Probability that the added piece falls alone (a retry)."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= MAX_PLAYERS:
            raise ConfigError._worded(_PLAYER_COUNT, high=MAX_PLAYERS, given=repr(self.players))
        _check_int("seed", self.seed, 0, _SEED_LIMIT - 1)
        _check_int("first_player", self.first_player, 0, self.players - 1)
        if not isinstance(self.setup, Setup):
            raise ConfigError(f"setup must be a Setup, not {self.setup!r}")
        if not isinstance(self.supply, PieceCounts):
            raise ConfigError(f"supply must be a PieceCounts, not {self.supply!r}")
        if self.supply.total > MAX_SUPPLY:
            raise ConfigError(
                f"the supply holds {self.supply.total} pieces, more than {MAX_SUPPLY} (R-TK-COMP-3)"
            )
        if not isinstance(self.dealer, Dealer):
            raise ConfigError(f"dealer must be a Dealer, not {self.dealer!r}")
        if self.round_limit is not None:
            _check_int("round_limit", self.round_limit, 1)
        self._check_setup()
        self._check_model()

    def _check_setup(self) -> None:
        n = self.players
        if self.setup is Setup.STANDARD:
            if not _times(STANDARD_SHARE, n) <= self.supply:
                raise ConfigError(
                    f"the supply {self.supply} cannot give {n} players 2 vans, 2 washing machines "
                    "and 6 rice cookers each (R-TK-SETUP-3)"
                )
        elif self.share.total == 0:
            raise ConfigError(
                f"a long game with the supply {self.supply} leaves each of {n} players "
                "with no piece (R-TK-SETUP-3)"
            )

    def _check_model(self) -> None:
        for name in ("knock_base", "knock_slope", "knock_cap", "touch", "drop"):
            object.__setattr__(self, name, _check_probability(name, getattr(self, name)))
        factors = self.kind_factor
        if not isinstance(factors, tuple) or len(factors) != len(KINDS):
            raise ConfigError(f"kind_factor must hold {len(KINDS)} numbers, not {factors!r}")
        object.__setattr__(
            self,
            "kind_factor",
            tuple(_check_probability(f"kind_factor[{i}]", f) for i, f in enumerate(factors)),
        )
        if self.skill is not None:
            if not isinstance(self.skill, tuple) or len(self.skill) != self.players:
                raise ConfigError(
                    f"skill must hold one number per seat ({self.players}), not {self.skill!r}"
                )
            object.__setattr__(
                self,
                "skill",
                tuple(_check_probability(f"skill[{i}]", f) for i, f in enumerate(self.skill)),
            )
        if self.knock_cap >= 1:
            raise ConfigError(f"knock_cap must be below 1, not {self.knock_cap} (R-TK-SIM-1)")
        if self.touch + self.knock_cap + self.drop >= 1:
            raise ConfigError(
                "touch + knock_cap + drop must be below 1, so that a piece can always be "
                f"placed; they add up to {self.touch + self.knock_cap + self.drop} (R-TK-SIM-1)"
            )

    @classmethod
    def long(cls, players: int, **options: Any) -> TorrakuConfig:
        """The long game, the rule sheet's only variant: all the money is dealt (R-TK-VAR-LONG).

        Args:
            players: The number of players, 1 to 6.
            **options: Any other :class:`~millions_rules.torraku.TorrakuConfig` field.

        Raises:
            ConfigError: As :class:`~millions_rules.torraku.TorrakuConfig`.

        >>> TorrakuConfig.long(4, seed=1).share
        PieceCounts(van=3, washing_machine=3, rice_cooker=9)
        """
        options.setdefault("setup", Setup.LONG)
        try:
            return cls(players, **options)
        except TypeError as error:  # an unknown option name
            raise ConfigError(str(error)) from None

    @classmethod
    def simulated(cls, players: int, **options: Any) -> TorrakuConfig:
        """A game whose stacking outcomes the engine draws from its model, for bots and simulations.

        ``dealer`` is :attr:`Dealer.ENGINE <millions_rules.Dealer.ENGINE>` and, unless given,
        ``round_limit`` is 50, so that every game ends (R-TK-VAR-DEALER, R-TK-VAR-LIMIT).

        >>> config = TorrakuConfig.simulated(2, seed=3)
        >>> config.dealer.value, config.round_limit
        ('engine', 50)
        """
        options.setdefault("dealer", Dealer.ENGINE)
        options.setdefault("round_limit", 50)
        try:
            return cls(players, **options)
        except TypeError as error:
            raise ConfigError(str(error)) from None

    @property
    def share(self) -> PieceCounts:
        """What each player receives at setup (R-TK-SETUP-1, R-TK-SETUP-2)."""
        if self.setup is Setup.STANDARD:
            return STANDARD_SHARE
        return PieceCounts(*(count // self.players for count in self.supply.as_tuple()))

    @property
    def starting_bag(self) -> PieceCounts:
        """The bag at setup, the supply minus every player's share (R-TK-COMP-4)."""
        return self.supply - _times(self.share, self.players)

    def skill_of(self, seat: int) -> float:
        """The skill factor of a seat (1.0 unless :attr:`skill` says otherwise)."""
        return 1.0 if self.skill is None else self.skill[seat]

    def factor_of(self, kind: PieceKind) -> float:
        """The knock-down factor of a kind of piece."""
        return self.kind_factor[kind.order]


def _times(counts: PieceCounts, n: int) -> PieceCounts:
    return PieceCounts(*(count * n for count in counts.as_tuple()))
