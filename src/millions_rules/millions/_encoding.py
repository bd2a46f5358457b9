"""Numbers for learning agents: the action catalogue and the observation vector.

Both are built for one player count and read only a :class:`~millions_rules.PlayerView`
and the public :class:`~millions_rules.adapters.Turn`: two games that differ only in what
a seat may not know encode identically for that seat (R-INFO).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import permutations
from struct import Struct
from typing import Any, Final, cast

import attrs

from .._common.adapter import TensorMemo
from ..millions._actions import Choose, Denounce, Leave, Pay, Stay, UseThreat
from ..millions._config import GameConfig
from ..millions._errors import ConfigError
from ..millions._events import LootRevealed, ThreatPeeked
from ..millions._heist import nameable_roles
from ..millions._roles import RepeatRole, Role, roles_in_play
from ..millions._state import CharacterStatus, GameState, Phase
from ..millions._views import PlayerView
from ._turns import Move, SeatMove, Table, Turn, Wait, round_peeks

__all__ = [
    "PAY_AMOUNTS",
    "Catalogue",
    "observation_fields",
    "observation_high",
    "observation_size",
    "observe",
    "observe_bytes",
    "observe_state",
]

#: The payment amounts of the catalogue, in millions (any legal amount stays playable
#: through the library itself).
PAY_AMOUNTS: Final[tuple[int, ...]] = (1, 2, 3, 5, 10)

_ROLES: Final = tuple(Role)
_AMOUNTS: Final = len(PAY_AMOUNTS)
_MOST: Final = PAY_AMOUNTS[-1]
_MOVE_TYPES: Final = (Choose, Stay, Leave, Pay, UseThreat, Denounce, Wait)
_PHASES: Final = tuple(Phase)
_STATUSES: Final = tuple(CharacterStatus)


@attrs.frozen(init=False)
class Catalogue:
    """The fixed discrete actions of a game for one player count, in a documented order.

    Entries are moves of seat 0; :meth:`move` puts them in another seat's hands. In order:

    1. *choose*: each role in play (R-PLAN-2), or in the three-player game each ordered
       pair of different roles, the first laid at position 0 (R-3P-1, R-3P-4);
    2. *stay* (R-NEG-1);
    3. *leave*, taking back every character (R-NEG-2);
    4. three-player game only: *take back* the character of each role (R-3P-2);
    5. *threat* on each seat and position (R-NEG-THREAT, R-3P-4);
    6. *name* each role but the Snitch, for the lone Snitch (R-HEIST-SNITCH);
    7. *pay* each seat each amount of :data:`~millions_rules.adapters.PAY_AMOUNTS` (R-NEG-3);
    8. *wait* (the turn structure's free move).

    Entries that can never be legal for a seat (paying or threatening oneself) stay in
    the catalogue and are always masked, so every seat has the same catalogue.

    >>> catalogue = Catalogue(5)
    >>> len(catalogue), catalogue.names[:6]
    (40, ('choose snitch', 'choose brute', 'choose driver', 'choose crook', 'stay', 'leave'))
    >>> catalogue.move(catalogue.index(Stay(0)), seat=3)
    Stay(player=3)
    """

    players: int
    """The number of players."""
    entries: tuple[SeatMove, ...]
    """The moves, for seat 0."""
    names: tuple[str, ...]
    """A short name for each entry."""
    _moves: tuple[tuple[SeatMove, ...], ...] = attrs.field(eq=False, repr=False)
    _index: tuple[dict[Any, int], ...] = attrs.field(eq=False, repr=False)  # by seat
    _pay: int = attrs.field(eq=False, repr=False)
    _affordable: tuple[int, ...] = attrs.field(eq=False, repr=False)
    _known: dict[int, tuple[tuple[Move, ...], tuple[int, ...]]] = attrs.field(eq=False, repr=False)
    _wait: int = attrs.field(eq=False, repr=False)

    def __init__(self, players: int) -> None:
        roles = roles_in_play(players)  # ConfigError for a bad count
        pairs = players == 3
        slots = 2 if pairs else 1
        entries: list[SeatMove] = []
        names: list[str] = []

        def add(move: SeatMove, name: str) -> None:
            entries.append(move)
            names.append(name)

        if pairs:
            for first, second in permutations(roles, 2):
                add(Choose(0, (first, second)), f"choose {first.value}+{second.value}")
        else:
            for role in roles:
                add(Choose(0, role), f"choose {role.value}")
        add(Stay(0), "stay")
        add(Leave(0), "leave")
        if pairs:
            for role in roles:
                add(Leave(0, role), f"take back {role.value}")
        for target in range(players):
            for slot in range(slots):
                add(UseThreat(0, target, slot), f"threaten seat {target} position {slot}")
        for role in roles:
            if role is not Role.SNITCH:
                add(Denounce(0, role), f"name {role.value}")
        for target in range(players):
            for amount in PAY_AMOUNTS:
                add(Pay(0, target, amount), f"pay seat {target} {amount}M")
        add(Wait(0), "wait")
        by_seat = tuple(
            tuple(_with_player(move, seat) for move in entries) for seat in range(players)
        )
        self.__attrs_init__(
            players,
            tuple(entries),
            tuple(names),
            by_seat,
            tuple({move: i for i, move in enumerate(moves)} for moves in by_seat),
            entries.index(Pay(0, 0, PAY_AMOUNTS[0])),
            tuple(  # by cash: how many of PAY_AMOUNTS (ascending) it can pay
                sum(amount <= cash for amount in PAY_AMOUNTS) for cash in range(PAY_AMOUNTS[-1] + 1)
            ),
            {},
            len(entries) - 1,  # wait, the last entry
        )

    def __len__(self) -> int:
        return len(self.entries)

    def move(self, index: int, seat: int) -> SeatMove:
        """The move at ``index`` made by ``seat``.

        Raises:
            ConfigError: If ``index`` is not an index of the catalogue.
        """
        if type(index) is not int or not 0 <= index < len(self.entries):
            raise ConfigError(f"action {index!r} is not in the catalogue (0 to {len(self) - 1})")
        if type(seat) is int and 0 <= seat < self.players:
            return self._moves[seat][index]  # built once: no copy per call
        return _with_player(self.entries[index], seat)

    def index(self, move: Move) -> int | None:
        """The catalogue index of ``move`` (any seat's), or ``None`` if it has none."""
        if not isinstance(move, _MOVE_TYPES):
            return None
        seat = move.player
        if type(seat) is not int or not 0 <= seat < self.players:
            return None
        try:
            return self._index[seat].get(move)
        except TypeError:  # a field that cannot be hashed, such as a list
            return None

    def mask(self, view: PlayerView, turn: Turn) -> list[int]:
        """1 for each entry the view's seat may play now, else 0 (all 0 off turn)."""
        mask = [0] * len(self.entries)
        seat = view.seat
        if seat is not None and turn.seat == seat:
            for index in self.legal(
                seat,
                view.phase,
                view.legal_actions,
                view.payees,
                view.cash[seat],
                turn.free_moves[seat],
                view.decided[seat],
            ):
                mask[index] = 1
        return mask

    def _listed(self, seat: int, listing: tuple[Move, ...]) -> tuple[int, ...]:
        """The entries of ``listing``, ``seat``'s moves, ascending.

        ``listing`` is a tuple the engine keeps (its ``seat_listings``): the answer is
        remembered by the tuple's identity, with the tuple kept alive beside it so that
        its identity is not given to another.
        """
        found = self._known.get(id(listing))
        if found is not None and found[0] is listing:
            return found[1]
        own = self._index[seat]
        indices = tuple(sorted(own[move] for move in listing))
        if listing.__class__ is tuple:  # immutable: the answer stays right
            if len(self._known) >= 4096:  # bounded: the engine keeps a few thousand listings
                self._known.clear()
            self._known[id(listing)] = (listing, indices)
        return indices

    def _legal_of(
        self,
        seat: int,
        decisions: tuple[Move, ...],
        threats: tuple[Move, ...],
        payees: Sequence[int],
        cash: int,
        free_moves: int,
        decided: bool,
    ) -> list[int]:
        """:meth:`legal` in negotiation, from the engine's kept listings (see :meth:`_listed`).

        The catalogue's order puts decisions before threats, threats before payments and
        payments before waiting, so the parts are joined without sorting.
        """
        found = list(self._listed(seat, decisions)) if decisions else []
        if threats:
            found += self._listed(seat, threats)
        if free_moves:  # the amounts of PAY_AMOUNTS up to the cash: the first few
            affordable = self._affordable[cash if cash < _MOST else _MOST]
            pay = self._pay
            for to in payees:
                base = pay + to * _AMOUNTS
                found += range(base, base + affordable)
        if free_moves or decided:
            found.append(self._wait)
        return found

    def legal(
        self,
        seat: int,
        phase: Phase,
        actions: Sequence[Move],
        payees: Sequence[int],
        cash: int,
        free_moves: int,
        decided: bool,
    ) -> list[int]:
        """The entries ``seat`` may play on its turn, ascending (see :func:`moves_of`).

        ``actions`` are its legal actions but payments, ``payees`` the seats it may pay,
        ``cash`` its cash, ``free_moves`` what it has left and ``decided`` whether it has
        decided: all in its view.
        """
        own = self._index[seat]
        found = [own[action] for action in actions]
        if phase is Phase.NEGOTIATION:
            if free_moves:  # the amounts of PAY_AMOUNTS up to the cash: the first few
                affordable = self._affordable[min(cash, PAY_AMOUNTS[-1])]
                for to in payees:
                    base = self._pay + to * len(PAY_AMOUNTS)
                    found.extend(range(base, base + affordable))
            if free_moves or decided:
                found.append(len(self.entries) - 1)  # wait, the last entry
        found.sort()
        return found


def _with_player(move: SeatMove, seat: int) -> SeatMove:
    changed: SeatMove = attrs.evolve(cast(Any, move), player=seat)
    return changed


def observation_fields(players: int) -> tuple[tuple[str, int], ...]:
    """The observation vector's fields, in order, with their lengths.

    ``n`` is the number of players and ``k`` the characters per player (2 with three
    players, else 1). Seats are absolute (seat 0 first); roles are in reveal order
    (:class:`~millions_rules.Role`); amounts are in millions.

    >>> dict(observation_fields(4))["characters"]
    48
    """
    roles_in_play(players)
    n = players
    k = 2 if players == 3 else 1
    return (
        ("seat", n),  # one-hot: whose observation this is
        ("phase", len(_PHASES)),  # one-hot, Phase order
        ("round", 1),
        ("rounds", 1),
        ("target", 1),
        ("loot_shown", 1),  # 1 once this round's loot card is face up
        ("loot_total", 1),
        ("loot_deposit", 1),
        ("loot_bonus_role", len(_ROLES)),  # one-hot, or zeros for no symbol
        ("cash", n),
        ("reserve", 1),
        ("threats", n),  # threat cards held by seat
        ("threat_supply", 1),
        ("leader", n),  # one-hot
        # by seat, then position: present, status one-hot (4), paid, covered,
        # role one-hot (5, zeros when this seat does not know it): 12 numbers each
        ("characters", n * k * (1 + len(_STATUSES) + 2 + len(_ROLES))),
        ("decided", n),
        ("face_up", len(_ROLES)),  # face-up role cards, count by role
        ("previous_known", n),  # 1 where this seat knows the seat's last-round roles
        ("previous_roles", n * len(_ROLES)),  # those roles, by seat then role
        ("awaiting", n),  # seats the engine waits for
        ("nameable", len(_ROLES)),  # roles the lone Snitch may name
        ("turn", n),  # one-hot: the seat to act in the turn structure
        ("free_moves", n),  # free moves left this round, by seat
        ("done", n),  # seats done for the round
        ("winners", n),
    )


def observation_size(players: int) -> int:
    """The length of the observation vector."""
    return sum(size for _, size in observation_fields(players))


def _one_hot(size: int, index: int | None) -> list[float]:
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def observe(view: PlayerView, turn: Turn) -> list[float]:
    """The observation vector of ``view``'s seat (see :func:`observation_fields`).

    It reads the view and the public turn only.

    Raises:
        ConfigError: If ``view`` is a spectator's view.
    """
    if view.seat is None:
        raise ConfigError("an observation is for a seat, not a spectator")
    config = view.config
    n = config.players
    k = 2 if n == 3 else 1
    out: list[float] = []
    out += _one_hot(n, view.seat)
    out += _one_hot(len(_PHASES), _PHASES.index(view.phase))
    out += [float(view.round), float(config.rounds), float(config.target)]
    loot = view.loot
    out += [0.0, 0.0, 0.0] if loot is None else [1.0, float(loot.total), float(loot.deposit)]
    bonus = None if loot is None or loot.bonus_role is None else loot.bonus_role.order
    out += _one_hot(len(_ROLES), bonus)
    out += [float(c) for c in view.cash]
    out.append(float(view.reserve))
    out += [float(t) for t in view.threats]
    out.append(float(view.threat_supply))
    out += _one_hot(n, view.leader)
    lying = {(c.player, c.position): c for c in view.characters}
    for seat in range(n):
        for position in range(k):
            c = lying.get((seat, position))
            if c is None:
                out += [0.0] * (1 + len(_STATUSES) + 2 + len(_ROLES))
                continue
            out.append(1.0)
            out += _one_hot(len(_STATUSES), _STATUSES.index(c.status))
            out += [float(c.paid), float(c.covered)]
            out += _one_hot(len(_ROLES), None if c.role is None else c.role.order)
    out += [float(d) for d in view.decided]
    out += _counts(view.face_up)
    out += [0.0 if roles is None else 1.0 for roles in view.previous_roles]
    for roles in view.previous_roles:
        out += _counts(roles or ())
    out += _seats(n, view.awaiting)
    out += _counts(view.nameable)
    out += _one_hot(n, turn.seat)
    out += [float(f) for f in turn.free_moves]
    out += [float(d) for d in turn.done]
    out += _seats(n, view.winners)
    return out


def _counts(roles: Sequence[Role]) -> list[float]:
    values = [0.0] * len(_ROLES)
    for role in roles:
        values[role.order] += 1.0
    return values


def _seats(n: int, seats: Sequence[int] | frozenset[int]) -> list[float]:
    return [1.0 if seat in seats else 0.0 for seat in range(n)]


def observation_high(config: GameConfig) -> float:
    """An upper bound of every number in the observation vector of a game with ``config``."""
    deck = config.loot_deck
    return float(
        max(
            config.total_money,
            config.rounds,
            config.target,
            max(card.total for card in deck) + 2,
            100,  # free moves
        )
    )


_HIDDEN_STATUSES: Final = frozenset(_STATUSES) - {
    CharacterStatus.SURVIVING,
    CharacterStatus.ELIMINATED,
}
_STATUS_INDEX: Final = {status: i for i, status in enumerate(_STATUSES)}
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(_PHASES)}
_CHARACTER: Final = 1 + len(_STATUSES) + 2 + len(_ROLES)


def _peeked(state: GameState, seat: int) -> set[tuple[int, int]]:
    """The characters ``seat`` saw with a threat card this round (as the view reads them)."""
    events = state.events
    found: set[tuple[int, int]] = set()
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = event.__class__
        if kind is LootRevealed:
            break
        if kind is ThreatPeeked and event.player == seat:  # type: ignore[union-attr]
            found.add((event.target, event.slot))  # type: ignore[union-attr]
    return found


def observe_state(state: GameState, seat: int, turn: Turn) -> list[float]:
    """:func:`observe` of ``view(state, seat)`` and ``turn``, read from the state directly.

    The same numbers (the tests check it at every step of random games), without
    building the view (its legal actions, payees and log): the secrets of others are
    left out exactly as the view leaves them out (R-INFO).
    """
    config = state.config
    n = config.players
    k = 2 if n == 3 else 1
    out = [0.0] * n
    out[seat] = 1.0
    phase = [0.0] * len(_PHASES)
    phase[_PHASE_INDEX[state.phase]] = 1.0
    out += phase
    out += (float(state.round), float(config.rounds), float(config.target))
    loot = state.loot
    bonus = [0.0] * len(_ROLES)
    if loot is None:
        out += (0.0, 0.0, 0.0)
    else:
        out += (1.0, float(loot.total), float(loot.deposit))
        if loot.bonus_role is not None:
            bonus[loot.bonus_role.order] = 1.0
    out += bonus
    out += map(float, state.cash)
    out.append(float(state.reserve))
    out += map(float, state.threats)
    out.append(float(state.threat_supply))
    leader = [0.0] * n
    leader[state.leader] = 1.0
    out += leader
    block = [0.0] * (n * k * _CHARACTER)
    characters = state.characters
    peeked: set[tuple[int, int]] | None = None
    for c in characters:
        base = (c.player * k + c.position) * _CHARACTER
        block[base] = 1.0
        status = c.status
        block[base + 1 + _STATUS_INDEX[status]] = 1.0
        block[base + 1 + len(_STATUSES)] = float(c.paid)
        block[base + 2 + len(_STATUSES)] = float(c.covered)
        known = c.player == seat or status not in _HIDDEN_STATUSES
        if not known:
            if peeked is None:
                peeked = _peeked(state, seat)
            known = (c.player, c.position) in peeked
        if known:
            block[base + 3 + len(_STATUSES) + c.role.order] = 1.0
    out += block
    out += map(float, state.decided)
    out += _counts(state.face_up)
    everyone = config.repeat_role is RepeatRole.FORBIDDEN and state.phase is not Phase.GAME_OVER
    previous = state.previous_roles
    roles_block = [0.0] * (n * len(_ROLES))
    for other, roles in enumerate(previous):
        if everyone or other == seat:
            out.append(1.0)
            for role in roles:
                roles_block[other * len(_ROLES) + role.order] += 1.0
        else:
            out.append(0.0)
    out += roles_block
    out += _seats(n, state.awaiting)
    out += _counts(nameable_roles(state))
    out += _one_hot(n, turn.seat)
    out += map(float, turn.free_moves)
    out += map(float, turn.done)
    out += _seats(n, state.winners)
    return out


# The observation as float32 bytes, built from what changed (the adapters' fast path).
#
# observe_state builds the whole vector as a list at every call. The adapters ask for a
# seat's vector at nearly every step, and from one step to the next only a few fields
# of the state change (a payment changes the cash, a decision the decided flags): so the
# vector is cut into blocks, each block's float32 bytes are kept by what it is made of
# (the field's value, or the identity of a tuple the engine shares from state to state,
# kept alive beside the bytes), and a vector is the join of its blocks. A block is
# encoded once when its field changes, never from the whole log: the only events read
# are the seat's own peeks of this round, kept by the engine's log as a selection that
# grows with each new event (see :func:`_peeks`).

_FLOATS: Final = "f"  # array typecode of float32
_MOST_BLOCKS: Final = 1024  # each cache is emptied when it holds this many blocks


def _f32(values: Sequence[float]) -> bytes:
    return array(_FLOATS, values).tobytes()


def _bounded(cache: dict[Any, Any]) -> dict[Any, Any]:
    if len(cache) >= _MOST_BLOCKS:
        cache.clear()
    return cache


_SEAT_BLOCKS: dict[tuple[int, int], bytes] = {}
_HEAD_BLOCKS: dict[tuple[Any, ...], tuple[GameConfig, Any, bytes]] = {}
_PACKERS: dict[int, tuple[Any, tuple[bytes, ...]]] = {}
_NO_CHARACTER: Final = bytes(4 * _CHARACTER)
_CHARACTER_BLOCKS: dict[tuple[Any, ...], tuple[Any, bytes]] = {}
_CHARACTERS_BLOCKS: dict[tuple[Any, ...], tuple[Any, bytes]] = {}
_TABLE_BLOCKS: dict[tuple[Any, ...], bytes] = {}
_PREVIOUS_BLOCKS: dict[tuple[Any, ...], tuple[Any, bytes]] = {}
_AWAITING_BLOCKS: dict[tuple[Any, ...], bytes] = {}
_DECIDING_BLOCKS: dict[tuple[bool, ...], bytes] = {}
_TURN_BLOCKS: dict[tuple[Any, ...], bytes] = {}
_WINNER_BLOCKS: dict[tuple[int, frozenset[int]], bytes] = {}


def _head_block(state: GameState) -> bytes:
    config, loot = state.config, state.loot
    key = (id(config), id(loot), state.phase, state.round)
    found = _HEAD_BLOCKS.get(key)
    if found is None or found[0] is not config or found[1] is not loot:
        out = [0.0] * len(_PHASES)
        out[_PHASE_INDEX[state.phase]] = 1.0
        out += (float(state.round), float(config.rounds), float(config.target))
        bonus = [0.0] * len(_ROLES)
        if loot is None:
            out += (0.0, 0.0, 0.0)
        else:
            out += (1.0, float(loot.total), float(loot.deposit))
            if loot.bonus_role is not None:
                bonus[loot.bonus_role.order] = 1.0
        found = _bounded(_HEAD_BLOCKS)[key] = (config, loot, _f32(out + bonus))
    return found[2]


def _money_block(state: GameState) -> bytes:
    # Cash changes at nearly every move: packed directly (as fast as a look-up would be).
    cash = state.cash
    n = len(cash)
    packers = _PACKERS.get(n)
    if packers is None:
        packers = _PACKERS[n] = (
            Struct(f"{2 * n + 2}f").pack,
            tuple(_f32(_one_hot(n, seat)) for seat in range(n)),
        )
    return (
        packers[0](*cash, state.reserve, *state.threats, state.threat_supply)
        + packers[1][state.leader]
    )


def _character_block(
    state: GameState, seat: int, n: int, k: int, peeks: tuple[tuple[int, int, int], ...]
) -> bytes:
    # The block is kept by the characters tuple (the engine keeps it from state to state
    # until a character changes), the seat and what it peeked; a new tuple is joined from
    # its characters' parts, each kept by the character object and whether the seat knows
    # its role, so each changed character is encoded once.
    characters = state.characters
    seen = tuple([(target, slot) for by, target, slot in peeks if by == seat]) if peeks else ()
    key = (id(characters), seat, n, seen)  # n: the empty tuple is every game's
    whole = _CHARACTERS_BLOCKS.get(key)
    if whole is not None and whole[0] is characters:
        return whole[1]
    parts = [_NO_CHARACTER] * (n * k)
    for c in characters:
        known = (
            c.player == seat or c.status not in _HIDDEN_STATUSES or (c.player, c.position) in seen
        )
        part_key = (id(c), known)
        found = _CHARACTER_BLOCKS.get(part_key)
        if found is None or found[0] is not c:
            block = [0.0] * _CHARACTER
            block[0] = 1.0
            block[1 + _STATUS_INDEX[c.status]] = 1.0
            block[1 + len(_STATUSES)] = float(c.paid)
            block[2 + len(_STATUSES)] = float(c.covered)
            if known:
                block[3 + len(_STATUSES) + c.role.order] = 1.0
            found = _bounded(_CHARACTER_BLOCKS)[part_key] = (c, _f32(block))
        parts[c.player * k + c.position] = found[1]
    made = b"".join(parts)
    _bounded(_CHARACTERS_BLOCKS)[key] = (characters, made)
    return made


def _table_block(state: GameState) -> bytes:
    key = (state.decided, state.face_up)
    found = _TABLE_BLOCKS.get(key)
    if found is None:
        found = _bounded(_TABLE_BLOCKS)[key] = _f32(
            [float(d) for d in state.decided] + _counts(state.face_up)
        )
    return found


def _previous_block(state: GameState, seat: int, n: int) -> bytes:
    previous = state.previous_roles
    everyone = (
        state.config.repeat_role is RepeatRole.FORBIDDEN and state.phase is not Phase.GAME_OVER
    )
    key = (id(previous), seat, n, everyone)
    found = _PREVIOUS_BLOCKS.get(key)
    if found is None or found[0] is not previous:
        known: list[float] = []
        roles_block = [0.0] * (n * len(_ROLES))
        for other, roles in enumerate(previous):
            if everyone or other == seat:
                known.append(1.0)
                for role in roles:
                    roles_block[other * len(_ROLES) + role.order] += 1.0
            else:
                known.append(0.0)
        found = _bounded(_PREVIOUS_BLOCKS)[key] = (previous, _f32(known + roles_block))
    return found[1]


def _awaiting_block(state: GameState, n: int) -> bytes:
    phase = state.phase
    if phase is Phase.NEGOTIATION:  # the engine awaits the undecided seats: by the flags
        decided = state.decided
        found = _DECIDING_BLOCKS.get(decided)
        if found is None:
            found = _bounded(_DECIDING_BLOCKS)[decided] = _f32(
                [0.0 if d else 1.0 for d in decided] + [0.0] * len(_ROLES)
            )
        return found
    key = (n, state.awaiting, state.face_up if phase is Phase.HEIST else None)
    found = _AWAITING_BLOCKS.get(key)
    if found is None:
        found = _bounded(_AWAITING_BLOCKS)[key] = _f32(
            _seats(n, key[1]) + _counts(nameable_roles(state))
        )
    return found


def _turn_block(
    turn_seat: int | None, free_moves: tuple[int, ...], done: tuple[bool, ...]
) -> bytes:
    key = (turn_seat, free_moves, done)
    found = _TURN_BLOCKS.get(key)
    if found is None:
        found = _bounded(_TURN_BLOCKS)[key] = _f32(
            _one_hot(len(free_moves), turn_seat)
            + [float(f) for f in free_moves]
            + [float(d) for d in done]
        )
    return found


def observe_bytes(
    state: GameState,
    seat: int,
    turn_seat: int | None,
    free_moves: tuple[int, ...],
    done: tuple[bool, ...],
    peeks: tuple[tuple[int, int, int], ...] | None = None,
) -> bytes:
    """:func:`observe_state` of ``state``, ``seat`` and the turn ``(turn_seat,
    free_moves, done)`` as float32 bytes (native byte order).

    ``peeks`` are the ``(user, target, slot)`` of the threat cards used since the last
    loot card was revealed (:attr:`~millions_rules.adapters.Table.peeks`), or ``None``
    to read them from the end of the log.
    The same numbers as :func:`observe_state` (the tests check it over random games),
    built from blocks each kept by what it is made of, so that after a move only the
    blocks of the fields the move changed are encoded again.
    """
    n = len(free_moves)
    seat_block = _SEAT_BLOCKS.get((n, seat))
    if seat_block is None:
        seat_block = _SEAT_BLOCKS[(n, seat)] = _f32(_one_hot(n, seat))
    winners = state.winners
    winner_block = _WINNER_BLOCKS.get((n, winners))
    if winner_block is None:
        winner_block = _bounded(_WINNER_BLOCKS)[(n, winners)] = _f32(_seats(n, winners))
    turn_key = (turn_seat, free_moves, done)
    turn_block = _TURN_BLOCKS.get(turn_key)
    if turn_block is None:
        turn_block = _turn_block(turn_seat, free_moves, done)
    table_block = _TABLE_BLOCKS.get((state.decided, state.face_up))
    if table_block is None:
        table_block = _table_block(state)
    return b"".join(
        (
            seat_block,
            _head_block(state),
            _money_block(state),
            _character_block(
                state, seat, n, 2 if n == 3 else 1, round_peeks(state) if peeks is None else peeks
            ),
            table_block,
            _previous_block(state, seat, n),
            _awaiting_block(state, n),
            turn_block,
            winner_block,
        )
    )


# The observation as a list kept per trajectory and updated in place (OpenSpiel's fast path).
#
# OpenSpiel asks for a seat's tensor as a list of floats at each step, most often the
# seat to act, which changes at every step. A trajectory keeps (in a :class:`TensorMemo`)
# one list of the numbers every seat sees alike: the roles of the revealed characters
# but not of the hidden ones, and zeros for the seat and the previous roles. For each
# block it keeps what the block was last written from (the state's own objects, compared
# by identity, then by value where that saves writing); a call writes again only the
# blocks whose sources changed (of the characters, only those whose object changed),
# copies the list and lays over the copy what only the seat sees: its one-hot, the roles
# of its own characters and of those it peeked at (R-NEG-THREAT), and its previous-roles
# block (kept per seat). Every block is checked at every call, so the answer is exact
# whatever state the memo was last written for: a memo may be shared, copied or stale
# without giving a wrong number.


class _Lists:
    """The numbers every seat sees alike, what each block was written from, and the
    seats' previous-roles blocks."""

    __slots__ = (
        "awaiting",
        "characters",
        "config",
        "filled",
        "forbidden",
        "head",
        "k",
        "leader",
        "ledger",
        "money",
        "offsets",
        "previous",
        "role_at",
        "slots",
        "table",
        "turn",
        "values",
        "winners",
    )

    def __init__(self, config: GameConfig) -> None:
        n = config.players
        places = n * (2 if n == 3 else 1)
        self.config = config
        self.k = 2 if n == 3 else 1  # characters per seat
        self.leader = -1  # the leader written (none)
        self.offsets = _offsets(n)
        self.forbidden = config.repeat_role is RepeatRole.FORBIDDEN
        self.values = [0.0] * (observation_size(n) + 2 * n * n)
        nothing: tuple[Any, ...] = (_NOTHING, _NOTHING, _NOTHING, _NOTHING)
        self.head = nothing
        self.money = nothing
        self.characters: Any = _NOTHING
        self.slots: list[Any] = [None] * places  # the character written at each place
        self.role_at: list[int] = [-1] * places  # its role's index in the vector, or -1
        self.filled = 0  # the places written, as bits
        self.table = nothing
        self.awaiting = nothing
        self.turn: tuple[Any, ...] = (-1, _NOTHING, _NOTHING)  # no seat's turn written
        self.winners: Any = _NOTHING
        self.ledger: Any = (_NOTHING, _NOTHING)
        # by seat: the previous roles and whether every seat's are known, and the
        # block's numbers other than 0, as (index, number)
        self.previous: dict[int, tuple[Any, bool, tuple[tuple[int, float], ...]]] = {}

    def copy(self) -> _Lists:
        made = _Lists.__new__(_Lists)
        for name in _Lists.__slots__:
            setattr(made, name, getattr(self, name))
        made.values = self.values[:]
        made.slots = self.slots[:]
        made.role_at = self.role_at[:]
        made.previous = dict(self.previous)  # its entries are replaced, never changed
        return made


_NOTHING: Final = object()  # what no block was written from


_OFFSETS: dict[int, tuple[int, ...]] = {}


def _offsets(n: int) -> tuple[int, ...]:
    found = _OFFSETS.get(n)
    if found is None:
        starts: dict[str, int] = {}
        at = 0
        for name, size in observation_fields(n):
            starts[name] = at
            at += size
        found = _OFFSETS[n] = (
            starts["phase"],
            starts["cash"],
            starts["characters"],
            starts["decided"],
            starts["previous_known"],
            starts["awaiting"],
            starts["turn"],
            starts["winners"],
            at,  # the recall blocks
        )
    return found


def observe_into(table: Table, seat: int, recall: bool, memo: TensorMemo) -> list[float] | None:
    """:func:`observe_state` of ``table``'s state, ``seat`` and its turn as a new list,
    followed by the recall blocks of ``table.ledger`` (the money paid, then the threat
    cards used, payer by payee) when ``recall``; ``None`` when ``seat`` is no seat of
    the game.

    Made from ``memo``'s lists, in which only the blocks whose sources changed since they
    were last written are written again (the tests check it against the plain encoding
    over random games, clones and restored states).
    """
    state = table.state
    config = state.config
    n = config.players
    if type(seat) is not int or not 0 <= seat < n:
        return None
    turn_seat = table.seat
    free_moves = table.free_moves
    done = table.done
    peeks = table.peeks
    ledger = table.ledger if recall else None
    lists: _Lists | None = memo.lists
    if lists is None or lists.config is not config:
        lists = memo.lists = _Lists(config)
        memo.owned = True
    elif not memo.owned:
        lists = memo.lists = lists.copy()
        memo.owned = True
    values = lists.values
    phase_at, cash_at, characters_at, decided_at, previous_at, awaiting_at, turn_at, win_at, end = (
        lists.offsets
    )
    phase = state.phase
    loot = state.loot
    round_ = state.round
    head = (phase, loot, round_)
    if lists.head != head:  # equal loot cards encode alike
        lists.head = head
        block = [0.0] * len(_PHASES)
        block[_PHASE_INDEX[phase]] = 1.0
        block += (float(round_), float(config.rounds), float(config.target))
        bonus = [0.0] * len(_ROLES)
        if loot is None:
            block += (0.0, 0.0, 0.0)
        else:
            block += (1.0, float(loot.total), float(loot.deposit))
            if loot.bonus_role is not None:
                bonus[loot.bonus_role.order] = 1.0
        values[phase_at:cash_at] = block + bonus
    money = (state.cash, state.threats, state.reserve, state.threat_supply)
    written = lists.money
    if written != money:
        cash, threats, reserve, supply = money
        if written[0] != cash:
            values[cash_at : cash_at + n] = map(float, cash)
        if written[1] != threats:
            values[cash_at + n + 1 : cash_at + 2 * n + 1] = map(float, threats)
        values[cash_at + n] = float(reserve)
        values[cash_at + 2 * n + 1] = float(supply)
        lists.money = money
    leader = state.leader
    if lists.leader != leader:  # a one-hot: its old 1 cleared, its new 1 set
        leader_at = cash_at + 2 * n + 2
        if lists.leader >= 0:
            values[leader_at + lists.leader] = 0.0
        values[leader_at + leader] = 1.0
        lists.leader = leader
    characters = state.characters
    k = lists.k
    if lists.characters is not characters:
        lists.characters = characters
        slots = lists.slots
        role_at = lists.role_at
        filled = 0
        for c in characters:
            place = c.player * k + c.position
            filled |= 1 << place
            if slots[place] is c:
                continue
            slots[place] = c
            base = characters_at + place * _CHARACTER
            block = [0.0] * _CHARACTER
            block[0] = 1.0
            status = c.status
            block[1 + _STATUS_INDEX[status]] = 1.0
            block[_PAID_AT] = float(c.paid)
            block[_PAID_AT + 1] = float(c.covered)
            role = _ROLE_AT[c.role]
            if status not in _HIDDEN_STATUSES:  # revealed: every seat knows the role
                block[role] = 1.0
            role_at[place] = base + role
            values[base : base + _CHARACTER] = block
        if lists.filled & ~filled:  # places written before and empty now
            for place in range(len(slots)):
                if not filled >> place & 1 and slots[place] is not None:
                    slots[place] = None
                    role_at[place] = -1
                    base = characters_at + place * _CHARACTER
                    values[base : base + _CHARACTER] = _NO_FLOATS
        lists.filled = filled
    decided = state.decided
    face_up = state.face_up
    written = lists.table
    if written[0] is not decided or written[1] is not face_up:
        if written[0] != decided:
            floats = _FLOAT_LISTS.get(decided)
            if floats is None:
                floats = _bounded(_FLOAT_LISTS)[decided] = list(map(float, decided))
            values[decided_at : decided_at + n] = floats
        if written[1] != face_up:
            floats = _FACE_UP.get(face_up)
            if floats is None:
                floats = _bounded(_FACE_UP)[face_up] = _counts(face_up)
            values[decided_at + n : previous_at] = floats
        lists.table = (decided, face_up)
    # The seats awaited and the nameable roles follow from the phase and: in negotiation
    # the decided flags, in planning and the heist the characters (and the face-up roles).
    awaited_by = decided if phase is _NEGOTIATING else characters
    awaiting = lists.awaiting
    if awaiting[0] is not phase or awaiting[1] is not awaited_by or awaiting[2] is not face_up:
        lists.awaiting = (phase, awaited_by, face_up)
        if phase is _NEGOTIATING:  # the undecided seats, and no nameable role
            undecided = _UNDECIDED.get(decided)
            if undecided is None:
                undecided = _bounded(_UNDECIDED)[decided] = [0.0 if d else 1.0 for d in decided]
            values[awaiting_at : awaiting_at + n] = undecided
            values[awaiting_at + n : turn_at] = _NO_ROLES
        elif phase is _PLANNING:  # the seats without a character, and no nameable role
            block = [1.0] * n + _NO_ROLES
            for c in characters:
                block[c.player] = 0.0
            values[awaiting_at:turn_at] = block
        else:
            values[awaiting_at:turn_at] = _seats(n, state.awaiting) + _counts(nameable_roles(state))
    turn = lists.turn
    to_act = -1 if turn_seat is None else turn_seat
    if turn[0] != to_act:
        if turn[0] >= 0:
            values[turn_at + turn[0]] = 0.0
        if to_act >= 0:
            values[turn_at + to_act] = 1.0
    if turn[1] is not free_moves:
        floats = _FLOAT_LISTS.get(free_moves)
        if floats is None:
            floats = _bounded(_FLOAT_LISTS)[free_moves] = list(map(float, free_moves))
        values[turn_at + n : turn_at + 2 * n] = floats
    if turn[2] is not done:
        floats = _FLOAT_LISTS.get(done)
        if floats is None:
            floats = _bounded(_FLOAT_LISTS)[done] = list(map(float, done))
        values[turn_at + 2 * n : win_at] = floats
    lists.turn = (to_act, free_moves, done)
    winners = state.winners
    if lists.winners is not winners:
        lists.winners = winners
        values[win_at:end] = _seats(n, winners)
    if ledger is None:
        out = values[:end]
    else:
        known = lists.ledger
        if known is not ledger:
            paid, threatened = ledger
            if known[0] is not paid:
                values[end : end + n * n] = map(float, paid)
            if known[1] is not threatened:
                values[end + n * n :] = map(float, threatened)
            lists.ledger = ledger
        out = values[:]
    # What only the seat sees: the roles of its own characters and of those it peeked at
    # this round, its one-hot and its previous-roles block (kept per seat).
    role_at = lists.role_at
    place = seat * k
    if role_at[place] >= 0:
        out[role_at[place]] = 1.0
    if k == 2 and role_at[place + 1] >= 0:
        out[role_at[place + 1]] = 1.0
    if peeks is None:
        peeks = round_peeks(state)
    for by, target, slot in peeks:
        if by == seat:
            at = role_at[target * k + slot]
            if at >= 0:
                out[at] = 1.0
    previous = state.previous_roles
    everyone = lists.forbidden and phase is not _OVER
    own = lists.previous.get(seat)
    if own is None or own[0] is not previous or own[1] is not everyone:
        numbers: dict[int, float] = {seat: 1.0}  # the seat's one-hot
        count = len(previous)
        for other in range(count) if everyone else (seat,) if seat < count else ():
            numbers[previous_at + other] = 1.0
            for role_of in previous[other]:
                at = previous_at + n + other * len(_ROLES) + role_of.order
                numbers[at] = numbers.get(at, 0.0) + 1.0
        own = lists.previous[seat] = (previous, everyone, tuple(numbers.items()))
    for at, number in own[2]:
        out[at] = number
    return out


_NO_FLOATS: Final = [0.0] * _CHARACTER
#: Float lists of small tuples of flags and counts (free moves, done and decided flags),
#: by the tuple; and the awaiting block of each tuple of decided flags.
_FLOAT_LISTS: dict[tuple[Any, ...], list[float]] = {}
_UNDECIDED: dict[tuple[bool, ...], list[float]] = {}
#: The face-up block of each tuple of face-up roles.
_FACE_UP: dict[tuple[Role, ...], list[float]] = {}
_PAID_AT: Final = 1 + len(_STATUSES)  # in a character's block
_ROLE_AT: Final = {role: 3 + len(_STATUSES) + role.order for role in _ROLES}  # likewise
_NO_ROLES: Final = [0.0] * len(_ROLES)
_NEGOTIATING: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_OVER: Final = Phase.GAME_OVER
