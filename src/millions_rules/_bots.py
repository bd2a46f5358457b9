"""Simple built-in players, for demos, tests and as baselines for AI research."""

from __future__ import annotations

from ._actions import Action, Pay
from ._errors import ConfigError
from ._random import draw_below, seed_state
from ._views import PlayerView

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Plays a uniformly random legal action from its own :class:`~millions_rules.PlayerView`.

    It never sees a :class:`~millions_rules.GameState`, so it cannot cheat. With
    ``pay_chance`` > 0 it sometimes pays 1M to a random payee instead.

    Args:
        seed: Seeds the player's own generator (same seed, same play), 0 to 2**64 - 1.
        pay_chance: Probability, from 0 to 1, of paying when it may.

    Raises:
        ConfigError: If ``seed`` or ``pay_chance`` is of the wrong type or out of range.

    >>> from millions_rules import GameConfig, new_game, view
    >>> state = new_game(GameConfig(4, seed=1))
    >>> RandomPlayer(seed=3).act(view(state, 0))
    Choose(player=0, roles=(<Role.CROOK: 'crook'>,))
    """

    def __init__(self, seed: int = 0, pay_chance: float = 0.0) -> None:
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise ConfigError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
        if type(pay_chance) not in (int, float) or not 0 <= pay_chance <= 1:
            raise ConfigError(f"pay_chance must be a number from 0 to 1, not {pay_chance!r}")
        self._rng = seed_state(seed)
        self._pay_per_mille = int(pay_chance * 1000)

    def _below(self, bound: int) -> int:
        value, self._rng = draw_below(self._rng, bound)
        return value

    def act(self, view: PlayerView) -> Action | None:
        """A legal action for the view's seat, or ``None`` when it has nothing to do.

        Raises:
            ConfigError: If ``view`` is no :class:`~millions_rules.PlayerView`.
        """
        if not isinstance(view, PlayerView):
            raise ConfigError(f"act needs a PlayerView, not {type(view).__name__}")
        if view.seat is not None and view.payees and self._below(1000) < self._pay_per_mille:
            return Pay(view.seat, view.payees[self._below(len(view.payees))], 1)
        if not view.legal_actions:
            return None
        return view.legal_actions[self._below(len(view.legal_actions))]
