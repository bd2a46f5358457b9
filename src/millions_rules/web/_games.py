"""What the server needs of a game, for both games of the library.

The server is written once for every game: it creates, applies, views, narrates, saves
and loads through these objects, and stores only what they write (a saved record and the
actions as JSON). Each object is a thin face over one game's public functions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, Final, Protocol

from .._common.dealer import Dealer

__all__ = ["GAME_NAMES", "WebGame", "game_named", "game_of"]

#: The games a server hosts, by their stable names.
GAME_NAMES: Final = ("millions", "torraku")


class WebGame(Protocol):
    """One game as the server sees it (see :mod:`millions_rules.web._games`)."""

    name: str
    player_counts: range

    def config(self, players: int, seed: int | None, options: dict[str, Any]) -> Any:
        """A config for ``players`` (a secret seed when ``seed`` is ``None``), engine-dealt."""
        ...

    def new_game(self, config: Any) -> Any:
        """The first state."""
        ...

    def apply(self, state: Any, action: Any, seat: int | None) -> Any:
        """The state after ``seat``'s ``action`` (the library's errors)."""
        ...

    def parse_action(self, text: str) -> Any:
        """An action read from JSON text (DeserializationError)."""
        ...

    def to_json(self, value: object) -> str:
        """JSON text of a config, action or view."""
        ...

    def view(self, state: Any, seat: int | None, since: int) -> Any:
        """``seat``'s view with the events from ``since`` on."""
        ...

    def legal(self, state: Any, seen: Any, seat: int | None) -> Sequence[Any]:
        """``seat``'s legal actions (none for a spectator), as its view ``seen`` offers them."""
        ...

    def describe(self, item: object, names: Sequence[str], lang: str) -> str:
        """An event narrated or an action labelled."""
        ...

    def save_game(self, state: Any) -> str:
        """The saved record."""
        ...

    def load_game(self, text: str | bytes) -> Any:
        """The state a saved record leads to."""
        ...

    def version(self, state: Any) -> int:
        """How many actions led to ``state``."""
        ...

    def players(self, state: Any) -> int:
        """The number of seats."""
        ...

    def is_over(self, state: Any) -> bool:
        """Whether the game ended."""
        ...

    def ending(self, state: Any, lang: str) -> str | None:
        """Why the game ended, in ``lang``, once it has."""
        ...

    def due(self, state: Any) -> tuple[int, ...]:
        """The seats the game waits for now, in the order the server asks them."""
        ...

    def default_action(self, state: Any, seat: int) -> Any:
        """What the server plays for a seat whose time ran out: its first safe action."""
        ...

    def new_bot(self) -> Any:
        """A fresh bot for one seat."""
        ...

    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> Any:
        """``bot``'s action for ``seat``, chosen from the seat's view only."""
        ...

    def dealer(self, config: Any) -> Dealer:
        """Who deals in ``config``."""
        ...

    def seed(self, config: Any) -> int:
        """The config's seed."""
        ...


class _Millions:
    name = "millions"
    player_counts = range(3, 9)

    def config(self, players: int, seed: int | None, options: dict[str, Any]) -> Any:
        from ..millions._config import GameConfig

        if seed is None:
            return GameConfig(players, **options)
        return GameConfig(players, seed=seed, **options)

    def new_game(self, config: Any) -> Any:
        from ..millions._engine import new_game

        return new_game(config)

    def apply(self, state: Any, action: Any, seat: int | None) -> Any:
        from ..millions._engine import apply

        return apply(state, action, seat=seat)

    def parse_action(self, text: str) -> Any:
        from ..millions._actions import Action
        from ..millions._serialization import from_json

        return from_json(text, Action)

    def to_json(self, value: object) -> str:
        from ..millions._serialization import to_json

        return to_json(value)

    def view(self, state: Any, seat: int | None, since: int) -> Any:
        from ..millions._views import view

        return view(state, seat, since=since)

    def legal(self, state: Any, seen: Any, seat: int | None) -> Sequence[Any]:
        return tuple(seen.legal_actions)

    def describe(self, item: object, names: Sequence[str], lang: str) -> str:
        from ..millions._narrate import describe

        return describe(item, names, locale=lang)  # type: ignore[arg-type]

    def save_game(self, state: Any) -> str:
        from ..millions._records import save_game

        return save_game(state)

    def load_game(self, text: str | bytes) -> Any:
        from ..millions._records import load_game

        return load_game(text)

    def version(self, state: Any) -> int:
        return int(state.version)

    def players(self, state: Any) -> int:
        return int(state.players)

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over)

    def ending(self, state: Any, lang: str) -> str | None:
        from ..millions._events import GameWon
        from ..millions._i18n import win_reason

        last = state.events[-1] if state.events else None
        return win_reason(last.reason, lang) if isinstance(last, GameWon) else None

    def due(self, state: Any) -> tuple[int, ...]:
        return () if state.is_over else tuple(state.awaiting)

    def default_action(self, state: Any, seat: int) -> Any:
        from ..millions._engine import legal_actions

        return legal_actions(state, seat, payments=False)[0]

    def new_bot(self) -> Any:
        from ..bots import RuleBot

        return RuleBot()

    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> Any:
        from ..bots import BotError, action_space
        from ..millions._views import view

        seen = view(state, seat)
        offered = action_space(seen, payments=False)
        action = bot.choose(seen, offered, rng)
        if action not in offered:
            raise BotError(seat, action)
        return action

    def dealer(self, config: Any) -> Dealer:
        return config.dealer  # type: ignore[no-any-return]

    def seed(self, config: Any) -> int:
        return int(config.seed)


class _Torraku:
    name = "torraku"
    player_counts = range(1, 7)

    def config(self, players: int, seed: int | None, options: dict[str, Any]) -> Any:
        from ..torraku import TorrakuConfig

        options = {"dealer": Dealer.ENGINE, **options}
        if seed is None:
            return TorrakuConfig(players, **options)
        return TorrakuConfig(players, seed=seed, **options)

    def new_game(self, config: Any) -> Any:
        from ..torraku import new_game

        return new_game(config)

    def apply(self, state: Any, action: Any, seat: int | None) -> Any:
        from ..torraku import apply

        return apply(state, action, seat=seat)

    def parse_action(self, text: str) -> Any:
        from ..torraku import Action, from_json

        return from_json(text, Action)

    def to_json(self, value: object) -> str:
        from ..torraku import to_json

        return to_json(value)

    def view(self, state: Any, seat: int | None, since: int) -> Any:
        from ..torraku import view

        return view(state, seat)

    def legal(self, state: Any, seen: Any, seat: int | None) -> Sequence[Any]:
        from ..torraku import legal_actions

        return () if seat is None else legal_actions(state, seat)

    def describe(self, item: object, names: Sequence[str], lang: str) -> str:
        from ..torraku import describe

        try:
            return describe(item, names)  # type: ignore[arg-type]
        except Exception:  # an action: the torraku narrator tells events only
            return self.to_json(item)

    def save_game(self, state: Any) -> str:
        from ..torraku import save_game

        return save_game(state)

    def load_game(self, text: str | bytes) -> Any:
        from ..torraku import load_game

        return load_game(text)

    def version(self, state: Any) -> int:
        return int(state.version)

    def players(self, state: Any) -> int:
        return int(state.config.players)

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over)

    def ending(self, state: Any, lang: str) -> str | None:
        if not state.is_over:
            return None
        return json.dumps({"winners": list(state.winners)})

    def due(self, state: Any) -> tuple[int, ...]:
        if state.is_over or state.to_act is None:
            return ()
        return (int(state.to_act),)

    def default_action(self, state: Any, seat: int) -> Any:
        from ..torraku import Pass, legal_actions

        offered = legal_actions(state, seat)
        passes: list[Any] = [action for action in offered if isinstance(action, Pass)]
        return (passes or list(offered))[0]

    def new_bot(self) -> Any:
        from ..bots.torraku import RuleBot

        return RuleBot()

    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> Any:
        from ..torraku import legal_actions, view

        offered = legal_actions(state, seat)
        action = bot.choose(view(state, seat), offered, rng)
        if action not in offered:
            raise ValueError(f"the bot chose an action it was not offered: {action!r}")
        return action

    def dealer(self, config: Any) -> Dealer:
        return config.dealer  # type: ignore[no-any-return]

    def seed(self, config: Any) -> int:
        return int(config.seed)


_GAMES: Final[dict[str, WebGame]] = {"millions": _Millions(), "torraku": _Torraku()}


def game_named(name: str) -> WebGame:
    """The game called ``name`` (``"millions"`` or ``"torraku"``); ``KeyError`` otherwise."""
    return _GAMES[name]


def game_of(value: object) -> WebGame:
    """The game a config or state belongs to."""
    module = type(value).__module__
    return _GAMES["torraku" if ".torraku" in module else "millions"]
