"""The notation of both games: ``command`` and ``parse_command`` (millions_rules.text).

The round trip is the notation's contract: every legal action of every seat, payments
included, is read back from the command written for it, in every locale, with and
without the players' names (R-PLAN-2, R-NEG-1..3, R-NEG-THREAT, R-HEIST-SNITCH, R-3P-1/2/4;
R-TK-BET-4..8, R-TK-STACK-4/7).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import (
    LOCALES,
    AcceptOffer,
    Choose,
    Denounce,
    GameConfig,
    GameState,
    Leave,
    Offer,
    Pay,
    PlayerView,
    Press,
    Role,
    Say,
    Stay,
    UseThreat,
    WithdrawOffer,
    apply,
    new_game,
    view,
)
from millions_rules.text import NOTATION_ERROR_CODES, NotationError, command, parse_command
from millions_rules.text import legal_actions as every_legal_action
from millions_rules.torraku import Bet, Pass, PieceKind, Placement, ReportPlacement, TorrakuConfig
from millions_rules.torraku import new_game as torraku_game
from millions_rules.torraku import view as torraku_view

from . import strategies, torraku_strategies

NAME_SETS: tuple[tuple[str, ...], ...] = (
    ("Ana María", "Bo", "Bob", "小明", "Élodie", "2", "Zoë", "李 雷"),
    ("ana", "BO", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"),
)
MOST = 100  # actions checked per Torraku view (all of them unless a long game's hand is huge)
R, V, W = PieceKind.RICE_COOKER, PieceKind.VAN, PieceKind.WASHING_MACHINE


def round_trip(seen: object, actions: Sequence[object], players: int) -> int:
    """Check every action of ``actions`` in every locale, with and without names; count them."""
    checked = 0
    for names in (None, *(names[:players] for names in NAME_SETS)):
        for locale in LOCALES:
            for action in actions:
                typed = command(action, names=names, locale=locale)
                # Any locale reads any locale's command: the refusal's locale differs.
                other = LOCALES[(LOCALES.index(locale) + 1) % len(LOCALES)]
                assert parse_command(typed, seen, names=names, locale=other) == action, typed
                checked += 1
    return checked


def millions_views(states: Sequence[GameState], rng: random.Random) -> list[PlayerView]:
    picked = rng.sample(list(states), min(6, len(states)))
    return [view(state, seat) for state in picked for seat in range(picked[0].config.players)]


@given(strategies.configs(), st.integers(0, 2**32))
def test_every_legal_millions_action_round_trips(config: GameConfig, seed: int) -> None:
    """For every seat of six random states of a random game, every legal action, payments
    included (every payee, every amount: R-NEG-3), is what parse_command reads from
    command(action), in en, es and zh, named or numbered seats."""
    rng = random.Random(seed)
    states = strategies.play_randomly(new_game(config), rng)
    players = config.players
    for seen in millions_views(states, rng):
        round_trip(seen, every_legal_action(seen), players)


@given(strategies.configs(), st.integers(0, 2**32))
def test_offers_talk_and_presses_round_trip(config: GameConfig, seed: int) -> None:
    """Offers (each decider, stay or leave, a three-player position, public or private:
    R-DEAL-1, R-DEAL-4), talk with and without a claim, to the table or one seat (R-TALK-1,
    R-TALK-2) and the leader's press (R-TALK-LEADER), drawn legal in random states, are
    what parse_command reads from command(action) in every locale, named or numbered;
    the free text of a message comes back exactly."""
    rng = random.Random(seed)
    states = strategies.play_randomly(new_game(config), rng)
    checked = 0
    for state in rng.sample(states, min(8, len(states))):
        for _ in range(12):
            action = strategies.side_action(state, rng)
            if action is not None:
                assert isinstance(action, (Offer, Say, Press))
                seen = view(state, action.player)
                checked += round_trip(seen, [action], config.players)
    assert checked % (len(LOCALES) * (1 + len(NAME_SETS))) == 0


def test_deal_and_talk_commands_read_in_every_language() -> None:
    """Typed commands of each language read as the negotiation actions they name: an offer
    with who decides, the decision, a position and privacy (R-DEAL-1, R-DEAL-4), its answer
    by id (R-DEAL-2, R-DEAL-3), free text kept exactly after a seat with a space in its name
    and a claimed role (R-TALK-1, R-TALK-2), and the leader's press (R-TALK-LEADER)."""
    state = new_game(GameConfig(3, seed=1))
    state = apply(state, Choose(0, (Role.BRUTE, Role.DRIVER)))
    state = apply(state, Choose(1, (Role.CROOK, Role.SNITCH)))
    state = apply(state, Choose(2, (Role.DRIVER, Role.BRUTE)))
    names = ["Ana María", "Bo", "李 雷"]
    seen = view(state, 0)
    assert parse_command("/ofrecer @bo 2 M tú salir 2 privada", seen, names=names) == Offer(
        0, 1, 2, 1, True, 1, True
    )
    assert parse_command("出价 @李 雷 300万 我 留下", seen, names=names) == Offer(0, 2, 3, 0)
    assert parse_command("/afirmar @bo  conductor  ¡Créeme,  Bo! ", seen, names=names) == Say(
        0, "¡Créeme,  Bo!", 1, Role.DRIVER
    )
    assert parse_command("/说 我是司机 @all", seen, names=names) == Say(0, "我是司机 @all")
    leader = state.leader
    other = (leader + 1) % 3
    assert parse_command(f"催促 @{other + 1}", view(state, leader)) == Press(leader, other)
    offered = apply(state, Offer(0, 1, 2, 1, True, 1, True))
    assert parse_command("/ACEPTAR Private-0-1-1", view(offered, 1)) == AcceptOffer(
        1, "private-0-1-1"
    )
    assert parse_command("/撤销 private-0-1-1", view(offered, 0)) == WithdrawOffer(
        0, "private-0-1-1"
    )
    with pytest.raises(NotationError) as refused:
        parse_command("/accept public-9", view(offered, 1))
    assert refused.value.code == "bad_arguments"


@given(torraku_strategies.configs(), st.integers(0, 2**32))
def test_every_legal_torraku_action_round_trips(config: TorrakuConfig, seed: int) -> None:
    """For the seat to act in six random states of a random Torraku game, every legal
    action (each bet's multiset, from the bag too: R-TK-BET-7; passes; each outcome and
    every ``fallen``: R-TK-STACK-7) round-trips in every locale; of a hand with more than
    ``MOST`` distinct bets (the long setup, R-TK-SETUP-2), ``MOST`` at random."""
    rng = random.Random(seed)
    states = torraku_strategies.play_randomly(torraku_game(config), rng)
    players = config.players
    for state in rng.sample(states, min(6, len(states))):
        for seat in () if state.to_act is None else (state.to_act,):  # the others have none
            seen = torraku_view(state, seat)
            actions = every_legal_action(seen)
            if len(actions) > MOST:  # a long game's hand has thousands of distinct bets
                actions = tuple(rng.sample(actions, MOST))
            round_trip(seen, actions, players)


def test_payments_are_listed_for_every_payee_and_amount() -> None:
    """legal_actions of a view adds every payment the view allows (R-NEG-3): each payee,
    each amount from 1 to the seat's cash; the round trip reads each."""
    from millions_rules import apply

    state = new_game(GameConfig(4, seed=3))
    for seat, role in enumerate((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER)):
        state = apply(state, Choose(seat, role))
    seen = view(state, 0)
    pays = [action for action in every_legal_action(seen) if isinstance(action, Pay)]
    assert len(pays) == 3 * seen.cash[0] == 12
    assert round_trip(seen, pays, 4) == 12 * 3 * 3


def planning_view(players: int = 4, seat: int = 0) -> object:
    return view(new_game(GameConfig(players, seed=1)), seat)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/choose driver", Choose(0, Role.DRIVER)),
        ("choose DRIVER", Choose(0, Role.DRIVER)),
        ("选 司机", Choose(0, Role.DRIVER)),
        ("选司机", Choose(0, Role.DRIVER)),
        ("\uff0f选\u3000司机", Choose(0, Role.DRIVER)),  # full-width slash and space
        ("/elegir matón", Choose(0, Role.BRUTE)),
        ("/elegir maton", Choose(0, Role.BRUTE)),
        ("pick 恶棍", Choose(0, Role.CROOK)),
    ],
)
def test_choices_read_in_any_locale(text: str, expected: object) -> None:
    """A choice (R-PLAN-2) reads with or without the slash, keywords and role names in any
    locale, full-width characters, accents or none, glued Chinese."""
    assert parse_command(text, planning_view()) == expected


def test_three_player_pairs_keep_their_order() -> None:
    """The three-player game's two characters (R-3P-1) read in the order typed, which is the
    order the cards lie (R-3P-4): ``/choose crook driver`` is not ``/choose driver crook``."""
    seen = planning_view(3)
    assert parse_command("/choose crook driver", seen) == Choose(0, (Role.CROOK, Role.DRIVER))
    assert parse_command("选 司机 恶棍", seen) == Choose(0, (Role.DRIVER, Role.CROOK))
    assert parse_command("选司机恶棍", seen) == Choose(0, (Role.DRIVER, Role.CROOK))
    assert parse_command("/elegir mente maestra soplón", seen) == Choose(
        0, (Role.MASTERMIND, Role.SNITCH)
    )


def negotiation_view(seat: int = 0) -> object:
    from millions_rules import apply

    state = new_game(GameConfig(4, seed=3))
    for player, role in enumerate((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.DRIVER)):
        state = apply(state, Choose(player, role))
    return view(state, seat)


@pytest.mark.parametrize(
    "text",
    [
        "/pay @Bo 2",
        "/pay @bo 2M",
        "/pagar @Bo 2 M",
        "/付 @Bo 200万",
        "pay bo 2",
        "pay @2 2",
        "pay #2 2m",
        "付@Bo 2百万",
    ],
)
def test_amounts_and_seats_in_every_form(text: str) -> None:
    """A payment (R-NEG-3) names its payee by ``@name``, a bare name, ``@2`` or ``#2`` (from
    1) and its amount as ``2``, ``2M``, ``2 M``, ``200万`` or ``2百万``."""
    names = ["Ana", "Bo", "Cy", "Dee"]
    assert parse_command(text, negotiation_view(), names=names) == Pay(0, 1, 2)


def test_decisions_and_threat_commands() -> None:
    """Stay and leave (R-NEG-1/2) in each locale."""
    seen = negotiation_view()
    assert parse_command("/stay", seen) == Stay(0)
    assert parse_command("me quedo", seen) == Stay(0)
    assert parse_command("/退出", seen) == Leave(0)
    assert command(UseThreat(0, 2, 1), names=["A", "B", "C"]) == "/threat @C 2"
    assert command(Denounce(0, Role.DRIVER), locale="zh") == "/指认 司机"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("/fly", "unknown_command"),
        ("/pay @Zed 2", "unknown_player"),
        ("/pay @9 2", "unknown_player"),
        ("/pay @Bo 2万", "bad_amount"),
        ("/pay @Bo 0", "bad_amount"),
        ("/pay @Bo 1.5", "bad_amount"),
        ("/pay @Bo 99", "not_legal"),
        ("/pay @Ana 1", "not_legal"),
        ("/pay @Bo", "bad_arguments"),
        ("/stay now", "bad_arguments"),
        ("/choose driver", "not_legal"),
        ("/leave wizard", "unknown_role"),
    ],
)
def test_refusals_have_stable_codes_and_suggestions(text: str, code: str) -> None:
    """Each kind of mistake gives its documented code and at least one legal suggestion,
    which itself parses to a legal action."""
    names = ["Ana", "Bo", "Cy", "Dee"]
    seen = negotiation_view()
    with pytest.raises(NotationError) as caught:
        parse_command(text, seen, names=names, locale="zh")
    error = caught.value
    assert error.code == code and code in NOTATION_ERROR_CODES
    assert error.nearest
    for suggestion in error.nearest:
        parse_command(suggestion, seen, names=names)
    assert error.nearest[0] in error.localized("zh")


def test_suggestions_prefer_the_command_typed() -> None:
    """A payment to nobody suggests payments first, in the refusal's locale."""
    with pytest.raises(NotationError) as caught:
        parse_command(
            "/pay @Zed 2", negotiation_view(), names=["Ana", "Bo", "Cy", "Dee"], locale="es"
        )
    assert caught.value.nearest[0].startswith("/pagar @")
    assert caught.value.localized("es").startswith("«@zed» no es un jugador de esta mesa.")
    assert caught.value.localized("en").startswith("“@zed” is not a player at this table.")
    assert caught.value.localized("zh").startswith("“@zed”不是本桌的玩家。")


def test_a_seat_with_nothing_to_do_is_told_so() -> None:
    """A spectator, or a seat whose choice is made (R-PLAN-2), has nothing to do."""
    from millions_rules import apply

    state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
    for seen in (view(state, 0), view(state, None)):
        with pytest.raises(NotationError) as caught:
            parse_command("/stay", seen)
        assert caught.value.code == "nothing_to_do"
    assert caught.value.localized("es") == "Ahora no tienes nada que hacer."


def test_wrong_types_are_refused_with_a_typed_error() -> None:
    """Bad arguments give NotationError ``bad_value``, never a bare TypeError."""
    seen = planning_view()
    for call in (
        lambda: parse_command(3, seen),  # type: ignore[arg-type]
        lambda: parse_command("/stay", "view"),
        lambda: parse_command("/stay", seen, names="Ana"),
        lambda: command("stay"),
        lambda: command(Stay(0), names=[1, 2]),  # type: ignore[list-item]
    ):
        with pytest.raises(NotationError) as caught:
            call()
        assert caught.value.code == "bad_value"


def test_errors_pickle() -> None:
    """A refusal survives pickling (a host may send it to another process)."""
    error = NotationError("unknown_command", {"word": "x"}, ("/stay",))
    again = pickle.loads(pickle.dumps(error))
    assert (again.code, again.nearest, str(again)) == (error.code, error.nearest, str(error))


def opening_view() -> object:
    return torraku_view(torraku_game(TorrakuConfig(2, seed=1)), 0)


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("/bet RRV", (R, R, V)),
        ("bet rrv", (R, R, V)),
        ("/bet 2R V", (R, R, V)),
        ("/bet 2 rice cookers van", (R, R, V)),
        ("/apostar AAC", (R, R, V)),
        ("/apostar 2 arroceras camioneta", (R, R, V)),
        ("押煲煲车", (R, R, V)),
        ("/押 2个电饭煲 面包车", (R, R, V)),
        ("/bet VWR", (V, W, R)),
    ],
)
def test_bets_by_letter_name_and_count(text: str, pieces: tuple[PieceKind, ...]) -> None:
    """An opening bet (R-TK-BET-4) names its pieces by letter or name in any locale, with
    counts; the row takes them in the order typed (R-TK-BET-6)."""
    assert parse_command(text, opening_view()) == Bet(0, pieces)


def test_bets_from_the_bag() -> None:
    """A bet short of the current bet tops up from the bag (R-TK-BET-7): written after the
    bag keyword, read in every locale."""
    action = Bet(0, (W, R, R), (R,))
    assert command(action) == "/bet WR bag R"
    assert command(action, locale="es") == "/apostar LA bolsa A"
    assert command(action, locale="zh") == "/押 洗煲 袋 煲"


def test_torraku_refusals() -> None:
    """The opener cannot pass (R-TK-BET-4); an unknown piece is named; a stacking report out
    of turn is not legal."""
    seen = opening_view()
    cases = {
        "/pass": "not_legal",
        "/bet XYZ": "unknown_piece",
        "/placed": "not_legal",
        "/bet 11R": "not_legal",
    }
    for text, code in cases.items():
        with pytest.raises(NotationError) as caught:
            parse_command(text, seen, locale="zh")
        assert caught.value.code == code, text
        assert caught.value.nearest[0].startswith("/押")


def test_stacking_reports() -> None:
    """The four outcomes of an attempt (R-TK-STACK-4) and a knock-down's ``fallen``
    (R-TK-STACK-7, from 1 to the stack's height) read in every locale."""
    from millions_rules.torraku import apply as torraku_apply

    state = torraku_game(TorrakuConfig(2, seed=1))
    for action in (Bet(0, [R, R]), Bet(1, [R, R]), Pass(0), Pass(1)):
        state = torraku_apply(state, action)
    stacker = state.to_act
    assert stacker is not None and state.stack
    seen = torraku_view(state, stacker)
    assert parse_command("/placed", seen) == ReportPlacement(stacker, Placement.PLACED)
    assert parse_command("掉了", seen) == ReportPlacement(stacker, Placement.DROPPED)
    assert parse_command("/derribo 1", seen) == ReportPlacement(stacker, Placement.KNOCKED_DOWN, 1)
    assert parse_command("se cayó la pila", seen) == ReportPlacement(
        stacker, Placement.KNOCKED_DOWN
    )
    assert parse_command("碰了", seen) == ReportPlacement(stacker, Placement.TOUCHED)
    with pytest.raises(NotationError) as caught:
        parse_command(f"/knocked {len(state.stack) + 1}", seen)
    assert caught.value.code == "not_legal"
