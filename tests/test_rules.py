"""One or more tests per rule of RULES.md, on hand-built rounds with exact cash.

Each test names the rule it proves. Unless said otherwise the rounds use the
external dealer (exact loot card, exact face-down role card) and the standard
deck: ``PLAIN_9`` is 9M with a 1M deposit, ``PLAIN_10`` and ``PLAIN_12`` take
2M deposits, and the 8M cards carry a role symbol.
"""

from __future__ import annotations

import json

import attrs
import pytest

from millions_rules import (
    STANDARD_LOOT_DECK,
    BonusPaid,
    CharacterChosen,
    CharacterRevealed,
    CharacterTakenBack,
    Choose,
    ConfigError,
    CrookStole,
    Dealer,
    DealLoot,
    Denounce,
    DepositForfeited,
    DepositPlaced,
    DriverPaid,
    Eliminated,
    GameConfig,
    GameState,
    GameWon,
    IllegalActionError,
    Leave,
    Left,
    LootCard,
    LootRevealed,
    LootShared,
    Pay,
    Phase,
    RepeatRole,
    Role,
    RoleCardsLaidOut,
    RoleDenounced,
    RoundEnded,
    SetAside,
    ShareReceived,
    ShareWithheld,
    SnitchPunished,
    Stay,
    ThreatGained,
    ThreatPeeked,
    ThreatUsed,
    UseThreat,
    WinReason,
    apply,
    from_json,
    legal_actions,
    new_game,
    roles_in_play,
    to_json,
)

from .scenario import (
    BRUTE_8,
    DRIVER_8,
    PLAIN_9,
    PLAIN_10,
    PLAIN_12,
    events_of,
    external,
    money_in_game,
    play,
    play_round,
)

S, B, D, C, M = Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.MASTERMIND


def refused(state: object, action: object, code: str) -> IllegalActionError:
    """Apply ``action`` expecting a refusal with ``code``."""
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert caught.value.code == code, str(caught.value)
    return caught.value


# -- R-COMP ---------------------------------------------------------------------


class TestComponents:
    def test_roles_in_reveal_order(self) -> None:
        """R-COMP-1: five roles, Snitch, Brute, Driver, Crook, Mastermind, in that order."""
        assert list(Role) == [S, B, D, C, M]
        assert sorted([M, S, C, B, D]) == [S, B, D, C, M]

    @pytest.mark.parametrize(
        ("players", "roles"),
        [
            (3, (S, B, D, C, M)),
            (4, (B, D, C)),
            (5, (S, B, D, C)),
            (6, (S, B, D, C)),
            (7, (S, B, D, C, M)),
            (8, (S, B, D, C, M)),
        ],
    )
    def test_roles_by_player_count(self, players: int, roles: tuple[Role, ...]) -> None:
        """R-COMP-2: the roles in play depend on the number of players."""
        assert roles_in_play(players) == roles
        assert GameConfig(players, seed=0).roles == roles

    def test_role_out_of_play_refused(self) -> None:
        """R-COMP-2: with four players there is no Snitch and no Mastermind."""
        state = new_game(GameConfig(4, seed=0))
        error = refused(state, Choose(0, S), "role_not_in_play")
        assert error.rule == "R-COMP-2"
        refused(state, Choose(0, M), "role_not_in_play")

    @pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
    def test_starting_money(self, players: int) -> None:
        """R-COMP-3: 5M each, the reserve holds the rest of the 175M."""
        state = new_game(GameConfig(players, seed=0))
        assert state.cash == (5,) * players
        assert state.reserve == 175 - 5 * players
        assert money_in_game(state) == 175

    def test_reserve_caps_the_loot(self) -> None:
        """R-COMP-3: a payment from the reserve is capped at what it holds."""
        state = new_game(external(4, total_money=21))  # the reserve starts with 1M
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert events_of(state, LootShared) == [LootShared(9, 3, 0)]
        assert state.cash == (3, 5, 7, 5)  # nothing dealt; the Crook still robs the Brute
        assert state.reserve == 1
        assert money_in_game(state) == 21

    def test_default_deck_uses_all_eight_cards(self) -> None:
        """R-COMP-4: the default deck is the eight known cards, all dealt in random order."""
        state = new_game(GameConfig(5, seed=11))
        assert len(STANDARD_LOOT_DECK) == 8
        assert len(state.deck) == 7
        dealt = [state.loot] + [STANDARD_LOOT_DECK[i] for i in state.deck]
        assert sorted(dealt, key=repr) == sorted(STANDARD_LOOT_DECK, key=repr)

    def test_larger_deck_leaves_cards_out(self) -> None:
        """R-COMP-4: ``rounds`` cards are drawn at random from a larger deck."""
        deck = (*STANDARD_LOOT_DECK, LootCard(11, 2), LootCard(7, 1))
        drawn = set()
        for seed in range(30):
            state = new_game(GameConfig(5, seed=seed, loot_deck=deck))
            assert len(state.deck) == 7
            assert len(set(state.deck)) == 7
            drawn.add(state.deck)
        assert len(drawn) > 1

    def test_deck_shorter_than_rounds_refused(self) -> None:
        """R-COMP-4: a deck needs at least ``rounds`` cards."""
        with pytest.raises(ConfigError, match="fewer than the 8 rounds"):
            GameConfig(5, loot_deck=STANDARD_LOOT_DECK[:7])

    def test_threat_supply_runs_out(self) -> None:
        """R-COMP-5: eight threat cards; a lone Brute gains none when the supply is empty."""
        state = new_game(external(4))
        assert state.threat_supply == 8
        state = attrs.evolve(state, threats=(8, 0, 0, 0), threat_supply=0)
        state = play_round(state, {0: D, 1: B, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert events_of(state, ThreatGained) == []
        assert state.threats == (8, 0, 0, 0) and state.threat_supply == 0

    def test_used_threat_cards_never_return(self) -> None:
        """R-COMP-5, R-NEG-THREAT (revised 2026-11-29): once all 8 cards were gained, a lone
        Brute gains none even though every card has been used and discarded."""
        state = attrs.evolve(new_game(external(4)), threat_supply=0)  # all 8 gained and used
        state = play_round(state, {0: D, 1: B, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert events_of(state, ThreatGained) == []
        assert state.threats == (0, 0, 0, 0) and state.threat_supply == 0
        assert state.cash == (10, 5, 9, 5)  # the Brute survives and shares, without a card

    def test_leader_passes_clockwise(self) -> None:
        """R-COMP-6: the leader card starts with the chosen seat and passes to seat + 1."""
        state = new_game(external(4, first_leader=3))
        assert state.leader == 3
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert state.leader == 0
        assert events_of(state, RoundEnded) == [RoundEnded(1, 0)]

    def test_unknown_seat_refused(self) -> None:
        """R-COMP-7: seats are 0 .. n-1; anything else is refused with a clear code."""
        state = new_game(GameConfig(5, seed=0))
        assert refused(state, Choose(5, B), "unknown_player").rule == "R-COMP-7"
        refused(state, Choose(-1, B), "unknown_player")
        refused(state, Choose("0", B), "bad_value")  # type: ignore[arg-type]
        refused(state, Choose(True, B), "bad_value")


# -- R-PLAN ---------------------------------------------------------------------


class TestPlanning:
    def test_loot_card_revealed(self) -> None:
        """R-PLAN-1: the round starts with its loot card face up."""
        state = play(new_game(external(4)), [])
        assert state.phase is Phase.DEALING and state.loot is None
        state = apply(state, DealLoot(PLAIN_12))
        assert state.loot == LootCard(12, 2)
        assert state.events[-1] == LootRevealed(1, LootCard(12, 2))
        assert state.phase is Phase.PLANNING

    def test_choice_places_deposit_secretly(self) -> None:
        """R-PLAN-2: the choice is private, the deposit public."""
        state = new_game(external(4))
        state = play_round(state, {0: C}, card=PLAIN_10)
        assert state.cash == (3, 5, 5, 5)
        assert state.deposits == (2, 0, 0, 0)
        assert state.events[-2:] == (CharacterChosen(0, (C,)), DepositPlaced(0, 2, 0))
        assert state.events[-2].visible_to == frozenset({0})
        assert state.events[-1].visible_to is None

    def test_choice_is_final(self) -> None:
        """R-PLAN-2: a choice, once made, is final."""
        state = play_round(new_game(external(4)), {0: C}, card=PLAIN_9)
        assert refused(state, Choose(0, B), "already_chosen").rule == "R-PLAN-2"

    def test_short_player_is_covered_by_reserve(self) -> None:
        """R-PLAN-3: a player short of money pays what they have; the reserve covers the rest,
        and only gets back what it covered."""
        state = new_game(external(4, starting_cash=1))
        state = play(state, [DealLoot(PLAIN_10), Choose(0, B)])
        assert state.cash == (0, 1, 1, 1)
        assert state.reserve == 170
        assert state.events[-1] == DepositPlaced(0, 1, 1)
        state = play_round(state, {1: D, 2: C, 3: C}, aside=B, leave={0})
        assert state.cash[0] == 1  # got back the 1M paid, not the 1M covered
        assert money_in_game(state) == 175

    def test_role_cards_one_face_down(self) -> None:
        """R-PLAN-4: the chosen characters' role cards, all but one face up."""
        state = new_game(GameConfig(6, seed=4))
        state = play(state, [Choose(i, r) for i, r in enumerate([S, B, B, D, C, C])])
        assert state.phase is Phase.NEGOTIATION
        assert len(state.face_up) == 5
        assert state.face_down is not None
        assert sorted([*state.face_up, state.face_down]) == [S, B, B, D, C, C]
        assert events_of(state, RoleCardsLaidOut) == [RoleCardsLaidOut(state.face_up)]


# -- R-NEG ----------------------------------------------------------------------


class TestNegotiation:
    def _state(self) -> GameState:
        state = new_game(external(5))
        return play(
            state,
            [
                DealLoot(PLAIN_9),
                *(Choose(i, r) for i, r in enumerate([S, B, D, C, C])),
                SetAside(C),
            ],
        )

    def test_decision_is_final(self) -> None:
        """R-NEG-1: each player decides once; the phase ends when all have decided."""
        state = self._state()
        state = apply(state, Stay(0))
        assert refused(state, Stay(0), "already_decided").rule == "R-NEG-1"
        refused(state, Leave(0), "already_decided")
        state = play(state, [Stay(1), Stay(2), Leave(3)])
        assert state.phase is Phase.NEGOTIATION
        state = apply(state, Leave(4))
        assert state.phase is not Phase.NEGOTIATION

    def test_stay_outside_negotiation_refused(self) -> None:
        """R-NEG-1: staying belongs to negotiation."""
        state = new_game(GameConfig(4, seed=0))
        assert refused(state, Stay(0), "wrong_phase").rule == "R-NEG-1"

    def test_leaving_returns_deposit_and_hides_role(self) -> None:
        """R-NEG-2: the deposit comes back and the role is never revealed."""
        state = apply(self._state(), Leave(3))
        assert state.cash[3] == 5
        assert state.events[-3:-1] == (Left(3, (0,), 0), CharacterTakenBack(3, C))
        assert state.events[-2].visible_to == frozenset({3})
        state = play(
            state,
            [Stay(0), Stay(1), Stay(2), Stay(4)],
        )
        assert all(e.player != 3 for e in events_of(state, CharacterRevealed))

    def test_payments(self) -> None:
        """R-NEG-3: any amount held, to another player; not to or from one who left."""
        state = self._state()
        state = apply(state, Pay(0, 1, 4))
        assert state.cash[:2] == (0, 8)  # both paid a 1M deposit
        refused(state, Pay(0, 1, 1), "insufficient_funds")
        refused(state, Pay(1, 1, 1), "self_target")
        refused(state, Pay(1, 2, 0), "bad_value")
        state = apply(state, Leave(2))
        assert refused(state, Pay(1, 2, 1), "not_in_round").rule == "R-NEG-3"
        refused(state, Pay(2, 1, 1), "not_in_round")

    def test_payments_not_in_planning(self) -> None:
        """R-NEG-3 (revised 2026-11-29): no payment in planning, so a player cannot hand all
        their cash to an ally before choosing and have the reserve cover the deposit."""
        state = new_game(GameConfig(4, seed=0))
        assert refused(state, Pay(0, 1, 5), "wrong_phase").rule == "R-NEG-3"
        state = apply(state, Choose(1, B))
        refused(state, Pay(0, 1, 5), "wrong_phase")
        refused(state, Pay(1, 0, 1), "wrong_phase")  # nor after choosing
        assert state.cash == (5, 4, 5, 5) and state.reserve == 155
        assert legal_actions(state, 0) == legal_actions(state, 0, payments=False)

    def test_payments_not_while_the_dealer_acts(self) -> None:
        """R-NEG-3 (revised 2026-11-29): no payment while the dealer deals or sets aside."""
        state = new_game(external(4))
        refused(state, Pay(0, 1, 1), "wrong_phase")
        state = play(
            state, [DealLoot(PLAIN_9), *(Choose(i, r) for i, r in enumerate([B, D, C, C]))]
        )
        assert state.phase is Phase.SETTING_ASIDE
        refused(state, Pay(0, 1, 1), "wrong_phase")
        state = apply(state, SetAside(C))
        state = apply(state, Pay(0, 1, 4))  # negotiation: now it is allowed
        assert state.cash == (0, 8, 4, 4)

    def test_payments_not_in_heist(self) -> None:
        """R-NEG-3: payments are for negotiation only."""
        state = play(self._state(), [Stay(i) for i in range(5)])
        assert state.phase is Phase.HEIST
        refused(state, Pay(1, 2, 1), "wrong_phase")

    def _threat_round(self) -> GameState:
        # Round 1: seat 1 is the lone Brute and takes a threat card.
        state = new_game(external(5))
        state = play_round(
            state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={0, 4}
        )
        assert state.threats == (0, 1, 0, 0, 0)
        return play(
            state,
            [
                DealLoot(PLAIN_10),
                *(Choose(i, r) for i, r in enumerate([D, S, B, C, C])),
                SetAside(S),
            ],
        )

    def test_threat_shows_role_to_user_only(self) -> None:
        """R-NEG-THREAT: the user alone learns the role; the used card is discarded
        (revised 2026-11-29), so the supply stays at 7."""
        state = self._threat_round()
        assert state.threats == (0, 1, 0, 0, 0) and state.threat_supply == 7
        state = apply(state, UseThreat(1, 2))
        assert state.events[-2:] == (ThreatUsed(1, 2, 0), ThreatPeeked(1, 2, 0, B))
        assert state.events[-2].visible_to is None
        assert state.events[-1].visible_to == frozenset({1})
        assert state.threats == (0, 0, 0, 0, 0) and state.threat_supply == 7
        assert refused(state, UseThreat(1, 3), "no_threat_card").rule == "R-NEG-THREAT"

    def test_threat_needs_both_in_round(self) -> None:
        """R-NEG-THREAT: the user must not have left; the target must still be in the round."""
        state = self._threat_round()
        refused(apply(state, Leave(2)), UseThreat(1, 2), "not_in_round")
        refused(apply(state, Leave(1)), UseThreat(1, 2), "not_in_round")
        refused(state, UseThreat(1, 1), "self_target")
        refused(state, UseThreat(1, 2, 1), "bad_slot")

    def test_threat_only_in_negotiation(self) -> None:
        """R-NEG-THREAT: threat cards are spent during negotiation."""
        state = self._threat_round()
        state = play(state, [Stay(i) for i in range(5)])
        refused(state, UseThreat(1, 2), "wrong_phase")


# -- R-HEIST --------------------------------------------------------------------


class TestHeist:
    def test_duplicates_eliminated(self) -> None:
        """R-HEIST-DUP: two Drivers are both eliminated and their deposits go to the reserve."""
        state = new_game(external(5))
        state = play_round(state, {0: D, 1: D, 2: C, 3: B, 4: S}, card=PLAIN_9, leave={4})
        assert events_of(state, Eliminated) == [
            Eliminated(0, D, "R-HEIST-DUP"),
            Eliminated(1, D, "R-HEIST-DUP"),
        ]
        assert events_of(state, DepositForfeited) == [
            DepositForfeited(0, D, 1),
            DepositForfeited(1, D, 1),
        ]
        assert state.cash == (4, 4, 11, 7, 5)
        assert state.reserve == 144

    def test_duplicated_brutes_keep_deposits(self) -> None:
        """R-HEIST-BRUTE: duplicated Brutes are eliminated but keep their deposits, no threat."""
        state = new_game(external(5))
        state = play_round(state, {0: B, 1: B, 2: D, 3: C, 4: S}, card=PLAIN_10, leave={4})
        assert events_of(state, DepositForfeited) == []
        assert state.cash == (5, 5, 11, 9, 5)
        assert state.reserve == 140
        assert state.threats == (0,) * 5

    def test_lone_brute_takes_threat(self) -> None:
        """R-HEIST-BRUTE: a lone Brute keeps the deposit and takes a threat card."""
        state = new_game(external(4))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert events_of(state, ThreatGained) == [ThreatGained(0)]
        assert state.threats == (1, 0, 0, 0)

    def test_snitch_names_a_role(self) -> None:
        """R-HEIST-SNITCH: the named role is revealed at the very end, eliminated, deposit lost."""
        state = new_game(external(5))
        state = play_round(state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={4})
        assert state.phase is Phase.HEIST and state.awaiting == (0,)
        assert legal_actions(state) == (Denounce(0, B), Denounce(0, D), Denounce(0, C))
        state = apply(state, Denounce(0, D))
        reveals = [(e.player, e.role) for e in events_of(state, CharacterRevealed)]
        assert reveals == [(0, S), (1, B), (3, C), (2, D)]
        assert events_of(state, Eliminated) == [Eliminated(2, D, "R-HEIST-SNITCH")]
        assert events_of(state, DepositForfeited) == [DepositForfeited(2, D, 1)]
        assert state.cash == (8, 6, 4, 10, 5)
        assert state.reserve == 142

    def test_named_brute_keeps_deposit_without_threat(self) -> None:
        """R-HEIST-SNITCH, R-HEIST-BRUTE: a named Brute keeps the deposit but gains no threat."""
        state = new_game(external(5))
        state = play_round(
            state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={4}, denounce=B
        )
        assert events_of(state, Eliminated) == [Eliminated(1, B, "R-HEIST-SNITCH")]
        assert state.threats == (0,) * 5
        assert state.cash == (7, 5, 10, 7, 5)
        assert state.reserve == 141

    def test_snitch_names_nobody_without_other_face_up_role(self) -> None:
        """R-HEIST-SNITCH: if no role other than Snitch shows face up, nobody is named."""
        state = new_game(external(5))
        state = play_round(
            state, {0: S, 1: S, 2: S, 3: S, 4: B}, card=PLAIN_9, aside=B, leave={1, 2, 3}
        )
        assert events_of(state, RoleDenounced) == [RoleDenounced(0, None)]
        assert state.cash == (9, 5, 5, 5, 9)

    def test_denounce_refusals(self) -> None:
        """R-HEIST-SNITCH: only the lone Snitch names, and only a face-up role other than Snitch."""
        state = new_game(external(5))
        state = play_round(state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S, leave={4})
        assert refused(state, Denounce(1, D), "not_lone_snitch").rule == "R-HEIST-SNITCH"
        refused(state, Denounce(0, S), "role_not_face_up")
        refused(state, Denounce(0, M), "role_not_face_up")
        refused(state, Stay(1), "wrong_phase")

    def test_other_lone_roles_survive(self) -> None:
        """R-HEIST-OTHER: a lone Driver, Crook or Mastermind gets the deposit back and stays in."""
        state = new_game(external(7))
        state = play_round(
            state,
            {0: D, 1: C, 2: M, 3: S, 4: S, 5: B, 6: B},
            card=PLAIN_10,
            aside=B,
            leave={3, 4, 5, 6},
        )
        assert events_of(state, Eliminated) == []
        # 10M + 2M (Mastermind) = 4M each; the Crook and the Mastermind pay the Driver.
        assert state.cash == (5 + 4 + 2, 5 + 4 - 1, 5 + 4 - 1, 5, 5, 5, 5)

    def test_lone_snitch_punished(self) -> None:
        """R-HEIST-LONE-SNITCH: the Snitch left alone loses 3M and nobody shares the loot."""
        state = new_game(external(5))
        state = play_round(state, {0: S, 1: D, 2: D, 3: B, 4: B}, card=PLAIN_9, aside=S, denounce=D)
        assert events_of(state, SnitchPunished) == [SnitchPunished(0, 3)]
        assert Eliminated(0, S, "R-HEIST-LONE-SNITCH") in state.events
        assert events_of(state, LootShared) == []
        assert state.cash == (2, 4, 4, 5, 5)
        assert state.reserve == 155

    def test_lone_snitch_loses_only_what_they_have(self) -> None:
        """R-HEIST-LONE-SNITCH: cash never goes below 0."""
        state = new_game(external(5, starting_cash=2))
        state = play_round(state, {0: S, 1: D, 2: D, 3: B, 4: B}, card=PLAIN_9, aside=S, denounce=D)
        assert events_of(state, SnitchPunished) == [SnitchPunished(0, 2)]
        assert state.cash[0] == 0
        assert money_in_game(state) == 175


# -- R-LOOT ---------------------------------------------------------------------


class TestLoot:
    def test_driver_paid_by_each_survivor_who_received(self) -> None:
        """R-LOOT-2, R-LOOT-3: equal shares, then 1M to the Driver from every other survivor."""
        state = new_game(external(5))
        state = play_round(state, {0: D, 1: C, 2: B, 3: S, 4: S}, card=PLAIN_12, leave={3, 4})
        assert events_of(state, LootShared) == [LootShared(12, 3, 4)]
        assert events_of(state, DriverPaid) == [DriverPaid(2, 0, 1), DriverPaid(1, 0, 1)]
        assert events_of(state, CrookStole) == [CrookStole(1, 2, 2)]
        assert state.cash == (11, 10, 6, 5, 5)
        assert state.reserve == 138

    def test_crook_takes_only_what_the_brute_has(self) -> None:
        """R-LOOT-4: the Crook takes 2M from the Brute, or what the Brute's owner has."""
        config = external(4, loot_deck=(LootCard(6, 1),), rounds=1, starting_cash=0)
        state = play_round(new_game(config), {0: B, 1: C, 2: D, 3: D}, card=0, leave={3})
        assert events_of(state, CrookStole) == [CrookStole(1, 0, 1)]
        assert state.cash == (0, 2, 4, 0)
        assert state.reserve == 169

    def test_worked_example_loot(self) -> None:
        """R-LOOT-1 to R-LOOT-5, seed 001: 8M + 2M split by three survivors, 3M each and 1M left;
        the Crook takes 2M from the Brute, who matches the card's symbol and gets 1M."""
        state = new_game(external(7))
        state = play_round(
            state,
            {0: B, 1: C, 2: M, 3: S, 4: S, 5: D, 6: D},
            card=BRUTE_8,
            aside=S,
            leave={3, 4, 5, 6},
        )
        assert events_of(state, LootShared) == [LootShared(10, 3, 3)]
        assert events_of(state, ShareReceived) == [
            ShareReceived(0, B, 3),
            ShareReceived(1, C, 3),
            ShareReceived(2, M, 3),
        ]
        assert events_of(state, CrookStole) == [CrookStole(1, 0, 2)]
        assert events_of(state, BonusPaid) == [BonusPaid(0, B, 1)]
        assert state.cash == (7, 10, 8, 5, 5, 5, 5)
        assert state.reserve == 130

    def _two_rounds(self, repeat: RepeatRole, second: dict[int, Role], card: int) -> GameState:
        state = new_game(external(4, repeat_role=repeat))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert state.cash == (5, 10, 9, 5)
        return play_round(state, second, card=card, leave={3})

    def test_repeating_role_gets_no_share(self) -> None:
        """R-LOOT-REPEAT: a repeating Driver is dealt nothing and gets no bonus, yet collects fees."""
        state = self._two_rounds(RepeatRole.NO_SHARE, {0: C, 1: D, 2: B, 3: B}, DRIVER_8)
        since = state.events.index(RoundEnded(1, 1))
        assert events_of(state, ShareWithheld, since) == [ShareWithheld(1, D)]
        assert events_of(state, LootShared, since) == [LootShared(8, 2, 4)]
        assert events_of(state, DriverPaid, since) == [DriverPaid(2, 1, 1), DriverPaid(0, 1, 1)]
        assert events_of(state, BonusPaid, since) == []
        assert state.cash == (10, 12, 10, 5)
        assert state.reserve == 138

    def test_repeating_crook_still_steals(self) -> None:
        """R-LOOT-REPEAT: a repeating Crook gets no share but still robs the Brute."""
        state = self._two_rounds(RepeatRole.NO_SHARE, {0: D, 1: B, 2: C, 3: C}, PLAIN_10)
        since = state.events.index(RoundEnded(1, 1))
        assert events_of(state, ShareWithheld, since) == [ShareWithheld(2, C)]
        assert events_of(state, CrookStole, since) == [CrookStole(2, 1, 2)]
        assert state.cash == (11, 12, 11, 5)
        assert state.reserve == 136


# -- R-END ----------------------------------------------------------------------


class TestEnd:
    def test_round_end_resets_table(self) -> None:
        """R-END-1: characters go home, the leader passes, eliminated players play on."""
        state = new_game(external(5))
        state = play_round(state, {0: D, 1: D, 2: C, 3: B, 4: S}, card=PLAIN_9, leave={4})
        assert state.phase is Phase.DEALING and state.round == 2
        assert state.characters == () and state.face_up == () and state.face_down is None
        assert state.decided == (False,) * 5 and state.leader == 1
        state = play_round(state, {0: B, 1: C, 2: D, 3: S, 4: S}, card=PLAIN_10, leave={3, 4})
        assert state.round == 3  # the eliminated Drivers of round 1 played round 2

    def test_target_ends_game_richest_wins(self) -> None:
        """R-END-2: once someone holds the target after the loot, the richest win."""
        state = new_game(external(4, target=9))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert state.is_over and state.phase is Phase.GAME_OVER
        assert state.winners == frozenset({1})
        assert state.events[-1] == GameWon((1,), (5, 10, 9, 5), WinReason.TARGET)
        assert legal_actions(state) == ()
        refused(state, Stay(0), "game_over")

    def test_target_tie_shares_the_win(self) -> None:
        """R-END-2: equal richest players share the win."""
        state = new_game(external(4, target=11))
        state = play(
            state,
            [
                DealLoot(PLAIN_12),
                Choose(0, C),
                Choose(1, D),
                Choose(2, B),
                Choose(3, B),
                SetAside(B),
                Pay(1, 0, 1),
                Leave(2),
                Leave(3),
                Stay(0),
                Stay(1),
            ],
        )
        assert state.cash == (11, 11, 5, 5)
        assert state.winners == frozenset({0, 1})

    def test_last_round_ends_game(self) -> None:
        """R-END-3: after the last loot card the richest win; ties share."""
        state = new_game(external(4, rounds=1))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={0, 1, 2, 3})
        assert state.is_over
        assert state.winners == frozenset({0, 1, 2, 3})
        assert state.events[-1] == GameWon((0, 1, 2, 3), (5, 5, 5, 5), WinReason.LAST_ROUND)

    def test_target_reached_in_last_round_is_a_target_win(self) -> None:
        """R-END-2 before R-END-3: reaching the target in the last round is a target win."""
        state = new_game(external(4, rounds=1, target=9))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        assert state.events[-1] == GameWon((1,), (5, 10, 9, 5), WinReason.TARGET)

    def test_engine_game_lasts_at_most_rounds(self) -> None:
        """R-END-3: a game played by the engine's dealer ends within ``rounds``."""
        state = new_game(GameConfig(4, seed=3, rounds=2))
        while not state.is_over:
            state = apply(state, legal_actions(state, payments=False)[-1])
        assert state.round <= 2


# -- R-3P -----------------------------------------------------------------------


class TestThreePlayers:
    def test_two_different_characters(self) -> None:
        """R-3P-1: two different characters with a deposit each; six role cards, five face up."""
        state = new_game(GameConfig(3, seed=0))
        assert refused(state, Choose(0, B), "wrong_number_of_roles").rule == "R-3P-1"
        refused(state, Choose(0, (B, B)), "duplicate_role")
        deposit = state.loot.deposit if state.loot else 0
        state = play(state, [Choose(0, (B, C)), Choose(1, (D, S)), Choose(2, (M, D))])
        assert state.cash == (5 - 2 * deposit,) * 3
        assert len(state.face_up) == 5

    def test_take_back_one_at_a_time(self) -> None:
        """R-3P-2: a player takes back none, one or both characters, one at a time."""
        state = new_game(external(3))
        state = play(
            state,
            [
                DealLoot(PLAIN_12),
                Choose(0, (B, C)),
                Choose(1, (D, S)),
                Choose(2, (M, D)),
                SetAside(D),
            ],
        )
        refused(state, Leave(2, B), "no_such_character")
        state = apply(state, Leave(2, D))
        assert state.events[-3] == Left(2, (1,), 1)
        assert state.cash[2] == 3 and not state.decided[2] and state.in_round(2)
        refused(state, Leave(2, D), "no_such_character")
        state = apply(state, Stay(2))
        assert state.decided[2]

    def test_leave_with_role_only_in_three_player_game(self) -> None:
        """R-3P-2: naming the character to take back is for the three-player game."""
        state = play(
            new_game(external(4)),
            [
                DealLoot(PLAIN_9),
                Choose(0, B),
                Choose(1, D),
                Choose(2, C),
                Choose(3, C),
                SetAside(C),
            ],
        )
        assert refused(state, Leave(0, B), "role_not_applicable").rule == "R-3P-2"

    def _round_one(self) -> GameState:
        # Seat 2 takes back its Driver and stays with the Mastermind, which the Snitch names.
        return play(
            new_game(external(3)),
            [
                DealLoot(PLAIN_12),
                Choose(0, (B, C)),
                Choose(1, (D, S)),
                Choose(2, (M, D)),
                SetAside(D),
                Leave(2, D),
                Stay(2),
                Stay(0),
                Stay(1),
                Denounce(1, M),
            ],
        )

    def test_resolved_per_character(self) -> None:
        """R-3P-3: duplicates, shares, Driver fees and the Crook count characters, not players."""
        state = self._round_one()
        assert events_of(state, Eliminated) == [Eliminated(2, M, "R-HEIST-SNITCH")]
        assert events_of(state, LootShared) == [LootShared(12, 4, 3)]
        assert sorted(events_of(state, DriverPaid), key=repr) == sorted(
            [DriverPaid(1, 1, 1), DriverPaid(0, 1, 1), DriverPaid(0, 1, 1)], key=repr
        )
        assert events_of(state, CrookStole) == [CrookStole(0, 0, 2)]
        assert state.cash == (9, 13, 3)
        assert state.reserve == 150

    def test_threat_shows_character_by_position(self) -> None:
        """R-3P-4: a threat on a player with two characters shows the one at the chosen slot."""
        state = self._round_one()
        assert state.threats == (1, 0, 0)
        state = play(
            state,
            [
                DealLoot(PLAIN_9),
                Choose(0, (D, M)),
                Choose(1, (C, B)),
                Choose(2, (S, B)),
                SetAside(B),
            ],
        )
        refused(state, UseThreat(0, 1, 2), "bad_slot")
        after = apply(state, UseThreat(0, 1, 1))
        assert after.events[-1] == ThreatPeeked(0, 1, 1, B)
        state = apply(state, Leave(1, C))  # position 0 empties; the Brute stays at position 1
        refused(state, UseThreat(0, 1, 0), "bad_slot")
        assert apply(state, UseThreat(0, 1, 1)).events[-1] == ThreatPeeked(0, 1, 1, B)


# -- R-VAR ----------------------------------------------------------------------


class TestVariants:
    def test_quick_game(self) -> None:
        """R-VAR-QUICK: target 16M over 6 rounds."""
        config = GameConfig.quick(5, seed=8)
        assert (config.rounds, config.target, config.players) == (6, 16, 5)
        state = new_game(config)
        assert len(state.deck) == 5
        while not state.is_over:
            state = apply(state, legal_actions(state, payments=False)[0])
        assert state.round <= 6

    def test_forbidden_previous_role(self) -> None:
        """R-VAR-REPEAT ``forbidden``: last round's role cannot be chosen again."""
        state = new_game(external(4, repeat_role=RepeatRole.FORBIDDEN))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        state = apply(state, DealLoot(PLAIN_10))
        assert state.previous_roles == ((B,), (D,), (C,), (C,))
        assert refused(state, Choose(1, D), "role_forbidden").rule == "R-VAR-REPEAT"
        assert legal_actions(state, 1, payments=False) == (Choose(1, B), Choose(1, C))

    def test_allowed_repeat_has_no_penalty(self) -> None:
        """R-VAR-REPEAT ``allowed``: a repeated role is dealt its share and its bonus."""
        state = new_game(external(4, repeat_role=RepeatRole.ALLOWED))
        state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
        state = play_round(state, {0: C, 1: D, 2: B, 3: B}, card=DRIVER_8, leave={3})
        assert events_of(state, ShareWithheld) == []
        assert state.cash == (8, 15, 8, 5)
        assert state.reserve == 139


# -- Worked examples ---------------------------------------------------------------


def test_worked_example_snitch() -> None:
    """R-HEIST-SNITCH, seed 001: Al, the only Snitch, sees only Brute and Driver face up, names
    Driver; every Driver had left, so nobody is eliminated."""
    state = new_game(external(5))
    state = play_round(
        state, {0: S, 1: B, 2: D, 3: D, 4: D}, card=PLAIN_9, aside=S, leave={2, 3, 4}
    )
    assert set(state.face_up) == {B, D}
    state = apply(state, Denounce(0, D))
    assert events_of(state, Eliminated) == []
    assert state.cash == (9, 9, 5, 5, 5)
    assert state.reserve == 142


class TestWrongTypes:
    def test_clear_errors_for_objects_of_the_wrong_type(self) -> None:
        """Wrong types get a documented error with a code, never a bare TypeError/AttributeError."""
        from millions_rules import replay, sample_state, view

        state = new_game(GameConfig(4, seed=0))
        for call in (
            lambda: legal_actions("state"),  # type: ignore[arg-type]
            lambda: apply("state", Stay(0)),  # type: ignore[arg-type]
            lambda: view("state", 0),  # type: ignore[arg-type]
            lambda: view(state, "0"),  # type: ignore[arg-type]
            lambda: replay(state.config, 5),  # type: ignore[arg-type]
        ):
            with pytest.raises(IllegalActionError) as caught:
                call()
            assert caught.value.code in ("bad_value", "unknown_player")
        refused(state, "stay", "not_an_action")
        refused(state, None, "not_an_action")
        refused(state, Choose(0, "brute"), "bad_value")  # type: ignore[arg-type]
        with pytest.raises(ConfigError):
            sample_state("view", 1)  # type: ignore[arg-type]
        with pytest.raises(ConfigError):
            new_game("config")  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as caught:
            legal_actions(state, 9)
        assert (caught.value.code, caught.value.rule) == ("unknown_player", "R-COMP-7")
        with pytest.raises(IllegalActionError) as caught:
            legal_actions(state, "1")
        assert caught.value.code == "bad_value"
        with pytest.raises(IllegalActionError) as caught:
            legal_actions(new_game(external(4)), 4)  # also while the dealer acts
        assert caught.value.code == "unknown_player"

    @pytest.mark.parametrize(
        "options",
        [
            {"players": 2},
            {"players": 9},
            {"players": "5"},
            {"players": 5, "seed": -1},
            {"players": 5, "seed": 2**64},
            {"players": 5, "rounds": 0},
            {"players": 5, "target": 0},
            {"players": 5, "starting_cash": -1},
            {"players": 5, "total_money": 10},
            {"players": 5, "first_leader": 5},
            {"players": 5, "repeat_role": "FORBIDDEN"},
            {"players": 5, "repeat_role": 2},
            {"players": 5, "dealer": "Engine"},
            {"players": 5, "dealer": None},
            {"players": 5, "loot_deck": "cards"},
            {"players": 5, "loot_deck": [1, 2, 3, 4, 5, 6, 7, 8]},
            {"players": 5, "rounds": True},
        ],
    )
    def test_nonsense_configs_refused(self, options: dict[str, object]) -> None:
        """R-COMP, R-VAR: a config that makes no sense raises ConfigError."""
        with pytest.raises(ConfigError):
            GameConfig(**options)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("options", "field", "member"),
        [
            ({"repeat_role": "forbidden"}, "repeat_role", RepeatRole.FORBIDDEN),
            ({"repeat_role": "allowed"}, "repeat_role", RepeatRole.ALLOWED),
            ({"dealer": "external"}, "dealer", Dealer.EXTERNAL),
        ],
    )
    def test_option_values_accepted_as_in_json(
        self, options: dict[str, str], field: str, member: object
    ) -> None:
        """R-VAR-REPEAT, R-COMP-4: GameConfig and from_json agree; both take the JSON value."""
        config = GameConfig(4, seed=1, **options)  # type: ignore[arg-type]
        assert getattr(config, field) is member
        document = json.loads(to_json(GameConfig(4, seed=1)))
        document.update(options)
        assert from_json(json.dumps(document), GameConfig) == config

    def test_bad_loot_cards_refused(self) -> None:
        """R-COMP-4: a loot card needs whole amounts and a Role (or None) as symbol."""
        for args in [(-1, 1), (8, 0), (8.5, 1), (8, 1, "brute"), (True, 1)]:
            with pytest.raises(ConfigError):
                LootCard(*args)  # type: ignore[arg-type]
        with pytest.raises(ConfigError):
            GameConfig.quick(4, colour="red")
