"""The adapters' turn structure: the free-form table played as sequential turns.

The rule book lets players choose at the same time (R-PLAN-2) and lets anyone pay or
threaten while others decide (R-NEG-1, R-NEG-3, R-NEG-THREAT). Agent frameworks want one
seat to act at a time, so a :class:`Table` adds a turn order on top of a
:class:`~millions_rules.GameState`, without changing any rule:

* **Planning.** The seats that have not chosen choose one after the other, clockwise from
  the leader. A choice is secret and the view of a later seat shows only that earlier
  seats have chosen (and their deposits), exactly what R-PLAN-2 makes public, so the
  order gives nobody information the simultaneous choice would hide.
* **Negotiation.** Turns go clockwise from the leader, lap after lap, until every
  player has decided. On a turn a seat makes one move: a decision (stay, leave, or in the
  three-player game take back one character), a threat (:class:`~millions_rules.UseThreat`),
  a payment (:class:`~millions_rules.Pay`) or :class:`Wait`. Payments and waits are *free
  moves*: each seat has ``free_moves`` of them per round, so every round ends. A seat that
  has decided but is still in the round keeps its turns while it can still pay or threaten;
  its :class:`Wait` means "nothing more from me this round" and it is skipped from then on.
  A seat that has left the round, or that can do nothing, is skipped.
* **Heist.** The lone Snitch names a role (R-HEIST-SNITCH).
* **Dealer.** With :attr:`~millions_rules.Dealer.EXTERNAL` the table waits for
  :class:`~millions_rules.DealLoot` and :class:`~millions_rules.SetAside` (chance nodes).

Who acts, and each seat's free moves, are public: :class:`Turn` holds them, and the
encoders read a :class:`~millions_rules.PlayerView` and a :class:`Turn`, nothing else.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from .._common.log import Log
from ..millions._actions import (
    Action,
    Choose,
    DealLoot,
    Denounce,
    Leave,
    Pay,
    SetAside,
    Stay,
    UseThreat,
)
from ..millions._checks import illegal
from ..millions._config import GameConfig
from ..millions._engine import apply, apply_listed, legal_actions, new_game, payees, seat_listings
from ..millions._errors import ConfigError
from ..millions._events import LootRevealed, Paid, ThreatPeeked, ThreatUsed
from ..millions._state import CharacterStatus, GameState, Phase
from ..millions._text import msg
from ..millions._views import PlayerView, _visible_log

__all__ = ["FREE_MOVES", "Move", "SeatMove", "Table", "Turn", "Wait", "max_moves", "moves_of"]

_NEGOTIATION = Phase.NEGOTIATION
_PLANNING = Phase.PLANNING
_HEIST = Phase.HEIST

#: The default number of free moves (payments and waits) each seat has per round.
FREE_MOVES = 2


@attrs.frozen
class Wait:
    """Let the turn pass in negotiation (a free move), or, after deciding, stop for the round."""

    player: int
    """The seat waiting."""


#: What a seat (or the external dealer) does at a :class:`Table`.
Move: TypeAlias = Action | Wait

#: What a seat does (a :data:`Move` but the dealer's).
SeatMove: TypeAlias = Choose | Stay | Leave | Pay | UseThreat | Denounce | Wait


@attrs.frozen
class Turn:
    """The public part of the turn structure: who acts and what they have left."""

    seat: int | None
    """The seat to act, or ``None`` while the dealer must act or when the game is over."""
    free_moves: tuple[int, ...]
    """The payments and waits each seat may still make this round."""
    done: tuple[bool, ...]
    """Whether each seat has decided and said with :class:`Wait` it is done for the round."""


@attrs.frozen
class Table:
    """A :class:`~millions_rules.GameState` played in turns (see the module text).

    Build one with :meth:`start`; :meth:`play` returns a new table and never changes this one.

    >>> from millions_rules import GameConfig, Role
    >>> table = Table.start(GameConfig(4, seed=1))
    >>> table.turn.seat, len(table.moves())
    (0, 3)
    >>> table.play(table.moves()[0]).turn.seat
    1
    """

    state: GameState
    """The game."""
    free_moves_per_round: int
    """The free moves each seat gets per round."""
    free_moves: tuple[int, ...]
    """The free moves each seat has left this round."""
    done: tuple[bool, ...]
    """Whether each seat is done for the round (decided, then waited)."""
    cursor: int
    """The seat that moved last in negotiation; the next turn goes clockwise from it."""
    waits: tuple[tuple[int, int], ...] = ()
    """Every :class:`Wait` of the game so far, in order, as ``(public events before it,
    seat)``: a wait leaves no event, and this public trace keeps "wait, then pay" apart
    from "pay, then wait" in the information states (perfect recall). The count is of the
    public events (:func:`~millions_rules.visible_events` with ``None``), the same in
    every world a seat cannot tell from this one."""
    ledger: tuple[tuple[int, ...], tuple[int, ...]] | None = attrs.field(
        default=None, kw_only=True, eq=False, repr=False
    )
    """The money paid and the threat cards used from each seat to each other over the game
    (``n * n`` each, by payer then payee), public: kept up to date move by move, and
    counted from the log when left out."""
    peeks: tuple[tuple[int, int, int], ...] | None = attrs.field(
        default=None, kw_only=True, eq=False, repr=False
    )
    """The ``(user, target, slot)`` of every threat card used since the last loot card
    was revealed, in order (what each user saw, R-NEG-THREAT): kept up to date move by
    move for the observations, and read from the log when left out."""
    seat: int | None = attrs.field(init=False, eq=False, repr=False)
    """The seat to act (:attr:`Turn.seat`), or ``None`` while the dealer must act or when
    the game is over: worked out when the table is made."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "seat", self._to_act())
        if self.ledger is None:
            object.__setattr__(self, "ledger", _ledger(self.state))
        if self.peeks is None:
            object.__setattr__(self, "peeks", round_peeks(self.state))

    def __getstate__(self) -> dict[str, object]:
        """The fields for pickling: the seat to act is worked out again when loaded."""
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, fields: dict[str, object]) -> None:
        for name in _PICKLED:  # a pickle of an earlier version may hold more, or no waits
            object.__setattr__(
                self, name, fields.get(name, ()) if name == "waits" else fields[name]
            )
        object.__setattr__(self, "ledger", None)  # counted from the log just below
        object.__setattr__(self, "peeks", None)
        self.__attrs_post_init__()

    @classmethod
    def start(cls, config: GameConfig, free_moves: int = FREE_MOVES) -> Table:
        """A new game at a table.

        Args:
            config: The game's configuration.
            free_moves: The payments and waits each seat may make per round (0 to 100).

        Raises:
            ConfigError: If ``config`` is not a config or ``free_moves`` is out of range.
        """
        return cls.resume(new_game(config), free_moves)

    @classmethod
    def resume(cls, state: GameState, free_moves: int = FREE_MOVES) -> Table:
        """A table at ``state`` with fresh counters, as at the start of a round.

        Raises:
            ConfigError: If ``state`` is not a state or ``free_moves`` not an int from 0 to 100.
        """
        if not isinstance(state, GameState):
            raise ConfigError(f"a table needs a GameState, not {type(state).__name__}")
        if type(free_moves) is not int or not 0 <= free_moves <= 100:
            raise ConfigError(f"free_moves must be an int from 0 to 100, not {free_moves!r}")
        n = state.config.players
        return cls(state, free_moves, (free_moves,) * n, (False,) * n, (state.leader - 1) % n)

    @property
    def turn(self) -> Turn:
        """Who acts now, and the public counters."""
        return Turn(self.seat, self.free_moves, self.done)

    def _to_act(self) -> int | None:
        state = self.state
        phase = state.phase
        if phase is _NEGOTIATION:  # the first seat clockwise from the last mover's that may act
            decided = state.decided
            n = len(decided)
            seat = self.cursor % n  # a hand-made table's cursor counts round the table
            for _ in range(n):
                seat = seat + 1 if seat + 1 < n else 0
                if not decided[seat] or self._may_move(seat):
                    return seat
            return None
        if phase is _PLANNING:  # the first seat clockwise from the leader to choose
            chosen = [False] * state.config.players
            for c in state.characters:
                chosen[c.player] = True
            leader = state.leader
            for seat in range(leader, len(chosen)):
                if not chosen[seat]:
                    return seat
            for seat in range(leader):
                if not chosen[seat]:
                    return seat
            return None  # every seat has chosen: the planning phase ends with the last
        if phase is _HEIST:
            return state.awaiting[0]
        return None

    def _may_move(self, seat: int) -> bool:
        state = self.state
        if not state.decided[seat]:
            return True
        if self.done[seat]:
            return False
        # Either is empty for a seat out of the round: it has no payee and no threat.
        return bool(
            (self.free_moves[seat] and seat_payees(state, seat))
            or (state.threats[seat] and seat_listings(state, seat)[1])
        )

    def moves(self, amounts: tuple[int, ...] | None = None) -> tuple[Move, ...]:
        """Every legal move of the seat to act, or the dealer's moves.

        Args:
            amounts: The payment amounts to list (``None``: every amount from 1 to the
                seat's cash).
        """
        seat = self.seat
        if seat is None:
            return legal_actions(self.state) if self.state.awaiting_dealer else ()
        found: list[Move] = list(legal_actions(self.state, seat, payments=False))
        if self.state.phase is Phase.NEGOTIATION:
            if self.free_moves[seat]:
                cash = self.state.cash[seat]
                wanted = range(1, cash + 1) if amounts is None else amounts
                found.extend(
                    Pay(seat, to, amount)
                    for to in payees(self.state, seat)
                    for amount in wanted
                    if 1 <= amount <= cash
                )
            if self.free_moves[seat] or self.state.decided[seat]:
                found.append(Wait(seat))
        return tuple(found)

    def play(self, move: Move) -> Table:
        """The table after ``move``.

        Raises:
            IllegalActionError: If the move breaks a rule (the engine's error) or the turn
                order (code ``not_your_turn``); nothing changes.
        """
        seat = self.seat
        dealer = isinstance(move, (DealLoot, SetAside))
        if dealer:
            if seat is not None:
                illegal(
                    msg("error.not_your_turn", "it is seat {seat}'s turn, not the dealer's"),
                    seat=seat,
                )
        else:
            player = getattr(move, "player", None)
            if type(player) is not int or player != seat:
                illegal(
                    msg("error.not_your_turn", "it is not seat {player}'s turn: seat {seat} acts"),
                    player=repr(player),
                    seat=seat,
                )
        if isinstance(move, Wait):
            if self.state.phase is not _NEGOTIATION:
                illegal(msg("error.wrong_phase", "one waits only in negotiation"))
            if not (self.free_moves[move.player] or self.state.decided[move.player]):
                illegal(
                    msg("error.not_your_turn", "seat {seat} has no free move left: stay or leave"),
                    seat=move.player,
                )
            return self._wait(move.player)
        if isinstance(move, Pay) and not self.free_moves[move.player]:
            illegal(
                msg("error.not_your_turn", "seat {seat} has no free move left this round"),
                seat=move.player,
            )
        # The engine checks the rest: its player is the seat to act, checked above.
        return self._after(move, apply(self.state, move))

    def _play_listed(self, move: Move) -> Table:
        """The table after ``move``, one of :meth:`moves` (its payments of any amount).

        :meth:`play` without the checks, for the adapters, which only play what was
        listed for this very table (their catalogue entries that are legal now). Private:
        it plays whatever it is given.
        """
        if move.__class__ is Wait:
            return self._wait(move.player)
        return self._after(move, apply_listed(self.state, move))  # type: ignore[arg-type]

    def _after(self, move: Action, after: GameState) -> Table:
        """The table once the engine has played ``move`` (a seat's or the dealer's) to ``after``."""
        before = self.state
        peeks = self.peeks
        kind = move.__class__
        # Only payments, threats and accepted offers pay or threaten (R-NEG-3,
        # R-NEG-THREAT, R-DEAL-2): the ledger of the other moves stays as it is.
        ledger = self.ledger if kind in _NO_LEDGER else _ledger_after(self.ledger, before, after)
        phase = after.phase
        if phase is not before.phase or after.round != before.round:
            peeks = _peeks_after(peeks, before, after)  # a loot card may have been revealed
            if after.round != before.round or (
                phase is _NEGOTIATION and before.phase is not _NEGOTIATION
            ):  # a new round's counters; the trace of waits is the game's
                return self._new_round(after, ledger, peeks)
        elif kind is UseThreat and peeks is not None:
            used: UseThreat = move  # type: ignore[assignment]  # its class is checked
            peeks = (*peeks, (used.player, int(used.target), int(used.slot)))
        free = self.free_moves
        if kind is Pay:
            spent = list(free)
            spent[move.player] -= 1  # type: ignore[union-attr]
            free = tuple(spent)
        seat = self.seat
        return _table(
            after,
            self.free_moves_per_round,
            free,
            self.done,
            seat if seat is not None else self.cursor,
            self.waits,
            ledger,
            peeks,
        )

    def _new_round(
        self,
        after: GameState,
        ledger: tuple[tuple[int, ...], tuple[int, ...]] | None,
        peeks: tuple[tuple[int, int, int], ...] | None,
    ) -> Table:
        """The table at ``after``, a new round or its negotiation: fresh counters."""
        n = after.config.players
        per_round = self.free_moves_per_round
        return _table(
            after,
            per_round,
            (per_round,) * n,
            (False,) * n,
            (after.leader - 1) % n,
            self.waits,
            ledger,
            peeks,
        )

    def _wait(self, seat: int) -> Table:
        state = self.state
        free, done = list(self.free_moves), list(self.done)
        if state.decided[seat]:
            done[seat] = True
        else:
            free[seat] -= 1
        waits = (*self.waits, (public_events(state), seat))
        return _table(
            state,
            self.free_moves_per_round,
            tuple(free),
            tuple(done),
            seat,
            waits,
            self.ledger,
            self.peeks,
        )


# The setters of a Table's fields (their slots): the tables a move makes are built with
# them, past attrs' __init__ (a table is made at every step of the adapters).
_SETTERS: Final = {field.name: getattr(Table, field.name).__set__ for field in attrs.fields(Table)}
_SET_STATE: Final = _SETTERS["state"]
_SET_PER_ROUND: Final = _SETTERS["free_moves_per_round"]
_SET_FREE_MOVES: Final = _SETTERS["free_moves"]
_SET_DONE: Final = _SETTERS["done"]
_SET_CURSOR: Final = _SETTERS["cursor"]
_SET_WAITS: Final = _SETTERS["waits"]
_SET_LEDGER: Final = _SETTERS["ledger"]
_SET_PEEKS: Final = _SETTERS["peeks"]
_SET_SEAT: Final = _SETTERS["seat"]
_new: Final = object.__new__


def _table(
    state: GameState,
    per_round: int,
    free_moves: tuple[int, ...],
    done: tuple[bool, ...],
    cursor: int,
    waits: tuple[tuple[int, int], ...],
    ledger: tuple[tuple[int, ...], tuple[int, ...]] | None,
    peeks: tuple[tuple[int, int, int], ...] | None,
) -> Table:
    """``Table(state, per_round, free_moves, done, cursor, waits, ledger=ledger,
    peeks=peeks)``, the same table, its fields set directly (for the tables a move makes,
    whose fields are right by construction)."""
    table: Table = _new(Table)
    _SET_STATE(table, state)
    _SET_PER_ROUND(table, per_round)
    _SET_FREE_MOVES(table, free_moves)
    _SET_DONE(table, done)
    _SET_CURSOR(table, cursor)
    _SET_WAITS(table, waits)
    _SET_LEDGER(table, _ledger(state) if ledger is None else ledger)
    _SET_PEEKS(table, round_peeks(state) if peeks is None else peeks)
    _SET_SEAT(table, table._to_act())
    return table


#: The moves whose events never pay nor use a threat card (the ledger stays as it is).
_NO_LEDGER: frozenset[type] = frozenset({Choose, Stay, Leave, Denounce, DealLoot, SetAside})

#: The fields of a :class:`Table` that a pickle holds (``seat``, ``ledger`` and ``peeks``
#: follow from them).
_PICKLED: tuple[str, ...] = tuple(
    field.name
    for field in attrs.fields(Table)
    if field.init and field.name not in ("ledger", "peeks")
)


def _ledger(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The money paid and threats used between seats, counted from the public log."""
    n = state.config.players
    paid, threatened = [0] * (n * n), [0] * (n * n)
    for event in _visible_log(state, None):
        kind = event.__class__
        if kind is Paid:
            paid[event.player * n + event.to] += event.amount  # type: ignore[union-attr,operator]
        elif kind is ThreatUsed:
            threatened[event.player * n + event.target] += 1  # type: ignore[union-attr]
    return tuple(paid), tuple(threatened)


def _ledger_after(
    ledger: tuple[tuple[int, ...], tuple[int, ...]] | None, before: GameState, after: GameState
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """``ledger`` (of ``before``) with the public payments and threats of the events the
    move to ``after`` added; ``None`` (counted from the log) when they cannot be told."""
    node = after.__dict__["events"]
    if ledger is None or node.__class__ is not Log or node.parent is not before.__dict__["events"]:
        return None
    paid = threatened = None
    n = after.config.players
    for event in node.items:
        kind = event.__class__
        if kind is Paid and event.visible_to is None:
            if paid is None:
                paid = list(ledger[0])
            paid[event.player * n + event.to] += event.amount
        elif kind is ThreatUsed:
            if threatened is None:
                threatened = list(ledger[1])
            threatened[event.player * n + event.target] += 1
    if paid is None and threatened is None:
        return ledger
    return (
        ledger[0] if paid is None else tuple(paid),
        ledger[1] if threatened is None else tuple(threatened),
    )


def _peeks_after(
    peeks: tuple[tuple[int, int, int], ...] | None, before: GameState, after: GameState
) -> tuple[tuple[int, int, int], ...] | None:
    """``peeks`` (of ``before``) with the peeks of the events the move to ``after`` added,
    a loot card's reveal among them starting afresh (as :func:`round_peeks` reads them);
    ``None`` (read from the log) when they cannot be told. Only the new events are read,
    never the whole log."""
    node = after.__dict__["events"]
    if peeks is None or node.__class__ is not Log or node.parent is not before.__dict__["events"]:
        return None
    found: list[tuple[int, int, int]] | None = None
    for event in node.items:
        kind = event.__class__
        if kind is LootRevealed:
            found = []
        elif kind is ThreatPeeked:
            if found is None:
                found = list(peeks)
            found.append((event.player, event.target, event.slot))
    return peeks if found is None else tuple(found)


def round_peeks(state: GameState) -> tuple[tuple[int, int, int], ...]:
    """The ``(user, target, slot)`` of every threat card used since the last loot card was
    revealed, in order, read from the end of the log back to that reveal."""
    events = state.events
    found: list[tuple[int, int, int]] = []
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = event.__class__
        if kind is LootRevealed:
            break
        if kind is ThreatPeeked:
            found.append((event.player, event.target, event.slot))  # type: ignore[union-attr]
    found.reverse()
    return tuple(found)


def public_events(state: GameState) -> int:
    """The number of public events of ``state``, ``len(visible_events(state.events, None))``.

    On the engine's shared log the count is kept on the node it was asked of (beside the
    log's selections, as a one-number tuple), and a later count adds only the public
    events of the nodes added since: never a pass over, nor a copy of, the whole log.
    """
    stored = state.__dict__["events"]
    if stored.__class__ is not Log:
        return len(_visible_log(state, None))
    count = 0
    node: Log[Any] | None = stored
    try:
        while node is not None:
            known = getattr(node, "selected", None)
            if known is not None:
                found = known.get(_PUBLIC)
                if found is not None:
                    count += found[0]
                    break
            for event in node.items:
                if event.visible_to is None:
                    count += 1
            node = node.parent
    except AttributeError:  # an event that is no event (a hand-built log)
        return len(_visible_log(state, None))  # refused there as in a view
    selected = getattr(stored, "selected", None)
    if selected is None:
        selected = stored.selected = {}
    selected[_PUBLIC] = (count,)
    return count


def seat_payees(state: GameState, seat: int) -> tuple[int, ...]:
    """:func:`~millions_rules.payees` of ``state`` and ``seat``: in negotiation, a seat
    with cash may pay each other seat in the round, a seat being in the round while one of
    its characters is not taken back (R-NEG-3).

    The engine keeps the characters tuple from state to state until a character changes:
    the seats in the round are worked out once per tuple, and each seat's payees once,
    kept by its identity (the tuple kept alive beside them). The tests check it against
    the engine's answer.
    """
    if state.cash[seat] < 1 or state.phase is not _NEGOTIATION:
        return ()
    characters = state.characters
    found = _PAYEES.get(id(characters))
    if found is None or found[0] is not characters:
        present = set()
        for c in characters:
            if c.status is not _TAKEN_BACK:
                present.add(c.player)
        if len(_PAYEES) >= 4096:  # bounded: a game makes a few dozen tuples
            _PAYEES.clear()
        found = _PAYEES[id(characters)] = (characters, tuple(sorted(present)), {})
    known = found[2].get(seat)
    if known is None:
        seats = found[1]
        if seat in seats:  # the others in the round
            at = seats.index(seat)
            known = seats[:at] + seats[at + 1 :]
        else:
            known = ()
        found[2][seat] = known
    return known


#: Each seat's payees by the characters tuple's identity (see :func:`seat_payees`).
_PAYEES: dict[int, tuple[tuple[Any, ...], tuple[int, ...], dict[int, tuple[int, ...]]]] = {}
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK

#: The key of :func:`public_events`' count among a log node's selections.
_PUBLIC: Final = ("public events",)


def max_moves(config: GameConfig, free_moves: int = FREE_MOVES) -> int:
    """An upper bound of the moves in a game at a :class:`Table`, dealer's moves included.

    Per round: two dealer moves, one choice per seat, per seat its free moves, two
    decisions (three-player game) and a last wait, and the Snitch's naming; plus the
    threat cards: only a lone Brute gains one, so a game gains (and uses) at most one a
    round (R-HEIST-BRUTE).

    >>> max_moves(GameConfig(5))
    272
    """
    n = config.players
    return config.rounds * (2 + n + n * (free_moves + 3) + 1 + 1)


def moves_of(view: PlayerView, turn: Turn, amounts: tuple[int, ...]) -> tuple[Move, ...]:
    """The legal moves of ``view.seat``, from its view and the public turn alone.

    Payments are listed for the given amounts only. Empty when it is not this seat's turn.
    This is what the encoders' action masks are built from.
    """
    seat = view.seat
    if seat is None or turn.seat != seat:
        return ()
    found: list[Move] = list(view.legal_actions)
    if view.phase is Phase.NEGOTIATION:
        if turn.free_moves[seat]:
            cash = view.cash[seat]
            found.extend(
                Pay(seat, to, amount) for to in view.payees for amount in amounts if amount <= cash
            )
        if turn.free_moves[seat] or view.decided[seat]:
            found.append(Wait(seat))
    return tuple(found)
