"""Hand-built rounds for the rule tests: exact cards, exact choices, exact cash."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from millions_rules import (
    STANDARD_LOOT_DECK,
    Action,
    Choose,
    Dealer,
    DealLoot,
    Denounce,
    GameConfig,
    GameState,
    Leave,
    Phase,
    Role,
    SetAside,
    Stay,
    apply,
)

E = TypeVar("E")

#: Indices of the standard deck's cards.
SNITCH_8, BRUTE_8, DRIVER_8, CROOK_8, MASTERMIND_8, PLAIN_9, PLAIN_10, PLAIN_12 = range(8)


def external(players: int, **options: Any) -> GameConfig:
    """A config whose loot and face-down card the test deals itself."""
    return GameConfig(players, seed=0, dealer=Dealer.EXTERNAL, **options)


def play(state: GameState, actions: Iterable[Action]) -> GameState:
    """Apply actions in order."""
    for action in actions:
        state = apply(state, action)
    return state


def play_round(
    state: GameState,
    choose: Mapping[int, Role | Sequence[Role]],
    *,
    card: int | None = None,
    aside: Role | None = None,
    leave: Iterable[int] = (),
    denounce: Role | None = None,
) -> GameState:
    """Play one round: deal ``card``, choose, set ``aside``, leave or stay, denounce.

    ``aside`` defaults to the first chosen role. Seats in ``leave`` take every
    character back; the others stay. The round is played until the next decision
    the test did not script (or the end of the game).
    """
    if state.phase is Phase.DEALING:
        assert card is not None, "an external dealer round needs a card"
        state = apply(state, DealLoot(card))
    for seat, roles in sorted(choose.items()):
        state = apply(state, Choose(seat, roles if isinstance(roles, Role) else tuple(roles)))
    if state.phase is Phase.SETTING_ASIDE:
        first = choose[min(choose)]
        default = first if isinstance(first, Role) else first[0]
        state = apply(state, SetAside(aside if aside is not None else default))
    leaving = set(leave)
    for seat in range(state.config.players):
        if state.phase is not Phase.NEGOTIATION:
            break
        state = apply(state, Leave(seat) if seat in leaving else Stay(seat))
    if state.phase is Phase.HEIST and denounce is not None:
        state = apply(state, Denounce(state.awaiting[0], denounce))
    return state


def events_of(state: GameState, kind: type[E], since: int = 0) -> list[E]:
    """The events of one class, from index ``since`` of the log."""
    return [event for event in state.events[since:] if isinstance(event, kind)]


def money_in_game(state: GameState) -> int:
    """Cash, deposits on the table and reserve (R-COMP-3)."""
    return sum(state.cash) + sum(state.deposits) + state.reserve


def outputs_under_hash_seeds(program: str, hash_seeds: Iterable[int] = (0, 1, 12345)) -> set[str]:
    """What ``python -c program`` prints under each PYTHONHASHSEED (one output if deterministic)."""
    import subprocess
    import sys

    return {
        subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(seed), "PATH": ""},
        ).stdout
        for seed in hash_seeds
    }


__all__ = [
    "BRUTE_8",
    "CROOK_8",
    "DRIVER_8",
    "MASTERMIND_8",
    "PLAIN_10",
    "PLAIN_12",
    "PLAIN_9",
    "SNITCH_8",
    "STANDARD_LOOT_DECK",
    "events_of",
    "external",
    "money_in_game",
    "outputs_under_hash_seeds",
    "play",
    "play_round",
]
