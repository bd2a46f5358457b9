"""Localisable messages: a stable id and English templates (see :mod:`millions_rules._common.i18n`).

This module is a leaf: every module of every game may mark its sentences with :func:`msg`
and :func:`nmsg`. Rendering in a language asks the localisation module for the catalog.
"""

from __future__ import annotations

import importlib
import sys

import attrs

__all__ = ["Text", "msg", "nmsg"]

# The localisation module raises the library's errors, whose messages are Texts: this
# module reaches it when a message is first rendered, not when it is imported.
_I18N = f"{__package__}.i18n"


@attrs.frozen
class Text:
    """A localisable message: a stable id and the English template(s).

    A placeholder's value is written for the locale: a :class:`~millions_rules.Role` by
    its name, :class:`~millions_rules.millions._text.Money` by :func:`~millions_rules.format_money`,
    a :class:`Text` or an object with a ``localized(locale)`` method in that locale,
    anything else by :class:`str` (see :func:`~millions_rules._common.i18n.word`).
    """

    id: str
    """The stable message id, also the gettext context (``msgctxt``)."""
    english: str
    """The English template (the gettext ``msgid``)."""
    plural: str | None = None
    """The English plural template, if the message has plural forms (chosen by ``count``)."""

    def render(self, locale: str = "en", /, **params: object) -> str:
        """The message in ``locale`` with its placeholders filled.

        >>> from millions_rules._common.text import msg
        >>> msg("role.mastermind", "Mastermind").render("es")
        'Mente Maestra'
        """
        i18n = sys.modules.get(_I18N) or importlib.import_module(_I18N)
        return i18n.render(self, i18n.check_locale(locale), params)  # type: ignore[no-any-return]


def msg(message_id: str, english: str) -> Text:
    """Mark a message for translation (Babel keyword ``msg:1c,2``)."""
    return Text(message_id, english)


def nmsg(message_id: str, singular: str, plural: str) -> Text:
    """Mark a message with plural forms, chosen by its ``count`` (Babel keyword ``nmsg:1c,2,3``)."""
    return Text(message_id, singular, plural)
