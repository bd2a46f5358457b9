"""The game interface: what every game of the library provides to the layers above it.

A game is one object that satisfies :class:`Game`. Everything written once for every game
(the bot runner and simulator, the search bot, the web table, the AI adapters, the command
line) talks to a game through it and nothing else, as OpenSpiel's algorithms talk to its
``Game``/``State`` and boardgame.io's server to its game object. The interface is small on
purpose: the rules stay in each game's own modules, whose functions it names.

Someone adding a third game reads :class:`Game` as a checklist: its own config, state,
action and view types, then each method below, with the same contracts as the two games'
(immutable states, ``seat=`` authorisation, views that never leak a secret, typed errors).
Two small companions cover what a runner of bots needs beyond the rules:

* :class:`Pacing` says which seat a table of bots asks next and what it offers that seat
  (Millions lets players act in any order and pay at will; a runner needs a turn order);
* :class:`Chance` draws what the table would decide when the caller deals (Millions' loot
  deal with :attr:`~millions_rules.Dealer.EXTERNAL`, Torraku's stacking model R-TK-SIM).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from .errors import ConfigError

if TYPE_CHECKING:
    from .errors import IllegalActionError

__all__ = ["Chance", "Game", "Pacing", "config_with_options"]

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
T = TypeVar("T")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Pacing(Protocol[StateT_contra, ViewT_contra, ActionT]):
    """How a table of bots takes turns in one game: who is asked next and what it is offered.

    A pacing is made for one game by :meth:`Game.pacing` and kept by its runner, which calls
    :meth:`next_seat`, :meth:`offered` and, after applying the seat's answer, :meth:`played`.
    It may count what it needs (Millions bounds the payments a seat makes per round).
    """

    def next_seat(self, state: StateT_contra) -> int:
        """The seat to ask now (the game is not over and awaits no dealer)."""
        ...

    def offered(self, state: StateT_contra, seen: ViewT_contra, seat: int) -> tuple[ActionT, ...]:
        """The actions offered to ``seat``, whose view is ``seen``: legal, never empty."""
        ...

    def played(self, state: StateT_contra, seat: int, action: ActionT) -> None:
        """Note that ``seat`` played ``action``, which led to ``state``."""
        ...


class Chance(Protocol[StateT_contra, ActionT_co]):
    """The table's own draws, for games whose caller deals (an external dealer).

    Made by :meth:`Game.chance` from a seed; each :meth:`draw` advances it, so the same seed
    gives the same outcomes.
    """

    def draw(self, state: StateT_contra) -> ActionT_co:
        """The dealer's action now (``state`` awaits the dealer)."""
        ...


class Game(Protocol[ConfigT, StateT, ActionT, ViewT]):
    """One game, as the layers written once for every game see it.

    The type parameters are the game's config, state, action and view types. Every method
    takes the game's own objects and raises its documented errors
    (:class:`~millions_rules.IllegalActionError`, :class:`~millions_rules.ConfigError`,
    :class:`~millions_rules.DeserializationError`, :class:`~millions_rules.LocaleError`).
    """

    @property
    def name(self) -> str:
        """The game's stable name, such as ``"millions"`` or ``"torraku"``."""
        ...

    @property
    def title(self) -> str:
        """The game's title, in English."""
        ...

    @property
    def config_type(self) -> type[ConfigT]:
        """The config class."""
        ...

    @property
    def state_type(self) -> type[StateT]:
        """The state class."""
        ...

    @property
    def view_type(self) -> type[ViewT]:
        """The view class."""
        ...

    @property
    def action_types(self) -> tuple[type[ActionT], ...]:
        """The action classes."""
        ...

    @property
    def player_counts(self) -> range:
        """The numbers of players the game allows."""
        ...

    # --- Config and rules ---------------------------------------------------------------
    def config(self, players: int, *, seed: int = 0, **options: object) -> ConfigT:
        """A config for ``players`` with the game's own ``options`` (its config's fields).

        Raises:
            ConfigError: If a value is out of range or an option unknown.
        """
        ...

    def new_game(self, config: ConfigT) -> StateT:
        """The first state of a game."""
        ...

    def apply(self, state: StateT, action: ActionT, *, seat: int | None = None) -> StateT:
        """The state after ``action``, checked as ``seat``'s own action if given."""
        ...

    def check(
        self, state: StateT, action: object, *, seat: int | None = None
    ) -> IllegalActionError | None:
        """Why ``action`` is illegal in ``state`` (as ``seat``), or ``None`` if it is legal."""
        ...

    def legal_actions(self, state: StateT, seat: int | None = None) -> tuple[ActionT, ...]:
        """The legal actions of ``seat`` (``None``: of every seat and the dealer)."""
        ...

    def replay(self, config: ConfigT, actions: Sequence[ActionT]) -> StateT:
        """The state ``actions`` lead to from the first state of ``config``."""
        ...

    # --- Who acts, and the end ------------------------------------------------------------
    def version(self, state: StateT) -> int:
        """How many actions led to ``state``."""
        ...

    def actors(self, state: StateT) -> tuple[int, ...]:
        """The seats that may act now, ascending (empty while the dealer acts, or at the end)."""
        ...

    def awaits_dealer(self, state: StateT) -> bool:
        """Whether the game waits for the external dealer (a chance outcome)."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats, ascending (empty until the end; several share a win)."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Each seat's score, higher is better (see each game's definition)."""
        ...

    # --- What a seat may know -------------------------------------------------------------
    def view(self, state: StateT, seat: int | None, *, since: int = 0) -> ViewT:
        """What ``seat`` (``None``: a spectator) may know, with the events from ``since`` on."""
        ...

    def view_version(self, seen: ViewT) -> int:
        """The version of the state a view was made from."""
        ...

    def sample_state(self, seen: ViewT, seed: int) -> StateT:
        """A playable state that ``seen``'s seat cannot tell from the real one (for search)."""
        ...

    # --- Documents and words --------------------------------------------------------------
    def to_json(self, value: object) -> str:
        """The JSON text of any of the game's types."""
        ...

    def from_json(self, text: str | bytes, cls: type[T]) -> T:
        """A value of ``cls`` read from JSON text, checked as the game's readers check it."""
        ...

    def save_game(self, state: StateT, *, tags: Mapping[str, str] | None = None) -> str:
        """The saved record of a game, with ``tags``."""
        ...

    def load_game(self, text: str | bytes) -> StateT:
        """The state a saved record leads to."""
        ...

    def describe(
        self, item: object, names: Sequence[str] | None = None, *, locale: str = "en"
    ) -> str:
        """One event narrated, or one action labelled, in ``locale``."""
        ...

    # --- Tables of bots ---------------------------------------------------------------------
    def pacing(self, state: StateT) -> Pacing[StateT, ViewT, ActionT]:
        """A fresh turn order for a table of bots starting at ``state``."""
        ...

    def chance(self, seed: int) -> Chance[StateT, ActionT]:
        """The table's draws for an external dealer, from ``seed``."""
        ...


def config_with_options(
    config_type: type[ConfigT], title: str, players: int, seed: int, options: Mapping[str, object]
) -> ConfigT:
    """A ``config_type`` (an attrs config class) for ``players`` and ``seed``, its other
    fields from ``options``: what each game's :meth:`Game.config` builds.

    Raises:
        ConfigError: If an option is not a field of ``config_type`` (``title`` names the
            game in the message), or the config refuses a value.
    """
    fields = {field.name for field in attrs.fields(config_type)} - {"players", "seed"}  # type: ignore[arg-type]
    unknown = sorted(set(options) - fields)
    if unknown:
        raise ConfigError(f"unknown option for {title}: {', '.join(unknown)}")
    extra: dict[str, Any] = dict(options)
    return config_type(players, seed=seed, **extra)  # type: ignore[call-arg]
