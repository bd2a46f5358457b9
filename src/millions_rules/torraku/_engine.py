"""The Currency Torraku engine: start a game, list and check actions, apply them, replay them.

This module owns the state machine. Each action class maps to a *check* that raises
:class:`~millions_rules.IllegalActionError` and changes nothing, and a *play* that works on a
:class:`_Draft`, a scratch copy that :func:`apply` freezes into a new
:class:`~millions_rules.torraku.TorrakuState`. Bases, the end of a round and (with
``Dealer.ENGINE``) the whole stacking part need no decision, so the action that leads to them
plays them out, up to the next decision or the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from .._common.dealer import Dealer
from .._common.errors import ConfigError, IllegalActionError
from .._common.i18n import Text, msg, nmsg
from .._common.random import _GAMMA, _MASK, draw_below, seed_state
from .._common.untrusted import UntrustedAction
from ._actions import Action, Bet, Pass, ReportPlacement
from ._config import TorrakuConfig
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
from ._model import draw_outcome
from ._pieces import PieceCounts, PieceKind, Placement, _counts
from ._state import Phase, StackedPiece, TorrakuState
from ._words import Pieces

VAN, WASHER, COOKER = PieceKind.VAN, PieceKind.WASHING_MACHINE, PieceKind.RICE_COOKER
_KIND_ORDER: Final = {kind: kind.order for kind in PieceKind}
_UNIT: Final = 1.0 / (1 << 53)

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "replay"]

# The engine makes states with positional arguments, in the order of TorrakuState's
# fields: Python matches sixteen keywords by name at every call, and positions take
# half the time of a move's new state.
assert tuple(field.name for field in attrs.fields(TorrakuState)) == (
    "config",
    "phase",
    "round",
    "hands",
    "rows",
    "passed",
    "to_act",
    "opener",
    "last_passer",
    "stack",
    "last_adder",
    "bag",
    "winners",
    "events",
    "history",
    "rng",
), "the engine's positional TorrakuState(...) calls follow this order"


class _Draft:
    """The mutable working copy of a state during one transition; it never escapes it."""

    def __init__(self, state: TorrakuState) -> None:
        self.source = state
        self.config = state.config
        self.players = state.config.players
        self.phase = state.phase
        self.round = state.round
        self.hands = list(state.hands)
        self.rows = list(state.rows)
        self.passed = list(state.passed)
        self.to_act = state.to_act
        self.opener = state.opener
        self.last_passer = state.last_passer
        self.stack = list(state.stack)
        self.last_adder = state.last_adder
        self.bag = state.bag
        self.winners = state.winners
        self.rng = state.rng
        self.events: list[Event] = []

    def finish(self, action: Action | None) -> TorrakuState:
        source = self.source
        return TorrakuState(  # by position, in the order of its fields (checked at import)
            self.config,  # config
            self.phase,  # phase
            self.round,  # round
            tuple(self.hands),  # hands
            tuple(self.rows),  # rows
            tuple(self.passed),  # passed
            self.to_act,  # to_act
            self.opener,  # opener
            self.last_passer,  # last_passer
            tuple(self.stack),  # stack
            self.last_adder,  # last_adder
            self.bag,  # bag
            self.winners,  # winners
            source.events + tuple(self.events),  # events
            source.history if action is None else (*source.history, action),  # history
            self.rng,  # rng
        )

    def clockwise_from(self, seat: int) -> Iterable[int]:
        """The seats after ``seat`` clockwise, ending with ``seat`` itself."""
        return ((seat + step) % self.players for step in range(1, self.players + 1))


# -- setup and rounds ------------------------------------------------------------------


def new_game(config: TorrakuConfig) -> TorrakuState:
    """The state at the start of a game: pieces dealt, round 1's betting open (R-TK-SETUP).

    Args:
        config: The game's configuration.

    Returns:
        The first state; :attr:`~millions_rules.torraku.TorrakuState.to_act` is
        ``config.first_player``.

    Raises:
        ConfigError: If ``config`` is not a :class:`~millions_rules.torraku.TorrakuConfig`.

    >>> from millions_rules.torraku import TorrakuConfig
    >>> state = new_game(TorrakuConfig(3, seed=1))
    >>> str(state.hands[0]), str(state.bag)
    ('2V 2W 6R', '6V 6W 18R')
    """
    if not isinstance(config, TorrakuConfig):
        raise ConfigError(f"new_game needs a TorrakuConfig, not {type(config).__name__}")
    n = config.players
    hands = (config.share,) * n
    bag = config.starting_bag
    state = TorrakuState(
        config=config,
        phase=Phase.BETTING,
        round=1,
        hands=hands,
        rows=((),) * n,
        passed=(False,) * n,
        to_act=config.first_player,
        opener=config.first_player,
        last_passer=None,
        stack=(),
        last_adder=None,
        bag=bag,
        winners=(),
        events=(
            GameStarted(n, config.first_player, config.setup, config.dealer),
            PiecesDealt(hands, bag),
        ),
        history=(),
        rng=seed_state(config.seed),
    )
    draft = _Draft(state)
    _start_round(draft, config.first_player)
    return draft.finish(None)


def _start_round(d: _Draft, opener: int) -> None:
    """R-TK-BET-1: empty rows, nobody passed, the opener bets first."""
    d.phase = Phase.BETTING
    d.rows = [()] * d.players
    d.passed = [False] * d.players
    d.to_act = d.opener = opener
    d.last_passer = d.last_adder = None
    d.events.append(RoundStarted(d.round, opener))


# -- checks -----------------------------------------------------------------------------


def _require_seat(state: TorrakuState, value: object) -> int:
    if type(value) is not int:
        illegal(
            msg("error.bad_value", "player must be an int, not {value}"),
            "bad_value",
            value=f"{type(value).__name__} {value!r}",
        )
    if not 0 <= value < state.config.players:
        illegal(
            msg(
                "error.unknown_player", "player {seat} is not a seat of this {players}-player game"
            ),
            "unknown_player",
            "R-TK-COMP-5",
            seat=value,
            players=state.config.players,
        )
    return value


_BET: Final = msg("torraku.doing.bet", "bet")
_PASS: Final = msg("torraku.doing.pass", "pass")


def _require_betting_turn(state: TorrakuState, player: object, doing: Text) -> int:
    seat = _require_seat(state, player)
    if state.phase is not Phase.BETTING:
        illegal(
            msg("error.wrong_phase", "nobody can {doing} now: the players are stacking"),
            "wrong_phase",
            "R-TK-ROUND",
            doing=doing,
        )
    if seat != state.to_act:
        illegal(
            msg("error.not_your_turn", "it is seat {to_act}'s turn to bet, not seat {seat}'s"),
            "not_your_turn",
            "R-TK-BET-3",
            to_act=state.to_act,
            seat=seat,
        )
    return seat


def _require_pieces(value: object, what: str, limit: int) -> tuple[PieceKind, ...]:
    if not isinstance(value, tuple):
        illegal(
            msg("error.bad_value", "{what} must be a sequence of PieceKind, not {kind}"),
            "bad_value",
            what=what,
            kind=type(value).__name__,
        )
    if len(value) > limit:  # more pieces than the whole game holds: refused before counting
        illegal(
            msg("error.not_in_hand", "{what} lists {count} pieces; the game has only {limit}"),
            "not_in_hand",
            "R-TK-BET-5",
            what=what,
            count=len(value),
            limit=limit,
        )
    for index, piece in enumerate(value):
        if not isinstance(piece, PieceKind):
            illegal(
                msg("error.bad_value", "{what}[{index}] must be a PieceKind, not {value}"),
                "bad_value",
                what=what,
                index=index,
                value=repr(piece),
            )
    return value


def _check_bet(state: TorrakuState, action: UntrustedAction) -> None:
    seat = _require_betting_turn(state, action.player, _BET)
    limit = state.config.supply.total
    pieces = PieceCounts.of(_require_pieces(action.pieces, "pieces", limit))
    from_bag = PieceCounts.of(_require_pieces(action.from_bag, "from_bag", limit))
    if pieces.total == 0:
        illegal(
            msg("error.empty_bet", "a bet must add at least one piece"), "empty_bet", "R-TK-BET-5"
        )
    if not from_bag <= pieces:
        illegal(
            msg("error.bad_value", "from_bag must be part of pieces"), "bad_value", "R-TK-BET-7"
        )
    own, hand, row, current = (
        pieces - from_bag,
        state.hands[seat],
        state.rows[seat],
        state.current_bet,
    )
    if not own <= hand:
        illegal(
            msg("error.not_in_hand", "seat {seat} holds {hand}, not {own}"),
            "not_in_hand",
            "R-TK-BET-5",
            seat=seat,
            hand=Pieces(hand),
            own=Pieces(own),
        )
    if from_bag.total == 0:
        if len(row) + pieces.total < current:
            illegal(
                nmsg(
                    "error.bet_too_small",
                    "the row would hold {count} piece, below the current bet of {bet}",
                    "the row would hold {count} pieces, below the current bet of {bet}",
                ),
                "bet_too_small",
                "R-TK-BET-5",
                count=len(row) + pieces.total,
                bet=current,
            )
        return
    if row:
        illegal(
            msg("error.bag_not_allowed", "the bag cannot be used after a first bet"),
            "bag_not_allowed",
            "R-TK-BET-7",
        )
    if hand.total >= current:
        illegal(
            msg(
                "error.bag_not_allowed",
                "the bag cannot be used when the hand ({count}) can match the current bet of {bet}",
            ),
            "bag_not_allowed",
            "R-TK-BET-7",
            count=hand.total,
            bet=current,
        )
    if own != hand:
        illegal(
            msg(
                "error.bag_requires_whole_hand",
                "a player topping up from the bag bets their whole hand",
            ),
            "bag_requires_whole_hand",
            "R-TK-BET-7",
        )
    if pieces.total != current:
        illegal(
            msg(
                "error.bag_must_match",
                "hand and bag make {count} pieces, not the current bet of {bet}",
            ),
            "bag_must_match",
            "R-TK-BET-7",
            count=pieces.total,
            bet=current,
        )
    if not from_bag <= state.bag:
        illegal(
            msg("error.not_in_bag", "the bag holds {bag}, not {wanted}"),
            "not_in_bag",
            "R-TK-BET-7",
            bag=Pieces(state.bag),
            wanted=Pieces(from_bag),
        )


def _check_pass(state: TorrakuState, action: UntrustedAction) -> None:
    _require_betting_turn(state, action.player, _PASS)
    if state.current_bet == 0:
        illegal(
            msg("error.opener_must_bet", "the opener must bet at least one piece"),
            "opener_must_bet",
            "R-TK-BET-4",
        )


def _check_report(state: TorrakuState, action: UntrustedAction) -> None:
    if state.config.dealer is Dealer.ENGINE:
        illegal(
            msg("error.not_dealer_action", "the engine draws stacking outcomes (Dealer.ENGINE)"),
            "not_dealer_action",
            "R-TK-STACK-8",
        )
    seat = _require_seat(state, action.player)
    if state.phase is not Phase.STACKING:
        illegal(
            msg("error.wrong_phase", "nobody is stacking now: the players are betting"),
            "wrong_phase",
            "R-TK-ROUND",
        )
    if seat != state.to_act:
        illegal(
            msg("error.not_stacker", "seat {to_act} is stacking, not seat {seat}"),
            "not_stacker",
            "R-TK-STACK-7",
            to_act=state.to_act,
            seat=seat,
        )
    outcome, fallen = action.outcome, action.fallen
    if not isinstance(outcome, Placement):
        illegal(
            msg("error.bad_value", "outcome must be a Placement, not {value}"),
            "bad_value",
            value=repr(outcome),
        )
    if fallen is None:
        return
    if outcome is not Placement.KNOCKED_DOWN:
        illegal(
            msg("error.bad_fallen", "fallen goes only with KNOCKED_DOWN"),
            "bad_fallen",
            "R-TK-STACK-7",
        )
    if type(fallen) is not int:
        illegal(
            msg("error.bad_value", "fallen must be an int, not {value}"),
            "bad_value",
            value=f"{type(fallen).__name__} {fallen!r}",
        )
    if not 1 <= fallen <= len(state.stack):
        illegal(
            msg("error.bad_fallen", "fallen must be from 1 to {height}, not {fallen}"),
            "bad_fallen",
            "R-TK-STACK-7",
            height=len(state.stack),
            fallen=fallen,
        )


# -- plays ------------------------------------------------------------------------------


def _next_bettor(d: _Draft, seat: int) -> int | None:
    passed, n = d.passed, d.players
    for step in range(1, n + 1):  # clockwise from the seat after, ending with the seat itself
        s = (seat + step) % n
        if not passed[s]:
            return s
    return None


def _tally(pieces: tuple[PieceKind, ...]) -> PieceCounts:
    """The counts of pieces an action has (checked by :func:`apply`, or listed)."""
    return _counts(pieces.count(VAN), pieces.count(WASHER), pieces.count(COOKER))


_ONE: Final = {kind: _counts(*(int(other is kind) for other in PieceKind)) for kind in PieceKind}


def _play_bet(d: _Draft, action: Bet) -> None:
    seat, pieces, taken = action.player, action.pieces, action.from_bag
    rows = d.rows
    before = max(map(len, rows))
    if taken:
        from_bag = _tally(taken)
        d.hands[seat] = d.hands[seat] - (_tally(pieces) - from_bag)
        d.bag = d.bag - from_bag
    else:
        d.hands[seat] = d.hands[seat] - _tally(pieces)
    row = rows[seat] = rows[seat] + pieces  # R-TK-BET-6: the outer end
    after = max(before, len(row))
    d.events.append(BetPlaced(seat, pieces, taken, len(row), after, after > before))
    d.to_act = _next_bettor(d, seat)


def _play_pass(d: _Draft, action: Pass) -> None:
    seat = action.player
    d.passed[seat] = True
    d.events.append(Passed(seat, len(d.rows[seat])))
    d.to_act = _next_bettor(d, seat)
    if d.to_act is None:  # R-TK-BET-9
        d.last_passer = seat
        d.events.append(BettingEnded(d.round, tuple(len(row) for row in d.rows), seat))
        assert d.rows[seat], "the last passer always has a row (R-TK-STACK-1)"
        _lay_base(d, seat, after_penalty=False)
        _stack_from(d, seat)


def _play_report(d: _Draft, action: ReportPlacement) -> None:
    if action.outcome is Placement.DROPPED:
        d.events.append(PieceDropped(action.player, d.rows[action.player][0]))
        return
    _stack_from(d, _resolve(d, action.player, action.outcome, action.fallen))


def _lay_base(d: _Draft, seat: int, *, after_penalty: bool) -> None:
    """R-TK-STACK-3: a base always succeeds, and counts as adding a piece (R-TK-END-4)."""
    piece, d.rows[seat] = d.rows[seat][0], d.rows[seat][1:]
    d.stack = [StackedPiece(piece, seat)]
    d.last_adder = seat
    d.events.append(StackStarted(seat, piece, after_penalty))


def _resolve(d: _Draft, seat: int, outcome: Placement, fallen: int | None) -> int:
    """Apply a placement or a penalty; the seat whose turn it was, for the next turn to follow."""
    piece, d.rows[seat] = d.rows[seat][0], d.rows[seat][1:]
    if outcome is Placement.PLACED:  # R-TK-STACK-5
        d.stack.append(StackedPiece(piece, seat))
        d.last_adder = seat
        d.events.append(PiecePlaced(seat, piece, len(d.stack)))
        return seat
    taken = _tally(tuple([p.kind for p in d.stack]))  # R-TK-PEN-2
    d.hands[seat] = d.hands[seat] + taken + _ONE[piece]
    d.stack = []
    d.events.append(PenaltyTaken(seat, outcome, piece, taken, fallen))
    base = next((s for s in d.clockwise_from(seat - 1) if d.rows[s]), None)  # R-TK-PEN-3
    if base is None:
        return seat  # every row is empty: the round ends with an empty centre
    _lay_base(d, base, after_penalty=True)
    return base


def _stack_from(d: _Draft, seat: int) -> None:
    """Go on stacking after ``seat``'s turn: wait for a report, or draw outcomes (``ENGINE``)."""
    if d.config.dealer is Dealer.ENGINE:
        _stack_drawn(d, seat)
    else:
        _stack_plain(d, seat)


def _stack_plain(d: _Draft, seat: int) -> None:
    """:func:`_stack_from` step by step with :func:`draw_outcome` (the reference of
    :func:`_stack_drawn`, which the tests hold to it)."""
    while any(d.rows):
        stacker = next(s for s in d.clockwise_from(seat) if d.rows[s])  # R-TK-STACK-2
        d.to_act = stacker
        if d.config.dealer is Dealer.EXTERNAL:
            d.phase = Phase.STACKING
            return
        piece = d.rows[stacker][0]
        outcome, fallen, d.rng = draw_outcome(d.config, d.rng, len(d.stack), piece, stacker)
        while outcome is Placement.DROPPED:  # R-TK-STACK-6: same piece, same player
            d.events.append(PieceDropped(stacker, piece))
            outcome, fallen, d.rng = draw_outcome(d.config, d.rng, len(d.stack), piece, stacker)
        seat = _resolve(d, stacker, outcome, fallen)
    _end_round(d)


_STACKED: dict[tuple[PieceKind, int], StackedPiece] = {}
_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def _clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """For each seat of ``n``, the seats after it clockwise, ending with itself."""
    found = _CLOCKWISE.get(n)
    if found is None:
        found = _CLOCKWISE[n] = tuple(
            tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n)
        )
    return found


_PLACED: dict[tuple[int, PieceKind, int], PiecePlaced] = {}


def _stack_drawn(d: _Draft, seat: int) -> None:
    """The loop of :func:`_stack_from` with ``Dealer.ENGINE``, made fast: the same draws of
    the generator (one ``draw_unit`` per attempt, a ``draw_below`` for ``fallen``), the
    same knock-down chances (R-TK-SIM-2, :func:`~millions_rules.torraku._model._knock`'s
    arithmetic on the config's numbers), the same events and states; placed pieces and
    their events are equal immutable values, shared. The tests check it against
    :func:`_stack_plain`."""
    config, rows, events, n = d.config, d.rows, d.events, d.players
    touch, drop, cap = config.touch, config.drop, config.knock_cap
    base, slope, skill = config.knock_base, config.knock_slope, config.skill
    factors = {kind: config.kind_factor[kind.order] for kind in PieceKind}
    clockwise = _clockwise(n)
    rng = d.rng
    stack = d.stack
    while True:
        for stacker in clockwise[seat]:  # R-TK-STACK-2: the next row clockwise, own last
            if rows[stacker]:
                break
        else:
            break  # every row is empty
        row = rows[stacker]
        piece = row[0]
        while True:
            rng = (rng + _GAMMA) & _MASK  # draw_unit, inlined
            z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            u = ((z ^ (z >> 31)) >> 11) * _UNIT
            if u < touch:
                d.rng = rng
                seat = _resolve(d, stacker, Placement.TOUCHED, None)
                stack = d.stack  # a penalty starts a new one
                break
            height = len(stack)
            p = (base + slope * (height - 1)) * factors[piece]
            if skill is not None:
                p *= skill[stacker]
            threshold = touch + (p if p < cap else cap)  # min(cap, p)
            if u < threshold:
                below, rng = draw_below(rng, height)
                d.rng = rng
                seat = _resolve(d, stacker, Placement.KNOCKED_DOWN, below + 1)
                stack = d.stack
                break
            if u < threshold + drop:  # R-TK-STACK-6: same piece, same player
                events.append(PieceDropped(stacker, piece))
                continue
            rows[stacker] = row[1:]  # R-TK-STACK-5, as _resolve places it
            key = (piece, stacker)
            stacked = _STACKED.get(key)
            if stacked is None:
                stacked = _STACKED[key] = StackedPiece(piece, stacker)
            stack.append(stacked)
            d.last_adder = stacker
            placed_key = (stacker, piece, height + 1)
            placed = _PLACED.get(placed_key)
            if placed is None:
                if len(_PLACED) >= 65536:
                    _PLACED.clear()
                placed = _PLACED[placed_key] = PiecePlaced(*placed_key)
            events.append(placed)
            seat = stacker
            break
    d.rng = rng
    _end_round(d)


def _end_round(d: _Draft) -> None:
    """R-TK-END-1 to R-TK-END-4, and the round limit (R-TK-VAR-LIMIT)."""
    bagged = _tally(tuple([p.kind for p in d.stack]))
    d.bag = d.bag + bagged
    d.stack = []
    left = tuple(hand.total for hand in d.hands)
    assert d.last_adder is not None, "the first base of a round always succeeds (R-TK-END-4)"
    d.events.append(RoundEnded(d.round, bagged, d.last_adder, left))
    winners = tuple(seat for seat, n in enumerate(left) if n == 0)
    at_limit = not winners and d.round == d.config.round_limit
    if at_limit:
        winners = tuple(seat for seat, n in enumerate(left) if n == min(left))
    if winners:
        d.winners = winners
        d.phase = Phase.GAME_OVER
        d.to_act = None
        d.events.append(GameWon(winners, d.round, at_limit))
        return
    d.round += 1
    _start_round(d, d.last_adder)


# -- the public functions -----------------------------------------------------------------

_Check = Callable[[TorrakuState, Any], None]
_Play = Callable[[_Draft, Any], None]

#: The state machine: for each action class, its check and its play.
_TRANSITIONS: dict[type, tuple[_Check, _Play]] = {
    Bet: (_check_bet, _play_bet),
    Pass: (_check_pass, _play_pass),
    ReportPlacement: (_check_report, _play_report),
}


def _require_state(state: object) -> None:
    if not isinstance(state, TorrakuState):
        illegal(
            msg("error.bad_value", "expected a TorrakuState, not {kind}"),
            "bad_value",
            kind=type(state).__name__,
        )


def _check(state: TorrakuState, action: object, seat: object = None) -> _Play:
    _require_state(state)
    transition = _TRANSITIONS.get(type(action))
    if transition is None:
        illegal(
            msg("error.not_an_action", "{action} is not a Torraku action"),
            "not_an_action",
            action=repr(action),
        )
    if seat is not None:
        sender = _require_seat(state, seat)
        player = getattr(action, "player", None)
        if type(player) is int and player != sender:
            illegal(
                msg("error.not_your_action", "seat {seat} cannot act for seat {player}"),
                "not_your_action",
                seat=sender,
                player=player,
            )
    if state.phase is Phase.GAME_OVER:
        illegal(
            msg("error.game_over", "the game is over: no action is legal"),
            "game_over",
            "R-TK-END-3",
        )
    transition[0](state, action)
    return transition[1]


def apply(state: TorrakuState, action: Action, *, seat: object = None) -> TorrakuState:
    """The state after ``action``; ``state`` itself is never changed.

    Args:
        state: The current state.
        action: A :class:`~millions_rules.torraku.Bet`, :class:`~millions_rules.torraku.Pass`
            or :class:`~millions_rules.torraku.ReportPlacement`.
        seat: ``None`` for a trusted caller (the table, a companion app, a local game), or
            the seat that sent the action: its ``player`` must then be ``seat`` (code
            ``not_your_action``).

    Returns:
        The new state, with the action in its history and what happened in its events.

    Raises:
        IllegalActionError: If the action is not legal in ``state``; its ``code`` says why
            (see :data:`~millions_rules.torraku.ERROR_CODES`).

    >>> from millions_rules.torraku import Bet, PieceKind, TorrakuConfig, new_game
    >>> state = apply(new_game(TorrakuConfig(2, seed=1)), Bet(0, [PieceKind.VAN]))
    >>> state.rows[0], state.to_act
    ((<PieceKind.VAN: 'van'>,), 1)
    """
    return _play(state, action, _check(state, action, seat))


def apply_listed(state: TorrakuState, action: Action) -> TorrakuState:
    """The state after ``action``, a legal action for ``state`` by the rules' own listings.

    :func:`apply` without the checks, for the library's callers that only play a
    :func:`legal_actions` entry, a bet of counts :func:`bet_counts` allows in canonical
    order, or the placement the dealer reports (the adapters, whose catalogue entries are
    legal exactly when listed). Anything else goes through :func:`apply`: this plays
    whatever it is given.
    """
    if type(action) is Bet:
        return _bet_listed(state, action)
    if type(action) is Pass:
        passed = state.passed
        n = state.config.players
        seat = action.player
        for step in range(1, n):  # _next_bettor, the seat itself being about to pass
            if not passed[(seat + step) % n]:
                return _pass_listed(state, action, (seat + step) % n)
    return _play(state, action, _TRANSITIONS[action.__class__][1])


def _pass_listed(state: TorrakuState, action: Pass, to_act: int) -> TorrakuState:
    """``_play(state, action, _play_pass)`` without the draft, for a pass after which
    ``to_act`` still bets (R-TK-BET-8): the tests hold it to :func:`_play_pass`."""
    seat = action.player
    passed = list(state.passed)
    passed[seat] = True
    return TorrakuState(  # by position, in the order of its fields (checked at import)
        state.config,  # config
        state.phase,  # phase
        state.round,  # round
        state.hands,  # hands
        state.rows,  # rows
        tuple(passed),  # passed
        to_act,  # to_act
        state.opener,  # opener
        state.last_passer,  # last_passer
        state.stack,  # stack
        state.last_adder,  # last_adder
        state.bag,  # bag
        state.winners,  # winners
        (*state.events, Passed(seat, len(state.rows[seat]))),  # events
        (*state.history, action),  # history
        state.rng,  # rng
    )


def _bet_listed(state: TorrakuState, action: Bet) -> TorrakuState:
    """``_play(state, action, _play_bet)`` without the draft: a bet changes the bettor's
    hand and row, the bag, the seat to act and the log, and shares every other field
    with ``state`` (the tests hold it to :func:`_play_bet`)."""
    seat, pieces, taken = action.player, action.pieces, action.from_bag
    rows = list(state.rows)
    before = max(map(len, rows))
    hands = list(state.hands)
    bag = state.bag
    if taken:
        from_bag = _tally(taken)
        hands[seat] = hands[seat] - (_tally(pieces) - from_bag)
        bag = bag - from_bag
    else:
        hands[seat] = hands[seat] - _tally(pieces)
    row = rows[seat] = rows[seat] + pieces  # R-TK-BET-6: the outer end
    after = max(before, len(row))
    passed, n = state.passed, state.config.players
    to_act = None
    for step in range(1, n + 1):  # _next_bettor
        if not passed[(seat + step) % n]:
            to_act = (seat + step) % n
            break
    return TorrakuState(  # by position, in the order of its fields (checked at import)
        state.config,  # config
        state.phase,  # phase
        state.round,  # round
        tuple(hands),  # hands
        tuple(rows),  # rows
        passed,  # passed
        to_act,  # to_act
        state.opener,  # opener
        state.last_passer,  # last_passer
        state.stack,  # stack
        state.last_adder,  # last_adder
        bag,  # bag
        state.winners,  # winners
        (*state.events, BetPlaced(seat, pieces, taken, len(row), after, after > before)),  # events
        (*state.history, action),  # history
        state.rng,  # rng
    )


def _play(state: TorrakuState, action: Action, play: _Play) -> TorrakuState:
    draft = _Draft(state)
    play(draft, action)
    return draft.finish(action)


def check(state: TorrakuState, action: object, *, seat: object = None) -> IllegalActionError | None:
    """Why ``action`` is illegal in ``state`` (sent by ``seat``), or ``None``; nothing is applied.

    >>> from millions_rules.torraku import Pass, TorrakuConfig, new_game
    >>> check(new_game(TorrakuConfig(2, seed=1)), Pass(0)).code
    'opener_must_bet'
    """
    try:
        _check(state, action, seat)
    except IllegalActionError as error:
        return error
    return None


def is_legal(state: TorrakuState, action: object, *, seat: object = None) -> bool:
    """Whether ``action`` is legal in ``state``, sent by ``seat`` (see :func:`check` for the reason)."""
    return check(state, action, seat=seat) is None


def legal_actions(state: TorrakuState, player: object = None) -> tuple[Action, ...]:
    """Every legal action of the seat the engine waits for (or of ``player`` only).

    While betting: :class:`~millions_rules.torraku.Pass` when legal, then one
    :class:`~millions_rules.torraku.Bet` per distinct multiset of pieces, in canonical kind
    order (own pieces first, then bag pieces); every other order of the same pieces is legal
    too but not listed. While stacking: the four outcomes, ``fallen`` left out.

    Args:
        state: The current state.
        player: A seat, or ``None`` for whoever is to act.

    Returns:
        The legal actions; empty when the game is over or ``player`` is not to act.

    Raises:
        IllegalActionError: If ``state`` is not a :class:`~millions_rules.torraku.TorrakuState`
            (code ``bad_value``), or ``player`` is not a seat of the game (code
            ``unknown_player``, or ``bad_value`` for a non-int), as Millions' does.

    >>> from millions_rules.torraku import TorrakuConfig, new_game
    >>> len(legal_actions(new_game(TorrakuConfig(2, seed=1))))  # (2+1)(2+1)(6+1) - 1 bets
    62
    """
    _require_state(state)
    wanted = None if player is None else _require_seat(state, player)
    seat = state.to_act
    if seat is None or (wanted is not None and wanted != seat):
        return ()
    if state.phase is Phase.STACKING:
        return tuple(ReportPlacement(seat, outcome) for outcome in Placement)
    return _bets(state, seat)


def _bets(state: TorrakuState, seat: int) -> tuple[Action, ...]:
    found: list[Action] = [Pass(seat)] if state.current_bet > 0 else []
    for (a, b, low, high), bag in bet_counts(state, seat):
        head = (VAN,) * a + (WASHER,) * b
        if bag is None:
            found.extend(Bet(seat, head + (COOKER,) * c) for c in range(low, high + 1))
        else:
            extra = (VAN,) * bag[0] + (WASHER,) * bag[1] + (COOKER,) * bag[2]
            found.append(Bet(seat, head + (COOKER,) * low + extra, extra))
    return tuple(found)


_BetCounts = tuple[tuple[int, int, int, int], tuple[int, int, int] | None]


def bet_counts(state: TorrakuState, seat: int) -> list[_BetCounts]:
    """The distinct legal bets of ``seat`` as counts, in :func:`legal_actions` order.

    Each item is ``((vans, washing machines, fewest rice cookers, most rice cookers), None)``
    for the bets of the seat's own pieces with those vans and washing machines and each
    number of rice cookers in the range, or ``((vans, washing machines, rice cookers,
    rice cookers), (vans, washing machines, rice cookers))``, the whole hand and the pieces
    taken from the bag (R-TK-BET-7). Lists of bets are long; counts are few.
    """
    hand, row, current = state.hands[seat], state.rows[seat], state.current_bet
    need = max(1, current - len(row))
    v, w, r = hand.as_tuple()
    found: list[_BetCounts] = [
        ((a, b, max(0, need - a - b), r), None)
        for a in range(v + 1)
        for b in range(w + 1)
        if need - a - b <= r
    ]
    if not row and hand.total < current:  # R-TK-BET-7
        short = current - hand.total
        bv, bw, br = state.bag.as_tuple()
        for a in range(min(bv, short) + 1):
            for b in range(min(bw, short - a) + 1):
                c = short - a - b
                if c <= br:
                    found.append(((v, w, r, r), (a, b, c)))
    return found


_REPLAY_STEP: Final = msg("replay.step", "actions[{index}]: {error}")


def replay(config: TorrakuConfig, actions: Iterable[Action]) -> TorrakuState:
    """The state reached by playing ``actions`` from the start; the same on every platform.

    Raises:
        IllegalActionError: If an action is illegal; the message says which
            (``actions[5]: ...``), with the same ``code``.

    >>> from millions_rules.torraku import TorrakuConfig, new_game
    >>> state = new_game(TorrakuConfig(2, seed=5))
    >>> replay(state.config, state.history) == state
    True
    """
    state = new_game(config)
    if not isinstance(actions, Iterable):
        illegal(
            msg("error.bad_value", "actions must be an iterable of actions, not {kind}"),
            "bad_value",
            kind=type(actions).__name__,
        )
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError._from_text(
                _REPLAY_STEP, error.code, error.rule, {"index": index, "error": error}, cited=False
            ) from None
    return state
