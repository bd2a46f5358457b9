"""Adapters for AI research: PettingZoo and OpenSpiel (optional extras), for both games.

* :mod:`millions_rules.adapters.pettingzoo` (``pip install millions-rules[pettingzoo]``):
  an AEC environment, :func:`millions_rules.adapters.pettingzoo.env` (``game="millions"``
  or ``"torraku"``).
* :mod:`millions_rules.adapters.openspiel` (``pip install millions-rules[openspiel]``):
  :func:`millions_rules.adapters.openspiel.register` registers the games
  ``python_millions_of_dollars`` and ``python_currency_torraku``.

Both are written once against the game interface and share what this package exports,
which needs no extra. For Millions: the turn structure that plays the free-form table as
sequential turns (:class:`Table`, :class:`Turn`, :class:`Wait`), the fixed action
catalogue (:class:`Catalogue`) and the observation vector (:func:`observe`,
:func:`observation_fields`), built from a seat's :class:`~millions_rules.PlayerView` and
the public :class:`Turn` only. For Torraku: the catalogue's entries
(:func:`torraku_catalogue_names`) and the observation's fields
(:func:`torraku_observation_fields`), built from a seat's
:class:`~millions_rules.torraku.TorrakuView`.
"""

from ._encoding import (
    PAY_AMOUNTS,
    Catalogue,
    observation_fields,
    observation_high,
    observation_size,
    observe,
)
from ._torraku import torraku_catalogue_names, torraku_observation_fields
from ._turns import FREE_MOVES, Move, SeatMove, Table, Turn, Wait, max_moves, moves_of

__all__ = [
    "FREE_MOVES",
    "PAY_AMOUNTS",
    "Catalogue",
    "Move",
    "SeatMove",
    "Table",
    "Turn",
    "Wait",
    "max_moves",
    "moves_of",
    "observation_fields",
    "observation_high",
    "observation_size",
    "observe",
    "torraku_catalogue_names",
    "torraku_observation_fields",
]
