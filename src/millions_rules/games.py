"""The games of the library behind one interface, and how to find them.

Each game provides a :class:`Game` (see :mod:`millions_rules.kit` for the contract and the
helpers a game author needs): the bot runner and simulator, the search bot, the web table,
the AI adapters and the command line are written once against it. :data:`GAMES` lists the
games by name; :func:`get_game` finds one by name and :func:`game_of` by one of its objects.

Two games ship; any other is **registered**, in one of two ways:

* installed: a distribution declares an entry point in the group ``millions_rules.games``
  (:data:`ENTRY_POINT_GROUP`) naming its :class:`Game` object, as in ``pyproject.toml``::

      [project.entry-points."millions_rules.games"]
      goofspiel = "goofspiel_game:GAME"

  Entry points are read lazily, the first time the registry is asked for the games (so a
  game's module may import ``millions_rules``), and again in every process that asks: the
  simulator's ``--jobs`` workers and Ray workers find the same games. An entry point that
  fails to load, or names something that is no :class:`Game`, is left out with a
  :class:`RuntimeWarning` naming it (see :func:`entry_point_problems`); the others load;
* in process: :func:`register` (a game made at run time, a test's game).

>>> from millions_rules.games import GAMES, get_game
>>> sorted(name for name in GAMES if name in ("millions", "torraku"))
['millions', 'torraku']
>>> game = get_game("torraku")
>>> state = game.new_game(game.config(2, seed=1))
>>> game.apply(state, game.legal_actions(state)[0]).version
1
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator, Mapping
from importlib import metadata
from typing import Any, Final, TypeAlias

from ._common.errors import ConfigError
from ._common.game import Chance, Companions, Game, Pacing, Page, PageTracker, SeatWords
from .millions.companions import GAME as MILLIONS
from .torraku.companions import GAME as TORRAKU

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAMES",
    "AnyGame",
    "Chance",
    "Companions",
    "Game",
    "GameRegistryError",
    "Pacing",
    "Page",
    "PageTracker",
    "SeatWords",
    "entry_point_problems",
    "game_of",
    "get_game",
    "register",
]

#: A game whatever its types, as the layers written once for every game hold one.
AnyGame: TypeAlias = Game[Any, Any, Any, Any]

#: The entry point group in which a distribution names its games, each a :class:`Game`.
ENTRY_POINT_GROUP: Final = "millions_rules.games"


class GameRegistryError(ConfigError):
    """A game cannot be registered; the registry is left as it was.

    Attributes:
        code: ``"duplicate_name"`` (a game of that name is registered), ``"not_a_game"``
            (the object lacks a member of :class:`Game`) or ``"broken_entry_point"`` (an
            installed entry point failed to load; reported as a warning, see
            :func:`entry_point_problems`).
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.code))


_lock = threading.RLock()
_games: dict[str, AnyGame] = {MILLIONS.name: MILLIONS, TORRAKU.name: TORRAKU}
_by_type: dict[type, AnyGame] = {
    kind: game
    for game in (MILLIONS, TORRAKU)
    for kind in (game.config_type, game.state_type, game.view_type)
}
_problems: list[GameRegistryError] = []
_discovered = False


def _check(game: object) -> AnyGame:
    if not isinstance(game, Game):
        raise GameRegistryError(
            f"{type(game).__name__} is no Game: it lacks a member of millions_rules.games.Game",
            "not_a_game",
        )
    name = game.name
    if type(name) is not str or not name.isidentifier() or not name.islower():
        raise GameRegistryError(
            f"a game's name must be a lowercase identifier, not {name!r}", "not_a_game"
        )
    return game


def _add(game: object) -> AnyGame:
    checked = _check(game)
    known = _games.get(checked.name)
    if known is not None and known is not checked:
        raise GameRegistryError(
            f"a game named {checked.name!r} is already registered", "duplicate_name"
        )
    _games[checked.name] = checked
    for kind in (checked.config_type, checked.state_type, checked.view_type):
        _by_type.setdefault(kind, checked)
    return checked


def _discover() -> None:
    """Load the installed entry points once in this process (each failure is a warning)."""
    global _discovered
    if _discovered:
        return
    with _lock:
        if _discovered:
            return
        _discovered = True  # an entry point that imports the registry sees what is there
        for entry in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=_entry_key):
            try:
                loaded = entry.load()
                _add(loaded)
            except Exception as error:  # a broken game must not stop the others
                code = error.code if isinstance(error, GameRegistryError) else "broken_entry_point"
                problem = GameRegistryError(
                    f"the game entry point {entry.name} = {entry.value} was left out: "
                    f"{type(error).__name__}: {error}",
                    code,
                )
                _problems.append(problem)
                warnings.warn(str(problem), RuntimeWarning, stacklevel=3)


def _entry_key(entry: metadata.EntryPoint) -> tuple[str, str]:
    return (entry.name, entry.value)


def register(game: Game[Any, Any, Any, Any]) -> AnyGame:
    """Register ``game`` in this process, by its :attr:`Game.name`; return it.

    Registering the same object twice is allowed (nothing changes). Other processes (the
    simulator's ``--jobs`` workers) do not see a game registered here: install it with an
    entry point for that.

    Raises:
        GameRegistryError: If ``game`` is no :class:`Game` (code ``not_a_game``) or another
            game has its name (``duplicate_name``); the registry is unchanged.

    >>> from millions_rules.games import register, get_game
    >>> register(get_game("torraku")) is get_game("torraku")
    True
    >>> register(object())
    Traceback (most recent call last):
    ...
    millions_rules.games.GameRegistryError: object is no Game: it lacks a member of millions_rules.games.Game
    """
    _discover()
    with _lock:
        return _add(game)


def entry_point_problems() -> tuple[GameRegistryError, ...]:
    """The installed entry points that were left out, each with why (empty: none)."""
    _discover()
    return tuple(_problems)


class _Registry(Mapping[str, AnyGame]):
    """A read-only view of the registered games, by name (entry points read on first use)."""

    def __getitem__(self, name: str) -> AnyGame:
        _discover()
        return _games[name]

    def __iter__(self) -> Iterator[str]:
        _discover()
        return iter(list(_games))

    def __len__(self) -> int:
        _discover()
        return len(_games)

    def __contains__(self, name: object) -> bool:
        _discover()
        return name in _games

    def __repr__(self) -> str:
        return f"GAMES({sorted(self)!r})"


#: Every registered game, by :attr:`Game.name`: a read-only mapping that sees games
#: registered later (the two built-in games first, then the entry points, then
#: :func:`register`).
GAMES: Final[Mapping[str, AnyGame]] = _Registry()


def get_game(name: str) -> AnyGame:
    """The registered game called ``name`` (``"millions"``, ``"torraku"``, ...).

    Raises:
        ConfigError: If no game has that name.

    >>> from millions_rules.games import get_game
    >>> get_game("millions").title
    'Millions of Dollars'
    """
    game = GAMES.get(name) if type(name) is str else None
    if game is None:
        raise ConfigError(f"unknown game {name!r}: choose one of {', '.join(sorted(GAMES))}")
    return game


def game_of(value: object) -> AnyGame:
    """The game a config, state or view belongs to.

    Raises:
        ConfigError: If ``value`` is none of any game's configs, states or views.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.games import game_of
    >>> game_of(GameConfig(4, seed=1)).name
    'millions'
    """
    _discover()
    kind = type(value)
    game = _by_type.get(kind)
    if game is not None:
        return game
    raise ConfigError(f"{kind.__name__} is no config, state or view of a game")
