"""What :class:`~millions_rules.bots.ISMCTSBot` knows of *Millions of Dollars* (:class:`MillionsSearch`).

The search is written once for every game (:mod:`millions_rules.bots._ismcts`); this model
gives it Millions' own knowledge: a search to the end of the current round, a fast model of
a sensible player, the searching seat's information set (with what its threat cards
showed), and no payments in the search (the model of the others ignores money).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from ._actions import Action, Denounce, Leave, Pay, Stay, UseThreat
from ._engine import legal_actions
from ._planning import choices
from ._roles import Role
from ._state import CharacterStatus, GameState, Phase

__all__ = ["MillionsRollout", "MillionsSearch"]

_REVEALED = (CharacterStatus.SURVIVING, CharacterStatus.ELIMINATED)


class MillionsSearch:
    """The search model of Millions (see :class:`~millions_rules.bots.ISMCTSBot`).

    Payments are left out of the search (the model of the other players does not respond
    to money, so a payment could only lower the bot's value); each rollout ends with the
    round and is scored by the cash lead (``scale`` 3M).
    """

    scale: float = 3.0
    """The score difference that moves the heuristic reward from 0.5 to about 0.73."""

    def root_actions(self, offered: Sequence[Action]) -> tuple[Action, ...]:
        """The offered actions but payments (all of them if only payments are offered)."""
        return tuple([a for a in offered if not isinstance(a, Pay)] or offered)

    def rollout(self, world: GameState, me: int) -> MillionsRollout:
        """A fresh rollout of ``world`` for seat ``me``."""
        return MillionsRollout(world, me)


class MillionsRollout:
    """One iteration's walk through a sampled world, to the end of its round."""

    def __init__(self, world: GameState, me: int) -> None:
        self._start = world.round
        self._turn = me
        self._players = world.config.players
        self._peeked: dict[tuple[int, int], Role] = {}

    def done(self, state: GameState) -> bool:
        """The game or the round is over."""
        return state.is_over or state.round != self._start

    def deal(self, state: GameState, sim: random.Random) -> Action:
        """A uniformly random deal."""
        dealt = legal_actions(state)
        return dealt[sim.randrange(len(dealt))]

    def next_seat(self, state: GameState) -> int:
        """The first awaited seat clockwise from the turn (which starts at the searcher)."""
        turn, players = self._turn, self._players
        return min(state.awaiting, key=lambda s: (s - turn) % players)

    def policy(self, state: GameState, seat: int, sim: random.Random) -> Action:
        """The fast model of a sensible player (see :class:`~millions_rules.bots.ISMCTSBot`)."""
        phase = state.phase
        if phase is Phase.PLANNING:
            options = choices(state, seat)
            return options[sim.randrange(len(options))]
        if phase is Phase.NEGOTIATION:
            hidden = state.hidden_characters(seat)
            leaving = [c for c in hidden if not _keeps(state, c.role, sim)]
            if not leaving:
                return Stay(seat)
            if len(leaving) == len(hidden):
                return Leave(seat)
            return Leave(seat, leaving[0].role)
        names = [a for a in legal_actions(state, seat, payments=False) if isinstance(a, Denounce)]
        return names[sim.randrange(len(names))]

    def choices(self, state: GameState, seat: int) -> tuple[Action, ...]:
        """The searcher's actions at a decision of the tree: its legal actions, no payments."""
        return legal_actions(state, seat, payments=False)

    def key(self, state: GameState, seat: int) -> Hashable:
        """What the searching seat knows at a decision, beyond its own earlier actions."""
        peeked = self._peeked
        return (
            state.phase,
            state.face_up,
            state.decided,
            tuple(
                (
                    c.player,
                    c.position,
                    c.status,
                    c.role if c.status in _REVEALED or (c.player, c.position) in peeked else None,
                )
                for c in state.characters
            ),
        )

    def played(
        self, before: GameState, after: GameState, seat: int, action: Any, searcher: bool
    ) -> None:
        """Remember what a threat card of the searcher showed; a decision moves the turn."""
        if isinstance(action, UseThreat):
            if searcher:
                role = _character_role(before, action.target, action.slot)
                if role is not None:
                    self._peeked[(action.target, action.slot)] = role
        else:
            self._turn = (seat + 1) % self._players


def _character_role(state: GameState, player: int, position: int) -> Role | None:
    for c in state.characters:
        if c.player == player and c.position == position:
            return c.role
    return None


def _keeps(state: GameState, role: Role, sim: random.Random) -> bool:
    if role is Role.BRUTE:
        return True
    odds = 0.8 if state.face_up.count(role) <= 1 else 0.2
    return sim.random() < odds
