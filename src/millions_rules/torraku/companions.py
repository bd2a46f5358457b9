"""*Currency Torraku*'s companions of the game interface: its own bot, statistics and its
parts for the AI adapters (the catalogue's entries and the observation's fields).

The layers written once for every game reach these through
:attr:`~millions_rules.games.Game.companions`; this public module names them for the
packages that re-export them (:mod:`millions_rules.bots.torraku`).
"""

from __future__ import annotations

from ._adapter import TorrakuAdapter, torraku_catalogue_names, torraku_observation_fields
from ._game import GAME, MAX_ROUNDS
from ._rule_bot import DEFAULT_RISK, Bot, RuleBot
from ._stats import HOOK as STATISTICS
from ._stats import JSON_SCHEMA, TorrakuStats

__all__ = [
    "GAME",
    "DEFAULT_RISK",
    "JSON_SCHEMA",
    "MAX_ROUNDS",
    "STATISTICS",
    "Bot",
    "RuleBot",
    "TorrakuAdapter",
    "TorrakuStats",
    "torraku_catalogue_names",
    "torraku_observation_fields",
]
