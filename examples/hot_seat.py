"""A terminal hot-seat game for 3 to 8 people sharing one keyboard.

Before each player's turn the screen is cleared and the game waits until the
named player has the keyboard, so nobody sees another player's secrets (their
character, what their threat card showed). Each player sees only their own
:func:`~millions_rules.view`.

Run: ``python examples/hot_seat.py``. At a prompt, type the number of an
action, ``pay SEAT AMOUNT`` to pay someone, or ``quit``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from millions_rules import (
    Action,
    Choose,
    DealLoot,
    Denounce,
    GameConfig,
    GameState,
    IllegalActionError,
    Leave,
    Pay,
    PlayerView,
    SetAside,
    Stay,
    UseThreat,
    apply,
    describe,
    new_game,
    view,
    visible_events,
)

Ask = Callable[[str], str]
Say = Callable[[str], None]
CLEAR = "\033[2J\033[H"


def label(action: Action, names: Sequence[str]) -> str:
    """A short menu label for an action."""
    if isinstance(action, Choose):
        return "send " + " and ".join(role.value for role in action.roles)
    if isinstance(action, Stay):
        return "stay in the heist"
    if isinstance(action, Leave):
        return "leave the round" if action.role is None else f"take back the {action.role.value}"
    if isinstance(action, UseThreat):
        return f"threaten {names[action.target]} (card at position {action.slot})"
    if isinstance(action, Denounce):
        return f"name the {action.role.value}"
    if isinstance(action, Pay):
        return f"pay {names[action.to]} {action.amount}M"
    if isinstance(action, (DealLoot, SetAside)):  # pragma: no cover - the engine deals here
        return repr(action)
    raise TypeError(action)  # pragma: no cover


def show_table(seen: PlayerView, names: Sequence[str], say: Say) -> None:
    """The public table plus this player's own secrets."""
    assert seen.seat is not None
    say(f"Round {seen.round} of {seen.config.rounds} - loot: " + describe_loot(seen))
    for seat, name in enumerate(names):
        flags = []
        if seat == seen.leader:
            flags.append("leader")
        if seen.threats[seat]:
            count = seen.threats[seat]
            flags.append(f"{count} threat card" + ("" if count == 1 else "s"))
        if seen.deposits[seat]:
            flags.append(f"{seen.deposits[seat]}M on the table")
        say(f"  {name:8} {seen.cash[seat]:3}M  {', '.join(flags)}")
    if seen.face_up:
        say("Face-up role cards: " + ", ".join(role.value for role in seen.face_up))
    mine = [
        c.role.value
        for c in seen.my_characters
        if c.role is not None and c.status.value in ("hidden", "surviving")
    ]
    if mine:
        say(("Your character: " if len(mine) == 1 else "Your characters: ") + ", ".join(mine))
    for character in seen.characters:
        if character.player != seen.seat and character.status.value == "hidden" and character.role:
            shown = character.role.value
            say(f"Your threat card showed: {names[character.player]} has the {shown}")


def describe_loot(seen: PlayerView) -> str:
    card = seen.loot
    if card is None:  # pragma: no cover - the engine deals here
        return "not dealt"
    bonus = f", bonus for the {card.bonus_role.value}" if card.bonus_role else ""
    return f"{card.total}M, deposit {card.deposit}M{bonus}"


def take_turn(
    state: GameState, seat: int, names: Sequence[str], ask: Ask, say: Say, last_seen: list[int]
) -> GameState | None:
    """Show ``seat`` its view and apply the action it picks (None: quit)."""
    seen = view(state, seat)
    news = visible_events(state.events[last_seen[seat] :], seat)
    last_seen[seat] = len(state.events)
    if news:
        say("Since your last turn:")
        for event in news:
            say("  " + describe(event, names))
    show_table(seen, names, say)
    menu = list(seen.legal_actions)
    for number, action in enumerate(menu, 1):
        say(f"  {number}) {label(action, names)}")
    if seen.payees:
        say(
            "  or: pay SEAT AMOUNT (seats: "
            + ", ".join(f"{p}={names[p]}" for p in seen.payees)
            + ")"
        )
    while True:
        answer = ask(f"{names[seat]}> ").strip().lower()
        if answer == "quit":
            return None
        picked = parse(answer, seat, menu)
        if picked is None:
            say("Type a number from the list, 'pay SEAT AMOUNT' or 'quit'.")
            continue
        try:
            return apply(state, picked)
        except IllegalActionError as error:
            say(f"Not allowed: {error}")


def parse(answer: str, seat: int, menu: Sequence[Action]) -> Action | None:
    words = answer.split()
    if len(words) == 3 and words[0] == "pay" and words[1].isdigit() and words[2].isdigit():
        return Pay(seat, int(words[1]), int(words[2]))
    if answer.isdigit() and 1 <= int(answer) <= len(menu):
        return menu[int(answer) - 1]
    return None


def setup(ask: Ask, say: Say) -> tuple[GameConfig, list[str]]:
    while True:
        answer = ask("How many players (3-8)? ").strip()
        if answer.isdigit() and 3 <= int(answer) <= 8:
            break
        say("The game is for 3 to 8 players.")
    players = int(answer)
    names = []
    for seat in range(players):
        name = ask(f"Name of player {seat + 1}? ").strip() or f"Player {seat + 1}"
        names.append(name[:12])
    return GameConfig(players), names


def main(ask: Ask = input, say: Say = print) -> int:
    """Play a game at one keyboard; returns 0 when the game ends or is quit."""
    try:
        return play(ask, say)
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave quietly
        say("\nGame abandoned.")
        return 0


def play(ask: Ask, say: Say) -> int:
    """The game loop of :func:`main`."""
    config, names = setup(ask, say)
    state = new_game(config)
    last_seen = [0] * config.players
    turn = 0
    while not state.is_over:
        seat = state.awaiting[turn % len(state.awaiting)]
        turn += 1
        say(CLEAR + f"Pass the keyboard to {names[seat]}.")
        ask(f"{names[seat]}, press Enter when nobody else is looking at the screen...")
        after = take_turn(state, seat, names, ask, say, last_seen)
        if after is None:
            say("Game abandoned.")
            return 0
        state = after
        ask("Press Enter to hide your screen and pass the keyboard on...")
        say(CLEAR)
    for event in visible_events(state.events[min(last_seen) :], None):
        say(describe(event, names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
