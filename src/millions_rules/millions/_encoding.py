"""Numbers for learning agents: the action catalogue and the observation vector.

Both are built for one player count and read only a :class:`~millions_rules.PlayerView`
and the public :class:`~millions_rules.adapters.Turn`: two games that differ only in what
a seat may not know encode identically for that seat (R-INFO).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any, Final, cast

import attrs

from ..millions._actions import Choose, Denounce, Leave, Pay, Stay, UseThreat
from ..millions._config import GameConfig
from ..millions._errors import ConfigError
from ..millions._events import LootRevealed, ThreatPeeked
from ..millions._heist import nameable_roles
from ..millions._roles import RepeatRole, Role, roles_in_play
from ..millions._state import CharacterStatus, GameState, Phase
from ..millions._views import PlayerView
from ._turns import Move, SeatMove, Turn, Wait

__all__ = [
    "PAY_AMOUNTS",
    "Catalogue",
    "observation_fields",
    "observation_high",
    "observation_size",
    "observe",
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
