"""A companion app for a real game of Currency Torraku: the table reports every stacking outcome.

The players bet and stack real pieces; this terminal loop keeps the books. It asks who
bets or passes, then, for every stacking attempt, what happened: placed, dropped, knocked
down or touched (``Dealer.EXTERNAL``, R-TK-STACK-7). Bases, penalties, the bag and the end
of each round are handled by the engine and told in plain words.

Run: ``python examples/torraku_table.py``. While betting, type ``pass``, ``bet RRV`` (two
rice cookers and a van from your hand, innermost first) or, when topping up from the bag,
``bet W +VV`` (your washing machine, then two vans from the bag). While stacking, type
``p``, ``d``, ``k`` (optionally ``k 3``: three pieces fell) or ``t``. ``quit`` stops.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from millions_rules.torraku import (
    Action,
    Bet,
    IllegalActionError,
    Pass,
    Phase,
    PieceKind,
    Placement,
    ReportPlacement,
    TorrakuConfig,
    TorrakuState,
    apply,
    describe,
    new_game,
)

Ask = Callable[[str], str]
Say = Callable[[str], None]
LETTERS = {"V": PieceKind.VAN, "W": PieceKind.WASHING_MACHINE, "R": PieceKind.RICE_COOKER}
OUTCOMES = {
    "p": Placement.PLACED,
    "d": Placement.DROPPED,
    "k": Placement.KNOCKED_DOWN,
    "t": Placement.TOUCHED,
}


class Quit(Exception):
    """The table typed ``quit`` (or closed the input)."""


def parse(text: str, state: TorrakuState) -> Action:
    """The action typed for the seat the engine waits for; ValueError if it makes no sense."""
    seat = state.to_act
    assert seat is not None
    words = text.split()
    if state.phase is Phase.STACKING:
        if not words or words[0][:1].lower() not in OUTCOMES:
            raise ValueError("type p (placed), d (dropped), k (knocked down) or t (touched)")
        outcome = OUTCOMES[words[0][0].lower()]
        fallen = int(words[1]) if len(words) > 1 and outcome is Placement.KNOCKED_DOWN else None
        return ReportPlacement(seat, outcome, fallen)
    if words == ["pass"]:
        return Pass(seat)
    if not words or words[0] != "bet":
        raise ValueError("type pass, or bet followed by letters V, W, R")
    own = "".join(w for w in words[1:] if not w.startswith("+"))
    bag = "".join(w[1:] for w in words[1:] if w.startswith("+"))
    try:
        pieces = [LETTERS[c] for c in (own + bag).upper()]
        from_bag = [LETTERS[c] for c in bag.upper()]
    except KeyError as error:
        raise ValueError(f"unknown piece letter {error}; use V, W and R") from None
    return Bet(seat, pieces, from_bag)


def show(state: TorrakuState, names: Sequence[str], say: Say) -> None:
    """The table: hands, rows, the stack and the bag."""
    say(f"-- round {state.round}, current bet {state.current_bet}, bag {state.bag}")
    for seat, name in enumerate(names):
        row = "".join(piece.name[0] for piece in state.rows[seat])
        mark = " (passed)" if state.passed[seat] and state.phase is Phase.BETTING else ""
        say(f"   {name:8} hand {state.hands[seat]}  row [{row}]{mark}")
    if state.stack:
        say("   stack: " + "".join(piece.kind.name[0] for piece in state.stack))


def play(ask: Ask, say: Say) -> TorrakuState:
    """Run a game at the table until it ends or someone types ``quit``."""
    players = int(ask("How many players (1-6)? "))
    # Seats are counted from 1 in words, as everywhere a player reads them.
    names = [ask(f"Name of seat {seat + 1}? ") or f"seat {seat + 1}" for seat in range(players)]
    youngest = int(ask(f"Which seat (1-{players}) is the youngest player (opens the game)? ") or 1)
    state = new_game(TorrakuConfig(players, first_player=youngest - 1))
    told = 0
    while True:
        for event in state.events[told:]:
            say(describe(event, names))
        told = len(state.events)
        if state.is_over:
            return state
        assert state.to_act is not None
        show(state, names, say)
        who = names[state.to_act]
        if state.phase is Phase.STACKING:
            piece = state.rows[state.to_act][0].value.replace("_", " ")
            prompt = f"{who} adds a {piece}: [p]laced, [d]ropped, [k]nocked down, [t]ouched? "
        else:
            prompt = f"{who}, bet or pass? "
        answer = ask(prompt).strip()
        if answer == "quit":
            raise Quit
        try:
            state = apply(state, parse(answer, state))
        except (ValueError, IllegalActionError) as error:  # IllegalActionError is a ValueError
            say(f"!! {error}")


def main(ask: Ask = input, say: Say = print) -> int:
    """Entry point: play one game; return 0 when it ends or the table quits."""
    try:
        play(ask, say)
    except (Quit, EOFError):
        say("Bye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
