""":func:`play_game`: one game between bots, each seeing only its own seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..millions._actions import Pay, UseThreat
from ..millions._config import GameConfig
from ..millions._engine import apply, legal_actions, new_game
from ..millions._errors import ConfigError
from ..millions._state import GameState
from ..millions._views import view
from ._protocol import Bot, BotError, action_space

__all__ = ["MAX_EXTRA_ACTIONS", "play_game", "seat_rng"]

#: How many payments and threat cards one seat may play per round before it decides; after
#: that it is offered its decisions (and threat cards, which are few) only. This bounds a game.
MAX_EXTRA_ACTIONS: Final = 3


def seat_rng(seed: int, seat: int | str) -> random.Random:
    """The generator :func:`play_game` gives the bot in ``seat`` (``"dealer"``: the dealer's).

    Seeding from a string is the same on every platform and Python version.
    """
    return random.Random(f"millions-bots:{seed}:{seat}")


def play_game(config: GameConfig, bots: Sequence[Bot], *, seed: int | None = None) -> GameState:
    """Play one game between ``bots``, one per seat; return the final state.

    Each time a seat must act, the runner builds that seat's
    :func:`~millions_rules.view` and :func:`~millions_rules.bots.action_space` and asks the
    seat's bot, then applies its answer with ``seat=`` so the engine checks that it is that
    seat's own action; the bot never receives the state. The seats the engine awaits act in
    turn, clockwise from the leader: in planning each chooses (secretly, R-PLAN-2); in
    negotiation each may use threat cards and pay (at most :data:`MAX_EXTRA_ACTIONS` such
    actions a round) before it stays or leaves, so a later seat sees the earlier decisions
    (R-NEG-1). A seat that has decided is not asked again that round. With
    :attr:`~millions_rules.Dealer.EXTERNAL` the runner deals itself, uniformly at random.

    Args:
        config: The game's configuration (any variant).
        bots: One :class:`~millions_rules.bots.Bot` per seat; the same object may sit twice.
        seed: Seeds each bot's generator (see :func:`seat_rng`) and the external dealer;
            ``None`` uses ``config.seed``. The same config, bots and seed give the same game.

    Returns:
        The final :class:`~millions_rules.GameState` (its ``winners`` are set).

    Raises:
        ConfigError: If ``config`` is no :class:`~millions_rules.GameConfig`, ``bots`` is not a
            sequence of one object with a ``choose`` method per seat, or ``seed`` is not an
            int >= 0 or ``None``.
        BotError: If a bot answers with an action it was not offered.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import RandomBot, RuleBot, play_game
    >>> final = play_game(GameConfig(4, seed=7), [RuleBot(), RandomBot(), RandomBot(), RandomBot()])
    >>> final.is_over
    True
    """
    if not isinstance(config, GameConfig):
        raise ConfigError(f"play_game needs a GameConfig, not {type(config).__name__}")
    if not isinstance(bots, Sequence) or isinstance(bots, (str, bytes)):
        raise ConfigError(f"bots must be a sequence of bots, not {type(bots).__name__}")
    if len(bots) != config.players:
        raise ConfigError(f"play_game needs one bot per seat ({config.players}), not {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise ConfigError(f"bots[{seat}] has no choose method: {bot!r} is not a Bot")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ConfigError(f"seed must be an int >= 0 or None, not {seed!r}")
    base = config.seed if seed is None else seed
    rngs = [seat_rng(base, seat) for seat in range(config.players)]
    dealer = seat_rng(base, "dealer")
    state = new_game(config)
    extras = [0] * config.players
    current_round = state.round
    turn = state.leader
    while not state.is_over:
        if state.round != current_round:
            current_round, turn = state.round, state.leader
            extras = [0] * config.players
        if state.awaiting_dealer:
            offered = legal_actions(state)
            state = apply(state, offered[dealer.randrange(len(offered))])
            continue
        seat = _next_seat(state.awaiting, turn, config.players)
        seen = view(state, seat)
        offered = action_space(seen, payments=extras[seat] < MAX_EXTRA_ACTIONS)
        if extras[seat] >= MAX_EXTRA_ACTIONS:
            offered = tuple(a for a in offered if not isinstance(a, UseThreat)) or offered
        action = bots[seat].choose(seen, offered, rngs[seat])
        if action not in offered:
            raise BotError(seat, action)
        state = apply(state, action, seat=seat)  # authorised as the seat's own action
        if isinstance(action, (Pay, UseThreat)):
            extras[seat] += 1
        else:
            turn = (seat + 1) % config.players
    return state


def _next_seat(awaiting: tuple[int, ...], turn: int, players: int) -> int:
    """The first seat of ``awaiting`` clockwise from ``turn``."""
    return min(awaiting, key=lambda seat: (seat - turn) % players)
