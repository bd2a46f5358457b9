"""millions-rules: the rules of *Millions of Dollars* as an immutable, typed library.

Everything public is imported here; the modules whose names start with an
underscore are private. A game is a :class:`~millions_rules.GameConfig`, a first state from
:func:`~millions_rules.new_game`, and :func:`~millions_rules.apply` of one :data:`~millions_rules.Action` after another:

>>> from millions_rules import GameConfig, new_game, legal_actions, apply
>>> state = new_game(GameConfig(5, seed=2026))
>>> while not state.is_over:
...     state = apply(state, legal_actions(state, payments=False)[0])
>>> sorted(state.winners)
[0, 1, 2, 3, 4]

The package is laid out in layers: the common layer (``_common``), one subpackage per game
(:mod:`millions_rules.millions`, whose API this package re-exports unchanged, and
:mod:`millions_rules.torraku`), the game interface both provide (:mod:`millions_rules.games`),
then what is written once for every game: :mod:`millions_rules.bots`, the web table
(``millions_rules.web``) and the AI adapters (``millions_rules.adapters``).
"""

from . import millions as _millions
from ._common.public import present_as_public
from ._version import __version__
from .millions import *  # noqa: F403 (the Millions of Dollars API, unchanged)

__all__ = ["__version__"]
__all__ += _millions.__all__

present_as_public(__name__, globals(), __all__)
