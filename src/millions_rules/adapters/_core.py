"""What both adapters do with a game's parts, and the one place they keep it between steps.

The PettingZoo environment and the OpenSpiel game are written once, against
:class:`~millions_rules.adapters.GameAdapter` (the contract, in
:mod:`millions_rules._common.adapter`): each game's adapter parts come from the game,
found through the registry (:func:`adapter_of`), never from a list of games here.

A :class:`Position` is one point of a game at a table, with what the adapters ask of
it again and again (who acts, the legal entries, each seat's observation) worked out
once, when first asked: agents and search algorithms ask several times per step.
"""

from __future__ import annotations

import json
import secrets
from array import array
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from typing import Any, Generic, TypeVar, cast

import attrs
from typing_extensions import Self

from .._common.adapter import (
    ByteObservations,
    GameAdapter,
    RecallBytes,
    Resampling,
    SeatDocuments,
    Variants,
    has_part,
)
from .._common.errors import ConfigError, DeserializationError
from .._common.log import Log
from .._common.random import draw_below, seed_state
from ..games import AnyGame, get_game

__all__ = [
    "GameAdapter",
    "GameSeeds",
    "Position",
    "adapter_of",
    "check_reward",
    "configure",
    "env_name",
    "from_document",
    "information",
    "is_over",
    "render",
    "resample",
    "returns",
    "reward_range",
    "same_game",
    "spiel_name",
    "to_document",
    "variant",
]

TableT = TypeVar("TableT")


def env_name(adapter: GameAdapter[Any]) -> str:
    """The PettingZoo environment's name: ``millions_of_dollars_v0``, ``currency_torraku_v0``."""
    return f"{adapter.game.title.lower().replace(' ', '_')}_v0"


def spiel_name(adapter: GameAdapter[Any]) -> str:
    """The OpenSpiel game's name: ``python_millions_of_dollars``, ``python_currency_torraku``."""
    return f"python_{adapter.game.title.lower().replace(' ', '_')}"


def configure(
    adapter: GameAdapter[Any], players: int, options: Mapping[str, Any], *, external: bool
) -> Any:
    """The game's config for ``players`` and ``options`` (seed 0).

    Who deals is the adapter's (:meth:`GameAdapter.options`): the external dealer in
    OpenSpiel (chance nodes) when the game has one, the engine in PettingZoo (drawing
    from the seed given to ``reset``).

    Raises:
        ConfigError: If an option makes no sense, or is the seed or the dealer.
    """
    for name in ("seed", "dealer"):
        if name in options:
            raise ConfigError(f"{name} is not an option of the adapters")
    return adapter.game.config(players, seed=0, **adapter.options(options, external=external))


def is_over(adapter: GameAdapter[TableT], table: TableT) -> bool:
    """Whether the game at ``table`` has ended."""
    return bool(adapter.game.is_over(adapter.state_of(table)))


def returns(adapter: GameAdapter[TableT], table: TableT, reward: str) -> list[float]:
    """Each seat's reward at the end: +1 to each winner and -1 to the others, or the score."""
    state = adapter.state_of(table)
    if reward != "win":
        return [float(score) for score in adapter.game.scores(state)]
    winners = adapter.game.winners(state)
    return [1.0 if seat in winners else -1.0 for seat in range(len(adapter.game.scores(state)))]


def reward_range(adapter: GameAdapter[Any], config: Any, reward: str) -> tuple[float, float]:
    """The least and the most a seat's reward can be."""
    return (-1.0, 1.0) if reward == "win" else adapter.score_range(config)


def information(adapter: GameAdapter[TableT], table: TableT, seat: int) -> str:
    """``seat``'s information state string (see :meth:`Position.information`)."""
    return Position(adapter, table).information(seat)


def _information(
    adapter: GameAdapter[TableT], table: TableT, seat: int, vector: list[float]
) -> str:
    """The information state string of ``seat``, whose observation vector is ``vector``.

    A JSON object: ``"events"``, the seat's visible log (each event in the library's
    JSON), ``"observation"``, the observation vector (its view now, with the public
    turn), and the turn structure's public trace (:meth:`GameAdapter.turn_document`:
    Millions' turn and waits). Everything the seat saw, in order, and nothing else (the
    perfect-recall tests check both directions). An adapter with the optional part
    :class:`~millions_rules.adapters.SeatDocuments` adds what only that seat knows of the turns (Millions with
    ``negotiation=True``: which of its waits were private moves).
    """
    stored, keep = adapter.log_of(table, seat)
    events = _encoded_log(adapter.game, stored, ("information", seat), keep)
    document = adapter.turn_document(table)
    if has_part(adapter, SeatDocuments):  # what only this seat knows of the turns (deals)
        document = {**document, **cast(SeatDocuments, adapter).seat_document(table, seat)}
    # json.dumps({"observation": vector, **document}) with the compact separators, the
    # vector's numbers written from a table of their texts (float.__repr__, as json's).
    observation = ",".join([_FLOAT_TEXT.get(v) or _float_text(v) for v in vector])
    if "observation" in document or not document:
        rest = json.dumps({"observation": vector, **document}, separators=(",", ":"))[1:]
    else:
        rest = f'"observation":[{observation}],{json.dumps(document, separators=(",", ":"))[1:]}'
    return f'{{"events":[{events}],{rest}'


def _float_text(value: float) -> str:
    """The JSON text of ``value`` (as ``json.dumps`` writes it), kept for the next time."""
    text = json.dumps(value)
    if len(_FLOAT_TEXT) < 4096 and type(value) is float:  # bounded: few distinct numbers
        _FLOAT_TEXT[value] = text
    return text


#: The JSON text of the numbers of observation vectors (counts and money: few of them).
_FLOAT_TEXT: dict[float, str] = {}


def _encode(game: AnyGame, event: object) -> str:
    """``event`` in the library's JSON, encoded once per event object."""
    found = _ENCODED.get(id(event))
    if found is None or found[0] is not event:
        if len(_ENCODED) >= _MOST_ENCODED:  # bounded: games keep their events alive
            _ENCODED.clear()
        found = _ENCODED[id(event)] = (event, game.to_json(event))
    return found[1]


def _encoded_log(game: AnyGame, stored: Any, key: object, keep: Callable[[Any], bool]) -> str:
    """The JSON of the events of ``stored`` that ``keep`` keeps, joined with commas.

    For the engine's persistent log (:class:`~millions_rules._common.log.Log`) the
    text is built as :meth:`~millions_rules._common.log.Log.select` builds a
    selection: on the nearest ancestor's text, encoding only the events added since,
    and kept on the node (moved, not copied). A plain tuple is encoded whole (each
    event's JSON is kept, so that is one join).
    """
    if stored.__class__ is not Log:
        return ",".join([_encode(game, event) for event in stored if keep(event)])
    chunks = []
    node: Log[Any] | None = stored
    base = ""
    while node is not None:
        known = getattr(node, "selected", None)
        if known is not None and key in known:
            if node is stored:
                text: str = known[key][0]
                return text
            base = known.pop(key)[0]
            break
        chunks.append(node.items)
        node = node.parent
    chunks.reverse()
    new = ",".join([_encode(game, e) for e in chain.from_iterable(chunks) if keep(e)])
    whole = f"{base},{new}" if base and new else base or new
    selected = getattr(stored, "selected", None)
    if selected is None:
        selected = stored.selected = {}
    selected[key] = (whole,)  # a selection is a tuple: the text in one
    return whole


#: Each event's JSON by the event's identity, with the event kept alive beside it.
_ENCODED: dict[int, tuple[object, str]] = {}
_MOST_ENCODED = 1 << 16


def resample(adapter: GameAdapter[TableT], table: TableT, seat: int, seed: int) -> TableT:
    """A table ``seat`` cannot tell from ``table``: its secrets drawn from ``seed``.

    An adapter with the optional part :class:`~millions_rules.adapters.Resampling` makes
    the table itself
    (Millions with ``negotiation=True`` forgets the other seats' private moves).
    """
    game = adapter.game
    state = game.sample_state(game.view(adapter.state_of(table), seat), seed)
    if has_part(adapter, Resampling):
        made: TableT = cast(Resampling, adapter).resampled(table, state, seat)
        return made
    return adapter.with_state(table, state)


def to_document(adapter: GameAdapter[TableT], table: TableT) -> dict[str, Any]:
    """The table as a JSON object: the counters and the game state in the library's JSON."""
    state = json.loads(adapter.game.to_json(adapter.state_of(table)))
    return {**adapter.counters(table), "state": state}


def from_document(adapter: GameAdapter[TableT], document: dict[str, Any]) -> TableT:
    """The table of :func:`to_document`.

    Raises:
        DeserializationError: If the document holds no such table.
    """
    if "state" not in document:
        raise DeserializationError("missing field 'state'", "missing_field")
    game = adapter.game
    state = game.from_json(json.dumps(document["state"]), game.state_type)
    return adapter.table_of(state, document)


def same_game(
    adapter: GameAdapter[TableT], table: TableT, config: Any, options: Mapping[str, Any]
) -> str | None:
    """Why ``table`` is no table of the game ``config`` and ``options`` make (the path of
    what differs), or ``None``."""
    if attrs.evolve(adapter.game.config_of(adapter.state_of(table)), seed=0) != config:
        return "$.state.config"
    return adapter.same_options(table, options)


def render(adapter: GameAdapter[TableT], table: TableT) -> str:
    """The table as text: :meth:`GameAdapter.headline` and the last three public events."""
    game = adapter.game
    seen = game.view(adapter.state_of(table), None)
    last = game.view_events(seen)[-3:]
    return "\n".join([adapter.headline(table), *(game.describe(event) for event in last)])


_UNSET: Any = object()
_CHANCES: Any = object()  # the key of the dealer's outcomes in Position.remember
_BYTES: Any = object()  # the key of the float32 tensors in Position.remember
#: Whether each adapter class has the fast paths ByteObservations and RecallBytes.
_BYTE_PARTS: dict[type, tuple[bool, bool]] = {}


class Position(Generic[TableT]):
    """A table and what the adapters ask of it, each worked out once, when first asked.

    Nothing here changes the table; a new move makes a new position.
    """

    __slots__ = ("_kept", "_legal", "_over", "_seat", "adapter", "table")

    def __init__(
        self, adapter: GameAdapter[TableT], table: TableT, seat: int | None = _UNSET
    ) -> None:
        """A position of ``table``; ``seat`` is the seat to act there, when the caller knows it."""
        self.adapter = adapter
        self.table = table
        self._seat: int | None = seat
        self._over: bool | None = None
        self._legal: Sequence[int] | None = None
        self._kept: dict[object, Any] | None = None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        over = self._over
        if over is None:
            over = self._over = is_over(self.adapter, self.table)
        return over

    @property
    def seat(self) -> int | None:
        """The seat to act, or ``None`` while the dealer acts or once the game is over."""
        seat = self._seat
        if seat is _UNSET:
            seat = self._seat = self.adapter.seat(self.table)
        return seat

    @property
    def legal(self) -> Sequence[int]:
        """The legal catalogue entries of the seat to act, ascending."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.adapter.legal(self.table)
        return legal

    def remember(self, key: object, make: Callable[[], Any]) -> Any:
        """``make()``, made once per position and ``key`` (a seat's observation, a mask)."""
        kept = self._kept
        if kept is None:
            kept = self._kept = {}
        found = kept.get(key, _UNSET)
        if found is _UNSET:
            found = kept[key] = make()
        return found

    def observation(self, seat: int) -> list[float]:
        """``seat``'s observation vector (do not change it)."""
        result: list[float] = self.remember(seat, self._observe_seat(seat))
        return result

    def _observe_seat(self, seat: int) -> Callable[[], list[float]]:
        return lambda: self.adapter.observe(self.table, seat)

    def tensor_bytes(self, seat: int, recall: bool) -> bytes | None:
        """``seat``'s observation vector as float32 bytes, then its recall fields when
        ``recall`` (the information state tensor), made once per position; ``None`` for
        no seat of the game, or when the game's adapter has no such fast path.

        The fast path is two optional parts of a :class:`GameAdapter`:
        :class:`~millions_rules.adapters.ByteObservations`, :meth:`~GameAdapter.observe`
        as float32 bytes, and, for a game with :meth:`~GameAdapter.recall_fields`,
        :class:`~millions_rules.adapters.RecallBytes`, those fields as
        :meth:`~GameAdapter.recall` writes them, as float32 bytes. The tests check both against the reference
        methods over random games.
        """
        kept = self._kept
        if kept is not None:
            found = kept.get((_BYTES, recall, seat))
            if found is not None:
                result: bytes = found
                return result
        adapter = self.adapter
        game = adapter.game
        if not 0 <= seat < game.players_of(game.config_of(adapter.state_of(self.table))):
            return None
        return self.seat_bytes(seat, recall)

    def seat_bytes(self, seat: int, recall: bool) -> bytes | None:
        """:meth:`tensor_bytes` for a seat the caller knows to be one of the game's (an
        environment's agent): the same bytes, without looking up the number of seats."""
        kept = self._kept
        key = (_BYTES, recall, seat)
        if kept is not None:
            found = kept.get(key)
            if found is not None:
                result: bytes = found
                return result
        adapter = self.adapter
        parts = _BYTE_PARTS.get(adapter.__class__)
        if parts is None:
            parts = _BYTE_PARTS[adapter.__class__] = (
                has_part(adapter, ByteObservations),
                has_part(adapter, RecallBytes),
            )
        if not parts[0]:
            return None
        table = self.table
        made: bytes = cast(ByteObservations, adapter).observe_bytes(table, seat)
        if recall and parts[1]:  # with recall fields: recall_bytes too
            made += cast(RecallBytes, adapter).recall_bytes(table, seat)
        if kept is None:
            kept = self._kept = {}
        kept[key] = made
        return made

    def information(self, seat: int) -> str:
        """``seat``'s information state string, made once per position (see
        :func:`_information`)."""
        result: str = self.remember(
            ("information", seat),
            lambda: _information(self.adapter, self.table, seat, self._vector(seat)),
        )
        return result

    def _vector(self, seat: int) -> list[float]:
        """``seat``'s observation vector, from the float32 fast path when the adapter has it."""
        made = self.tensor_bytes(seat, False)
        return self.observation(seat) if made is None else array("f", made).tolist()

    def after(self, index: int) -> Self:
        """The position after the seat to act plays catalogue entry ``index`` (of the same
        class as this one).

        Raises:
            ConfigError: If ``index`` is not an entry of the catalogue.
            IllegalActionError: If the entry is not legal now; nothing changes.
        """
        adapter = self.adapter
        table = self.table
        move = adapter.move(table, index)
        legal = self._legal
        if legal is None:
            legal = self.legal
        if len(legal) > 8:  # ascending: found by bisection
            at = bisect_left(legal, index)
            listed = at < len(legal) and legal[at] == index
        else:
            listed = index in legal
        if listed:  # legal by the game's own listings: played without checks
            return self.__class__(adapter, adapter.play_listed(table, move))
        return self.__class__(adapter, adapter.play(table, move))

    @property
    def chances(self) -> tuple[tuple[int, float], ...]:
        """The dealer's outcomes now, with their probabilities; none unless the dealer acts."""
        chances: tuple[tuple[int, float], ...] = self.remember(_CHANCES, self._chance_outcomes)
        return chances

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        if self.seat is not None or self.over:
            return ()
        return tuple(self.adapter.chance_outcomes(self.table))

    def after_chance(self, outcome: int) -> Self:
        """The position after the dealer's ``outcome`` (of the same class as this one).

        Raises:
            ConfigError: If ``outcome`` stands for no move of the dealer's.
            IllegalActionError: If it is not legal now (the dealer may not act, or not
                so); nothing changes.
        """
        adapter = self.adapter
        table = self.table
        kept = self._kept
        listed = None if kept is None else kept.get(_CHANCES)
        if listed and type(outcome) is int:  # listed already, at a chance node: legal
            for known, _ in listed:
                if known == outcome:
                    move = adapter.chance_move(table, outcome)
                    return self.__class__(adapter, adapter.play_listed(table, move))
        return self.__class__(adapter, adapter.play(table, adapter.chance_move(table, outcome)))


def adapter_of(game: object) -> GameAdapter[Any]:
    """The adapter parts of the registered game named ``game``.

    The game's own (its companion :attr:`~millions_rules.games.Companions.adapter`), or
    else the generic default (:class:`~millions_rules.adapters.GenericAdapter`) made from
    its :attr:`~millions_rules.games.Companions.action_catalogue`, one per game.

    Raises:
        ConfigError: If no such game is registered, or it has neither.
    """
    if not isinstance(game, str):
        raise ConfigError(f"game must be the name of a registered game, not {game!r}")
    found = get_game(game)
    own: GameAdapter[Any] | None = found.companions.adapter
    if own is not None:
        return own
    from ._generic import generic_adapter

    return generic_adapter(found)


def variant(adapter: GameAdapter[Any], options: Mapping[str, Any]) -> GameAdapter[Any]:
    """The adapter parts for the turn ``options`` (or a saved table's counters).

    A game whose turn structure has variants gives them with the optional part
    :class:`~millions_rules.adapters.Variants` (Millions: ``negotiation=True``, deals and claims in the action space); for
    any other game, ``adapter`` itself.

    Raises:
        ConfigError: If an option of the variants makes no sense.
    """
    return cast(Variants, adapter).variant(options) if has_part(adapter, Variants) else adapter


def check_reward(adapter: GameAdapter[Any], reward: object) -> str:
    """``reward`` if ``adapter``'s game takes it (``"cash"`` is Millions' ``"score"``).

    Raises:
        ConfigError: If it does not.
    """
    if reward not in adapter.rewards:
        names = " or ".join(repr(name) for name in adapter.rewards)
        raise ConfigError(f"reward must be {names}, not {reward!r}")
    return str(reward)


class GameSeeds:
    """The seeds of an environment's games, one per ``reset``: the same seed gives the same
    game, and without one, games follow each other from the last seed given (or from the
    operating system's randomness when none was ever given)."""

    def __init__(self) -> None:
        self._generator = seed_state(0)
        self._seeded = False

    def next(self, seed: object = None) -> int:
        """The next game's seed, after ``seed`` (an ``int`` or ``None``) reseeded the stream.

        Raises:
            ConfigError: If ``seed`` is neither an integer nor ``None``.
        """
        if seed is not None:
            if isinstance(seed, bool) or not hasattr(seed, "__index__"):
                raise ConfigError(f"seed must be an integer or None, not {type(seed).__name__}")
            self._generator = seed_state(seed.__index__() % (1 << 64))
            self._seeded = True
        elif not self._seeded:
            self._generator = seed_state(secrets.randbits(64))
            self._seeded = True
        high, self._generator = draw_below(self._generator, 1 << 32)
        low, self._generator = draw_below(self._generator, 1 << 32)
        return (high << 32) | low
