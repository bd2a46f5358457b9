"""The exceptions every game of millions-rules raises, and the registry of action codes.

The classes carry the library's localised messages, so they are defined with Millions'
message catalogs (``millions_rules._errors``); every game raises these same classes, and a
game other than Millions registers its documented action codes here
(:func:`register_action_codes`) so that :class:`~millions_rules.IllegalActionError` accepts
them.
"""

from __future__ import annotations

from .._errors import (
    DESERIALIZATION_ERROR_CODES,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    MillionsError,
    register_action_codes,
)

__all__ = [
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "MillionsError",
    "register_action_codes",
]
