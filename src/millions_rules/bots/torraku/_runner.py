""":func:`play_game`: one Torraku game between bots, the table drawing stacking outcomes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..._common.dealer import Dealer
from ..._common.errors import ConfigError
from ..._common.random import seed_state
from ...torraku._actions import ReportPlacement
from ...torraku._config import TorrakuConfig
from ...torraku._engine import apply, legal_actions, new_game
from ...torraku._model import draw_outcome
from ...torraku._state import Phase, TorrakuState
from ...torraku._views import view
from .._protocol import BotError
from .._runner import seat_rng
from ._bots import Bot

__all__ = ["MAX_ROUNDS", "play_game"]

#: The most rounds :func:`play_game` plays when the config sets no ``round_limit``
#: (R-TK-END-5: nothing else guarantees an end); a longer game raises ``ConfigError``.
MAX_ROUNDS: Final = 1000


def play_game(
    config: TorrakuConfig, bots: Sequence[Bot], *, seed: int | None = None
) -> TorrakuState:
    """Play one Torraku game between ``bots``, one per seat; return the final state.

    While betting, the runner asks the seat to act (:attr:`~millions_rules.torraku.TorrakuState.to_act`)
    with its :func:`~millions_rules.torraku.view` and its
    :func:`~millions_rules.torraku.legal_actions`, and applies the answer with ``seat=`` so
    the engine checks that it is that seat's own action; the bot never receives the state.
    Stacking outcomes come from the dexterity model R-TK-SIM: with ``Dealer.EXTERNAL`` the
    runner is the table and reports each attempt (:class:`~millions_rules.torraku.ReportPlacement`)
    drawn from the model with a generator of its own; with ``Dealer.ENGINE`` the engine
    draws them itself (R-TK-STACK-8).

    Args:
        config: The game's configuration (any setup, 1 to 6 players, any dealer).
        bots: One :class:`~millions_rules.bots.torraku.Bot` per seat; the same object may sit
            twice.
        seed: Seeds each bot's generator (see :func:`~millions_rules.bots.seat_rng`) and the
            table's; ``None`` uses ``config.seed``. The same config, bots and seed give the
            same game.

    Returns:
        The final :class:`~millions_rules.torraku.TorrakuState` (its ``winners`` are set).

    Raises:
        ConfigError: If ``config`` is no :class:`~millions_rules.torraku.TorrakuConfig`,
            ``bots`` is not one object with a ``choose`` method per seat, ``seed`` is not an
            int >= 0 or ``None``, or a game without ``round_limit`` passes :data:`MAX_ROUNDS`.
        BotError: If a bot answers with an action it was not offered.

    >>> from millions_rules.torraku import TorrakuConfig
    >>> from millions_rules.bots.torraku import RandomBot, RuleBot, play_game
    >>> final = play_game(TorrakuConfig(3, seed=7, round_limit=30), [RuleBot(), RandomBot(), RuleBot()])
    >>> final.is_over and bool(final.winners)
    True
    """
    if not isinstance(config, TorrakuConfig):
        raise ConfigError(f"play_game needs a TorrakuConfig, not {type(config).__name__}")
    if not isinstance(bots, Sequence) or isinstance(bots, (str, bytes)):
        raise ConfigError(f"bots must be a sequence of bots, not {type(bots).__name__}")
    if len(bots) != config.players:
        raise ConfigError(f"play_game needs one bot per seat ({config.players}), not {len(bots)}")
    for index, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise ConfigError(f"bots[{index}] has no choose method: {bot!r} is not a Bot")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ConfigError(f"seed must be an int >= 0 or None, not {seed!r}")
    base = config.seed if seed is None else seed
    rngs = [seat_rng(base, seat) for seat in range(config.players)]
    table = seed_state(random.Random(f"millions-bots:{base}:table").getrandbits(64))
    state = new_game(config)
    while not state.is_over:
        if state.round > MAX_ROUNDS:
            raise ConfigError(f"the game passed {MAX_ROUNDS} rounds: set a round_limit")
        seat = state.to_act
        assert seat is not None, "a game that is not over always waits for a seat"
        if state.phase is Phase.STACKING:  # only with Dealer.EXTERNAL: the table reports
            assert config.dealer is Dealer.EXTERNAL
            piece = state.rows[seat][0]
            outcome, fallen, table = draw_outcome(config, table, len(state.stack), piece, seat)
            state = apply(state, ReportPlacement(seat, outcome, fallen))
            continue
        offered = legal_actions(state, seat)
        action = bots[seat].choose(view(state, seat), offered, rngs[seat])
        if action not in offered:
            raise BotError(seat, action)
        state = apply(state, action, seat=seat)  # authorised as the seat's own action
    return state
