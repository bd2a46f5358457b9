"""The Gymnasium environment of one seat among bots, its vector forms and the PettingZoo
wrapper (the ``adapters`` nox session installs the extras)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils import env_checker, passive_env_checker
from pettingzoo.test import api_test, seed_test

from millions_rules import ConfigError, GameConfig
from millions_rules.adapters._core import adapter_of
from millions_rules.adapters.bot_seats import env as bot_seats_env
from millions_rules.adapters.gymnasium import (
    PolicyBot,
    ProcessVectorEnv,
    SeatEnv,
    SeatVectorEnv,
)
from millions_rules.bots import BotError, RandomBot, play_game
from millions_rules.bots._simulate import bot_from_spec, game_seed
from millions_rules.games import get_game
from millions_rules.kit import wilson

Policy = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], int]


def lowest(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
    """A deterministic policy: the lowest legal entry."""
    return int(np.flatnonzero(mask)[0])


def uniform(seed: int, avoid: frozenset[int] = frozenset()) -> Policy:
    """A fixed stochastic policy: a uniformly random legal entry but those of ``avoid``
    while others are legal, from its own generator."""
    rng = np.random.default_rng(seed)

    def policy(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        legal = np.flatnonzero(mask)
        wanted = [entry for entry in legal.tolist() if entry not in avoid]
        return int(rng.choice(wanted or legal))

    return policy


def env_game(env: SeatEnv, policy: Policy, options: dict[str, Any] | None = None) -> Any:
    """Play one game in ``env`` with ``policy``; the final state."""
    observation, info = env.reset(options=options)
    while True:
        observation, _reward, terminated, truncated, info = env.step(
            policy(observation, info["action_mask"])
        )
        assert not truncated
        if terminated:
            match = env.table.match
            assert match is not None
            return match.state


@pytest.mark.parametrize(
    ("game", "players", "seat", "opponent"),
    [("millions", 4, 2, "random"), ("millions", 5, 0, "rule"), ("torraku", 3, 1, "rule")],
)
def test_the_env_plays_the_games_of_play_game(
    game: str, players: int, seat: int, opponent: str
) -> None:
    """R-PLAN-2, R-NEG-1, R-TK-BET-1: with the same game seed, a policy in the env plays
    exactly the game that the same policy, seated as a bot, plays through play_game:
    the same final state (every action, the bots' included, in the same order)."""
    env = SeatEnv(game, players, seat=seat, opponents=opponent)
    the_game = get_game(game)
    games = 2 if opponent == "rule" and game == "millions" else 12
    for number in range(games):
        final = env_game(env, lowest, {"game_seed": number})
        config = attrs.evolve(env.table.config, seed=number)  # the engine deals
        bots: list[Any] = [bot_from_spec(opponent, game) for _ in range(players)]
        bots[seat] = PolicyBot(lowest, game)
        reference = play_game(config, bots)
        assert the_game.to_json(final) == the_game.to_json(reference)


@pytest.mark.parametrize(
    ("game", "players", "opponent", "games"),
    [("torraku", 3, "rule", 700), ("millions", 4, "random", 500)],
)
def test_win_rates_in_the_env_and_through_play_game_agree(
    game: str, players: int, opponent: str, games: int
) -> None:
    """A fixed policy (uniformly random legal entries, no payment) wins as often in the env as through
    play_game on other games: the two Wilson 95% intervals overlap (the issue measured
    65% against 74% with a hand-made seating)."""
    env = SeatEnv(game, players, seat=0, opponents=opponent)
    env.reset(seed=11)
    names = adapter_of(game).catalogue_names(env.table.config)
    payments = frozenset(i for i, name in enumerate(names) if name.startswith("pay"))
    policy = uniform(1, payments)  # Millions: a random payer gives its money away
    won = 0
    for _ in range(games):
        final = env_game(env, policy)
        won += 0 in get_game(game).winners(final)
    in_env = wilson(won, games)
    the_game = get_game(game)
    bot = PolicyBot(uniform(2, payments), game)
    won = 0
    for number in range(games):
        config = attrs.evolve(env.table.config, seed=game_seed(99, number))
        bots = [bot] + [bot_from_spec(opponent, game) for _ in range(players - 1)]
        won += 0 in the_game.winners(play_game(config, bots))
    through_runner = wilson(won, games)
    assert 0.05 < in_env.value < 0.95  # a rate that tells something
    assert in_env.low <= through_runner.high and through_runner.low <= in_env.high, (
        in_env,
        through_runner,
    )


@pytest.mark.parametrize(
    ("game", "players", "opponent"), [("torraku", 3, "rule"), ("millions", 4, "random")]
)
def test_gymnasium_env_checks_pass(game: str, players: int, opponent: str) -> None:
    """Gymnasium's own checks: the spaces, reset's types, seeding and options, and the
    passive checks of reset and of steps (with legal actions: ``check_env`` itself plays
    unmasked samples, which a masked env refuses)."""
    env = SeatEnv(game, players, opponents=opponent)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        passive_env_checker.check_observation_space(env.observation_space)
        passive_env_checker.check_action_space(env.action_space)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_options(env)
        passive_env_checker.env_reset_passive_checker(env, seed=1)
        for _ in range(30):
            action = int(np.flatnonzero(env.action_masks())[-1])
            checked: Any = env
            result: Any = passive_env_checker.env_step_passive_checker(checked, action)
            terminated = result[2]
            if terminated:
                env.reset()


def test_the_same_seed_gives_the_same_games() -> None:
    """Seeded and reproducible: two envs reset with one seed play the same games; the
    mask of action_masks() is the info's, and marks exactly the offered entries."""
    first = SeatEnv("millions", 4, seat="random", opponents="random")
    second = SeatEnv("millions", 4, seat="random", opponents="random")
    a, info_a = first.reset(seed=5)
    b, info_b = second.reset(seed=5)
    rng = np.random.default_rng(0)
    seats = set()
    for _ in range(400):
        assert np.array_equal(a, b) and np.array_equal(info_a["action_mask"], info_b["action_mask"])
        mask = first.action_masks()
        assert np.array_equal(mask, info_a["action_mask"])
        assert sorted(np.flatnonzero(mask)) == sorted(first.table.choices)
        action = int(rng.choice(np.flatnonzero(mask)))
        a, reward_a, done_a, _, info_a = first.step(action)
        b, reward_b, done_b, _, info_b = second.step(action)
        assert (reward_a, done_a) == (reward_b, done_b)
        seats.add(first.seat)
        if done_a:
            assert reward_a in (1.0, -1.0) and not first.action_masks().any()
            a, info_a = first.reset()
            b, info_b = second.reset()
    assert len(seats) > 1  # seat="random" draws the seat from the seed


def test_a_masked_action_is_refused_and_changes_nothing() -> None:
    """A masked entry raises BotError (code action_not_offered); the game is unchanged."""
    env = SeatEnv("millions", 4, opponents="random")
    _observation, _info = env.reset(seed=3)
    masked = int(np.flatnonzero(~env.action_masks())[0])
    match = env.table.match
    assert match is not None
    before = match.state
    with pytest.raises(BotError) as caught:
        env.step(masked)
    assert caught.value.code == "action_not_offered"
    assert match.state is before
    with pytest.raises(ConfigError, match="catalogue index"):
        env.step(1.5)
    with pytest.raises(ConfigError, match="catalogue index"):
        env.step("stay")
    assert match.state is before


def test_bad_arguments_are_refused() -> None:
    """Each bad argument is a ConfigError naming it."""
    with pytest.raises(ConfigError, match="opponents"):
        SeatEnv("millions", 4, opponents=["random"])
    with pytest.raises(ConfigError, match="unknown"):
        SeatEnv("millions", 4, opponents="nobody")
    with pytest.raises(ConfigError, match="seat"):
        SeatEnv("millions", 4, seat=4)
    with pytest.raises(ConfigError, match="reward"):
        SeatEnv("torraku", 3, reward="cash")
    with pytest.raises(ConfigError, match="reset"):
        SeatEnv("torraku", 3).step(0)
    with pytest.raises(ConfigError, match="game_seed"):
        SeatEnv("torraku", 3).reset(options={"game_seed": -1})
    with pytest.raises(ConfigError, match="num_envs"):
        SeatVectorEnv(0)


def test_opponents_may_be_any_bots_one_per_seat() -> None:
    """A list gives each other seat its bot, in seat order; a bot object plays as itself."""
    env = SeatEnv("millions", 4, seat=1, opponents=[RandomBot(), "rule", RandomBot()])
    env.reset(seed=1)
    match = env.table.match
    assert match is not None
    assert [type(bot).__name__ for bot in match._bots] == [
        "RandomBot",
        "NoneType",
        "RuleBot",
        "RandomBot",
    ]


def test_policy_bot_refuses_an_entry_not_offered() -> None:
    """A policy that picks a masked entry is a BotError, as any bot's bad answer."""
    bot = PolicyBot(lambda observation, mask: int(np.flatnonzero(~mask)[0]))
    with pytest.raises(BotError):
        play_game(GameConfig(4, seed=1), [bot, RandomBot(), RandomBot(), RandomBot()])


def masked_random(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """One uniformly random legal entry per row."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)  # type: ignore[no-any-return]


def test_the_vector_env_steps_the_games_of_single_envs() -> None:
    """Sub-environment i of a vector env seeded s plays as a SeatEnv reset with seed s + i,
    with next-step autoreset: the step after a game's end starts the next game."""
    envs = SeatVectorEnv(3, game="torraku", players=3, opponents="rule")
    singles = [SeatEnv("torraku", 3, opponents="rule") for _ in range(3)]
    observations, info = envs.reset(seed=20)
    single = [env.reset(seed=20 + i) for i, env in enumerate(singles)]
    rng = np.random.default_rng(4)
    ended = [False] * 3
    finished = 0
    for _ in range(300):
        for i, (observation, single_info) in enumerate(single):
            assert np.array_equal(observations[i], observation)
            assert np.array_equal(info["action_mask"][i], single_info["action_mask"])
        actions = masked_random(info["action_mask"], rng)
        observations, rewards, terminations, truncations, info = envs.step(actions)
        assert not truncations.any()
        for i, env in enumerate(singles):
            if ended[i]:
                single[i] = env.reset()
                assert rewards[i] == 0.0 and not terminations[i]
            else:
                observation, reward, done, _, single_info = env.step(int(actions[i]))
                single[i] = (observation, single_info)
                assert (rewards[i], terminations[i]) == (reward, done)
            ended[i] = bool(terminations[i])
            finished += ended[i]
    assert finished > 10
    assert envs.metadata["autoreset_mode"].value == "NextStep"


def test_the_vector_env_refuses_a_masked_action_before_moving_any_game() -> None:
    """A masked action in one game raises BotError; no game moves."""
    envs = SeatVectorEnv(2, game="millions", players=4, opponents="random", batch=False)
    _observations, info = envs.reset(seed=1)
    actions = masked_random(info["action_mask"], np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~info["action_mask"][1])[0])
    states = [table.match.state for table in envs.tables if table.match is not None]
    with pytest.raises(BotError):
        envs.step(actions)
    assert [table.match.state for table in envs.tables if table.match is not None] == states
    with pytest.raises(ConfigError, match="actions"):
        envs.step(np.zeros(3, np.int64))


def test_the_process_vector_env_gives_the_results_of_one_process() -> None:
    """ProcessVectorEnv with two workers returns exactly what SeatVectorEnv returns."""
    rng_a, rng_b = np.random.default_rng(8), np.random.default_rng(8)
    local = SeatVectorEnv(5, game="torraku", players=3, opponents="rule")
    with ProcessVectorEnv(5, workers=2, game="torraku", players=3, opponents="rule") as spread:
        a, info_a = local.reset(seed=2)
        b, info_b = spread.reset(seed=2)
        for _ in range(150):
            assert np.array_equal(a, b)
            assert np.array_equal(info_a["action_mask"], info_b["action_mask"])
            assert np.array_equal(local.action_masks(), spread.action_masks())
            a, reward_a, done_a, _, info_a = local.step(masked_random(info_a["action_mask"], rng_a))
            b, reward_b, done_b, _, info_b = spread.step(
                masked_random(info_b["action_mask"], rng_b)
            )
            assert np.array_equal(reward_a, reward_b) and np.array_equal(done_a, done_b)
        with pytest.raises(ConfigError, match="actions"):
            spread.step(np.zeros(2, np.int64))


def test_a_masked_action_moves_no_game_of_any_worker() -> None:
    """R-TK-BET-1: as in one process, a masked action in the second worker's share raises
    BotError and no game of either worker moves: the next step with legal actions gives
    exactly what one SeatVectorEnv gives."""
    rng_b = np.random.default_rng(3)
    local = SeatVectorEnv(4, game="torraku", players=3, opponents="rule")
    with ProcessVectorEnv(4, workers=2, game="torraku", players=3, opponents="rule") as spread:
        local.reset(seed=5)
        _, info_b = spread.reset(seed=5)
        for _ in range(3):
            legal = masked_random(info_b["action_mask"], rng_b)
            live = [i for i in (2, 3) if info_b["action_mask"][i].any()]  # not resetting
            bad = legal.copy()
            bad[live[-1]] = int(np.flatnonzero(~info_b["action_mask"][live[-1]])[0])
            with pytest.raises(BotError):
                spread.step(bad)
            with pytest.raises(BotError):
                local.step(bad)
            a, reward_a, done_a, _, info_a = local.step(legal)
            b, reward_b, done_b, _, info_b = spread.step(legal)
            assert np.array_equal(a, b) and np.array_equal(reward_a, reward_b)
            assert np.array_equal(done_a, done_b)
            assert np.array_equal(info_a["action_mask"], info_b["action_mask"])


def test_the_pettingzoo_wrapper_passes_the_api_and_seed_tests() -> None:
    """The AEC env with bot seats passes PettingZoo's API test and seed test."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(bot_seats_env(players=4, bots={1: "random", 3: "random"}), num_cycles=300)
        api_test(bot_seats_env("torraku", 3, bots={1: "rule"}), num_cycles=300)
        seed_test(lambda: bot_seats_env("torraku", 3, bots={1: "rule"}), num_cycles=100)


def test_the_pettingzoo_wrapper_plays_the_games_of_play_game() -> None:
    """R-TK-BET-1: two agents and a bot take play_game's turns: the same final state as
    play_game with the agents' policy seated as bots."""
    aec = bot_seats_env("torraku", 3, bots={1: "rule"})
    aec.reset(seed=4)
    for _agent in aec.agent_iter():
        observation, _reward, terminated, _truncated, _info = aec.last()
        aec.step(
            None if terminated else lowest(observation["observation"], observation["action_mask"])
        )
    inner: Any = aec.unwrapped
    final = inner._match.state
    config = final.config
    bots: list[Any] = [
        PolicyBot(lowest, "torraku"),
        bot_from_spec("rule", "torraku"),
        PolicyBot(lowest, "torraku"),
    ]
    assert play_game(config, bots) == final
    with pytest.raises(ConfigError, match="every seat"):
        bot_seats_env("torraku", 2, bots={0: "rule", 1: "rule"})


@pytest.mark.parametrize("action", ["3", "x", 1.5, [0], float("nan"), float("inf")])
def test_the_pettingzoo_wrapper_refuses_an_action_that_is_no_index(action: Any) -> None:
    """An action that is no whole number is refused with a ConfigError, as SeatEnv refuses
    it, and nothing changes: the same agent then plays its lowest entry."""
    aec = bot_seats_env("torraku", 3, bots={1: "rule"})
    aec.reset(seed=4)
    inner: Any = aec.unwrapped
    before = inner._match.state
    with pytest.raises(ConfigError, match="action must be a catalogue index"):
        aec.step(action)
    assert inner._match.state is before and aec.agent_selection == "player_0"
    observation = aec.observe("player_0")
    aec.step(np.int64(lowest(observation["observation"], observation["action_mask"])))
    assert aec.agent_selection == "player_2" and inner._match.state != before


def test_a_third_game_gets_the_env_through_the_generic_adapter() -> None:
    """The test suite's third game (Goofspiel, registered by its entry point) gets the
    environment with no code of its own: the generic adapter's view bytes and catalogue,
    the same games as play_game."""
    game = get_game("goofspiel")
    env = SeatEnv("goofspiel", 2, seat=1, opponents="random")
    observation, info = env.reset(seed=0)
    assert observation.shape == (2048,) and info["action_mask"].any()
    for number in range(5):
        final = env_game(env, lowest, {"game_seed": number})
        config = attrs.evolve(env.table.config, seed=number)
        reference = play_game(config, [RandomBot(), PolicyBot(lowest, "goofspiel")])
        assert game.to_json(final) == game.to_json(reference)


def test_a_seat_that_holds_no_bot_is_refused_alike_everywhere() -> None:
    """The env and its PettingZoo form refuse what is no bot, and a bot name of no bot,
    with the same ConfigError (one check serves both)."""
    with pytest.raises(ConfigError, match=r"^opponents\[1\] has no choose method: 3 is not a Bot$"):
        SeatEnv("torraku", 3, opponents=["rule", 3])
    with pytest.raises(
        ConfigError, match=r"^the bot of seat 2 has no choose method: 3 is not a Bot$"
    ):
        bot_seats_env("torraku", 3, bots={2: 3})
    for make in (
        lambda: SeatEnv("torraku", 3, opponents=["rule", "nobody"]),
        lambda: bot_seats_env("torraku", 3, bots={2: "nobody"}),
    ):
        with pytest.raises(ConfigError, match="unknown Torraku bot 'nobody'"):
            make()


@pytest.mark.parametrize("seed", ["3", 1.5, True, [1]])
@pytest.mark.parametrize("make", ["pettingzoo", "bot_seats"])
def test_a_seed_that_is_no_integer_is_refused(make: str, seed: Any) -> None:
    """``reset(seed=...)`` of both PettingZoo forms takes an integer or ``None`` only: anything
    else is a ConfigError (not Python's bare ValueError or TypeError), and the env's seeds
    are as before (the next seeded reset plays the same game as in a fresh env)."""
    from millions_rules.adapters.pettingzoo import env as pettingzoo_env

    def build() -> Any:
        if make == "pettingzoo":
            return pettingzoo_env(game="torraku", players=3)
        return bot_seats_env("torraku", 3, bots={1: "rule"})

    aec = build()
    with pytest.raises(ConfigError, match="seed must be an integer or None"):
        aec.reset(seed=seed)
    aec.reset(seed=np.int64(9))
    fresh = build()
    fresh.reset(seed=9)
    assert aec.observe("player_0")["observation"].tolist() == (
        fresh.observe("player_0")["observation"].tolist()
    )
