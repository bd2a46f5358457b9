"""Regression tests for the defects found by attacking the library as a hostile client.

Each test is named for the defect it pins down; the invariant properties that
generalise them are in :mod:`tests.test_invariants`.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import pytest

from millions_rules import (
    ACTION_ERROR_CODES,
    MAX_ARRAY_LENGTH,
    MAX_DOCUMENT_SIZE,
    MAX_INT,
    MAX_MONEY,
    SCHEMA_FILES,
    Action,
    CharacterStatus,
    Choose,
    ConfigError,
    DealLoot,
    DepositPlaced,
    DeserializationError,
    GameConfig,
    GameState,
    IllegalActionError,
    Leave,
    LootCard,
    LootRevealed,
    Paid,
    Pay,
    Phase,
    PlayerView,
    RepeatRole,
    Role,
    SeenCharacter,
    SetAside,
    Stay,
    UseThreat,
    apply,
    check,
    describe,
    from_json,
    is_visible,
    json_schema,
    legal_actions,
    load_game,
    new_game,
    public_config,
    sample_state,
    save_game,
    shipped_schema,
    to_json,
    view,
    visible_events,
)
from millions_rules.millions._random import draw_below, seed_state

from .scenario import PLAIN_9, PLAIN_10, external, play, play_round

S, B, D, C, M = Role.SNITCH, Role.BRUTE, Role.DRIVER, Role.CROOK, Role.MASTERMIND


def _peeked_then_taken_back() -> GameState:
    """Seat 0 sees seat 1's Brute with a threat card; seat 1 then takes it back."""
    state = new_game(external(5))
    # Round 1: seat 0's Brute survives alone and takes a threat card (R-HEIST-BRUTE).
    state = play_round(state, {0: B, 1: D, 2: C, 3: C, 4: D}, card=PLAIN_9)
    assert state.threats[0] == 1
    return play(
        state,
        [
            DealLoot(PLAIN_10),
            Choose(0, D),
            Choose(1, B),
            Choose(2, C),
            Choose(3, C),
            Choose(4, D),
            SetAside(C),
            UseThreat(0, 1),
            Leave(1),
        ],
    )


def test_defect_1_peek_survives_take_back_in_view() -> None:
    """R-INFO: a seat never forgets what it saw with a threat card, even after a take-back."""
    state = _peeked_then_taken_back()
    assert state.phase is Phase.NEGOTIATION
    seen = view(state, 0)
    assert seen.characters[1].role is B
    for seat in (None, 2, 3, 4):  # R-NEG-2: nobody else learns the role taken back
        assert view(state, seat).characters[1].role is None


def test_defect_1_sample_state_keeps_a_peek_after_take_back() -> None:
    """R-INFO: every sampled world gives seat 1 the Brute seat 0 saw, whatever the seed."""
    state = _peeked_then_taken_back()
    seen = view(state, 0)
    for seed in range(60):
        sampled = sample_state(seen, seed)
        roles = {c.player: c.role for c in sampled.characters}
        assert roles[1] is B
        assert view(sampled, 0) == attrs.evolve(seen, version=0)


def test_defect_8_game_over_keeps_a_taken_back_role_secret() -> None:
    """R-NEG-2, R-VAR-REPEAT: after the last round, ``forbidden`` no longer shows a taken-back role."""
    state = new_game(external(4, rounds=2, repeat_role=RepeatRole.FORBIDDEN))
    state = play_round(state, {0: B, 1: D, 2: C, 3: C}, card=PLAIN_9, leave={3})
    # Between rounds the cards lie face up for the next planning: public.
    assert view(state, 0).previous_roles == ((B,), (D,), (C,), (C,))
    state = play_round(state, {0: D, 1: B, 2: D, 3: B}, card=PLAIN_10, leave={3})
    assert state.phase is Phase.GAME_OVER
    assert view(state, 0).previous_roles == ((D,), None, None, None)
    assert view(state, 3).previous_roles == (None, None, None, (B,))
    assert view(state, None).previous_roles == (None, None, None, None)
    for seed in range(20):  # the sampler fills them in and still agrees with the view
        sampled = sample_state(view(state, 0), seed)
        assert view(sampled, 0) == attrs.evolve(view(state, 0), version=0)


# -- defect 2: every reachable state reads back ------------------------------------


def _round_trips(state: GameState) -> None:
    assert from_json(to_json(state), GameState) == state


def test_defect_2_state_with_an_empty_reserve_reads_back() -> None:
    """R-PLAN-3: with no money at all, deposits are short; the state still reads back."""
    state = new_game(GameConfig(4, seed=1, starting_cash=0, total_money=0))
    state = apply(state, legal_actions(state, 0, payments=False)[0])
    assert state.characters[0].deposit == 0
    _round_trips(state)
    while not state.is_over:
        state = apply(state, legal_actions(state, payments=False)[0])
        _round_trips(state)


def test_defect_2_huge_deposit_reads_back() -> None:
    """R-PLAN-3: a 1000M deposit the reserve can only partly cover reads back at every step."""
    deck = (LootCard(8, 1000),) * 8
    state = new_game(GameConfig(4, seed=1, loot_deck=deck))
    for seat, role in enumerate((B, D, C, C)):
        state = apply(state, Choose(seat, (role,)))
        _round_trips(state)
    # Each pays 5M; the reserve's 155M covers part of the first deposit, then runs dry.
    assert [c.covered for c in state.characters] == [155, 0, 0, 0]
    assert state.reserve == 0
    state = apply(state, Leave(0))  # the covered 155M goes back to the reserve
    assert state.reserve == 155
    _round_trips(state)


def _tamper(state: GameState, **fields: Any) -> str:
    document = json.loads(to_json(state))
    document.update(fields)
    return json.dumps(document)


def test_defect_2_short_deposit_with_money_in_the_reserve_refused() -> None:
    """R-PLAN-3: a deposit is short only if the reserve could not cover it."""
    state = new_game(GameConfig(4, seed=1, loot_deck=(LootCard(8, 2),) * 8))
    state = apply(state, Choose(0, (B,)))
    document = json.loads(to_json(state))
    document["characters"][0]["paid"] = 1  # 1M short, yet the reserve holds 155M
    document["cash"][0] = 4
    with pytest.raises(DeserializationError, match=r"^reserve: the reserve ran dry"):
        from_json(json.dumps(document), GameState)


# -- defect 4: forged states are refused before they can crash the engine -----------


def test_defect_4_character_seat_out_of_range_refused() -> None:
    """A character of seat 9 in a 4-player game is refused, not an IndexError."""
    state = apply(new_game(GameConfig(4, seed=1)), Choose(0, (B,)))
    document = json.loads(to_json(state))
    document["characters"][0]["player"] = 9
    with pytest.raises(DeserializationError, match=r"^characters\[0\]\.player: not a seat"):
        from_json(json.dumps(document), GameState)


def test_defect_4_short_deck_refused() -> None:
    """R-COMP-4: the engine's deck holds exactly the cards of the rounds to come."""
    state = new_game(GameConfig(4, seed=1))
    with pytest.raises(DeserializationError, match=r"^deck: expected 7 loot cards"):
        from_json(_tamper(state, deck=list(state.deck[:3])), GameState)


def test_defect_4_lowered_round_refused() -> None:
    """R-END-3: a round lowered below the cards already revealed is refused."""
    state = play_round(new_game(GameConfig(4, seed=1)), {0: B, 1: D, 2: C, 3: C})
    state = play_round(state, {0: D, 1: B, 2: C, 3: D})
    assert state.round == 3
    with pytest.raises(DeserializationError, match=r"^deck: expected 7 loot cards to come"):
        from_json(_tamper(state, round=1), GameState)


def test_defect_4_external_dealing_with_empty_deck_refused() -> None:
    """R-COMP-4: an external dealer's game waiting for a card has one to deal."""
    state = new_game(external(4))
    assert state.phase is Phase.DEALING
    with pytest.raises(DeserializationError, match=r"^deck: expected 8 loot cards"):
        from_json(_tamper(state, deck=[]), GameState)


def test_defect_4_heist_with_nothing_to_name_refused() -> None:
    """R-HEIST-SNITCH: a lone Snitch with no role to name would leave no legal action."""
    state = new_game(external(5))
    state = play_round(state, {0: S, 1: B, 2: D, 3: C, 4: C}, card=PLAIN_9, aside=S)
    assert state.phase is Phase.HEIST
    with pytest.raises(DeserializationError, match=r"^face_up"):
        from_json(_tamper(state, face_up=["snitch"], face_down="brute"), GameState)


def test_defect_4_forged_previous_roles_refused() -> None:
    """R-VAR-REPEAT: three forbidden roles would leave a 4-player seat no choice at all."""
    state = play_round(
        new_game(GameConfig(4, seed=1, repeat_role=RepeatRole.FORBIDDEN)),
        {0: B, 1: D, 2: C, 3: C},
    )
    assert state.phase is Phase.PLANNING
    document = json.loads(to_json(state))
    document["previous_roles"][0] = ["brute", "driver", "crook"]
    with pytest.raises(DeserializationError, match=r"^previous_roles\[0\]: expected the 1"):
        from_json(json.dumps(document), GameState)


# -- defect 6: unbounded work from small input --------------------------------------


def test_defect_6_state_with_cash_near_max_int_refused() -> None:
    """A small state document with billions in cash is refused before legal_actions runs."""
    state = new_game(GameConfig(4, seed=1))
    document = json.loads(to_json(state))
    document["config"]["total_money"] = MAX_INT
    document["cash"] = [MAX_INT - 155, 5, 5, 5]
    text = json.dumps(document)
    assert len(text.encode()) < 1500
    with pytest.raises(DeserializationError, match=r"^config: total_money must be from 0 to 10000"):
        from_json(text, GameState)


@pytest.mark.parametrize(
    "options",
    [{"starting_cash": 10**6, "total_money": 4 * 10**6}, {"target": MAX_MONEY + 1}],
)
def test_defect_6_config_money_capped(options: dict[str, Any]) -> None:
    """Configs refuse money above MAX_MONEY, so a payment list has a known bound."""
    with pytest.raises(ConfigError, match=rf"must be from \d+ to {MAX_MONEY}"):
        GameConfig(4, seed=1, **options)


def test_defect_6_payment_list_bounded_by_the_money() -> None:
    """legal_actions with payments lists at most (players - 1) * total_money payments."""
    config = GameConfig(8, seed=1, starting_cash=MAX_MONEY // 8, total_money=MAX_MONEY)
    state = play(new_game(config), [Choose(seat, (Role.SNITCH,)) for seat in range(8)])
    assert state.phase is Phase.NEGOTIATION
    payments = [a for a in legal_actions(state) if isinstance(a, Pay)]
    assert len(payments) == 8 * 7 * (MAX_MONEY // 8 - 1)
    assert len(payments) <= (config.players - 1) * config.total_money


# -- defect 7: loose edges ----------------------------------------------------------


@pytest.mark.parametrize("players", [3.0, Fraction(5), Decimal(6), True])
def test_defect_7_non_int_player_count_refused(players: object) -> None:
    """GameConfig(3.0) and friends are refused at once, not with a TypeError later."""
    with pytest.raises(ConfigError, match="players must be an int"):
        GameConfig(players, seed=1)  # type: ignore[arg-type]


def test_defect_7_unknown_keyword_is_a_config_error() -> None:
    """An unknown option is a ConfigError both directly and through GameConfig.quick."""
    with pytest.raises(ConfigError, match="unexpected keyword argument 'bogus'"):
        GameConfig(4, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(ConfigError, match="unexpected keyword argument 'bogus'"):
        GameConfig.quick(4, bogus=1)
    with pytest.raises(ConfigError, match="missing 1 required positional argument"):
        LootCard(8)  # type: ignore[call-arg]


def test_defect_7_duplicate_json_keys_refused() -> None:
    """A key given twice is refused: a gateway reading the first could be fooled."""
    text = '{"type": "pay", "player": 0, "to": 1, "amount": 1, "player": 3}'
    with pytest.raises(
        DeserializationError, match=r'^\$: the key "player" appears twice'
    ) as caught:
        from_json(text, Action)
    assert caught.value.code == "duplicate_key"


def test_defect_7_size_limit_counts_bytes() -> None:
    """MAX_DOCUMENT_SIZE counts UTF-8 bytes: 3M two-byte characters are too many."""
    text = '"' + "é" * (3 * 1024 * 1024) + '"'
    assert len(text) < MAX_DOCUMENT_SIZE < len(text.encode())
    with pytest.raises(DeserializationError, match="larger than 4194304 bytes") as caught:
        from_json(text, str)
    assert caught.value.code == "too_large"
    with pytest.raises(DeserializationError, match="larger than 4194304 bytes"):
        load_game(text)


def test_defect_7_shipped_schema_reads_only_shipped_files() -> None:
    """shipped_schema reads the files of SCHEMA_FILES and nothing else on disk."""
    for name in ("/etc/passwd", "../__init__.py", "action", 3):
        with pytest.raises(DeserializationError, match="no shipped schema"):
            shipped_schema(name)  # type: ignore[arg-type]
    assert shipped_schema("event.json")["title"] == "Event"


def test_defect_7_error_code_table_is_read_only() -> None:
    """ACTION_ERROR_CODES cannot be changed by a caller (and so cannot break the engine)."""
    assert not hasattr(ACTION_ERROR_CODES, "pop")
    with pytest.raises(TypeError):
        del ACTION_ERROR_CODES["wrong_phase"]  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        SCHEMA_FILES["x.json"] = GameState  # type: ignore[index]
    assert check(new_game(GameConfig(4, seed=1)), Stay(0)).code == "wrong_phase"  # type: ignore[union-attr]


# -- defect 5: sample_state on a forged view ----------------------------------------


def _planning_view() -> PlayerView:
    state = play_round(new_game(GameConfig(5, seed=3)), {0: B, 1: D, 2: C, 3: C, 4: D})
    state = play(state, [Choose(0, (D,)), Choose(1, (B,))])
    return view(state, 0)


def _forged_views() -> dict[str, PlayerView]:
    seen = _planning_view()
    hidden = SeenCharacter(2, 0, 1, 0, CharacterStatus.HIDDEN, None, seen_by_threat=False)
    last_card = next(e for e in reversed(seen.events) if isinstance(e, LootRevealed))
    foreign = LootRevealed(last_card.round, LootCard(99, 1))
    return {
        "loot outside the deck": attrs.evolve(seen, loot=LootCard(99, 1)),
        "revealed card outside the deck": attrs.evolve(
            seen, events=tuple(foreign if e is last_card else e for e in seen.events)
        ),
        "short previous_roles": attrs.evolve(seen, previous_roles=seen.previous_roles[:2]),
        "round beyond the rounds": attrs.evolve(seen, round=9),
        "round lowered": attrs.evolve(seen, round=1),
        "hundreds of characters": attrs.evolve(seen, characters=(hidden,) * 300),
        "hundreds of deposits last round": attrs.evolve(
            seen,
            previous_roles=(seen.previous_roles[0], None, None, None, None),
            events=(*seen.events[:3], *[DepositPlaced(1, 1, 0)] * 400, *seen.events[3:]),
        ),
    }


@pytest.mark.parametrize("name", sorted(_forged_views()))
def test_defect_5_sample_state_refuses_a_forged_view(name: str) -> None:
    """A forged view gets ConfigError from sample_state, never a crash or a hang."""
    forged = _forged_views()[name]
    for seed in range(5):
        with pytest.raises(ConfigError, match="no game state is consistent with this view"):
            sample_state(forged, seed)


@pytest.mark.parametrize("name", sorted(_forged_views()))
def test_defect_5_forged_view_documents(name: str) -> None:
    """Read from JSON, a forged view is refused, or refused by sample_state."""
    text = to_json(_forged_views()[name])
    try:
        seen = from_json(text, PlayerView)
    except DeserializationError:
        return
    with pytest.raises(ConfigError, match="no game state is consistent"):
        sample_state(seen, 0)


def test_defect_5_draw_below_any_bound_terminates() -> None:
    """A bound past 2**64 (a huge world count) draws from enough 64-bit outputs."""
    state = seed_state(7)
    for bound in (2**64 + 1, 3**50, 10**40):
        value, _ = draw_below(state, bound)
        assert 0 <= value < bound
    assert draw_below(state, 2**64) == draw_below(state, 2**64)  # one output, as before
    assert draw_below(state, 6) == (draw_below(state, 2**64)[0] % 6, draw_below(state, 6)[1])


def test_save_game_refuses_a_record_load_game_would_refuse() -> None:
    """Limits: a record of more than MAX_ARRAY_LENGTH actions is refused when written too."""
    state = new_game(GameConfig(4, seed=1))
    long = attrs.evolve(state, history=(Stay(0),) * (MAX_ARRAY_LENGTH + 1))
    with pytest.raises(DeserializationError) as caught:
        save_game(long)
    assert (caught.value.code, caught.value.path) == ("too_many_items", "actions")


def test_arrays_longer_than_the_limit_refused() -> None:
    """Limits: no array of a document may hold more than MAX_ARRAY_LENGTH items."""
    record = json.loads(save_game(new_game(GameConfig(4, seed=1))))
    record["actions"] = [{"type": "stay", "player": 0}] * (MAX_ARRAY_LENGTH + 1)
    with pytest.raises(DeserializationError) as caught:
        load_game(json.dumps(record))
    assert caught.value.code == "too_many_items"
    assert caught.value.path == "actions"


def test_defect_4_log_revealing_other_cards_refused() -> None:
    """R-PLAN-1: the log reveals the cards dealt, one a round; a forged log is refused
    (the sampler relies on it to know which cards are still to come)."""
    state = play_round(new_game(GameConfig(4, seed=1)), {0: B, 1: D, 2: C, 3: C})
    document = json.loads(to_json(state))
    first = next(e for e in document["events"] if e["type"] == "loot_revealed")
    first["card"] = {"total": 99, "deposit": 1, "bonus_role": None}
    with pytest.raises(DeserializationError) as caught:
        from_json(json.dumps(document), GameState)
    assert (caught.value.code, caught.value.path) == ("inconsistent_state", "events")


def test_defect_7_listed_functions_refuse_wrong_types() -> None:
    """save_game(None), visible_events, is_visible, describe, json_schema and public_config
    with wrong types raise their documented errors, not AttributeError/TypeError/KeyError."""
    state = new_game(GameConfig(4, seed=1))
    for call, error, code in (
        (lambda: save_game(None), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: visible_events(None, 0), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: visible_events((None,), 0), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: visible_events(state.events, "0"), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: is_visible("stayed", 0), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: describe(None), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: describe(Paid(0, 1, 2), names=3), IllegalActionError, "bad_value"),  # type: ignore[arg-type]
        (lambda: json_schema(object), DeserializationError, "unknown_type"),
        (lambda: json_schema("GameState"), DeserializationError, "unknown_type"),
        (lambda: public_config(None), ConfigError, None),  # type: ignore[arg-type]
    ):
        with pytest.raises(error) as caught:
            call()
        assert getattr(caught.value, "code", None) == code
    assert describe(Paid(0, 3, 2), names=["Al"]) == "Al pays seat 4 2M."  # counted from 1
