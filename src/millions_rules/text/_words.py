"""Words for one seat: :func:`status` (what it knows) and :func:`menu` (what it can do now)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from .. import (
    AcceptOffer,
    CharacterStatus,
    Choose,
    DeclineOffer,
    Denounce,
    Leave,
    Offer,
    OpenOffer,
    Pay,
    PlayerView,
    Role,
    Say,
    Stay,
    UseThreat,
    WithdrawOffer,
    offer_terms,
)
from .._common.i18n import check_locale, join_and, msg, nmsg
from .._common.notation import NotationError, first_spelling, seat_label
from ..millions.companions import format_money, phase_name, role_name, term
from ..torraku import Bet, Pass, PieceCounts, Placement, ReportPlacement, TorrakuView
from ..torraku import Phase as TorrakuPhase
from ..torraku.companions import KINDS, PIECE_LETTERS, PIECE_NAMES, Pieces
from ._notation import _check_names, command

__all__ = ["MenuEntry", "is_secret", "menu", "narrate", "status", "torraku_phase_name"]


@attrs.frozen
class MenuEntry:
    """One line of a seat's menu: a command to type, what it does, and whether it is secret."""

    command: str
    """A command to type, as :func:`~millions_rules.text.parse_command` reads it (for a
    payment, its smallest amount: the explanation gives the range)."""
    explanation: str
    """What the command does, in a short sentence."""
    secret: bool
    """Whether typing it where others read would reveal a secret (a choice of role, a
    three-player character taken back): type it in a private chat."""
    actions: tuple[Any, ...]
    """The legal actions the line stands for (for a payment line, every amount to that payee)."""


_EXPLAIN: Final = {
    "choose": msg("text.menu.choose", "Send your {role} on this heist (deposit {deposit})."),
    "choose.two": msg(
        "text.menu.choose.two",
        "Send your {first} (position 1) and your {second} (position 2), deposit {deposit} each.",
    ),
    "stay": msg("text.menu.stay", "Stay in the heist: your decision is final."),
    "leave": msg("text.menu.leave", "Leave this round and take your deposit back."),
    "leave.role": msg(
        "text.menu.leave.role",
        "Take back your {role} and its deposit; your other character stays in play.",
    ),
    "pay": msg(
        "text.menu.pay", "Pay {player} any amount from {low} to {high} (everyone sees payments)."
    ),
    "threat": msg(
        "text.menu.threat",
        "Spend a threat card to look at {player}'s character (only you see it).",
    ),
    "threat.slot": msg(
        "text.menu.threat.slot",
        "Spend a threat card to look at {player}'s character in position {position} "
        "(only you see it).",
    ),
    "denounce": msg(
        "text.menu.denounce",
        "As the lone Snitch, name the {role}: every {role} still in the heist is caught.",
    ),
    AcceptOffer: msg("text.menu.offer.accept", "Accept offer {offer}: {terms}."),
    DeclineOffer: msg(
        "text.menu.offer.decline", "Decline offer {offer} ({terms}); no money moves."
    ),
    WithdrawOffer: msg(
        "text.menu.offer.withdraw", "Withdraw your offer {offer} ({terms}); no money moves."
    ),
    "offer.how": msg(
        "text.menu.offer.how",
        "Offer a deal like this: {example} (to whom, how much, who decides and is paid: "
        "you or me, stay or leave, private if only you two see it); talk with {say} or "
        "claim a role with {claim}.",
    ),
}
#: An offer's terms (R-DEAL-1): who pays whom, and the decision.
_TERMS: Final = {
    "stay": msg("text.menu.offer.stay", "{payer} pays {decider} {amount} and {decider} stays"),
    "leave": msg("text.menu.offer.leave", "{payer} pays {decider} {amount} and {decider} leaves"),
    "slot": msg(
        "text.menu.offer.slot",
        "{payer} pays {decider} {amount} and {decider} takes back the character in position "
        "{position}",
    ),
}
_TK_EXPLAIN: Final = {
    "pass": nmsg(
        "text.torraku.menu.pass",
        "Pass: your bet stays at {count} piece.",
        "Pass: your bet stays at {count} pieces.",
    ),
    "bet": nmsg(
        "text.torraku.menu.bet",
        "Add pieces to your row, innermost first: at least {count} (you hold {hand}; {letters}).",
        "Add pieces to your row, innermost first: at least {count} (you hold {hand}; {letters}).",
    ),
    "bet.bag": msg("text.torraku.menu.bet.bag", "Bet your whole hand and take {bag} from the bag."),
    Placement.PLACED: msg("text.torraku.menu.placed", "Report: the piece stays on the stack."),
    Placement.DROPPED: msg(
        "text.torraku.menu.dropped",
        "Report: only the piece you were adding fell (no penalty: try again).",
    ),
    Placement.KNOCKED_DOWN: msg(
        "text.torraku.menu.knocked_down",
        "Report: the stack fell (a penalty); you may add how many pieces fell.",
    ),
    Placement.TOUCHED: msg(
        "text.torraku.menu.touched", "Report: you moved another piece by hand (a penalty)."
    ),
}
_LETTER: Final = msg("text.torraku.letter", "{letter} {piece}")


def is_secret(action: object, view: object) -> bool:
    """Whether typing ``action``'s command where others read reveals a secret of the seat.

    A choice of role (R-PLAN-2) is secret; in the three-player game so is taking back one
    named character (R-3P-2: the others learn that a player took one back, never which).
    Everything else a seat does is public (R-INFO).
    """
    if isinstance(action, Choose):
        return True
    if isinstance(action, Offer):  # a private offer is seen by its two parties (R-DEAL-4)
        return action.private
    if isinstance(action, Say):  # so is private talk (R-TALK-1)
        return action.to is not None
    if isinstance(action, (AcceptOffer, DeclineOffer, WithdrawOffer)):
        offers = getattr(view, "offers", ())
        return any(offer.id == action.offer and offer.private for offer in offers)
    return isinstance(action, Leave) and action.role is not None


def menu(
    view: object, *, names: Sequence[str] | None = None, locale: str = "en"
) -> tuple[MenuEntry, ...]:
    """What ``view``'s seat can do now: a command per line, with its explanation and secrecy.

    Millions' payments are one line per payee (every amount from 1M to the seat's cash); the
    three-player game's ordered pairs each say which character lies in which position;
    Torraku's bets are one line with the hand and the letters, and a line per bet from the
    bag.

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.text import menu
    >>> for entry in menu(view(new_game(GameConfig(4, seed=1)), 0), locale="es"):
    ...     print(entry.command, "|", entry.explanation, "|", entry.secret)
    /elegir matón | Envía a tu Matón a este golpe (apuesta de 1 M). | True
    /elegir conductor | Envía a tu Conductor a este golpe (apuesta de 1 M). | True
    /elegir estafador | Envía a tu Estafador a este golpe (apuesta de 1 M). | True

    Raises:
        NotationError: If ``view`` is no view of a game or ``names`` no list of str
            (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    checked = _check_names(names)
    if type(view) is PlayerView:
        return _millions_menu(view, checked, language)
    if type(view) is TorrakuView:
        return _torraku_menu(view, language)
    raise NotationError("bad_value", {"detail": f"a view of a game, not {type(view).__name__}"})


def _millions_menu(
    seen: PlayerView, names: Sequence[str] | None, language: str
) -> tuple[MenuEntry, ...]:
    entries: list[MenuEntry] = []
    deposit = format_money(seen.loot.deposit, language) if seen.loot is not None else ""

    def add(action: Any, text: str, actions: tuple[Any, ...] = ()) -> None:
        typed = command(action, names=names, locale=language)
        entries.append(MenuEntry(typed, text, is_secret(action, seen), actions or (action,)))

    for action in seen.legal_actions:
        if isinstance(action, Choose):
            if len(action.roles) == 1:
                text = _EXPLAIN["choose"].render(language, role=action.roles[0], deposit=deposit)
            else:
                first, second = action.roles
                text = _EXPLAIN["choose.two"].render(
                    language, first=first, second=second, deposit=deposit
                )
            add(action, text)
        elif isinstance(action, Stay):
            add(action, _EXPLAIN["stay"].render(language))
        elif isinstance(action, Leave):
            if action.role is None:
                add(action, _EXPLAIN["leave"].render(language))
            else:
                add(action, _EXPLAIN["leave.role"].render(language, role=action.role))
        elif isinstance(action, UseThreat):
            player = seat_label(action.target, names, language)
            several = sum(
                1
                for other in seen.legal_actions
                if isinstance(other, UseThreat) and other.target == action.target
            )
            if several > 1 or action.slot:
                text = _EXPLAIN["threat.slot"].render(
                    language, player=player, position=action.slot + 1
                )
            else:
                text = _EXPLAIN["threat"].render(language, player=player)
            add(action, text)
        elif isinstance(action, Denounce):
            add(action, _EXPLAIN["denounce"].render(language, role=action.role))
        elif isinstance(action, (AcceptOffer, DeclineOffer, WithdrawOffer)):
            offer = next(offer for offer in seen.offers if offer.id == action.offer)
            terms = _offer_terms(offer, names, language)
            add(action, _EXPLAIN[type(action)].render(language, offer=offer.id, terms=terms))
    if seen.seat is not None and seen.payees:
        cash = seen.cash[seen.seat]
        for to in seen.payees:
            text = _EXPLAIN["pay"].render(
                language,
                player=seat_label(to, names, language),
                low=format_money(1, language),
                high=format_money(cash, language),
            )
            amounts = tuple(Pay(seen.seat, to, amount) for amount in range(1, cash + 1))
            add(amounts[0], text, amounts)
    kinds = offer_terms(seen)
    if seen.seat is not None and kinds:
        term = kinds[0]
        example = Offer(seen.seat, term.to, 1, term.decider, term.leave, term.slot)
        say = command(Say(seen.seat, "…"), names=names, locale=language)
        claim = command(Say(seen.seat, "", claim=Role.DRIVER), names=names, locale=language)
        text = _EXPLAIN["offer.how"].render(
            language,
            example=command(example, names=names, locale=language),
            say=say,
            claim=claim,
        )
        add(example, text)
    return tuple(entries)


def _offer_terms(offer: OpenOffer, names: Sequence[str] | None, language: str) -> str:
    params = {
        "payer": seat_label(offer.payer, names, language),
        "decider": seat_label(offer.decider, names, language),
        "amount": format_money(offer.amount, language),
    }
    if not offer.leave:
        return _TERMS["stay"].render(language, **params)
    if offer.slot is None:
        return _TERMS["leave"].render(language, **params)
    return _TERMS["slot"].render(language, position=offer.slot + 1, **params)


def _comma(language: str) -> str:
    return "、" if language == "zh" else ", "


def _letters(language: str) -> str:
    return _comma(language).join(
        _LETTER.render(
            language,
            letter=first_spelling(PIECE_LETTERS[kind], language),
            piece=first_spelling(PIECE_NAMES[kind], language),
        )
        for kind in KINDS
    )


def _torraku_menu(seen: TorrakuView, language: str) -> tuple[MenuEntry, ...]:
    entries: list[MenuEntry] = []
    if seen.seat is None:
        return ()
    seat = seen.seat
    bets = [action for action in seen.legal_actions if isinstance(action, Bet)]
    plain = [bet for bet in bets if not bet.from_bag]
    for action in seen.legal_actions:
        if isinstance(action, Pass):
            count = len(seen.rows[seat])
            text = _TK_EXPLAIN["pass"].render(language, count=count)
            entries.append(MenuEntry(command(action, locale=language), text, False, (action,)))
        elif isinstance(action, ReportPlacement):
            text = _TK_EXPLAIN[action.outcome].render(language)
            actions: tuple[Any, ...] = (action,)
            if action.outcome is Placement.KNOCKED_DOWN:
                actions += tuple(
                    ReportPlacement(seat, action.outcome, fallen)
                    for fallen in range(1, len(seen.stack) + 1)
                )
            entries.append(MenuEntry(command(action, locale=language), text, False, actions))
    if plain:
        fewest = min(plain, key=lambda bet: len(bet.pieces))
        text = _TK_EXPLAIN["bet"].render(
            language,
            count=len(fewest.pieces),
            hand=Pieces(seen.hands[seat]),
            letters=_letters(language),
        )
        entries.append(MenuEntry(command(fewest, locale=language), text, False, tuple(plain)))
    for bet in bets:
        if bet.from_bag:
            text = _TK_EXPLAIN["bet.bag"].render(language, bag=Pieces(PieceCounts.of(bet.from_bag)))
            entries.append(MenuEntry(command(bet, locale=language), text, False, (bet,)))
    return tuple(entries)


# --- status --------------------------------------------------------------------------------

_STATUS: Final = {
    "round": msg("text.status.round", "Round {round} of {rounds}: {phase}."),
    "loot": msg("text.status.loot", "Loot card: {total}, deposit {deposit}."),
    "loot.bonus": msg(
        "text.status.loot.bonus", "Loot card: {total}, deposit {deposit}, bonus for the {role}."
    ),
    "you": nmsg(
        "text.status.you",
        "You have {cash} and {count} threat card.",
        "You have {cash} and {count} threat cards.",
    ),
    "characters": msg("text.status.characters", "Your characters: {characters}."),
    "player": msg("text.status.player", "{player}: {cash}"),
    "player.notes": msg("text.status.player.notes", "{player}: {cash} ({notes})"),
    "face_up": msg("text.status.face_up", "Face-up role cards: {roles}."),
    "waiting": msg("text.status.waiting", "Waiting for {players}."),
    "your_move": msg("text.status.your_move", "It is your move."),
    "over": msg("text.status.over", "The game is over. Winners: {players}."),
}
_CHARACTER: Final = {
    CharacterStatus.HIDDEN: msg("text.status.character.hidden", "{role}, face down"),
    CharacterStatus.TAKEN_BACK: msg("text.status.character.taken_back", "{role}, taken back"),
    CharacterStatus.SURVIVING: msg("text.status.character.surviving", "{role}, survived"),
    CharacterStatus.ELIMINATED: msg("text.status.character.eliminated", "{role}, caught"),
}
_NOTES: Final = {
    "leader": msg("text.status.note.leader", "leader"),
    "chosen": msg("text.status.note.chosen", "has chosen"),
    "stayed": msg("text.status.note.stayed", "stayed"),
    "left": msg("text.status.note.left", "left"),
    "threats": nmsg("text.status.note.threats", "{count} threat card", "{count} threat cards"),
    "passed": msg("text.torraku.status.note.passed", "passed"),
}
_TK_PHASES: Final = {
    TorrakuPhase.BETTING: msg("text.torraku.phase.betting", "betting"),
    TorrakuPhase.STACKING: msg("text.torraku.phase.stacking", "stacking"),
    TorrakuPhase.GAME_OVER: msg("text.torraku.phase.game_over", "game over"),
}
_TK_STATUS: Final = {
    "round": msg("text.torraku.status.round", "Round {round}: {phase}."),
    "hand": msg("text.torraku.status.hand", "Your hand: {pieces}."),
    "player": nmsg(
        "text.torraku.status.player",
        "{player}: {count} piece in the row, {left} in hand",
        "{player}: {count} pieces in the row, {left} in hand",
    ),
    "bet": nmsg(
        "text.torraku.status.bet", "Current bet: {count} piece.", "Current bet: {count} pieces."
    ),
    "stack": nmsg(
        "text.torraku.status.stack",
        "Stack: {count} piece; bag: {bag}.",
        "Stack: {count} pieces; bag: {bag}.",
    ),
}


def torraku_phase_name(phase: TorrakuPhase, locale: str = "en") -> str:
    """The name of a Currency Torraku phase in ``locale`` ("betting", "apuestas", "下注").

    >>> from millions_rules.torraku import Phase
    >>> from millions_rules.text import torraku_phase_name
    >>> [torraku_phase_name(phase, "zh") for phase in Phase]
    ['下注', '堆叠', '游戏结束']

    Raises:
        NotationError: If ``phase`` is no Torraku phase (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    text = _TK_PHASES.get(phase) if isinstance(phase, TorrakuPhase) else None
    if text is None:
        raise NotationError("bad_value", {"detail": f"a Torraku phase, not {phase!r}"})
    return text.render(check_locale(locale))


def status(view: object, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """What ``view``'s seat knows, in a few lines of ``locale``: the round and phase, its own
    money and characters, every player's public facts, and who the game waits for.

    Only what the view holds is said (a spectator's view gives the public facts only).

    Raises:
        NotationError: If ``view`` is no view of a game or ``names`` no list of str
            (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    checked = _check_names(names)
    if type(view) is PlayerView:
        return "\n".join(_millions_status(view, checked, language))
    if type(view) is TorrakuView:
        return "\n".join(_torraku_status(view, checked, language))
    raise NotationError("bad_value", {"detail": f"a view of a game, not {type(view).__name__}"})


def _millions_status(seen: PlayerView, names: Sequence[str] | None, language: str) -> list[str]:
    players = seen.config.players
    label = [seat_label(seat, names, language) for seat in range(players)]
    lines = [
        _STATUS["round"].render(
            language,
            round=seen.round,
            rounds=seen.config.rounds,
            phase=phase_name(seen.phase, language),
        )
    ]
    if seen.loot is not None and not seen.is_over:
        key = "loot" if seen.loot.bonus_role is None else "loot.bonus"
        lines.append(
            _STATUS[key].render(
                language,
                total=format_money(seen.loot.total, language),
                deposit=format_money(seen.loot.deposit, language),
                role=seen.loot.bonus_role,
            )
        )
    seat = seen.seat
    if seat is not None:
        lines.append(
            _STATUS["you"].render(
                language, cash=format_money(seen.cash[seat], language), count=seen.threats[seat]
            )
        )
        mine = [
            _CHARACTER[character.status].render(language, role=role_name(character.role, language))
            for character in seen.characters
            if character.player == seat and character.role is not None
        ]
        if mine:
            separator = "；" if language == "zh" else "; "
            lines.append(_STATUS["characters"].render(language, characters=separator.join(mine)))
    for other in range(players):
        notes: list[str] = []
        if other == seen.leader:
            notes.append(term("leader", language).lower())
        own = [character for character in seen.characters if character.player == other]
        if seen.decided[other]:
            left = all(c.status is CharacterStatus.TAKEN_BACK for c in own)
            notes.append(_NOTES["left" if left else "stayed"].render(language))
        elif own and seen.phase.value == "planning":
            notes.append(_NOTES["chosen"].render(language))
        if seen.threats[other] and other != seat:
            notes.append(_NOTES["threats"].render(language, count=seen.threats[other]))
        cash = format_money(seen.cash[other], language)
        key = "player.notes" if notes else "player"
        lines.append(
            _STATUS[key].render(
                language, player=label[other], cash=cash, notes=_comma(language).join(notes)
            )
        )
    if seen.face_up:
        roles = _comma(language).join(role_name(role, language) for role in seen.face_up)
        lines.append(_STATUS["face_up"].render(language, roles=roles))
    lines.extend(_waiting(seen.is_over, seen.winners, seen.awaiting, seat, label, language))
    return lines


def _waiting(
    over: bool,
    winners: Sequence[int] | frozenset[int],
    awaiting: Sequence[int],
    seat: int | None,
    label: Sequence[str],
    language: str,
) -> list[str]:
    if over:
        won = join_and([label[winner] for winner in sorted(winners)], language)
        return [_STATUS["over"].render(language, players=won)]
    lines = []
    others = [label[other] for other in awaiting if other != seat]
    if others:
        lines.append(_STATUS["waiting"].render(language, players=join_and(others, language)))
    if seat is not None and seat in awaiting:
        lines.append(_STATUS["your_move"].render(language))
    return lines


def _torraku_status(seen: TorrakuView, names: Sequence[str] | None, language: str) -> list[str]:
    players = seen.config.players
    label = [seat_label(seat, names, language) for seat in range(players)]
    lines = [
        _TK_STATUS["round"].render(
            language, round=seen.round, phase=torraku_phase_name(seen.phase, language)
        )
    ]
    seat = seen.seat
    if seat is not None:
        lines.append(_TK_STATUS["hand"].render(language, pieces=Pieces(seen.hands[seat])))
    for other in range(players):
        line = _TK_STATUS["player"].render(
            language,
            player=label[other],
            count=len(seen.rows[other]),
            left=seen.hands[other].total,
        )
        if seen.passed[other] and seen.phase is TorrakuPhase.BETTING:
            line += f" ({_NOTES['passed'].render(language)})"
        lines.append(line)
    if seen.phase is TorrakuPhase.BETTING:
        lines.append(_TK_STATUS["bet"].render(language, count=seen.current_bet))
    lines.append(_TK_STATUS["stack"].render(language, count=len(seen.stack), bag=Pieces(seen.bag)))
    awaiting = () if seen.to_act is None else (seen.to_act,)
    lines.extend(
        _waiting(
            seen.phase is TorrakuPhase.GAME_OVER, seen.winners, awaiting, seat, label, language
        )
    )
    return lines


# --- second person -------------------------------------------------------------------------

_YOU: Final = {
    "chosen": msg("text.you.character_chosen", "You secretly send your {role}."),
    "chosen.two": msg(
        "text.you.character_chosen.two", "You secretly send your {role} and your {role2}."
    ),
    "peeked": msg(
        "text.you.threat_peeked",
        "Your threat card shows you {target}'s character in position {slot}: the {role}.",
    ),
}


def narrate(
    event: object, seat: int, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """One event told to ``seat``: its own deeds in the second person ("You stay.", "Te
    plantas.", "你选择留下。", "Bo pays you 2M."), its own secrets too (its choice, what its
    threat card showed), and everything else in the third person, as the game's
    ``describe`` tells it.

    >>> from millions_rules import CharacterChosen, Role, Stayed
    >>> from millions_rules.text import narrate
    >>> narrate(CharacterChosen(0, (Role.DRIVER,)), 0, locale="zh")
    '你秘密派出了司机。'
    >>> narrate(Stayed(0), 0, locale="es"), narrate(Stayed(0), 1, names=["Ana", "Bo"])
    ('Te plantas.', 'Ana stays.')

    Raises:
        NotationError: If ``names`` is no list of str (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    from .. import CharacterChosen, ThreatPeeked
    from ..millions.companions import describe as millions_describe
    from ..torraku.companions import describe as torraku_describe

    language = check_locale(locale)
    checked = _check_names(names)
    reader = seat if type(seat) is int else None
    if isinstance(event, CharacterChosen) and event.player == seat and event.roles:
        if len(event.roles) == 2:
            first, second = event.roles
            return _YOU["chosen.two"].render(language, role=first, role2=second)
        return _YOU["chosen"].render(language, role=event.roles[0])
    if isinstance(event, ThreatPeeked) and event.player == seat:
        target = seat_label(event.target, checked, language)
        return _YOU["peeked"].render(language, target=target, slot=event.slot + 1, role=event.role)
    if type(event).__module__.startswith("millions_rules.torraku"):
        return torraku_describe(event, checked, locale=language, reader=reader)  # type: ignore[arg-type]
    return millions_describe(event, checked, locale=language, reader=reader)  # type: ignore[arg-type]
