""":func:`play_game`: one game of any game between bots, each seeing only its own seat's view.

Written once against the game interface (:mod:`millions_rules.games`): the game's
:meth:`~millions_rules.games.Game.pacing` says whom to ask and what to offer, its
:meth:`~millions_rules.games.Game.chance` deals when the config leaves dealing to the caller.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, overload

from .._common.errors import ConfigError
from ..games import GAMES, AnyGame, game_of
from ..millions import GameConfig, GameState
from ..millions.companions import MAX_EXTRA_ACTIONS
from ._protocol import AnyBot, Bot, offered_action

__all__ = ["MAX_EXTRA_ACTIONS", "Match", "config_game", "play_game", "seat_rng"]


def seat_rng(seed: int, seat: int | str) -> random.Random:
    """The generator :func:`play_game` gives the bot in ``seat`` (``"dealer"``: the dealer's).

    Seeding from a string is the same on every platform and Python version.

    >>> seat_rng(7, 0).random() == seat_rng(7, 0).random() != seat_rng(7, 1).random()
    True
    """
    return random.Random(f"millions-bots:{seed}:{seat}")


def config_game(config: object) -> AnyGame:
    """The game whose config ``config`` is.

    Raises:
        ConfigError: If ``config`` is no game's config (a state or a view is not one either).

    >>> from millions_rules.torraku import TorrakuConfig
    >>> config_game(TorrakuConfig(2)).name
    'torraku'
    """
    try:
        game = game_of(config)
    except ConfigError:
        game = None
    if game is None or type(config) is not game.config_type:
        kinds = ", ".join(g.config_type.__name__ for g in GAMES.values())
        raise ConfigError(
            f"play_game needs the config of a registered game ({kinds}), "
            f"not {type(config).__name__}"
        )
    return game


@overload
def play_game(config: GameConfig, bots: Sequence[Bot], *, seed: int | None = None) -> GameState: ...
@overload
def play_game(config: object, bots: Sequence[AnyBot], *, seed: int | None = None) -> Any: ...
def play_game(config: Any, bots: Sequence[Any], *, seed: int | None = None) -> Any:
    """Play one game between ``bots``, one per seat; return the final state.

    The game is the one ``config`` belongs to (:func:`~millions_rules.games.game_of`): any
    registered game of :data:`~millions_rules.games.GAMES`. Each time a seat must act, the runner asks the
    game's :meth:`~millions_rules.games.Game.pacing` which seat it is and what to offer it,
    builds that seat's :meth:`~millions_rules.games.Game.view` and asks the seat's bot; it
    applies the answer with ``seat=`` so the engine checks that it is that seat's own action.
    The bot never receives the state. A bot whose ``free_actions`` attribute names some of
    the game's action classes may also answer with an action of those classes that it built
    itself (Millions' offers and talk are unbounded, so they are never offered, see
    :class:`~millions_rules.bots.RuleBot`); the engine checks it as any action. When the game awaits the dealer (an external dealer:
    Millions' loot deal, Torraku's stacking reports), the game's
    :meth:`~millions_rules.games.Game.chance`, seeded from ``seed``, draws it.

    In *Millions of Dollars* the seats the engine awaits act in turn, clockwise from the
    leader: in planning each chooses (secretly, R-PLAN-2); in negotiation each may use
    threat cards and pay (at most :data:`MAX_EXTRA_ACTIONS` such actions a round) before it
    stays or leaves, so a later seat sees the earlier decisions (R-NEG-1); the offer is
    :func:`~millions_rules.bots.action_space`. In *Currency Torraku* the seat to act is asked
    with its legal actions; stacking outcomes come from the model R-TK-SIM (the engine's, or
    the table's with ``Dealer.EXTERNAL``).

    The function is typed for Millions, and for any other game's config with a final state
    of type ``Any``; :func:`millions_rules.bots.torraku.play_game` is the same function
    typed for Torraku.

    Args:
        config: The game's configuration (any game, any variant).
        bots: One bot per seat (an object with a ``choose`` method: a
            :class:`~millions_rules.bots.Bot`, or a :class:`~millions_rules.bots.torraku.Bot`);
            the same object may sit twice.
        seed: Seeds each bot's generator (see :func:`seat_rng`) and the external dealer;
            ``None`` uses ``config.seed``. The same config, bots and seed give the same game.

    Returns:
        The final state (its ``winners`` are set).

    Raises:
        ConfigError: If ``config`` is no game's config, ``bots`` is not a sequence of one
            object with a ``choose`` method per seat, ``seed`` is not an int >= 0 or
            ``None``, or a Torraku game without ``round_limit`` passes
            :data:`~millions_rules.bots.torraku.MAX_ROUNDS` rounds.
        BotError: If a bot answers with an action it was not offered (of another class, or
            equal to none) and not of one of its ``free_actions``.
        IllegalActionError: If a bot's own action of its ``free_actions`` is illegal.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import RandomBot, RuleBot, play_game
    >>> final = play_game(GameConfig(4, seed=7), [RuleBot(), RandomBot(), RandomBot(), RandomBot()])
    >>> final.is_over
    True
    >>> from millions_rules.torraku import TorrakuConfig
    >>> play_game(TorrakuConfig(2, seed=7, round_limit=20), [RandomBot(), RandomBot()]).winners
    (0,)
    """
    return _play(config, bots, seed)


def _play(config: Any, bots: Sequence[AnyBot], seed: int | None) -> Any:
    """:func:`play_game` for a config of any game."""
    match = Match(config, bots, seed=seed)
    for index, bot in enumerate(match._bots):
        if bot is None:
            raise ConfigError(f"bots[{index}] has no choose method: None is not a Bot")
    match.advance()  # every seat is a bot's: plays to the end
    return match.state


class Match:
    """One game run as :func:`play_game` runs it, step by step, with seats played from outside.

    The runner's own loop in a stepping form: :meth:`advance` plays the dealer and the
    bots' turns, in :func:`play_game`'s order (the game's
    :meth:`~millions_rules.games.Game.pacing`, its
    :meth:`~millions_rules.games.Game.chance` seeded from ``seed``, each bot with its
    :func:`seat_rng`), until a seat whose bot is ``None`` must act; that seat's view and
    the actions it is offered are then its ``view`` and ``offered``, and
    :meth:`answer` plays its answer. A seat's turns come exactly when
    :func:`play_game` would ask a bot in that seat, so a policy behaves alike in both
    (the Gymnasium environment, :mod:`millions_rules.adapters.gymnasium`, is one).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import RandomBot
    >>> match = Match(GameConfig(4, seed=7), [None, RandomBot(), RandomBot(), RandomBot()])
    >>> match.advance(), type(match.offered[0]).__name__
    (0, 'Choose')
    >>> match.answer(match.offered[0])
    >>> while match.advance() is not None:
    ...     match.answer(match.offered[-1])
    >>> match.state.is_over
    True

    Args:
        config: The game's configuration (any registered game).
        bots: One entry per seat: a bot, or ``None`` for a seat played from outside.
        seed: As :func:`play_game`'s.

    Raises:
        ConfigError: As :func:`play_game` (a ``None`` seat is allowed here).
    """

    __slots__ = ("_bots", "_chance", "_pacing", "_rngs", "game", "offered", "seat", "state", "view")

    def __init__(
        self, config: Any, bots: Sequence[AnyBot | None], *, seed: int | None = None
    ) -> None:
        game = config_game(config)
        players = game.players_of(config)
        if not isinstance(bots, Sequence) or isinstance(bots, (str, bytes)):
            raise ConfigError(f"bots must be a sequence of bots, not {type(bots).__name__}")
        if len(bots) != players:
            raise ConfigError(f"play_game needs one bot per seat ({players}), not {len(bots)}")
        for index, bot in enumerate(bots):
            if bot is not None and not callable(getattr(bot, "choose", None)):
                raise ConfigError(f"bots[{index}] has no choose method: {bot!r} is not a Bot")
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ConfigError(f"seed must be an int >= 0 or None, not {seed!r}")
        base = game.seed_of(config) if seed is None else seed
        self.game: AnyGame = game
        """The game."""
        self._bots = tuple(bots)
        self._rngs = [seat_rng(base, seat) for seat in range(players)]
        self._chance = game.chance(base)
        self.state: Any = game.new_game(config)
        """The game now."""
        self._pacing = game.pacing(self.state)
        self.seat: int | None = None
        """The seat played from outside that must act now (after :meth:`advance`), else ``None``."""
        self.view: Any = None
        """That seat's view (``None`` when no such seat must act)."""
        self.offered: tuple[Any, ...] = ()
        """The actions that seat is offered (empty when none must act)."""

    def advance(self) -> int | None:
        """Play until a seat played from outside must act; that seat, or ``None`` at the end.

        Raises:
            BotError: If a bot answers with an action it was not offered.
            IllegalActionError: If a bot's own action of its ``free_actions`` is illegal.
            ConfigError: As :func:`play_game` (Torraku without a round limit).
        """
        game = self.game
        state = self.state
        pacing = self._pacing
        bots = self._bots
        while not game.is_over(state):
            if game.awaits_dealer(state):
                state = self.state = game.apply(state, self._chance.draw(state))
                continue
            seat = pacing.next_seat(state)
            seen = game.view(state, seat)
            offered = pacing.offered(state, seen, seat)
            bot = bots[seat]
            if bot is None:
                self.seat, self.view, self.offered = seat, seen, tuple(offered)
                return seat
            self._play(seat, bot, bot.choose(seen, offered, self._rngs[seat]), offered)
            state = self.state
        self.seat, self.view, self.offered = None, None, ()
        return None

    def answer(self, action: Any) -> None:
        """Play ``action`` for the seat that must act (one of ``offered``, or of its
        ``free_actions`` classes as for a bot: none for an outside seat).

        Raises:
            ConfigError: If no seat played from outside must act now.
            BotError: If ``action`` is not one of ``offered``; nothing changes.
        """
        seat = self.seat
        if seat is None:
            raise ConfigError("no seat played from outside must act now: call advance()")
        self._play(seat, None, action, self.offered)  # refused: nothing changed
        self.seat, self.view, self.offered = None, None, ()

    def _play(self, seat: int, bot: AnyBot | None, answer: Any, offered: Sequence[Any]) -> None:
        game = self.game
        free = getattr(bot, "free_actions", ()) if bot is not None else ()
        if type(answer) in free and type(answer) in game.action_types:
            action = answer  # built by the bot (an offer, talk): the engine checks it below
        else:
            action = offered_action(answer, offered, seat)
        state = self.state = game.apply(self.state, action, seat=seat)  # the seat's own action
        self._pacing.played(state, seat, action)
