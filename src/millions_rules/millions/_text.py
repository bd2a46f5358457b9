"""Millions' own placeholder values; the localisable messages themselves are common.

:class:`~millions_rules._common.i18n.Text`, :func:`~millions_rules._common.i18n.msg` and
:func:`~millions_rules._common.i18n.nmsg` live in the common layer (every game marks its
sentences with them) and are imported from here by Millions' modules for brevity.
"""

from __future__ import annotations

import attrs

from .._common.i18n import Text, msg, nmsg

__all__ = ["Money", "Text", "msg", "nmsg"]


@attrs.frozen
class Money:
    """A placeholder value in millions, written the way each language writes money."""

    amount: int
    """The amount in millions."""
