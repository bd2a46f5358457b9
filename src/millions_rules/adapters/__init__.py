"""Adapters for AI research: PettingZoo, OpenSpiel and Gymnasium (optional extras), for both games.

* :mod:`millions_rules.adapters.pettingzoo` (``pip install millions-rules[pettingzoo]``):
  an AEC environment, :func:`millions_rules.adapters.pettingzoo.env` (``game="millions"``
  or ``"torraku"``).
* :mod:`millions_rules.adapters.openspiel` (``pip install millions-rules[openspiel]``):
  :func:`millions_rules.adapters.openspiel.register` registers the games
  ``python_millions_of_dollars``, ``python_currency_torraku`` and one for every other
  registered game with adapter parts.
* :mod:`millions_rules.adapters.gymnasium` (``pip install millions-rules[gymnasium]``):
  one seat of a table of bots as a Gymnasium environment, and its vector forms;
  :mod:`millions_rules.adapters.bot_seats` is its PettingZoo form (an AEC environment
  whose other seats hold bots).

Both are written once against one contract, :class:`GameAdapter`: each game ships its
own as a companion (:attr:`~millions_rules.games.Companions.adapter`), or gets the generic
default, :class:`GenericAdapter`, from its action catalogue
(:attr:`~millions_rules.games.Companions.action_catalogue`): the action mask from
``legal_actions`` and the observation of :class:`GenericAdapter`. What this package
exports needs no extra. For Millions: the turn structure that plays the free-form table as
sequential turns (:class:`Table`, :class:`Turn`, :class:`Wait`), the fixed action
catalogue (:class:`Catalogue`) and the observation vector (:func:`observe`,
:func:`observation_fields`), built from a seat's :class:`~millions_rules.PlayerView` and
the public :class:`Turn` only; with the option ``negotiation=True``, deals and claims
too (:class:`DealTable`, :class:`DealCatalogue`, :func:`deal_observation_fields`). For Torraku: the catalogue's entries
(:func:`torraku_catalogue_names`) and the observation's fields
(:func:`torraku_observation_fields`), built from a seat's
:class:`~millions_rules.torraku.TorrakuView`.
"""

from .._common.adapter import (
    ByteObservations,
    GameAdapter,
    RecallBytes,
    Resampling,
    SeatBatch,
    SeatBatches,
    SeatDocuments,
    TensorLists,
    TensorMemo,
    Variants,
    ViewEncoding,
)
from ..millions.companions import (
    DEAL_AMOUNTS,
    FREE_MOVES,
    PAY_AMOUNTS,
    Catalogue,
    DealCatalogue,
    DealTable,
    Move,
    SeatMove,
    Table,
    Turn,
    Wait,
    deal_observation_fields,
    deal_observation_size,
    max_deal_moves,
    max_moves,
    moves_of,
    observation_fields,
    observation_high,
    observation_size,
    observe,
)
from ..torraku.companions import torraku_catalogue_names, torraku_observation_fields
from ._generic import DEFAULT_MAX_MOVES, OBSERVATION_SIZE, GenericAdapter, generic_adapter

__all__ = [
    "DEFAULT_MAX_MOVES",
    "OBSERVATION_SIZE",
    "GameAdapter",
    "ViewEncoding",
    "SeatDocuments",
    "SeatBatches",
    "SeatBatch",
    "Resampling",
    "ByteObservations",
    "RecallBytes",
    "TensorLists",
    "TensorMemo",
    "Variants",
    "GenericAdapter",
    "generic_adapter",
    "DEAL_AMOUNTS",
    "FREE_MOVES",
    "PAY_AMOUNTS",
    "Catalogue",
    "DealCatalogue",
    "DealTable",
    "Move",
    "SeatMove",
    "Table",
    "Turn",
    "Wait",
    "deal_observation_fields",
    "deal_observation_size",
    "max_deal_moves",
    "max_moves",
    "moves_of",
    "observation_fields",
    "observation_high",
    "observation_size",
    "observe",
    "torraku_catalogue_names",
    "torraku_observation_fields",
]
