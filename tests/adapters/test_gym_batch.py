"""The batched vector environment: Millions games stepped together in NumPy arrays
(:class:`~millions_rules.millions._batch.MillionsBatch`) give, step for step, exactly what one
:class:`~millions_rules.bots.Match` per game gives (``batch=False``): the same
observations, masks, rewards and ends, for every player count it takes and every
variant. The rules it plays are the engine's; these tests prove the copy equal to them
(R-PLAN, R-NEG, R-HEIST, R-LOOT, R-END, R-VAR-REPEAT, R-INFO)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from hypothesis import given, settings
from hypothesis import strategies as st

from millions_rules import ConfigError, GameConfig
from millions_rules.adapters import observation_fields
from millions_rules.adapters._core import adapter_of
from millions_rules.adapters.gymnasium import ProcessVectorEnv, SeatVectorEnv
from millions_rules.bots import BotError, RandomBot

Arrays = tuple[np.ndarray[Any, Any], ...]


def masked_random(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """One uniformly random legal entry per row."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)  # type: ignore[no-any-return]


def play_both(steps: int, count: int, seed: int, **kwargs: Any) -> Counter[str]:
    """Step a batched and an unbatched vector env of the same games with the same random
    legal actions, asserting equal arrays at every step; the kinds of entries played."""
    batched = SeatVectorEnv(count, batch=True, **kwargs)
    single = SeatVectorEnv(count, batch=False, **kwargs)
    assert batched.batched and not single.batched
    names = adapter_of("millions").catalogue_names(single.tables[0].config)
    a, info_a = batched.reset(seed=seed)
    b, info_b = single.reset(seed=seed)
    rng = np.random.default_rng(seed)
    played: Counter[str] = Counter()
    for step in range(steps):
        assert np.array_equal(a, b), f"observations differ at step {step}"
        assert np.array_equal(info_a["action_mask"], info_b["action_mask"]), step
        actions = masked_random(info_a["action_mask"], rng)
        for index, entry in enumerate(actions.tolist()):
            if info_a["action_mask"][index].any():
                played[names[entry].split()[0]] += 1
        a, reward_a, done_a, cut_a, info_a = batched.step(actions)
        b, reward_b, done_b, cut_b, info_b = single.step(actions)
        assert np.array_equal(reward_a, reward_b) and np.array_equal(done_a, done_b), step
        assert not cut_a.any() and not cut_b.any()
        played["end"] += int(done_a.sum())
    return played


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (5, {"seat": "random"}),
        (6, {"repeat_role": "forbidden", "seat": 3}),
        (7, {"repeat_role": "allowed", "seat": "random", "reward": "cash"}),
        (8, {"seat": "random"}),
    ],
)
def test_batched_games_are_the_engines_games(players: int, options: dict[str, Any]) -> None:
    """Every player count and repeat-role variant (R-COMP-2, R-VAR-REPEAT): a random
    learner's games, batched, equal the engine's for hundreds of steps, and the learner
    chose, stayed, left, threatened (R-NEG-THREAT), paid (R-NEG-3) and games ended."""
    played = play_both(400, 8, players, players=players, opponents="random", **options)
    for kind in ("choose", "stay", "leave", "threaten", "pay", "end"):
        assert played[kind] > 0, (kind, played)


def test_paying_bots_and_the_lone_snitch() -> None:
    """RandomBots that pay (their ``pay_chance``; R-NEG-3) in a five-player game, where the
    learner is sometimes the lone Snitch and names a role (R-HEIST-SNITCH)."""
    bots = [RandomBot(pay_chance=0.4), "random", RandomBot(pay_chance=0.9), "random"]
    played = play_both(1200, 8, 11, players=5, opponents=bots, seat="random")
    assert played["name"] > 0 and played["end"] > 20, played


def test_the_threat_supply_runs_dry() -> None:
    """R-COMP-5, R-HEIST-BRUTE: over twelve rounds (a deck of twelve loot cards) lone
    Brutes empty the supply of eight threat cards, and later ones gain none."""
    deck = GameConfig(4).loot_deck
    deck += deck[4:]  # twelve cards
    options: dict[str, Any] = {
        "rounds": 12,
        "target": 200,
        "loot_deck": deck,
        "repeat_role": "allowed",
    }
    fields = observation_fields(4)
    at = sum(width for _, width in fields[: [name for name, _ in fields].index("threat_supply")])
    played = play_both(700, 6, 3, players=4, opponents="random", **options)
    assert played["end"] > 5
    envs = SeatVectorEnv(6, players=4, opponents="random", **options)
    observations, info = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    lowest = 8.0
    for _ in range(700):
        lowest = min(lowest, float(observations[:, at].min()))
        observations, *_, info = envs.step(masked_random(info["action_mask"], rng))
    assert lowest == 0.0


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(4, 8),
    cash=st.sampled_from([0, 1, 2, 5]),
    rounds=st.integers(1, 4),
    target=st.integers(6, 20),
    spare=st.integers(0, 30),
    repeat=st.sampled_from(["no_share", "forbidden", "allowed"]),
    leader=st.integers(0, 3),
    seed=st.integers(0, 2**32),
)
def test_batched_games_equal_under_any_config(
    players: int,
    cash: int,
    rounds: int,
    target: int,
    spare: int,
    repeat: str,
    leader: int,
    seed: int,
) -> None:
    """Short money and a small reserve (R-PLAN-3, R-COMP-3: the reserve covers deposits and
    pays the loot only as far as it goes), few rounds and low targets (R-END-2, R-END-3),
    any first leader (R-COMP-6): batched games stay the engine's."""
    play_both(
        60,
        4,
        seed,
        players=players,
        opponents="random",
        seat="random",
        starting_cash=cash,
        total_money=players * cash + spare,
        rounds=rounds,
        target=target,
        repeat_role=repeat,
        first_leader=leader,
    )


def test_a_masked_action_moves_no_batched_game() -> None:
    """A masked entry in one game raises BotError before any game moves: the next legal
    step still gives what the unbatched games give."""
    batched = SeatVectorEnv(3, batch=True, players=5, opponents="random")
    single = SeatVectorEnv(3, batch=False, players=5, opponents="random")
    _, info = batched.reset(seed=4)
    single.reset(seed=4)
    rng = np.random.default_rng(2)
    for _ in range(5):
        legal = masked_random(info["action_mask"], rng)
        bad = legal.copy()
        bad[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
        before = batched.action_masks()
        with pytest.raises(BotError):
            batched.step(bad)
        with pytest.raises(BotError):
            batched.step(np.full(3, 99, np.int64))
        assert np.array_equal(batched.action_masks(), before)
        a, reward_a, done_a, _, info = batched.step(legal)
        b, reward_b, done_b, _, _ = single.step(legal)
        assert np.array_equal(a, b) and np.array_equal(reward_a, reward_b)
        assert np.array_equal(done_a, done_b)


def test_which_games_are_batched() -> None:
    """Millions with four to eight players and RandomBot opponents is batched by default;
    ``batch=True`` refuses what cannot be, ``batch=False`` keeps one Match per game."""
    assert SeatVectorEnv(2, players=4, opponents="random").batched
    assert SeatVectorEnv(2, players=4, opponents=[RandomBot(pay_chance=0.5)] * 3).batched
    assert not SeatVectorEnv(2, players=4, opponents="rule").batched
    assert not SeatVectorEnv(2, players=3, opponents="random").batched
    assert not SeatVectorEnv(2, game="torraku", players=3, opponents="random").batched
    assert len(SeatVectorEnv(2, players=4, opponents="random", batch=False).tables) == 2
    refusals: tuple[dict[str, Any], ...] = (
        {"players": 4, "opponents": "rule"},
        {"players": 3, "opponents": "random"},
        {"game": "torraku", "players": 3, "opponents": "random"},
    )
    for refused in refusals:
        with pytest.raises(ConfigError, match="batch=True"):
            SeatVectorEnv(2, batch=True, **refused)
    with pytest.raises(ConfigError, match="batch"):
        SeatVectorEnv(2, batch="yes")  # type: ignore[arg-type]


def test_the_process_vector_env_spreads_batches() -> None:
    """ProcessVectorEnv's workers step batches and write into shared memory: exactly what one
    batched SeatVectorEnv gives; ``copy=False`` returns the shared arrays themselves."""
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    local = SeatVectorEnv(7, players=6, opponents="random", seat="random")
    with ProcessVectorEnv(
        7, workers=2, copy=False, players=6, opponents="random", seat="random"
    ) as spread:
        a, info_a = local.reset(seed=9)
        b, info_b = spread.reset(seed=9)
        kept = b
        for _ in range(120):
            assert np.array_equal(a, b) and np.array_equal(
                info_a["action_mask"], info_b["action_mask"]
            )
            a, reward_a, done_a, _, info_a = local.step(masked_random(info_a["action_mask"], rng_a))
            b, reward_b, done_b, _, info_b = spread.step(
                masked_random(info_b["action_mask"], rng_b)
            )
            assert b is kept  # copy=False: the shared arrays, rewritten in place
            assert np.array_equal(reward_a, reward_b) and np.array_equal(done_a, done_b)


def test_a_reset_checks_its_arguments_before_any_game_starts() -> None:
    """A bad seed or seat is a ConfigError, and no game moved: the next step with legal
    actions gives what an env never given them gives. ``options={"seat": ...}`` seats the
    learner in batched games too, ``"random"`` drawing a seat per game."""
    envs = SeatVectorEnv(3, players=5, opponents="random")
    twin = SeatVectorEnv(3, players=5, opponents="random", batch=False)
    _, info = envs.reset(seed=6)
    twin.reset(seed=6)
    for seed in (-1, [0, -1, 2], [0, 1], "7", 1.5):
        with pytest.raises(ConfigError, match="seed"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    for options in ({"seat": 5}, {"seat": "north"}, ["seat"]):
        with pytest.raises(ConfigError):
            envs.reset(seed=1, options=options)  # type: ignore[arg-type]
    actions = masked_random(info["action_mask"], np.random.default_rng(1))
    a, *_ = envs.step(actions)
    b, *_ = twin.step(actions)
    assert np.array_equal(a, b)
    observations, _ = envs.reset(seed=2, options={"seat": 3})  # the seat's one-hot first
    assert observations[:, :5].argmax(axis=1).tolist() == [3, 3, 3]
    observations, _ = envs.reset(seed=2, options={"seat": "random"})
    drawn, _ = twin.reset(seed=2, options={"seat": "random"})
    assert np.array_equal(observations, drawn)
    assert len(set(observations[:, :5].argmax(axis=1).tolist())) > 1


def test_a_refused_reset_leaves_every_worker_in_step() -> None:
    """ProcessVectorEnv checks a reset's seeds and seat in this process, and reads every
    worker's reply even when one fails: the next reset and steps are the workers' own."""
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    local = SeatVectorEnv(4, players=4, opponents="random")
    with ProcessVectorEnv(4, workers=2, players=4, opponents="random") as spread:
        for bad in ({"seed": -5}, {"seed": 1, "options": {"seat": 9}}):
            with pytest.raises(ConfigError):
                spread.reset(**bad)
        a, info_a = local.reset(seed=1, options={"seat": 2})
        b, info_b = spread.reset(seed=1, options={"seat": 2})
        for _ in range(20):
            assert np.array_equal(a, b)
            a, *_, info_a = local.step(masked_random(info_a["action_mask"], rng_a))
            b, *_, info_b = spread.step(masked_random(info_b["action_mask"], rng_b))
    for count in ("4", 2.0, 0):
        with pytest.raises(ConfigError, match="num_envs"):
            ProcessVectorEnv(count, players=4)  # type: ignore[arg-type]
