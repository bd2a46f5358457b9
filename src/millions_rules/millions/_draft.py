"""A scratch copy of the table that one transition works on.

:func:`~millions_rules.apply` is pure, but the rule book reads as a sequence of
steps ("the Snitch gets the deposit back", "the Brute takes a threat card").
A :class:`Draft` lets each transition be written as those steps: it copies the
state's fields into private lists, records money moves together with the event
that explains them, and :meth:`Draft.finish` freezes the result into a new
:class:`~millions_rules.GameState`. A draft never escapes the transition that
made it, so no caller can observe a mutation.
"""

from __future__ import annotations

from typing import Final

from .._common.interning import interned
from ._actions import Action
from ._config import GameConfig
from ._events import DepositForfeited, DepositReturned, Event, OpenOffer
from ._log import Log
from ._roles import LootCard, Role
from ._state import ENDED_KEY, Character, CharacterStatus, GameState, Phase

__all__ = ["Draft"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_HIDDEN: Final = CharacterStatus.HIDDEN
_GAME_OVER: Final = Phase.GAME_OVER
_GAME_STATE: Final = GameState
_LOG: Final = Log
_new: Final = object.__new__

# Values the steps build over and over, one shared instance each (see ._common.interning).
_Character: Final = interned(Character)
_DepositForfeited: Final = interned(DepositForfeited)
_DepositReturned: Final = interned(DepositReturned)


class Draft:
    """The mutable working copy of a :class:`~millions_rules.GameState` during one transition."""

    __slots__ = (
        "cash",
        "characters",
        "config",
        "decided",
        "deck",
        "events",
        "face_down",
        "face_up",
        "leader",
        "loot",
        "offers",
        "phase",
        "previous_roles",
        "reserve",
        "rng",
        "round",
        "side_actions",
        "source",
        "threat_supply",
        "threats",
        "winners",
    )

    def __init__(self, state: GameState) -> None:
        # Read from the field dictionary: a subscript costs less than an attribute
        # lookup, which first searches the class, and a draft is made per action.
        fields = state.__dict__
        self.source = state
        self.config: GameConfig = fields["config"]
        self.phase: Phase = fields["phase"]
        self.round: int = fields["round"]
        self.loot: LootCard | None = fields["loot"]
        self.cash: list[int] = list(fields["cash"])
        self.reserve: int = fields["reserve"]
        self.threats: list[int] = list(fields["threats"])
        self.threat_supply: int = fields["threat_supply"]
        self.leader: int = fields["leader"]
        self.characters: list[Character] = list(fields["characters"])
        self.decided: list[bool] = list(fields["decided"])
        self.face_up: tuple[Role, ...] = fields["face_up"]
        self.face_down: Role | None = fields["face_down"]
        self.previous_roles: tuple[tuple[Role, ...], ...] = fields["previous_roles"]
        self.winners: frozenset[int] = fields["winners"]
        self.deck: tuple[int, ...] = fields["deck"]
        self.rng: int = fields["rng"]
        self.offers: tuple[OpenOffer, ...] = fields["offers"]
        self.side_actions: int = fields["side_actions"]
        self.events: list[Event] = []

    def finish(self, action: Action | None) -> GameState:
        """Freeze the draft into a new state, recording ``action`` in the history."""
        stored = self.source.__dict__  # the logs as stored: shared, not copied (see ._log)
        stored_events, stored_history = stored["events"], stored["history"]
        # Typed as logs once known to be ones: the compiled build reads their sizes directly.
        events: Log[Event] = (
            stored_events
            if stored_events.__class__ is _LOG
            else Log(None, stored_events, len(stored_events))  # a state built from tuples
        )
        history: Log[Action] = (
            stored_history
            if stored_history.__class__ is _LOG
            else Log(None, stored_history, len(stored_history))
        )
        # This runs once per action: filling the new instance's __dict__ directly
        # costs a third of GameState.__init__ (every value was checked by the rules).
        # One key at a time, in the order of the fields: the dictionary then shares
        # its keys with every other state's, at half the memory of dict.update().
        state = _new(_GAME_STATE)
        fields = state.__dict__
        fields["config"] = self.config
        fields["phase"] = self.phase
        fields["round"] = self.round
        fields["loot"] = self.loot
        fields["cash"] = tuple(self.cash)
        fields["reserve"] = self.reserve
        fields["threats"] = tuple(self.threats)
        fields["threat_supply"] = self.threat_supply
        fields["leader"] = self.leader
        fields["characters"] = tuple(self.characters)
        fields["decided"] = tuple(self.decided)
        fields["face_up"] = self.face_up
        fields["face_down"] = self.face_down
        fields["previous_roles"] = self.previous_roles
        fields["winners"] = self.winners
        fields["events"] = Log(events, tuple(self.events), events.size + len(self.events))
        fields["history"] = history if action is None else Log(history, (action,), history.size + 1)
        fields["deck"] = self.deck
        fields["rng"] = self.rng
        fields["offers"] = self.offers
        fields["side_actions"] = self.side_actions
        fields[ENDED_KEY] = self.phase is _GAME_OVER  # is_over, read without a call
        return state

    # -- reading ----------------------------------------------------------

    def hidden_of(self, seat: int) -> list[int]:
        """Indices of ``seat``'s face-down characters, in the order laid."""
        return [
            index
            for index, c in enumerate(self.characters)
            if c.player == seat and c.status is _HIDDEN
        ]

    # -- writing ----------------------------------------------------------

    def emit(self, *events: Event) -> None:
        """Record events."""
        self.events.extend(events)

    def set_status(self, index: int, status: CharacterStatus) -> Character:
        """Move a character to ``status`` and return the updated character."""
        old = self.characters[index]
        new = _Character(old.player, old.role, old.position, old.paid, old.covered, status)
        self.characters[index] = new
        return new

    def transfer(self, payer: int, payee: int, amount: int) -> None:
        """Move money between two players (the caller emits the event)."""
        self.cash[payer] -= amount
        self.cash[payee] += amount

    def from_reserve(self, seat: int, wanted: int) -> int:
        """Pay a player from the reserve, capped at what it holds (R-COMP-3)."""
        amount = min(wanted, self.reserve)
        self.reserve -= amount
        self.cash[seat] += amount
        return amount

    def return_deposit(self, character: Character) -> None:
        """The owner gets back what they paid; the covered part goes back to the reserve (R-PLAN-3)."""
        self.cash[character.player] += character.paid
        self.reserve += character.covered
        self.events.append(_DepositReturned(character.player, character.paid, character.covered))

    def forfeit_deposit(self, character: Character) -> None:
        """The whole deposit on the character goes to the reserve (R-HEIST-DUP)."""
        deposit = character.paid + character.covered
        self.reserve += deposit
        self.events.append(_DepositForfeited(character.player, character.role, deposit))
