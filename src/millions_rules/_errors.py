"""The exceptions of millions-rules.

Every error the library raises on bad input derives from :class:`~millions_rules.MillionsError`
and from :class:`ValueError`, so callers may catch broadly or precisely. Errors
about actions carry a stable machine-readable :attr:`~millions_rules.IllegalActionError.code`.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACTION_ERROR_CODES",
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "MillionsError",
]


#: Every :attr:`~millions_rules.IllegalActionError.code`, with what it means. The codes are
#: stable: a program may switch on them. New codes may be added in minor
#: releases; none is renamed or removed without a major release.
ACTION_ERROR_CODES: Final[dict[str, str]] = {
    "not_an_action": "the object is not one of the library's action classes",
    "bad_value": "a field of the action has the wrong type or an impossible value",
    "game_over": "the game has ended; no action is legal",
    "wrong_phase": "the action does not belong to the current phase",
    "unknown_player": "a seat number is not one of this game's seats",
    "not_your_turn": "the engine is not waiting for this player's decision",
    "not_your_action": "a seat sent an action that is not its own: another seat's, or the dealer's",
    "already_chosen": "the player has already chosen their character(s) this round",
    "already_decided": "the player has already decided to stay or leave this round",
    "wrong_number_of_roles": "the number of characters chosen does not fit the game (one, two for three players)",
    "duplicate_role": "the same role was chosen twice in the three-player game",
    "role_not_in_play": "the role is not in play with this number of players",
    "role_forbidden": "the role was played by this player last round (repeat_role='forbidden')",
    "not_in_round": "the player (or target) has no character left in the round",
    "no_such_character": "the player has no character of that role in the round",
    "role_not_applicable": "a role was named where only the three-player game allows one",
    "self_target": "a player cannot pay or threaten themself",
    "insufficient_funds": "the player does not hold that much money",
    "no_threat_card": "the player holds no threat card",
    "bad_slot": "the target has no character at that position",
    "not_lone_snitch": "only the lone Snitch names a role, and only after revealing",
    "role_not_face_up": "the named role is the Snitch or does not show on a face-up role card",
    "not_dealer_action": "the engine deals itself (Dealer.ENGINE); the action is for an external dealer",
    "card_unavailable": "the loot card was already dealt or does not exist",
    "role_card_unavailable": "no chosen character has that role, so its card cannot be set aside",
}


#: Every :attr:`~millions_rules.DeserializationError.code`, with what it means; stable in
#: the same way as :data:`~millions_rules.ACTION_ERROR_CODES`.
DESERIALIZATION_ERROR_CODES: Final[dict[str, str]] = {
    "not_text": "the input is not JSON text (str or bytes)",
    "too_large": "the document is larger than MAX_DOCUMENT_SIZE",
    "too_deep": "the document is nested more deeply than the JSON parser allows",
    "invalid_json": "the text is not valid JSON (NaN and Infinity included)",
    "wrong_type": "a value has the wrong JSON type (a string or true where an integer goes, ...)",
    "bad_value": "a value of the right type is out of range or not one of the allowed values",
    "missing_field": "an object lacks a field its type requires",
    "unknown_field": "an object has a field its type does not define",
    "bad_tag": 'the "type" tag of an action or event is missing, unknown or not the expected one',
    "inconsistent_state": "a state document breaks an invariant the engine keeps",
    "illegal_action": "a saved game holds an action that is illegal where it is played",
    "newer_format": "the record was written in a newer format than this library reads",
    "unknown_format": "the record's format version is not one this library knows",
}


#: Every code an :class:`~millions_rules.IllegalActionError` may carry, of every game.
_KNOWN_CODES: set[str] = set(ACTION_ERROR_CODES)


def register_codes(codes: dict[str, str]) -> None:
    """Let :class:`~millions_rules.IllegalActionError` carry another game's documented codes."""
    _KNOWN_CODES.update(codes)


class MillionsError(Exception):
    """Base class of every error raised by millions-rules."""


class ConfigError(MillionsError, ValueError):
    """A :class:`~millions_rules.GameConfig` or :class:`~millions_rules.LootCard` makes no sense."""


class IllegalActionError(MillionsError, ValueError):
    """An action is not legal in the given state; the state is left unchanged.

    Args:
        message: What went wrong, in words a player understands.
        code: A stable machine-readable reason, one of :data:`~millions_rules.ACTION_ERROR_CODES`.
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
        if code not in _KNOWN_CODES:  # pragma: no cover - guards the library itself
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
