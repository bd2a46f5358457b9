"""What the server needs of a game, on top of the game interface (:mod:`millions_rules.games`).

The server is written once for every game: it creates, applies, views, narrates, saves and
loads through :class:`~millions_rules.games.Game`, and stores only what the interface
writes (a saved record and actions as JSON). :class:`WebGame` adds the few things a server
decides that the rules do not: who it waits for, what it plays for a seat whose time ran
out, and which bot sits in an empty seat. What a game's own page adds (its widgets, words,
summaries, ending) comes from its page companion (:class:`~millions_rules.games.Page`);
a game without one gets the generic page. No method branches on a game's name: every
registered game is served the same way.
"""

from __future__ import annotations

import enum
import random
import secrets
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from .._common.dealer import Dealer, engine_dealing
from .._common.random_bot import RandomBot
from ..games import GAMES, AnyGame, Page, game_of, get_game

__all__ = [
    "GENERIC_PAGE",
    "WebGame",
    "game_named",
    "game_names",
    "seat_bot",
    "set_seat_bot",
    "web_game_of",
]

#: The bot of empty seats set for this process (``serve --bot``), by game name.
_SEAT_BOTS: dict[str, Callable[[], Any]] = {}


def set_seat_bot(game: str, make: Callable[[], Any] | None) -> None:
    """Seat the bots ``make()`` makes in the empty seats of this process's tables of
    ``game`` (``serve --bot module:Class``); ``None`` goes back to the game's own.

    It holds for tables opened or loaded from then on, and for seats made bots later;
    it is not stored with a table.
    """
    if make is None:
        _SEAT_BOTS.pop(game, None)
    else:
        _SEAT_BOTS[game] = make


def seat_bot(game: str) -> Callable[[], Any] | None:
    """What :func:`set_seat_bot` set for ``game``, or ``None``."""
    return _SEAT_BOTS.get(game)


#: The page of a game that ships none: the labelled legal actions, the view, the log.
GENERIC_PAGE: Final = Page()


def game_names() -> tuple[str, ...]:
    """The games a server hosts, by their stable names: every registered game, sorted."""
    return tuple(sorted(GAMES))


@attrs.frozen
class WebGame:
    """One game as the server sees it: its :class:`~millions_rules.games.Game` and more."""

    game: AnyGame
    """The game's interface."""

    @property
    def name(self) -> str:
        """The game's stable name."""
        return self.game.name

    @property
    def page(self) -> Page:
        """The game's page companion, or :data:`GENERIC_PAGE`."""
        page = self.game.companions.page
        return GENERIC_PAGE if page is None else page

    @property
    def widgets(self) -> str | None:
        """The name of the game's widgets in the page's script; ``None``: the generic page."""
        return self.page.widgets

    @property
    def player_counts(self) -> range:
        """The numbers of players the game allows."""
        return self.game.player_counts

    def config(self, players: int, seed: int | None, options: dict[str, Any]) -> Any:
        """A config for ``players``: a secret seed when ``seed`` is ``None``, and the engine
        dealing unless ``options`` say otherwise (a web table has nobody to deal).

        Raises:
            ConfigError: For values out of range or unknown options.
        """
        options = engine_dealing(self.game.config_type, options)
        chosen = secrets.randbits(64) if seed is None else seed
        return self.game.config(players, seed=chosen, **self._choices(options))

    def _choices(self, options: dict[str, Any]) -> dict[str, Any]:
        # A choice sent as JSON text ("external", "forbidden") is its enum's member.
        options = dict(options)
        for field in attrs.fields(self.game.config_type):
            value = options.get(field.name)
            kind = field.type
            if isinstance(kind, type) and issubclass(kind, enum.Enum) and isinstance(value, str):
                options[field.name] = kind(value)  # ValueError: no such choice
        return options

    def config_again(self, config: Any, seed: int | None, options: dict[str, Any]) -> Any:
        """The config of a new game after one of ``config``: the same options but those
        ``options`` change, a new seed (secret when ``seed`` is ``None``), as many players.

        Raises:
            ConfigError: For values out of range; ``ValueError`` for unknown options.
        """
        if "players" in options:
            raise ValueError("a new game at a table keeps its seats: no players option")
        fields = {field.name for field in attrs.fields(self.game.config_type)}
        unknown = set(options) - fields
        if unknown:
            raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
        chosen = secrets.randbits(64) if seed is None else seed
        return attrs.evolve(config, seed=chosen, **self._choices(options))

    @property
    def options(self) -> list[dict[str, Any]]:
        """The game's own options a host may set when making a table (the lobby's form):
        each scalar field of its config but the players, the seed, who deals (companion
        mode) and who starts, as ``name``, ``kind`` (``"bool"``, ``"int"``, ``"float"``,
        ``"choice"``), ``default`` (JSON) and, for a choice, its ``choices``; a field that
        may be ``null`` has ``"optional": true``."""
        found: list[dict[str, Any]] = []
        skipped = {"players", "seed", "dealer", "first_leader", "first_player"}
        for field in attrs.fields(self.game.config_type):
            if field.name in skipped or isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                continue
            kind, optional = field.type, False
            if isinstance(kind, str) and kind.endswith("| None"):
                kind, optional = kind.removesuffix("| None").strip(), True
            elif typing.get_origin(kind) in (typing.Union, types.UnionType):
                args = [a for a in typing.get_args(kind) if a is not type(None)]
                kind, optional = (args[0] if len(args) == 1 else None), True
            default = field.default
            entry: dict[str, Any]
            if kind is bool or kind == "bool":
                entry = {"kind": "bool", "default": default}
            elif kind is int or kind == "int":
                entry = {"kind": "int", "default": default}
            elif kind is float or kind == "float":
                entry = {"kind": "float", "default": default}
            elif isinstance(kind, type) and issubclass(kind, enum.Enum):
                entry = {
                    "kind": "choice",
                    "default": default.value if isinstance(default, enum.Enum) else default,
                    "choices": [member.value for member in kind],
                }
            else:
                continue
            entry = {"name": field.name, **entry}
            if optional:
                entry["optional"] = True
            found.append(entry)
        return found

    def option_values(self, config: Any) -> list[dict[str, Any]]:
        """:attr:`options` with each ``default`` the value ``config`` holds (what a new game
        after it keeps unless the host changes it)."""
        found = []
        fields = attrs.asdict(config, recurse=False)  # a config is an attrs class (docs/games)
        for option in self.options:
            value = fields[option["name"]]
            found.append(
                {**option, "default": value.value if isinstance(value, enum.Enum) else value}
            )
        return found

    def parse_action(self, text: str) -> Any:
        """An action of any of the game's action types, read from JSON text.

        Raises:
            DeserializationError: If the text is no action of this game.
        """
        union: Any = typing.Union[tuple(self.game.action_types)]  # noqa: UP007
        return self.game.from_json(text, union)

    def players(self, state: Any) -> int:
        """The number of seats."""
        return len(self.game.scores(state))

    def legal(self, state: Any, seen: Any, seat: int | None) -> Sequence[Any]:
        """The actions a seat's page offers: its page companion's
        :attr:`~millions_rules.games.Page.offered` (Millions lists no payment: they are made
        with an amount the page asks for), else the game's legal actions for the seat."""
        if seat is None:
            return ()
        offered = self.page.offered
        if offered is None:
            return tuple(self.game.legal_actions(state, seat))
        return tuple(offered(state, seen, seat))

    def ending(self, state: Any, lang: str) -> str | None:
        """Why the game ended, in ``lang``, once it has: the page companion's
        :attr:`~millions_rules.games.Page.ending` of the last public event (Millions names
        the reason; ``None`` for a game that names none)."""
        if not self.game.is_over(state):
            return None
        events = self.game.view_events(self.game.view(state, None))
        return self.page.ending(events[-1], lang) if events else None

    def winners(self, state: Any) -> list[int] | None:
        """The winning seats once the game is over (:meth:`~millions_rules.games.Game.winners`),
        else ``None``."""
        return list(self.game.winners(state)) if self.game.is_over(state) else None

    def extras(self, state: Any) -> dict[str, Any]:
        """What an update adds for the game's widgets (:attr:`~millions_rules.games.Page.extras`:
        Millions' ``summary`` and ``target``); nothing for the generic page."""
        return dict(self.page.extras(state))

    def seat_extras(self, seen: Any, names: Sequence[str], lang: str) -> dict[str, Any]:
        """What an update adds for one seat from its view
        (:attr:`~millions_rules.games.Page.seat_extras`: Millions' ``offer_lines``)."""
        return dict(self.page.seat_extras(seen, names, lang))

    def due(self, state: Any) -> tuple[int, ...]:
        """The seats the game waits for: its page companion's
        :attr:`~millions_rules.games.Page.due` (Millions' awaited seats, who may all act at
        once), else :meth:`~millions_rules.games.Game.actors` (Torraku's seat to act, the
        seats yet to bid in a simultaneous game).

        At a Torraku companion table the stacker reports its own attempt (R-TK-STACK-7),
        so the stacker is due then; nobody is due while a Millions dealer would deal (a
        table never hosts one)."""
        if self.game.is_over(state):
            return ()
        due = self.page.due
        if self.game.awaits_dealer(state) or due is None:
            return tuple(self.game.actors(state))
        return tuple(due(state))

    def round_of(self, state: Any) -> object:
        """The state's round, for the limit of actions per seat and round
        (:attr:`~millions_rules.games.Page.round_of`)."""
        return self.page.round_of(state)

    def default_action(self, state: Any, seat: int) -> Any:
        """The first action the game's pacing offers ``seat``: a listed action, never a
        payment (for Millions the first Choose in planning, Stay in negotiation, the first
        role named by a lone Snitch; for Torraku a Pass when the seat may pass, else its
        first bet). A game without a bot plays it; the clock picks among
        :meth:`default_actions` instead."""
        return self.default_actions(state, seat)[0]

    def default_actions(self, state: Any, seat: int) -> tuple[Any, ...]:
        """The actions the clock may play for a seat whose time ran out: those of the kind
        the game's pacing offers first (every Choose in Millions' planning, Stay in
        negotiation, every name for a lone Snitch; a Pass in Torraku, or its bets when it
        may not pass), never a payment."""
        seen = self.game.view(state, seat)
        offered = self.game.pacing(state).offered(state, seen, seat)
        kind = type(offered[0])
        return tuple(action for action in offered if type(action) is kind)

    def new_bot(self) -> Any:
        """A fresh bot for a seat: the one the server was started with (``serve --bot``,
        :func:`set_seat_bot`), else the page's (:attr:`~millions_rules.games.Page.bot`), else
        the game's own (its companions' :attr:`~millions_rules.games.Companions.rule_bot`),
        else a :class:`~millions_rules.bots.RandomBot`."""
        make = _SEAT_BOTS.get(self.name) or self.page.bot or self.game.companions.rule_bot
        return RandomBot() if make is None else make()

    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> Any:
        """``bot``'s action for ``seat``, chosen from the seat's view only; a Millions bot
        is offered no payments, and makes its own offers and talk (the classes of its
        ``free_actions``), which the engine checks as any action. A bot's own stacking attempt
        at a Torraku companion table is drawn from the dexterity model (R-TK-SIM).

        Raises:
            BotError: If the bot answers with an action it was not offered (a ``ValueError``).
        """
        if self.game.awaits_dealer(state):
            # A bot's own stacking attempt at a companion table: nobody stacks for it, so
            # its outcome is drawn from the dexterity model (R-TK-SIM), seeded by its generator.
            action: Any = self.game.chance(rng.getrandbits(63)).draw(state)
            return action
        seen = self.game.view(state, seat)
        choose = self.page.bot_offered
        offered: Sequence[Any] = (
            self.game.pacing(state).offered(state, seen, seat)
            if choose is None
            else choose(state, seen, seat)
        )
        if bot is None:
            return offered[0]
        from ..bots import offered_action

        answer = bot.choose(seen, offered, rng)
        free = getattr(bot, "free_actions", ())
        if type(answer) in free and type(answer) in self.game.action_types:
            return answer  # built by the bot (an offer, talk): the engine checks it
        return offered_action(answer, offered, seat)

    def public_version(self, state: Any) -> int:
        """The count of actions every seat may know, which a table checks a seat's action
        against: the page companion's :attr:`~millions_rules.games.Page.rule_version`
        (Millions' rule actions: no talk, no offer), else :meth:`version`."""
        count = self.page.rule_version
        return self.game.version(state) if count is None else count(state)

    def talking(self, state: Any) -> bool:
        """Whether bots leave people time to talk now (:attr:`~millions_rules.games.Page.talking`)."""
        return not self.game.is_over(state) and self.page.talking(state)

    def pressed(self, state: Any) -> tuple[int, ...]:
        """The seats pressed to decide (:attr:`~millions_rules.games.Page.pressed`)."""
        return tuple(self.page.pressed(state))

    def dealer(self, config: Any) -> Dealer:
        """Who deals in ``config`` (its ``dealer`` field, when its game has one)."""
        fields = {field.name: field for field in attrs.fields(self.game.config_type)}
        dealer = config.dealer if "dealer" in fields else Dealer.ENGINE
        return dealer if isinstance(dealer, Dealer) else Dealer.ENGINE

    def seed(self, config: Any) -> int:
        """The config's seed."""
        return self.game.seed_of(config)

    # The interface's own methods, passed through.

    def new_game(self, config: Any) -> Any:
        """The first state."""
        return self.game.new_game(config)

    def config_of(self, value: Any) -> Any:
        """The config a state or a view was made from."""
        return self.game.config_of(value)

    def apply(self, state: Any, action: Any, seat: int | None) -> Any:
        """The state after ``seat``'s ``action``."""
        return self.game.apply(state, action, seat=seat)

    def view(self, state: Any, seat: int | None, since: int = 0) -> Any:
        """``seat``'s view with the events from ``since`` on."""
        return self.game.view(state, seat, since=since)

    def version(self, state: Any) -> int:
        """How many actions led to ``state``."""
        return self.game.version(state)

    def is_over(self, state: Any) -> bool:
        """Whether the game ended."""
        return self.game.is_over(state)

    def to_json(self, value: object) -> str:
        """JSON text of a config, action, event or view."""
        return self.game.to_json(value)

    def narrate(self, events: Sequence[object], names: Sequence[str], lang: str) -> list[str]:
        """The events narrated in ``lang``, one line each: the page companion's
        :attr:`~millions_rules.games.Page.narrate` (Millions' lines say what only the events
        around them show, the Mastermind's 2M), else :meth:`describe` of each."""
        tell = self.page.narrate
        if tell is not None:
            try:
                return list(tell(events, names, lang))
            except (TypeError, ValueError):  # an event it cannot tell: each one alone
                pass
        return [self.describe(event, names, lang) for event in events]

    def describe(self, item: object, names: Sequence[str], lang: str) -> str:
        """An event narrated or an action labelled, in ``lang``; in English when the game
        does not speak ``lang`` yet; as its JSON when the game does not label it at all."""
        label = self.page.describe
        for locale in (lang, "en"):
            try:
                if label is not None:  # a table's names are all its seats
                    return label(item, names, locale)
                return self.game.describe(item, names, locale=locale)
            except (TypeError, ValueError):  # the library's errors are ValueErrors
                continue
        return self.to_json(item)

    def save_game(self, state: Any) -> str:
        """The saved record."""
        return self.game.save_game(state)

    def load_game(self, text: str | bytes) -> Any:
        """The state a saved record leads to."""
        return self.game.load_game(text)


def game_named(name: str) -> WebGame:
    """The game called ``name``.

    Raises:
        ConfigError: If no game has that name.
    """
    return WebGame(get_game(name))


def web_game_of(value: object) -> WebGame:
    """The game a config or state belongs to."""
    return WebGame(game_of(value))
