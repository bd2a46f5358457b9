"""The OpenSpiel game (the ``adapters`` nox session installs the extra)."""

from __future__ import annotations

import base64
import importlib.util
import json
import pathlib
import pickletools
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from millions_rules import (  # noqa: E402
    Choose,
    DeserializationError,
    GameState,
    IllegalActionError,
    Role,
    from_json,
)
from millions_rules.adapters import Catalogue, max_moves, observe  # noqa: E402
from millions_rules.adapters.openspiel import (  # noqa: E402
    GAME_NAME,
    MillionsGame,
    MillionsState,
    register,
)

EXAMPLES = pathlib.Path(__file__).parent.parent.parent / "examples"

register()


def load(**params: object) -> MillionsGame:
    game: MillionsGame = pyspiel.load_game(GAME_NAME, params)
    return game


@pytest.mark.parametrize(("players", "sims"), [(3, 3), (5, 2), (8, 1)])
def test_random_sim_test_with_serialization(players: int, sims: int) -> None:
    """OpenSpiel's own random simulation test passes, serialising at every step."""
    pyspiel.random_sim_test(load(players=players), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("repeat_role", ["forbidden", "allowed"])
def test_random_sim_test_of_the_variants(repeat_role: str) -> None:
    """R-VAR-REPEAT: the variants pass the random simulation test too."""
    game = load(players=4, repeat_role=repeat_role, rounds=6, target=16)
    assert game.config.repeat_role.value == repeat_role
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_register_twice_is_harmless() -> None:
    """register() may be called again."""
    register()
    assert GAME_NAME in pyspiel.registered_names()


def test_game_info_follows_the_parameters() -> None:
    """Players, actions, chance outcomes, utilities and length come from the parameters."""
    game = load(players=5, reward="cash", rounds=6)
    assert game.num_players() == 5
    assert game.num_distinct_actions() == len(Catalogue(5)) == 40
    assert game.max_chance_outcomes() == 8
    assert (game.min_utility(), game.max_utility()) == (0.0, 175.0)
    assert game.max_game_length() == max_moves(game.config, 2)
    assert game.config.rounds == 6


def test_unknown_parameter_is_refused() -> None:
    """A parameter the game does not have is an error."""
    with pytest.raises(Exception, match="colour"):
        load(colour="red")


def chosen(roles: tuple[Role, ...], secret: Role | None = None) -> MillionsState:
    """A 4-player state after the deal of card 5 and these choices (and the card set aside)."""
    game = load(players=len(roles))
    state = game.new_initial_state()
    state.apply_action(5)
    catalogue = Catalogue(len(roles))
    for seat, role in enumerate(roles):
        assert state.current_player() == seat
        state.apply_action(catalogue.index(Choose(seat, role)))
    if secret is not None:
        state.apply_action(secret.order)
    return state


def test_loot_deal_is_uniform_over_the_cards_left() -> None:
    """R-COMP-4: each undealt card with the same probability, as the engine draws."""
    game = load(players=4)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 8) for i in range(8)]
    state.apply_action(5)
    for role in (Role.BRUTE, Role.DRIVER, Role.CROOK, Role.BRUTE):
        state.apply_action(Catalogue(4).index(Choose(0, role)))
    state.apply_action(Role.BRUTE.order)
    while state.table.state.round == 1:
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(i, 1 / 7) for i in range(8) if i != 5]


def test_face_down_card_follows_the_role_cards() -> None:
    """R-PLAN-4: the face-down card is one of the chosen characters' cards, uniformly."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER))
    assert state.is_chance_node()
    assert state.chance_outcomes() == [
        (Role.BRUTE.order, 0.25),
        (Role.DRIVER.order, 0.5),
        (Role.CROOK.order, 0.25),
    ]
    state.apply_action(Role.DRIVER.order)
    assert state.table.state.face_down is Role.DRIVER
    assert state.table.state.face_up == (Role.BRUTE, Role.DRIVER, Role.CROOK)


def test_serialisation_is_the_library_json() -> None:
    """The serialised state is the library's JSON; the pickle envelope names no other object."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER), Role.CROOK)
    text = state.serialize()
    envelope = base64.b64decode(text.split("__dict__=", 1)[1])
    strings = {arg for _, arg, _ in pickletools.genops(envelope) if isinstance(arg, str)}
    assert strings == {"_saved", "millions_rules.adapters.openspiel", "_restore", state.to_json()}
    copy = state.get_game().deserialize_state(text)
    assert copy.to_json() == state.to_json()
    assert copy.history() == state.history()


def test_state_json_round_trip() -> None:
    """to_json and state_from_json give back the same table; the game state is the library's."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER), Role.BRUTE)
    game = state.get_game()
    again = game.state_from_json(state.to_json())
    assert again.table == state.table
    document = json.loads(state.to_json())
    assert from_json(json.dumps(document["state"]), GameState) == state.table.state


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: "", "invalid_json"),
        (lambda d: "[]", "wrong_type"),
        (lambda d: {**d, "format": "other"}, "bad_value"),
        (lambda d: {k: v for k, v in d.items() if k != "cursor"}, "missing_field"),
        (lambda d: {**d, "cursor": 4}, "bad_value"),
        (lambda d: {**d, "free_moves": [1, 1]}, "bad_value"),
        (lambda d: {**d, "free_moves": [1, 1, 9, 1]}, "bad_value"),
        (lambda d: {**d, "done": [0, 0, 0, 0]}, "wrong_type"),
        (lambda d: {**d, "state": {**d["state"], "reserve": -1}}, None),
    ],
)
def test_bad_state_json(change: Any, code: str | None) -> None:
    """A document that is no saved state raises DeserializationError with its code."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER), Role.BRUTE)
    document = change(json.loads(state.to_json()))
    text = document if isinstance(document, str) else json.dumps(document)
    with pytest.raises(DeserializationError) as error:
        state.get_game().state_from_json(text)
    if code is not None:
        assert error.value.code == code


def test_state_of_another_game_is_refused() -> None:
    """A saved state of a game with other parameters does not load into this one."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER), Role.BRUTE)
    for other in (load(players=4, rounds=5), load(players=4, free_moves=1)):
        with pytest.raises(DeserializationError) as error:
            other.state_from_json(state.to_json())
        assert error.value.code == "bad_value"


def test_resampled_state_saves_and_loads() -> None:
    """A world drawn for search (its seed drawn too) is still a state of the game."""
    state = chosen((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER), Role.BRUTE)
    sampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    again = state.get_game().state_from_json(sampled.to_json())
    assert again.table == sampled.table


def two_worlds() -> tuple[MillionsState, MillionsState]:
    """Worlds that differ only in seat 1's role and the face-down card: secrets for seat 0."""
    return (
        chosen((Role.BRUTE, Role.DRIVER, Role.SNITCH, Role.BRUTE, Role.DRIVER), Role.DRIVER),
        chosen((Role.BRUTE, Role.CROOK, Role.SNITCH, Role.BRUTE, Role.DRIVER), Role.CROOK),
    )


def test_worlds_differing_in_secrets_encode_alike() -> None:
    """R-INFO: seat 0's tensors and strings are equal in both worlds; seat 1's differ."""
    first, second = two_worlds()
    assert first.table.state.characters != second.table.state.characters
    for seat, same in ((0, True), (1, False)):
        pairs = [
            (first.information_state_string(seat), second.information_state_string(seat)),
            (first.observation_string(seat), second.observation_string(seat)),
            (first.information_state_tensor(seat), second.information_state_tensor(seat)),
            (first.observation_tensor(seat), second.observation_tensor(seat)),
        ]
        assert all((a == b) is same for a, b in pairs)
    assert first.legal_actions(first.current_player()) == second.legal_actions(
        second.current_player()
    )


def test_observation_tensor_is_the_shared_vector() -> None:
    """The observation tensor is adapters.observe of the seat's view."""
    from millions_rules import view

    state = two_worlds()[0]
    expected = observe(view(state.table.state, 2), state.table.turn)
    assert np.allclose(state.observation_tensor(2), expected)


def test_information_state_counts_payments() -> None:
    """The information state tensor adds the money paid between seats over the game."""
    state = two_worlds()[0]
    catalogue = Catalogue(5)
    from millions_rules import Pay

    state.apply_action(catalogue.index(Pay(0, 3, 2)))
    size = len(state.observation_tensor(0))
    paid = np.array(state.information_state_tensor(4)[size : size + 25]).reshape(5, 5)
    assert paid[0, 3] == 2 and paid.sum() == 2


def test_resampled_states_keep_the_information_state() -> None:
    """resample_from_infostate: same information state and legal actions, secrets redrawn."""
    state = two_worlds()[0]
    player = state.current_player()
    differ = 0
    for seed in range(5):
        sampler = pyspiel.UniformProbabilitySampler(float(seed) / 5, float(seed + 1) / 5)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        differ += other.table.state.characters != state.table.state.characters
    assert differ > 0


@pytest.mark.parametrize("players", [3, 6])
def test_legal_actions_are_the_view_mask(players: int) -> None:
    """At every turn the legal actions are exactly the mask built from the seat's view."""
    from millions_rules import view

    game = load(players=players)
    catalogue = Catalogue(players)
    state = game.new_initial_state()
    rng = np.random.RandomState(players)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        seat = state.current_player()
        mask = catalogue.mask(view(state.table.state, seat), state.table.turn)
        assert state.legal_actions() == [i for i, allowed in enumerate(mask) if allowed]
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_cash_returns() -> None:
    """reward='cash': the returns are the final cash; zeros before the end."""
    game = load(players=3, reward="cash", rounds=2)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0, 0.0]
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == [float(c) for c in state.table.state.cash]


def test_ismcts_example_plays_complete_games(capsys: pytest.CaptureFixture[str]) -> None:
    """OpenSpiel's ISMCTS bot plays whole games through the example."""
    spec = importlib.util.spec_from_file_location("ex", EXAMPLES / "openspiel_ismcts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(2, 3, 5, 1) == 0
    out = capsys.readouterr().out
    assert out.count("returns [") == 2 and "ISMCTS (seat 0) won" in out


def test_changing_the_chance_outcomes_returned_changes_nothing() -> None:
    """chance_outcomes() gives the caller its own list: adding a card already dealt to it
    does not make that card playable (R-COMP-4: each loot card is dealt once), in the state
    or in its clones."""
    state = load(players=4).new_initial_state()
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)  # round 1's loot card
    rng = np.random.RandomState(1)
    while not state.is_chance_node() or state.table.state.phase.value != "dealing":
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returned = state.chance_outcomes()
    assert first not in [outcome for outcome, _ in returned]
    returned.append((first, 0.0))
    assert first not in [outcome for outcome, _ in state.chance_outcomes()]
    for target in (state, state.clone()):
        with pytest.raises(IllegalActionError):
            target.apply_action(first)
