"""One or more tests per rule of Currency Torraku (R-TK-...), and the spec's worked examples.

The worked examples of TORRAKU_RULES.md are the ``TestWorkedExample*`` classes, played exactly
as written (default supply, ``Dealer.EXTERNAL``). ``V``, ``W`` and ``R`` are a van, a washing
machine and a rice cooker.
"""

from __future__ import annotations

import attrs
import pytest

from millions_rules import Dealer
from millions_rules._common.random import draw_below, draw_unit, seed_state
from millions_rules.torraku import (
    DEFAULT_SUPPLY,
    MAX_SUPPLY,
    Bet,
    BetPlaced,
    BettingEnded,
    ConfigError,
    GameWon,
    IllegalActionError,
    Pass,
    Passed,
    PenaltyTaken,
    Phase,
    PieceCounts,
    PieceDropped,
    PieceKind,
    PiecePlaced,
    Placement,
    ReportPlacement,
    RoundEnded,
    RoundStarted,
    Setup,
    StackStarted,
    TorrakuConfig,
    TorrakuState,
    apply,
    check,
    knock_probability,
    legal_actions,
    new_game,
    view,
)

from .torraku_scenario import R, V, W, play, table

PLACED, DROPPED = Placement.PLACED, Placement.DROPPED
KNOCKED, TOUCHED = Placement.KNOCKED_DOWN, Placement.TOUCHED


def refused(state: TorrakuState, action: object) -> str:
    """The code ``action`` is refused with; the state must be left unchanged."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    assert state == before
    error = check(state, action)
    assert error is not None and error.code == info.value.code
    return info.value.code


def example_1_betting() -> TorrakuState:
    state = new_game(TorrakuConfig(3, seed=1))
    return play(state, Bet(0, [R, R]), Bet(1, [R, R, R]), Pass(2), Bet(0, [V]), Pass(1), Pass(0))


def example_2_table() -> TorrakuState:
    return table((PieceCounts(1, 2, 2), PieceCounts(0, 1, 0), PieceCounts(0, 0, 6)))


# -- the worked examples ------------------------------------------------------------------


class TestWorkedExample1:
    """Worked example 1: a whole round with three players."""

    def test_betting(self) -> None:
        """Bets 2, raise to 3, a zero pass, a match; the last passer is P0 (R-TK-BET-1 to -9)."""
        state = example_1_betting()
        assert state.rows == ((R, V), (R, R, R), ())  # P0's first R is the base
        end = [e for e in state.events if isinstance(e, BettingEnded)]
        assert end == [BettingEnded(1, (3, 3, 0), 0)]
        assert state.phase is Phase.STACKING and state.to_act == 1
        assert state.stack[0].kind is R and len(state.stack) == 1  # the automatic base

    def test_whole_round(self) -> None:
        """The stacking, the penalty and the end of the round give exactly the spec's numbers."""
        state = play(
            example_1_betting(),
            ReportPlacement(1, PLACED),
            ReportPlacement(0, PLACED),
            ReportPlacement(1, KNOCKED, 2),
            ReportPlacement(0, PLACED),
        )
        assert state.events[-7:] == (
            PiecePlaced(1, R, 2),
            PiecePlaced(0, R, 3),
            PenaltyTaken(1, KNOCKED, R, PieceCounts(0, 0, 3), 2),
            StackStarted(1, R, True),
            PiecePlaced(0, V, 2),
            RoundEnded(1, PieceCounts(1, 0, 1), 0, (7, 11, 10)),
            RoundStarted(2, 0),
        )
        assert state.bag == PieceCounts(7, 6, 19)
        assert state.hands == (PieceCounts(1, 2, 4), PieceCounts(2, 2, 7), PieceCounts(2, 2, 6))
        assert (state.round, state.opener, state.to_act) == (2, 0, 0)
        assert state.version == len(state.history) == 10
        assert sum(h.total for h in state.hands) + state.bag.total == 28 + 32 == 60


class TestWorkedExample2:
    """Worked example 2: topping up from the bag."""

    def test_bag_bets(self) -> None:
        """R-TK-BET-7: one legal top-up and the refusals the spec lists, with their codes."""
        state = play(example_2_table(), Bet(0, [R, R, V]))
        assert state.current_bet == 3
        assert check(state, Bet(1, [W, V, V], from_bag=[V, V])) is None
        assert refused(state, Bet(1, [W, V, V, V], from_bag=[V, V, V])) == "bag_must_match"
        assert refused(state, Bet(1, [V, V, R], from_bag=[V, V, R])) == "bag_requires_whole_hand"
        state = play(state, Bet(1, [W, V, V], from_bag=[V, V]), Bet(2, [R] * 5), Pass(0))
        assert state.bag == PieceCounts(9, 9, 28)
        assert legal_actions(state) == (Pass(1),)
        assert refused(state, Bet(1, [V], from_bag=[V])) == "bag_not_allowed"
        state = play(state, Pass(1), Pass(2))
        assert state.last_passer == 2 and state.stack[0].kind is R

    def test_everything_placed(self) -> None:
        """If every attempt is placed the stack reaches 11 and P1 wins alone (R-TK-END-3)."""
        state = play(
            example_2_table(),
            Bet(0, [R, R, V]),
            Bet(1, [W, V, V], from_bag=[V, V]),
            Bet(2, [R] * 5),
            Pass(0),
            Pass(1),
            Pass(2),
        )
        while state.phase is Phase.STACKING:
            assert state.to_act is not None
            state = apply(state, ReportPlacement(state.to_act, PLACED))
        ended = [e for e in state.events if isinstance(e, RoundEnded)]
        assert ended[-1].bagged.total == 11
        assert state.winners == (1,) and state.events[-1] == GameWon((1,), 1, False)
        assert state.hands[0] == PieceCounts(0, 2, 0) and state.hands[2] == PieceCounts(0, 0, 1)


class TestWorkedExample3:
    """Worked example 3: a penalty with an empty row (R-TK-PEN-3)."""

    def test_penalty_then_next_seat_lays_base(self) -> None:
        """P0 touches, takes R and V; P1 lays its second R as a new base; P1 opens round 2."""
        state = new_game(TorrakuConfig(2, seed=1))
        state = play(state, Bet(0, [V]), Bet(1, [R, R]), Pass(0), Pass(1))
        assert state.events[-1] == StackStarted(1, R, False) and state.to_act == 0
        state = apply(state, ReportPlacement(0, TOUCHED))
        assert state.events[-4:] == (
            PenaltyTaken(0, TOUCHED, V, PieceCounts(0, 0, 1), None),
            StackStarted(1, R, True),
            RoundEnded(1, PieceCounts(0, 0, 1), 1, (11, 8)),
            RoundStarted(2, 1),
        )
        assert state.hands[0] == PieceCounts(2, 2, 7)  # one piece more than at the start

    def test_p1_with_two_pieces_wins(self) -> None:
        """If P1 began the round with exactly 2 pieces, P1 wins (R-TK-END-3)."""
        state = table((PieceCounts(2, 2, 6), PieceCounts(0, 0, 2)))
        state = play(state, Bet(0, [V]), Bet(1, [R, R]), Pass(0), Pass(1))
        state = apply(state, ReportPlacement(0, TOUCHED))
        assert state.winners == (1,) and state.is_over


class TestWorkedExample4:
    def test_dropped_moves_nothing(self) -> None:
        """Worked example 4, R-TK-STACK-6: a drop emits PieceDropped and the same stacker retries."""
        state = example_1_betting()
        after = apply(state, ReportPlacement(1, DROPPED))
        assert after.events[-1] == PieceDropped(1, R)
        assert (after.rows, after.stack, after.hands, after.bag) == (
            state.rows,
            state.stack,
            state.hands,
            state.bag,
        )
        assert after.to_act == 1 and after.phase is Phase.STACKING
        again = play(after, ReportPlacement(1, DROPPED), ReportPlacement(1, PLACED))
        assert again.events[-1] == PiecePlaced(1, R, 2)


class TestWorkedExample5:
    def test_no_check_and_opener_must_bet(self) -> None:
        """Worked example 5, R-TK-BET-4, R-TK-BET-5: no opening pass, no empty bet."""
        state = new_game(TorrakuConfig(3, seed=1))
        assert refused(state, Pass(0)) == "opener_must_bet"
        state = play(state, Bet(0, [R, R]), Bet(1, [R, R]), Bet(2, [R, R]))
        assert state.to_act == 0
        assert refused(state, Bet(0, [])) == "empty_bet"
        actions = legal_actions(state)
        assert actions[0] == Pass(0)
        assert all(len(a.pieces) >= 1 for a in actions[1:] if isinstance(a, Bet))
        raised = apply(state, Bet(0, [V]))
        assert raised.current_bet == 3


class TestWorkedExample6:
    def test_one_piece_round(self) -> None:
        """Worked example 6: P0 bets its last piece, both pass, the base ends the round: P0 wins."""
        state = table((PieceCounts(0, 0, 1), PieceCounts(2, 2, 6)))
        state = play(state, Bet(0, [R]), Pass(1), Pass(0))
        assert state.events[-4:] == (
            BettingEnded(1, (1, 0), 0),
            StackStarted(0, R, False),
            RoundEnded(1, PieceCounts(0, 0, 1), 0, (0, 10)),
            GameWon((0,), 1, False),
        )


# -- R-TK-COMP ------------------------------------------------------------------------------


class TestComponents:
    def test_piece_kinds(self) -> None:
        """R-TK-COMP-1: three kinds in canonical order, with their JSON spellings."""
        assert [k.value for k in PieceKind] == ["van", "washing_machine", "rice_cooker"]
        assert [k.order for k in PieceKind] == [0, 1, 2]

    def test_kinds_have_no_value(self) -> None:
        """R-TK-COMP-2: betting a van or a rice cooker leads to the same counts of pieces."""
        ends = []
        for kind in (V, R):
            state = play(new_game(TorrakuConfig(2, seed=1)), Bet(0, [kind]), Pass(1), Pass(0))
            ends.append(tuple(state.pieces_left(s) for s in range(2)))
        assert ends[0] == ends[1] == (9, 10)

    def test_supply(self) -> None:
        """R-TK-COMP-3: the default supply is 12/12/36 and all pieces are always accounted for."""
        assert PieceCounts(12, 12, 36) == DEFAULT_SUPPLY
        state = example_1_betting()
        assert state.in_play() == DEFAULT_SUPPLY
        supply = PieceCounts(20, 20, 40)
        assert new_game(TorrakuConfig(2, supply=supply)).in_play() == supply

    def test_bag_is_public(self) -> None:
        """R-TK-COMP-4: every view shows the bag's contents."""
        state = example_1_betting()
        assert view(state, 2).bag == view(state).bag == PieceCounts(6, 6, 18)

    def test_seats(self) -> None:
        """R-TK-COMP-5: one to six players; a seat outside the game is refused."""
        assert new_game(TorrakuConfig(1)).config.players == 1
        assert new_game(TorrakuConfig(6)).bag.total == 0
        for players in (0, 7, True, "3"):
            with pytest.raises(ConfigError):
                TorrakuConfig(players)  # type: ignore[arg-type]
        assert refused(new_game(TorrakuConfig(3)), Bet(3, [R])) == "unknown_player"
        assert refused(new_game(TorrakuConfig(3)), Bet(True, [R])) == "bad_value"

    def test_zones(self) -> None:
        """R-TK-COMP-6: rows hold the innermost piece first; each piece lies in one zone."""
        state = play(new_game(TorrakuConfig(2, seed=1)), Bet(0, [W, V, R]))
        assert state.rows[0] == (W, V, R)
        assert state.hands[0] + PieceCounts.of(state.rows[0]) == PieceCounts(2, 2, 6)
        assert state.in_play() == state.config.supply


# -- R-TK-SETUP -----------------------------------------------------------------------------

STANDARD_BAGS = {
    1: (10, 10, 30),
    2: (8, 8, 24),
    3: (6, 6, 18),
    4: (4, 4, 12),
    5: (2, 2, 6),
    6: (0, 0, 0),
}
LONG_SHARES = {
    1: ((12, 12, 36), (0, 0, 0)),
    2: ((6, 6, 18), (0, 0, 0)),
    3: ((4, 4, 12), (0, 0, 0)),
    4: ((3, 3, 9), (0, 0, 0)),
    5: ((2, 2, 7), (2, 2, 1)),
    6: ((2, 2, 6), (0, 0, 0)),
}


class TestSetup:
    @pytest.mark.parametrize("players", range(1, 7))
    def test_standard(self, players: int) -> None:
        """R-TK-SETUP-1: 2V 2W 6R each, the rest in the bag, as in the spec's table."""
        state = new_game(TorrakuConfig(players))
        assert state.hands == (PieceCounts(2, 2, 6),) * players
        assert state.bag.as_tuple() == STANDARD_BAGS[players]

    @pytest.mark.parametrize("players", range(1, 7))
    def test_long(self, players: int) -> None:
        """R-TK-SETUP-2, R-TK-VAR-LONG: equal shares per kind, the remainders in the bag."""
        state = new_game(TorrakuConfig.long(players))
        share, bag = LONG_SHARES[players]
        assert state.config.setup is Setup.LONG
        assert state.hands == (PieceCounts(*share),) * players
        assert state.bag.as_tuple() == bag

    def test_validity(self) -> None:
        """R-TK-SETUP-3: a supply too small for the standard game, or a long game dealing nothing."""
        with pytest.raises(ConfigError, match="R-TK-SETUP-3"):
            TorrakuConfig(3, supply=PieceCounts(6, 6, 17))
        with pytest.raises(ConfigError, match="R-TK-SETUP-3"):
            TorrakuConfig.long(4, supply=PieceCounts(3, 3, 3))
        assert TorrakuConfig.long(4, supply=PieceCounts(0, 0, 4)).share == PieceCounts(0, 0, 1)

    def test_first_player(self) -> None:
        """R-TK-SETUP-4: ``first_player`` opens round 1; it must be a seat."""
        state = new_game(TorrakuConfig(4, first_player=2))
        assert (state.to_act, state.opener, state.events[2]) == (2, 2, RoundStarted(1, 2))
        with pytest.raises(ConfigError):
            TorrakuConfig(4, first_player=4)

    def test_objective(self) -> None:
        """R-TK-SETUP-5: getting rid of every piece wins."""
        state = table((PieceCounts(0, 0, 1), PieceCounts(2, 2, 6)))
        assert play(state, Bet(0, [R]), Pass(1), Pass(0)).winners == (0,)


# -- R-TK-BET -------------------------------------------------------------------------------


class TestBetting:
    def test_opener(self) -> None:
        """R-TK-BET-1: round 1 by ``first_player``; later rounds by the last adder."""
        state = new_game(TorrakuConfig(3, first_player=1))
        assert state.to_act == 1
        state = play(state, Bet(1, [R]), Pass(2), Pass(0), Pass(1))  # base by P1 ends the round
        assert state.round == 2 and state.opener == 1
        state = play(state, Bet(1, [R]), Bet(2, [R]), Pass(0), Pass(1), Pass(2))
        state = apply(state, ReportPlacement(1, PLACED))  # P2 based, P1 added last
        assert state.events[-1] == RoundStarted(3, 1)

    def test_current_bet_counts_passed_players(self) -> None:
        """R-TK-BET-2: the current bet is the longest row, even a passed player's."""
        state = play(new_game(TorrakuConfig(3)), Bet(0, [R, R, R]), Pass(1))
        state = apply(state, Pass(2))
        assert state.current_bet == 3 and state.to_act == 0
        state = new_game(TorrakuConfig(3))
        assert state.current_bet == 0

    def test_turn_order(self) -> None:
        """R-TK-BET-3: clockwise, passed players skipped, back to the same player if alone."""
        state = play(new_game(TorrakuConfig(4, first_player=2)), Bet(2, [R]))
        assert state.to_act == 3
        state = play(state, Pass(3), Bet(0, [R]), Pass(1))
        assert state.to_act == 2
        state = play(state, Pass(2))
        assert state.to_act == 0  # everyone else has passed: P0 again
        assert refused(state, Pass(1)) == "not_your_turn"
        state = play(state, Bet(0, [V]))
        assert state.to_act == 0

    def test_opening_bet(self) -> None:
        """R-TK-BET-4: the opener bets at least one piece and cannot pass first."""
        state = new_game(TorrakuConfig(2))
        assert refused(state, Pass(0)) == "opener_must_bet"
        assert Pass(0) not in legal_actions(state)
        state = apply(state, Bet(0, [V, R]))
        assert state.events[-1] == BetPlaced(0, (V, R), (), 2, 2, True)

    def test_match_or_raise(self) -> None:
        """R-TK-BET-5: reach at least the current bet; no partial match, no check."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [R, R, R]))
        assert refused(state, Bet(1, [R, R])) == "bet_too_small"
        assert refused(state, Bet(1, [V, V, V])) == "not_in_hand"
        matched = apply(state, Bet(1, [R, V, W]))
        assert matched.events[-1] == BetPlaced(1, (R, V, W), (), 3, 3, False)
        assert refused(matched, Bet(0, [])) == "empty_bet"
        raised = apply(matched, Bet(0, [R] * 3 + [V, V, W, W]))  # the whole hand is allowed
        assert raised.events[-1] == BetPlaced(0, (R, R, R, V, V, W, W), (), 10, 10, True)
        assert raised.hands[0].total == 0
        lowest = [a for a in legal_actions(matched) if isinstance(a, Bet)]
        assert min(len(a.pieces) for a in lowest) == 1

    def test_bet_pieces_go_to_the_outer_end(self) -> None:
        """R-TK-BET-6: raised pieces join the player's end in the order listed."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [R, V]), Bet(1, [R, R, R]), Bet(0, [W, R]))
        assert state.rows[0] == (R, V, W, R)

    def test_topping_up_from_the_bag(self) -> None:
        """R-TK-BET-7: whole hand, exact difference, kinds chosen, bag must hold them."""
        state = table((PieceCounts(0, 0, 6), PieceCounts(0, 0, 1), PieceCounts(0, 0, 6)))
        state = apply(state, Bet(0, [R] * 4))
        assert refused(state, Bet(1, [R, V, V, V], from_bag=[V, V, V, V])) == "bad_value"
        assert refused(state, Bet(1, [V, V, V], from_bag=[V, V, V])) == "bag_requires_whole_hand"
        assert refused(state, Bet(1, [R, V, V], from_bag=[V, V])) == "bag_must_match"
        poor = attrs.evolve(state, bag=PieceCounts(2, 0, 0))
        assert refused(poor, Bet(1, [R, V, V, V], from_bag=[V, V, V])) == "not_in_bag"
        bets = [a for a in legal_actions(state) if isinstance(a, Bet) and a.from_bag]
        assert len(bets) == 10  # (3+1)(3+2)/2 multisets of three pieces
        assert Bet(1, [R, V, W, R], from_bag=[V, W, R]) in bets
        after = apply(state, Bet(1, [R, W, V, V], from_bag=[W, V, V]))
        assert after.bag == PieceCounts(10, 11, 23) and after.rows[1] == (R, W, V, V)
        assert after.events[-1] == BetPlaced(1, (R, W, V, V), (W, V, V), 4, 4, False)
        rich = table((PieceCounts(0, 0, 6), PieceCounts(0, 0, 6)))
        rich = apply(rich, Bet(0, [R, R]))
        assert refused(rich, Bet(1, [R, R, R, V], from_bag=[V])) == "bag_not_allowed"

    def test_pass_fixes_the_bet(self) -> None:
        """R-TK-BET-8: a passer takes no further turn; a zero bet does not stack."""
        state = play(new_game(TorrakuConfig(3)), Bet(0, [R]), Pass(1))
        assert state.events[-1] == Passed(1, 0)
        state = play(state, Bet(2, [R, R]), Bet(0, [R]))
        assert state.to_act == 2  # P1 is skipped
        state = play(state, Pass(2), Pass(0))
        assert state.rows[1] == () and all(
            e.player != 1 for e in state.events if isinstance(e, (StackStarted, PiecePlaced))
        )

    def test_end_of_betting(self) -> None:
        """R-TK-BET-9: betting ends when the last player passes; that player is the last passer."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [R]), Bet(1, [R]), Pass(0))
        assert state.phase is Phase.BETTING
        state = apply(state, Pass(1))
        assert state.last_passer == 1 and state.events[-2] == BettingEnded(1, (1, 1), 1)

    def test_betting_terminates(self) -> None:
        """R-TK-BET-10: every bet takes a piece from a finite hand: at most 2 x pieces + players actions."""
        state = new_game(TorrakuConfig(2))
        steps = 0
        while state.phase is Phase.BETTING:
            actions = legal_actions(state)
            # The smallest bet, else pass: the longest possible betting.
            smallest = [a for a in actions if isinstance(a, Bet) and len(a.pieces) == 1]
            state = apply(state, smallest[0] if smallest and state.current_bet < 20 else actions[0])
            steps += 1
        assert steps <= 20 + 2


# -- R-TK-STACK and R-TK-PEN ----------------------------------------------------------------


class TestStacking:
    def test_last_passer_starts(self) -> None:
        """R-TK-STACK-1: the last passer lays the innermost piece of their row as the base."""
        state = play(new_game(TorrakuConfig(3)), Bet(0, [W, R]), Bet(1, [V, V]), Pass(2))
        state = play(state, Pass(0), Pass(1))
        assert state.events[-1] == StackStarted(1, V, False) and state.rows[1] == (V,)

    def test_turns_skip_empty_rows(self) -> None:
        """R-TK-STACK-2: clockwise from the last stacker, empty rows skipped, innermost piece."""
        state = play(
            new_game(TorrakuConfig(4)), Bet(0, [W, R]), Pass(1), Bet(2, [V, R]), Pass(3), Pass(0)
        )
        state = apply(state, Pass(2))  # P2 lays V; P3 and P1 have empty rows
        assert state.to_act == 0
        state = apply(state, ReportPlacement(0, PLACED))
        assert state.events[-1] == PiecePlaced(0, W, 2) and state.to_act == 2
        assert legal_actions(state) == tuple(ReportPlacement(2, o) for o in Placement)

    def test_base_needs_no_report(self) -> None:
        """R-TK-STACK-3: the base is laid at once and counts as adding a piece."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [R, R]), Pass(1), Pass(0))
        assert state.stack[0].kind is R and state.last_adder == 0 and state.to_act == 0

    def test_four_outcomes(self) -> None:
        """R-TK-STACK-4: exactly four outcomes, in precedence order."""
        assert list(Placement) == [PLACED, DROPPED, KNOCKED, TOUCHED]
        state = example_1_betting()
        assert {type(a) for a in legal_actions(state)} == {ReportPlacement}
        assert legal_actions(state, 0) == ()
        with pytest.raises(IllegalActionError, match="not a seat"):
            legal_actions(state, 3)

    def test_placed(self) -> None:
        """R-TK-STACK-5: the piece joins the stack, the stacker is the last adder, the turn passes."""
        state = apply(example_1_betting(), ReportPlacement(1, PLACED))
        assert (len(state.stack), state.last_adder, state.to_act) == (2, 1, 0)
        assert state.stack[1].player == 1

    def test_dropped(self) -> None:
        """R-TK-STACK-6: a dropped piece is retried, with no limit."""
        state = example_1_betting()
        for _ in range(25):
            state = apply(state, ReportPlacement(1, DROPPED))
        assert state.to_act == 1 and state.rows[1] == (R, R, R)

    def test_reports(self) -> None:
        """R-TK-STACK-7: only the stacker reports; ``fallen`` only with a knock-down, in range."""
        state = example_1_betting()
        assert refused(state, ReportPlacement(0, PLACED)) == "not_stacker"
        assert refused(state, ReportPlacement(1, PLACED, 1)) == "bad_fallen"
        assert refused(state, ReportPlacement(1, KNOCKED, 2)) == "bad_fallen"  # height 1
        assert refused(state, ReportPlacement(1, KNOCKED, 0)) == "bad_fallen"
        assert refused(state, ReportPlacement(1, KNOCKED, True)) == "bad_value"
        assert refused(state, ReportPlacement(1, "placed")) == "bad_value"  # type: ignore[arg-type]
        assert refused(state, Bet(1, [R])) == "wrong_phase"
        assert refused(new_game(TorrakuConfig(2)), ReportPlacement(0, PLACED)) == "wrong_phase"
        assert apply(state, ReportPlacement(1, KNOCKED, 1)).events[-2] == PenaltyTaken(
            1, KNOCKED, R, PieceCounts(0, 0, 1), 1
        )

    def test_seat_authorised_reports(self) -> None:
        """R-TK-STACK-7: a server passing the sender's seat refuses reports and bets for others."""
        state = example_1_betting()
        assert check(state, ReportPlacement(1, PLACED), seat=1) is None
        error = check(state, ReportPlacement(1, PLACED), seat=0)
        assert error is not None and error.code == "not_your_action"
        with pytest.raises(IllegalActionError, match="cannot act for seat 2"):  # seat 1, from 1
            apply(state, ReportPlacement(1, PLACED), seat=2)
        assert apply(state, ReportPlacement(1, PLACED), seat=1).to_act == 0
        fresh = new_game(TorrakuConfig(2))
        assert check(fresh, Bet(0, [R]), seat=5).code == "unknown_player"  # type: ignore[union-attr]

    def test_simulated_outcomes(self) -> None:
        """R-TK-STACK-8: with Dealer.ENGINE the engine resolves stacking; reports are refused."""
        config = TorrakuConfig(3, seed=4, dealer=Dealer.ENGINE)
        state = play(new_game(config), Bet(0, [R, R]), Bet(1, [R, R, R]), Pass(2), Bet(0, [V]))
        assert refused(state, ReportPlacement(1, PLACED)) == "not_dealer_action"
        state = play(state, Pass(1), Pass(0))
        assert state.phase is Phase.BETTING and state.round == 2
        assert any(isinstance(e, RoundEnded) for e in state.events)


class TestPenalties:
    def test_only_knock_down_and_touch(self) -> None:
        """R-TK-PEN-1: knocked down and touched are penalised; placed and dropped are not."""
        for outcome, penalised in (
            (PLACED, False),
            (DROPPED, False),
            (KNOCKED, True),
            (TOUCHED, True),
        ):
            state = apply(example_1_betting(), ReportPlacement(1, outcome))
            assert any(isinstance(e, PenaltyTaken) for e in state.events) is penalised

    def test_stack_goes_to_the_hand(self) -> None:
        """R-TK-PEN-2: the whole stack plus the piece being added go to the stacker's hand."""
        state = play(example_1_betting(), ReportPlacement(1, PLACED), ReportPlacement(0, PLACED))
        before = state.hands[1]
        state = apply(state, ReportPlacement(1, TOUCHED))
        assert state.hands[1] == before + PieceCounts(0, 0, 4)
        assert state.rows[1] == () and len(state.stack) == 1  # P1's last R became the new base

    def test_new_stack(self) -> None:
        """R-TK-PEN-3: own row first, else the next seat with pieces, else the round ends empty."""
        solo = play(new_game(TorrakuConfig(1)), Bet(0, [R, R]), Pass(0))
        solo = apply(solo, ReportPlacement(0, KNOCKED, 1))
        assert solo.events[-3:] == (
            PenaltyTaken(0, KNOCKED, R, PieceCounts(0, 0, 1), 1),
            RoundEnded(1, PieceCounts(), 0, (10,)),
            RoundStarted(2, 0),
        )
        three = play(
            new_game(TorrakuConfig(3)), Bet(0, [R]), Pass(1), Bet(2, [V, V]), Bet(0, [W]), Pass(2)
        )
        three = apply(three, Pass(0))  # P0 lays R, then P2 stacks
        three = play(three, ReportPlacement(2, PLACED), ReportPlacement(0, TOUCHED))
        assert three.events[-4:] == (
            PenaltyTaken(0, TOUCHED, W, PieceCounts(1, 0, 1), None),
            StackStarted(2, V, True),
            RoundEnded(1, PieceCounts(1, 0, 0), 2, (11, 10, 8)),
            RoundStarted(2, 2),
        )


# -- R-TK-END -------------------------------------------------------------------------------


class TestEnd:
    def test_round_ends_when_rows_are_empty(self) -> None:
        """R-TK-END-1: the round ends right after the base, placement or penalty that empties the rows."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [R]), Pass(1), Pass(0))
        assert [type(e).__name__ for e in state.events[-3:]] == [
            "StackStarted",
            "RoundEnded",
            "RoundStarted",
        ]

    def test_stack_goes_to_the_bag(self) -> None:
        """R-TK-END-2: every piece of the centre stack goes into the bag."""
        state = play(new_game(TorrakuConfig(2)), Bet(0, [V, R]), Pass(1), Pass(0))
        state = apply(state, ReportPlacement(0, PLACED))
        assert state.bag == PieceCounts(9, 8, 25) and state.stack == ()

    def test_winners_share(self) -> None:
        """R-TK-END-3: everyone out of pieces at the end of a round wins; several share."""
        state = table((PieceCounts(0, 0, 1), PieceCounts(0, 0, 1)))
        state = play(state, Bet(0, [R]), Bet(1, [R]), Pass(0), Pass(1), ReportPlacement(0, PLACED))
        assert state.winners == (0, 1) and state.events[-1] == GameWon((0, 1), 1, False)
        assert refused(state, Bet(0, [R])) == "game_over"
        assert legal_actions(state) == ()

    def test_win_only_at_end_of_round(self) -> None:
        """R-TK-END-3: a player out of pieces in mid-round has not won yet."""
        state = table((PieceCounts(0, 0, 1), PieceCounts(0, 0, 5)))
        state = play(state, Bet(0, [R]), Bet(1, [R, R]), Pass(0), Pass(1))
        state = apply(state, ReportPlacement(0, PLACED))
        assert state.pieces_left(0) == 0 and not state.is_over
        state = apply(state, ReportPlacement(1, PLACED))
        assert state.winners == (0,)

    def test_next_round_opener(self) -> None:
        """R-TK-END-4: the last successful addition, including a base after a penalty, opens next."""
        state = new_game(TorrakuConfig(2))
        state = play(state, Bet(0, [V]), Bet(1, [R, R]), Pass(0), Pass(1))
        state = apply(state, ReportPlacement(0, TOUCHED))
        assert state.opener == 1 and state.to_act == 1

    def test_no_round_limit_by_default(self) -> None:
        """R-TK-END-5: without the house rule, rounds go on while nobody is out of pieces."""
        state = new_game(TorrakuConfig(1))
        assert state.config.round_limit is None
        for _ in range(12):  # bet one piece and knock it down: nothing changes, forever
            state = play(state, Bet(0, [R, R]), Pass(0), ReportPlacement(0, KNOCKED, 1))
        assert state.round == 13 and not state.is_over

    def test_one_player(self) -> None:
        """R-TK-END-6: solo play uses the same rules and ends when the player is out of pieces."""
        state = new_game(TorrakuConfig(1))
        state = play(state, Bet(0, [V, V, W, W] + [R] * 6), Pass(0))
        while not state.is_over:
            state = apply(state, ReportPlacement(0, PLACED))
        assert state.winners == (0,) and state.bag.total == 60 and state.round == 1


# -- R-TK-VAR, R-TK-INFO, R-TK-SIM ----------------------------------------------------------


class TestVariants:
    def test_long_game(self) -> None:
        """R-TK-VAR-LONG: ``setup=Setup.LONG`` is the only variant; standard is the default."""
        assert TorrakuConfig(2).setup is Setup.STANDARD
        assert new_game(TorrakuConfig(2, setup=Setup.LONG)).hands[0] == PieceCounts(6, 6, 18)

    def test_supply_and_first_player(self) -> None:
        """R-TK-VAR-SUPPLY: ``supply`` and ``first_player`` are parameters."""
        state = new_game(TorrakuConfig(2, supply=PieceCounts(4, 5, 20), first_player=1))
        assert state.bag == PieceCounts(0, 1, 8) and state.to_act == 1
        with pytest.raises(ConfigError):
            TorrakuConfig(2, supply=(12, 12, 36))  # type: ignore[arg-type]
        assert TorrakuConfig(1, supply=PieceCounts(40, 40, 40)).supply.total == MAX_SUPPLY
        with pytest.raises(ConfigError, match="more than 120"):  # every action's work is bounded
            TorrakuConfig(1, supply=PieceCounts(40, 40, 41))

    def test_round_limit(self) -> None:
        """R-TK-VAR-LIMIT: at the limit the fewest pieces win, and GameWon says so."""
        config = TorrakuConfig(3, seed=1, round_limit=1)
        state = play(
            new_game(config),
            Bet(0, [R, R]),
            Bet(1, [R, R, R]),
            Pass(2),
            Bet(0, [V]),
            Pass(1),
            Pass(0),
            ReportPlacement(1, PLACED),
            ReportPlacement(0, PLACED),
            ReportPlacement(1, KNOCKED, 2),
            ReportPlacement(0, PLACED),
        )
        assert state.events[-1] == GameWon((0,), 1, True) and state.to_act is None
        with pytest.raises(ConfigError):
            TorrakuConfig(3, round_limit=0)

    def test_dealer(self) -> None:
        """R-TK-VAR-DEALER: reported outcomes by default, the model with Dealer.ENGINE."""
        assert TorrakuConfig(2).dealer is Dealer.EXTERNAL
        assert TorrakuConfig.simulated(2).dealer is Dealer.ENGINE


class TestInformation:
    def test_views_hide_only_the_generator(self) -> None:
        """R-TK-INFO: every seat sees the same table; the generator state and seed are not in it."""
        state = example_1_betting()
        other = attrs.evolve(state, rng=12345, config=attrs.evolve(state.config, seed=99))
        assert view(state, 0) == view(other, 0)
        assert attrs.evolve(view(state, 0), seat=None) == view(state)
        assert view(state, 1).rows == state.rows
        assert not hasattr(view(state), "rng") and not hasattr(view(state).config, "seed")
        with pytest.raises(IllegalActionError):
            view(state, 5)


class TestModel:
    def test_parameters(self) -> None:
        """R-TK-SIM-1: defaults, and every value checked (>= 0, cap < 1, sum < 1)."""
        config = TorrakuConfig(2)
        assert (config.knock_base, config.knock_slope, config.knock_cap) == (0.02, 0.015, 0.75)
        assert (config.kind_factor, config.skill, config.touch, config.drop) == (
            (1.0, 1.0, 1.0),
            None,
            0.0,
            0.0,
        )
        for bad in (
            {"knock_cap": 1.0},
            {"touch": 0.2, "knock_cap": 0.5, "drop": 0.3},
            {"knock_base": -0.1},
            {"knock_slope": float("nan")},
            {"drop": True},
            {"kind_factor": (1.0, 1.0)},
            {"skill": (1.0,)},
            {"skill": (1.0, "x")},
        ):
            with pytest.raises(ConfigError):
                TorrakuConfig(2, **bad)

    def test_probability(self) -> None:
        """R-TK-SIM-2: min(cap, (base + slope (h - 1)) x kind factor x skill)."""
        config = TorrakuConfig(2, kind_factor=(2.0, 1.0, 1.0), skill=(0.5, 3.0))
        assert knock_probability(config, 1, V, 0) == pytest.approx(0.02)
        assert knock_probability(config, 11, R, 1) == pytest.approx((0.02 + 0.15) * 3)
        assert knock_probability(config, 60, V, 1) == 0.75

    def test_draws_follow_the_contract(self) -> None:
        """R-TK-SIM-2: one uniform draw per attempt, a second for ``fallen`` on a knock-down only."""
        config = TorrakuConfig(
            1, seed=6, dealer=Dealer.ENGINE, knock_base=0.1, knock_slope=0.1, touch=0.1, drop=0.14
        )
        state = play(new_game(config), Bet(0, [V, V, W] + [R] * 6), Pass(0))
        rng, stack, row = seed_state(6), 1, [V, W] + [R] * 6
        expected: list[tuple[str, int | None]] = []
        taken = 0
        while row:
            u, rng = draw_unit(rng)
            p = min(0.75, 0.1 + 0.1 * (stack - 1))
            if u < 0.1:
                expected.append(("touched", None))
            elif u < 0.1 + p:
                fallen, rng = draw_below(rng, stack)
                expected.append(("knocked_down", fallen + 1))
            elif u < 0.1 + p + 0.14:
                expected.append(("dropped", None))
                continue
            else:
                expected.append(("placed", None))
                row.pop(0)
                stack += 1
                continue
            row.pop(0)
            taken += stack + 1
            stack = 0
            if row:
                row.pop(0)
                stack = 1
        got: list[tuple[str, int | None]] = []
        for event in state.events:
            if isinstance(event, PiecePlaced):
                got.append(("placed", None))
            elif isinstance(event, PieceDropped):
                got.append(("dropped", None))
            elif isinstance(event, PenaltyTaken):
                got.append((event.cause.value, event.fallen))
        assert got == expected
        assert {outcome for outcome, _ in got} == {"placed", "dropped", "knocked_down", "touched"}
        assert state.round == 2 and state.rng == rng
        assert state.hands[0].total == 1 + taken

    def test_steady_hands_always_place(self) -> None:
        """R-TK-SIM-2: with a knock-down probability of zero every attempt is placed."""
        config = TorrakuConfig(2, seed=3, dealer=Dealer.ENGINE, knock_base=0.0, knock_slope=0.0)
        state = play(new_game(config), Bet(0, [R] * 6), Bet(1, [R] * 6), Pass(0), Pass(1))
        assert not any(isinstance(e, (PenaltyTaken, PieceDropped)) for e in state.events)
        assert state.hands == (PieceCounts(2, 2, 0), PieceCounts(2, 2, 0)) and state.round == 2
