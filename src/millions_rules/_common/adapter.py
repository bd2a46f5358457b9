"""The adapters' contract: what the PettingZoo environment and the OpenSpiel game need of a game.

The adapters (:mod:`millions_rules.adapters.pettingzoo`, :mod:`millions_rules.adapters.openspiel`)
are written once, against :class:`GameAdapter`. A game ships its own as the companion
:attr:`~millions_rules.games.Companions.adapter`; a game without one gets the generic
default (:class:`millions_rules.adapters.GenericAdapter`) from its
:attr:`~millions_rules.games.Companions.action_catalogue`. What differs between games, and
nothing else:

* its turn structure (a *table*: Millions plays the free-form negotiation in turns at a
  :class:`~millions_rules.adapters.Table`; for the others the table is the state);
* its fixed action catalogue and the legal entries of the seat to act;
* its observation vector, built from the seat's view and the public turn only, with its
  size, and the information state's extra fields with their shapes;
* its chance: the dealer's outcomes with their probabilities;
* its parameters, its saved form and its resampling for search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "ByteObservations",
    "GameAdapter",
    "RecallBytes",
    "Resampling",
    "SeatBatch",
    "SeatBatches",
    "SeatDocuments",
    "TensorLists",
    "TensorMemo",
    "Variants",
    "ViewEncoding",
    "has_part",
]

TableT = TypeVar("TableT")


class GameAdapter(Protocol[TableT]):
    """A game's parts for the AI adapters (see the module text); ``TableT`` is its table.

    The rest (the end, rewards, documents, resampling) comes from the game's
    :class:`~millions_rules.games.Game`.
    """

    game: Any
    """The game (a :class:`~millions_rules.games.Game`) these parts belong to."""
    default_players: int
    """The player count when none is given."""
    rewards: tuple[str, ...]
    """The reward names the game takes (``"win"``, then the name of its score)."""
    parameters: Mapping[str, Any]
    """The OpenSpiel parameters with their defaults (``players`` and ``reward`` included)."""
    turn_options: tuple[str, ...]
    """The options of the turn structure (not of the game's config), such as ``free_moves``."""

    def options(self, given: Mapping[str, Any], *, external: bool) -> dict[str, Any]:
        """The config options for ``given`` (words made the config's values, defaults added,
        and who deals: with ``external``, OpenSpiel's chance nodes deal, if the game has a
        dealer; otherwise the engine draws from the seed ``reset`` gives).

        Raises:
            ConfigError: If an option makes no sense.
        """
        ...

    def start(self, config: Any, options: Mapping[str, Any]) -> TableT:
        """The first table of a game, with the turn structure's ``options``."""
        ...

    def state_of(self, table: TableT) -> Any:
        """The game state at ``table``."""
        ...

    def with_state(self, table: TableT, state: Any) -> TableT:
        """``table`` with another state of the same moment (a resampled world)."""
        ...

    def seat(self, table: TableT) -> int | None:
        """The seat to act, or ``None`` while the dealer acts or once the game is over."""
        ...

    def score_range(self, config: Any) -> tuple[float, float]:
        """The least and the most a seat's score can be."""
        ...

    def catalogue_names(self, config: Any) -> tuple[str, ...]:
        """A short name for each entry of the action catalogue."""
        ...

    def legal(self, table: TableT) -> Sequence[int]:
        """The catalogue entries the seat to act may play, ascending (a tuple when it is
        kept and shared: a list returned is the caller's)."""
        ...

    def play_listed(self, table: TableT, move: Any) -> TableT:
        """The table after ``move``, known to be legal at this very table.

        :meth:`play` without the checks, for the move of an entry of :meth:`legal` or a
        dealer's outcome of :meth:`chance_outcomes`.
        """
        ...

    def move(self, table: TableT, index: int) -> Any:
        """The move of the seat to act that catalogue entry ``index`` stands for.

        Raises:
            ConfigError: If ``index`` is not an entry of the catalogue.
        """
        ...

    def play(self, table: TableT, move: Any) -> TableT:
        """The table after ``move``.

        Raises:
            IllegalActionError: If the move is illegal; nothing changes.
        """
        ...

    def observation_size(self, config: Any) -> int:
        """The length of the observation vector in a game of ``config``."""
        ...

    def observation_high(self, config: Any) -> float:
        """An upper bound of every number in the observation vector."""
        ...

    def observe(self, table: TableT, seat: int) -> list[float]:
        """``seat``'s observation vector, from its view and the public turn."""
        ...

    def summary(self, table: TableT, seat: int) -> str:
        """A one-line summary of ``seat``'s view and the public turn."""
        ...

    def turn_document(self, table: TableT) -> dict[str, Any]:
        """The public turn as a JSON object (empty when the view holds it all)."""
        ...

    def recall_fields(self, config: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The information state tensor's fields after the observation vector, each with
        its shape (empty: the observation is all a seat recalls)."""
        ...

    def log_of(self, table: TableT, seat: int) -> tuple[Any, Callable[[Any], bool]]:
        """The game's event log as the state stores it, and the test of the events
        ``seat`` may see."""
        ...

    def recall(self, table: TableT, seat: int, out: dict[str, Any]) -> None:
        """Add ``seat``'s :meth:`recall_fields` to the (zeroed) arrays of ``out``."""
        ...

    def chance_outcomes(self, table: TableT) -> list[tuple[int, float]]:
        """The dealer's outcomes now, with their probabilities (they add up to 1)."""
        ...

    def chance_move(self, table: TableT, outcome: int) -> Any:
        """The dealer's move for ``outcome``.

        Raises:
            ConfigError: If ``outcome`` can stand for no move of the dealer's at this
                kind of chance node (a move that is not legal now is refused by
                :meth:`play`, with :class:`~millions_rules.IllegalActionError`).
        """
        ...

    def chance_name(self, table: TableT, outcome: int) -> str:
        """A short name for the dealer's ``outcome``."""
        ...

    def max_chance_outcomes(self, config: Any) -> int:
        """The most outcomes a chance node has."""
        ...

    def max_moves(self, config: Any, options: Mapping[str, Any]) -> int:
        """An upper bound of the moves of a game, the dealer's included."""
        ...

    def counters(self, table: TableT) -> dict[str, Any]:
        """The turn structure's counters as JSON values (empty if it has none)."""
        ...

    def table_of(self, state: Any, document: dict[str, Any]) -> TableT:
        """The table of ``state`` with the counters of ``document`` (:meth:`counters`).

        Raises:
            DeserializationError: If the counters are missing or wrong.
        """
        ...

    def same_options(self, table: TableT, options: Mapping[str, Any]) -> str | None:
        """The path of the counter that a game with ``options`` would not have, or ``None``."""
        ...

    def headline(self, table: TableT) -> str:
        """The first line of the text rendering: round, phase, standing, turn."""
        ...


@runtime_checkable
class ViewEncoding(Protocol):
    """A game's observation of a seat's *view*, and the catalogue index of an action.

    What the adapters that run the game as :func:`~millions_rules.bots.play_game` does (the
    Gymnasium environment, :mod:`millions_rules.adapters.gymnasium`, and a trained policy
    seated as a bot) need beyond :class:`GameAdapter`: there, no turn structure stands
    between the seats and the game, and a bot holds its view, never the state. Each game's
    own adapter and the generic default provide it.
    """

    def view_observation_size(self, config: Any) -> int:
        """The length of :meth:`observe_view`'s vector in a game of ``config``."""
        ...

    def observe_view(self, seen: Any) -> list[float]:
        """The observation vector of the seat whose view ``seen`` is, from the view alone."""
        ...

    def action_index(self, config: Any, action: Any) -> int | None:
        """The catalogue entry of ``action`` (any seat's), or ``None`` if it has none."""
        ...


# --- Optional parts: a game's adapter may have any of them (each a Protocol, checked with
# has_part); the generic adapter has none.


@runtime_checkable
class SeatDocuments(Protocol):
    """An adapter's optional part: what only one seat knows of the turns, added to its
    information state document (Millions with ``negotiation=True``: which of the seat's
    waits were private moves)."""

    def seat_document(self, table: Any, seat: int) -> dict[str, Any]:
        """The fields only ``seat`` knows of the turns at ``table``."""
        ...


@runtime_checkable
class Resampling(Protocol):
    """An adapter's optional part: the table of a resampled world made by the adapter
    itself (Millions with ``negotiation=True`` forgets the other seats' private moves);
    without it the world's table is :meth:`GameAdapter.with_state`."""

    def resampled(self, table: Any, state: Any, seat: int) -> Any:
        """A table ``seat`` cannot tell from ``table``, around the sampled ``state``."""
        ...


@runtime_checkable
class ByteObservations(Protocol):
    """An adapter's optional fast path: :meth:`GameAdapter.observe` as float32 bytes."""

    def observe_bytes(self, table: Any, seat: int) -> bytes:
        """``seat``'s observation vector as float32 bytes (the same numbers as ``observe``)."""
        ...


class TensorMemo:
    """The observation lists of one trajectory, for an adapter's :class:`TensorLists`
    (Millions' adapter has one).

    The adapter's ``tensor_into`` keeps in ``lists`` what it needs to write only the
    blocks that changed since its last call; :meth:`fork` gives a second trajectory's memo
    at once: the two share the lists until one of them writes them, which it copies first
    (``owned`` says whether this memo may write them in place).
    """

    __slots__ = ("into", "lists", "owned")

    def __init__(self, into: Any = None) -> None:
        """An empty memo; ``into`` is the function its owner makes tensors with (an
        adapter's ``tensor_into``, taking the table, the seat, whether to add the recall
        fields and this memo), kept here for the owner's use."""
        self.into: Any = into
        self.lists: Any = None
        self.owned = False

    def fork(self) -> TensorMemo:
        """A memo with the same lists, copied when either memo first writes them."""
        made = TensorMemo(self.into)
        made.lists = self.lists
        self.owned = False
        return made


@runtime_checkable
class TensorLists(Protocol):
    """An adapter's optional fast path for OpenSpiel's tensors: a seat's observation (and
    recall fields) as a new list of floats, written from a :class:`TensorMemo` kept for the
    trajectory, in which only the blocks whose sources changed are written again."""

    def tensor_into(
        self, table: Any, seat: int, recall: bool, memo: TensorMemo
    ) -> list[float] | None:
        """``seat``'s tensor at ``table`` (``None`` where this fast path does not apply)."""
        ...


@runtime_checkable
class RecallBytes(Protocol):
    """An adapter's optional fast path beside :class:`ByteObservations`: the recall fields
    (:meth:`GameAdapter.recall`) as float32 bytes, in their order."""

    def recall_bytes(self, table: Any, seat: int) -> bytes:
        """``seat``'s recall fields as float32 bytes."""
        ...


@runtime_checkable
class Variants(Protocol):
    """An adapter's optional part: variants of its turn structure chosen by options
    (Millions: ``negotiation=True``, deals and claims in the action space)."""

    def variant(self, options: Mapping[str, Any]) -> GameAdapter[Any]:
        """The adapter of the variant ``options`` choose (itself for the plain one).

        Raises:
            ConfigError: If an option of the variants makes no sense.
        """
        ...


@runtime_checkable
class SeatBatches(Protocol):
    """An adapter's optional part: many games of one config stepped at once in arrays,
    each with one seat played from outside and :class:`~millions_rules.bots.RandomBot` s
    in the others (Millions with four to eight players).

    :class:`~millions_rules.adapters.gymnasium.SeatVectorEnv` steps such a batch instead of
    one :class:`~millions_rules.bots.Match` per game when the game has this part and every
    opponent is a RandomBot, with the same results (the batch draws from the same
    generators in the same order).
    """

    def seat_batch(self, config: Any, count: int) -> SeatBatch | None:
        """A batch of ``count`` games of ``config``, or ``None`` if ``config`` has none."""
        ...


class SeatBatch(Protocol):
    """What :meth:`SeatBatches.seat_batch` makes: ``count`` games, each with its outside
    seat, stepped together (Millions': :class:`~millions_rules.millions._batch.MillionsBatch`)."""

    count: int
    """The number of games."""
    size: int
    """The observation vector's length (:meth:`ViewEncoding.view_observation_size`)."""

    def start(
        self,
        index: int,
        seed: int,
        seat: int,
        rngs: list[random.Random],
        pay_per_mille: Sequence[int],
    ) -> None:
        """Deal game ``index`` with ``seed``, its outside seat ``seat``, each seat's bot
        generator and chance out of 1000 of paying."""
        ...

    def play(self, games: Any, entries: Any) -> None:
        """Play catalogue entry ``entries[i]`` for the outside seat of game ``games[i]``
        (each legal), then every game's bots up to its outside seat's turn or its end."""
        ...

    def ended(self) -> Any:
        """Whether each game is over (booleans)."""
        ...

    def rewards(self, games: Any, reward: str) -> Any:
        """The outside seat's reward in each of ``games`` (ended): ``"win"``, or the game's score (Millions: ``"cash"``)."""
        ...

    def observe(self, out: Any) -> None:
        """Write each game's observation of its outside seat into ``out``."""
        ...

    def masks(self, out: Any) -> None:
        """Write each game's mask of catalogue entries into ``out``."""
        ...


_PARTS: dict[tuple[type, type], bool] = {}


def has_part(adapter: object, part: type) -> bool:
    """Whether ``adapter`` has the optional ``part`` (one of the protocols above), read once
    per adapter class: an adapter's parts are its class's methods."""
    key = (type(adapter), part)
    found = _PARTS.get(key)
    if found is None:
        found = _PARTS[key] = issubclass(key[0], part)
    return found
