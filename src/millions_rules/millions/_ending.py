"""The end of a round and of the game (R-END)."""

from __future__ import annotations

from typing import Final

from .._common.interning import interned
from ._draft import Draft
from ._events import GameWon, RoundEnded, WinReason
from ._offers import judge_claims
from ._planning import start_round
from ._roles import Role
from ._state import Phase

__all__ = ["end_round"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_GAME_OVER: Final = Phase.GAME_OVER

# One shared instance per distinct value (see ._common.interning).
_RoundEnded: Final = interned(RoundEnded)


def end_round(draft: Draft) -> None:
    """Pass the leader card, then end the game or start the next round."""
    players = draft.config.players
    # R-END-1: characters go home, the loot card is discarded, the leader card passes clockwise.
    draft.leader = leader = (draft.leader + 1) % players
    draft.events.append(_RoundEnded(draft.round, leader))
    # Each player's roles of this round, in the order laid (R-VAR-REPEAT reads them next round).
    chosen: list[tuple[Role, ...]] = [()] * players
    for character in draft.characters:
        chosen[character.player] += (character.role,)
    draft.previous_roles = tuple(chosen)
    draft.characters = []
    draft.decided = [False] * players
    draft.face_up = ()
    draft.face_down = None

    config = draft.config
    reached = max(draft.cash) >= config.target  # R-END-2: someone holds the target
    if reached or draft.round >= config.rounds:  # R-END-3
        _declare_winners(draft, WinReason.TARGET if reached else WinReason.LAST_ROUND)
    else:
        draft.round += 1
        start_round(draft)


def _declare_winners(draft: Draft, reason: WinReason) -> None:
    """End the game: the richest players win, ties sharing (R-END-2, R-END-3)."""
    # Whoever reached the target holds at least as much as anyone who did not,
    # so under R-END-2 and R-END-3 alike the richest players win, ties sharing.
    best = max(draft.cash)
    winners = tuple([seat for seat, cash in enumerate(draft.cash) if cash == best])
    draft.winners = frozenset(winners)
    draft.phase = _GAME_OVER
    # R-TALK-2: only now may anyone tell a true claim from a false one; the labels come
    # just before GameWon, which stays the last event of a game.
    judge_claims(draft)
    draft.events.append(GameWon(winners, tuple(draft.cash), reason))
