"""A game server's core loop: JSON in from each client, one view out per seat.

The server keeps the only :class:`GameState`; clients send actions as JSON and
receive their own view (and the new events they may see) as JSON. Nothing else
ever leaves the server. Transport (websockets, HTTP, a chat bot) is left out:
``handle`` takes and returns text.

Run: ``python examples/server_loop.py`` to watch four simulated clients play.
"""

from __future__ import annotations

import json
import sys

from millions_rules import (
    Action,
    DeserializationError,
    GameConfig,
    GameState,
    IllegalActionError,
    PlayerView,
    apply,
    from_json,
    new_game,
    to_json,
    view,
    visible_events,
)
from millions_rules.bots import RandomBot


class Table:
    """One game on the server."""

    def __init__(self, config: GameConfig) -> None:
        self.state: GameState = new_game(config)

    def handle(self, seat: int, message: str) -> dict[int, str]:
        """Apply one client's action; return the text to send to each seat."""
        before = self.state
        try:
            action = from_json(message, Action)
            if getattr(action, "player", seat) != seat:  # a client acts only for its own seat
                raise IllegalActionError(f"you are seat {seat}", "not_your_turn")
            self.state = apply(self.state, action)
        except (DeserializationError, IllegalActionError) as error:
            code = getattr(error, "code", "bad_document")
            return {seat: json.dumps({"error": code, "message": str(error)})}
        return {other: self.update(before, other) for other in range(self.state.players)}

    def update(self, before: GameState, seat: int) -> str:
        """The seat's new events and full view, as one JSON message."""
        news = visible_events(self.state.events[len(before.events) :], seat)
        return json.dumps(
            {
                "events": [json.loads(to_json(event)) for event in news],
                "view": json.loads(to_json(view(self.state, seat))),
            }
        )


def main() -> int:
    table = Table(GameConfig(4, seed=11))
    clients = [RandomBot(seed=seat) for seat in range(4)]
    inbox = {seat: to_json(view(table.state, seat)) for seat in range(4)}
    messages = 0
    while not table.state.is_over:
        seat = table.state.awaiting[0]
        seen = from_json(inbox[seat], PlayerView)  # what the client knows: its last view
        action = clients[seat].act(seen)
        assert action is not None
        replies = table.handle(seat, to_json(action))
        messages += len(replies)
        for other, text in replies.items():
            inbox[other] = json.dumps(json.loads(text)["view"])
    print(f"{messages} messages sent; winners: {sorted(table.state.winners)}")
    bad = table.handle(0, '{"type": "stay", "player": true}')
    print("a malformed message gets:", bad[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
