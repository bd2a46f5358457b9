"""The games of the library behind one interface, and how to find them.

Each game provides a :class:`Game` (see :mod:`millions_rules._common.game` for the
contract): the bot runner and simulator, the search bot, the web table, the AI adapters and
the command line are written once against it. :data:`GAMES` lists them by name;
:func:`get_game` finds one by name and :func:`game_of` by one of its objects.

>>> from millions_rules.games import GAMES, get_game
>>> sorted(GAMES)
['millions', 'torraku']
>>> game = get_game("torraku")
>>> state = game.new_game(game.config(2, seed=1))
>>> game.apply(state, game.legal_actions(state)[0]).version
1
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, TypeAlias

from ._common.errors import ConfigError
from ._common.game import Chance, Game, Pacing
from .millions._game import GAME as MILLIONS
from .torraku._game import GAME as TORRAKU

__all__ = ["GAMES", "AnyGame", "Chance", "Game", "Pacing", "game_of", "get_game"]

#: A game whatever its types, as the layers written once for every game hold one.
AnyGame: TypeAlias = Game[Any, Any, Any, Any]

#: Every game, by :attr:`Game.name`.
GAMES: Final[Mapping[str, AnyGame]] = MappingProxyType(
    {MILLIONS.name: MILLIONS, TORRAKU.name: TORRAKU}
)


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (``"millions"`` or ``"torraku"``).

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
    kind = type(value)
    for game in GAMES.values():
        if kind in (game.config_type, game.state_type, game.view_type):
            return game
    raise ConfigError(f"{kind.__name__} is no config, state or view of a game")
