"""Localisation: the catalogs are complete and current, and every sentence renders in every locale."""

from __future__ import annotations

import fnmatch
import gettext
import io
import os
import pathlib
import pickle
import string
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

import millions_rules
from millions_rules import (
    ACTION_ERROR_CODES,
    ACTION_TYPES,
    DESERIALIZATION_ERROR_CODES,
    EVENT_TYPES,
    LOCALES,
    TERMS,
    Action,
    Choose,
    ConfigError,
    CrookStole,
    DepositPlaced,
    DeserializationError,
    DriverPaid,
    Eliminated,
    GameConfig,
    GameStarted,
    GameState,
    GameWon,
    IllegalActionError,
    Leave,
    Left,
    LocaleError,
    LootCard,
    LootRevealed,
    LootShared,
    Paid,
    Pay,
    Phase,
    Role,
    RoleDenounced,
    Stay,
    UseThreat,
    WinReason,
    apply,
    describe,
    format_money,
    from_json,
    legal_actions,
    message_id,
    new_game,
    phase_name,
    replay,
    role_name,
    term,
    win_reason,
)

from .conftest import scaled
from .strategies import any_actions, games

ROOT = pathlib.Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "millions_rules"
LOCALE_DIR = PACKAGE / "locale"
TRANSLATED = [locale for locale in LOCALES if locale != "en"]
# The Babel keywords of the extraction (the same as the nox ``i18n`` session's).
KEYWORDS: dict[str, Any] = {"msg": ((1, "c"), 2), "nmsg": ((1, "c"), 2, 3)}
# The directories the extraction skips (the nox ``i18n`` session's ``--ignore-dirs``): not
# Babel's default, which also skips ``_common``, the layer whose messages every game shares.
IGNORE_DIRS = (".*", "__pycache__")
NAMES = ("Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def _read_catalog(path: pathlib.Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _messages(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _numbers_of(catalog: Catalog, index: int) -> set[int]:
    """The counts from 0 to 999 for which the catalog uses its plural form ``index``."""
    choose = gettext.c2py(catalog.plural_expr)
    return {n for n in range(1000) if choose(n) == index}


def _source_messages() -> dict[tuple[str | None, str], Any]:
    extracted = extract_from_dir(
        str(PACKAGE),
        keywords=KEYWORDS,
        comment_tags=(),
        directory_filter=lambda path: (
            not any(fnmatch.fnmatch(os.path.basename(path), pattern) for pattern in IGNORE_DIRS)
        ),
    )
    found: dict[tuple[str | None, str], Any] = {}
    for _filename, _line, message, _comments, context in extracted:
        msgid = message if isinstance(message, str) else message[0]
        found[(context, msgid)] = message
    return found


#: Messages whose count a language with one plural form may leave unsaid.
_UNCOUNTED = frozenset({"event.left"})


class TestCatalogs:
    def test_template_is_current_with_the_source(self) -> None:
        """The .pot holds exactly the messages marked in the source (``nox -s i18n`` made it)."""
        template = _read_catalog(LOCALE_DIR / "millions_rules.pot")
        assert {_key(m) for m in _messages(template)} == set(_source_messages())

    @pytest.mark.parametrize("locale", TRANSLATED)
    def test_every_message_is_translated_with_the_same_placeholders(self, locale: str) -> None:
        """Each message of the source has a non-fuzzy translation; every form keeps the placeholders."""
        catalog = _read_catalog(LOCALE_DIR / locale / "LC_MESSAGES" / "millions_rules.po", locale)
        translated = {_key(m): m for m in _messages(catalog)}
        assert set(translated) == set(_source_messages())
        for key, message in translated.items():
            assert not message.fuzzy, key
            english = [message.id] if isinstance(message.id, str) else list(message.id)
            forms = (
                [message.string] if isinstance(message.string, str) else list(message.string or ())
            )
            assert len(forms) == (1 if isinstance(message.id, str) else catalog.num_plurals), key
            wanted = set().union(*map(_fields, english))
            for index, form in enumerate(forms):
                assert form, key
                # A form only the count 1 uses may say "one" instead of "{count}", as the
                # English singular does ("takes back their character").
                only_one = isinstance(message.id, tuple) and _numbers_of(catalog, index) == {1}
                # Leaving takes back every character a player has: a language without plural
                # forms need not count them ("Al取回人物牌，离开本回合。", review item Z20).
                uncounted = key[0] in _UNCOUNTED and catalog.num_plurals == 1
                missing = wanted - _fields(form)
                may_miss = {"count"} if only_one or uncounted else set()
                assert _fields(form) <= wanted and missing <= may_miss, (
                    key,
                    form,
                )

    @pytest.mark.parametrize(
        ("locale", "header"),
        [("es", "nplurals=2; plural=(n != 1);"), ("zh", "nplurals=1; plural=0;")],
    )
    def test_plural_forms_header(self, locale: str, header: str) -> None:
        """Spanish has two plural forms (one, other), Chinese one; the catalog says so."""
        path = LOCALE_DIR / locale / "LC_MESSAGES" / "millions_rules.po"
        assert f'"Plural-Forms: {header}\\n"' in path.read_text("utf-8")
        with (LOCALE_DIR / locale / "LC_MESSAGES" / "millions_rules.mo").open("rb") as file:
            compiled = gettext.GNUTranslations(file)
        assert compiled.info()["plural-forms"] == header

    @pytest.mark.parametrize("locale", TRANSLATED)
    def test_compiled_catalog_is_current(self, locale: str) -> None:
        """The shipped .mo holds exactly what compiling the .po gives (``nox -s i18n`` compiles)."""
        folder = LOCALE_DIR / locale / "LC_MESSAGES"
        compiled = io.BytesIO()
        write_mo(compiled, _read_catalog(folder / "millions_rules.po", locale))
        compiled.seek(0)
        fresh = gettext.GNUTranslations(compiled)
        with (folder / "millions_rules.mo").open("rb") as file:
            shipped = gettext.GNUTranslations(file)
        assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]

    def test_every_event_action_and_code_has_a_message(self) -> None:
        """Each event and action class and each error code has a message id of its own."""
        ids = {context for context, _ in _source_messages()}

        def snake(cls: type) -> str:
            return "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__)[1:]

        for event in EVENT_TYPES:
            assert f"event.{snake(event)}" in ids, event
        for action in ACTION_TYPES:
            assert f"action.{snake(action)}" in ids, action
        for code in ACTION_ERROR_CODES:
            assert f"error.{code}" in ids, code
        for code in DESERIALIZATION_ERROR_CODES:
            assert f"deserialization.{code}" in ids, code
        for name in ("config", "deserialization", "locale"):
            assert f"error.{name}" in ids


class TestEnglishUnchanged:
    def test_golden_games_narrate_as_before(self) -> None:
        """describe() in English tells the golden games as reviewed, for all 27 event types.

        ``golden/narration_en.txt`` was first written by the English-only narrator over the
        golden games, with player names in every other game and ``seat N`` in the rest; it
        changed only where a sentence was reworded on purpose (plural forms instead of
        "(s)", one share or none said plainly; then, after the 2026-12 words review, roles
        named as on their cards, seats and characters numbered from 1, the reserve's part of
        the loot and of a deposit said; a sentence opening with "seat N" capitalized).
        """
        expected = (ROOT / "tests" / "golden" / "narration_en.txt").read_text("utf-8")
        lines: list[str] = []
        kinds: set[type] = set()
        golden = sorted((ROOT / "tests" / "golden").glob("*.state.json"))
        for index, path in enumerate(golden):
            state = from_json(path.read_text("utf-8"), GameState)
            names = NAMES[: state.config.players] if index % 2 == 0 else None
            lines.append(f"# {path.name} names={'yes' if names else 'no'}")
            lines.extend(describe(event, names) for event in state.events)
            kinds.update(type(event) for event in state.events)
        assert "\n".join(lines) + "\n" == expected
        assert kinds == set(EVENT_TYPES)


class TestDescribe:
    @pytest.mark.parametrize(
        ("locale", "expected"),
        [
            ("en", "Al pays Cy 3M."),
            ("es", "Al paga 3 M a Cy."),
            ("zh", "Al向Cy支付300万。"),
            ("es-MX", "Al paga 3 M a Cy."),
            ("zh_CN.UTF-8", "Al向Cy支付300万。"),
        ],
    )
    def test_event_in_each_locale(self, locale: str, expected: str) -> None:
        """A payment reads naturally in each language; regional tags read as their language."""
        assert describe(Paid(0, 2, 3), NAMES[:3], locale=locale) == expected

    def test_seats_without_names_are_named_in_the_locale(self) -> None:
        """Without names a seat is "seat N", "Asiento N" or "N号座位", counted from 1 (seat 4 is
        the fifth: review item X10)."""
        event = RoleDenounced(4, Role.DRIVER)
        assert describe(event) == "Seat 5, the Snitch, names the Driver."
        assert describe(event, locale="es") == "El Soplón de Asiento 5 nombra el rol Conductor."
        assert describe(event, locale="zh") == "5号座位的告密者指认了司机。"

    def test_loot_card_uses_the_role_symbol_and_local_money(self) -> None:
        """R-COMP-4: the loot card's total, deposit and symbol, in each language's money."""
        event = LootRevealed(2, LootCard(8, 1, Role.MASTERMIND))
        assert describe(event) == "Round 2: the loot card shows 8M (deposit 1M, Mastermind symbol)."
        assert describe(event, locale="es") == (
            "Ronda 2: la carta de botín muestra 8 M (apuesta de 1 M, símbolo de Mente Maestra)."
        )
        assert describe(event, locale="zh") == "第2回合：赃物牌为800万（保证金100万，谋士标志）。"

    def test_plural_forms_follow_the_count(self) -> None:
        """R-3P-2: taking back one or two characters picks the singular or the plural form."""
        assert describe(Left(1, (0,), 1), NAMES[:3], locale="es") == (
            "Bo retira un personaje y deja 1 en la ronda."
        )
        assert describe(Left(1, (0, 1), 0), NAMES[:3], locale="es") == (
            "Bo retira sus 2 personajes y sale de la ronda."
        )
        assert describe(Left(1, (0,), 0), NAMES[:3]) == (
            "Bo takes back their character and leaves the round."
        )
        assert describe(Left(1, (0, 1), 0), NAMES[:3]) == (
            "Bo takes back their 2 characters and leaves the round."
        )
        assert describe(Left(1, (0, 1), 0), NAMES[:3], locale="zh") == "Bo取回人物牌，离开本回合。"

    @pytest.mark.parametrize(
        ("shares", "expected"),
        [
            (
                0,
                (
                    "Nobody is paid: the 10M of loot stays in the reserve.",
                    "Nadie cobra: el botín de 10 M se queda en la reserva.",
                    "没有人分得赃款：1000万赃款留在储备现金中。",
                ),
            ),
            (
                1,
                (
                    "Only one character shares the loot and takes all 10M.",
                    "Solo cobra un personaje: se lleva todo el botín, 10 M.",
                    "只有一张人物牌分得赃款，独得全部1000万。",
                ),
            ),
            (
                2,
                (
                    "The 10M of loot is split into 2 shares of 5M.",
                    "El botín de 10 M se reparte en 2 partes de 5 M.",
                    "1000万赃款分成2份，每份500万。",
                ),
            ),
        ],
    )
    def test_zero_and_one_share_read_naturally(
        self, shares: int, expected: tuple[str, str, str]
    ) -> None:
        """R-LOOT-2: nobody, one share or several shares, each said plainly in each language; one
        share says who is paid, not who survived (R-LOOT-REPEAT, review item X2)."""
        event = LootShared(10, shares, 10 // shares if shares else 0)
        assert tuple(describe(event, locale=locale) for locale in LOCALES) == expected
        assert message_id(event) == {0: "event.loot_shared.nobody", 1: "event.loot_shared.one"}.get(
            shares, "event.loot_shared"
        )

    def test_a_driver_who_collects_from_their_own_other_character(self) -> None:
        """R-3P-3: the Driver's owner keeps the fee of their own other character."""
        event = DriverPaid(1, 1, 1)
        assert describe(event, NAMES[:3]) == (
            "Bo, as the Driver, keeps the 1M fee of their other character."
        )
        assert describe(event, NAMES[:3], locale="es") == (
            "Bo también tiene al Conductor y se queda la comisión de 1 M de su otro personaje."
        )
        assert describe(event, NAMES[:3], locale="zh") == (
            "Bo自己派出了司机，其另一张人物牌应付的100万留在自己手中。"
        )
        assert describe(DriverPaid(0, 1, 1), NAMES[:3], locale="es") == (
            "Al paga 1 M al Conductor de Bo."
        )
        assert message_id(event) == "event.driver_paid.own"

    def test_spanish_sentences_fit_any_gender(self) -> None:
        """The leader, the Snitch and the Crook are named without an article that fixes a gender."""
        assert describe(GameStarted(4, 0), ["Ana"], locale="es") == (
            "Empieza una partida de 4 jugadores; Ana lleva la carta de líder."
        )
        assert describe(RoleDenounced(0, Role.DRIVER), ["Ana"], locale="es") == (
            "El Soplón de Ana nombra el rol Conductor."
        )
        assert describe(CrookStole(0, 1, 2), ["Ana", "Bea"], locale="es") == (
            "El Estafador de Ana le quita 2 M al Matón de Bea."
        )

    def test_winners_are_listed_as_the_language_lists(self) -> None:
        """R-END-3: a shared win names every winner, joined as each language joins a list."""
        event = GameWon((0, 2, 3), (21, 5, 21, 21), WinReason.TARGET)
        assert describe(event, NAMES[:4]) == "Game over: Al and Cy and Di win with 21M."
        assert describe(event, NAMES[:4], locale="es") == (
            "Fin de la partida: ganan Al, Cy y Di con 21 M."
        )
        assert describe(event, NAMES[:4], locale="zh") == "游戏结束：Al、Cy和Di以2100万共同获胜。"

    def test_elimination_reason_is_translated(self) -> None:
        """R-HEIST-SNITCH: the reason of an elimination is part of the sentence."""
        event = Eliminated(0, Role.MASTERMIND, "R-HEIST-SNITCH")
        assert describe(event, NAMES[:1], locale="es") == (
            "Al: su Mente Maestra queda fuera del golpe (el Soplón nombró su rol)."
        )
        assert describe(event, NAMES[:1], locale="zh") == "Al的谋士被淘汰（被告密者指认）。"

    def test_actions_are_button_labels(self) -> None:
        """An action is an imperative label without its actor, in each language."""
        names = NAMES[:3]
        assert [describe(a, names) for a in (Stay(0), Leave(0), Pay(0, 1, 2))] == [
            "Stay",
            "Leave the round",
            "Pay Bo 2M",
        ]
        assert describe(Leave(0, Role.CROOK), names, locale="es") == "Retirar a tu Estafador"
        assert describe(Choose(0, Role.CROOK)) == "Choose the Crook"  # names as on the cards
        # Characters are numbered from 1, as the page's "card 2" (review item X1).
        assert describe(UseThreat(0, 2, 1), names, locale="zh") == "使用威胁牌：查看Cy的第2张人物牌"
        assert describe(UseThreat(0, 2, 0), names, locale="es") == (
            "Usar una carta de Intimidación: personaje 1 de Cy"
        )
        assert (
            describe(Choose(0, (Role.SNITCH, Role.BRUTE)), locale="es") == "Elegir Soplón y Matón"
        )

    def test_message_ids_name_the_variant(self) -> None:
        """message_id() gives the id of the very message describe() uses."""
        assert message_id(Left(0, (0,), 1)) == "event.left.partial"
        assert message_id(Left(0, (0, 1), 0)) == "event.left"
        assert message_id(RoleDenounced(0, None)) == "event.role_denounced.nobody"
        assert message_id(Choose(0, Role.BRUTE)) == "action.choose"
        assert message_id(UseThreat(0, 1, 1)) == "action.use_threat"
        assert message_id(CrookStole(1, 1, 2)) == "event.crook_stole.own"
        assert message_id(DepositPlaced(1, 0, 2)) == "event.deposit_placed.reserve"
        assert message_id(LootShared(11, 2, 5)) == "event.loot_shared.remainder"

    @pytest.mark.parametrize("locale", ["fr", "", "e", None, 7])
    def test_unknown_locale_is_a_typed_error(self, locale: Any) -> None:
        """Any locale but en, es and zh (or their regional tags) raises LocaleError."""
        with pytest.raises(LocaleError, match="unknown locale"):
            describe(Stay(0), locale=locale)
        with pytest.raises(LocaleError):
            role_name(Role.BRUTE, locale)

    def test_not_an_event_is_a_typed_error(self) -> None:
        """describe() of something that is neither an event nor an action, or with names that
        are not strings, raises IllegalActionError (bad_value), as every wrong-type argument."""
        calls: list[Callable[[], object]] = [
            lambda: describe("stay"),  # type: ignore[arg-type]
            lambda: message_id(3),  # type: ignore[arg-type]
            lambda: describe(Stay(0), names=[1, 2]),  # type: ignore[list-item]
        ]
        for call in calls:
            with pytest.raises(IllegalActionError) as caught:
                call()
            assert caught.value.code == "bad_value"
        assert describe(Stay(0), names=["Al"], locale="zh") == "留下"

    @scaled(3)
    @given(games(), st.sampled_from(LOCALES))
    def test_every_event_of_a_game_renders(self, states: list[GameState], locale: str) -> None:
        """Every event of any game renders in every locale, every placeholder filled."""
        for event in states[-1].events:
            text = describe(event, NAMES[: states[-1].config.players], locale=locale)
            assert text and "{" not in text and "}" not in text

    @given(any_actions, st.sampled_from(LOCALES))
    def test_any_action_gets_a_label(self, action: object, locale: str) -> None:
        """Any action, even a malformed one, gets a label; an object that is none is refused."""
        if type(action) not in ACTION_TYPES:
            with pytest.raises(IllegalActionError):
                describe(action, locale=locale)  # type: ignore[arg-type]
            return
        text = describe(action, NAMES[:3], locale=locale)  # type: ignore[arg-type]
        assert text and "{" not in text


class TestWords:
    def test_role_names_come_from_the_seeds(self) -> None:
        """The role names of the Spanish review and the Chinese rule book."""
        assert [role_name(r) for r in Role] == ["Snitch", "Brute", "Driver", "Crook", "Mastermind"]
        assert [role_name(r, "es") for r in Role] == [
            "Soplón",
            "Matón",
            "Conductor",
            "Estafador",
            "Mente Maestra",
        ]
        assert [role_name(r, "zh") for r in Role] == ["告密者", "暴徒", "司机", "恶棍", "谋士"]

    def test_card_names_come_from_the_seeds(self) -> None:
        """威胁牌, 首领牌, 储备现金 and the carta de Intimidación, as the seeds name them."""
        assert (term("threat_card", "zh"), term("leader_card", "zh"), term("reserve", "zh")) == (
            "威胁牌",
            "首领牌",
            "储备现金",
        )
        assert term("threat_card", "es") == "Carta de Intimidación"
        assert all(term(key, locale) for key in TERMS for locale in LOCALES)
        with pytest.raises(LocaleError, match="unknown term"):
            term("dragon")

    def test_phase_names(self) -> None:
        """Each phase of the round has a name in each language, as the rule book heads them."""
        assert [phase_name(p, "zh") for p in Phase] == [
            "翻开赃物牌",
            "谋划",
            "放置面朝下的角色牌",
            "谈判",
            "抢劫",
            "游戏结束",
        ]
        assert phase_name(Phase.PLANNING, "es") == "Planificación"
        assert phase_name(Phase.GAME_OVER) == "Game over"
        with pytest.raises(LocaleError, match="expected a Phase"):
            phase_name("heist")  # type: ignore[arg-type]

    def test_win_reasons(self) -> None:
        """R-END-2 and R-END-3: why the game ended, for an end screen, in each language."""
        assert [win_reason(r) for r in WinReason] == [
            "Reached the target after a round",
            "Richest after the last round",
        ]
        assert win_reason(WinReason.LAST_ROUND, "es") == "Más dinero tras la última ronda"
        assert win_reason(WinReason.TARGET, "zh") == "一回合结束后达到目标金额"
        with pytest.raises(LocaleError, match="expected a WinReason"):
            win_reason("target")  # type: ignore[arg-type]

    def test_money_in_each_language(self) -> None:
        """1M is 100万 in Chinese, as the rule book counts; non-int amounts are refused."""
        assert [format_money(n, "zh") for n in (0, 1, 20, 99)] == [
            "0",
            "100万",
            "2000万",
            "9900万",
        ]
        # From 100M on, a Chinese reader counts in 亿 (a hundred millions).
        assert [format_money(n, "zh") for n in (100, 150, 123, 105, -250)] == [
            "1亿",
            "1.5亿",
            "1.23亿",
            "1.05亿",
            "-2.5亿",
        ]
        assert format_money(150) == "150M" and format_money(150, "es") == "150 M"
        assert format_money(3, "es") == "3 M"
        with pytest.raises(LocaleError):
            format_money(True)

    def test_non_role_is_refused(self) -> None:
        """role_name() of something that is not a Role raises LocaleError."""
        with pytest.raises(LocaleError, match="expected a Role"):
            role_name("brute")  # type: ignore[arg-type]


def _negotiating() -> GameState:
    state = new_game(GameConfig(4, seed=3))
    while state.phase is Phase.PLANNING:
        state = apply(state, legal_actions(state, payments=False)[0])
    assert state.cash == (4, 4, 4, 4)
    return state


class TestLocalizedErrors:
    def test_illegal_action_in_every_locale(self) -> None:
        """R-NEG-3: a payment beyond one's cash, explained in each language with the rule."""
        with pytest.raises(IllegalActionError) as caught:
            apply(_negotiating(), Pay(0, 1, 99))
        error = caught.value
        assert error.code == "insufficient_funds"
        assert error.message_id == "error.insufficient_funds"
        # Seats are counted from 1 in words: seat 0 is "seat 1" (review item X10).
        assert error.localized() == str(error) == "seat 1 holds 4M and cannot pay 99M (R-NEG-3)"
        assert error.localized("es") == "el asiento 1 tiene 4 M y no puede pagar 99 M (R-NEG-3)"
        assert error.localized("zh") == "1号座位只有400万，付不起9900万（R-NEG-3）"

    def test_replay_error_keeps_its_translation(self) -> None:
        """replay() prefixes the step to the error and still translates it."""
        state = new_game(GameConfig(4, seed=3))
        with pytest.raises(IllegalActionError) as caught:
            replay(state.config, [Stay(0)])
        assert str(caught.value).startswith("actions[0]: nobody can stay now")
        assert caught.value.localized("es") == (
            "actions[0]: ahora nadie puede plantarse: "
            "los jugadores están eligiendo personajes (R-NEG-1)"
        )

    def test_pickled_error_keeps_its_translation(self) -> None:
        """An error sent through pickle (to another process) still localises."""
        with pytest.raises(IllegalActionError) as caught:
            apply(_negotiating(), Pay(0, 0, 1))
        copy = pickle.loads(pickle.dumps(caught.value))
        assert (copy.code, copy.rule, str(copy)) == ("self_target", "R-NEG-3", str(caught.value))
        assert copy.localized("zh") == "1号座位不能向自己付钱（R-NEG-3）"

    def test_plain_error_says_what_its_code_means(self) -> None:
        """An error built from a plain message localises to the meaning of its code."""
        error = IllegalActionError("custom words", "no_threat_card", "R-NEG-THREAT")
        assert error.localized() == "custom words"
        assert (
            error.localized("es")
            == "el jugador no tiene ninguna carta de Intimidación (R-NEG-THREAT)"
        )

    def test_other_errors_say_their_kind(self) -> None:
        """A program's ConfigError says what kind of error it is (its detail names a field, in
        English), a table's player count is words in every language (R-COMP-2, review item X11),
        DeserializationError says what its code means."""
        with pytest.raises(ConfigError) as config:
            GameConfig(4, seed=-1)
        assert config.value.message_id == "error.config"
        assert config.value.localized("es").startswith("configuración no válida: ")
        assert config.value.localized("es").endswith(str(config.value))
        with pytest.raises(ConfigError) as players:
            GameConfig(9)
        assert players.value.message_id == "error.config.players"
        assert str(players.value) == "the game is for 3 to 8 players, not 9 (R-COMP-2)"
        assert players.value.localized("es") == (
            "la partida es para 3 a 8 jugadores, no para 9 (R-COMP-2)"
        )
        assert players.value.localized("zh") == "本游戏限3至8人，不能是9人（R-COMP-2）"
        assert pickle.loads(pickle.dumps(players.value)).localized("zh") == (
            players.value.localized("zh")
        )
        with pytest.raises(DeserializationError) as document:
            from_json('{"type": "pay", "player": 0, "to": 2, "amount": true}', Action)
        error = document.value
        assert (error.message_id, error.localized()) == (
            "deserialization.wrong_type",
            "amount: expected int, got boolean",
        )
        assert error.localized("zh") == (
            "amount：某个值的 JSON 类型错误（该用整数的地方用了字符串或 true 等）"
            "（expected int, got boolean）"
        )
        with pytest.raises(LocaleError):
            error.localized("xx")

    @scaled(2)
    @given(games(), st.data())
    def test_every_refusal_localises(self, states: list[GameState], data: st.DataObject) -> None:
        """Every refused action's message renders in every locale, with its rule cited."""
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


def test_every_public_localisation_name_is_exported() -> None:
    """The localisation API is public: describe, message_id, role_name, format_money, term."""
    for name in (
        "describe",
        "message_id",
        "role_name",
        "format_money",
        "term",
        "TERMS",
        "LOCALES",
        "LocaleError",
    ):
        assert name in millions_rules.__all__
