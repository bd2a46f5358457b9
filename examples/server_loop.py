"""A game server's core loop: JSON in from each client, one view out per seat.

The server keeps the only :class:`GameState`; each client sends actions as JSON
together with the version of the state it acted on, and receives its own view,
with only the events it does not hold yet. Nothing else ever leaves the server.
Transport (websockets, HTTP, a chat bot) is left out: ``handle`` takes and
returns text.

* ``apply(state, action, seat=seat)`` refuses an action that is not the
  connection's own (another seat's, or the dealer's) with ``not_your_action``.
* ``GameState.version`` counts the actions applied: an action sent against an
  older version is refused as stale, as HTTP's ``If-Match`` would.
* ``view(state, seat, since=n)`` sends only the events after the ``n`` the seat
  already has; the server remembers ``n`` for each seat.
* At the end, ``public_record(state, seat)`` is each seat's shareable record.

Run: ``python examples/server_loop.py`` to watch four simulated clients play.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping

from millions_rules import (
    Action,
    DeserializationError,
    Event,
    GameConfig,
    GameState,
    IllegalActionError,
    PlayerView,
    apply,
    from_json,
    new_game,
    public_record,
    to_json,
    view,
)
from millions_rules.bots import RandomBot


class Table:
    """One game on the server."""

    def __init__(self, config: GameConfig, tags: Mapping[str, str] | None = None) -> None:
        self.state: GameState = new_game(config)
        self.tags = dict(tags or {})
        #: How many events of its visible log each seat holds.
        self.sent = [0] * config.players

    def handle(self, seat: int, version: int, message: str) -> dict[int, str]:
        """Apply one client's action, sent against ``version``; return the text for each seat."""
        if version != self.state.version:  # the client acted on an older state
            return {seat: _error("stale_version", f"the table is at version {self.state.version}")}
        try:
            action = from_json(message, Action)
            self.state = apply(self.state, action, seat=seat)  # only the seat's own actions
        except DeserializationError as error:
            return {seat: _error(error.code, str(error))}
        except IllegalActionError as error:
            return {seat: _error(error.code, str(error))}
        return {other: self.update(other) for other in range(self.state.players)}

    def update(self, seat: int) -> str:
        """The seat's view, with only the events it does not hold yet."""
        seen = view(self.state, seat, since=self.sent[seat])
        self.sent[seat] = seen.first_event + len(seen.events)
        return to_json(seen)

    def record(self, seat: int | None) -> str:
        """The game as ``seat`` saw it, to share (``None``: as everyone saw it)."""
        return public_record(self.state, seat, tags=self.tags)


def _error(code: str, message: str) -> str:
    return json.dumps({"error": code, "message": message})


class Client:
    """What one seat's program holds: its latest view and its whole visible log."""

    def __init__(self, seat: int) -> None:
        self.player = RandomBot(seed=seat, pay_chance=0.05)
        self.log: list[Event] = []
        self.seen: PlayerView | None = None

    def receive(self, text: str) -> None:
        """Apply an update: keep the log up to ``first_event``, then append the new events."""
        self.seen = from_json(text, PlayerView)
        self.log = self.log[: self.seen.first_event] + list(self.seen.events)


def main() -> int:
    table = Table(GameConfig(4, seed=11), tags={"event": "Example", "seat_0": "Ann"})
    clients = [Client(seat) for seat in range(4)]
    for seat, client in enumerate(clients):
        client.receive(table.update(seat))
    messages = 0
    while not table.state.is_over:
        seat = table.state.awaiting[0]
        client = clients[seat]
        assert client.seen is not None
        action = client.player.act(client.seen)
        assert action is not None
        replies = table.handle(seat, client.seen.version, to_json(action))
        messages += len(replies)
        for other, text in replies.items():
            clients[other].receive(text)
    print(f"{messages} messages sent; winners: {sorted(table.state.winners)}")
    print(f"seat 0 holds {len(clients[0].log)} events, each received once")
    version = table.state.version
    print("a malformed message gets:", table.handle(0, version, '{"type": "stay", "player": true}'))
    print(
        "acting for another seat gets:", table.handle(1, version, '{"type": "stay", "player": 0}')
    )
    print("a stale version gets:", table.handle(0, version - 1, '{"type": "stay", "player": 0}'))
    shared = json.loads(table.record(0))
    print(f"seat 0's public record: {len(shared['events'])} events, tags {shared['tags']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
