"""The exceptions every game of millions-rules raises.

Every error the library raises on bad input derives from :class:`~millions_rules.MillionsError`
and from :class:`ValueError`, so callers may catch broadly or precisely. Errors about actions
carry a stable machine-readable :attr:`~millions_rules.IllegalActionError.code`, each game
documenting its codes in a table it registers here (:func:`register_action_codes`); errors
about documents carry one of :data:`~millions_rules.DESERIALIZATION_ERROR_CODES`, the same for
every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = [
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "MillionsError",
    "register_action_codes",
]

_DESERIALIZATION_ERROR_CODES: Final[dict[str, str]] = {
    "not_text": "the input is not JSON text (str or bytes)",
    "too_large": "the document is larger than MAX_DOCUMENT_SIZE bytes of UTF-8",
    "too_many_items": "an array holds more than MAX_ARRAY_LENGTH items",
    "duplicate_key": "an object has the same key twice (readers differ on which one counts)",
    "too_deep": "the document is nested more deeply than the JSON parser allows",
    "invalid_json": "the text is not valid JSON (NaN and Infinity included)",
    "wrong_type": "a value has the wrong JSON type (a string or true where an integer goes, ...)",
    "bad_value": "a value of the right type is out of range or not one of the allowed values",
    "missing_field": "an object lacks a field its type requires",
    "unknown_field": "an object has a field its type does not define",
    "bad_tag": 'the "type" tag of an action or event is missing, unknown or not the expected one',
    "inconsistent_state": "a state document breaks an invariant the engine keeps",
    "inconsistent_view": "a view document contradicts itself or its config",
    "illegal_action": "a saved game holds an action that is illegal where it is played",
    "newer_format": "the record was written in a newer format than this library reads",
    "unknown_format": "the record's format version is not one this library knows",
    "unknown_type": "the type to read or describe is not one of the library's document types",
    "unknown_schema": "no schema file of that name ships with the library",
    "not_serializable": "the object to write holds a value JSON cannot represent",
}
#: Every :attr:`~millions_rules.DeserializationError.code`, with what it means; stable in
#: the same way as :data:`~millions_rules.ACTION_ERROR_CODES`, and read-only too.
DESERIALIZATION_ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    _DESERIALIZATION_ERROR_CODES
)


#: The action codes of every game, as their tables document them.
_ACTION_CODES: set[str] = set()


def register_action_codes(codes: Mapping[str, str]) -> None:
    """Let :class:`~millions_rules.IllegalActionError` carry a game's documented codes."""
    _ACTION_CODES.update(codes)


class MillionsError(Exception):
    """Base class of every error raised by millions-rules."""


class ConfigError(MillionsError, ValueError):
    """A configuration or a component makes no sense (a :class:`~millions_rules.GameConfig`,
    a :class:`~millions_rules.LootCard`, a :class:`~millions_rules.torraku.TorrakuConfig`, ...)."""


class IllegalActionError(MillionsError, ValueError):
    """An action is not legal in the given state; the state is left unchanged.

    Args:
        message: What went wrong, in words a player understands.
        code: A stable machine-readable reason, one of :data:`~millions_rules.ACTION_ERROR_CODES`
            (or, for Currency Torraku, of :data:`~millions_rules.torraku.ERROR_CODES`).
        rule: The id of the rule (``"R-PLAN-2"``, ...) that makes the action illegal, if any.

    Example:
        >>> from millions_rules import GameConfig, Stay, apply, new_game
        >>> try:
        ...     apply(new_game(GameConfig(4, seed=1)), Stay(0))
        ... except IllegalActionError as error:
        ...     print(error.code, error.rule)
        wrong_phase R-NEG-1
    """

    code: str
    """The machine-readable reason (a key of :data:`~millions_rules.ACTION_ERROR_CODES`)."""
    rule: str | None
    """The id of the rule that forbids the action, or ``None``."""

    def __init__(self, message: str, code: str, rule: str | None = None) -> None:
        if code not in _ACTION_CODES:  # pragma: no cover - guards the library itself
            raise AssertionError(f"undocumented error code {code!r}")
        super().__init__(message)
        self.code = code
        self.rule = rule

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str, str | None]]:
        return (type(self), (str(self), self.code, self.rule))


class DeserializationError(MillionsError, ValueError):
    """A JSON document is malformed, of the wrong shape or inconsistent.

    The message starts with the path of the offending value, such as
    ``actions[3].amount: expected int, got boolean``.

    Args:
        message: What is wrong with the value, in words (without the path).
        code: A stable machine-readable reason, one of
            :data:`~millions_rules.DESERIALIZATION_ERROR_CODES`.
        path: Where the value is: ``"$"`` for the whole document, else field names
            and array indices such as ``"actions[3].player"``.

    Example:
        >>> from millions_rules import Action, from_json
        >>> try:
        ...     from_json('{"type": "pay", "player": 0, "to": 2, "amount": true}', Action)
        ... except DeserializationError as error:
        ...     print(error.code, error.path)
        wrong_type amount
    """

    code: str
    """The machine-readable reason (a key of :data:`~millions_rules.DESERIALIZATION_ERROR_CODES`)."""
    path: str
    """The path of the offending value (``"$"`` for the whole document)."""

    def __init__(self, message: str, code: str, path: str = "$") -> None:
        if code not in DESERIALIZATION_ERROR_CODES:  # pragma: no cover - guards the library
            raise AssertionError(f"undocumented error code {code!r}")
        super().__init__(f"{path}: {message}")
        self.message = message
        self.code = code
        self.path = path

    def __reduce__(self) -> tuple[type[DeserializationError], tuple[str, str, str]]:
        return (type(self), (self.message, self.code, self.path))
