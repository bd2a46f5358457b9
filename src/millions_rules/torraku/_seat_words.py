"""*Currency Torraku* in words for one seat: its menu, its status and events told in the
second person, for the text layer (:mod:`millions_rules.text`), through
:attr:`~millions_rules.games.Companions.text`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .._common.game import SeatWords
from .._common.i18n import check_locale, msg, nmsg
from .._common.notation import (
    MenuEntry,
    NotationError,
    first_spelling,
    list_comma,
    seat_label,
    waiting_lines,
)
from . import _notation
from ._actions import Bet, Pass, ReportPlacement
from ._events import EVENT_TYPES
from ._names import PHASES
from ._narrate import describe
from ._notation import _NAMES as PIECE_NAMES
from ._notation import LETTERS as PIECE_LETTERS
from ._pieces import KINDS, PieceCounts, Placement
from ._state import Phase
from ._views import TorrakuView
from ._words import Pieces

__all__ = ["SEAT_WORDS", "menu", "narrate", "phase_name", "status"]

command = _notation.command

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
        "Report: pieces fell off the stack (a penalty); you may add how many fell.",
    ),
    Placement.TOUCHED: msg(
        "text.torraku.menu.touched", "Report: you moved another piece by hand (a penalty)."
    ),
}
_LETTER: Final = msg("text.torraku.letter", "{letter} {piece}")


def _letters(language: str) -> str:
    return list_comma(language).join(
        _LETTER.render(
            language,
            letter=first_spelling(PIECE_LETTERS[kind], language),
            piece=first_spelling(PIECE_NAMES[kind], language),
        )
        for kind in KINDS
    )


def menu(seen: TorrakuView, names: Sequence[str] | None, language: str) -> tuple[MenuEntry, ...]:
    """What ``seen``'s seat can do now: pass, a line for its bets from the hand (with the
    letters), a line per bet from the bag, or its stacking reports."""
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


# --- status -----------------------------------------------------------------------------

_PASSED: Final = msg("text.torraku.status.note.passed", "passed")
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


def phase_name(phase: object, locale: str = "en") -> str:
    """The name of a Currency Torraku phase in ``locale`` ("Betting", "Apuestas", "下注"), as
    :func:`millions_rules.torraku.phase_name` gives it.

    >>> from millions_rules.torraku import Phase
    >>> from millions_rules.text import torraku_phase_name
    >>> [torraku_phase_name(phase, "zh") for phase in Phase]
    ['下注', '叠放', '游戏结束']

    Raises:
        NotationError: If ``phase`` is no Torraku phase (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    text = PHASES.get(phase) if isinstance(phase, Phase) else None
    if text is None:
        raise NotationError("bad_value", {"detail": f"a Torraku phase, not {phase!r}"})
    return text.render(check_locale(locale))


def status(seen: TorrakuView, names: Sequence[str] | None, language: str) -> list[str]:
    """The lines of what ``seen``'s seat knows: round and phase, its hand, every row and
    hand, the bet, the stack and the bag, and whom the game waits for."""
    players = seen.config.players
    label = [seat_label(seat, names, language) for seat in range(players)]
    lines = [
        _TK_STATUS["round"].render(
            language, round=seen.round, phase=phase_name(seen.phase, language)
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
        if seen.passed[other] and seen.phase is Phase.BETTING:
            line += f" ({_PASSED.render(language)})"
        lines.append(line)
    if seen.phase is Phase.BETTING:
        lines.append(_TK_STATUS["bet"].render(language, count=seen.current_bet))
    lines.append(_TK_STATUS["stack"].render(language, count=len(seen.stack), bag=Pieces(seen.bag)))
    awaiting = () if seen.to_act is None else (seen.to_act,)
    lines.extend(
        waiting_lines(seen.phase is Phase.GAME_OVER, seen.winners, awaiting, seat, label, language)
    )
    return lines


def narrate(event: Any, seat: int | None, names: Sequence[str] | None, language: str) -> str:
    """``event`` told to ``seat``, its own deeds in the second person (:func:`describe`)."""
    return describe(event, names, locale=language, reader=seat)


#: What the text layer asks of Torraku (:attr:`~millions_rules.games.Companions.text`).
#: The game's title as an LLM seat's prompt names it.
_TITLE: Final = msg("text.llm.title.torraku", "Currency Torraku")

SEAT_WORDS: Final = SeatWords(
    command=_notation.command,
    parse_command=_notation.parse_command,
    legal_actions=_notation.legal_actions,
    menu=menu,
    status=status,
    narrate=narrate,
    event_types=EVENT_TYPES,
    title=_TITLE.render,
    aliases=("钱币",),
)
