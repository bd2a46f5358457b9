"""The RLlib recipe (``examples/rllib_ppo.py``): only where ray[rllib] and torch are
installed (the ``rllib`` nox session); skipped elsewhere."""

from __future__ import annotations

import importlib.util
import pathlib
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("torch")
pytest.importorskip("ray.rllib")

import ray

from millions_rules import GameConfig
from millions_rules.bots import RandomBot, play_game

EXAMPLES = pathlib.Path(__file__).parent.parent.parent / "examples"


@pytest.fixture(scope="module")
def recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rllib_ppo", EXAMPLES / "rllib_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_masked_env_passes_rllibs_check(recipe: ModuleType) -> None:
    """RLlib's multi-agent environment check passes; observations carry the mask."""
    recipe.check()
    env = recipe.MaskedMillionsEnv({"players": 4})
    observations, _ = env.reset(seed=3)
    [(agent, observation)] = observations.items()
    assert agent == "player_0"
    assert env.observation_spaces[agent].contains(observation)
    assert observation["action_mask"].sum() == 3  # the three roles in play with four


def test_masked_env_plays_to_the_end(recipe: ModuleType) -> None:
    """Masked random actions play a game to the end, with +1/-1 rewards for every seat."""
    env = recipe.MaskedMillionsEnv({"players": 4})
    observations, _ = env.reset(seed=5)
    rng = random.Random(5)
    rewards: dict[str, float] = {}
    for _ in range(10_000):
        [(agent, observation)] = observations.items()
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        observations, reward, terminated, _, _ = env.step({agent: rng.choice(legal)})
        rewards.update(reward)
        if terminated["__all__"]:
            break
    assert terminated["__all__"] and sorted(rewards) == [f"player_{s}" for s in range(4)]
    assert set(rewards.values()) <= {1.0, -1.0} and 1.0 in rewards.values()


@pytest.mark.parametrize("shared", [True, False], ids=["shared", "per-seat"])
def test_one_training_iteration_and_the_bot(
    recipe: ModuleType, local_ray: None, shared: bool
) -> None:
    """One PPO iteration runs (tiny batch); the policy plays a game through the runner."""
    algo: Any = recipe.ppo_config(shared=shared, batch=128).build_algo()
    try:
        result = algo.train()
        assert result["num_env_steps_sampled_lifetime"] >= 128
        bot = recipe.trained_bot(algo, shared=shared)
        final = play_game(GameConfig(4, seed=2), [bot, RandomBot(), RandomBot(), bot])
        assert final.is_over and final.winners
    finally:
        algo.stop()
