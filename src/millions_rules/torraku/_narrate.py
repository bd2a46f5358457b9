"""Plain-English sentences for Currency Torraku's events, for logs, chat bots and the demo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._common.errors import LocaleError
from .._common.i18n import check_locale
from ._errors import illegal
from ._events import (
    BetPlaced,
    BettingEnded,
    Event,
    GameStarted,
    GameWon,
    Passed,
    PenaltyTaken,
    PieceDropped,
    PiecePlaced,
    PiecesDealt,
    RoundEnded,
    RoundStarted,
    StackStarted,
)
from ._pieces import PieceCounts, PieceKind, Placement

__all__ = ["describe"]

_NAMES = {
    PieceKind.VAN: ("van", "vans"),
    PieceKind.WASHING_MACHINE: ("washing machine", "washing machines"),
    PieceKind.RICE_COOKER: ("rice cooker", "rice cookers"),
}


def _piece(kind: PieceKind) -> str:
    return "a " + _NAMES[kind][0]


def _counts(counts: PieceCounts) -> str:
    parts = [
        f"{n} {_NAMES[kind][n != 1]}"
        for kind, n in zip(PieceKind, counts.as_tuple(), strict=True)
        if n
    ]
    if not parts:
        return "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def _pieces(pieces: Sequence[PieceKind]) -> str:
    return ", ".join(_NAMES[p][0] for p in pieces)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe(event: Event, names: Sequence[str] | None = None, *, locale: str = "en") -> str:
    """One English sentence for a Torraku ``event``, as Millions' ``describe`` does.

    Args:
        event: Any Torraku event.
        names: Player names by seat; ``"seat N"`` if left out (or for a seat beyond the
            names given).
        locale: ``"en"``; the other languages of :data:`~millions_rules.LOCALES` are
            refused until Torraku's catalogs exist, rather than answered in English.

    Raises:
        LocaleError: If ``locale`` is not English.
        IllegalActionError: If ``event`` is no Torraku event or ``names`` is no sequence of
            strings (code ``bad_value``).

    >>> from millions_rules.torraku import PieceKind, PiecePlaced
    >>> describe(PiecePlaced(1, PieceKind.VAN, 3), ["Ann", "Bo"])
    'Bo places a van on the stack (height 3).'
    """
    if check_locale(locale) != "en":
        raise LocaleError(f"Currency Torraku is narrated in English only, not {locale!r}")
    tell = _TELLERS.get(type(event))
    if tell is None:
        illegal(f"expected a Torraku event, not {type(event).__name__}", "bad_value")
    if names is not None and (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or not all(isinstance(name, str) for name in names)
    ):
        illegal("names must be a sequence of strings, one per seat", "bad_value")

    def who(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat}"

    return tell(event, who)


def _winners(e: GameWon, who: Callable[[int], str]) -> str:
    people = " and ".join(who(s) for s in e.winners)
    verb = "wins" if len(e.winners) == 1 else "share the win"
    if e.at_limit:
        return f"Round limit reached after round {e.round}: {people} {verb} with the fewest pieces."
    return f"Game over after round {e.round}: {people} {verb}, out of pieces!"


def _penalty(e: PenaltyTaken, who: Callable[[int], str]) -> str:
    how = "knocks the stack down" if e.cause is Placement.KNOCKED_DOWN else "touches the stack"
    fell = "" if e.fallen is None else f" ({_plural(e.fallen, 'piece')} fell)"
    return (
        f"{who(e.player)} {how} adding {_piece(e.piece)}{fell} and takes back "
        f"{_counts(e.stack + PieceCounts.of((e.piece,)))}."
    )


def _bet(e: BetPlaced, who: Callable[[int], str]) -> str:
    bag = f", {len(e.from_bag)} of them from the bag" if e.from_bag else ""
    verb = "raises to" if e.raised else "matches"
    return f"{who(e.player)} bets {_pieces(e.pieces)}{bag}: row {e.row}, {verb} {e.current_bet}."


_TELLERS: dict[type, Callable[[Any, Callable[[int], str]], str]] = {
    GameStarted: lambda e, who: (
        f"A {e.setup.value} game of Currency Torraku for {_plural(e.players, 'player')} begins; "
        f"{who(e.first_player)} opens."
    ),
    PiecesDealt: lambda e, who: (
        f"Each player receives {_counts(e.hands[0])}; the bag holds {_counts(e.bag)}."
        if len(set(e.hands)) == 1
        else "The pieces are dealt: "
        + "; ".join(f"{who(s)} {_counts(h)}" for s, h in enumerate(e.hands))
        + f"; the bag holds {_counts(e.bag)}."
    ),
    RoundStarted: lambda e, who: f"Round {e.round}: {who(e.opener)} opens the betting.",
    BetPlaced: _bet,
    Passed: lambda e, who: f"{who(e.player)} passes with a bet of {e.bet}.",
    BettingEnded: lambda e, who: (
        f"Betting ends; bets {', '.join(map(str, e.bets))}; {who(e.last_passer)} passed last."
    ),
    StackStarted: lambda e, who: (
        f"{who(e.player)} lays {_piece(e.piece)} as the base of a "
        + ("new stack." if e.after_penalty else "stack.")
    ),
    PieceDropped: lambda e, who: f"{who(e.player)} drops {_piece(e.piece)} and tries again.",
    PiecePlaced: lambda e, who: (
        f"{who(e.player)} places {_piece(e.piece)} on the stack (height {e.height})."
    ),
    PenaltyTaken: _penalty,
    RoundEnded: lambda e, who: (
        f"Round {e.round} ends: {_counts(e.bagged)} {'goes' if e.bagged.total == 1 else 'go'} "
        "into the bag. Pieces left: "
        + ", ".join(f"{who(s)} {n}" for s, n in enumerate(e.pieces_left))
        + "."
    ),
    GameWon: _winners,
}
