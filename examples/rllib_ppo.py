"""PPO with action masking in RLlib on the PettingZoo environment, then a win rate against
:class:`~millions_rules.bots.RandomBot` before and after training.

Needs ``pip install "millions-rules[pettingzoo]" "ray[rllib]==2.60.0" "torch==2.13.0"``, the
versions checked (``nox -s rllib`` installs them; that torch is a CPU build, an unpinned one
pulls a CUDA build of several GB). The recipe, step by step:

1. :class:`MaskedMillionsEnv` wraps ``env(game="millions")`` in PettingZoo's
   ``TerminateIllegalWrapper`` and RLlib's ``PettingZooEnv``, and renames the observation's
   keys to the ``{"observations", "action_mask"}`` that RLlib's action-masking module reads.
   RLlib's own check (``check_multiagent_environments``) samples actions without a mask:
   such an action ends the game with -1 for the seat that played it, which the masked
   policy never does.
2. :func:`ppo_config` builds a PPO configuration on RLlib's new API stack with one
   ``ActionMaskingTorchRLModule`` (RLlib's example module: the lowest float is added to
   the logits of masked actions) per policy: one ``"shared"`` policy for every seat (self-play), or one
   policy per seat (``shared=False``).
3. :class:`PolicyBot` is a :class:`~millions_rules.bots.Bot` around a trained module: from
   its seat's :class:`~millions_rules.PlayerView` only it builds the adapter's observation
   vector and the mask of the actions it is offered, and samples the masked policy.
   :func:`win_rate` seats it against random bots with the library's own runner,
   :func:`~millions_rules.bots.play_game`.

Run: ``python examples/rllib_ppo.py [iterations] [games] [shared|per-seat]`` (defaults 5,
200 and shared).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import ray
import torch
from pettingzoo.utils.wrappers import TerminateIllegalWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.rllib.utils.pre_checks.env import check_multiagent_environments

from millions_rules import Action, GameConfig, PlayerView
from millions_rules.adapters import FREE_MOVES, Catalogue, Turn, observe
from millions_rules.adapters.pettingzoo import env
from millions_rules.bots import RandomBot, play_game

#: The game trained and evaluated: Millions of Dollars with four players.
PLAYERS = 4


class MaskedMillionsEnv(MultiAgentEnv):  # type: ignore[misc]  # ray is not type-checked here
    """The PettingZoo environment as an RLlib ``MultiAgentEnv`` whose observations are
    ``{"observations": float32 vector, "action_mask": float32 0/1 vector}``.

    ``config`` (RLlib's ``env_config``) may give ``players`` (4 if left out).
    """

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        players = int((config or {}).get("players", PLAYERS))
        inner = env(game="millions", players=players, reward="win")
        self._env = PettingZooEnv(TerminateIllegalWrapper(inner, illegal_reward=-1))
        self.agents = self.possible_agents = list(inner.possible_agents)
        space = inner.observation_space(self.agents[0])
        actions = inner.action_space(self.agents[0])
        masked = gym.spaces.Dict(
            {
                "observations": space["observation"],
                "action_mask": gym.spaces.Box(0.0, 1.0, (int(actions.n),), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.agents, masked)
        self.action_spaces = dict.fromkeys(self.agents, actions)

    @staticmethod
    def _masked(observations: dict[str, Any]) -> dict[str, Any]:
        return {
            agent: {
                "observations": observation["observation"],
                "action_mask": observation["action_mask"].astype(np.float32),
            }
            for agent, observation in observations.items()
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game: the observation of the agent to act."""
        observations, infos = self._env.reset(seed=seed, options=options)
        return self._masked(observations), infos

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Play the acting agent's action; the next agent's observation (every agent's at
        the end, with its reward)."""
        observations, *rest = self._env.step(actions)
        return (self._masked(observations), *rest)


def ppo_config(*, shared: bool = True, players: int = PLAYERS, batch: int = 2000) -> PPOConfig:
    """PPO with action masking: one ``"shared"`` policy, or one per seat (``shared=False``).

    Small batches for a CPU: ``batch`` env steps an iteration (2 000, about 30 games),
    sampled in the driver, minibatches of an eighth of it, 4 epochs.
    """
    agents = [f"player_{seat}" for seat in range(players)]
    policies = ["shared"] if shared else agents

    def policy_of(agent_id: str, episode: Any, **kwargs: Any) -> str:
        return "shared" if shared else agent_id

    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"head_fcnet_hiddens": [128, 128], "head_fcnet_activation": "relu"},
    )
    return (
        PPOConfig()
        .environment(MaskedMillionsEnv, env_config={"players": players})
        .multi_agent(policies=set(policies), policy_mapping_fn=policy_of)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(rl_module_specs=dict.fromkeys(policies, module))
        )
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
        .learners(num_learners=0)
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=max(batch // 8, 1),
            num_epochs=4,
            lr=1e-3,
            entropy_coeff=0.0,
        )
        .debugging(seed=0)
    )


class PolicyBot:
    """A :class:`~millions_rules.bots.Bot` that samples trained RLlib modules, one per seat
    (the same one for every seat with a shared policy).

    It sees what any bot sees: its seat's view and the actions offered. The observation is
    the adapter's vector for that view (with the public turn approximated: the runner has no
    free-move counters, so every seat is shown :data:`~millions_rules.adapters.FREE_MOVES`
    left and none done); the mask is the catalogue entries of the actions offered.
    """

    def __init__(self, modules: Sequence[RLModule]) -> None:
        self._modules = list(modules)
        self._players = len(self._modules)
        self._catalogue = Catalogue(self._players)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A sample of the masked policy among the offered actions it has an entry for."""
        seat = view.seat
        assert seat is not None
        by_index: dict[int, Action] = {}
        for action in legal:
            index = self._catalogue.index(action)
            if index is not None:
                by_index[index] = action
        if not by_index:  # nothing in the catalogue (an amount it does not know)
            return rng.choice(list(legal))
        turn = Turn(seat, (FREE_MOVES,) * self._players, (False,) * self._players)
        mask = np.zeros(len(self._catalogue), np.float32)
        mask[list(by_index)] = 1.0
        batch = {
            Columns.OBS: {
                "observations": torch.tensor([observe(view, turn)], dtype=torch.float32),
                "action_mask": torch.from_numpy(mask[None, :]),
            }
        }
        with torch.no_grad():
            outputs = self._modules[seat].forward_inference(batch)
        logits = outputs[Columns.ACTION_DIST_INPUTS][0]
        choices = sorted(by_index)
        weights = torch.softmax(logits[choices].double(), 0).tolist()
        return by_index[rng.choices(choices, weights)[0]]


def trained_bot(algo: Any, *, shared: bool = True, players: int = PLAYERS) -> PolicyBot:
    """A :class:`PolicyBot` with the modules of ``algo`` (a built PPO algorithm)."""
    return PolicyBot(
        [algo.get_module("shared" if shared else f"player_{seat}") for seat in range(players)]
    )


def win_rate(bot: Any, games: int = 200, players: int = PLAYERS, seed: int = 0) -> float:
    """The share of ``games`` that ``bot`` wins (or shares) against random bots; it changes
    seat each game."""
    won = 0
    for game in range(games):
        seat = game % players
        bots: list[Any] = [RandomBot() for _ in range(players)]
        bots[seat] = bot
        final = play_game(GameConfig(players, seed=seed + game), bots)
        won += seat in final.winners
    return won / games


def check() -> None:
    """RLlib's check of a multi-agent environment, on the masked environment."""
    check_multiagent_environments(MaskedMillionsEnv())


def main(iterations: int = 5, games: int = 200, mode: str = "shared") -> int:
    if mode not in ("shared", "per-seat"):
        raise SystemExit(f"mode is 'shared' or 'per-seat', not {mode!r}")
    shared = mode == "shared"
    start = time.perf_counter()
    check()
    print(f"check_multiagent_environments passed ({time.perf_counter() - start:.1f} s)")
    start = time.perf_counter()
    reference = win_rate(RandomBot(), games)
    print(f"RandomBot against RandomBot: win rate {reference:.1%} in {games} games")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        algo = ppo_config(shared=shared).build_algo()
        print(f"PPO built ({mode} policy): {time.perf_counter() - start:.0f} s")
        start = time.perf_counter()
        before = win_rate(trained_bot(algo, shared=shared), games)
        evaluating = time.perf_counter() - start
        print(f"before training: win rate {before:.1%} in {games} games ({evaluating:.0f} s)")
        start = time.perf_counter()
        steps = 0
        for iteration in range(1, iterations + 1):
            result = algo.train()
            steps = int(result["num_env_steps_sampled_lifetime"])
            print(f"iteration {iteration}: {steps} env steps, {time.perf_counter() - start:.0f} s")
        training = time.perf_counter() - start
        after = win_rate(trained_bot(algo, shared=shared), games)
        print(
            f"after {iterations} iterations ({steps} env steps, {training:.0f} s): "
            f"win rate {after:.1%} in {games} games"
        )
        algo.stop()
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    sys.exit(
        main(
            int(arguments[0]) if arguments else 5,
            int(arguments[1]) if len(arguments) > 1 else 200,
            arguments[2] if len(arguments) > 2 else "shared",
        )
    )
