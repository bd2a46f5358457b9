"""Bots are reproducible from the seed, the seat and the version: nothing they do may
follow the order of a set of strings, which changes with ``PYTHONHASHSEED`` from one
process to another (R-DEAL-2: which of two equal offers a RuleBot accepts)."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
from millions_rules import GameConfig
from millions_rules.bots import RandomBot, RuleBot, play_game
state = play_game(GameConfig(4, seed=1_000_023), [RandomBot(), RuleBot(), RuleBot(), RuleBot()])
print(repr(state.history))
"""


def history_with_hash_seed(seed: int) -> str:
    """The game's history played in a fresh process with ``PYTHONHASHSEED=seed``."""
    environment = dict(os.environ, PYTHONHASHSEED=str(seed))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


def test_a_rule_bot_answers_offers_alike_under_any_hash_seed() -> None:
    """Seat 3 holds two equal private offers (from seats 1 and 2, R-DEAL-1, R-DEAL-4) and
    accepts the first it is offered, under every hash seed."""
    histories = {history_with_hash_seed(seed) for seed in (0, 1, 2)}
    assert len(histories) == 1
    (history,) = histories
    assert "AcceptOffer(player=3, offer='private-1-3-1')" in history
