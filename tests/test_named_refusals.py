"""Refusals with the players' names: ``IllegalActionError.localized(locale, names=...)``."""

from __future__ import annotations

import pathlib
import re

import pytest

import millions_rules
from millions_rules import (
    Choose,
    GameConfig,
    IllegalActionError,
    Leave,
    Role,
    Stay,
    apply,
    new_game,
)
from millions_rules.torraku import Pass, TorrakuConfig
from millions_rules.torraku import apply as torraku_apply
from millions_rules.torraku import new_game as torraku_new_game

NAMES = ["Ana", "Bo", "Cy", "Di"]


def refusal(play: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        play()  # type: ignore[operator]
    return caught.value


def test_a_seat_named_by_the_refusal_is_said_by_its_name() -> None:
    """R-PLAN-2: "seat 1 has already chosen" reads "Ana has already chosen" in each language."""
    state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
    error = refusal(lambda: apply(state, Choose(0, Role.DRIVER)))
    assert (
        error.localized("en", names=NAMES) == "Ana has already chosen; a choice is final (R-PLAN-2)"
    )
    assert error.localized("zh", names=NAMES) == "Ana已经选好了；选择不可更改（R-PLAN-2）"
    assert "Ana" in error.localized("es", names=NAMES)
    assert "asiento" not in error.localized("es", names=NAMES).lower()
    assert error.localized("en") == "seat 1 has already chosen; a choice is final (R-PLAN-2)"


def test_another_seats_action_names_both_players() -> None:
    """A seat acting for another (``not_your_action``) reads "Cy cannot act for Bo"."""
    state = new_game(GameConfig(4, seed=1))
    error = refusal(lambda: apply(state, Stay(1), seat=2))
    assert error.code == "not_your_action"
    assert error.localized("en", names=NAMES) == "Cy cannot act for Bo"
    assert error.localized("es", names=NAMES) == "Cy no puede actuar por Bo"
    assert error.localized("zh", names=NAMES) == "Cy不能替Bo行动"


def test_torraku_refusals_take_names_too() -> None:
    """R-TK-BET-3: the turn's refusal names whose turn it is, in each language."""
    state = torraku_new_game(TorrakuConfig(3, seed=1))
    error = refusal(lambda: torraku_apply(state, Pass(2)))
    assert (
        error.localized("en", names=NAMES[:3]) == "it is Ana's turn to bet, not Cy's (R-TK-BET-3)"
    )
    assert error.localized("es", names=NAMES[:3]) == "le toca apostar a Ana, no a Cy (R-TK-BET-3)"
    assert error.localized("zh", names=NAMES[:3]) == "现在轮到Ana下注，而不是Cy（R-TK-BET-3）"


def test_a_seat_beyond_the_names_is_counted_from_one() -> None:
    """Names for fewer seats than the refusal names leave those seats as "seat N", from 1."""
    state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
    error = refusal(lambda: apply(state, Choose(0, Role.DRIVER)))
    assert error.localized("en", names=[]) == error.localized("en")


def test_naming_a_character_outside_the_three_player_game_quotes_no_api() -> None:
    """R-3P-2: taking back one named character is refused outside the three-player game
    with what to do instead, in words a player reads (no class or call of the API)."""
    state = new_game(GameConfig(4, seed=1))
    for seat, role in enumerate((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.BRUTE)):
        state = apply(state, Choose(seat, role))
    error = refusal(lambda: apply(state, Leave(state.awaiting[0], Role.BRUTE)))
    assert error.code == "role_not_applicable" and error.rule == "R-3P-2"
    assert error.localized("en", names=NAMES) == (
        "only the three-player game takes characters back one at a time; to leave, name no "
        "character (R-3P-2)"
    )
    assert error.localized("es", names=NAMES) == (
        "solo en la partida de tres jugadores se retiran los personajes de uno en uno; para "
        "retirarte, no nombres ningún personaje (R-3P-2)"
    )
    assert error.localized("zh", names=NAMES) == (
        "只有三人游戏才能逐张取回人物牌；离开时不要指定人物牌（R-3P-2）"
    )


def test_no_refusal_quotes_a_call_of_the_api() -> None:
    """No refusal's message, in any language, names a call of the API ("Leave(player)",
    "apply(..., seat=...)"): players read them (R-INFO)."""
    from babel.messages.pofile import read_po

    locale = pathlib.Path(millions_rules.__file__).parent / "locale"
    catalogs = [locale / "millions_rules.pot"]
    catalogs += [locale / lang / "LC_MESSAGES" / "millions_rules.po" for lang in ("es", "zh")]
    errors = 0
    for path in catalogs:
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if not (message.context or "").startswith("error."):
                continue
            errors += 1
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in (*ids, *texts):
                assert not re.search(r"[A-Za-z_]\(", text or ""), (message.context, text)
    assert errors > 300
