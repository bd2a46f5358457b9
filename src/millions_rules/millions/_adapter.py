"""*Millions of Dollars* for the adapters: its :class:`~._core.GameAdapter`.

The turn structure is :class:`~millions_rules.adapters.Table` (free-form negotiation
played in turns), the catalogue :class:`~millions_rules.adapters.Catalogue` and the
observation :func:`~millions_rules.adapters.observe`. The external dealer deals the loot
card and sets a role card aside, each card with the engine's own probabilities.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final

import attrs

from .._common.adapter import TensorMemo
from .._common.dealer import Dealer
from .._common.game import Game
from ..millions._actions import DealLoot, SetAside
from ..millions._config import GameConfig
from ..millions._engine import seat_listings
from ..millions._errors import ConfigError, DeserializationError
from ..millions._roles import RepeatRole, Role
from ..millions._state import CharacterStatus, GameState, Phase
from ..millions._views import PlayerView, _keeper
from ._adapter_views import MillionsViewEncoding
from ._encoding import (
    _MOST,
    Catalogue,
    _f32,
    observation_high,
    observation_size,
    observe_bytes,
    observe_into,
    observe_state,
)
from ._negotiating import (
    DealTable,
    deal_catalogue,
    deal_observation_size,
    max_deal_moves,
    negotiation_option,
    observe_deals,
    summarise_deals,
)
from ._turns import FREE_MOVES, Table, Turn, max_moves, public_events, seat_payees

if TYPE_CHECKING:
    from ._batch import MillionsBatch

__all__ = ["MillionsAdapter", "NegotiationAdapter"]

_ROLES: Final = tuple(Role)
_ROLE_ORDER: Final = {role: role.order for role in _ROLES}
_NEGOTIATION: Final = Phase.NEGOTIATION
_catalogue: Final = cache(Catalogue)


def _require_seat(table: Table, seat: object) -> None:
    """Refuse what is no seat of the table's game (R-COMP-7) with a ConfigError."""
    players = len(table.free_moves)
    if type(seat) is not int or not 0 <= seat < players:
        raise ConfigError(f"seat must be a seat of the game (0 to {players - 1}), not {seat!r}")


class MillionsAdapter(MillionsViewEncoding):
    """Millions of Dollars as the adapters see it (a :class:`~millions_rules.adapters.GameAdapter`)."""

    def __init__(self, game: Game[Any, Any, Any, Any]) -> None:
        """The adapter parts of ``game`` (Millions' :data:`~millions_rules.millions._game.GAME`)."""
        self.game = game

    def seat_batch(self, config: GameConfig, count: int) -> MillionsBatch | None:
        """A :class:`~millions_rules.millions._batch.MillionsBatch` of ``count`` games of
        ``config`` (:class:`~millions_rules.adapters.SeatBatches`), or ``None`` for the
        three-player game and an external dealer."""
        if not isinstance(config, GameConfig) or config.three_player:
            return None
        if config.dealer is not Dealer.ENGINE:
            return None
        from ._batch import MillionsBatch  # NumPy: only with the gymnasium extra

        return MillionsBatch(config, count)

    game: Game[Any, Any, Any, Any]
    default_players: int = 5
    rewards: tuple[str, ...] = ("win", "cash")
    turn_options: tuple[str, ...] = ("free_moves", "negotiation")
    parameters: Mapping[str, Any] = {
        "players": 5,
        "free_moves": FREE_MOVES,
        "negotiation": False,
        "reward": "win",
        "rounds": 8,
        "target": 20,
        "starting_cash": 5,
        "total_money": 175,
        "repeat_role": RepeatRole.NO_SHARE.value,
        "first_leader": 0,
    }

    def options(self, given: Mapping[str, Any], *, external: bool) -> dict[str, Any]:
        options = dict(given)
        if "repeat_role" in options and not isinstance(options["repeat_role"], RepeatRole):
            try:
                options["repeat_role"] = RepeatRole(options["repeat_role"])
            except ValueError:
                raise ConfigError(
                    "repeat_role must be one of no_share, forbidden, allowed"
                ) from None
        options["dealer"] = Dealer.EXTERNAL if external else Dealer.ENGINE
        return options

    def start(self, config: GameConfig, options: Mapping[str, Any]) -> Table:
        return Table.start(config, options.get("free_moves", FREE_MOVES))

    def state_of(self, table: Table) -> GameState:
        return table.state

    def with_state(self, table: Table, state: GameState) -> Table:
        return attrs.evolve(table, state=state)

    def seat(self, table: Table) -> int | None:
        return table.seat

    def score_range(self, config: GameConfig) -> tuple[float, float]:
        return (0.0, float(config.total_money))

    def catalogue_names(self, config: GameConfig) -> tuple[str, ...]:
        return _catalogue(config.players).names

    def legal(self, table: Table) -> Sequence[int]:
        # The same facts as the seat's view holds (view.legal_actions, view.payees, cash,
        # decided), so this is Catalogue.mask of the view; the tests check it at every
        # step of random games.
        #
        # In negotiation the entries are kept by what they are made of: the engine's
        # listings (tuples it keeps, by identity, alive beside the entries), the payees,
        # the payments the cash affords and whether the seat may wait.
        seat = table.seat
        if seat is None:
            return []
        state = table.state
        decisions, threats = seat_listings(state, seat)
        catalogue = _catalogue(state.config.players)
        if state.phase is not _NEGOTIATION:
            return catalogue._listed(seat, decisions)
        free_moves = table.free_moves[seat]
        cash = state.cash[seat]
        decided = state.decided[seat]
        if free_moves:
            to = seat_payees(state, seat)
            key: tuple[Any, ...] = (seat, id(decisions), id(threats), to, min(cash, _MOST))
        else:
            to = ()
            key = (seat, id(decisions), id(threats), decided)
        found = _LEGAL.get(key)
        if (
            found is not None
            and found[0] is decisions
            and found[1] is threats
            and found[2] is catalogue
        ):
            return found[3]
        made = tuple(catalogue._legal_of(seat, decisions, threats, to, cash, free_moves, decided))
        if len(_LEGAL) >= 4096:  # bounded: the engine keeps a few thousand listings
            _LEGAL.clear()
        _LEGAL[key] = (decisions, threats, catalogue, made)
        return made

    def move(self, table: Table, index: int) -> Any:
        seat = table.seat
        catalogue = _catalogue(table.state.config.players)
        if seat is not None and type(index) is int and index >= 0:
            try:
                return catalogue._moves[seat][index]  # Catalogue.move of a seat's entry
            except IndexError:  # no entry: refused below
                pass
        return catalogue.move(index, -1 if seat is None else seat)

    def play(self, table: Table, move: Any) -> Table:
        return table.play(move)

    def play_listed(self, table: Table, move: Any) -> Table:
        return table._play_listed(move)

    def observation_size(self, config: GameConfig) -> int:
        return observation_size(config.players)

    def observation_high(self, config: GameConfig) -> float:
        return observation_high(config)

    def observe(self, table: Table, seat: int) -> list[float]:
        # observe(view(table.state, seat), table.turn), without building the view.
        _require_seat(table, seat)
        return observe_state(table.state, seat, table.turn)

    def observe_bytes(self, table: Table, seat: int) -> bytes:
        # observe() as float32 bytes, from the blocks that changed (the fast path).
        _require_seat(table, seat)
        return observe_bytes(
            table.state, seat, table.seat, table.free_moves, table.done, table.peeks
        )

    tensor_into = staticmethod(observe_into)
    """``tensor_into(table, seat, recall, memo)``: ``seat``'s observation vector, then its
    recall fields when ``recall`` (the information state tensor), as a new list made from
    the :class:`~millions_rules.adapters.TensorMemo` ``memo``, in which only the blocks that changed
    are written (:func:`~._encoding.observe_into`); ``None`` for no seat of the game."""

    def recall_bytes(self, table: Table, seat: int) -> bytes:
        # recall() as float32 bytes: the ledger's two blocks, kept by the ledger's identity
        # (the tables share it until a payment or a threat) with the ledger alive beside
        # it: hashing its 2 n² counts cost more than the look-up saved.
        ledger = table.ledger
        found = _RECALLED.get(id(ledger))
        if found is None or found[0] is not ledger:
            if len(_RECALLED) >= 4096:
                _RECALLED.clear()
            paid, threatened = ledger  # type: ignore[misc]  # never None once made
            found = _RECALLED[id(ledger)] = (ledger, _f32(paid + threatened))
        return found[1]

    def summary(self, table: Table, seat: int) -> str:
        # _summary(view(table.state, seat), table.turn), read from the state without
        # building the view (its legal actions, payees and log): the same text (the
        # tests check it over random games), the others' secrets left out as the view
        # leaves them out (R-INFO).
        return _summary_of(table, seat)

    def turn_document(self, table: Table) -> dict[str, Any]:
        turn = table.turn
        return {
            "turn": {
                "seat": turn.seat,
                "free_moves": list(turn.free_moves),
                "done": list(turn.done),
            },
            "waits": [list(wait) for wait in table.waits],
        }

    def log_of(self, table: Table, seat: int) -> tuple[Any, Callable[[Any], bool]]:
        return table.state.__dict__["events"], _keeper(seat)

    def recall_fields(self, config: GameConfig) -> tuple[tuple[str, tuple[int, ...]], ...]:
        players = config.players
        return (("paid", (players, players)), ("threatened", (players, players)))

    def recall(self, table: Table, seat: int, out: dict[str, Any]) -> None:
        # Payments and threats are public (R-NEG-3, R-NEG-THREAT): the table keeps the
        # counts of its log move by move.
        paid, threatened = table.ledger  # type: ignore[misc]  # never None once made
        out["paid"].flat[:] = paid
        out["threatened"].flat[:] = threatened

    def chance_outcomes(self, table: Table) -> list[tuple[int, float]]:
        state = table.state
        if state.phase is Phase.DEALING:
            share = 1.0 / len(state.deck)
            return [(index, share) for index in sorted(state.deck)]
        # Each role's share of the chosen characters (R-COMP-4, R-PLAN-4), in role order.
        counts = [0] * len(_ROLES)
        for c in state.characters:
            counts[_ROLE_ORDER[c.role]] += 1
        total = len(state.characters)
        return [(order, count / total) for order, count in enumerate(counts) if count]

    def chance_move(self, table: Table, outcome: int) -> Any:
        if table.state.phase is Phase.DEALING:
            return DealLoot(outcome)  # the engine refuses a card not in the deck
        if type(outcome) is not int or not 0 <= outcome < len(_ROLES):
            raise ConfigError(f"outcome {outcome!r} is no role's (0 to {len(_ROLES) - 1})")
        return SetAside(_ROLES[outcome])

    def chance_name(self, table: Table, outcome: int) -> str:
        if 0 <= outcome < len(_ROLES) and table.state.phase is Phase.SETTING_ASIDE:
            return f"set aside {_ROLES[outcome].value}"
        card = table.state.config.loot_deck[outcome]
        bonus = f", {card.bonus_role.value}" if card.bonus_role else ""
        return f"deal loot card {outcome} ({card.total}M/{card.deposit}M{bonus})"

    def max_chance_outcomes(self, config: GameConfig) -> int:
        return max(len(config.loot_deck), len(_ROLES))

    def max_moves(self, config: GameConfig, options: Mapping[str, Any]) -> int:
        return max_moves(config, options.get("free_moves", FREE_MOVES))

    def counters(self, table: Table) -> dict[str, Any]:
        return {
            "free_moves_per_round": table.free_moves_per_round,
            "free_moves": list(table.free_moves),
            "done": list(table.done),
            "cursor": table.cursor,
            "waits": [list(wait) for wait in table.waits],
        }

    def table_of(self, state: GameState, document: dict[str, Any]) -> Table:
        for name in ("free_moves_per_round", "free_moves", "done", "cursor"):
            if name not in document:
                raise DeserializationError(f"missing field {name!r}", "missing_field")
        n = state.config.players
        per_round = _whole(document["free_moves_per_round"], "$.free_moves_per_round", 100)
        free = _list(document["free_moves"], "$.free_moves", n)
        done = [d for d in _list(document["done"], "$.done", n) if type(d) is bool]
        if len(done) != n:
            raise DeserializationError("expected booleans", "wrong_type", "$.done")
        return Table(
            state,
            per_round,
            tuple(_whole(f, "$.free_moves", per_round) for f in free),
            tuple(done),
            _whole(document["cursor"], "$.cursor", n - 1),
            _waits(document.get("waits", []), state),  # a document of 0.x before waits: none
        )

    def same_options(self, table: Table, options: Mapping[str, Any]) -> str | None:
        if table.free_moves_per_round != options.get("free_moves", FREE_MOVES):
            return "$.free_moves_per_round"
        if isinstance(table, DealTable) is not (options.get("negotiation") is True):
            return "$.negotiation"
        return None

    def variant(self, options: Mapping[str, Any]) -> MillionsAdapter:
        """The adapter for the turn ``options``: :class:`NegotiationAdapter` with
        ``negotiation=True``, else the default one.

        Raises:
            ConfigError: If ``negotiation`` is given and is no bool.
        """
        if not negotiation_option(options):
            return self
        found = _VARIANTS.get(id(self))
        if found is None or found.default is not self:
            found = _VARIANTS[id(self)] = NegotiationAdapter(self.game, self)
        return found

    def headline(self, table: Table) -> str:
        state = table.state
        return (
            f"round {state.round}, {state.phase.value}; cash {list(state.cash)}; turn {table.seat}"
        )


#: The legal entries in negotiation, by what they are made of, with the engine's
#: listings and the catalogue (a listing may serve games of several player counts)
#: they were made from (:meth:`MillionsAdapter.legal`).
_LEGAL: dict[tuple[Any, ...], tuple[Any, Any, Catalogue, tuple[int, ...]]] = {}

#: The recall blocks by the ledger's identity, with the ledger
#: (:meth:`MillionsAdapter.recall_bytes`).
_RECALLED: dict[int, tuple[Any, bytes]] = {}


def _whole(value: object, path: str, most: int) -> int:
    if type(value) is not int:
        raise DeserializationError("expected an integer", "wrong_type", path)
    if not 0 <= value <= most:
        raise DeserializationError(f"expected 0 to {most}, got {value}", "bad_value", path)
    return value


def _waits(value: object, state: GameState) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise DeserializationError("expected an array", "wrong_type", "$.waits")
    if len(value) > MAX_WAITS:
        raise DeserializationError(f"expected at most {MAX_WAITS} items", "bad_value", "$.waits")
    public = public_events(state)
    n = state.config.players
    found: list[tuple[int, int]] = []
    for index, item in enumerate(value):
        path = f"$.waits[{index}]"
        pair = _list(item, path, 2)
        count = _whole(pair[0], f"{path}[0]", public)
        if found and count < found[-1][0]:
            raise DeserializationError("waits out of order", "bad_value", f"{path}[0]")
        found.append((count, _whole(pair[1], f"{path}[1]", n - 1)))
    return tuple(found)


#: The most waits a saved table may hold (a game has at most 101 per seat and round).
MAX_WAITS: Final = 100_000


def _list(value: object, path: str, length: int) -> list[object]:
    if not isinstance(value, list):
        raise DeserializationError("expected an array", "wrong_type", path)
    if len(value) != length:
        raise DeserializationError(f"expected {length} items", "bad_value", path)
    return value


def _summary_of(table: Table, seat: int) -> str:
    """:func:`_summary` of ``view(table.state, seat)`` and ``table.turn``, from the state."""
    state = table.state
    loot = state.loot
    shown = "-" if loot is None else f"{loot.total}M/{loot.deposit}M"
    if loot is not None and loot.bonus_role is not None:  # R-LOOT-5: the role the card rewards
        shown += f" bonus {loot.bonus_role.value}"
    peeks = table.peeks or ()
    seen = {(target, slot) for by, target, slot in peeks if by == seat}
    parts = []
    for c in sorted(state.characters, key=_by_place):
        known = c.player == seat or c.status in _REVEALED or (c.player, c.position) in seen
        parts.append(f"{c.player}.{c.position}={c.role.value if known else '?'}/{c.status.value}")
    turn = table.turn
    return (
        f"seat {seat} round {state.round} {state.phase.value} loot {shown} "
        f"cash {list(state.cash)} threats {list(state.threats)} leader {state.leader} "
        f"characters [{','.join(parts)}] face_up [{','.join(r.value for r in state.face_up)}] "
        f"decided {[int(d) for d in state.decided]} turn {turn.seat} "
        f"free {list(turn.free_moves)} winners {sorted(state.winners)}"
    )


def _by_place(character: Any) -> tuple[int, int]:
    return (character.player, character.position)


_REVEALED: Final = frozenset({CharacterStatus.SURVIVING, CharacterStatus.ELIMINATED})


def _summary(seen: PlayerView, turn: Turn) -> str:
    loot = seen.loot
    shown = "-" if loot is None else f"{loot.total}M/{loot.deposit}M"
    if loot is not None and loot.bonus_role is not None:  # R-LOOT-5: the role the card rewards
        shown += f" bonus {loot.bonus_role.value}"
    mine = ",".join(
        f"{c.player}.{c.position}={c.role.value if c.role else '?'}/{c.status.value}"
        for c in seen.characters
    )
    return (
        f"seat {seen.seat} round {seen.round} {seen.phase.value} loot {shown} "
        f"cash {list(seen.cash)} threats {list(seen.threats)} leader {seen.leader} "
        f"characters [{mine}] face_up [{','.join(r.value for r in seen.face_up)}] "
        f"decided {[int(d) for d in seen.decided]} turn {turn.seat} "
        f"free {list(turn.free_moves)} winners {sorted(seen.winners)}"
    )


class NegotiationAdapter(MillionsAdapter):
    """Millions with deals and claims at the table: the option ``negotiation=True``
    (:mod:`._negotiating`). The default entries, observation and turns come first and are
    those of :class:`MillionsAdapter`; the table is a :class:`~._negotiating.DealTable`."""

    def __init__(self, game: Game[Any, Any, Any, Any], default: MillionsAdapter) -> None:
        """The negotiating variant of ``default``, the adapter parts of ``game``."""
        super().__init__(game)
        self.default = default
        """The default adapter (``negotiation=False``)."""

    def variant(self, options: Mapping[str, Any]) -> MillionsAdapter:
        """This adapter with ``negotiation=True``, else the default one.

        Raises:
            ConfigError: If ``negotiation`` is given and is no bool.
        """
        return self if negotiation_option(options) else self.default

    def start(self, config: GameConfig, options: Mapping[str, Any]) -> Table:
        return DealTable.start(config, options.get("free_moves", FREE_MOVES))

    def catalogue_names(self, config: GameConfig) -> tuple[str, ...]:
        return deal_catalogue(config.players).names

    def legal(self, table: Table) -> Sequence[int]:
        return deal_catalogue(table.state.config.players).legal(
            table,  # type: ignore[arg-type]  # always a DealTable here
            MillionsAdapter.legal(self, table),
        )

    def move(self, table: Table, index: int) -> Any:
        seat = table.seat
        catalogue = deal_catalogue(table.state.config.players)
        return catalogue.move(index, -1 if seat is None else seat, table.state)

    def observation_size(self, config: GameConfig) -> int:
        return observation_size(config.players) + deal_observation_size(config.players)

    def observe(self, table: Table, seat: int) -> list[float]:
        state = table.state
        return observe_state(state, seat, table.turn) + observe_deals(state, seat)

    def observe_bytes(self, table: Table, seat: int) -> bytes:
        # observe() as float32 bytes: the default blocks, then the deals' numbers.
        return MillionsAdapter.observe_bytes(self, table, seat) + _f32(
            observe_deals(table.state, seat)
        )

    @staticmethod
    def tensor_into(table: Table, seat: int, recall: bool, memo: TensorMemo) -> list[float] | None:
        """``None``: the deals' numbers are not kept in a list (the bytes path serves)."""
        return None

    def summary(self, table: Table, seat: int) -> str:
        return MillionsAdapter.summary(self, table, seat) + summarise_deals(table.state, seat)

    def max_moves(self, config: GameConfig, options: Mapping[str, Any]) -> int:
        return max_deal_moves(config, options.get("free_moves", FREE_MOVES))

    def counters(self, table: Table) -> dict[str, Any]:
        private = table.private_moves  # type: ignore[attr-defined]  # a DealTable
        return {
            **MillionsAdapter.counters(self, table),
            "negotiation": True,
            "private_moves": list(private),
        }

    def table_of(self, state: GameState, document: dict[str, Any]) -> Table:
        table = MillionsAdapter.table_of(self, state, document)
        value = document.get("private_moves", [])
        if not isinstance(value, list) or len(value) > len(table.waits):
            raise DeserializationError(
                "expected an array of entries of waits", "bad_value", "$.private_moves"
            )
        private = [_whole(k, "$.private_moves", max(len(table.waits) - 1, 0)) for k in value]
        if private != sorted(set(private)) or (private and not table.waits):
            raise DeserializationError(
                "expected ascending entries of waits", "bad_value", "$.private_moves"
            )
        return DealTable(
            table.state,
            table.free_moves_per_round,
            table.free_moves,
            table.done,
            table.cursor,
            table.waits,
            tuple(private),
        )

    def resampled(self, table: Table, state: GameState, seat: int) -> Table:
        """``table`` in the world ``state`` that ``seat`` cannot tell from it: the other
        seats' private moves forgotten (to ``seat`` each is a wait)."""
        assert isinstance(table, DealTable)
        own = set(table.own_private_moves(seat))
        private = tuple(k for k in table.private_moves if k in own)
        return attrs.evolve(table, state=state, private_moves=private)

    def seat_document(self, table: Table, seat: int) -> dict[str, Any]:
        """What only ``seat``'s information state adds: which of its entries of the trace
        of waits were its private moves (perfect recall)."""
        return {"private_moves": table.own_private_moves(seat)}  # type: ignore[attr-defined]


#: The negotiating variant of each default adapter, by the default's identity.
_VARIANTS: dict[int, NegotiationAdapter] = {}
