"""Deals and claims in the adapters: the option ``negotiation=True`` (R-DEAL, R-TALK-2).

The conformance tests of PettingZoo and OpenSpiel with the option (they run without it
in ``test_pettingzoo.py`` and ``test_openspiel.py``), the catalogue's entries against the
engine at every step of random games, and the counterfactual leak test of R-DEAL-4
extended to the adapters' observations and information states.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from millions_rules import (  # noqa: E402
    AcceptOffer,
    ConfigError,
    DeclineOffer,
    DeserializationError,
    GameConfig,
    IllegalActionError,
    Left,
    Offer,
    OfferAccepted,
    Paid,
    Phase,
    Role,
    Say,
    Stay,
    Stayed,
    WithdrawOffer,
    check,
    view,
)
from millions_rules.adapters import Catalogue, Table, Wait  # noqa: E402
from millions_rules.adapters._core import Position, adapter_of, variant  # noqa: E402
from millions_rules.adapters.openspiel import GAME_NAME, register  # noqa: E402
from millions_rules.adapters.pettingzoo import env, raw_env  # noqa: E402
from millions_rules.millions._negotiating import (  # noqa: E402
    DEAL_AMOUNTS,
    DealCatalogue,
    DealTable,
    deal_observation_size,
)

from ..conftest import scaled  # noqa: E402

register()

MILLIONS = adapter_of("millions")
DEALS = variant(MILLIONS, {"negotiation": True})


# -- conformance, with the option on ----------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 8])
def test_api_test_with_negotiation(players: int) -> None:
    """PettingZoo's API test passes with deals and claims in the action space."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(players=players, negotiation=True), num_cycles=1000)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_seed_test_with_negotiation(players: int) -> None:
    """The same seed plays the same game with the option (PettingZoo's seed test)."""
    seed_test(functools.partial(env, players=players, negotiation=True), num_cycles=1000)


@pytest.mark.parametrize(("players", "sims"), [(3, 3), (5, 2), (8, 1)])
def test_random_sim_test_with_negotiation(players: int, sims: int) -> None:
    """OpenSpiel's random simulation test, serialising every state, with the parameter."""
    game = pyspiel.load_game(GAME_NAME, {"players": players, "negotiation": True})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_option_is_off_by_default_and_leaves_the_default_game() -> None:
    """Without the option the catalogue, the observation and the table are the default's."""
    plain = raw_env(players=5)
    assert plain._adapter is MILLIONS
    assert plain._action_space.n == len(Catalogue(5)) == 40
    dealing = raw_env(players=5, negotiation=True)
    assert dealing._action_space.n == len(DealCatalogue(5)) == 219
    size = plain._size
    assert dealing._size == size + deal_observation_size(5)
    assert type(plain.table) is Table and type(dealing.table) is DealTable
    default = pyspiel.load_game(GAME_NAME, {"players": 5})
    assert default.num_distinct_actions() == 40
    game = pyspiel.load_game(GAME_NAME, {"players": 5, "negotiation": True})
    assert game.num_distinct_actions() == 219
    assert game.max_game_length() == 352 > default.max_game_length() == 272
    with pytest.raises(ConfigError, match="negotiation must be True or False"):
        raw_env(players=5, negotiation=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="no negotiation option"):
        raw_env(game="torraku", negotiation=True)


def test_catalogue_layout() -> None:
    """The offers, answers and claims follow the default entries in the documented order
    (R-DEAL-1, R-3P-2: the three-player game's take-backs by position)."""
    five = DealCatalogue(5)
    assert five.names[: len(five.base)] == Catalogue(5).names
    assert five.offers == 40 and five.answers == 40 + 5 * 2 * 2 * 4 * 2 == 200
    assert five.claims == 200 + 3 * 5 == 219 - 4
    assert five.names[41] == "offer seat 0: pay me 1M and I stay, private"
    assert five.names[40 + 8 * 3 + 2 * 3] == "offer seat 0: I pay 5M if you leave"
    # 32 entries per recipient: 16 per decider, 8 per decision, 2 per amount
    assert five.move(40 + 32 + 2, 1) == Offer(1, 1, 2, 1)  # to itself: always masked
    assert five.move(40 + 32 * 2 + 16 + 8 + 6 + 1, 3) == Offer(3, 2, 5, 2, True, None, True)
    assert five.move(five.claims + 2, 4) == Say(4, "", None, Role.DRIVER)
    assert five.move(five.answers + 2 * 2 + 1, 0) == DeclineOffer(0, "")
    three = DealCatalogue(3)
    assert (
        three.names[len(three.base) + 8 * 3] == "offer seat 0: pay me 1M and I take back position 1"
    )
    assert three.move(len(three.base) + 64 + 32 + 8 * 2, 0) == Offer(0, 1, 1, 1, True, 0)
    assert len(three) == len(three.base) + 3 * 2 * 4 * 4 * 2 + 3 * 3 + 5
    assert DEAL_AMOUNTS == (1, 2, 3, 5)


def _random_game(players: int, seed: int) -> list[Position[Any]]:
    rng = random.Random(seed)
    config = MILLIONS.game.config(players, seed=seed)
    position: Position[Any] = Position(DEALS, DEALS.start(config, {}))
    positions = [position]
    while not position.over:
        if position.seat is None:
            outcomes = position.chances
            position = (
                position.after_chance(outcomes[rng.randrange(len(outcomes))][0])
                if outcomes
                else position
            )
            if not outcomes:
                break
        else:
            position = position.after(rng.choice(list(position.legal)))
        positions.append(position)
    return positions


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (8, 4)])
def test_legal_entries_are_exactly_the_deals_the_engine_takes(players: int, seed: int) -> None:
    """R-DEAL-1, R-DEAL-2, R-DEAL-3, R-TALK-2: at every step of a random game, every
    legal deal entry is a move the engine and the table take, and every other offer,
    answer or claim entry is one they refuse, or one the catalogue leaves out by its
    documented rules (one open offer to a seat, amounts within the payer's cash, private
    moves only before deciding)."""
    catalogue = DealCatalogue(players)
    played = {"offer": 0, "accept": 0, "decline": 0, "withdraw": 0, "claim": 0}
    for position in _random_game(players, seed):
        seat = position.seat
        if seat is None:
            continue
        table = position.table
        state = table.state
        legal = set(position.legal)
        for index in range(catalogue.offers, len(catalogue)):
            move = catalogue.move(index, seat, state)
            if index in legal:
                assert check(state, move, seat=seat) is None, catalogue.names[index]
                table.play(move)  # no error
            elif state.phase is Phase.NEGOTIATION and check(state, move, seat=seat) is None:
                documented = (
                    isinstance(move, Offer)
                    and (
                        any(o.player == seat and o.to == move.to for o in state.offers)
                        or move.amount > state.cash[move.to if move.decider == seat else seat]
                        or (move.private and state.decided[seat])
                        or (
                            move.slot is not None
                            and len(state.hidden_characters(move.decider)) != 2
                        )
                        or not table.free_moves[seat]
                    )
                ) or (
                    isinstance(move, (Say, DeclineOffer, WithdrawOffer))
                    and (not table.free_moves[seat] or state.decided[seat])
                )
                assert documented, catalogue.names[index]
        if state.phase is Phase.NEGOTIATION:
            for index in position.legal:
                name = catalogue.names[index].split()[0]
                if name in played:
                    played[name] += 1
    assert played["offer"] > 0 and played["claim"] > 0


def _settled(positions: list[Position[Any]]) -> int:
    settled = 0
    for before, after in itertools.pairwise(positions):
        new = after.table.state.events[len(before.table.state.events) :]
        if new and isinstance(new[0], OfferAccepted):
            offer = new[0].offer
            assert new[1] == Paid(offer.payer, offer.decider, offer.amount)
            assert [e for e in new if isinstance(e, Paid)] == [new[1]]
            assert (type(new[2]), new[2].player) == (
                Left if offer.leave else Stayed,
                offer.decider,
            )
            assert not before.table.state.decided[offer.decider]
            settled += 1
    return settled


def test_random_games_settle_deals_in_one_move() -> None:
    """R-DEAL-2: an accepted entry settles the payment and the decision in one move."""
    assert sum(_settled(_random_game(5, seed)) for seed in range(6)) > 0


def test_private_offer_shows_in_its_parties_observations_only() -> None:
    """R-DEAL-4: a private offer is in the observation (tensor and string) of its two
    parties and of nobody else; a public one is in everyone's."""
    table = _to_negotiation(5, seed=3)
    seat = table.seat
    assert seat is not None
    to = (seat + 1) % 5
    private = table.play(Offer(seat, to, 2, to, True, None, True))
    public = table.play(Offer(seat, to, 2, to, True, None, False))
    for other in range(5):
        secret = DEALS.observe(private, other)
        open_ = DEALS.observe(public, other)
        base = len(DEALS.observe(table, other)) - deal_observation_size(5)
        cell = (seat * 5 + to) * 7 + base
        assert open_[cell : cell + 7] == [1.0, 2.0, 0.0, 1.0, 0.0, 1.0, 0.0]
        if other in (seat, to):
            assert secret[cell : cell + 7] == [1.0, 2.0, 0.0, 1.0, 0.0, 1.0, 1.0]
            assert f"{seat}>{to} 2M to {to} leave private" in DEALS.summary(private, other)
        else:
            assert secret[cell : cell + 7] == [0.0] * 7
            assert "offers []" in DEALS.summary(private, other)


def test_claims_heard_are_observed() -> None:
    """R-TALK-2: a claim to the table is in every seat's observation, by speaker and role."""
    table = _to_negotiation(4, seed=5)
    seat = table.seat
    assert seat is not None
    after = table.play(Say(seat, "", None, Role.CROOK))
    assert after.free_moves[seat] == table.free_moves[seat] - 1
    for other in range(4):
        numbers = DEALS.observe(after, other)
        claims = numbers[len(numbers) - 4 * 5 :]
        assert claims[seat * 5 + Role.CROOK.order] == 1.0 and sum(claims) == 1.0
        assert f"claims [{seat}=crook]" in DEALS.summary(after, other)


def _until(table: Any, seat: int) -> DealTable:
    """``table`` once every other seat has waited until ``seat``'s turn."""
    while table.seat != seat:
        table = table.play(Wait(table.seat))
    assert isinstance(table, DealTable)
    return table


def _to_negotiation(players: int, seed: int, free_moves: int = 2) -> DealTable:
    table = DealTable.start(GameConfig(players, seed=seed), free_moves)
    while table.state.phase is not Phase.NEGOTIATION:
        table = table.play(table.moves()[0])
    assert isinstance(table, DealTable)
    return table


def test_private_moves_only_before_deciding_and_like_a_wait() -> None:
    """R-DEAL-4: a private offer costs a free move and leaves the public trace of a wait;
    a seat that has decided may make public moves only."""
    table = _to_negotiation(5, seed=7)
    seat = table.seat
    assert seat is not None
    to = (seat + 2) % 5
    offered = table.play(Offer(seat, to, 1, to, False, None, True))
    waited = table.play(Wait(seat))
    assert offered.turn == waited.turn and offered.waits == waited.waits
    decided = _until(table.play(Stay(seat)), seat)
    with pytest.raises(IllegalActionError, match="its moves are public"):
        decided.play(Offer(seat, to, 1, to, True, None, True))
    public = decided.play(Offer(seat, to, 1, to, True, None, False))
    assert public.free_moves[seat] == decided.free_moves[seat] - 1


# -- secrets: the counterfactual leak test of R-DEAL-4 at the adapters ------------------


def _third_seat_sees(position: Position[Any], seat: int) -> tuple[Any, ...]:
    table = position.table
    return (
        tuple(position.observation(seat)),
        DEALS.summary(table, seat),
        position.information(seat),
        tuple(position.legal) if table.seat == seat else (),
        table.turn,
        json.dumps(DEALS.turn_document(table)),
    )


def _private_of_pair(move: Any, state: Any, pair: set[int]) -> bool:
    """Whether ``move`` answers a private offer between the two seats of ``pair``."""
    return any(o.private and {o.player, o.to} == pair and o.id == move.offer for o in state.offers)


def _counterfactual(players: int, seed: int, rng: random.Random) -> tuple[int, int]:
    """R-DEAL-4, R-INFO: two games, one where a seat makes a private offer to another
    (later declined, withdrawn or left to lapse) and one where it waits instead, give
    a third seat the same observation tensor and string, information state, turn,
    action mask and public trace at every step."""
    config = MILLIONS.game.config(players, seed=seed)
    start = DEALS.start(config, {})
    plain: Position[Any] = Position(DEALS, start)
    secret: Position[Any] = Position(DEALS, start)
    catalogue = DealCatalogue(players)
    pair = set(rng.sample(range(players), 2))
    third = [s for s in range(players) if s not in pair]
    made = ended = 0
    while not plain.over:
        seat = plain.seat
        assert seat == secret.seat
        if seat is None:
            outcomes = plain.chances
            assert outcomes == secret.chances
            outcome = outcomes[rng.randrange(len(outcomes))][0]
            plain, secret = plain.after_chance(outcome), secret.after_chance(outcome)
            continue
        private = [
            i
            for i in secret.legal
            if catalogue.offers <= i < catalogue.answers
            and catalogue.names[i].endswith("private")
            and {seat, catalogue.move(i, seat).to} == pair  # type: ignore[union-attr]
        ]
        state = secret.table.state
        ending = [  # declining or withdrawing a private offer of the pair: a private move
            i
            for i in secret.legal
            if catalogue.answers <= i < catalogue.claims
            and not catalogue.names[i].startswith("accept")
            and _private_of_pair(catalogue.move(i, seat, state), state, pair)
        ]
        wait = len(catalogue.base) - 1
        if private and wait in plain.legal and rng.random() < 0.5:
            plain, secret = plain.after(wait), secret.after(rng.choice(private))
            made += 1
        elif ending and wait in plain.legal and rng.random() < 0.5:
            plain, secret = plain.after(wait), secret.after(rng.choice(ending))
            ended += 1
        else:
            # A move open in both games (the secret game's answers to its private offers
            # are its own: the plain game has none); the private offers left open lapse.
            shared = [i for i in plain.legal if i in secret.legal and i < catalogue.answers]
            shared += [i for i in plain.legal if i >= catalogue.claims and i in secret.legal]
            index = rng.choice(shared)
            plain, secret = plain.after(index), secret.after(index)
        for looker in third:
            assert _third_seat_sees(secret, looker) == _third_seat_sees(plain, looker)
    return made, ended


@scaled(20)
@given(st.integers(3, 8), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_counterfactual_private_offers_reach_no_third_seat(
    players: int, seed: int, rng: random.Random
) -> None:
    """R-DEAL-4, R-INFO: over random games of every player count, a third seat never
    tells a private offer between two others from a wait (see :func:`_counterfactual`)."""
    _counterfactual(players, seed, rng)


def test_counterfactual_games_do_make_and_end_private_offers() -> None:
    """R-DEAL-4: the counterfactual games of fixed seeds make, decline and withdraw private
    offers, and compare the third seats' observations all along."""
    counts = [
        _counterfactual(players, seed, random.Random(seed))
        for players, seed in [(3, 11), (5, 12), (8, 13), (4, 14), (6, 15), (7, 16)]
    ]
    assert all(made > 0 for made, _ in counts)
    assert sum(ended for _, ended in counts) > 0


def test_lapsed_private_offers_move_no_money_at_the_table() -> None:
    """R-DEAL-3: a private offer left open lapses when its decider decides, moving no money."""
    table = _to_negotiation(4, seed=9)
    seat = table.seat
    assert seat is not None
    to = (seat + 1) % 4
    offered = _until(table.play(Offer(seat, to, 3, seat, True, None, True)), seat)
    cash = offered.state.cash
    after = offered.play(Stay(seat))
    assert after.state.offers == () and after.state.cash == cash
    assert not any(isinstance(e, AcceptOffer) for e in after.state.events)
    assert view(after.state, to).offers == ()


def test_observation_masks_match_the_space() -> None:
    """The mask and the observation have the spaces' sizes at every step, with the option."""
    game = raw_env(players=4, negotiation=True)
    game.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in game.agent_iter(max_iter=300):
        observation, _, terminated, truncated, _ = game.last()
        assert observation["observation"].shape == (game._width,)
        assert observation["action_mask"].shape == (game._action_space.n,)
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_information_states_tell_a_private_offer_from_a_wait_only_to_its_maker() -> None:
    """Perfect recall with private moves: "wait, then a private offer" and "a private
    offer, then wait" are two information states of the proposer, and one of every seat
    but the two parties (R-DEAL-4)."""
    table = _to_negotiation(5, seed=21, free_moves=3)
    seat = table.seat
    assert seat is not None
    to = (seat + 1) % 5
    offer = Offer(seat, to, 1, to, True, None, True)
    first = _until(_until(table.play(Wait(seat)), seat).play(offer), seat)
    second = _until(_until(table.play(offer), seat).play(Wait(seat)), seat)
    assert first.state.offers == second.state.offers
    strings = [
        (Position(DEALS, first).information(s), Position(DEALS, second).information(s))
        for s in range(5)
    ]
    assert strings[seat][0] != strings[seat][1]
    for other in range(5):
        if other not in (seat, to):
            assert strings[other][0] == strings[other][1]
    # a world resampled for a third seat holds no private move of others
    third = (seat + 2) % 5
    game = pyspiel.load_game(GAME_NAME, {"players": 5, "negotiation": True})
    state = game.new_initial_state()
    state._saved = type(state._saved)(DEALS, first)
    world = state.resample_from_infostate(third, random.Random(1).random)
    assert world.table.private_moves == ()
    assert world.information_state_string(third) == state.information_state_string(third)
    again = game.deserialize_state(state.serialize())
    assert again.table == first and again.table.private_moves == first.private_moves


def test_tables_with_deals_save_pickle_and_refuse_the_other_game() -> None:
    """A table with deals saves and loads (JSON and pickle) with its private moves; a
    default game refuses its state, and a negotiating game a default one."""
    import pickle

    dealing = pyspiel.load_game(GAME_NAME, {"players": 4, "negotiation": True})
    plain = pyspiel.load_game(GAME_NAME, {"players": 4})
    state = dealing.new_initial_state()
    while state.table.state.phase is not Phase.NEGOTIATION:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    names = DealCatalogue(4).names
    state.apply_action(next(i for i in state.legal_actions() if names[i].endswith("private")))
    table = state.table
    assert isinstance(table, DealTable) and table.private_moves == (0,)
    assert pickle.loads(pickle.dumps(table)) == table
    text = state.to_json()
    assert json.loads(text)["private_moves"] == [0]
    assert dealing.state_from_json(text).table == table
    with pytest.raises(DeserializationError) as wrong:
        plain.state_from_json(text)
    assert wrong.value.path == "$.negotiation"
    with pytest.raises(DeserializationError) as other:
        dealing.state_from_json(plain.new_initial_state().to_json())
    assert other.value.path == "$.negotiation"
    broken = json.loads(text)
    broken["private_moves"] = [5]
    with pytest.raises(DeserializationError) as bad:
        dealing.state_from_json(json.dumps(broken))
    assert bad.value.path == "$.private_moves"
    broken["negotiation"] = "yes"
    with pytest.raises(DeserializationError) as worse:
        dealing.state_from_json(json.dumps(broken))
    assert worse.value.code == "bad_value"
