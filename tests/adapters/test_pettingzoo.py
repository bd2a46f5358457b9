"""The PettingZoo environment (the ``adapters`` nox session installs the extra)."""

from __future__ import annotations

import functools
import importlib.util
import pathlib
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from millions_rules import (
    Choose,
    ConfigError,
    Dealer,
    DealLoot,
    GameConfig,
    IllegalActionError,
    Role,
    SetAside,
)
from millions_rules.adapters import Catalogue, Table, observe
from millions_rules.adapters.pettingzoo import env, raw_env

EXAMPLES = pathlib.Path(__file__).parent.parent.parent / "examples"


@pytest.mark.parametrize("players", [3, 5, 8])
def test_api_test(players: int) -> None:
    """PettingZoo's own API test passes (its warnings about dict observations aside)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(players=players), num_cycles=1000)


@pytest.mark.parametrize("repeat_role", ["forbidden", "allowed"])
def test_api_test_of_the_variants(repeat_role: str) -> None:
    """R-VAR-REPEAT, R-VAR-QUICK: the variants pass the API test too."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(players=4, repeat_role=repeat_role, rounds=6, target=16), num_cycles=1000)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_seed_test(players: int) -> None:
    """The same seed plays the same game (PettingZoo's seed test)."""
    seed_test(functools.partial(env, players=players), num_cycles=1000)


def play(game: raw_env, seed: int, rewards: dict[str, float] | None = None) -> list[int]:
    """Play one game with seeded random masked actions; the actions taken.

    ``rewards`` gets each agent's reward as it is terminated.
    """
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    taken = []
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            if rewards is not None:
                rewards[agent] = reward
            game.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        game.step(action)
    return taken


def test_rewards_are_win_or_loss_by_default() -> None:
    """Default rewards: +1 to each winner (R-END-2, R-END-3), -1 to the others."""
    game = raw_env(players=4)
    rewards: dict[str, float] = {}
    play(game, 3, rewards)
    state = game.table.state
    assert state.is_over
    assert rewards == {
        f"player_{seat}": 1.0 if seat in state.winners else -1.0 for seat in range(4)
    }


def test_cash_rewards_match_the_state() -> None:
    """The cash rewards equal the final state's cash, seat by seat."""
    game = raw_env(players=3, reward="cash")
    rewards: dict[str, float] = {}
    play(game, 5, rewards)
    cash = game.table.state.cash
    assert rewards == {f"player_{seat}": float(cash[seat]) for seat in range(3)}


def test_same_seed_same_game_other_seed_other_game() -> None:
    """reset(seed) fixes the whole game, including the engine's draws."""
    game = raw_env(players=5)
    assert play(game, 1) == play(game, 1)
    assert play(game, 1) != play(game, 2)


def test_masked_action_is_refused() -> None:
    """A masked action raises IllegalActionError and changes nothing."""
    game = raw_env(players=4)
    game.reset(seed=0)
    mask = game.observe(game.agent_selection)["action_mask"]
    before = game.table
    with pytest.raises(IllegalActionError):
        game.step(int(np.flatnonzero(mask == 0)[0]))
    assert game.table == before


@pytest.mark.parametrize(
    "options",
    [{"seed": 1}, {"dealer": Dealer.EXTERNAL}, {"reward": "money"}, {"colour": "red"}],
)
def test_bad_options(options: dict[str, object]) -> None:
    """Options the environment does not take raise ConfigError."""
    with pytest.raises(ConfigError):
        raw_env(players=4, **options)  # type: ignore[arg-type]


def test_unknown_agent() -> None:
    """Observing an agent the environment does not have raises ConfigError."""
    game = raw_env(players=4)
    game.reset(seed=0)
    with pytest.raises(ConfigError):
        game.observe("player_9")


def test_options_reach_the_game() -> None:
    """GameConfig options (a quick game) are played."""
    game = raw_env(players=4, rounds=6, target=16)
    game.reset(seed=0)
    assert (game.table.state.config.rounds, game.table.state.config.target) == (6, 16)


def test_ansi_render_describes_the_table() -> None:
    """render_mode='ansi' returns the round, phase and cash."""
    game = raw_env(players=4, render_mode="ansi")
    game.reset(seed=0)
    text = game.render()
    assert text is not None and text.startswith("round 1, planning; cash [5, 5, 5, 5]; turn 0")


def two_worlds() -> tuple[Table, Table]:
    """Two games that differ only in seat 1's role and the face-down card (a secret for seat 0)."""
    tables = []
    for secret in (Role.DRIVER, Role.CROOK):
        table = Table.start(GameConfig(5, seed=0, dealer=Dealer.EXTERNAL)).play(DealLoot(2))
        for role in (Role.BRUTE, secret, Role.SNITCH, Role.BRUTE, Role.DRIVER):
            table = table.play(Choose(table.turn.seat, role))  # type: ignore[arg-type]
        tables.append(table.play(SetAside(secret)))
    return tables[0], tables[1]


def test_worlds_differing_in_secrets_observe_alike() -> None:
    """R-INFO: seat 0's observation and mask are the same in both worlds; seat 1's differ."""
    first, second = two_worlds()
    assert first.state.characters != second.state.characters
    game = raw_env(players=5)
    game.reset(seed=0)
    seen = []
    for table in (first, second):
        game.table = table
        seen.append((game.observe("player_0"), game.observe("player_1")))
    (a0, a1), (b0, b1) = seen
    assert np.array_equal(a0["observation"], b0["observation"])
    assert np.array_equal(a0["action_mask"], b0["action_mask"])
    assert not np.array_equal(a1["observation"], b1["observation"])


def test_observation_is_the_shared_vector() -> None:
    """The observation is adapters.observe as float32, the mask the catalogue's."""
    game = raw_env(players=3)
    game.reset(seed=4)
    from millions_rules import view

    got = game.observe(game.agent_selection)
    seat = game.table.turn.seat
    seen = view(game.table.state, seat)
    assert got["observation"].dtype == np.float32
    size = len(observe(seen, game.table.turn))
    assert got["observation"][:size].tolist() == observe(seen, game.table.turn)
    assert got["observation"][size:].tolist() == [0.0] * 18  # nothing paid or threatened yet
    assert got["action_mask"].tolist() == Catalogue(3).mask(seen, game.table.turn)


def test_observation_has_the_paid_and_threatened_blocks() -> None:
    """R-NEG-3: after the vector come, as in OpenSpiel's information state tensor, the
    money paid and the threat cards used from each seat to each other, seat by seat."""
    from millions_rules import Pay, view

    game = raw_env(players=4)
    game.reset(seed=2)
    while game.table.state.phase.value != "negotiation":
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    seat = game.table.seat
    to = (seat + 1) % 4
    game.step(Catalogue(4).index(Pay(seat, to, 1)))
    size = len(observe(view(game.table.state, 0), game.table.turn))
    for agent in game.possible_agents:
        tail = game.observe(agent)["observation"][size:]
        paid, threatened = tail[:16].reshape(4, 4), tail[16:].reshape(4, 4)
        assert paid[seat, to] == 1.0 and paid.sum() == 1.0 and threatened.sum() == 0.0
    assert game.observation_space("player_0")["observation"].shape == (size + 32,)  # type: ignore[index]


def test_spaces_dicts_state_and_image() -> None:
    """The observation_spaces and action_spaces dicts, state() (every seat's vector,
    in state_space) and the rgb_array image of the table."""
    game = raw_env(players=4, render_mode="rgb_array")
    game.reset(seed=3)
    assert set(game.observation_spaces) == set(game.possible_agents)
    assert game.observation_spaces["player_2"] is game.observation_space("player_2")
    assert game.action_spaces["player_1"] is game.action_space("player_1")
    state = game.state()
    assert game.state_space.contains(state)
    size = game.observation_space("player_0")["observation"].shape[0]  # type: ignore[index]
    for seat, agent in enumerate(game.possible_agents):
        assert np.array_equal(
            state[seat * size : (seat + 1) * size], game.observe(agent)["observation"]
        )
    image = game.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    assert image.shape == (4 * 16, 2 * size, 3)
    assert image[0, :, 1].min() >= 96 and image[16, :, 1].min() < 96  # seat 0 acts: green


def test_example_runs_thousands_of_masked_steps(capsys: pytest.CaptureFixture[str]) -> None:
    """The example plays at least 3000 random masked steps to the end of its games."""
    spec = importlib.util.spec_from_file_location("ex", EXAMPLES / "pettingzoo_random_agents.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(5, 3000, 0) == 0
    steps = int(capsys.readouterr().out.split()[0])
    assert steps >= 3000


def test_checks_before_reset_are_pettingzoos() -> None:
    """Before reset, the checking layer refuses what PettingZoo's order check refuses."""
    game = env(players=4)
    with pytest.raises(AssertionError, match="reset"):
        game.step(0)
    with pytest.raises(AttributeError, match="before reset"):
        game.last()
    with pytest.raises(AttributeError, match="before reset"):
        game.agent_selection  # noqa: B018
    with pytest.raises(AssertionError, match="reset"):
        game.agent_iter()


@pytest.mark.parametrize("action", [-1, 40, 10**6, 1.5, "0", None])
def test_an_action_out_of_the_space_is_refused(action: object) -> None:
    """An action outside Discrete(len(catalogue)) (or None for a live agent) fails the
    bounds check, as PettingZoo's AssertOutOfBoundsWrapper would, and changes nothing."""
    game = env(players=5)
    game.reset(seed=1)
    before = game.unwrapped.table
    with pytest.raises(AssertionError, match="action space"):
        game.step(action)
    assert game.unwrapped.table is before


def test_numpy_and_plain_actions_play_alike() -> None:
    """A NumPy integer from the mask plays as the same plain int would."""
    first, second = env(players=5), env(players=5)
    first.reset(seed=3)
    second.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in first.agent_iter(200):
        observation, _, terminated, truncated, _ = first.last()
        if terminated or truncated:
            first.step(None)
            second.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        first.step(action)
        second.step(int(action))
        assert first.unwrapped.table == second.unwrapped.table


def test_the_checking_layer_is_an_order_enforcing_wrapper() -> None:
    """PettingZoo's tools see env() as their order-enforcing wrapper around raw_env."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    game = env(players=3)
    assert isinstance(game, OrderEnforcingWrapper)
    assert isinstance(game.unwrapped, raw_env)


def test_the_checking_layer_wraps_this_librarys_environment_only() -> None:
    """CheckedEnv reads raw_env directly, so it refuses to wrap anything else; it prints
    as the environment's name, as PettingZoo's order check does."""
    from pettingzoo.utils.wrappers import BaseWrapper

    from millions_rules.adapters.pettingzoo import CheckedEnv

    with pytest.raises(ConfigError, match="raw_env"):
        CheckedEnv(BaseWrapper(raw_env(players=3)))
    assert str(env(players=3)) == "millions_of_dollars_v0"
    assert str(env(game="torraku", players=2)) == "currency_torraku_v0"
