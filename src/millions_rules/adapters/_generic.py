"""The adapters' generic default, for a game that ships no :class:`GameAdapter` of its own.

A game gets it by naming every action it can ever offer: its companion
:attr:`~millions_rules.games.Companions.action_catalogue`. What it gives, exactly:

* **the table** is the game's state; the seat to act is the lowest of
  :meth:`~millions_rules.games.Game.actors` (so a simultaneous move is asked seat by seat,
  each seat seeing only its own view), and nobody while the dealer acts or once the game
  is over;
* **actions** are the indices of the catalogue; the action mask is the seat's
  :meth:`~millions_rules.games.Game.legal_actions`, looked up in it;
* **chance** (OpenSpiel): if the game's config takes ``dealer=Dealer.EXTERNAL``, each
  wait for the dealer is a chance node whose outcomes are the catalogue indices of
  :meth:`~millions_rules.games.Game.chance_outcomes`, with their probabilities; in
  PettingZoo (or without a dealer option) the engine draws from the seed;
* **the observation** is the seat's view in the game's JSON
  (:meth:`~millions_rules.games.Game.to_json` of :meth:`~millions_rules.games.Game.view`),
  its UTF-8 bytes each divided by 255, the first :data:`OBSERVATION_SIZE` of them,
  padded with zeros: a fixed size, no hashing, nothing the view does not show (a longer
  view is cut at the end); the observation string is that JSON itself;
* **perfect recall**: the information state string holds the seat's visible events
  (:meth:`~millions_rules.games.Game.view_events`) and the observation; no recall fields;
* **rewards**: ``"win"`` only (+1 to each winner, -1 to the others);
* **parameters**: ``players`` (the fewest the game allows) and ``reward``; the game's
  own options are passed on to :meth:`~millions_rules.games.Game.config` by PettingZoo's
  ``env`` (keyword arguments);
* **game length**: the companion :attr:`~millions_rules.games.Companions.max_moves`, or
  :data:`DEFAULT_MAX_MOVES`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final

from .._common.dealer import Dealer
from .._common.errors import ConfigError
from ..games import AnyGame

__all__ = ["DEFAULT_MAX_MOVES", "OBSERVATION_SIZE", "GenericAdapter", "generic_adapter"]

#: The generic observation's length: the first bytes of the seat's view JSON.
OBSERVATION_SIZE: Final = 2048
#: The generic bound of a game's length when the game names none.
DEFAULT_MAX_MOVES: Final = 10_000


class GenericAdapter:
    """The generic :class:`~millions_rules.adapters.GameAdapter` (see the module text).

    Raises:
        ConfigError: If the game has no action catalogue.
    """

    default_players: int
    """The fewest players the game allows."""
    rewards: tuple[str, ...] = ("win",)
    """Only ``"win"``: the generic adapter knows no range of the game's scores."""
    turn_options: tuple[str, ...] = ()
    """None: the table is the game's state."""

    def __init__(self, game: AnyGame) -> None:
        """The generic adapter of ``game``."""
        companions = game.companions
        catalogue = companions.action_catalogue
        if catalogue is None:
            raise ConfigError(
                f"{game.title} has no adapters: it ships neither an adapter nor an action catalogue"
            )
        self.game = game
        self._catalogue: Callable[[Any], Sequence[Any]] = catalogue
        self._max_moves = companions.max_moves
        self._indices: dict[Any, tuple[tuple[Any, ...], dict[Hashable, int]]] = {}
        self.default_players = game.player_counts[0]
        self.parameters: Mapping[str, Any] = {"players": self.default_players, "reward": "win"}
        """The OpenSpiel parameters with their defaults."""
        try:
            game.config(self.default_players, seed=0, dealer=Dealer.EXTERNAL)
        except ConfigError:
            self._dealer = False
        else:
            self._dealer = True

    def _listing(self, config: Any) -> tuple[tuple[Any, ...], dict[Hashable, int]]:
        """The catalogue of ``config`` and each action's index, made once per config."""
        found = self._indices.get(config)
        if found is None:
            actions = tuple(self._catalogue(config))
            index: dict[Hashable, int] = {}
            for number, action in enumerate(actions):
                index.setdefault(action, number)
            found = self._indices[config] = (actions, index)
        return found

    def options(self, given: Mapping[str, Any], *, external: bool) -> dict[str, Any]:
        """``given``, with the external dealer when ``external`` and the game has one."""
        options = dict(given)
        if self._dealer:
            options["dealer"] = Dealer.EXTERNAL if external else Dealer.ENGINE
        return options

    def start(self, config: Any, options: Mapping[str, Any]) -> Any:
        """The game's first state."""
        return self.game.new_game(config)

    def state_of(self, table: Any) -> Any:
        """``table`` itself: the table is the state."""
        return table

    def with_state(self, table: Any, state: Any) -> Any:
        """``state`` itself."""
        return state

    def seat(self, table: Any) -> int | None:
        """The lowest seat that may act, or ``None`` (the dealer, or the end)."""
        game = self.game
        if game.is_over(table) or game.awaits_dealer(table):
            return None
        actors = game.actors(table)
        return min(actors) if actors else None

    def score_range(self, config: Any) -> tuple[float, float]:
        """Unused: the generic adapter rewards wins only."""
        return (-1.0, 1.0)

    def catalogue_names(self, config: Any) -> tuple[str, ...]:
        """Each catalogue entry in the game's JSON."""
        return tuple(self.game.to_json(action) for action in self._listing(config)[0])

    def _index(self, config: Any, action: Any) -> int:
        found = self._listing(config)[1].get(action)
        if found is None:
            raise ConfigError(
                f"{self.game.title} offered an action missing from its catalogue: "
                f"{self.game.to_json(action)}"
            )
        return found

    def legal(self, table: Any) -> list[int]:
        """The catalogue indices of the seat to act's legal actions, ascending."""
        seat = self.seat(table)
        if seat is None:
            return []
        config = self.game.config_of(table)
        return sorted({self._index(config, a) for a in self.game.legal_actions(table, seat)})

    def play_listed(self, table: Any, move: Any) -> Any:
        """The state after ``move`` (the game checks it all the same)."""
        return self.game.apply(table, move)

    def move(self, table: Any, index: int) -> Any:
        """The catalogue's action ``index``.

        Raises:
            ConfigError: If ``index`` is not an entry of the catalogue.
        """
        actions = self._listing(self.game.config_of(table))[0]
        if type(index) is not int or not 0 <= index < len(actions):
            raise ConfigError(f"action must be an int from 0 to {len(actions) - 1}, not {index!r}")
        return actions[index]

    def play(self, table: Any, move: Any) -> Any:
        """The state after ``move``.

        Raises:
            IllegalActionError: If it is illegal; nothing changes.
        """
        return self.game.apply(table, move)

    def observation_size(self, config: Any) -> int:
        """:data:`OBSERVATION_SIZE`, for any config."""
        return OBSERVATION_SIZE

    def observation_high(self, config: Any) -> float:
        """1: each number is a byte divided by 255."""
        return 1.0

    def observe(self, table: Any, seat: int) -> list[float]:
        """The first :data:`OBSERVATION_SIZE` bytes of ``seat``'s view JSON, over 255."""
        data = self.game.to_json(self.game.view(table, seat)).encode()[:OBSERVATION_SIZE]
        return [byte / 255.0 for byte in data] + [0.0] * (OBSERVATION_SIZE - len(data))

    def view_observation_size(self, config: Any) -> int:
        """:data:`OBSERVATION_SIZE`, for any config."""
        return OBSERVATION_SIZE

    def observe_view(self, seen: Any) -> list[float]:
        """The first :data:`OBSERVATION_SIZE` bytes of the view's JSON, over 255 (as
        :meth:`observe`)."""
        data = self.game.to_json(seen).encode()[:OBSERVATION_SIZE]
        return [byte / 255.0 for byte in data] + [0.0] * (OBSERVATION_SIZE - len(data))

    def action_index(self, config: Any, action: Any) -> int | None:
        """The catalogue index of ``action``, or ``None``."""
        try:
            return self._listing(config)[1].get(action)
        except TypeError:  # an action that cannot be hashed
            return None

    def summary(self, table: Any, seat: int) -> str:
        """``seat``'s view in the game's JSON."""
        return self.game.to_json(self.game.view(table, seat))

    def turn_document(self, table: Any) -> dict[str, Any]:
        """Empty: the view holds it all."""
        return {}

    def recall_fields(self, config: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """None: the observation is all the tensor holds."""
        return ()

    def log_of(self, table: Any, seat: int) -> tuple[Any, Callable[[Any], bool]]:
        """The events of ``seat``'s view, all kept."""
        game = self.game
        return game.view_events(game.view(table, seat)), _keep_all

    def recall(self, table: Any, seat: int, out: dict[str, Any]) -> None:
        """Nothing: there are no recall fields."""

    def chance_outcomes(self, table: Any) -> list[tuple[int, float]]:
        """The catalogue indices of the dealer's outcomes, with their probabilities."""
        config = self.game.config_of(table)
        return sorted(
            (self._index(config, action), float(p))
            for action, p in self.game.chance_outcomes(table)
        )

    def chance_move(self, table: Any, outcome: int) -> Any:
        """The catalogue's action ``outcome``.

        Raises:
            ConfigError: If ``outcome`` is not an entry of the catalogue.
        """
        return self.move(table, outcome)

    def chance_name(self, table: Any, outcome: int) -> str:
        """The outcome's action in the game's JSON."""
        return self.game.to_json(self.move(table, outcome))

    def max_chance_outcomes(self, config: Any) -> int:
        """The catalogue's length."""
        return len(self._listing(config)[0])

    def max_moves(self, config: Any, options: Mapping[str, Any]) -> int:
        """The game's :attr:`~millions_rules.games.Companions.max_moves`, or
        :data:`DEFAULT_MAX_MOVES`."""
        return DEFAULT_MAX_MOVES if self._max_moves is None else self._max_moves(config)

    def counters(self, table: Any) -> dict[str, Any]:
        """None: the state is the whole table."""
        return {}

    def table_of(self, state: Any, document: dict[str, Any]) -> Any:
        """``state`` itself."""
        return state

    def same_options(self, table: Any, options: Mapping[str, Any]) -> str | None:
        """``None``: there are no turn options."""
        return None

    def headline(self, table: Any) -> str:
        """The game's title, its version and whether it is over."""
        game = self.game
        end = ", over" if game.is_over(table) else ""
        return f"{game.title}: move {game.version(table)}{end}"


def _keep_all(event: object) -> bool:
    return True


_ADAPTERS: dict[str, GenericAdapter] = {}


def generic_adapter(game: AnyGame) -> GenericAdapter:
    """The one :class:`GenericAdapter` of ``game`` in this process.

    Raises:
        ConfigError: If the game has no action catalogue.
    """
    found = _ADAPTERS.get(game.name)
    if found is None or found.game is not game:
        found = _ADAPTERS[game.name] = GenericAdapter(game)
    return found
