"""The end of a round gives the very states and events it always gave (issue #10).

The action that ends negotiation, or the lone Snitch's :class:`~millions_rules.Denounce`,
plays the heist, the loot, the end of the round and the start of the next in one
pass (R-HEIST, R-LOOT, R-END, R-PLAN-1). ``tests/golden/round_ends.txt`` holds,
for every player count and variant, a digest of seeded random games as the rules
played them before that pass was made fast: the saved JSON of every state that
rests in the heist (the lone Snitch's choice) and of the final state, which holds
every event and action of the game.
"""

from __future__ import annotations

import hashlib
import pathlib
import random

import attrs

from millions_rules import GameConfig, Phase, apply, legal_actions, new_game, to_json

GOLDEN = pathlib.Path(__file__).parent / "golden" / "round_ends.txt"
SEEDS = range(4)


def _configs() -> dict[str, GameConfig]:
    """Every player count, repeat rule and dealer, with plenty of money and with very little."""
    configs = {}
    for players in range(3, 9):
        for repeat in ("no_share", "forbidden", "allowed"):
            for dealer in ("engine", "external"):
                for cash, total in ((5, 175), (1, 30)):
                    name = f"{players}/{repeat}/{dealer}/{cash}/{total}"
                    configs[name] = GameConfig(
                        players,
                        seed=0,
                        repeat_role=repeat,
                        dealer=dealer,
                        starting_cash=cash,
                        total_money=total,
                    )
    return configs


def _digest(config: GameConfig) -> str:
    """The digest of seeded random games of ``config`` (payments in about a third of the turns)."""
    digest = hashlib.sha256()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = new_game(attrs.evolve(config, seed=seed))
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state, payments=rng.random() < 0.3)))
            if state.phase is Phase.HEIST:
                digest.update(to_json(state).encode())
        digest.update(to_json(state).encode())
    return digest.hexdigest()


def test_round_ends_match_the_golden_games() -> None:
    """Each variant's games give the recorded states and events, round end by round end."""
    golden = dict(line.split() for line in GOLDEN.read_text(encoding="utf-8").splitlines())
    configs = _configs()
    assert sorted(golden) == sorted(configs)
    differing = [name for name, config in configs.items() if _digest(config) != golden[name]]
    assert not differing


if __name__ == "__main__":  # pragma: no cover - rewrites the golden file
    digests = {name: _digest(config) for name, config in _configs().items()}
    lines = [f"{name} {digest}\n" for name, digest in sorted(digests.items())]
    GOLDEN.write_text("".join(lines), encoding="utf-8")
