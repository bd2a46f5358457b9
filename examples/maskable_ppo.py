"""MaskablePPO (sb3-contrib) on one seat of a table of bots, then its win rates against
:class:`~millions_rules.bots.RandomBot` and :class:`~millions_rules.bots.RuleBot`.

Needs ``pip install "millions-rules[gymnasium]" sb3-contrib "torch==2.13.0"`` (that torch
is a CPU build; an unpinned one pulls a CUDA build of several GB); ``nox -s maskable_ppo``
installs them and runs this briefly. The recipe:

1. The environment is :class:`~millions_rules.adapters.gymnasium.SeatEnv`: the learner in
   seat 0, the library's bots in the others, the game run exactly as
   :func:`~millions_rules.bots.play_game` runs it. Its ``action_masks()`` is what
   ``MaskablePPO`` asks for: the policy only ever samples an offered action.
2. ``MaskablePPO("MlpPolicy", env)`` learns for ``timesteps`` learner steps.
3. :class:`TrainedBot` (a :class:`~millions_rules.adapters.gymnasium.PolicyBot`) seats the
   trained policy at any table as a bot: it encodes its seat's view and the actions it is
   offered as the environment does and samples the policy with the generator the runner
   gives it (greedy play of this game is easy to collide with). :func:`win_rate` plays
   it against bots with the library's own runner, on games the training never saw, and
   gives the rate with its Wilson 95% interval, beside the rate of a
   :class:`~millions_rules.bots.RandomBot` in the same seat of the same games.
4. Saved, the agent enters ``simulate`` and its league through the bot protocol:
   ``MILLIONS_AGENT=agent.zip PYTHONPATH=examples python -m millions_rules simulate
   --league --bots maskable_ppo:TrainedBot,rule,random``.

Run: ``python examples/maskable_ppo.py [timesteps] [games] [save path]`` (defaults 20000,
200 and none); ``--game torraku`` trains on Currency Torraku against its RuleBot.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from millions_rules.adapters.gymnasium import PolicyBot, SeatEnv
from millions_rules.bots import RandomBot, play_game
from millions_rules.games import get_game
from millions_rules.kit import Estimate, wilson

PLAYERS = {"millions": 4, "torraku": 3}
#: What the learner trains against in each game (Millions' RuleBot samples worlds at each
#: decision: a few games a second, too slow to train against in minutes).
TRAIN_AGAINST = {"millions": "random", "torraku": "rule"}


def probabilities(model: Any, observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> Any:
    """The trained policy's probability of each catalogue entry (masked entries 0)."""
    tensor, _ = model.policy.obs_to_tensor(observation)
    with torch.no_grad():
        distribution = model.policy.get_distribution(tensor, action_masks=mask)
    return distribution.distribution.probs[0].numpy()


class AgentBot(PolicyBot):
    """A trained MaskablePPO model as a bot: it samples its policy (a greedy policy of a
    game of hidden simultaneous choices is easy to collide with, and plays worse) with
    the generator the runner gives it, so that a game is reproducible."""

    def __init__(self, model: Any, game: str) -> None:
        super().__init__(None, game)
        self.model = model

    def act(
        self, observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any], rng: random.Random
    ) -> int:
        weights = probabilities(self.model, observation, mask).tolist()
        return rng.choices(range(len(weights)), weights=weights)[0]


class TrainedBot(AgentBot):
    """The agent saved at ``$MILLIONS_AGENT`` as a bot (``maskable_ppo:TrainedBot``).

    The model is loaded once per process, at the first bot made; ``$MILLIONS_AGENT_GAME``
    names its game (``millions`` if unset).
    """

    _model: Any = None

    def __init__(self) -> None:
        if TrainedBot._model is None:
            TrainedBot._model = MaskablePPO.load(os.environ["MILLIONS_AGENT"], device="cpu")
        super().__init__(TrainedBot._model, os.environ.get("MILLIONS_AGENT_GAME", "millions"))


def train(game: str, timesteps: int, seed: int = 0) -> Any:
    """MaskablePPO trained for ``timesteps`` learner steps in seat 0 against the game's
    training opponents."""
    env = SeatEnv(game, PLAYERS[game], seat=0, opponents=TRAIN_AGAINST[game])
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, seed=seed, n_steps=1024, batch_size=256, verbose=0)
    model.learn(total_timesteps=timesteps)
    return model


def opponent_bot(game: str, opponent: str) -> Any:
    """A fresh ``"random"`` or ``"rule"`` bot of ``game``."""
    make = get_game(game).companions.rule_bot
    return RandomBot() if opponent == "random" or make is None else make()


def win_rate(game: str, bot: Any, opponent: str, games: int, first_seed: int = 10**6) -> Estimate:
    """``bot``'s win rate in seat 0 against ``opponent`` bots, through play_game, on the
    games of seeds ``first_seed`` on (training draws its games' seeds at random from 2**63)."""
    the_game = get_game(game)
    players = PLAYERS[game]
    options = {"round_limit": 50} if game == "torraku" else {}
    won = 0
    for number in range(games):
        config = the_game.config(players, seed=first_seed + number, **options)
        bots = [bot] + [opponent_bot(game, opponent) for _ in range(players - 1)]
        won += 0 in the_game.winners(play_game(config, bots))
    return wilson(won, games)


def shown(estimate: Estimate) -> str:
    """``52.0% (95% CI 45.1-58.8%, 200 games)``."""
    return (
        f"{100 * estimate.value:.1f}% (95% CI {100 * estimate.low:.1f}-"
        f"{100 * estimate.high:.1f}%, {estimate.n} games)"
    )


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate, print the figures (and save the agent if asked)."""
    parser = argparse.ArgumentParser(description="MaskablePPO against the library's bots")
    parser.add_argument("timesteps", type=int, nargs="?", default=20_000)
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("save", nargs="?", default=None)
    parser.add_argument("--game", choices=sorted(PLAYERS), default="millions")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    game = args.game
    started = time.perf_counter()
    model = train(game, args.timesteps, args.seed)
    trained = time.perf_counter() - started
    print(
        f"{get_game(game).title}, {PLAYERS[game]} players: MaskablePPO trained for "
        f"{args.timesteps} steps against {TRAIN_AGAINST[game]} bots in {trained:.0f} s"
    )
    agent = AgentBot(model, game)
    rule_games = max(20, args.games // 4) if game == "millions" else args.games
    for opponent, games in (("random", args.games), ("rule", rule_games)):
        mine = win_rate(game, agent, opponent, games)
        baseline = win_rate(game, RandomBot(), opponent, games)
        print(
            f"against {opponent} bots: trained agent wins {shown(mine)}; "
            f"RandomBot in its seat {shown(baseline)}"
        )
    if args.save:
        model.save(args.save)
        print(f"saved to {args.save}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
