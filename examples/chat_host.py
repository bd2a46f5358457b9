"""A chat host for both games in a terminal: every line is one chat message.

Type ``<seat> <text>`` to speak in the group as that seat (seats from 1) or ``<seat>!
<text>`` to message the host privately, for instance::

    1! /选 司机
    2 /menu
    2! /elegir matón
    1 /status

The host (:class:`millions_rules.text.ChatHost`) reads the commands in English, Spanish or
Chinese, answers ``/menu`` and ``/status``, refuses a secret typed in the group, narrates the
game and plays the bots. A real chat bot only replaces ``read`` and ``send``: the notation,
menus, status and refusals all come from the library. With ``--db tables.sqlite`` (the
``[web]`` extra) every action is stored, and running again with ``--resume`` picks the game
up where it stopped.

Run: ``python examples/chat_host.py [--game torraku] [--lang es] [--bots 2]``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable

from millions_rules.text import ChatHost, Message

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def host_for(options: argparse.Namespace) -> ChatHost:
    """A new table, or the stored one with ``--resume``."""
    store = None
    if options.db:
        from millions_rules.web import open_store  # the [web] extra

        store = open_store(options.db)
        if options.resume:
            return ChatHost.resume(store, "terminal")
    bots = {seat: "rule" for seat in range(options.players - options.bots, options.players)}
    return ChatHost(
        options.game,
        NAMES[: options.players],
        bots=bots,
        seed=options.seed,
        locale=options.lang,
        store=store,
        table_id="terminal",
    )


def show(messages: Iterable[Message], host: ChatHost, send: Callable[[str], None]) -> None:
    """Send each message: to the group, or privately (here: marked with the seat's name)."""
    for message in messages:
        to = "group" if message.to is None else f"to {host.names[message.to]} only"
        send(f"[{to}] {message.text}")


def main(argv: list[str], read: Callable[[], str], send: Callable[[str], None]) -> int:
    """Host one game until it ends or the input does."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="millions", choices=["millions", "torraku"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", type=int, default=2)
    parser.add_argument("--lang", default="zh", choices=["en", "es", "zh"])
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--db", help="a SQLite file or postgresql:// address")
    parser.add_argument("--resume", action="store_true")
    options = parser.parse_args(argv)
    host = host_for(options)
    if not options.resume:
        show(host.start(), host, send)
    while not host.is_over:
        try:
            line = read().strip()
        except EOFError:
            return 0
        seat_word, _, text = line.partition(" ")
        private = seat_word.endswith("!")
        seat_word = seat_word.rstrip("!")
        seat = int(seat_word) - 1 if seat_word.isdigit() else None
        show(host.handle(seat, text, private=private), host, send)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], input, print))
