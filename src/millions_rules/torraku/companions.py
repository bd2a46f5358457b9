"""*Currency Torraku*'s companions of the game interface: its own bot, statistics and its
parts for the AI adapters (the catalogue's entries and the observation's fields).

The layers written once for every game reach these through
:attr:`~millions_rules.games.Game.companions`; this public module names them for the
packages that re-export them (:mod:`millions_rules.bots.torraku`).

The text layer (:mod:`millions_rules.text`) reaches the game's notation, words and
narration through this module alone: :data:`notation` (the command grammar's module, with
``command``, ``parse_command``, ``legal_actions``, ``legal_actions``),
the pieces' kinds, letters (:data:`PIECE_LETTERS`), names (:data:`PIECE_NAMES`) and words, and :func:`describe`.
"""

from __future__ import annotations

from . import _notation as notation
from ._actions import ACTION_TYPES
from ._adapter import TorrakuAdapter, torraku_catalogue_names, torraku_observation_fields
from ._game import GAME, MAX_ROUNDS
from ._narrate import describe
from ._notation import _NAMES as PIECE_NAMES
from ._notation import LETTERS as PIECE_LETTERS
from ._pieces import KINDS
from ._rule_bot import DEFAULT_RISK, Bot, RuleBot
from ._seat_words import phase_name
from ._stats import HOOK as STATISTICS
from ._stats import JSON_SCHEMA, TorrakuStats
from ._words import Pieces

__all__ = [
    "ACTION_TYPES",
    "GAME",
    "DEFAULT_RISK",
    "JSON_SCHEMA",
    "KINDS",
    "MAX_ROUNDS",
    "PIECE_LETTERS",
    "PIECE_NAMES",
    "STATISTICS",
    "Bot",
    "Pieces",
    "RuleBot",
    "TorrakuAdapter",
    "TorrakuStats",
    "torraku_catalogue_names",
    "torraku_observation_fields",
    "describe",
    "phase_name",
    "notation",
]
