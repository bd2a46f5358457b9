"""The game interface: every registered game behind one :class:`~millions_rules.games.Game`.

The conformance tests run over every game of the registry: the two of the package and the
test suite's third game (``tests/thirdgame``, found by its entry point), and any other
installed one.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest

from millions_rules import ConfigError, Dealer, GameConfig, IllegalActionError, LocaleError
from millions_rules.games import GAMES, AnyGame, Companions, Game, game_of, get_game
from millions_rules.kit import AnyBot
from millions_rules.torraku import Bet, PieceKind, TorrakuConfig, TorrakuView
from millions_rules.torraku import new_game as torraku_new_game
from millions_rules.torraku import view as torraku_view

#: Small, always-ending configs of the package's games for the conformance tests; any
#: other registered game is played with its fewest and its most players (:func:`configs`).
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "millions": [{"players": 3}, {"players": 5}, {"players": 4, "dealer": Dealer.EXTERNAL}],
    "torraku": [
        {"players": 2, "round_limit": 12},
        {"players": 4, "round_limit": 12, "dealer": Dealer.ENGINE},
        {"players": 6, "round_limit": 8},
    ],
}


#: Every registered game's name.
NAMES = sorted(GAMES)


def configs(name: str) -> list[dict[str, Any]]:
    """The configs of the conformance tests for the game called ``name``."""
    counts = get_game(name).player_counts
    return CONFIGS.get(name) or [{"players": counts[0]}, {"players": counts[-1]}]


def _random_playout(game: AnyGame, config: object, seed: int) -> list[object]:
    """Play ``config`` through the interface alone, each seat choosing at random; the states."""
    rng = random.Random(seed)
    state = game.new_game(config)
    pacing, chance = game.pacing(state), game.chance(seed)
    states = [state]
    while not game.is_over(state):
        if game.awaits_dealer(state):
            assert game.actors(state) == () or game.name == "torraku"
            outcomes = game.chance_outcomes(state)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 and game.check(state, a) is None for a, p in outcomes)
            drawn = chance.draw(state)
            assert drawn in [a for a, _ in outcomes]
            state = game.apply(state, drawn)
        else:
            assert game.chance_outcomes(state) == ()
            seat = pacing.next_seat(state)
            assert seat in game.actors(state)
            seen = game.view(state, seat)
            offered = pacing.offered(state, seen, seat)
            action = offered[rng.randrange(len(offered))]
            state = game.apply(state, action, seat=seat)
            pacing.played(state, seat, action)
        states.append(state)
    return states


def test_registry_names_both_games() -> None:
    """``GAMES`` holds both games by name; ``get_game`` finds each; a wrong name is a ConfigError."""
    assert {"millions", "torraku", "goofspiel"} <= set(GAMES)
    assert get_game("millions").title == "Millions of Dollars"
    assert get_game("torraku").title == "Currency Torraku"
    with pytest.raises(
        ConfigError, match="unknown game 'chess': choose one of goofspiel, millions"
    ):
        get_game("chess")
    with pytest.raises(ConfigError):
        get_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_a_game_with_companions(name: str) -> None:
    """Each registered game satisfies the Game protocol and has its Companions; the two
    games of the package give their own bot, statistics, schemas and demo (Millions also
    its search model), the third game none of them."""
    game = get_game(name)
    assert isinstance(game, Game)
    parts = game.companions
    assert isinstance(parts, Companions)
    own = {
        key: getattr(parts, key) is not None
        for key in ("rule_bot", "search_model", "statistics", "schemas", "demo")
    }
    expected = {
        "millions": dict.fromkeys(own, True),
        "torraku": {**dict.fromkeys(own, True), "search_model": False},
    }
    assert own == expected.get(name, dict.fromkeys(own, False))
    if parts.rule_bot is not None:
        assert isinstance(parts.rule_bot(), AnyBot)


def test_game_of_finds_the_game_of_configs_states_and_views() -> None:
    """``game_of`` maps each game's config, state and view to that game, anything else to ConfigError."""
    config = GameConfig(4, seed=1)
    millions = get_game("millions")
    assert game_of(config) is millions
    assert game_of(millions.new_game(config)) is millions
    torraku = get_game("torraku")
    state = torraku_new_game(TorrakuConfig(2, seed=1))
    assert game_of(state) is torraku
    assert game_of(torraku_view(state, 0)) is torraku
    with pytest.raises(ConfigError, match="int is no config, state or view of a game"):
        game_of(3)


@pytest.mark.parametrize("name", NAMES)
def test_config_takes_the_games_own_options_only(name: str) -> None:
    """``Game.config`` builds the game's config from its fields and refuses an unknown option."""
    game = get_game(name)
    config = game.config(3, seed=7)
    assert type(config) is game.config_type
    assert (config.players, config.seed) == (3, 7)
    with pytest.raises(ConfigError, match=r"unknown option for .*: colour"):
        game.config(3, seed=7, colour="red")
    with pytest.raises(ConfigError):
        game.config(99, seed=7)


@pytest.mark.parametrize(("name", "options"), [(n, o) for n in NAMES for o in configs(n)])
def test_random_games_through_the_interface(name: str, options: dict[str, Any]) -> None:
    """A game played through the interface alone ends; versions count actions; views agree."""
    game = get_game(name)
    config = game.config(seed=11, **options)
    states = _random_playout(game, config, seed=3)
    final = states[-1]
    assert game.is_over(final)
    assert game.winners(final), "every game ends with at least one winner"
    assert list(game.winners(final)) == sorted(game.winners(final))
    assert len(game.scores(final)) == options["players"]
    assert game.actors(final) == ()
    assert [game.version(s) for s in states] == list(range(len(states)))
    assert (game.players_of(config), game.seed_of(config)) == (options["players"], 11)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(options["players"]):
            seen = game.view(state, seat)
            assert game.view_version(seen) == game.version(state)
            assert game.view_seat(seen) == seat
            assert game.view_seat(game.view(state, None)) is None
            whole = game.view_events(seen)
            assert game.view_events(game.view(state, seat, since=1)) == whole[1:]
            legal = game.legal_actions(state, seat)
            assert bool(legal) == (seat in game.actors(state)) or game.awaits_dealer(state)
    assert game.replay(config, final.history) == final  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_records_json_and_samples_through_the_interface(name: str) -> None:
    """save/load keep tags and the state; JSON round-trips; a sample looks the same to its seat."""
    game = get_game(name)
    config = game.config(**configs(name)[0], seed=5)
    state = _random_playout(game, config, seed=9)[6]
    record = game.save_game(state, tags={"site": "Lyon"})
    assert game.load_game(record) == state
    assert '"tags":{"site":"Lyon"}' in record
    assert game.from_json(game.to_json(state), game.state_type) == state
    seen = game.view(state, 1)
    sample = game.sample_state(seen, 1234)
    assert game.version(sample) == 0
    assert attrs.evolve(game.view(sample, 1), version=seen.version) == seen


@pytest.mark.parametrize("name", NAMES)
def test_check_names_the_reason_and_changes_nothing(name: str) -> None:
    """``check`` of another seat's action as ``seat=`` is ``not_your_action``; the state is unchanged."""
    game = get_game(name)
    state = game.new_game(game.config(3, seed=2))
    action = game.legal_actions(state, 0)[0]
    before = game.to_json(state)
    error = game.check(state, action, seat=1)
    assert isinstance(error, IllegalActionError)
    assert error.code == "not_your_action"
    assert game.check(state, action, seat=0) is None
    assert game.to_json(state) == before


def test_torraku_view_since_sends_only_new_events() -> None:
    """A Torraku view with ``since=n`` holds the log from event ``n`` on, as Millions' views do."""
    state = torraku_new_game(TorrakuConfig(2, seed=1))
    state = get_game("torraku").apply(state, Bet(0, [PieceKind.VAN]))
    whole = torraku_view(state, 1)
    tail = torraku_view(state, 1, since=2)
    assert tail.first_event == 2
    assert tail.events == whole.events[2:]
    assert whole.version == tail.version == 1
    assert whole.actors == (1,)
    assert whole.legal_actions == get_game("torraku").legal_actions(state, 1)
    assert torraku_view(state, 0).legal_actions == ()
    assert torraku_view(state, None).legal_actions == ()
    for since in (-1, len(state.events) + 1, "1", True):
        with pytest.raises(IllegalActionError) as caught:
            torraku_view(state, 1, since=since)  # type: ignore[arg-type]
        assert caught.value.code == "bad_value"


def test_torraku_sample_needs_the_whole_log() -> None:
    """A Torraku sample refuses a partial view and a bad seed with ``bad_value``."""
    game = get_game("torraku")
    state = torraku_new_game(TorrakuConfig(2, seed=1))
    for seen, seed in ((torraku_view(state, 0, since=1), 1), (torraku_view(state, 0), -1)):
        with pytest.raises(IllegalActionError) as caught:
            game.sample_state(seen, seed)
        assert caught.value.code == "bad_value"
    with pytest.raises(IllegalActionError):
        game.sample_state(object(), 1)
    assert isinstance(torraku_view(state, 0), TorrakuView)


def test_describe_speaks_through_the_interface() -> None:
    """``Game.describe`` narrates each game's events; an unknown locale is a LocaleError."""
    millions = get_game("millions")
    state = millions.new_game(millions.config(3, seed=2))
    assert (
        millions.describe(state.events[0], ["Ana", "Bo", "Cy"])
        == "A game for 3 players begins; Ana leads."
    )
    with pytest.raises(LocaleError):
        millions.describe(state.events[0], locale="xx")


@pytest.mark.parametrize("name", NAMES)
def test_the_interface_refuses_what_is_no_state(name: str) -> None:
    """Each method that reads a state refuses anything else with ``bad_value``, never a
    bare ``AttributeError``."""
    game = get_game(name)
    readers = (
        game.version,
        game.actors,
        game.awaits_dealer,
        game.is_over,
        game.winners,
        game.scores,
        game.pacing,
    )
    for read in readers:
        with pytest.raises(IllegalActionError) as caught:
            read(None)
        assert caught.value.code == "bad_value", read


@pytest.mark.parametrize("name", NAMES)
def test_config_of_a_state_and_of_a_view(name: str) -> None:
    """``config_of`` gives a state's config itself, and of each seat's and the spectator's
    view one value (the seat's knowledge of it: no secret seed) whose ``players_of`` is the
    game's; anything else is a ConfigError."""
    game = get_game(name)
    options = dict(configs(name)[0])
    config = game.config(options.pop("players"), seed=7, **options)
    state = game.new_game(config)
    assert game.config_of(state) == config
    players = game.players_of(config)
    seen = {game.config_of(game.view(state, seat)) for seat in [None, *range(players)]}
    assert len(seen) == 1 and game.players_of(seen.pop()) == players
    with pytest.raises(ConfigError):
        game.config_of(config)


@pytest.mark.parametrize("name", NAMES)
def test_from_json_reads_an_action_as_the_union_of_the_action_types(name: str) -> None:
    """What a web table and the chat host do with a stored or posted action: read it as the
    ``typing.Union`` of the game's action types, whatever its own type; a document of
    no action is a DeserializationError."""
    import typing

    from millions_rules import DeserializationError

    game = get_game(name)
    options = dict(configs(name)[0])
    state = game.new_game(game.config(options.pop("players"), seed=3, **options))
    union: Any = typing.Union[tuple(game.action_types)]  # noqa: UP007
    legal = game.legal_actions(state)
    assert legal
    for action in legal:
        assert game.from_json(game.to_json(action), union) == action
    with pytest.raises(DeserializationError):
        game.from_json('{"type": "no_such_action"}', union)
