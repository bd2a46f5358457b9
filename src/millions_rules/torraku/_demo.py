"""The demo behind ``python -m millions_rules demo --game torraku``: a seeded simulated game.

The players' choices come from a seeded :class:`random.Random` (a plain policy for the demo,
not a bot: each bettor passes about half the time, otherwise bets at most two pieces more
than needed); the stacking outcomes come from the engine's model (``Dealer.ENGINE``, R-TK-SIM),
with its default knock-down rates plus a small chance of a touch (1%) and of a drop (5%),
so that the story shows every kind of attempt.
"""

from __future__ import annotations

import random

from .._common.i18n import check_locale, msg, nmsg
from ._actions import Action, Bet
from ._config import TorrakuConfig
from ._engine import apply, legal_actions, new_game
from ._events import GameWon, RoundEnded, RoundStarted
from ._narrate import describe
from ._state import TorrakuState
from ._words import Pieces

__all__ = ["play_demo"]

_NAMES = ("Aiko", "Ben", "Chen", "Dara", "Emi", "Femi")


def _choose(state: TorrakuState, rng: random.Random) -> Action:
    actions = legal_actions(state)
    bets = [a for a in actions if isinstance(a, Bet)]
    if not bets or (len(bets) < len(actions) and rng.random() < 0.5):
        return actions[0]  # the pass
    fewest = min(len(a.pieces) for a in bets)
    return rng.choice([a for a in bets if len(a.pieces) <= fewest + 2])


_BAG = nmsg(
    "torraku.demo.bag",
    "The bag holds {count} piece ({pieces}).",
    "The bag holds {count} pieces ({pieces}).",
)
_BAG_EMPTY = msg("torraku.demo.bag.empty", "The bag is empty.")


def play_demo(
    players: int = 4, seed: int = 1, locale: str = "en"
) -> tuple[TorrakuState, list[str]]:
    """Play a seeded simulated game to the end; return the final state and its story.

    The story is told in ``locale`` (one of :data:`~millions_rules.LOCALES`).

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown.

    >>> state, story = play_demo(2, seed=3, locale="es")
    >>> story[0]
    'Empieza una partida estándar de Currency Torraku para 2 jugadores; abre Aiko.'
    """
    language = check_locale(locale)
    state = new_game(TorrakuConfig.simulated(players, seed=seed, touch=0.01, drop=0.05))
    rng = random.Random(seed)
    names = _NAMES[:players]
    lines = [describe(event, names, locale=language) for event in state.events]
    while not state.is_over:
        told = len(state.events)
        state = apply(state, _choose(state, rng))
        for event in state.events[told:]:
            indent = "" if isinstance(event, (RoundStarted, GameWon)) else "  "
            lines.append(indent + describe(event, names, locale=language))
            if isinstance(event, RoundEnded):
                bag = _BAG.render(language, count=state.bag.total, pieces=Pieces(state.bag))
                lines.append("  " + (bag if state.bag.total else _BAG_EMPTY.render(language)))
    return state, lines
