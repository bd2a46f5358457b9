"""Words for one seat: ``status``, ``menu``, ``is_secret`` and Torraku's phase names
(millions_rules.text; R-INFO, R-PLAN-2, R-NEG-3, R-3P-1/2, R-TK-BET-4/7, R-TK-STACK-4)."""

from __future__ import annotations

import pathlib

import pytest

from millions_rules import (
    LOCALES,
    Choose,
    Eliminated,
    GameConfig,
    Leave,
    Left,
    Paid,
    Pay,
    Role,
    RoundEnded,
    Said,
    Stay,
    Stayed,
    ThreatUsed,
    UseThreat,
    apply,
    new_game,
    view,
)
from millions_rules.text import (
    NotationError,
    is_secret,
    menu,
    parse_command,
    status,
    torraku_phase_name,
)
from millions_rules.torraku import Bet, Passed, Phase, PieceKind, PiecePlaced, TorrakuConfig
from millions_rules.torraku import new_game as torraku_game
from millions_rules.torraku import view as torraku_view

NAMES = ["Ana", "Bo", "Cy"]


def three_player_negotiation() -> object:
    state = new_game(GameConfig(3, seed=1))
    pairs = [(Role.DRIVER, Role.CROOK), (Role.BRUTE, Role.SNITCH), (Role.DRIVER, Role.MASTERMIND)]
    for seat, roles in enumerate(pairs):
        state = apply(state, Choose(seat, roles))
    return state


def test_status_in_three_languages() -> None:
    """The status says the round and phase, the seat's own cash, threat cards and hidden
    characters (only its own: R-INFO), every player's cash and the leader, the face-up role
    cards and whom the game waits for, in each locale."""
    seen = view(three_player_negotiation(), 0)  # type: ignore[arg-type]
    assert status(seen, names=NAMES).splitlines() == [
        "Round 1 of 8: Negotiation.",
        "Loot card: 9M, deposit 1M.",
        "You have 3M and 0 threat cards.",
        "Your characters: Driver, face down; Crook, face down.",
        "Ana: 3M (leader)",
        "Bo: 3M",
        "Cy: 3M",
        "Face-up role cards: Snitch, Brute, Driver, Crook, Mastermind.",
        "Waiting for Bo and Cy.",
        "It is your move.",
    ]
    assert (
        status(seen, names=NAMES, locale="zh").splitlines()[3]
        == "你的人物牌：司机（面朝下）；恶棍（面朝下）。"
    )
    assert (
        status(seen, names=NAMES, locale="es").splitlines()[2]
        == "Tienes 3 M y 0 cartas de Intimidación."
    )


def test_status_never_names_another_seats_character() -> None:
    """Bo's status names Bo's characters and nobody else's (R-INFO); a spectator's none."""
    state = three_player_negotiation()
    bo = status(view(state, 1), names=NAMES)  # type: ignore[arg-type]
    assert "Brute, face down; Snitch, face down" in bo
    assert "Crook" not in bo.replace("Crook, Mastermind", "")
    spectator = status(view(state, None), names=NAMES)  # type: ignore[arg-type]
    assert "Your characters" not in spectator and "You have" not in spectator


def test_menu_explains_the_three_player_pairs_and_keeps_secrets() -> None:
    """Each of the 20 ordered pairs of the three-player game (R-3P-1) is a line saying which
    character lies in which position; every choice is secret (R-PLAN-2). English writes a
    role with its capital mid-sentence, as the catalogs and the rules do."""
    seen = view(new_game(GameConfig(3, seed=1)), 0)
    lines = menu(seen, locale="en")
    assert len(lines) == 20 and all(line.secret for line in lines)
    assert lines[0].command == "/choose snitch brute"
    assert lines[0].explanation == (
        "Send your Snitch (card 1) and your Brute (card 2), deposit 1M each."
    )
    for line in lines:
        assert parse_command(line.command, seen) == line.actions[0]


def test_menu_lists_payments_per_payee_and_marks_taking_back_one_as_secret() -> None:
    """In negotiation the menu has stay and leave (public), taking back one named character
    (secret in the three-player game, R-3P-2), and a payment line per payee standing for
    every amount from 1M to the seat's cash (R-NEG-3)."""
    seen = view(three_player_negotiation(), 0)  # type: ignore[arg-type]
    lines = menu(seen, names=NAMES, locale="es")
    by_command = {line.command: line for line in lines}
    assert not by_command["/quedarse"].secret and not by_command["/salir"].secret
    assert by_command["/salir conductor"].secret
    pay = by_command["/pagar @Bo 1 M"]
    assert pay.actions == (Pay(0, 1, 1), Pay(0, 1, 2), Pay(0, 1, 3))
    assert pay.explanation == "Paga a Bo lo que quieras, de 1 M a 3 M (todos ven los pagos)."
    assert not pay.secret


def test_is_secret() -> None:
    """Choices and naming the character taken back are secret; the rest is public (R-INFO)."""
    seen = view(new_game(GameConfig(3, seed=1)), 0)
    assert is_secret(Choose(0, Role.BRUTE), seen)
    assert is_secret(Leave(0, Role.CROOK), seen)
    assert not is_secret(Leave(0), seen)
    assert not is_secret(Stay(0), seen)
    assert not is_secret(UseThreat(0, 1), seen)


def test_torraku_menu_sums_up_the_bets() -> None:
    """An opener's 62 bets (R-TK-BET-4) are one line with the hand and the letters."""
    seen = torraku_view(torraku_game(TorrakuConfig(2, seed=1)), 0)
    (line,) = menu(seen, locale="zh")
    assert line.command == "/押 煲" and len(line.actions) == 62
    assert line.explanation == (
        "往你押出的那排里添加钱币，由内向外：至少1枚（你有2辆面包车、2台洗衣机和6个电饭煲；"
        "车\uff1d面包车、洗\uff1d洗衣机、煲\uff1d电饭煲）。"
    )


def test_torraku_status_and_phase_names() -> None:
    """Torraku's status in words, and its phases named in each locale."""
    from millions_rules.torraku import apply as torraku_apply

    state = torraku_apply(
        torraku_game(TorrakuConfig(2, seed=1)), Bet(0, [PieceKind.RICE_COOKER] * 2)
    )
    assert status(torraku_view(state, 1), names=["Ana", "Bo"]).splitlines() == [
        "Round 1: Betting.",
        "Your hand: 2 vans, 2 washing machines and 6 rice cookers.",
        "Ana: 2 pieces in the row, 8 in hand",
        "Bo: 0 pieces in the row, 10 in hand",
        "Current bet: 2 pieces.",
        "Stack: 0 pieces; bag: 8 vans, 8 washing machines and 24 rice cookers.",
        "It is your move.",
    ]
    # The round as Torraku's narration counts it in Chinese (回合, "第1回合：Ana为先手。").
    assert status(torraku_view(state, 1), locale="zh").splitlines()[0] == "第1回合：下注。"
    assert [torraku_phase_name(phase, "es") for phase in Phase] == [
        "Apuestas",
        "Apilado",
        "Fin de la partida",
    ]
    with pytest.raises(NotationError) as caught:
        torraku_phase_name("betting")
    assert caught.value.code == "bad_value"


def test_torraku_names_its_phases_pieces_and_table_in_every_language() -> None:
    """Currency Torraku's own names (R-TK-COMP-1, R-TK-COMP-4, R-TK-COMP-6): its phases as the web page
    heads them, its pieces without an article, the parts of its table; Millions' phase_name
    refuses a Torraku phase with a pointer to Torraku's."""
    from millions_rules import LocaleError, phase_name
    from millions_rules.torraku import TERMS, piece_name, term
    from millions_rules.torraku import phase_name as torraku_names_phase

    assert [[torraku_names_phase(phase, lang) for phase in Phase] for lang in LOCALES] == [
        ["Betting", "Stacking", "Game over"],
        ["Apuestas", "Apilado", "Fin de la partida"],
        ["下注", "叠放", "游戏结束"],
    ]
    assert [[piece_name(kind, lang) for kind in PieceKind] for lang in LOCALES] == [
        ["van", "washing machine", "rice cooker"],
        ["camioneta", "lavadora", "arrocera"],
        ["面包车", "洗衣机", "电饭煲"],
    ]
    assert [[term(key, lang) for key in TERMS] for lang in LOCALES] == [
        ["Hand", "Row", "Pieces left", "Centre stack", "Bag", "Current bet", "Opener"],
        ["En mano", "Fila", "Restantes", "Pila central", "Bolsa", "Apuesta actual", "Abre"],
        ["手中钱币", "已押", "剩余钱币", "中央的钱堆", "袋子", "当前注额", "本回合先手"],
    ]
    with pytest.raises(LocaleError):
        torraku_names_phase("betting")  # type: ignore[arg-type]
    with pytest.raises(LocaleError):
        piece_name("van")  # type: ignore[arg-type]
    with pytest.raises(LocaleError):
        term("stack", "fr")
    with pytest.raises(LocaleError):
        term("pile")
    with pytest.raises(LocaleError, match=r"millions_rules\.torraku\.phase_name"):
        phase_name(Phase.BETTING)  # type: ignore[arg-type]


def test_words_refuse_what_is_no_view() -> None:
    """status and menu refuse a non-view with NotationError ``bad_value``."""
    for call in (lambda: status("x"), lambda: menu(3)):
        with pytest.raises(NotationError) as caught:
            call()
        assert caught.value.code == "bad_value"


def test_a_seat_hears_its_own_secrets_in_the_second_person() -> None:
    """narrate tells a seat its own choice (R-PLAN-2) and what its threat card showed
    (R-NEG-THREAT) in the second person; anything else, and another seat's events, as
    describe tells them."""
    from millions_rules import CharacterChosen, Stayed, ThreatPeeked, describe
    from millions_rules.text import narrate

    chosen = CharacterChosen(0, (Role.DRIVER, Role.CROOK))
    assert narrate(chosen, 0, locale="es") == "Envías en secreto a tu Conductor y a tu Estafador."
    assert narrate(chosen, 1, names=NAMES) == describe(chosen, NAMES)
    peeked = ThreatPeeked(0, 2, 1, Role.BRUTE)
    # Characters counted from 1, as the page's "card 2" (X1); no number with one each.
    assert narrate(peeked, 0, names=NAMES, locale="zh") == "你用威胁牌查看了Cy的第2张人物牌：暴徒。"
    five = [*NAMES, "Di", "Ed"]
    assert narrate(peeked, 0, names=five, locale="zh") == "你用威胁牌查看了Cy的人物牌：暴徒。"
    assert narrate(Stayed(0), 1, names=NAMES) == describe(Stayed(0), NAMES)


SECOND_PERSON_CASES: list[tuple[object, int, str, str, str]] = [
    # (event, reader, en, es, zh): the reader's own deed, then one that names it otherwise.
    (Stayed(0), 0, "You stay.", "Te plantas.", "你选择留下。"),
    (Stayed(0), 1, "Ana stays.", "Ana se planta.", "Ana选择留下。"),
    (Paid(0, 2, 3), 0, "You pay Cy 3M.", "Pagas 3 M a Cy.", "你向Cy支付300万。"),
    (Paid(0, 2, 3), 2, "Ana pays you 3M.", "Ana te paga 3 M.", "Ana向你支付300万。"),
    (Paid(0, 2, 3), 1, "Ana pays Cy 3M.", "Ana paga 3 M a Cy.", "Ana向Cy支付300万。"),
    (
        Left(1, (0,), 0),
        1,
        "You take back your character and leave the round.",
        "Retiras tu personaje y sales de la ronda.",
        "你取回1张人物牌，离开本回合。",
    ),
    (
        Eliminated(2, Role.DRIVER, "R-HEIST-DUP"),
        2,
        "Your Driver is eliminated (duplicated).",
        "Tu Conductor queda fuera del golpe (rol repetido).",
        "你的司机被淘汰（角色重复）。",
    ),
    (
        ThreatUsed(0, 1, 0),
        1,
        "Ana uses a threat card on you.",
        "Ana usa una carta de Intimidación contra ti.",
        "Ana对你使用了一张威胁牌。",
    ),
    (
        RoundEnded(1, 3),
        3,
        "Round 1 ends; you take the leader card.",
        "Termina la ronda 1; te llevas la carta de líder.",
        "第1回合结束；你接过首领牌。",
    ),
    (
        Said(1, "trust me", 0, None),
        0,
        "Bo to you, in private: “trust me”",
        "Bo a ti, en privado: «trust me»",
        "Bo私下对你说：“trust me”",
    ),
    (
        Passed(1, 0),
        1,
        "You pass without betting.",
        "Pasas sin apostar.",
        "你选“过”，没有下注。",
    ),
    (
        PiecePlaced(0, PieceKind.VAN, 3),
        0,
        "You place a van on the stack (height 3).",
        "Colocas una camioneta en la pila (altura 3).",
        "你把一辆面包车放上钱堆（高度3）。",
    ),
    (
        PiecePlaced(0, PieceKind.VAN, 3),
        1,
        "Ana places a van on the stack (height 3).",
        "Ana coloca una camioneta en la pila (altura 3).",
        "Ana把一辆面包车放上钱堆（高度3）。",
    ),
]


@pytest.mark.parametrize(("event", "reader", "en", "es", "zh"), SECOND_PERSON_CASES)
def test_a_seat_hears_its_own_deeds_in_the_second_person(
    event: object, reader: int, en: str, es: str, zh: str
) -> None:
    """narrate tells a seat the events that name it in the second person ("You stay.",
    "Ana pays you 3M.") and every other seat's in the third, in each language, for both
    games (R-NEG-1, R-NEG-3, R-NEG-THREAT, R-HEIST-DUP, R-TALK-1; R-TK-BET-4, R-TK-STACK-4)."""
    from millions_rules.text import narrate

    told = [narrate(event, reader, names=NAMES, locale=locale) for locale in ("en", "es", "zh")]
    assert told == [en, es, zh]


def test_second_person_forms_fill_what_their_sentences_fill() -> None:
    """Every second-person form is keyed by a sentence of the catalog, on a seat placeholder
    of it, and uses no placeholder that sentence does not fill (so describe can render it),
    in each language of the catalogs."""
    import string

    from babel.messages.pofile import read_po

    from millions_rules._common.i18n import render
    from millions_rules.millions._narrate_you import SECOND_PERSON as MILLIONS_YOU
    from millions_rules.torraku._narrate_you import SECOND_PERSON as TK_YOU

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    pot = pathlib.Path(__file__).parent.parent / "src/millions_rules/locale/millions_rules.pot"
    with pot.open("rb") as source:
        catalog = read_po(source)
    texts: dict[str, set[str]] = {}
    for message in catalog:
        if message.context:
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            texts.setdefault(message.context, set()).update(*(fields(one) for one in ids))
    checked = 0
    for forms in (MILLIONS_YOU, TK_YOU):
        for sentence, by_seat in forms.items():
            assert sentence in texts, sentence
            third = texts[sentence]
            for seat, text in by_seat.items():
                assert seat in third, (sentence, seat)
                for locale in ("en", "es", "zh"):
                    for count in (1, 2):
                        params = {name: "{" + name + "}" for name in third} | {"count": count}
                        template = render(text, locale, params)
                        assert fields(template) <= third - {seat}, (text.id, locale)
                checked += 1
    assert checked == 76


def test_a_told_list_says_your_mastermind() -> None:
    """Millions' narrate with a reader: the Mastermind's 2M that only the events around a
    share show (R-LOOT-1) is "your Mastermind" to its owner, by name to the others."""
    from millions_rules import CharacterRevealed, Event, LootShared
    from millions_rules import narrate as tell

    events: list[Event] = [CharacterRevealed(1, Role.MASTERMIND), LootShared(10, 2, 5)]
    assert tell(events, NAMES, reader=1)[1] == (
        "Your Mastermind adds 2M to the loot (10M). The 10M of loot is split into 2 shares of 5M."
    )
    assert tell(events, NAMES, reader=1, locale="zh")[1].startswith("你的谋士使赃款增加200万")
    assert tell(events, NAMES, reader=0, locale="es")[1].startswith(
        "La Mente Maestra de Bo suma 2 M al botín (10 M)."
    )
