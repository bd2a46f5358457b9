"""The AI adapters on the third game (``tests/thirdgame``, Goofspiel), which ships no adapter.

It names its actions (the companion ``action_catalogue``) and gets the generic default,
:class:`~millions_rules.adapters.GenericAdapter`, through the registry: PettingZoo's
``api_test`` and ``seed_test`` and OpenSpiel's ``random_sim_test`` pass on it (issue 28,
"a third game in the tests"). The ``adapters`` nox session installs the extras.
"""

from __future__ import annotations

import functools
import json
import warnings
from typing import Any

import attrs
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from goofspiel_game import GAME, Bid, GoofGame, Reveal, action_catalogue  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from millions_rules import kit  # noqa: E402
from millions_rules.adapters import OBSERVATION_SIZE, GenericAdapter  # noqa: E402
from millions_rules.adapters._core import adapter_of  # noqa: E402
from millions_rules.adapters.openspiel import game_class, register  # noqa: E402
from millions_rules.adapters.pettingzoo import env  # noqa: E402

register()


@pytest.mark.parametrize("players", [2, 5])
def test_api_test(players: int) -> None:
    """PettingZoo's own API test passes on the third game's generic environment."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game="goofspiel", players=players), num_cycles=1000)


@pytest.mark.parametrize("players", [2, 4])
def test_seed_test(players: int) -> None:
    """The same seed plays the same game of the third game (PettingZoo's seed test)."""
    seed_test(functools.partial(env, game="goofspiel", players=players, cards=4), num_cycles=200)


@pytest.mark.parametrize("players", [2, 5])
def test_random_sim_test(players: int) -> None:
    """OpenSpiel's own random simulation test passes on ``python_goofspiel``, serialising
    at every step (chance nodes are the dealer's reveals)."""
    game = pyspiel.load_game("python_goofspiel", {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_register_names_every_registered_game() -> None:
    """``register()`` registers a game for the third game beside the library's two, and
    its class is the one :func:`game_class` gives."""
    names = pyspiel.registered_names()
    assert {"python_millions_of_dollars", "python_currency_torraku", "python_goofspiel"} <= set(
        names
    )
    assert game_class("goofspiel").adapter is adapter_of("goofspiel")
    assert game_class("goofspiel").__name__ == "GoofspielGame"


def test_chance_nodes_are_the_reveals_equally_likely() -> None:
    """The first node is the dealer's: each of the 5 prizes, 1/5, indexed in the catalogue
    after the bids (``players * cards + prize - 1``); then seat 0 bids."""
    game = pyspiel.load_game("python_goofspiel", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(15 + prize, 0.2) for prize in range(5)]
    state.apply_action(15 + 2)  # Reveal(3)
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4]  # seat 0's bids 1 to 5
    state.apply_action(4)  # seat 0 bids 5
    assert state.current_player() == 1
    assert state.legal_actions() == [5, 6, 7, 8, 9]  # seat 1's bids


def test_mask_and_observation_are_the_views() -> None:
    """The mask is the seat's ``legal_actions`` looked up in the catalogue; the observation
    is the first bytes of the seat's view JSON over 255, padded with zeros."""
    game = env(game="goofspiel", players=2, cards=3)
    game.reset(seed=5)
    observation = game.observe("player_0")
    assert list(observation["action_mask"]) == [1, 1, 1, 0, 0, 0, 0, 0, 0]
    state = game.unwrapped.table
    data = GAME.to_json(GAME.view(state, 0)).encode()
    expected = np.zeros(OBSERVATION_SIZE, np.float32)
    expected[: len(data)] = np.frombuffer(data, np.uint8) / 255.0
    np.testing.assert_array_equal(observation["observation"], expected)
    assert game.observe("player_1")["action_mask"].sum() == 0  # not its turn


def test_every_view_of_a_default_game_fits() -> None:
    """In a 5-player game with the default 5 cards, no view is cut: the observation's
    bytes are the whole view JSON, to the closing brace, and zeros after it."""
    game = env(game="goofspiel", players=5)
    game.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in game.agent_iter(100):
        observation, _, terminated, truncated, _ = game.last()
        state = game.unwrapped.table
        data = GAME.to_json(GAME.view(state, int(agent[-1]))).encode()
        vector = game.observe(agent)["observation"]
        assert len(data) < OBSERVATION_SIZE
        assert round(float(vector[len(data) - 1]) * 255) == ord("}")
        assert not vector[len(data) :].any()
        done = terminated or truncated
        game.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_the_information_state_holds_the_seats_events() -> None:
    """The information state string holds the seat's visible events and its observation
    (perfect recall), and another seat's secret bid stays out of it."""
    game = pyspiel.load_game("python_goofspiel", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(10 + 1)  # Reveal(2)
    state.apply_action(3)  # seat 0 bids 4
    text = state.information_state_string(1)
    seen = json.loads(text)
    assert [event["type"] for event in seen["events"]] == ["prize_revealed", "bid_placed"]
    assert seen["events"][1] == {"type": "bid_placed", "player": 0}  # its card is a secret
    assert len(seen["observation"]) == OBSERVATION_SIZE


def test_a_game_without_a_catalogue_has_no_adapters() -> None:
    """A game with neither an adapter nor an action catalogue is refused with a
    :class:`~millions_rules.ConfigError` that says so."""

    class Bare(GoofGame):
        @property
        def companions(self) -> kit.Companions:
            return kit.Companions()

    with pytest.raises(kit.ConfigError, match="neither an adapter nor an action catalogue"):
        GenericAdapter(Bare())


def test_unknown_game_is_refused() -> None:
    """An unregistered game name, or a name that is no string, is a ConfigError."""
    with pytest.raises(kit.ConfigError, match="unknown game 'chess'"):
        env(game="chess")
    with pytest.raises(kit.ConfigError, match="name of a registered game"):
        adapter_of(3)


def test_dealer_is_the_adapters() -> None:
    """PettingZoo lets the engine deal (no chance turn), OpenSpiel the external dealer; the
    catalogue is the game's own, each action named by its JSON."""
    game = env(game="goofspiel", players=2)
    game.reset(seed=1)
    config: Any = game.unwrapped._config
    assert config.dealer is kit.Dealer.ENGINE
    spiel = pyspiel.load_game("python_goofspiel", {"players": 2})
    assert spiel.config == attrs.evolve(config, dealer=kit.Dealer.EXTERNAL)
    names = adapter_of("goofspiel").catalogue_names(spiel.config)
    assert names == tuple(GAME.to_json(action) for action in action_catalogue(spiel.config))
    assert names[9] == GAME.to_json(Bid(1, 5))
    assert names[10] == GAME.to_json(Reveal(1))
    assert spiel.num_distinct_actions() == 15
