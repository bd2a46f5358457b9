"""The exceptions every game of millions-rules raises, and the registry of action codes.

Every error the library raises on bad input derives from :class:`~millions_rules.MillionsError`
and from :class:`ValueError`, so callers may catch broadly or precisely. Errors
about actions carry a stable machine-readable :attr:`~millions_rules.IllegalActionError.code`:
each game registers its documented codes here (Millions' are
:data:`~millions_rules.ACTION_ERROR_CODES`; another game calls :func:`register_action_codes`)
so that :class:`~millions_rules.IllegalActionError` accepts them. The codes of
:class:`~millions_rules.DeserializationError` are the same for every game.

The root class :class:`~millions_rules.MillionsError` and
:class:`~millions_rules.LocaleError` live in :mod:`millions_rules._common.i18n`, which
localises every message (this module builds on it; it never imports this one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, Final

from .i18n import LocaleError, MillionsError, Text, check_locale, cite, msg

__all__ = [
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "LocaleError",
    "MillionsError",
    "SEAT_PARAMS",
    "out_of_range",
    "register_action_codes",
    "register_action_texts",
    "seat_words",
]


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


#: Every game's action codes, with their texts: the first game to register a code gives
#: its text (Millions registers first: the package imports it before any other game).
_ACTION_TEXTS: dict[str, Text] = {}


def register_action_texts(texts: Mapping[str, Text]) -> None:
    """Let :class:`~millions_rules.IllegalActionError` carry a game's codes, with their texts.

    The message id of a code's text is ``"error." + code``; a code already registered
    keeps its text.
    """
    for code, text in texts.items():
        _ACTION_TEXTS.setdefault(code, text)


def register_action_codes(codes: Mapping[str, str]) -> None:
    """Let :class:`~millions_rules.IllegalActionError` carry another game's documented codes."""
    register_action_texts({code: Text("error." + code, meaning) for code, meaning in codes.items()})


class ConfigError(MillionsError, ValueError):
    """A :class:`~millions_rules.GameConfig` or :class:`~millions_rules.LootCard` makes no sense.

    An error a player can meet (a table's player count) is a whole message in every
    language; the others, about a program's arguments, keep their English detail.
    """

    _generic: ClassVar[Text] = msg("error.config", "invalid game configuration: {detail}")


_RANGE: Final = msg("error.config.range", "{field} must be from {low} to {high}, not {given}")
_AT_LEAST: Final = msg("error.config.at_least", "{field} must be >= {low}, not {given}")


def out_of_range(field: Text, given: int, low: int, high: int | None = None) -> ConfigError:
    """The :class:`ConfigError` of a table's option (``field``, the option's name in words)
    outside ``low`` to ``high`` (``None``: no upper bound), whole in every language, since a
    player choosing a new table's options meets it. In English the field is its name in the
    config (``"rounds must be from 1 to 8, not 0"``)."""
    if high is None:
        return ConfigError._worded(_AT_LEAST, field=field, low=low, given=given)
    return ConfigError._worded(_RANGE, field=field, low=low, high=high, given=given)


#: The placeholders of a refusal that hold a seat: written from 1 ("seat 1" is seat 0).
SEAT_PARAMS: Final = frozenset({"seat", "player", "to", "target", "to_act"})


def seat_words(params: Mapping[str, object]) -> dict[str, object]:
    """``params`` with each seat (an int in :data:`SEAT_PARAMS`) numbered from 1, as words say it."""
    return {
        key: value + 1 if key in SEAT_PARAMS and type(value) is int else value
        for key, value in params.items()
    }


#: Another seat's action refused, with the players' names (``localized(names=...)``).
_NOT_YOURS: Final = msg("error.not_your_action.named", "{player} cannot act for {to}")
_MARK: Final = "\x00(\\d+)\x00"
#: How each language writes "seat N" around a seat the refusal names, and what the name
#: alone becomes.
_SEAT_WORDS: Final[dict[str, tuple[tuple[re.Pattern[str], str], ...]]] = {
    "en": ((re.compile(r"\b[Ss]eat " + _MARK), "\x00\\1\x00"),),
    "es": (
        (re.compile(r"\bdel asiento " + _MARK, re.IGNORECASE), "de \x00\\1\x00"),
        (re.compile(r"\bal asiento " + _MARK, re.IGNORECASE), "a \x00\\1\x00"),
        (re.compile(r"\b(?:[Ee]l )?[Aa]siento " + _MARK), "\x00\\1\x00"),
    ),
    "zh": ((re.compile(_MARK + r"号(?:座位|玩家)"), "\x00\\1\x00"),),
}


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
        if code not in _ACTION_TEXTS:  # pragma: no cover
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
        if code not in _ACTION_TEXTS:  # pragma: no cover
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
        return _ACTION_TEXTS[self.code].id

    def localized(self, locale: str = "en", *, names: Sequence[str] | None = None) -> str:
        """The message in ``locale`` (one of :data:`~millions_rules.LOCALES`); ``str(error)`` in English.

        An error built from a template is translated whole; one built from a plain
        message (``IllegalActionError(message, code)``) says what its code means. Seats
        are counted from 1 ("seat 1"); with ``names`` (the players' names, by seat) a seat
        the refusal names is said by its player's name instead, as a table shows it.

        Raises:
            LocaleError: If ``locale`` is unknown.

        >>> from millions_rules import GameConfig, Choose, Role, apply, new_game
        >>> state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
        >>> try:
        ...     apply(state, Choose(0, Role.DRIVER))
        ... except IllegalActionError as error:
        ...     print(error.localized("en", names=["Ana", "Bo", "Cy", "Di"]))
        ...     print(error.localized("zh", names=["Ana", "Bo", "Cy", "Di"]))
        Ana has already chosen; a choice is final (R-PLAN-2)
        Ana已经选好了；选择不可更改（R-PLAN-2）
        """
        language = check_locale(locale)
        if names is not None:
            named = self._named(language, names)
            if named is not None:
                return named
        if self._text is None:
            if language == "en":
                return str(self)
            return cite(_ACTION_TEXTS[self.code].render(language), self.rule, language)
        text = self._text.render(language, **seat_words(self._params))
        return cite(text, self.rule if self._cited else None, language)

    def _named(self, language: str, names: Sequence[str]) -> str | None:
        """The refusal with the seats it names said by the players' names, or ``None``
        when it names none of them."""
        params = self._params
        seat, player = params.get("seat"), params.get("player")
        known = range(len(names))
        if (
            self.code == "not_your_action"
            and type(seat) is int
            and type(player) is int
            and seat in known
            and player in known
        ):
            return _NOT_YOURS.render(language, player=names[seat], to=names[player])
        seats = {
            key: value
            for key, value in params.items()
            if key in SEAT_PARAMS and type(value) is int and value in known
        }
        if self._text is None or not seats:
            return None
        marked = {key: f"\x00{value}\x00" for key, value in seats.items()}
        said = self._text.render(language, **{**seat_words(params), **marked})
        for pattern, replacement in _SEAT_WORDS.get(language, ()):
            said = pattern.sub(replacement, said)
        said = re.sub(_MARK, lambda found: str(names[int(found.group(1))]), said)
        return cite(said.replace("  ", " "), self.rule if self._cited else None, language)

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
