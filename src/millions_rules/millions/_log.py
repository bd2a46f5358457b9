"""Millions' event log and action history share their nodes between successive states:
:class:`~millions_rules._common.log.Log`, kept in the common layer, where every layer may
read it (the adapters build information states on it)."""

from __future__ import annotations

from .._common.log import Log, size

__all__ = ["Log", "size"]
