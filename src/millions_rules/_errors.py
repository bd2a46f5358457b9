"""The exceptions of millions-rules.

Every error the library raises on bad input derives from :class:`~millions_rules.MillionsError`
and from :class:`ValueError`, so callers may catch broadly or precisely. Errors
about actions carry a stable machine-readable :attr:`~millions_rules.IllegalActionError.code`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ._text import Text, msg

__all__ = [
    "ACTION_ERROR_CODES",
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "LocaleError",
    "MillionsError",
]


# The generic sentence for each code, in every language: what a localised message says
# when the error carries no more detailed template.
_CODE_TEXTS: Final[dict[str, Text]] = {
    "not_an_action": msg(
        "error.not_an_action", "the object is not one of the library's action classes"
    ),
    "bad_value": msg(
        "error.bad_value", "a field of the action has the wrong type or an impossible value"
    ),
    "game_over": msg("error.game_over", "the game has ended; no action is legal"),
    "wrong_phase": msg("error.wrong_phase", "the action does not belong to the current phase"),
    "unknown_player": msg("error.unknown_player", "a seat number is not one of this game's seats"),
    "not_your_turn": msg(
        "error.not_your_turn", "the engine is not waiting for this player's decision"
    ),
    "not_your_action": msg(
        "error.not_your_action",
        "a seat sent an action that is not its own: another seat's, or the dealer's",
    ),
    "already_chosen": msg(
        "error.already_chosen", "the player has already chosen their character(s) this round"
    ),
    "already_decided": msg(
        "error.already_decided", "the player has already decided to stay or leave this round"
    ),
    "wrong_number_of_roles": msg(
        "error.wrong_number_of_roles",
        "the number of characters chosen does not fit the game (one, two for three players)",
    ),
    "duplicate_role": msg(
        "error.duplicate_role", "the same role was chosen twice in the three-player game"
    ),
    "role_not_in_play": msg(
        "error.role_not_in_play", "the role is not in play with this number of players"
    ),
    "role_forbidden": msg(
        "error.role_forbidden",
        "the role was played by this player last round (repeat_role='forbidden')",
    ),
    "not_in_round": msg(
        "error.not_in_round", "the player (or target) has no character left in the round"
    ),
    "no_such_character": msg(
        "error.no_such_character", "the player has no character of that role in the round"
    ),
    "role_not_applicable": msg(
        "error.role_not_applicable", "a role was named where only the three-player game allows one"
    ),
    "self_target": msg("error.self_target", "a player cannot pay or threaten themself"),
    "insufficient_funds": msg(
        "error.insufficient_funds", "the player does not hold that much money"
    ),
    "no_threat_card": msg("error.no_threat_card", "the player holds no threat card"),
    "bad_slot": msg("error.bad_slot", "the target has no character at that position"),
    "not_lone_snitch": msg(
        "error.not_lone_snitch", "only the lone Snitch names a role, and only after revealing"
    ),
    "role_not_face_up": msg(
        "error.role_not_face_up",
        "the named role is the Snitch or does not show on a face-up role card",
    ),
    "not_dealer_action": msg(
        "error.not_dealer_action",
        "the engine deals itself (Dealer.ENGINE); the action is for an external dealer",
    ),
    "card_unavailable": msg(
        "error.card_unavailable", "the loot card was already dealt or does not exist"
    ),
    "role_card_unavailable": msg(
        "error.role_card_unavailable",
        "no chosen character has that role, so its card cannot be set aside",
    ),
}

#: Every :attr:`~millions_rules.IllegalActionError.code`, with what it means. The codes are
#: stable: a program may switch on them. New codes may be added in minor
#: releases; none is renamed or removed without a major release. The mapping is read-only.
#: The message id of a code is ``"error." + code``.
ACTION_ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {code: text.english for code, text in _CODE_TEXTS.items()}
)


# What each code of DeserializationError means, in every language.
_DESERIALIZATION_TEXTS: Final[dict[str, Text]] = {
    "not_text": msg("deserialization.not_text", "the input is not JSON text (str or bytes)"),
    "too_large": msg(
        "deserialization.too_large", "the document is larger than MAX_DOCUMENT_SIZE bytes of UTF-8"
    ),
    "too_many_items": msg(
        "deserialization.too_many_items", "an array holds more than MAX_ARRAY_LENGTH items"
    ),
    "duplicate_key": msg(
        "deserialization.duplicate_key",
        "an object has the same key twice (readers differ on which one counts)",
    ),
    "too_deep": msg(
        "deserialization.too_deep", "the document is nested more deeply than the JSON parser allows"
    ),
    "invalid_json": msg(
        "deserialization.invalid_json", "the text is not valid JSON (NaN and Infinity included)"
    ),
    "wrong_type": msg(
        "deserialization.wrong_type",
        "a value has the wrong JSON type (a string or true where an integer goes, ...)",
    ),
    "bad_value": msg(
        "deserialization.bad_value",
        "a value of the right type is out of range or not one of the allowed values",
    ),
    "missing_field": msg(
        "deserialization.missing_field", "an object lacks a field its type requires"
    ),
    "unknown_field": msg(
        "deserialization.unknown_field", "an object has a field its type does not define"
    ),
    "bad_tag": msg(
        "deserialization.bad_tag",
        'the "type" tag of an action or event is missing, unknown or not the expected one',
    ),
    "inconsistent_state": msg(
        "deserialization.inconsistent_state",
        "a state document breaks an invariant the engine keeps",
    ),
    "inconsistent_view": msg(
        "deserialization.inconsistent_view", "a view document contradicts itself or its config"
    ),
    "illegal_action": msg(
        "deserialization.illegal_action",
        "a saved game holds an action that is illegal where it is played",
    ),
    "newer_format": msg(
        "deserialization.newer_format",
        "the record was written in a newer format than this library reads",
    ),
    "unknown_format": msg(
        "deserialization.unknown_format",
        "the record's format version is not one this library knows",
    ),
    "unknown_type": msg(
        "deserialization.unknown_type",
        "the type to read or describe is not one of the library's document types",
    ),
    "unknown_schema": msg(
        "deserialization.unknown_schema", "no schema file of that name ships with the library"
    ),
    "not_serializable": msg(
        "deserialization.not_serializable",
        "the object to write holds a value JSON cannot represent",
    ),
}

#: Every :attr:`~millions_rules.DeserializationError.code`, with what it means; stable in
#: the same way as :data:`~millions_rules.ACTION_ERROR_CODES`, and read-only too. The
#: message id of a code is ``"deserialization." + code``.
DESERIALIZATION_ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {code: text.english for code, text in _DESERIALIZATION_TEXTS.items()}
)


#: The action codes other games register (Currency Torraku's), with their texts.
_REGISTERED_TEXTS: dict[str, Text] = {}


def register_action_codes(codes: Mapping[str, str]) -> None:
    """Let :class:`~millions_rules.IllegalActionError` carry another game's documented codes."""
    for code, meaning in codes.items():
        if code not in _CODE_TEXTS:
            _REGISTERED_TEXTS[code] = msg("error." + code, meaning)


def _code_text(code: str) -> Text:
    return _CODE_TEXTS[code] if code in _CODE_TEXTS else _REGISTERED_TEXTS[code]


class MillionsError(Exception):
    """Base class of every error raised by millions-rules."""

    @property
    def message_id(self) -> str:
        """The stable id of the error's message in the catalogs, such as ``"error.config"``."""
        return _generic_text(self).id

    def localized(self, locale: str = "en") -> str:
        """The error's message in ``locale`` (one of :data:`~millions_rules.LOCALES`).

        In English it is ``str(error)``. Other languages say what kind of error it is
        and keep the details, which name fields and values, in English.

        Raises:
            LocaleError: If ``locale`` is unknown.
        """
        from ._i18n import check_locale

        if check_locale(locale) == "en":
            return str(self)
        return _generic_text(self).render(locale, detail=str(self))


class ConfigError(MillionsError, ValueError):
    """A :class:`~millions_rules.GameConfig` or :class:`~millions_rules.LootCard` makes no sense."""


class LocaleError(MillionsError, ValueError):
    """A locale the library does not speak, or a word it cannot localise.

    The locales are :data:`~millions_rules.LOCALES`.

    >>> from millions_rules import role_name
    >>> role_name(Role.BRUTE, "fr")
    Traceback (most recent call last):
    ...
    millions_rules.LocaleError: unknown locale 'fr': millions-rules speaks 'en', 'es', 'zh'
    """


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
        ...     print(error.localized("es"))
        wrong_phase R-NEG-1
        ahora nadie puede plantarse: los jugadores están eligiendo personajes (R-NEG-1)
    """

    code: str
    """The machine-readable reason (a key of :data:`~millions_rules.ACTION_ERROR_CODES`)."""
    rule: str | None
    """The id of the rule that forbids the action, or ``None``."""

    def __init__(self, message: str, code: str, rule: str | None = None) -> None:
        if code not in ACTION_ERROR_CODES and code not in _REGISTERED_TEXTS:  # pragma: no cover
            raise AssertionError(f"undocumented error code {code!r}")
        super().__init__(message)
        self.code = code
        self.rule = rule
        self._text: Text | None = None
        self._params: Mapping[str, object] = {}
        self._cited = False

    @classmethod
    def _from_text(
        cls,
        text: Text,
        code: str,
        rule: str | None = None,
        params: Mapping[str, object] | None = None,
        *,
        cited: bool = True,
    ) -> IllegalActionError:
        """The error whose message is ``text`` filled with ``params``, in every language.

        Args:
            text: The message's template.
            code: One of :data:`~millions_rules.ACTION_ERROR_CODES`.
            rule: The rule that forbids the action, if any.
            params: The values of the template's placeholders.
            cited: Whether the message ends with the rule's id in parentheses.

        The English message is written when first asked for: a caller that only
        tests legality (:func:`~millions_rules.is_legal`) never pays for the words.
        """
        if code not in ACTION_ERROR_CODES and code not in _REGISTERED_TEXTS:  # pragma: no cover
            raise AssertionError(f"undocumented error code {code!r}")
        error = cls.__new__(cls)
        Exception.__init__(error)
        error.code = code
        error.rule = rule
        error._text = text
        error._params = dict(params or {})
        error._cited = cited
        return error

    def __str__(self) -> str:
        if not self.args:  # built from a template, not yet written out
            self.args = (self.localized("en"),)
        return str(self.args[0])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @property
    def message_id(self) -> str:
        """The stable id of the error's messages in the catalogs, ``"error." + code``."""
        return _code_text(self.code).id

    def localized(self, locale: str = "en") -> str:
        """The message in ``locale`` (one of :data:`~millions_rules.LOCALES`); ``str(error)`` in English.

        An error built from a template is translated whole; one built from a plain
        message (``IllegalActionError(message, code)``) says what its code means.

        Raises:
            LocaleError: If ``locale`` is unknown.
        """
        from ._i18n import check_locale, cite

        language = check_locale(locale)
        if self._text is None:
            if language == "en":
                return str(self)
            return cite(_code_text(self.code).render(language), self.rule, language)
        text = self._text.render(language, **self._params)
        return cite(text, self.rule if self._cited else None, language)

    def __reduce__(
        self,
    ) -> tuple[type[IllegalActionError], tuple[str, str, str | None], dict[str, object]]:
        state: dict[str, object] = {
            "_text": self._text,
            "_params": dict(self._params),
            "_cited": self._cited,
        }
        return (type(self), (str(self), self.code, self.rule), state)


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

    @property
    def message_id(self) -> str:
        """The stable id of the message of the error's code, ``"deserialization." + code``."""
        return _DESERIALIZATION_TEXTS[self.code].id

    def localized(self, locale: str = "en") -> str:
        """The message in ``locale``; ``str(error)`` in English.

        Other languages give the path, what the code means, and the English detail.

        Raises:
            LocaleError: If ``locale`` is unknown.
        """
        from ._i18n import check_locale

        language = check_locale(locale)
        if language == "en":
            return str(self)
        return _DESERIALIZATION_DETAIL.render(
            language,
            path=self.path,
            meaning=_DESERIALIZATION_TEXTS[self.code],
            detail=self.message,
        )

    def __reduce__(self) -> tuple[type[DeserializationError], tuple[str, str, str]]:
        return (type(self), (self.message, self.code, self.path))


_DESERIALIZATION_DETAIL: Final = msg("error.deserialization", "{path}: {meaning} ({detail})")

_GENERIC_TEXTS: Final[dict[type[MillionsError], Text]] = {
    ConfigError: msg("error.config", "the game's configuration makes no sense: {detail}"),
    LocaleError: msg("error.locale", "unknown language or word: {detail}"),
    MillionsError: msg("error.millions", "{detail}"),
}


def _generic_text(error: MillionsError) -> Text:
    # The nearest class with a text: errors of other modules subclass these.
    for cls in type(error).__mro__:
        text = _GENERIC_TEXTS.get(cls)
        if text is not None:
            return text
    raise AssertionError("unreachable: MillionsError has a text")  # pragma: no cover
