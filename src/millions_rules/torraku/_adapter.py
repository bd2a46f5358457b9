"""*Currency Torraku* for the adapters: its turn structure, catalogue, observation and chance.

**Turns.** Torraku is already played in turns: the seat to act is the engine's
:attr:`~millions_rules.torraku.TorrakuState.to_act` while betting. The table is the
:class:`~millions_rules.torraku.TorrakuState` itself.

**Chance.** Stacking outcomes are the dealer's. In OpenSpiel the game uses
:attr:`~millions_rules.Dealer.EXTERNAL` and each attempt is a chance node whose outcomes
are the :class:`~millions_rules.torraku.Placement` of the stacker's piece with the
probabilities of the dexterity model (R-TK-SIM-2,
:func:`~millions_rules.torraku.knock_probability`): the draws the engine makes with
:attr:`~millions_rules.Dealer.ENGINE` (``fallen`` left out: it has no effect on the
rules). In PettingZoo the engine draws them itself (``Dealer.ENGINE``) from the seed
given to ``reset``.

**Catalogue.** Entry 0 is *pass*; entry ``(v * (W + 1) + w) * (R + 1) + r`` for the counts
``(v, w, r)`` of vans, washing machines and rice cookers (``W`` and ``R`` being the
supply's, and ``(v, w, r)`` not all 0) is the bet that adds those pieces to the row, in
canonical order: the seat's own pieces, or, when it must top up from the bag
(R-TK-BET-7), its whole hand and the rest from the bag. Other orders of the same pieces
(which matter only with ``kind_factor``) are not in the catalogue.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from functools import cache
from struct import Struct
from typing import Any, Final

from .._common.dealer import Dealer
from .._common.errors import ConfigError
from .._common.game import Game
from ..torraku._actions import Bet, Pass, ReportPlacement
from ..torraku._config import TorrakuConfig
from ..torraku._engine import apply, apply_listed, bet_counts, new_game
from ..torraku._model import _knock
from ..torraku._pieces import KINDS, PieceCounts, PieceKind, Placement, Setup
from ..torraku._state import Phase, TorrakuState
from ..torraku._views import TorrakuView

__all__ = ["TorrakuAdapter", "torraku_catalogue_names", "torraku_observation_fields"]

_PHASES: Final = tuple(Phase)
_BETTING: Final = Phase.BETTING  # read as a global: an Enum member is a descriptor of its class
_OUTCOMES: Final = tuple(Placement)
assert _OUTCOMES == (
    Placement.PLACED,
    Placement.DROPPED,
    Placement.KNOCKED_DOWN,
    Placement.TOUCHED,
), "chance_outcomes lists the probabilities in this order"
_K: Final = len(KINDS)
_ORDER: Final = {kind: kind.order for kind in KINDS}


@cache
def torraku_catalogue_names(supply: PieceCounts) -> tuple[str, ...]:
    """The names of the catalogue's entries for ``supply`` (see the module text).

    >>> from millions_rules.adapters import torraku_catalogue_names
    >>> from millions_rules.torraku import PieceCounts
    >>> names = torraku_catalogue_names(PieceCounts(1, 1, 2))
    >>> len(names), names[:3], names[-1]
    (12, ('pass', 'bet 0V 0W 1R', 'bet 0V 0W 2R'), 'bet 1V 1W 2R')
    """
    v, w, r = supply.as_tuple()
    names = [
        f"bet {a}V {b}W {c}R" for a in range(v + 1) for b in range(w + 1) for c in range(r + 1)
    ]
    names[0] = "pass"
    return tuple(names)


def torraku_observation_fields(players: int) -> tuple[tuple[str, int], ...]:
    """The Torraku observation vector's fields, in order, with their lengths.

    Seats are absolute (seat 0 first) and kinds in canonical order (van, washing
    machine, rice cooker).

    >>> from millions_rules.adapters import torraku_observation_fields
    >>> sum(size for _, size in torraku_observation_fields(4))
    77
    """
    n = players
    return (
        ("seat", n),  # one-hot: whose observation this is
        ("phase", len(_PHASES)),  # one-hot, Phase order
        ("round", 1),
        ("round_limit", 1),  # 0 for none
        ("current_bet", 1),
        ("hands", n * _K),  # by seat, then kind
        ("rows", n * _K),  # each row's pieces by kind
        ("next_piece", n * _K),  # one-hot kind of each row's innermost piece
        ("passed", n),
        ("to_act", n),  # one-hot: the bettor or the stacker
        ("opener", n),  # one-hot
        ("last_passer", n),  # one-hot, zeros for none
        ("last_adder", n),  # one-hot, zeros for none
        ("stack_height", 1),
        ("stack", _K),  # the stack's pieces by kind
        ("bag", _K),
        ("winners", n),
    )


def _one_hot(size: int, index: int | None) -> list[float]:
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def _observe(seen: TorrakuView | TorrakuState, seat: int | None) -> list[float]:
    """``seat``'s observation vector, from its view or the state itself: Torraku hides
    nothing, and the view is the state's fields with the seat's legal bets, which the
    vector does not use (so the adapters read the state and never list the bets)."""
    if seat is None:
        raise ConfigError("an observation is for a seat, not a spectator")
    n = seen.config.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ConfigError(f"seat must be a seat of the game (0 to {n - 1}), not {seat!r}")
    out = _one_hot(n, seat)
    out += _one_hot(len(_PHASES), _PHASES.index(seen.phase))
    out += (float(seen.round), float(seen.config.round_limit or 0), float(seen.current_bet))
    for hand in seen.hands:
        out += map(float, hand.as_tuple())
    order = _ORDER
    rows = seen.rows
    for row in rows:
        counts = [0.0, 0.0, 0.0]
        for piece in row:
            counts[order[piece]] += 1.0
        out += counts
    for row in rows:
        innermost = [0.0, 0.0, 0.0]
        if row:
            innermost[order[row[0]]] = 1.0
        out += innermost
    out += map(float, seen.passed)
    out += _one_hot(n, seen.to_act)
    out += _one_hot(n, seen.opener)
    out += _one_hot(n, seen.last_passer)
    out += _one_hot(n, seen.last_adder)
    stack = seen.stack
    out.append(float(len(stack)))
    counts = [0.0, 0.0, 0.0]
    for stacked in stack:
        counts[order[stacked.kind]] += 1.0
    out += counts
    out += map(float, seen.bag.as_tuple())
    winners = seen.winners
    out += [1.0 if seat in winners else 0.0 for seat in range(n)]
    return out


def _hot(n: int, index: int | None) -> bytes:
    """The float32 bytes of a one-hot of ``n`` (zeros for ``None``), made once."""
    found = _HOT.get((n, index))
    if found is None:
        found = _HOT[(n, index)] = array("f", _one_hot(n, index)).tobytes()
    return found


_HOT: dict[tuple[int, int | None], bytes] = {}
_PHASE_HOTS: Final = {phase: _hot(len(_PHASES), i) for i, phase in enumerate(_PHASES)}


class _Blocks:
    """The float32 blocks of the observations of ``n`` seats that no state changes: the
    one-hots of the seats (index ``n`` standing for none) and of the kinds (index ``_K``
    for none), and the packers of the blocks of numbers."""

    __slots__ = ("hots", "kinds", "seats")

    def __init__(self, n: int) -> None:
        self.hots = (*(_hot(n, index) for index in range(n)), _hot(n, None))
        self.kinds = (*(_hot(_K, index) for index in range(_K)), _hot(_K, None))
        self.seats = Struct(f"{n}f").pack


_BLOCKS: dict[int, _Blocks] = {}
_THREE: Final = Struct("3f").pack
_VAN, _WASHER, _COOKER = KINDS
_EMPTY_STACK: Final = bytes(4 * (1 + _K))


#: The last state :func:`observe_bytes` saw (one at a time: nothing grows with the
#: games) and its observation's bytes after the seat's one-hot, the same for every seat
#: (Torraku hides nothing).
_LAST: tuple[TorrakuState | None, bytes | bytearray] = (None, b"")
_PACK_INTO: Final = Struct("3f").pack_into


def observe_bytes(state: TorrakuState, seat: int) -> bytes:
    """:func:`_observe` of ``state`` and ``seat`` as float32 bytes (native byte order): the
    same numbers (the tests check it over random games), made incrementally: the part
    after the seat's one-hot is the same for every seat, and is the last state's with
    the blocks of the fields that changed since (by identity: a move shares the others)
    written again.

    Raises:
        ConfigError: If ``seat`` is not a seat of the game (an int from 0 to players - 1).
    """
    n = state.config.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ConfigError(f"seat must be a seat of the game (0 to {n - 1}), not {seat!r}")
    blocks = _BLOCKS.get(n)
    if blocks is None:
        blocks = _BLOCKS[n] = _Blocks(n)
    last, body = _LAST
    if last is not state:
        body = _public_bytes(state, blocks, last, body)
    return blocks.hots[seat] + body


def _public_bytes(
    state: TorrakuState, blocks: _Blocks, last: TorrakuState | None, body: bytes | bytearray
) -> bytes | bytearray:
    """The observation of ``state`` after the seat's one-hot: ``body``, the one of the
    ``last`` state, with the blocks of the fields that differ written again (all of
    them when there is no last state of as many seats); kept as the last one made."""
    global _LAST
    hots = blocks.hots
    n = len(hots) - 1
    if last is None or last.config.players != n:
        body = _whole_body(state, blocks)
        _LAST = (state, body)
        return body
    into = _PACK_INTO
    made = bytearray(body)
    if state.phase is not last.phase:
        made[0:12] = _PHASE_HOTS[state.phase]
    rows = state.rows
    into(made, 12, state.round, state.config.round_limit or 0, max(map(len, rows)))
    hands, old_hands = state.hands, last.hands
    if hands is not old_hands:  # at 24: the hands
        at = 24
        for hand, old_hand in zip(hands, old_hands, strict=True):
            if hand is not old_hand:
                into(made, at, hand.van, hand.washing_machine, hand.rice_cooker)
            at += 12
    old_rows = last.rows
    if rows is not old_rows:  # at 24 + 12n: the rows' counts, then their innermost pieces
        kinds = blocks.kinds
        at = 24 + 12 * n
        for row, old_row in zip(rows, old_rows, strict=True):
            if row is not old_row:  # KINDS in canonical order
                into(made, at, row.count(_VAN), row.count(_WASHER), row.count(_COOKER))
                inner = at + 12 * n
                made[inner : inner + 12] = kinds[_ORDER[row[0]] if row else _K]
            at += 12
    width = 4 * n
    at = 24 + 36 * n  # the seats' blocks: passed, to act, opener, last passer, last adder
    if state.passed is not last.passed:
        made[at : at + width] = blocks.seats(*state.passed)
    at += width
    value = state.to_act
    if value != last.to_act:
        made[at : at + width] = hots[n if value is None else value]
    at += width
    value = state.opener
    if value != last.opener:
        made[at : at + width] = hots[value]
    at += width
    value = state.last_passer
    if value != last.last_passer:
        made[at : at + width] = hots[n if value is None else value]
    at += width
    value = state.last_adder
    if value != last.last_adder:
        made[at : at + width] = hots[n if value is None else value]
    at += width
    stack = state.stack
    if stack is not last.stack:
        made[at : at + 16] = _stack_block(stack)
    bag = state.bag
    if bag is not last.bag:
        into(made, at + 16, bag.van, bag.washing_machine, bag.rice_cooker)
    winners = state.winners
    if winners != last.winners:
        made[at + 28 : at + 28 + width] = _winners_block(winners, blocks)
    _LAST = (state, made)  # never changed once kept: the next state's is a copy
    return made


def _stack_block(stack: tuple[Any, ...]) -> bytes:
    """The stack's height, then its pieces by kind."""
    if not stack:
        return _EMPTY_STACK
    pieces = [piece.kind for piece in stack]
    tally = (len(stack), pieces.count(_VAN), pieces.count(_WASHER), pieces.count(_COOKER))
    return array("f", tally).tobytes()


def _winners_block(winners: tuple[int, ...], blocks: _Blocks) -> bytes:
    """1 for each winning seat."""
    hots = blocks.hots
    if not winners:
        return hots[-1]
    return blocks.seats(*[seat in winners for seat in range(len(hots) - 1)])


def _whole_body(state: TorrakuState, blocks: _Blocks) -> bytes:
    """The observation of ``state`` after the seat's one-hot, every block written."""
    hots = blocks.hots
    n = len(hots) - 1
    kinds = blocks.kinds
    rows = state.rows
    hands: list[int] = []
    for hand in state.hands:
        hands += (hand.van, hand.washing_machine, hand.rice_cooker)
    bag = state.bag
    to_act, last_passer, last_adder = state.to_act, state.last_passer, state.last_adder
    return b"".join(
        (
            _PHASE_HOTS[state.phase],
            _THREE(state.round, state.config.round_limit or 0, max(map(len, rows))),
            array("f", hands).tobytes(),
            *[_THREE(row.count(_VAN), row.count(_WASHER), row.count(_COOKER)) for row in rows],
            *[kinds[_ORDER[row[0]] if row else _K] for row in rows],
            blocks.seats(*state.passed),
            hots[n if to_act is None else to_act],
            hots[state.opener],
            hots[n if last_passer is None else last_passer],
            hots[n if last_adder is None else last_adder],
            _stack_block(state.stack),
            _THREE(bag.van, bag.washing_machine, bag.rice_cooker),
            _winners_block(state.winners, blocks),
        )
    )


_KEPT: Final = 65536  # kept listings and moves per supply, at most


class _Listing:
    """What :class:`TorrakuAdapter` keeps for one supply: the catalogue's size and each
    entry's counts of pieces, and the legal entries and actions it worked out."""

    __slots__ = ("counts", "legal", "moves", "size")

    def __init__(self, supply: PieceCounts) -> None:
        v, w, r = supply.as_tuple()
        self.counts = tuple(
            (a, b, c) for a in range(v + 1) for b in range(w + 1) for c in range(r + 1)
        )
        self.size = len(self.counts)
        self.legal: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.moves: dict[tuple[int, ...], Bet | Pass] = {}


_LISTINGS: dict[int, tuple[PieceCounts, _Listing]] = {}
_BY_SUPPLY: dict[PieceCounts, _Listing] = {}


def _listing(supply: PieceCounts) -> _Listing:
    """The listing of ``supply``, found by the object's identity (the configs of a game
    share theirs), else by its value."""
    kept = _LISTINGS.get(id(supply))
    if kept is not None and kept[0] is supply:
        return kept[1]
    found = _BY_SUPPLY.get(supply)
    if found is None:
        if len(_BY_SUPPLY) >= 256:
            _BY_SUPPLY.clear()
        found = _BY_SUPPLY[supply] = _Listing(supply)
    if len(_LISTINGS) >= 256:
        _LISTINGS.clear()
    _LISTINGS[id(supply)] = (supply, found)  # kept alive: its id is not reused meanwhile
    return found


class TorrakuAdapter:
    """Currency Torraku as the adapters see it (a :class:`~millions_rules.adapters.GameAdapter`)."""

    def __init__(self, game: Game[Any, Any, Any, Any]) -> None:
        """The adapter parts of ``game`` (Torraku's :data:`~millions_rules.torraku.GAME`)."""
        self.game = game

    game: Game[Any, Any, Any, Any]
    default_players: int = 4
    rewards: tuple[str, ...] = ("win", "score")
    turn_options: tuple[str, ...] = ()
    parameters: Mapping[str, Any] = {
        "players": 4,
        "reward": "win",
        "setup": Setup.STANDARD.value,
        "round_limit": 50,
        "first_player": 0,
    }

    def options(self, given: Mapping[str, Any], *, external: bool) -> dict[str, Any]:
        options = {"round_limit": 50, **given}
        if "setup" in options and not isinstance(options["setup"], Setup):
            try:
                options["setup"] = Setup(options["setup"])
            except ValueError:
                raise ConfigError("setup must be 'standard' or 'long'") from None
        if external and (options.get("drop", 0.0) or options["round_limit"] is None):
            # OpenSpiel needs a bounded game: a dropped piece is tried again.
            raise ConfigError("OpenSpiel's Torraku needs a round_limit and drop 0")
        options["dealer"] = Dealer.EXTERNAL if external else Dealer.ENGINE
        return options

    def start(self, config: TorrakuConfig, options: Mapping[str, Any]) -> TorrakuState:
        return new_game(config)

    def state_of(self, table: TorrakuState) -> TorrakuState:
        return table

    def with_state(self, table: TorrakuState, state: TorrakuState) -> TorrakuState:
        return state

    def seat(self, table: TorrakuState) -> int | None:
        return table.to_act if table.phase is _BETTING else None

    def score_range(self, config: TorrakuConfig) -> tuple[float, float]:
        return (-float(config.supply.total), 0.0)

    def catalogue_names(self, config: TorrakuConfig) -> tuple[str, ...]:
        return torraku_catalogue_names(config.supply)

    def legal(self, table: TorrakuState) -> tuple[int, ...]:
        """The legal catalogue entries, ascending: :meth:`legal_plain`'s, kept per supply
        and what they depend on (the seat's hand, what it still needs to bet, whether
        it may pass, and the bag when it must top up from it), one shared tuple each."""
        seat = table.to_act if table.phase is _BETTING else None
        if seat is None:
            return ()
        listing = _listing(table.config.supply)
        hand = table.hands[seat]
        v, w, r = hand.van, hand.washing_machine, hand.rice_cooker
        row = len(table.rows[seat])
        current = max(map(len, table.rows))
        if not row and v + w + r < current:  # R-TK-BET-7: the bag's contents matter
            bag = table.bag
            key: tuple[int, ...] = (v, w, r, current, bag.van, bag.washing_machine, bag.rice_cooker)
        else:
            key = (v, w, r, max(1, current - row), current > 0)
        found = listing.legal.get(key)
        if found is None:
            if len(listing.legal) >= _KEPT:
                listing.legal.clear()
            found = listing.legal[key] = tuple(self.legal_plain(table))
        return found

    def legal_plain(self, table: TorrakuState) -> list[int]:
        """The legal catalogue entries, ascending, worked out from the engine's
        :func:`~millions_rules.torraku._engine.bet_counts` (what :meth:`legal` keeps)."""
        seat = self.seat(table)
        if seat is None:
            return []
        _, w, r = table.config.supply.as_tuple()
        found = [0] if table.current_bet > 0 else []
        bag = False
        for (a, b, low, high), extra in bet_counts(table, seat):
            if extra is None:
                base = (a * (w + 1) + b) * (r + 1)
                found.extend(range(base + low, base + high + 1))
            else:
                bag = True
                found.append(((a + extra[0]) * (w + 1) + b + extra[1]) * (r + 1) + low + extra[2])
        if bag:
            found.sort()
        return found

    def move(self, table: TorrakuState, index: int) -> Any:
        """:meth:`move_plain`'s action, kept per supply, entry, seat and, for a bet the
        seat's hand cannot pay alone, the hand (actions are immutable: one shared value
        each; a bet of the seat's own pieces is the same whatever else it holds)."""
        listing = _listing(table.config.supply)
        if type(index) is not int or not 0 <= index < listing.size:
            raise ConfigError(f"action {index!r} is not in the catalogue (0 to {listing.size - 1})")
        seat = table.to_act if table.phase is _BETTING else None
        if seat is None:
            key: tuple[int, ...] = (index, -1)
        else:
            hand = table.hands[seat]
            v, w, r = hand.van, hand.washing_machine, hand.rice_cooker
            a, b, c = listing.counts[index]
            key = (index, seat) if a <= v and b <= w and c <= r else (index, seat, v, w, r)
        found = listing.moves.get(key)
        if found is None:
            if len(listing.moves) >= _KEPT:
                listing.moves.clear()
            found = listing.moves[key] = self.move_plain(table, index)
        return found

    def move_plain(self, table: TorrakuState, index: int) -> Any:
        """The action of catalogue entry ``index`` for the seat to act (what :meth:`move`
        keeps): a pass, or a bet of the entry's counts, the seat's own pieces first."""
        names = torraku_catalogue_names(table.config.supply)
        if type(index) is not int or not 0 <= index < len(names):
            raise ConfigError(f"action {index!r} is not in the catalogue (0 to {len(names) - 1})")
        seat = self.seat(table)
        player = -1 if seat is None else seat
        if index == 0:
            return Pass(player)
        _, w, r = table.config.supply.as_tuple()
        counts = (index // ((w + 1) * (r + 1)), index // (r + 1) % (w + 1), index % (r + 1))
        hand = table.hands[player].as_tuple() if seat is not None else (0, 0, 0)
        # The seat's own pieces first; what its hand lacks comes from the bag, which is
        # legal only with the whole hand (R-TK-BET-7): otherwise the engine refuses it.
        own = tuple(min(c, h) for c, h in zip(counts, hand, strict=True))
        extra = tuple(c - o for c, o in zip(counts, own, strict=True))
        return Bet(player, _pieces(own) + _pieces(extra), _pieces(extra))

    def play(self, table: TorrakuState, move: Any) -> TorrakuState:
        return apply(table, move)

    def play_listed(self, table: TorrakuState, move: Any) -> TorrakuState:
        return apply_listed(table, move)

    def observation_size(self, config: TorrakuConfig) -> int:
        return sum(size for _, size in torraku_observation_fields(config.players))

    def observation_high(self, config: TorrakuConfig) -> float:
        return float(max(config.supply.total, config.round_limit or 0, 10_000))

    def observe(self, table: TorrakuState, seat: int) -> list[float]:
        return _observe(table, seat)  # the same numbers as _observe(view(table, seat), seat)

    observe_bytes = staticmethod(observe_bytes)
    """``observe_bytes(table, seat)``: :meth:`observe` as float32 bytes (the fast path).

    Raises:
        ConfigError: If ``seat`` is not a seat of the game.
    """

    def view_observation_size(self, config: TorrakuConfig) -> int:
        """:meth:`observation_size`: the view holds the whole table."""
        return self.observation_size(config)

    def observe_view(self, seen: TorrakuView) -> list[float]:
        """The observation of the view's seat, the same numbers as :meth:`observe`."""
        return _observe(seen, seen.seat)

    def action_index(self, config: TorrakuConfig, action: Any) -> int | None:
        """The catalogue entry of ``action``: 0 for a pass, else the bet's counts of
        pieces (whatever their order); ``None`` for a report or a bet beyond the supply."""
        kind = action.__class__
        if kind is Pass:
            return 0
        if kind is not Bet:
            return None
        v, w, r = config.supply.as_tuple()
        counts = [0, 0, 0]
        for piece in action.pieces:
            counts[_ORDER[piece]] += 1
        a, b, c = counts
        if not (a <= v and b <= w and c <= r) or a + b + c == 0:
            return None
        return (a * (w + 1) + b) * (r + 1) + c

    def summary(self, table: TorrakuState, seat: int) -> str:
        seen = table  # what view(table, seat) shows, without listing the seat's bets
        rows = " ".join(f"{len(row)}" for row in seen.rows)
        return (
            f"seat {seat} round {seen.round} {seen.phase.value} "
            f"hands [{' '.join(str(hand) for hand in seen.hands)}] rows [{rows}] "
            f"passed {[int(p) for p in seen.passed]} to_act {seen.to_act} "
            f"stack {len(seen.stack)} bag {seen.bag} winners {list(seen.winners)}"
        )

    def turn_document(self, table: TorrakuState) -> dict[str, Any]:
        return {}  # the view has the seat to act

    def log_of(self, table: TorrakuState, seat: int) -> tuple[Any, Callable[[Any], bool]]:
        return table.events, _everything  # Torraku hides nothing

    def recall_fields(self, config: TorrakuConfig) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return ()  # everything is public: the observation is the whole table

    def recall(self, table: TorrakuState, seat: int, out: dict[str, Any]) -> None:
        return None

    def chance_outcomes(self, table: TorrakuState) -> list[tuple[int, float]]:
        config, stacker = table.config, table.to_act
        assert stacker is not None, "a chance node has a stacker"
        # The state's own values: the model's checks of them would find nothing wrong.
        knock = _knock(config, len(table.stack), table.rows[stacker][0], stacker)
        touch, drop = config.touch, config.drop
        chances = (1.0 - (touch + knock + drop), drop, knock, touch)  # in Placement order
        return [(i, p) for i, p in enumerate(chances) if p > 0]

    def chance_move(self, table: TorrakuState, outcome: int) -> Any:
        if type(outcome) is not int or not 0 <= outcome < len(_OUTCOMES):
            raise ConfigError(f"outcome {outcome!r} is no placement's (0 to {len(_OUTCOMES) - 1})")
        stacker = table.to_act
        return ReportPlacement(-1 if stacker is None else stacker, _OUTCOMES[outcome])

    def chance_name(self, table: TorrakuState, outcome: int) -> str:
        return f"stacking {_OUTCOMES[outcome].value}" if 0 <= outcome < len(_OUTCOMES) else "?"

    def max_chance_outcomes(self, config: TorrakuConfig) -> int:
        return len(_OUTCOMES)

    def max_moves(self, config: TorrakuConfig, options: Mapping[str, Any]) -> int:
        # A round: each bet adds a piece or more to the rows and each report takes one or
        # more from them (drop is 0), and each seat passes once.
        limit = config.round_limit
        assert limit is not None, "options() sets a round limit"
        return limit * (2 * config.supply.total + config.players)

    def counters(self, table: TorrakuState) -> dict[str, Any]:
        return {}  # no counters: the state says it all

    def table_of(self, state: TorrakuState, document: dict[str, Any]) -> TorrakuState:
        return state

    def same_options(self, table: TorrakuState, options: Mapping[str, Any]) -> str | None:
        return None

    def headline(self, table: TorrakuState) -> str:
        left = [table.pieces_left(seat) for seat in range(table.config.players)]
        return (
            f"round {table.round}, {table.phase.value}; pieces left {left}; turn {self.seat(table)}"
        )


def _everything(event: object) -> bool:
    return True


def _pieces(counts: tuple[int, ...]) -> tuple[PieceKind, ...]:
    return tuple(kind for kind, count in zip(KINDS, counts, strict=True) for _ in range(count))


#: The one instance.
