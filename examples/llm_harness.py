"""An LLM seat in a text game, offline: a scripted "model" plays through the harness.

Replace ``model`` with a call to any chat model: it gets the seat's prompt (what it knows,
what happened, its legal commands) and answers with one command. An illegal answer gets a
"rethink" prompt; after three in a row the harness plays for the seat. The telemetry says
how each call went.

Run: ``python examples/llm_harness.py [--game torraku]``.
"""

from __future__ import annotations

import random
import sys

from millions_rules.llm import TextGame, play


def model(prompt: str, rng: random.Random) -> str:
    """A stand-in for a language model: one of the listed commands, with some chatter."""
    commands = [line.split(" · ")[0] for line in prompt.splitlines() if line.startswith("/")]
    if not commands or rng.random() < 0.1:
        return "I fold... no wait, I raise the stakes!"  # not a command: a rethink prompt
    return f"Let me think.\n`{rng.choice(commands)}`"


def main(game: str = "millions") -> int:
    """Play one game of four seats (three for Torraku) and print the telemetry's summary."""
    players = 4 if game == "millions" else 3
    env = TextGame(game, players=players, seed=7, names=["Ana", "Bo", "Cy", "Dee"][:players])
    rng = random.Random(7)
    _rewards, info = play(env, {seat: lambda prompt: model(prompt, rng) for seat in range(players)})
    print(f"winners: {[env.names[seat] for seat in info['winners']]}")  # type: ignore[index]
    print(f"{info['calls']} calls, {info['illegal']} illegal answers")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[2:3]) if "--game" in sys.argv else main())
