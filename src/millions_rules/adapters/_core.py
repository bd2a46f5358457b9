"""What both adapters need of a game, and the one place they keep it between steps.

The PettingZoo environment and the OpenSpiel game are written once, against
:class:`GameAdapter`: each game of the library provides one (``_millions`` and
``_torraku`` beside this module), with what differs between games and nothing else:

* its turn structure (a *table*: Millions' :class:`~millions_rules.adapters.Table` plays
  the free-form negotiation in turns; Torraku's seat to act is the engine's own);
* its fixed action catalogue and the legal entries of the seat to act;
* its observation vector, built from the seat's view and the public turn only;
* its chance: the external dealer's outcomes with their probabilities;
* its parameters, its saved form and its resampling for search.

A :class:`Position` is one point of a game at a table, with what the adapters ask of
it again and again (who acts, the legal entries, each seat's observation) worked out
once, when first asked: agents and search algorithms ask several times per step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from .._common.errors import ConfigError

__all__ = ["GameAdapter", "Position", "Reward", "adapter_of"]

TableT = TypeVar("TableT")

#: How the adapters reward a seat at the end: ``"win"`` (+1 to each winner, -1 to the
#: others) or ``"score"`` (the game's score: Millions' final cash, minus Torraku's pieces
#: left); ``"cash"`` is Millions' name for its score.
Reward = str


class GameAdapter(Protocol[TableT]):
    """One game as the adapters see it (see the module text)."""

    name: str
    """The game's name in the library: ``"millions"`` or ``"torraku"``."""
    title: str
    """The game's title."""
    env_name: str
    """The PettingZoo environment's name."""
    spiel_name: str
    """The OpenSpiel game's short name."""
    players: range
    """The player counts the adapters allow."""
    default_players: int
    """The player count when none is given."""
    rewards: tuple[str, ...]
    """The reward names the game takes, ``"win"`` first."""
    parameters: Mapping[str, Any]
    """The OpenSpiel parameters with their defaults (``players`` and ``reward`` included)."""
    turn_options: tuple[str, ...]
    """The options of the turn structure (not of the game's config), such as ``free_moves``."""

    def configure(self, players: int, *, external: bool, options: dict[str, Any]) -> Any:
        """The game's config (seed 0) with ``options``; the external dealer if ``external``.

        Raises:
            ConfigError: If an option makes no sense.
        """
        ...

    def start(self, config: Any, options: Mapping[str, Any]) -> TableT:
        """The first table of a game, with the turn structure's ``options``."""
        ...

    def seat(self, table: TableT) -> int | None:
        """The seat to act, or ``None`` while the dealer acts or once the game is over."""
        ...

    def is_over(self, table: TableT) -> bool:
        """Whether the game has ended."""
        ...

    def returns(self, table: TableT, reward: Reward) -> list[float]:
        """Each seat's reward at the end of the game."""
        ...

    def reward_range(self, config: Any, reward: Reward) -> tuple[float, float]:
        """The least and the most a seat's reward can be."""
        ...

    def catalogue_names(self, config: Any) -> tuple[str, ...]:
        """A short name for each entry of the action catalogue."""
        ...

    def legal(self, table: TableT) -> list[int]:
        """The catalogue entries the seat to act may play, ascending."""
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

    def observation_size(self, players: int) -> int:
        """The length of the observation vector."""
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

    def information(self, table: TableT, seat: int) -> str:
        """``seat``'s information state string: its view's JSON and the public turn."""
        ...

    def recall_fields(self, players: int) -> tuple[tuple[str, int], ...]:
        """The information state tensor's fields after the observation vector."""
        ...

    def recall(self, table: TableT, seat: int, out: dict[str, Any]) -> None:
        """Add ``seat``'s :meth:`recall_fields` to the (zeroed) arrays of ``out``."""
        ...

    def chance_outcomes(self, table: TableT) -> list[tuple[int, float]]:
        """The dealer's outcomes now, with their probabilities (they add up to 1)."""
        ...

    def chance_move(self, table: TableT, outcome: int) -> Any:
        """The dealer's move for ``outcome``."""
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

    def to_document(self, table: TableT) -> dict[str, Any]:
        """The table as a JSON object (the game state in the library's JSON, and counters)."""
        ...

    def from_document(self, document: dict[str, Any]) -> TableT:
        """The table of :meth:`to_document`.

        Raises:
            DeserializationError: If the document holds no such table.
        """
        ...

    def same_game(self, table: TableT, config: Any, options: Mapping[str, Any]) -> str | None:
        """Why ``table`` is not a table of the game ``config`` and ``options`` make, or ``None``."""
        ...

    def resample(self, table: TableT, seat: int, seed: int) -> TableT:
        """A table ``seat`` cannot tell from ``table``, the secrets drawn from ``seed``."""
        ...

    def render(self, table: TableT) -> str:
        """The table as text, as a spectator sees it."""
        ...

    def describe(self, table: TableT) -> str:
        """The whole state as one line, for debugging (it shows secrets)."""
        ...


_UNSET: Any = object()


class Position(Generic[TableT]):
    """A table and what the adapters ask of it, each worked out once, when first asked.

    Nothing here changes the table; a new move makes a new position.
    """

    __slots__ = ("_legal", "_observations", "_seat", "adapter", "table")

    def __init__(self, adapter: GameAdapter[TableT], table: TableT) -> None:
        self.adapter = adapter
        self.table = table
        self._seat: int | None = _UNSET
        self._legal: list[int] | None = None
        self._observations: dict[int, Any] | None = None

    @property
    def seat(self) -> int | None:
        """The seat to act, or ``None`` while the dealer acts or once the game is over."""
        seat = self._seat
        if seat is _UNSET:
            seat = self._seat = self.adapter.seat(self.table)
        return seat

    @property
    def legal(self) -> list[int]:
        """The legal catalogue entries of the seat to act, ascending (do not change it)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.adapter.legal(self.table)
        return legal

    def observation(self, seat: int, make: Callable[[list[float]], Any]) -> Any:
        """``make`` of ``seat``'s observation vector, made once per position and seat."""
        kept = self._observations
        if kept is None:
            kept = self._observations = {}
        found = kept.get(seat)
        if found is None:
            found = kept[seat] = make(self.adapter.observe(self.table, seat))
        return found

    def after(self, index: int) -> Position[TableT]:
        """The position after the seat to act plays catalogue entry ``index``.

        Raises:
            ConfigError: If ``index`` is not an entry of the catalogue.
            IllegalActionError: If the entry is not legal now; nothing changes.
        """
        adapter = self.adapter
        table = self.table
        return Position(adapter, adapter.play(table, adapter.move(table, index)))

    def after_chance(self, outcome: int) -> Position[TableT]:
        """The position after the dealer's ``outcome``."""
        adapter = self.adapter
        table = self.table
        return Position(adapter, adapter.play(table, adapter.chance_move(table, outcome)))


def adapter_of(game: object) -> GameAdapter[Any]:
    """The adapter of the game named ``game`` (``"millions"`` or ``"torraku"``).

    Raises:
        ConfigError: If the library has no such game.
    """
    from ._millions import MILLIONS
    from ._torraku import TORRAKU

    found: dict[str, GameAdapter[Any]] = {"millions": MILLIONS, "torraku": TORRAKU}
    try:
        return found[game]  # type: ignore[index]  # any object may be asked
    except (KeyError, TypeError):
        raise ConfigError(f"game must be 'millions' or 'torraku', not {game!r}") from None


def check_reward(adapter: GameAdapter[Any], reward: object) -> str:
    """``reward`` if ``adapter``'s game takes it (``"cash"`` is Millions' ``"score"``).

    Raises:
        ConfigError: If it does not.
    """
    if reward not in adapter.rewards:
        names = " or ".join(repr(name) for name in adapter.rewards)
        raise ConfigError(f"reward must be {names}, not {reward!r}")
    return str(reward)
