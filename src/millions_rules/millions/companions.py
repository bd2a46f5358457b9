"""*Millions of Dollars*' companions of the game interface: its bot, search model, statistics
and its parts for the AI adapters (the turn structure, the catalogue, the observation).

The layers written once for every game reach these through
:attr:`~millions_rules.games.Game.companions`; this public module names them for the
packages that re-export them (:mod:`millions_rules.bots`, the ``demo`` command).

The text layer (:mod:`millions_rules.text`) reaches the game's notation, words and
narration through this module alone: :data:`notation` (the command grammar's module, with
``command``, ``parse_command`` and ``legal_actions``), the money and role words, and
:func:`describe`.
"""

from __future__ import annotations

from . import _notation as notation
from ._actions import ACTION_TYPES
from ._adapter import MillionsAdapter
from ._demo import play_demo
from ._encoding import (
    PAY_AMOUNTS,
    Catalogue,
    observation_fields,
    observation_high,
    observation_size,
    observe,
)
from ._game import GAME, MAX_EXTRA_ACTIONS, PAYMENT_AMOUNTS, action_space
from ._i18n import format_money, phase_name, role_name, term
from ._narrate import describe
from ._negotiating import (
    DEAL_AMOUNTS,
    DealCatalogue,
    DealTable,
    deal_observation_fields,
    deal_observation_size,
    max_deal_moves,
)
from ._rule_bot import RuleBot, role_values
from ._search import MillionsRollout, MillionsSearch
from ._stats import HOOK as STATISTICS
from ._stats import JSON_SCHEMA, MillionsStats, summarise
from ._turns import FREE_MOVES, Move, SeatMove, Table, Turn, Wait, max_moves, moves_of

__all__ = [
    "DEAL_AMOUNTS",
    "DealCatalogue",
    "DealTable",
    "deal_observation_fields",
    "deal_observation_size",
    "max_deal_moves",
    "FREE_MOVES",
    "PAY_AMOUNTS",
    "Catalogue",
    "MillionsAdapter",
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
    "ACTION_TYPES",
    "GAME",
    "JSON_SCHEMA",
    "MAX_EXTRA_ACTIONS",
    "PAYMENT_AMOUNTS",
    "STATISTICS",
    "MillionsRollout",
    "MillionsSearch",
    "MillionsStats",
    "RuleBot",
    "action_space",
    "describe",
    "format_money",
    "notation",
    "phase_name",
    "play_demo",
    "role_name",
    "role_values",
    "summarise",
    "term",
]
