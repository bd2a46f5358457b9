"""What the server needs of a game, on top of the game interface (:mod:`millions_rules.games`).

The server is written once for every game: it creates, applies, views, narrates, saves and
loads through :class:`~millions_rules.games.Game`, and stores only what the interface
writes (a saved record and actions as JSON). :class:`WebGame` adds the few things a server
decides that the rules do not: who it waits for, what it plays for a seat whose time ran
out, and which bot sits in an empty seat.
"""

from __future__ import annotations

import random
import secrets
import typing
from collections.abc import Sequence
from typing import Any, Final

import attrs

from .._common.dealer import Dealer
from ..games import GAMES, AnyGame, game_of, get_game

__all__ = ["GAME_NAMES", "WebGame", "game_named", "web_game_of"]

#: The games a server hosts, by their stable names.
GAME_NAMES: Final = tuple(sorted(GAMES))


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
    def player_counts(self) -> range:
        """The numbers of players the game allows."""
        return self.game.player_counts

    def config(self, players: int, seed: int | None, options: dict[str, Any]) -> Any:
        """A config for ``players``: a secret seed when ``seed`` is ``None``, and the engine
        dealing unless ``options`` say otherwise (a web table has nobody to deal).

        Raises:
            ConfigError: For values out of range or unknown options.
        """
        options = dict(options)
        fields = {field.name for field in attrs.fields(self.game.config_type)}
        if "dealer" in fields:
            options.setdefault("dealer", Dealer.ENGINE)
        chosen = secrets.randbits(64) if seed is None else seed
        return self.game.config(players, seed=chosen, **options)

    def parse_action(self, text: str) -> Any:
        """An action of any of the game's action types, read from JSON text.

        Raises:
            DeserializationError: If the text is no action of this game.
        """
        union: Any = typing.Union[tuple(self.game.action_types)]  # noqa: UP007
        return self.game.from_json(text, union)

    def players(self, state: Any) -> int:
        """The number of seats."""
        return int(state.config.players)

    def legal(self, state: Any, seen: Any, seat: int | None) -> Sequence[Any]:
        """The actions a seat's page offers: its view's legal actions (payments are made
        with an amount the page asks for, so Millions lists none)."""
        if seat is None:
            return ()
        listed = getattr(seen, "legal_actions", None)
        return tuple(self.game.legal_actions(state, seat) if listed is None else listed)

    def ending(self, state: Any, lang: str) -> str | None:
        """Why the game ended, in ``lang``, once it has (Millions names the reason)."""
        if not self.game.is_over(state):
            return None
        events = getattr(state, "events", ())
        reason = getattr(events[-1], "reason", None) if events else None
        if self.name == "millions" and reason is not None:
            from ..millions._i18n import win_reason

            return win_reason(reason, lang)
        return None

    def due(self, state: Any) -> tuple[int, ...]:
        """The seats the game waits for, in the order the server asks them: Millions'
        awaited seats (all may act at once), or the seat the game's pacing asks next.

        At a Torraku companion table the stacker reports its own attempt (R-TK-STACK-7),
        so the stacker is due then; nobody is due while a Millions dealer would deal (a
        table never hosts one)."""
        if self.game.is_over(state):
            return ()
        if self.game.awaits_dealer(state):
            return self.game.actors(state)
        awaiting = getattr(state, "awaiting", None)
        if isinstance(awaiting, tuple):
            return awaiting
        return (self.game.pacing(state).next_seat(state),)

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
        """A fresh bot for a seat: the game's :class:`RuleBot` (``None`` for a game without
        one, whose seats then play :meth:`default_action`)."""
        if self.name == "millions":
            from ..bots import RuleBot

            return RuleBot()
        if self.name == "torraku":
            from ..bots.torraku import RuleBot as TorrakuRuleBot

            return TorrakuRuleBot()
        return None  # pragma: no cover

    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> Any:
        """``bot``'s action for ``seat``, chosen from the seat's view only; a Millions bot
        is offered no payments (it makes no deals with people). A bot's own stacking attempt
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
        if self.name == "millions":
            from ..bots import action_space

            offered: Sequence[Any] = action_space(seen, payments=False)
        else:
            offered = self.game.pacing(state).offered(state, seen, seat)
        if bot is None:
            return offered[0]
        from ..bots import offered_action

        return offered_action(bot.choose(seen, offered, rng), offered, seat)

    def dealer(self, config: Any) -> Dealer:
        """Who deals in ``config``."""
        dealer = getattr(config, "dealer", Dealer.ENGINE)
        return dealer if isinstance(dealer, Dealer) else Dealer.ENGINE

    def seed(self, config: Any) -> int:
        """The config's seed."""
        return int(config.seed)

    # The interface's own methods, passed through.

    def new_game(self, config: Any) -> Any:
        """The first state."""
        return self.game.new_game(config)

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
        """The events narrated in ``lang``, one line each; Millions' lines say what only the
        events around them show (:func:`~millions_rules.narrate`: the Mastermind's 2M)."""
        if self.name == "millions":
            from .. import narrate

            try:
                return narrate(list(events), names, locale=lang, players=len(names))  # type: ignore[arg-type]
            except (TypeError, ValueError):  # an event it cannot tell: each one alone
                pass
        return [self.describe(event, names, lang) for event in events]

    def describe(self, item: object, names: Sequence[str], lang: str) -> str:
        """An event narrated or an action labelled, in ``lang``; in English when the game
        does not speak ``lang`` yet; as its JSON when the game does not label it at all."""
        for locale in (lang, "en"):
            try:
                if self.name == "millions":  # a table's names are all its seats
                    from .. import describe

                    return describe(item, names, locale=locale, players=len(names))  # type: ignore[arg-type]
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
