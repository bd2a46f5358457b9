"""Consistency checks for a :class:`~millions_rules.torraku.TorrakuState` read from outside.

A state built by :func:`~millions_rules.torraku.new_game` and
:func:`~millions_rules.torraku.apply` is always consistent. A state document may have been
edited, so before it is accepted every invariant the engine keeps is checked: sizes and
seat numbers, the pieces of each kind (R-TK-COMP-3), and the phase against everything
else. Only :func:`~millions_rules.torraku.load_game` can tell that a state is actually
*reachable*: it replays the actions.
"""

from __future__ import annotations

from typing import NoReturn

from .._common.dealer import Dealer
from .._common.errors import DeserializationError
from ._state import Phase, TorrakuState

__all__ = ["check_state"]


def _fail(path: str, message: str) -> NoReturn:
    raise DeserializationError(message, "inconsistent_state", path)


def check_state(state: TorrakuState) -> None:
    """Raise :class:`~millions_rules.DeserializationError` unless ``state`` keeps every invariant."""
    _check_sizes(state)
    if state.in_play() != state.config.supply:
        _fail("bag", "hands, rows, stack and bag do not add up to the supply (R-TK-COMP-3)")
    _check_phase(state)


def _seat(state: TorrakuState, path: str, seat: int | None, *, optional: bool = True) -> None:
    if (seat is None and not optional) or (
        seat is not None and not 0 <= seat < state.config.players
    ):
        _fail(path, "not a seat of this game")


def _check_sizes(state: TorrakuState) -> None:
    n = state.config.players
    for name in ("hands", "rows", "passed"):
        if len(getattr(state, name)) != n:
            _fail(name, f"expected {n} entries, one per seat")
    limit = state.config.round_limit
    if state.round < 1 or (limit is not None and state.round > limit):
        _fail("round", f"must be from 1 to the round limit ({limit})")
    _seat(state, "opener", state.opener, optional=False)
    _seat(state, "to_act", state.to_act)
    _seat(state, "last_passer", state.last_passer)
    _seat(state, "last_adder", state.last_adder)
    for index, piece in enumerate(state.stack):
        _seat(state, f"stack[{index}].player", piece.player, optional=False)
    for index, seat in enumerate(state.winners):
        _seat(state, f"winners[{index}]", seat, optional=False)
    if list(state.winners) != sorted(set(state.winners)):
        _fail("winners", "must be ascending, each seat once")


def _check_phase(state: TorrakuState) -> None:
    phase, seat = state.phase, state.to_act
    if phase is Phase.GAME_OVER:
        _check_game_over(state)
        return
    if seat is None:
        _fail("to_act", "someone must be to act until the game is over")
    if state.winners:
        _fail("winners", "the game is not over")
    if phase is Phase.BETTING:
        if state.stack or state.last_passer is not None or state.last_adder is not None:
            _fail("stack", "no stack is built while betting")
        if state.passed[seat]:
            _fail("to_act", "this seat has passed")
        if any(state.pieces_left(s) == 0 for s in range(state.config.players)):
            _fail("hands", "a player out of pieces would have won at the end of the last round")
        return
    if state.config.dealer is Dealer.ENGINE:
        _fail("phase", "with Dealer.ENGINE the engine never waits for a stacking report")
    if not state.stack or not state.rows[seat]:
        _fail("stack", "a report is awaited only on a stack, from a seat with pieces in its row")
    if state.last_passer is None or state.last_adder is None or not all(state.passed):
        _fail("passed", "stacking starts only after everyone has passed")


def _check_game_over(state: TorrakuState) -> None:
    if state.to_act is not None:
        _fail("to_act", "nobody acts once the game is over")
    if state.stack or any(state.rows):
        _fail("rows", "a game ends only when every row is empty")
    left = [hand.total for hand in state.hands]
    winners = tuple(seat for seat, n in enumerate(left) if n == 0)
    if not winners and state.round == state.config.round_limit:
        winners = tuple(seat for seat, n in enumerate(left) if n == min(left))
    if not winners or state.winners != winners:
        _fail("winners", "not the players out of pieces (or with the fewest, at the round limit)")
