"""Currency Torraku through both adapters (the ``adapters`` nox session installs the extras)."""

from __future__ import annotations

import copy
import json
import pickle
import warnings

import attrs
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from millions_rules import ConfigError, DeserializationError  # noqa: E402
from millions_rules.adapters import (  # noqa: E402
    torraku_catalogue_names,
    torraku_observation_fields,
)
from millions_rules.adapters._core import adapter_of  # noqa: E402
from millions_rules.adapters.openspiel import (  # noqa: E402
    GAME_NAME,
    TORRAKU_GAME_NAME,
    TorrakuGame,
    register,
)
from millions_rules.adapters.pettingzoo import Observation, env, raw_env  # noqa: E402
from millions_rules.torraku import (  # noqa: E402
    Bet,
    Pass,
    PieceCounts,
    PieceKind,
    TorrakuConfig,
    TorrakuState,
    apply,
    knock_probability,
    legal_actions,
    new_game,
    view,
)

from .test_pettingzoo import play  # noqa: E402

TORRAKU = adapter_of("torraku")

register()

V, W, R = PieceKind.VAN, PieceKind.WASHING_MACHINE, PieceKind.RICE_COOKER


def load(**params: object) -> TorrakuGame:
    game: TorrakuGame = pyspiel.load_game(TORRAKU_GAME_NAME, params)
    return game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    """PettingZoo's own API and seed tests pass for Torraku."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game="torraku", players=players), num_cycles=1000)
        seed_test(lambda: env(game="torraku", players=players), num_cycles=500)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_openspiel_random_sim_test(players: int) -> None:
    """OpenSpiel's random simulation test passes for Torraku, serialising at every step."""
    pyspiel.random_sim_test(load(players=players), num_sims=2, serialize=True, verbose=False)


def test_catalogue_names_and_size() -> None:
    """Pass, then one bet per count of each kind: 13 x 13 x 37 entries for the default supply."""
    names = torraku_catalogue_names(TorrakuConfig(4, seed=0).supply)
    assert len(names) == 13 * 13 * 37
    assert names[:3] == ("pass", "bet 0V 0W 1R", "bet 0V 0W 2R")
    assert names[37] == "bet 0V 1W 0R"
    assert names[-1] == "bet 12V 12W 36R"


def random_states(players: int, seed: int) -> list[TorrakuState]:
    """The states of a random OpenSpiel game, at the seats' turns."""
    rng = np.random.default_rng(seed)
    state = load(players=players).new_initial_state()
    seen = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        seen.append(state.table)
        state.apply_action(int(rng.choice(state.legal_actions())))
    return seen


@pytest.mark.parametrize("players", [2, 5])
def test_legal_entries_are_the_engines_legal_actions(players: int) -> None:
    """At every turn, each legal entry stands for exactly one of the engine's listed actions."""
    for table in random_states(players, players):
        entries = TORRAKU.legal(table)
        assert entries == tuple(sorted(entries))  # one shared tuple per listing
        assert [TORRAKU.move(table, i) for i in entries] == sorted(
            legal_actions(table), key=_entry_of
        )


def _entry_of(action: object) -> int:
    if isinstance(action, Pass):
        return 0
    assert isinstance(action, Bet)
    v, w, r = PieceCounts.of(action.pieces).as_tuple()
    return (v * 13 + w) * 37 + r


def test_a_bet_from_the_bag_is_the_whole_hand_then_the_bag() -> None:
    """R-TK-BET-7: an entry beyond the hand tops up from the bag, after the whole hand."""
    state = attrs.evolve(
        new_game(TorrakuConfig(2, seed=1)), hands=(PieceCounts(2, 2, 6), PieceCounts(0, 0, 1))
    )
    state = apply(state, Bet(0, [V, V]))
    assert TORRAKU.move(state, 0) == Pass(1)
    assert TORRAKU.move(state, 2) == Bet(1, [R, R], [R])  # 2 rice cookers: 1 own, 1 bagged
    assert TORRAKU.move(state, (1 * 13 + 0) * 37 + 1) == Bet(1, [R, V], [V])
    assert TORRAKU.legal(state) == (0, 2, 38, (1 * 13 + 0) * 37 + 1)


def test_observation_fields() -> None:
    """16 numbers per seat and 13 more; the vector reads the view."""
    assert [sum(s for _, s in torraku_observation_fields(n)) for n in (1, 4, 6)] == [29, 77, 109]
    state = new_game(TorrakuConfig(2, seed=1))
    vector = TORRAKU.observe(state, 1)
    assert len(vector) == TORRAKU.observation_size(TorrakuConfig(2))
    fields = dict(zip([name for name, _ in torraku_observation_fields(2)], range(17), strict=True))
    assert fields["seat"] == 0 and vector[:2] == [0.0, 1.0]
    assert vector[2:5] == [1.0, 0.0, 0.0]  # betting
    assert vector[5:8] == [1.0, 0.0, 0.0]  # round 1, no limit, current bet 0
    assert vector[8:14] == [2.0, 2.0, 6.0, 2.0, 2.0, 6.0]  # the hands
    assert vector[-3 - 2 : -2] == [8.0, 8.0, 24.0]  # the bag
    assert view(state, 1).bag == PieceCounts(8, 8, 24)


@pytest.mark.parametrize("seat", [-1, 2, 7, True, "0", 1.0, None])
def test_observations_refuse_what_is_no_seat(seat: object) -> None:
    """R-TK-COMP-5: seats are 0 to n - 1; anything else is refused with ConfigError by the
    observation vector and its float32 fast path alike, not read as another seat's or as
    nobody's one-hot, and the fast path still gives the same numbers afterwards."""
    state = new_game(TorrakuConfig(2, seed=1))
    with pytest.raises(ConfigError, match="seat"):
        TORRAKU.observe(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="seat"):
        TORRAKU.observe_bytes(state, seat)  # type: ignore[attr-defined]
    fast = np.frombuffer(TORRAKU.observe_bytes(state, 1), np.float32)  # type: ignore[attr-defined]
    assert fast.tolist() == TORRAKU.observe(state, 1)


def test_chance_outcomes_are_the_model() -> None:
    """R-TK-SIM-2: placed or knocked down, with the model's probability of a knock."""
    state = load(players=2).new_initial_state()
    for entry in (2, 0, 0):  # seat 0 bets two rice cookers, both pass
        state.apply_action(entry)
    assert state.is_chance_node()  # seat 0 laid its base and stacks its second piece
    table = state.table
    knock = knock_probability(table.config, 1, R, 0)
    assert knock == 0.02
    assert state.chance_outcomes() == [(0, 1.0 - knock), (2, knock)]
    assert [state.action_to_string(-1, 0), state.action_to_string(-1, 2)] == [
        "stacking placed",
        "stacking knocked_down",
    ]
    state.apply_action(2)
    assert state.table.hands[0] == PieceCounts(2, 2, 6)  # the penalty: both pieces back


def test_game_info() -> None:
    """Actions, chance outcomes, utilities and length follow the parameters."""
    game = load(players=3, reward="score", round_limit=20)
    assert game.num_distinct_actions() == 13 * 13 * 37
    assert game.max_chance_outcomes() == 4
    assert (game.min_utility(), game.max_utility()) == (-60.0, 0.0)
    assert game.max_game_length() == 20 * (2 * 60 + 3)
    assert load(players=1).num_players() == 1


def test_state_json_round_trip_and_other_games_refused() -> None:
    """to_json and state_from_json give the same table; Millions' game refuses it."""
    state = load(players=2).new_initial_state()
    state.apply_action(state.legal_actions()[3])
    again = state.get_game().state_from_json(state.to_json())
    assert again.table == state.table
    assert json.loads(state.to_json())["game"] == "torraku"
    with pytest.raises(DeserializationError):
        pyspiel.load_game(GAME_NAME).state_from_json(state.to_json())
    with pytest.raises(DeserializationError):
        load(players=2, round_limit=9).state_from_json(state.to_json())


def test_score_rewards_are_minus_the_pieces_left() -> None:
    """reward='score': each seat gets minus its pieces left at the end."""
    game = raw_env(game="torraku", players=3, reward="score")
    rewards: dict[str, float] = {}
    play(game, 4, rewards)
    table = game.table
    assert rewards == {f"player_{s}": -float(table.pieces_left(s)) for s in range(3)}
    assert table.is_over and 0 in [table.pieces_left(s) for s in range(3)]


@pytest.mark.parametrize(
    "options",
    [{"free_moves": 2}, {"reward": "cash"}, {"game": "chess"}, {"dealer": "engine"}],
)
def test_bad_options(options: dict[str, object]) -> None:
    """Options Torraku does not take raise ConfigError."""
    with pytest.raises(ConfigError):
        raw_env(**{"game": "torraku", "players": 2, **options})  # type: ignore[arg-type]


def test_observation_reads_as_a_dict() -> None:
    """The lazily made observation behaves as the plain dict it stands for."""
    game = raw_env(game="torraku", players=2)
    game.reset(seed=1)
    observation = game.observe("player_0")
    assert isinstance(observation, Observation) and isinstance(observation, dict)
    plain = dict(observation)
    assert list(plain) == ["observation", "action_mask"]
    assert np.array_equal(plain["observation"], TORRAKU.observe(game.table, 0))
    assert {**game.observe("player_0")}.keys() == plain.keys()
    for other in (copy.deepcopy(observation), pickle.loads(pickle.dumps(observation))):
        assert np.array_equal(other["observation"], plain["observation"])
        assert np.array_equal(other["action_mask"], plain["action_mask"])
    assert game.observe("player_1").get("missing", 7) == 7
    assert int(game.observe("player_1")["action_mask"].sum()) == 0
