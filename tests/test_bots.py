"""Bots: the runner shows each bot only its view, bots play legally in every variant."""

from __future__ import annotations

import gc
import random
import warnings
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    Action,
    Choose,
    ConfigError,
    Dealer,
    DealLoot,
    Denounce,
    GameConfig,
    GameState,
    Leave,
    Offer,
    Pay,
    PlayerView,
    Press,
    RandomPlayer,
    RepeatRole,
    Role,
    Say,
    SetAside,
    Stay,
    UseThreat,
    apply,
    is_legal,
    replay,
    view,
)
from millions_rules.bots import (
    MAX_EXTRA_ACTIONS,
    PAYMENT_AMOUNTS,
    Bot,
    BotError,
    ISMCTSBot,
    RandomBot,
    RuleBot,
    action_space,
    play_game,
)

from .conftest import scaled


@attrs.define
class Spy:
    """Wraps a bot; records everything the runner hands it, in a log shared by the table."""

    bot: Bot
    log: list[tuple[PlayerView, tuple[Action, ...], Action]] = attrs.field(factory=list)

    @property
    def free_actions(self) -> tuple[type[Action], ...]:
        """The wrapped bot's own action classes (a bargaining RuleBot's offers and talk)."""
        free: tuple[type[Action], ...] = getattr(self.bot, "free_actions", ())
        return free

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        assert type(view) is PlayerView and type(rng) is random.Random
        assert type(legal) is tuple and legal
        action = self.bot.choose(view, legal, rng)
        self.log.append((view, legal, action))
        return action


VARIANTS = [
    pytest.param(GameConfig(players, seed=players), id=f"{players}p") for players in range(3, 9)
] + [
    pytest.param(GameConfig.quick(5, seed=1), id="quick"),
    pytest.param(GameConfig.quick(3, seed=2), id="quick-3p"),
    pytest.param(GameConfig(5, seed=3, repeat_role=RepeatRole.FORBIDDEN), id="forbidden"),
    pytest.param(GameConfig(3, seed=4, repeat_role=RepeatRole.FORBIDDEN), id="forbidden-3p"),
    pytest.param(GameConfig(6, seed=5, repeat_role=RepeatRole.ALLOWED), id="allowed"),
    pytest.param(GameConfig(5, seed=6, dealer=Dealer.EXTERNAL), id="external"),
    pytest.param(GameConfig(3, seed=7, dealer=Dealer.EXTERNAL), id="external-3p"),
]


def _mixed(players: int) -> list[Bot]:
    kinds: list[Bot] = [RandomBot(pay_chance=0.3), RuleBot(), ISMCTSBot(iterations=3)]
    return [kinds[seat % 3] for seat in range(players)]


@pytest.mark.parametrize("config", VARIANTS)
@pytest.mark.parametrize("seed", [0, 1])
def test_bots_play_only_offered_legal_actions_in_every_variant(
    config: GameConfig, seed: int
) -> None:
    """Every bot, in every variant (R-COMP-2, R-3P, R-VAR-QUICK, R-VAR-REPEAT, external
    dealer), answers with one of the actions it was offered or, for RuleBot's offers and
    talk (R-DEAL-1, R-TALK), a legal action of its ``free_actions``; every offered action
    is legal (the engine's check, R-NEG-3 for payments) and the game ends with winners
    (R-END)."""
    log: list[tuple[PlayerView, tuple[Action, ...], Action]] = []
    final = play_game(config, [Spy(bot, log) for bot in _mixed(config.players)], seed=seed)
    assert final.is_over and final.winners
    state = replay(config, ())
    asked = iter(log)
    for action in final.history:
        if not isinstance(action, (DealLoot, SetAside)):
            seen, offered, chosen = next(asked)
            assert chosen == action and seen == view(state, action.player)
            if type(chosen) in (Offer, Say, Press):
                assert chosen not in offered and is_legal(state, chosen)
            assert offered == action_space(seen, payments=True) or set(offered) <= set(
                action_space(seen)
            )
            assert all(is_legal(state, a) for a in offered)
        state = apply(state, action)
    assert next(asked, None) is None
    assert state == final


def test_offered_payments_are_legal_and_of_the_documented_amounts() -> None:
    """Payments are offered in negotiation only, to every payee, of PAYMENT_AMOUNTS up to
    the payer's cash (R-NEG-3), and each one is legal."""
    config = GameConfig(5, seed=9)
    spies = [Spy(RandomBot(pay_chance=0.5)) for _ in range(5)]
    final = play_game(config, list(spies))
    pays = [a for a in final.history if isinstance(a, Pay)]
    assert pays and all(p.amount in PAYMENT_AMOUNTS for p in pays)
    seen = 0
    for spy in spies:
        for seen_view, legal, _ in spy.log:
            offered = [a for a in legal if isinstance(a, Pay)]
            if seen_view.phase.value != "negotiation":
                assert offered == []
                continue
            seat = seen_view.seat
            assert seat is not None
            cash = seen_view.cash[seat]
            assert len(offered) in (
                0,
                len(seen_view.payees) * sum(a <= cash for a in PAYMENT_AMOUNTS),
            )
            seen += len(offered) > 0
    assert seen > 0


def test_runner_caps_payments_and_threats_per_round() -> None:
    """A bot that always pays gets at most MAX_EXTRA_ACTIONS payments a round, then only its
    decisions: every game ends."""

    class Payer:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            pays = [a for a in legal if isinstance(a, Pay)]
            return pays[0] if pays else legal[0]

    final = play_game(GameConfig(4, seed=3), [Payer(), Payer(), Payer(), Payer()])
    assert final.is_over
    per_round: dict[tuple[int, int], int] = {}
    round_ = 1
    state = replay(final.config, ())
    for action in final.history:
        if isinstance(action, Pay):
            key = (state.round, action.player)
            per_round[key] = per_round.get(key, 0) + 1
        state = apply(state, action)
        round_ = state.round
    assert per_round and max(per_round.values()) == MAX_EXTRA_ACTIONS
    assert round_ == final.round


def _reachable(*roots: object) -> list[object]:
    """Every data object reachable from ``roots`` (classes, modules and functions are code)."""
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, type(gc), type(_reachable))):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_bot_cannot_reach_the_state() -> None:
    """R-INFO: everything the runner hands a bot (view, offered actions, generator) holds no
    GameState, no seed and no other seat's secret role: a bot cannot reach the state."""
    found: list[object] = []
    secrets: list[tuple[int, list[object]]] = []

    class Inspector:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            reached = _reachable(view, legal, rng)
            found.extend(o for o in reached if isinstance(o, (GameState, GameConfig)))
            secrets.append((view.seat or 0, reached))
            return legal[0]

    config = GameConfig(5, seed=123456789123)
    final = play_game(config, [Inspector() for _ in range(5)])
    assert found == []
    for _, reached in secrets:
        assert not any(type(o) is int and o == config.seed for o in reached)
    assert final.is_over


def test_views_hide_rivals_roles_until_revealed() -> None:
    """R-INFO: while characters lie face down, the view a bot gets shows its own role only."""
    records: list[PlayerView] = []

    class Watcher:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            records.append(view)
            return legal[0]

    play_game(GameConfig(4, seed=5), [Watcher() for _ in range(4)])
    hidden = [
        c
        for v in records
        for c in v.characters
        if c.player != v.seat and c.status.value == "hidden"
    ]
    assert hidden and all(c.role is None for c in hidden)


def test_play_game_is_reproducible_and_seeded() -> None:
    """The same config, bots and seed give the same game; another seed another game."""
    config = GameConfig(5, seed=8)

    def bots() -> list[Bot]:
        return [
            RuleBot(),
            RandomBot(pay_chance=0.2),
            ISMCTSBot(iterations=4),
            RuleBot(),
            RandomBot(),
        ]

    first = play_game(config, bots(), seed=1)
    assert play_game(config, bots(), seed=1) == first
    assert play_game(config, bots(), seed=2).history != first.history


def test_play_game_refuses_bad_input() -> None:
    """A wrong number of bots, bots that are no sequence of Bots, a bad seed or a non-config
    is a ConfigError; an action the bot was not offered is a BotError naming the seat, and
    stops the game."""
    with pytest.raises(ConfigError):
        play_game(GameConfig(4, seed=1), [RandomBot()] * 3)
    with pytest.raises(ConfigError):
        play_game("5 players", [RandomBot()] * 5)  # any game's config is typed ``object``
    with pytest.raises(ConfigError, match="sequence"):
        play_game(GameConfig(3, seed=1), (RandomBot() for _ in range(3)))  # type: ignore[call-overload]
    with pytest.raises(ConfigError, match="no choose method"):
        play_game(GameConfig(3, seed=1), [RandomBot(), RandomBot(), "bot"])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="seed"):
        play_game(GameConfig(3, seed=1), [RandomBot()] * 3, seed=-1)

    class Cheat:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            return Choose(1 - (view.seat or 0), Role.BRUTE)

    with pytest.raises(BotError) as caught:
        play_game(GameConfig(4, seed=1), [Cheat()] * 4)
    assert caught.value.seat == 0 and caught.value.code == "action_not_offered"
    assert isinstance(caught.value, ValueError)


def test_random_player_is_a_deprecated_alias_of_random_bot() -> None:
    """RandomPlayer still plays exactly as before, under its new name, and warns."""
    state = replay(GameConfig(5, seed=4), ())
    with pytest.warns(DeprecationWarning, match="RandomBot"):
        old = RandomPlayer(seed=3, pay_chance=0.5)
    new = RandomBot(seed=3, pay_chance=0.5)
    assert isinstance(old, RandomBot)
    for seat in range(5):
        assert old.act(view(state, seat)) == new.act(view(state, seat))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        RandomBot()


def test_ismcts_budgets() -> None:
    """ISMCTSBot needs a positive budget, and every bot refuses parameters of the wrong type
    or range with a ConfigError; a time budget alone ends ISMCTSBot's search."""
    with pytest.raises(ConfigError, match="iterations, seconds or both"):
        ISMCTSBot(iterations=None, seconds=None)
    for bad in ({"iterations": 0}, {"iterations": "200"}, {"seconds": -1.0}, {"seed": 1.5}):
        with pytest.raises(ConfigError):
            ISMCTSBot(**bad)
    for bad_rule in ({"temperature": 0}, {"samples": 0}, {"samples": "12"}):
        with pytest.raises(ConfigError):
            RuleBot(**bad_rule)
    for bad_random in ({"pay_chance": 2}, {"seed": -1}, {"pay_chance": "0.5"}):
        with pytest.raises(ConfigError):
            RandomBot(**bad_random)
    v = view(replay(GameConfig(5, seed=1), ()), 2)
    action = ISMCTSBot(iterations=None, seconds=0.05).choose(v, action_space(v), random.Random(1))
    assert action in v.legal_actions


def _table(choices: dict[int, Role], aside: Role, players: int = 5) -> GameState:
    """A 5-player round dealt by hand: the 8M Snitch-bonus card, these choices, this card aside."""
    state = replay(GameConfig(players, seed=0, dealer=Dealer.EXTERNAL), (DealLoot(0),))
    for seat, role in choices.items():
        state = apply(state, Choose(seat, role))
    return apply(state, SetAside(aside))


@pytest.mark.parametrize("seed", range(5))
def test_rule_bot_leaves_a_certain_duplicate(seed: int) -> None:
    """R-HEIST-DUP: its Driver shows twice face up and every rival stayed, so the other
    Driver surely stays: the RuleBot leaves (R-NEG-2). A Brute in the same spot stays, as
    R-HEIST-BRUTE keeps its deposit."""
    roles = {0: Role.DRIVER, 1: Role.DRIVER, 2: Role.BRUTE, 3: Role.CROOK, 4: Role.SNITCH}
    state = _table(roles, Role.SNITCH)
    for seat in (1, 2, 3, 4):
        state = apply(state, Stay(seat))
    v = view(state, 0)
    assert RuleBot(negotiate=False).choose(v, action_space(v), random.Random(seed)) == Leave(0)
    roles = {0: Role.BRUTE, 1: Role.BRUTE, 2: Role.DRIVER, 3: Role.CROOK, 4: Role.SNITCH}
    state = _table(roles, Role.SNITCH)
    for seat in (1, 2, 3, 4):
        state = apply(state, Stay(seat))
    v = view(state, 0)
    assert RuleBot(negotiate=False).choose(v, action_space(v), random.Random(seed)) == Stay(0)


@pytest.mark.parametrize("seed", range(5))
def test_rule_bot_as_lone_snitch_names_a_rival_without_ending_alone(seed: int) -> None:
    """R-HEIST-SNITCH, R-HEIST-LONE-SNITCH: the Snitch's own card lies face down, so the
    face-up Brute, Brute, Brute, Crook are exactly the rivals' roles. Naming the Crook would
    leave the Snitch alone (the Brutes duplicate) and cost it 3M; naming the Brute leaves it
    half the loot with the Crook: the RuleBot names Brute."""
    roles = {0: Role.SNITCH, 1: Role.BRUTE, 2: Role.BRUTE, 3: Role.BRUTE, 4: Role.CROOK}
    state = _table(roles, Role.SNITCH)
    for seat in range(5):
        state = apply(state, Stay(seat))
    v = view(state, 0)
    assert v.awaiting == (0,)
    assert RuleBot(negotiate=False).choose(v, action_space(v), random.Random(seed)) == Denounce(
        0, Role.BRUTE
    )


def test_rule_bot_threatens_the_likely_twin() -> None:
    """R-NEG-THREAT: holding a threat card while its role shows twice face up, the RuleBot
    looks at a rival rather than decide blind."""
    roles = {0: Role.DRIVER, 1: Role.DRIVER, 2: Role.BRUTE, 3: Role.CROOK, 4: Role.SNITCH}
    state = _table(roles, Role.SNITCH)
    state = attrs.evolve(state, threats=(1, 0, 0, 0, 0), threat_supply=state.threat_supply - 1)
    v = view(state, 0)
    action = RuleBot(negotiate=False).choose(v, action_space(v), random.Random(0))
    assert isinstance(action, UseThreat) and action.player == 0


def test_rule_bot_planning_avoids_a_repeat_under_no_share() -> None:
    """R-LOOT-REPEAT: a role repeated from last round earns no share, so RuleBot values it
    lowest of the roles that split the loot."""
    from millions_rules.millions.companions import role_values

    state = replay(GameConfig(5, seed=0), ())
    state = attrs.evolve(state, previous_roles=((Role.CROOK,), (), (), (), ()))
    values = role_values(view(state, 0))
    assert values[Role.CROOK] < min(values[Role.DRIVER], values[Role.SNITCH])


def test_rule_bot_bribes_a_known_twin_and_a_paid_rule_bot_leaves() -> None:
    """R-NEG-3, R-NEG-THREAT: a RuleBot that saw, with a threat card, that an undecided rival
    holds its role pays that rival 1M to leave; the rival RuleBot, which would stay unpaid,
    honours the bribe and leaves (R-NEG-2)."""
    roles = {0: Role.DRIVER, 1: Role.DRIVER, 2: Role.BRUTE, 3: Role.CROOK, 4: Role.SNITCH}
    state = _table(roles, Role.SNITCH)
    state = attrs.evolve(state, threats=(1, 0, 0, 0, 0), threat_supply=state.threat_supply - 1)
    state = apply(state, UseThreat(0, 1), seat=0)
    v = view(state, 0)
    assert RuleBot(negotiate=False).choose(v, action_space(v), random.Random(0)) == Pay(0, 1, 1)
    rival = view(state, 1)
    assert RuleBot(negotiate=False).choose(rival, action_space(rival), random.Random(0)) == Stay(1)
    paid = view(apply(state, Pay(0, 1, 1), seat=0), 1)
    assert RuleBot(negotiate=False).choose(paid, action_space(paid), random.Random(0)) == Leave(1)


def test_shipped_bots_satisfy_the_protocol() -> None:
    """RandomBot, RuleBot and ISMCTSBot are Bots (the runtime-checkable protocol)."""
    assert all(isinstance(bot, Bot) for bot in (RandomBot(), RuleBot(), ISMCTSBot()))
    assert not isinstance(object(), Bot)


@scaled(10)
@given(
    players=st.integers(3, 8),
    quick=st.booleans(),
    repeat=st.sampled_from(list(RepeatRole)),
    dealer=st.sampled_from(list(Dealer)),
    seed=st.integers(0, 2**64 - 1),
)
def test_any_variant_plays_to_the_end_between_bots(
    players: int, quick: bool, repeat: RepeatRole, dealer: Dealer, seed: int
) -> None:
    """Property (R-COMP-2, R-VAR-QUICK, R-VAR-REPEAT, R-END): in any variant, a table of
    RuleBots and paying RandomBots plays a game to the end whose history replays exactly."""
    make = GameConfig.quick if quick else GameConfig
    config = make(players, seed=seed, repeat_role=repeat, dealer=dealer)
    bots: list[Bot] = [
        RuleBot() if seat % 2 else RandomBot(pay_chance=0.2) for seat in range(players)
    ]
    final = play_game(config, bots, seed=seed)
    assert final.is_over and final.winners
    assert replay(config, final.history) == final


def test_any_object_with_choose_is_a_bot() -> None:
    """A user's bot class (only a ``choose`` method) passes ``isinstance`` against both games'
    ``Bot`` protocols: presenting them as public members adds no attribute to the protocol."""
    from millions_rules.bots import Bot as MillionsBot
    from millions_rules.bots.torraku import Bot as TorrakuBot

    class First:
        def choose(self, view: object, legal: Sequence[object], rng: random.Random) -> object:
            return legal[0]

    assert isinstance(First(), MillionsBot)
    assert isinstance(First(), TorrakuBot)
    assert not isinstance(object(), MillionsBot)
