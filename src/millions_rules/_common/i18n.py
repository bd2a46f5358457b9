"""Localisation shared by every game: messages, the locales, the catalogs and rendering.

Every sentence the library produces is a :class:`Text`: a
stable message id (``"event.paid"``, ``"action.stay"``, ``"error.self_target"``,
``"role.brute"``...) and an English template with named placeholders. English is the
source language and needs no catalog; Spanish and Chinese come from standard gettext
catalogs, ``locale/<lang>/LC_MESSAGES/millions_rules.po``, one domain for every game,
compiled to ``.mo`` files that ship with the package and are read with the standard
library's :mod:`gettext`. The message id is the gettext context (``msgctxt``) and the
English template the ``msgid``, so a translator sees both, and a changed English sentence
shows up as an untranslated message.

A game writes its own kinds of placeholder values (Millions' roles and money, Torraku's
pieces) through a function it registers with :func:`register_words`.

This module is the bottom of the common layer's words: it imports no other module of
the layer. It holds the root error class, :class:`~millions_rules.MillionsError`, whose
defining trait is a message in every locale, and :class:`~millions_rules.LocaleError`,
which checking a locale raises; ``millions_rules._common.errors`` builds the other
errors on them. The dependency goes one way, ``errors`` to ``i18n`` (a test checks that
the common layer's import graph has no cycle).
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import ClassVar, Final, TypeVar

import attrs

__all__ = [
    "LIST_WORDS",
    "template",
    "DOMAIN",
    "LOCALES",
    "LocaleError",
    "MillionsError",
    "Text",
    "check_locale",
    "cite",
    "join_and",
    "join_items",
    "join_list",
    "msg",
    "nmsg",
    "register_words",
    "render",
    "translations",
    "word",
]

#: The locales the library speaks, English (the source language), Spanish and Chinese
#: (simplified). Regional tags whose language is one of these, such as ``"es-MX"`` or
#: ``"zh_CN"``, are accepted and read as that language.
LOCALES: Final[tuple[str, ...]] = ("en", "es", "zh")

#: The gettext domain; the catalogs are ``locale/<lang>/LC_MESSAGES/millions_rules.mo``.
DOMAIN: Final = "millions_rules"


_EXACT: Final = frozenset(LOCALES)


@attrs.frozen
class Text:
    """A localisable message: a stable id and the English template(s).

    A placeholder's value is written for the locale: a :class:`~millions_rules.Role` by
    its name, :class:`~millions_rules.millions._text.Money` by :func:`~millions_rules.format_money`,
    a :class:`Text` or an object with a ``localized(locale)`` method in that locale,
    anything else by :class:`str` (see :func:`word`).
    """

    id: str
    """The stable message id, also the gettext context (``msgctxt``)."""
    english: str
    """The English template (the gettext ``msgid``)."""
    plural: str | None = None
    """The English plural template, if the message has plural forms (chosen by ``count``)."""

    def render(self, locale: str = "en", /, **params: object) -> str:
        """The message in ``locale`` with its placeholders filled.

        >>> from millions_rules._common.i18n import msg, nmsg
        >>> msg("role.mastermind", "Mastermind").render("es")
        'Mente Maestra'
        """
        return render(self, check_locale(locale), params)


def msg(message_id: str, english: str) -> Text:
    """Mark a message for translation (Babel keyword ``msg:1c,2``)."""
    return Text(message_id, english)


def nmsg(message_id: str, singular: str, plural: str) -> Text:
    """Mark a message with plural forms, chosen by its ``count`` (Babel keyword ``nmsg:1c,2,3``).

    The catalogs give each language its own number of forms (their ``Plural-Forms``
    header): two in Spanish, one in Chinese.
    """
    return Text(message_id, singular, plural)


_E = TypeVar("_E", bound="MillionsError")


class MillionsError(Exception):
    """Base class of every error raised by millions-rules."""

    _generic: ClassVar[Text] = msg("error.millions", "{detail}")
    # What the class's errors say in another language, around their English detail;
    # each subclass may have its own (the nearest one in the class's MRO counts).

    # An error a player can meet is a whole message in every language: its template and values.
    _words: tuple[Text, Mapping[str, object]] | None = None

    @classmethod
    def _worded(cls: type[_E], text: Text, **params: object) -> _E:
        """The error whose message is ``text`` filled with ``params``, in every language."""
        error = cls(text.render("en", **params))
        error._words = (text, dict(params))
        return error

    @property
    def message_id(self) -> str:
        """The stable id of the error's message in the catalogs, such as ``"error.config"``."""
        return self._generic.id if self._words is None else self._words[0].id

    def localized(self, locale: str = "en") -> str:
        """The error's message in ``locale`` (one of :data:`~millions_rules.LOCALES`).

        In English it is ``str(error)``. An error a player can meet (a table's player count,
        an unknown language) is translated whole; the others say what kind of error it is
        and keep the details, which name a program's fields and values, in English.

        Raises:
            LocaleError: If ``locale`` is unknown.
        """
        if check_locale(locale) == "en":
            return str(self)
        if self._words is not None:
            text, params = self._words
            return text.render(locale, **params)
        return self._generic.render(locale, detail=str(self))


class LocaleError(MillionsError, ValueError):
    """A locale the library does not speak, or a word it cannot localise.

    The locales are :data:`~millions_rules.LOCALES`.

    >>> from millions_rules import Role, role_name
    >>> role_name(Role.BRUTE, "fr")
    Traceback (most recent call last):
    ...
    millions_rules.LocaleError: unknown locale 'fr': millions-rules speaks 'en', 'es', 'zh'
    """

    _generic: ClassVar[Text] = msg("error.locale", "unknown language or word: {detail}")


def check_locale(locale: object) -> str:
    """The language of ``locale``, one of :data:`~millions_rules.LOCALES`.

    ``"es"``, ``"es-AR"``, ``"es_ES.UTF-8"`` and ``"ES"`` all give ``"es"``.

    Raises:
        LocaleError: If ``locale`` is not a string naming one of :data:`~millions_rules.LOCALES`.

    >>> from millions_rules._common.i18n import check_locale
    >>> check_locale("zh-CN")
    'zh'
    """
    if type(locale) is str:
        if locale in _EXACT:
            return locale
        language = locale.replace("_", "-").split("-", 1)[0].split(".", 1)[0].lower()
        if language in _EXACT:
            return language
    raise LocaleError._worded(_UNKNOWN_LOCALE, locale=repr(locale))


_UNKNOWN_LOCALE: Final = msg(
    "error.locale.unknown", "unknown locale {locale}: millions-rules speaks 'en', 'es', 'zh'"
)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of a language of :data:`~millions_rules.LOCALES` (English has none: the source)."""
    if language == "en":
        return gettext.NullTranslations()
    path = resources.files("millions_rules") / "locale" / language / "LC_MESSAGES"
    try:
        data = (path / f"{DOMAIN}.mo").read_bytes()
    except OSError:
        raise LocaleError(
            f"the {language!r} catalog is missing from this installation of millions-rules"
        ) from None
    return gettext.GNUTranslations(io.BytesIO(data))


def template(text: Text, language: str) -> str:
    """``text``'s (singular) template in ``language``, its placeholders left as they are."""
    if language == "en":
        return text.english
    return translations(language).pgettext(text.id, text.english)


def render(text: Text, language: str, params: Mapping[str, object]) -> str:
    """``text`` in ``language`` (a checked one of :data:`~millions_rules.LOCALES`) with ``params`` filled."""
    if language == "en":
        # The source language: the templates themselves, as gettext would give them.
        template = text.english if text.plural is None or params.get("count") == 1 else text.plural
    else:
        catalog = translations(language)
        if text.plural is None:
            template = catalog.pgettext(text.id, text.english)
        else:
            count = params.get("count")
            number = count if type(count) is int else 1
            template = catalog.npgettext(text.id, text.english, text.plural, number)
    return template.format_map({key: word(value, language) for key, value in params.items()})


#: The games' writers of their own placeholder values, in the order they registered.
_WORD_WRITERS: list[Callable[[object, str], str | None]] = []


def register_words(writer: Callable[[object, str], str | None]) -> None:
    """Let :func:`word` write a game's own placeholder values.

    ``writer(value, language)`` returns the value written in ``language``, or ``None``
    for a value that is not one of the game's.
    """
    if writer not in _WORD_WRITERS:
        _WORD_WRITERS.append(writer)


def word(value: object, language: str) -> str:
    """A placeholder's value written in ``language`` (see :class:`~millions_rules._common.i18n.Text`)."""
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]  # kind is str
    if kind is int:
        return str(value)
    for writer in _WORD_WRITERS:
        written = writer(value, language)
        if written is not None:
            return written
    if isinstance(value, Text):
        return value.render(language)
    localized = getattr(value, "localized", None)
    if callable(localized):
        return str(localized(language))
    return str(value)


_CITE: Final = msg("rule.cited", "{message} ({rule})")


def cite(message: str, rule: str | None, locale: str = "en") -> str:
    """``message`` followed by the id of the rule it rests on, if any."""
    if rule is None:
        return message
    return _CITE.render(locale, message=message, rule=rule)


_ITEMS: Final = msg("list.items", ", ")
_AND: Final = msg("list.and", " and ")
_COMMA: Final = msg("list.comma", " and ")
#: The words that join a list (``list.items``, ``list.and``, ``list.comma``), for a page
#: that joins lists itself.
LIST_WORDS: Final = (_ITEMS, _AND, _COMMA)


def join_and(items: Iterable[str], locale: str = "en") -> str:
    """Join words as a list ending in "and": ``Al and Bo and Cy``, ``Al, Bo y Cy``, ``Al、Bo和Cy``.

    >>> from millions_rules._common.i18n import join_and
    >>> join_and(["Al", "Bo", "Cy"], "es"), join_and(["Al", "Bo", "Cy"], "zh")
    ('Al, Bo y Cy', 'Al、Bo和Cy')
    """
    words = list(items)
    language = check_locale(locale)
    if len(words) < 2:
        return "".join(words)
    comma = _COMMA.render(language)
    return comma.join(words[:-1]) + _AND.render(language) + words[-1]


def join_list(items: Iterable[str], locale: str = "en") -> str:
    """Join words as a list whose last two are joined by "and": ``A, B and C``.

    >>> from millions_rules._common.i18n import join_list
    >>> join_list(["2 vans", "1 rice cooker", "3 washing machines"])
    '2 vans, 1 rice cooker and 3 washing machines'
    >>> join_list(["A", "B", "C"], "zh")
    'A、B和C'
    """
    words = list(items)
    language = check_locale(locale)
    if len(words) < 2:
        return "".join(words)
    return _ITEMS.render(language).join(words[:-1]) + _AND.render(language) + words[-1]


def join_items(items: Iterable[str], locale: str = "en") -> str:
    """Join words as a plain list: ``brute, crook`` (``暴徒、恶棍`` in Chinese)."""
    return _ITEMS.render(locale).join(items)
