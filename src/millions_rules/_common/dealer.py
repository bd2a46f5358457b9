"""Who resolves a game's chance: the engine's seeded generator or the table (both games).

Millions of Dollars deals loot cards and sets a role card aside (R-COMP-4, R-PLAN-4);
Currency Torraku decides how a stacking attempt went (R-TK-STACK-8). In both, either the
engine draws the outcome from its own generator or the caller reports what happened at a
physical table.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = ["Dealer", "engine_dealing"]


class Dealer(enum.Enum):
    """Who resolves chance: the engine, or the caller (a companion app for a physical table).

    In *Millions of Dollars* the dealer deals the loot cards and sets the face-down role card
    aside; in *Currency Torraku* it decides how each stacking attempt went.
    """

    ENGINE = "engine"
    """The engine draws from its own seeded generator (R-COMP-4 and R-PLAN-4 in Millions,
    R-TK-STACK-8 with the model R-TK-SIM in Torraku)."""
    EXTERNAL = "external"
    """The caller reports the outcome, with :class:`~millions_rules.DealLoot` and
    :class:`~millions_rules.SetAside` in Millions (a companion app for the physical game, or a
    test that needs exact cards) and :class:`~millions_rules.torraku.ReportPlacement` in
    Torraku."""


def engine_dealing(config_type: type[Any], options: Mapping[str, object]) -> dict[str, object]:
    """``options`` with the engine dealing unless they say otherwise, for a table that has
    nobody to deal (a web, chat or LLM table); a config without a ``dealer`` field is left
    as it is.

    >>> from millions_rules.torraku import TorrakuConfig
    >>> engine_dealing(TorrakuConfig, {})
    {'dealer': <Dealer.ENGINE: 'engine'>}
    >>> engine_dealing(TorrakuConfig, {"dealer": Dealer.EXTERNAL})
    {'dealer': <Dealer.EXTERNAL: 'external'>}
    """
    chosen = dict(options)
    if any(field.name == "dealer" for field in attrs.fields(config_type)):
        chosen.setdefault("dealer", Dealer.ENGINE)
    return chosen
