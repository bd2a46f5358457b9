"""Sentences for Currency Torraku's events and labels for its actions, in every locale.

As Millions' :func:`~millions_rules.describe`: each event and action has one or more
messages (a variant per shape of sentence), each with a stable message id that
:func:`~millions_rules.torraku.message_id` gives; the machinery is the common layer's
(:mod:`millions_rules._common.narration`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

from .._common.i18n import Text, check_locale, msg, nmsg
from .._common.narration import (
    CLAUSES,
    Items,
    Nested,
    Phrase,
    Seats,
    addressed,
    check_names,
    namer,
    tell,
)
from ._actions import Action, Bet, Pass, ReportPlacement
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
from ._narrate_you import SECOND_PERSON
from ._pieces import PieceCounts, Placement
from ._words import SETUPS, Piece, Pieces

__all__ = ["describe", "message_id"]

_Phrasing: TypeAlias = Callable[[Any], Phrase]


class _Seated:
    """A nested message about one seat, which :func:`describe` names as the sentence does."""

    __slots__ = ("params", "seat", "text")

    def __init__(self, text: Text, seat: int, **params: object) -> None:
        self.text = text
        self.seat = seat
        self.params = params


def _event_phrases() -> dict[type, _Phrasing]:
    started = nmsg(
        "torraku.event.game_started",
        "A {setup} game of Currency Torraku for {count} player begins; {player} opens.",
        "A {setup} game of Currency Torraku for {count} players begins; {player} opens.",
    )
    dealt = msg("torraku.event.pieces_dealt", "Each player receives {hand}; the bag holds {bag}.")
    dealt_empty = msg(
        "torraku.event.pieces_dealt.bag_empty", "Each player receives {hand}; the bag is empty."
    )
    dealt_each = msg(
        "torraku.event.pieces_dealt.each", "The pieces are dealt: {hands}; the bag holds {bag}."
    )
    dealt_each_empty = msg(
        "torraku.event.pieces_dealt.each.bag_empty",
        "The pieces are dealt: {hands}; the bag is empty.",
    )
    hand = msg("torraku.hand", "{player} gets {pieces}")
    round_started = msg("torraku.event.round_started", "Round {round}: {player} opens the betting.")
    # The opening bet and a raise both set the current bet (the bettor's row, R-TK-BET-2).
    raised = msg("torraku.event.bet_placed", "{player} bets {pieces}: the bet is now {bet}.")
    matched = msg(
        "torraku.event.bet_placed.match", "{player} bets {pieces} and matches the bet of {bet}."
    )
    # R-TK-BET-7: the whole hand, and the missing pieces from the bag.
    from_bag = msg(
        "torraku.event.bet_placed.bag",
        "{player} bets their whole hand ({own}) and {bag} from the bag, matching the bet of {bet}.",
    )
    only_bag = msg(
        "torraku.event.bet_placed.bag_only",
        "{player} bets {bag} from the bag, matching the bet of {bet}.",
    )
    passed = nmsg(
        "torraku.event.passed",
        "{player} passes with a bet of {count} piece.",
        "{player} passes with a bet of {count} pieces.",
    )
    passed_none = msg("torraku.event.passed.nothing", "{player} passes without betting.")
    betting_ended = msg(
        "torraku.event.betting_ended", "Betting ends ({bets}); {player} passed last."
    )
    bet_of = msg("torraku.bet_of", "{player} {count}")
    bet_of_none = msg("torraku.bet_of.none", "{player} 0")
    stack = msg("torraku.event.stack_started", "{player} lays {piece} as the base of a stack.")
    new_stack = msg(
        "torraku.event.stack_started.after_penalty",
        "{player} lays {piece} as the base of a new stack.",
    )
    dropped = msg("torraku.event.piece_dropped", "{player} drops {piece} and tries again.")
    placed = msg(
        "torraku.event.piece_placed", "{player} places {piece} on the stack (height {height})."
    )
    # R-TK-STACK-4, R-TK-PEN: the foul is moving another piece by hand, or any piece falling
    # off the stack (the stack need not fall); the stacker takes the stack and the piece.
    touched = msg(
        "torraku.event.penalty_taken.touched",
        "{player} moves another piece of the stack by hand while adding {piece}, and takes "
        "the stack and that piece as a penalty: {pieces}.",
    )
    knocked = msg(
        "torraku.event.penalty_taken",
        "{player} knocks pieces off the stack while adding {piece}, and takes the stack and "
        "that piece as a penalty: {pieces}.",
    )
    fell = nmsg(
        "torraku.event.penalty_taken.fallen",
        "{player} knocks {count} piece off the stack while adding {piece}, and takes the stack "
        "and that piece as a penalty: {pieces}.",
        "{player} knocks {count} pieces off the stack while adding {piece}, and takes the stack "
        "and that piece as a penalty: {pieces}.",
    )
    ended = nmsg(
        "torraku.event.round_ended",
        "Round {round} ends: {pieces} goes into the bag. Pieces left: {left}.",
        "Round {round} ends: {pieces} go into the bag. Pieces left: {left}.",
    )
    ended_bare = msg(
        "torraku.event.round_ended.nothing",
        "Round {round} ends with no stack to bag. Pieces left: {left}.",
    )
    left = msg("torraku.pieces_left", "{player} {count}")
    won = msg(
        "torraku.event.game_won", "Game over after round {round}: {winners} wins, out of pieces!"
    )
    won_tie = msg(
        "torraku.event.game_won.tie",
        "Game over after round {round}: {winners} share the win, out of pieces!",
    )
    limit = msg(
        "torraku.event.game_won.limit",
        "Round limit reached after round {round}: {winners} wins with the fewest pieces.",
    )
    limit_tie = msg(
        "torraku.event.game_won.limit.tie",
        "Round limit reached after round {round}: {winners} share the win with the fewest pieces.",
    )

    def dealing(e: PiecesDealt) -> Phrase:
        # An empty bag has a sentence of its own; the other placeholders are always given.
        bag = Pieces(e.bag)
        if len(set(e.hands)) == 1:
            return Phrase(dealt if e.bag.total else dealt_empty, hand=Pieces(e.hands[0]), bag=bag)
        hands = Items([_Seated(hand, s, pieces=Pieces(h)) for s, h in enumerate(e.hands)], CLAUSES)
        return Phrase(dealt_each if e.bag.total else dealt_each_empty, hands=hands, bag=bag)

    def betting(e: BetPlaced) -> Phrase:
        if e.from_bag:
            own, bag = _split(e.pieces, e.from_bag)
            if not own.counts.total:
                return Phrase(only_bag, {"player": e.player}, bag=bag, bet=e.current_bet)
            return Phrase(from_bag, {"player": e.player}, own=own, bag=bag, bet=e.current_bet)
        text = raised if e.raised else matched
        return Phrase(text, {"player": e.player}, pieces=Pieces(e.pieces), bet=e.current_bet)

    def penalty(e: PenaltyTaken) -> Phrase:
        taken = Pieces(e.stack + PieceCounts.of((e.piece,)))
        seats = {"player": e.player}
        if e.cause is not Placement.KNOCKED_DOWN:
            return Phrase(touched, seats, piece=Piece(e.piece), pieces=taken)
        if e.fallen is None:
            return Phrase(knocked, seats, piece=Piece(e.piece), pieces=taken)
        return Phrase(fell, seats, piece=Piece(e.piece), pieces=taken, count=e.fallen)

    def ending(e: RoundEnded) -> Phrase:
        counts = Items([_Seated(left, s, count=n) for s, n in enumerate(e.pieces_left)])
        if e.bagged.total == 0:
            return Phrase(ended_bare, round=e.round, left=counts)
        return Phrase(
            ended, round=e.round, pieces=Pieces(e.bagged), count=e.bagged.total, left=counts
        )

    def winning(e: GameWon) -> Phrase:
        tie = len(e.winners) > 1
        text = (limit_tie if tie else limit) if e.at_limit else (won_tie if tie else won)
        return Phrase(text, round=e.round, winners=Seats(e.winners))

    return {
        GameStarted: lambda e: Phrase(
            started, {"player": e.first_player}, setup=SETUPS[e.setup], count=e.players
        ),
        PiecesDealt: dealing,
        RoundStarted: lambda e: Phrase(round_started, {"player": e.opener}, round=e.round),
        BetPlaced: betting,
        Passed: lambda e: (
            Phrase(passed, {"player": e.player}, count=e.bet)
            if e.bet
            else Phrase(passed_none, {"player": e.player})
        ),
        BettingEnded: lambda e: Phrase(
            betting_ended,
            {"player": e.last_passer},
            bets=Items(
                [
                    _Seated(bet_of, seat, count=bet) if bet else _Seated(bet_of_none, seat)
                    for seat, bet in enumerate(e.bets)
                ]
            ),
        ),
        StackStarted: lambda e: Phrase(
            new_stack if e.after_penalty else stack, {"player": e.player}, piece=Piece(e.piece)
        ),
        PieceDropped: lambda e: Phrase(dropped, {"player": e.player}, piece=Piece(e.piece)),
        PiecePlaced: lambda e: Phrase(
            placed, {"player": e.player}, piece=Piece(e.piece), height=e.height
        ),
        PenaltyTaken: penalty,
        RoundEnded: ending,
        GameWon: winning,
    }


def _action_phrases() -> dict[type, _Phrasing]:
    bet = msg("torraku.action.bet", "Bet {pieces}")
    bet_bag = msg("torraku.action.bet.bag", "Bet your whole hand ({own}) and {bag} from the bag")
    pass_ = msg("torraku.action.pass", "Pass")
    reports = {
        Placement.PLACED: msg("torraku.action.report_placement.placed", "The piece stays on"),
        Placement.DROPPED: msg(
            "torraku.action.report_placement.dropped", "Only the piece fell: try again"
        ),
        Placement.KNOCKED_DOWN: msg(
            "torraku.action.report_placement.knocked_down", "Pieces fell off the stack"
        ),
        Placement.TOUCHED: msg(
            "torraku.action.report_placement.touched", "Another piece was moved by hand"
        ),
    }
    fell = nmsg(
        "torraku.action.report_placement.fallen",
        "{count} piece fell off the stack",
        "{count} pieces fell off the stack",
    )
    other = msg("torraku.action.report_placement", "Report {outcome}")

    def betting(a: Bet) -> Phrase:
        pieces = _pieces(a.pieces)
        if isinstance(a.pieces, tuple) and isinstance(a.from_bag, tuple) and a.from_bag:
            own, bag = _split(a.pieces, a.from_bag)
            return Phrase(bet_bag, own=own, bag=bag)
        return Phrase(bet, pieces=pieces)

    def reporting(a: ReportPlacement) -> Phrase:
        if a.outcome is Placement.KNOCKED_DOWN and type(a.fallen) is int:
            return Phrase(fell, count=a.fallen)
        text = reports.get(a.outcome) if isinstance(a.outcome, Placement) else None
        # A malformed action may hold anything where the outcome goes: show it as it is.
        return Phrase(other, outcome=repr(a.outcome)) if text is None else Phrase(text)

    return {Bet: betting, Pass: lambda a: Phrase(pass_), ReportPlacement: reporting}


def _split(pieces: Sequence[object], from_bag: Sequence[object]) -> tuple[Pieces, Pieces]:
    # The pieces from the hand and those from the bag, each counted by kind.
    own = list(pieces)
    for piece in from_bag:
        if piece in own:
            own.remove(piece)
    return Pieces(own), Pieces(list(from_bag))  # type: ignore[arg-type]


def _pieces(pieces: object) -> object:
    # A malformed action may hold anything where pieces go: show it as the engine would.
    return Pieces(pieces) if isinstance(pieces, tuple) else repr(pieces)


_PHRASES: Final = {**_event_phrases(), **_action_phrases()}


def _phrase(item: Event | Action) -> Phrase:
    phrasing = _PHRASES.get(type(item))
    if phrasing is None:
        illegal(
            msg("error.bad_value", "expected a Torraku event or action, not {kind}"),
            "bad_value",
            kind=type(item).__name__,
        )
    return phrasing(item)


def _check_reader(reader: object) -> None:
    if reader is not None and type(reader) is not int:
        illegal(
            msg("error.bad_value", "reader must be a seat number or None, not {kind}"),
            "bad_value",
            kind=type(reader).__name__,
        )


def message_id(item: Event | Action, *, reader: int | None = None) -> str:
    """The stable id of the message :func:`~millions_rules.torraku.describe` uses for ``item``.

    Torraku's ids start with ``torraku.``: ``torraku.event.<name>`` for events (with a
    variant per shape of sentence, such as ``torraku.event.game_won.tie``) and
    ``torraku.action.<name>`` for actions.

    With ``reader``, the id of the sentence as told to that seat (its second-person form,
    ``torraku.event.passed.you``, where the event names it; see :func:`describe`).

    Raises:
        IllegalActionError: If ``item`` is no Torraku event or action, or ``reader`` no
            seat number (code ``bad_value``).

    >>> from millions_rules.torraku import GameWon, Pass, Passed
    >>> message_id(GameWon((0, 2), 9, True)), message_id(Pass(1))
    ('torraku.event.game_won.limit.tie', 'torraku.action.pass')
    >>> message_id(Passed(1, 2), reader=1)
    'torraku.event.passed.you'
    """
    _check_reader(reader)
    return addressed(_phrase(item), reader, SECOND_PERSON).text.id


def describe(
    item: Event | Action,
    names: Sequence[str] | None = None,
    *,
    locale: str = "en",
    reader: int | None = None,
) -> str:
    """A sentence for a Torraku event, or a short label for an action, in ``locale``.

    As Millions' :func:`~millions_rules.describe`: an event gives a sentence for a game's
    log, an action an imperative label without its actor, fit for the button that plays it.

    Args:
        item: Any Torraku event or action.
        names: Player names by seat; ``"seat N"`` (in ``locale``) if left out, or for a
            seat beyond the names given.
        locale: One of :data:`~millions_rules.LOCALES`: ``"en"``, ``"es"`` or ``"zh"``
            (a regional tag such as ``"es-MX"`` reads as its language).
        reader: The seat the sentence is told to, if any: an event that names it is told in
            the second person ("You pass without betting."), every other seat by name.

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown.
        IllegalActionError: If ``item`` is no Torraku event or action, ``names`` is no
            sequence of strings, or ``reader`` no seat number (code ``bad_value``).

    >>> from millions_rules.torraku import Bet, PieceKind, PiecePlaced
    >>> describe(PiecePlaced(1, PieceKind.VAN, 3), ["Ann", "Bo"])
    'Bo places a van on the stack (height 3).'
    >>> describe(PiecePlaced(1, PieceKind.VAN, 3), ["Ann", "Bo"], locale="es")
    'Bo coloca una camioneta en la pila (altura 3).'
    >>> describe(PiecePlaced(1, PieceKind.VAN, 3), ["Ann", "Bo"], locale="zh")
    'Bo把一辆面包车放上钱堆（高度3）。'
    >>> describe(Bet(0, [PieceKind.RICE_COOKER] * 2), locale="zh")
    '押上2个电饭煲'
    >>> describe(PiecePlaced(1, PieceKind.VAN, 3), ["Ann", "Bo"], locale="es", reader=1)
    'Colocas una camioneta en la pila (altura 3).'
    """
    language = check_locale(locale)
    _check_reader(reader)
    phrase = addressed(_phrase(item), reader, SECOND_PERSON)
    check_names(names)
    name = namer(names, language)
    # Nested messages about a seat name it as the sentence does.
    for key, value in phrase.params.items():
        if isinstance(value, Items):
            phrase.params[key] = Items(
                [
                    Nested(part.text, player=name(part.seat), **part.params)
                    if isinstance(part, _Seated)
                    else part
                    for part in value.items
                ],
                value.joiner,
            )
    return tell(phrase, names, language)
