"""The game state: an immutable snapshot of the table (R-COMP, R-ROUND).

:class:`~millions_rules.GameState` holds everything, secrets included (the deck's order, the
face-down role card, every player's character, the generator state). It is the
engine's own object: never send it to a player, send a
:func:`~millions_rules.view` instead (R-INFO).
"""

from __future__ import annotations

import enum
from itertools import compress, filterfalse
from operator import not_
from typing import TYPE_CHECKING, Any, Final

import attrs

from ._actions import Action
from ._config import GameConfig
from ._events import Event, OpenOffer
from ._fields import document_fields
from ._log import Log
from ._log import size as log_size
from ._roles import LootCard, Role

__all__ = ["THREAT_CARDS", "Character", "CharacterStatus", "GameState", "Phase"]

#: Threat cards in the game (R-COMP-5).
THREAT_CARDS: Final = 8


class Phase(enum.Enum):
    """What the engine is waiting for.

    The heist and the sharing of the loot need no decision, so the state rests in
    :attr:`HEIST` only while the lone Snitch must name a role.
    """

    DEALING = "dealing"
    """Waiting for the external dealer's :class:`~millions_rules.DealLoot` (R-PLAN-1)."""
    PLANNING = "planning"
    """Players choose characters (R-PLAN-2); no payments yet (R-NEG-3)."""
    SETTING_ASIDE = "setting_aside"
    """Waiting for the external dealer's :class:`~millions_rules.SetAside` (R-PLAN-4)."""
    NEGOTIATION = "negotiation"
    """Players stay or leave, pay and threaten (R-NEG)."""
    HEIST = "heist"
    """The lone Snitch must name a role (R-HEIST-SNITCH)."""
    GAME_OVER = "game_over"
    """The game has ended (R-END); :attr:`~millions_rules.GameState.winners` is set."""

    # Members are singletons: identity hashing is correct and much faster than
    # Enum's name hashing. Nothing may depend on set order; the library sorts.
    __hash__ = object.__hash__


class CharacterStatus(enum.Enum):
    """Where a chosen character stands in the round."""

    HIDDEN = "hidden"
    """Face down in front of its owner, deposit on it."""
    TAKEN_BACK = "taken_back"
    """Taken back in negotiation; its role is never revealed (R-NEG-2)."""
    SURVIVING = "surviving"
    """Revealed and still in (R-HEIST-SNITCH, R-HEIST-BRUTE, R-HEIST-OTHER)."""
    ELIMINATED = "eliminated"
    """Revealed and eliminated (R-HEIST-DUP, R-HEIST-SNITCH, R-HEIST-LONE-SNITCH)."""

    # As Phase: identity hashing (the shortcuts' interned characters hash their status).
    __hash__ = object.__hash__


# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_HIDDEN: Final = CharacterStatus.HIDDEN
_SURVIVING: Final = CharacterStatus.SURVIVING
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER
_HEIST: Final = Phase.HEIST
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE
_SNITCH: Final = Role.SNITCH


@attrs.frozen
class Character:
    """A character chosen this round: its owner, role, deposit and standing."""

    player: int
    """The owner's seat."""
    role: Role
    """The role (secret until revealed)."""
    position: int
    """Where the card lies in front of its owner (0; 0 or 1 in the three-player game, R-3P-4)."""
    paid: int
    """The part of the deposit the owner paid (R-PLAN-2)."""
    covered: int
    """The part of the deposit the reserve covered (R-PLAN-3)."""
    status: CharacterStatus = CharacterStatus.HIDDEN
    """Where the character stands."""

    @property
    def deposit(self) -> int:
        """The whole deposit on the character."""
        return self.paid + self.covered


@attrs.frozen(slots=False)  # a dict class builds faster, and apply builds one per action
class GameState:
    """The whole game at one moment; never mutated, replaced by :func:`~millions_rules.apply`.

    Build one with :func:`~millions_rules.new_game` (or load one); the fields
    below are read-only. The state holds every secret of the game: serve players
    a :func:`~millions_rules.view` instead.

    >>> from millions_rules import GameConfig, new_game
    >>> state = new_game(GameConfig(5, seed=3))
    >>> state.phase, state.round, state.cash
    (<Phase.PLANNING: 'planning'>, 1, (5, 5, 5, 5, 5))
    """

    config: GameConfig
    """The game's configuration."""
    phase: Phase
    """What the engine waits for."""
    round: int
    """The current round, from 1 to ``config.rounds``."""
    loot: LootCard | None
    """The current loot card (``None`` until the external dealer deals it)."""
    cash: tuple[int, ...]
    """Each player's cash, by seat, in millions."""
    reserve: int
    """The money in the reserve (R-COMP-3)."""
    threats: tuple[int, ...]
    """Threat cards held, by seat (R-COMP-5)."""
    threat_supply: int
    """Threat cards left in the supply (R-COMP-5). It never grows, since a used card is
    discarded, not returned (R-NEG-THREAT)."""
    leader: int
    """The seat holding the leader card (R-COMP-6)."""
    characters: tuple[Character, ...]
    """The characters chosen this round, in the order they were chosen. *Secret.*"""
    decided: tuple[bool, ...]
    """Whether each player has made their final stay-or-leave decision (R-NEG-1)."""
    face_up: tuple[Role, ...]
    """The face-up role cards, in reveal order (R-PLAN-4)."""
    face_down: Role | None
    """The face-down role card. *Secret.*"""
    previous_roles: tuple[tuple[Role, ...], ...]
    """The roles each player chose last round (R-LOOT-REPEAT, R-VAR-REPEAT)."""
    winners: frozenset[int]
    """The winning seats; empty until the game is over (R-END)."""
    events: tuple[Event, ...]
    """Everything that happened, in order. It holds secrets, so filter it per player."""
    history: tuple[Action, ...]
    """Every action applied since :func:`~millions_rules.new_game`, in order."""
    deck: tuple[int, ...]
    """Loot card indices still to come, in draw order (engine dealer) or not yet dealt
    (external dealer). *Secret.*"""
    rng: int
    """The state of the engine's generator. *Secret.*"""
    offers: tuple[OpenOffer, ...] = ()
    """The open offers, in the order made (R-DEAL-1). *Secret* in part: a private offer is
    the two parties' (R-DEAL-4)."""
    side_actions: int = 0
    """How many actions of :attr:`history` had no rule effect: offers made, declined or
    withdrawn, talk and pressing (:data:`~millions_rules.SIDE_ACTIONS`). *Secret*, since
    some are private; :attr:`rule_version` is the public count of the others."""

    if TYPE_CHECKING:  # installed below, as a descriptor that reads a stored answer

        @property
        def is_over(self) -> bool:
            """Whether the game has ended."""

    @property
    def version(self) -> int:
        """The number of actions applied since :func:`~millions_rules.new_game` (``len(history)``).

        Every :func:`~millions_rules.apply` adds one, so a server can refuse an action
        sent against an older state (as HTTP's ``If-Match``).
        """
        return log_size(self.__dict__["history"])  # without materialising a shared log

    @property
    def rule_version(self) -> int:
        """The number of rule actions applied, which is :attr:`version` without the
        :data:`~millions_rules.SIDE_ACTIONS` (offers made, declined or withdrawn, talk,
        pressing).

        This is what a table checks a player's pending rule action against: talk and
        offers never make another seat's action stale. Everyone may know it (it is the
        :attr:`~millions_rules.PlayerView.version` of every view): every rule action
        leaves a public trace, an accepted private offer included (R-DEAL-4), while
        :attr:`version` also counts private offers and whispers.
        """
        fields = self.__dict__
        side: int = fields["side_actions"]
        return log_size(fields["history"]) - side

    @property
    def players(self) -> int:
        """The number of players."""
        return self.config.players

    @property
    def deposits(self) -> tuple[int, ...]:
        """The money lying on each player's face-down characters, by seat."""
        on_table = [0] * self.config.players
        for character in self.characters:
            if character.status is _HIDDEN:
                on_table[character.player] += character.deposit
        return tuple(on_table)

    @property
    def chosen(self) -> tuple[bool, ...]:
        """Whether each player has chosen their character(s) this round."""
        seats = {character.player for character in self.characters}
        return tuple(seat in seats for seat in range(self.config.players))

    def in_round(self, seat: int) -> bool:
        """Whether ``seat`` still has a character in the round (not taken back)."""
        return any(c.player == seat and c.status is not _TAKEN_BACK for c in self.characters)

    def hidden_characters(self, seat: int) -> tuple[Character, ...]:
        """The characters ``seat`` still has face down, in the order laid (R-3P-4). *Secret.*"""
        return tuple(c for c in self.characters if c.player == seat and c.status is _HIDDEN)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats whose decision the engine waits for, ascending.

        Empty while the external dealer must act, and when the game is over.
        """
        n = self.config.players
        phase = self.phase
        if phase is _PLANNING:
            chosen = {character.player for character in self.characters}
            return tuple(filterfalse(chosen.__contains__, range(n)))
        if phase is _NEGOTIATION:
            return tuple(compress(range(n), map(not_, self.decided)))
        if phase is _HEIST:
            return tuple(
                c.player for c in self.characters if c.role is _SNITCH and c.status is _SURVIVING
            )
        return ()

    @property
    def awaiting_dealer(self) -> bool:
        """Whether the engine waits for the external dealer (:class:`~millions_rules.DealLoot`/:class:`~millions_rules.SetAside`)."""
        return self.phase in (_DEALING, _SETTING_ASIDE)


class SharedTuple:
    """A read-only attribute holding a tuple, stored in the instance as a tuple or a
    :class:`~millions_rules.millions._log.Log`.

    Installed on :class:`~millions_rules.GameState` for ``events`` and ``history``;
    attrs' generated ``__init__`` writes the instance dictionary directly, so
    constructing a state with tuples works as before.
    """

    def __init__(self, name: str, doc: str | None) -> None:
        self.name = name
        self.__doc__ = doc

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        stored = instance.__dict__[self.name]
        if stored.__class__ is Log:
            return stored.materialise()
        return stored

    def __set__(self, instance: object, value: object) -> None:
        raise AttributeError(f"{self.name} is read-only")


class Ended:
    """:attr:`~millions_rules.GameState.is_over`, read from the state's instance dictionary
    where the engine stored it.

    Every loop over a game asks it after each action. The engine stores the answer under
    ``is_over`` in each state it makes (:meth:`._draft.Draft.finish`; the shortcuts of
    :mod:`._shortcuts` copy it, as no shortcut ends a game), as
    ``functools.cached_property`` keeps a value: not a field, so equality, hashing,
    ``repr``, JSON and ``attrs.evolve`` ignore it. This descriptor defines no
    ``__set__``, so the stored answer is found first, without calling anything; a state
    built another way (read from JSON, by ``attrs.evolve``, by hand) has none, and
    the descriptor answers from its phase. The attribute stays read-only: the frozen
    class refuses assignment.
    """

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return instance.__dict__["phase"] is _GAME_OVER


#: The key of the stored :attr:`~millions_rules.GameState.is_over` (see :class:`Ended`).
ENDED_KEY: Final = "is_over"

setattr(GameState, ENDED_KEY, Ended("Whether the game has ended."))


# Successive states share their logs (see ._log); the fields still read as tuples. Set
# with setattr: the mypyc build (docs' "Compiled build") compiles this module and refuses
# assigning to a class attribute that is not a ClassVar.
for _name, _doc in (
    ("events", "Everything that happened, in order. It holds secrets, so filter it per player."),
    ("history", "Every action applied since :func:`~millions_rules.new_game`, in order."),
):
    setattr(GameState, _name, SharedTuple(_name, _doc))
del _name, _doc


document_fields(Character, GameState)
