"""Currency Torraku's words in English, Spanish and Chinese: the story, the buttons, the refusals."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millions_rules import LOCALES, ConfigError, Dealer, LocaleError
from millions_rules.torraku import (
    ACTION_TYPES,
    EVENT_TYPES,
    Bet,
    GameStarted,
    GameWon,
    IllegalActionError,
    Pass,
    Passed,
    PenaltyTaken,
    PieceCounts,
    PieceKind,
    Placement,
    ReportPlacement,
    RoundEnded,
    Setup,
    TorrakuConfig,
    TorrakuState,
    apply,
    describe,
    message_id,
    new_game,
    replay,
)

from .test_i18n import _source_messages
from .torraku_strategies import any_actions, games

NAMES = ("Aiko", "Ben", "Chen")
TRANSLATED = [locale for locale in LOCALES if locale != "en"]


def _snake(cls: type) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__)[1:]


class TestDescribe:
    def test_every_event_and_action_has_a_message(self) -> None:
        """Each Torraku event and action class has a message of its own in the catalogs."""
        ids = {context for context, _ in _source_messages()}
        for event in EVENT_TYPES:
            assert f"torraku.event.{_snake(event)}" in ids, event
        for action in ACTION_TYPES:
            assert any((i or "").startswith(f"torraku.action.{_snake(action)}") for i in ids), (
                action
            )

    def test_game_start_in_each_language(self) -> None:
        """R-TK-SETUP-1: the standard setup, the number of players and the opener, named."""
        event = GameStarted(3, 0, Setup.STANDARD, Dealer.EXTERNAL)
        assert [describe(event, NAMES, locale=locale) for locale in LOCALES] == [
            "A standard game of Currency Torraku for 3 players begins; Aiko opens.",
            "Empieza una partida estándar de Currency Torraku para 3 jugadores; abre Aiko.",
            "Currency Torraku开始（标准模式，3人），Aiko为先手。",
        ]
        one = GameStarted(1, 0, Setup.LONG, Dealer.EXTERNAL)
        assert describe(one, locale="es") == (
            "Empieza una partida larga de Currency Torraku para 1 jugador; abre Asiento 1."
        )

    def test_penalty_names_the_seed_pieces(self) -> None:
        """R-TK-PEN: the stack and the piece taken, in the seed's words and Chinese measure words;
        the foul is pieces falling off the stack (not the stack falling) or moving another piece
        by hand (not touching the stack), R-TK-STACK-4 (review items X7, X8, X16)."""
        event = PenaltyTaken(1, Placement.KNOCKED_DOWN, PieceKind.VAN, PieceCounts(0, 1, 2), 1)
        assert describe(event, NAMES, locale="es") == (
            "Ben hace caer 1 pieza de la pila al añadir una camioneta, y se lleva la pila y esa pieza "
            "como penalización: 1 camioneta, 1 lavadora y 2 arroceras."
        )
        assert describe(event, NAMES, locale="zh") == (
            "Ben放一辆面包车时碰掉了钱堆上的1枚钱币，作为惩罚把整个钱堆连同这枚钱币收入手中："
            "1辆面包车、1台洗衣机和2个电饭煲。"
        )
        touched = PenaltyTaken(2, Placement.TOUCHED, PieceKind.RICE_COOKER, PieceCounts(), None)
        assert message_id(touched) == "torraku.event.penalty_taken.touched"
        assert describe(touched, NAMES) == (
            "Chen moves another piece of the stack by hand while adding a rice cooker, and takes "
            "the stack and that piece as a penalty: 1 rice cooker."
        )

    def test_passes_and_plurals(self) -> None:
        """R-TK-BET-8: a pass fixes the bet; one piece, several, or none at all."""
        assert describe(Passed(0, 1), NAMES) == "Aiko passes with a bet of 1 piece."
        assert describe(Passed(0, 3), NAMES, locale="es") == (
            "Aiko pasa con una apuesta de 3 piezas."
        )
        assert describe(Passed(0, 0), NAMES, locale="es") == "Aiko pasa sin apostar."
        # Not "选择过" ("has chosen"), review item Z1.
        assert describe(Passed(0, 0), NAMES, locale="zh") == "Aiko选“过”，没有下注。"
        assert describe(Passed(0, 2), NAMES, locale="zh") == "Aiko选“过”，押注固定为2枚。"

    def test_round_end_and_winners(self) -> None:
        """R-TK-END-2 and R-TK-END-3: the bagged pieces, the pieces left and who wins."""
        event = RoundEnded(2, PieceCounts(0, 0, 1), 1, (0, 4, 7))
        assert describe(event, NAMES) == (
            "Round 2 ends: 1 rice cooker goes into the bag. Pieces left: Aiko 0, Ben 4, Chen 7."
        )
        assert describe(event, NAMES, locale="zh") == (
            "第2回合结束：1个电饭煲放入袋子。剩余：Aiko 0枚、Ben 4枚、Chen 7枚。"
        )
        assert describe(GameWon((0,), 2, False), NAMES, locale="es") == (
            "Fin de la partida tras la ronda 2: ¡Aiko se queda sin piezas y gana!"
        )
        assert describe(GameWon((0, 2), 9, True), NAMES, locale="zh") == (
            "第9回合后达到回合上限：Aiko和Chen剩余钱币最少，共同获胜。"
        )

    def test_actions_are_labelled_for_buttons(self) -> None:
        """Bets, passes and reported outcomes get short labels without their actor."""
        bet = Bet(0, [PieceKind.VAN, PieceKind.RICE_COOKER, PieceKind.RICE_COOKER])
        assert [describe(bet, locale=locale) for locale in LOCALES] == [
            "Bet 1 van and 2 rice cookers",
            "Apostar 1 camioneta y 2 arroceras",
            "押上1辆面包车和2个电饭煲",
        ]
        topped = Bet(1, [PieceKind.VAN, PieceKind.VAN], [PieceKind.VAN])
        # R-TK-BET-7: the whole hand, and what comes from the bag (review item X17).
        assert describe(topped, locale="es") == (
            "Apostar todas tus piezas (1 camioneta) y 1 camioneta de la bolsa"
        )
        assert describe(Pass(0), locale="zh") == "过"
        report = ReportPlacement(0, Placement.KNOCKED_DOWN, 3)
        assert describe(report, locale="es") == "Se cayeron 3 piezas de la pila"
        assert message_id(ReportPlacement(0, Placement.DROPPED)) == (
            "torraku.action.report_placement.dropped"
        )

    @given(any_actions, st.sampled_from(LOCALES))
    def test_any_action_gets_a_label(self, action: object, locale: str) -> None:
        """Any action, even a malformed one, gets a label; an object that is none is refused."""
        if type(action) not in ACTION_TYPES:
            with pytest.raises(IllegalActionError) as caught:
                describe(action, locale=locale)  # type: ignore[arg-type]
            assert caught.value.code == "bad_value"
            return
        text = describe(action, NAMES, locale=locale)  # type: ignore[arg-type]
        assert text and "{" not in text

    @given(games(), st.sampled_from(LOCALES))
    def test_every_event_of_a_game_renders(self, states: list[TorrakuState], locale: str) -> None:
        """Every event of any game renders in every locale, every placeholder filled."""
        for event in states[-1].events:
            text = describe(event, NAMES, locale=locale)
            assert text and "{" not in text and "}" not in text

    def test_unknown_locale_is_a_typed_error(self) -> None:
        """A locale the library does not speak raises LocaleError, as Millions' describe does."""
        with pytest.raises(LocaleError, match="unknown locale"):
            describe(Pass(0), locale="fr")


def _opened() -> TorrakuState:
    return new_game(TorrakuConfig(2, seed=1))


class TestLocalizedErrors:
    def test_opener_must_bet(self) -> None:
        """R-TK-BET-4: the opener's pass is refused with the rule cited, in each language."""
        with pytest.raises(IllegalActionError) as caught:
            apply(_opened(), Pass(0))
        error = caught.value
        assert (error.code, error.rule, error.message_id) == (
            "opener_must_bet",
            "R-TK-BET-4",
            "error.opener_must_bet",
        )
        assert str(error) == "the opener must bet at least one piece (R-TK-BET-4)"
        assert error.localized("es") == (
            "quien abre la ronda debe apostar al menos una pieza (R-TK-BET-4)"
        )
        assert error.localized("zh") == "先手至少要押一枚钱币（R-TK-BET-4）"

    def test_pieces_in_a_refusal_are_words(self) -> None:
        """R-TK-BET-5: a bet of pieces one does not hold names both hands in words."""
        state = _opened()
        with pytest.raises(IllegalActionError) as caught:
            apply(state, Bet(0, [PieceKind.VAN] * 3))
        assert caught.value.code == "not_in_hand"
        assert caught.value.localized("zh") == (
            "1号座位手中有2辆面包车、2台洗衣机和6个电饭煲，而不是3辆面包车（R-TK-BET-5）"
        )

    def test_replay_keeps_the_translation(self) -> None:
        """replay() prefixes the step and still translates the refusal."""
        with pytest.raises(IllegalActionError) as caught:
            replay(TorrakuConfig(2, seed=1), [Pass(0)])
        assert str(caught.value).startswith("actions[0]: the opener must bet")
        assert caught.value.localized("zh") == ("actions[0]：先手至少要押一枚钱币（R-TK-BET-4）")

    def test_config_error_says_its_kind(self) -> None:
        """R-TK-COMP-5: a table's player count is refused in words in every language (review item
        X11); a program's config error says in the language what it is, with the English detail."""
        with pytest.raises(ConfigError) as caught:
            TorrakuConfig(7)
        assert caught.value.localized("zh") == "Currency Torraku限1至6人，不能是7人（R-TK-COMP-5）"
        assert caught.value.localized("es") == (
            "Currency Torraku es para 1 a 6 jugadores, no para 7 (R-TK-COMP-5)"
        )
        with pytest.raises(ConfigError) as program:
            TorrakuConfig(2, seed=-1)
        assert program.value.localized("zh").startswith("配置无效：")
        assert program.value.localized("es").endswith(str(program.value))

    @given(games(), st.data())
    def test_every_refusal_localises(self, states: list[TorrakuState], data: st.DataObject) -> None:
        """Every refused action's message is translated whole, with its rule cited."""
        state = data.draw(st.sampled_from(states))
        for _ in range(5):
            action: Any = data.draw(any_actions)
            try:
                apply(state, action)
            except IllegalActionError as error:
                for locale in TRANSLATED:
                    text = error.localized(locale)
                    assert text and "{" not in text and text != str(error)
                    if error.rule is not None:
                        assert error.rule in text


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("zh", "Currency Torraku开始（标准模式，4人），Aiko为先手。"),
        ("es", "Empieza una partida estándar de Currency Torraku para 4 jugadores; abre Aiko."),
    ],
)
def test_demo_speaks_the_language(lang: str, first: str) -> None:
    """``demo --game torraku --lang zh`` tells the whole story in Chinese (es in Spanish)."""
    story = subprocess.run(
        [sys.executable, "-m", "millions_rules", "demo", "--game", "torraku", "--lang", lang],
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    ).stdout.splitlines()
    assert story[0] == first
    english = (" bets ", " passes ", "Round ", "The bag", "Game over", "stack")
    assert not [line for line in story if any(word in line for word in english)]
