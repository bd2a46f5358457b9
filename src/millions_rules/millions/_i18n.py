"""Localisation of Millions of Dollars: its roles, phases, money and terms in every locale.

The locales, the catalogs and the rendering of a message are common to every game
(:mod:`millions_rules._common.i18n`, re-exported here); this module adds Millions' own
words and teaches :func:`~millions_rules._common.i18n.word` to write a
:class:`~millions_rules.Role` and :class:`~millions_rules.millions._text.Money`.

The templates are marked with :func:`~millions_rules._common.i18n.msg` and
:func:`~millions_rules._common.i18n.nmsg`, the keywords Babel
extracts (``nox -s i18n`` extracts, updates and compiles the catalogs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .._common.errors import LocaleError
from .._common.i18n import (
    DOMAIN,
    LOCALES,
    check_locale,
    cite,
    join_and,
    join_items,
    render,
    translations,
    word,
)
from .._common.i18n import register_words as _register_words
from ._events import WinReason
from ._roles import Role
from ._state import Phase
from ._text import Money, Text, msg

__all__ = [
    "DOMAIN",
    "LOCALES",
    "TERMS",
    "check_locale",
    "cite",
    "format_money",
    "join_and",
    "join_items",
    "phase_name",
    "role_name",
    "term",
    "render",
    "translations",
    "win_reason",
    "word",
]


def _millions_word(value: object, language: str) -> str | None:
    # Millions' placeholder values: a role by its name, money as the language writes it.
    if isinstance(value, Role):
        # Every language names a role as its card does: "the Brute", "Matón", "暴徒".
        return role_name(value, language)
    if isinstance(value, Money):
        # A malformed action may hold anything where money goes: show it as it is.
        amount = value.amount
        return format_money(amount, language) if type(amount) is int else repr(amount)
    return None


_register_words(_millions_word)


_ROLE_NAMES: Final[dict[Role, Text]] = {
    Role.SNITCH: msg("role.snitch", "Snitch"),
    Role.BRUTE: msg("role.brute", "Brute"),
    Role.DRIVER: msg("role.driver", "Driver"),
    Role.CROOK: msg("role.crook", "Crook"),
    Role.MASTERMIND: msg("role.mastermind", "Mastermind"),
}


def role_name(role: Role, locale: str = "en") -> str:
    """The name of a role in ``locale``, capitalised as on the cards.

    Args:
        role: A role.
        locale: One of :data:`~millions_rules.LOCALES` (or a regional tag of one).

    Raises:
        LocaleError: If ``locale`` is unknown or ``role`` is not a :class:`~millions_rules.Role`.

    >>> [role_name(role, "es") for role in Role]
    ['Soplón', 'Matón', 'Conductor', 'Estafador', 'Mente Maestra']
    >>> role_name(Role.CROOK, "zh")
    '恶棍'
    """
    if not isinstance(role, Role):
        raise LocaleError(f"expected a Role, not {role!r}")
    language = check_locale(locale)
    name = _ROLE_WORDS.get((role, language))
    if name is None:
        name = _ROLE_WORDS[role, language] = render(_ROLE_NAMES[role], language, {})
    return name


# The names already looked up, by role and language: at most 15.
_ROLE_WORDS: dict[tuple[Role, str], str] = {}


_MONEY: Final = msg("money", "{amount}M")
# A hundred millions or more, in the languages that have a word for it: 1.5亿 in Chinese.
_MONEY_LARGE: Final = msg("money.large", "{amount}M")
_ZERO: Final = msg("money.zero", "0M")
# Chinese counts money in 万 (ten thousands), 1M is 100万, and from 100M in 亿 (a hundred
# millions), as a Chinese reader expects: 150M is 1.5亿, not 15000万.
_UNITS_PER_MILLION: Final[dict[str, int]] = {"en": 1, "es": 1, "zh": 100}
_LARGE_FROM: Final[dict[str, int]] = {"zh": 100}


def format_money(amount: int, locale: str = "en") -> str:
    """An amount in millions, written as ``locale`` writes it.

    English writes ``3M``, Spanish ``3 M`` and Chinese counts in 万 (ten thousands), as
    the Chinese rule book does: ``300万``; from 100M on, Chinese counts in 亿 (a hundred
    millions): ``1.5亿``, ``2亿``.

    Raises:
        LocaleError: If ``locale`` is unknown or ``amount`` is not an int.

    >>> format_money(12), format_money(12, "es"), format_money(12, "zh")
    ('12M', '12 M', '1200万')
    >>> format_money(150), format_money(150, "zh"), format_money(200, "zh")
    ('150M', '1.5亿', '2亿')
    >>> format_money(0), format_money(0, "es"), format_money(0, "zh")
    ('0M', '0 M', '0')
    """
    language = check_locale(locale)
    if type(amount) is not int:
        raise LocaleError(f"an amount of money must be an int, not {amount!r}")
    if amount == 0:
        # No money is 0 in every language: "0万" is not how Chinese writes nothing.
        return _template(_ZERO, language)
    large = _LARGE_FROM.get(language)
    if large is not None and abs(amount) >= large:
        whole, part = divmod(abs(amount), large)
        digits = f"{whole}.{part:02d}".rstrip("0").rstrip(".")
        return _template(_MONEY_LARGE, language).format(amount="-" * (amount < 0) + digits)
    return _template(_MONEY, language).format(amount=amount * _UNITS_PER_MILLION[language])


def _template(text: Text, language: str) -> str:
    template = _MONEY_TEMPLATES.get((text.id, language))
    if template is None:
        template = _MONEY_TEMPLATES[text.id, language] = render(
            text, language, {"amount": "{amount}"}
        )
    return template


# The money templates of each language, once looked up.
_MONEY_TEMPLATES: dict[tuple[str, str], str] = {}


#: Names of the game's components and quantities, for a frontend's labels.
TERMS: Final[Mapping[str, Text]] = {
    "cash": msg("term.cash", "Cash"),
    "reserve": msg("term.reserve", "Reserve"),
    "loot_card": msg("term.loot_card", "Loot card"),
    "deposit": msg("term.deposit", "Deposit"),
    "leader": msg("term.leader", "Leader"),
    "leader_card": msg("term.leader_card", "Leader card"),
    "threat_card": msg("term.threat_card", "Threat card"),
    "role_card": msg("term.role_card", "Role card"),
    "character": msg("term.character", "Character"),
    "round": msg("term.round", "Round"),
    "bonus_symbol": msg("term.bonus_symbol", "Symbol"),
    "winner": msg("term.winner", "Winner"),
    "face_up_roles": msg("term.face_up_roles", "Face-up role cards"),
    "my_characters": msg("term.my_characters", "Your characters"),
    "seen_by_threat": msg("term.seen_by_threat", "Seen with a threat card"),
    "log": msg("term.log", "What happened"),
    "player": msg("term.player", "Player"),
    "spectator": msg("term.spectator", "Spectator"),
}


_PHASE_NAMES: Final[dict[Phase, Text]] = {
    Phase.DEALING: msg("phase_name.dealing", "Dealing"),
    Phase.PLANNING: msg("phase_name.planning", "Planning"),
    Phase.SETTING_ASIDE: msg("phase_name.setting_aside", "Setting a role card aside"),
    Phase.NEGOTIATION: msg("phase_name.negotiation", "Negotiation"),
    Phase.HEIST: msg("phase_name.heist", "Heist"),
    Phase.GAME_OVER: msg("phase_name.game_over", "Game over"),
}


def phase_name(phase: Phase, locale: str = "en") -> str:
    """The name of a phase of the round in ``locale``, for a table's heading.

    Each game names its own phases: Currency Torraku's are named by
    :func:`millions_rules.torraku.phase_name`.

    Raises:
        LocaleError: If ``locale`` is unknown or ``phase`` is not a :class:`~millions_rules.Phase`
            (a Torraku phase is refused with a pointer to Torraku's ``phase_name``).

    >>> from millions_rules import Phase
    >>> phase_name(Phase.NEGOTIATION, "es"), phase_name(Phase.HEIST, "zh")
    ('Negociación', '抢劫')
    """
    text = _PHASE_NAMES.get(phase) if isinstance(phase, Phase) else None
    if text is None:
        hint = ""
        if type(phase).__module__.startswith("millions_rules.torraku"):
            hint = "; name Currency Torraku's phases with millions_rules.torraku.phase_name"
        raise LocaleError(f"expected a Phase of Millions of Dollars, not {phase!r}{hint}")
    return text.render(locale)


_WIN_REASONS: Final[dict[WinReason, Text]] = {
    WinReason.TARGET: msg("win_reason.target", "Reached the target after a round"),
    WinReason.LAST_ROUND: msg("win_reason.last_round", "Richest after the last round"),
}


def win_reason(reason: WinReason, locale: str = "en") -> str:
    """Why the game ended (:attr:`GameWon.reason <millions_rules.GameWon.reason>`), for an end screen.

    Raises:
        LocaleError: If ``locale`` is unknown or ``reason`` is not a
            :class:`~millions_rules.WinReason`.

    >>> from millions_rules import WinReason
    >>> win_reason(WinReason.TARGET, "es"), win_reason(WinReason.LAST_ROUND, "zh")
    ('Meta alcanzada al final de una ronda', '最后一回合结束后最有钱')
    """
    text = _WIN_REASONS.get(reason) if isinstance(reason, WinReason) else None
    if text is None:
        raise LocaleError(f"expected a WinReason, not {reason!r}")
    return text.render(locale)


def term(key: str, locale: str = "en") -> str:
    """The name of a component of the game in ``locale``; ``key`` is one of :data:`TERMS`.

    Raises:
        LocaleError: If ``locale`` is unknown or ``key`` is not one of :data:`TERMS`.

    >>> term("reserve", "zh"), term("threat_card", "es")
    ('储备现金', 'Carta de Intimidación')
    """
    text = TERMS.get(key) if isinstance(key, str) else None
    if text is None:
        raise LocaleError(f"unknown term {key!r}; the terms are {', '.join(TERMS)}")
    return text.render(locale)
