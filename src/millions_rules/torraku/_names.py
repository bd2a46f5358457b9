"""*Currency Torraku*'s names in every language: its phases, its pieces and the parts of
its table, as the web page's headings show them (the same catalog entries), for a frontend
or a chat bot that writes its own labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .._common.i18n import LocaleError, Text, check_locale, msg
from ._pieces import PieceKind
from ._state import Phase

__all__ = ["PHASES", "PIECES", "TERMS", "phase_name", "piece_name", "term"]

#: A phase's name, as a heading shows it.
PHASES: Final[Mapping[Phase, Text]] = {
    Phase.BETTING: msg("web.tk.phase.betting", "Betting"),
    Phase.STACKING: msg("web.tk.phase.stacking", "Stacking"),
    Phase.GAME_OVER: msg("web.tk.phase.game_over", "Game over"),
}

#: A kind of piece's name, as a label shows it (singular, no article).
PIECES: Final[Mapping[PieceKind, Text]] = {
    PieceKind.VAN: msg("web.tk.piece.van", "van"),
    PieceKind.WASHING_MACHINE: msg("web.tk.piece.washing_machine", "washing machine"),
    PieceKind.RICE_COOKER: msg("web.tk.piece.rice_cooker", "rice cooker"),
}

#: The names of the table's parts and quantities, for a frontend's labels.
TERMS: Final[Mapping[str, Text]] = {
    "hand": msg("web.tk.hand", "Hand"),
    "row": msg("web.tk.row", "Row"),
    "pieces_left": msg("web.tk.left", "Pieces left"),
    "stack": msg("web.tk.stack", "Centre stack"),
    "bag": msg("web.tk.bag", "Bag"),
    "current_bet": msg("web.tk.current_bet", "Current bet"),
    "opener": msg("web.tk.opener", "Opener"),
}


def phase_name(phase: Phase, locale: str = "en") -> str:
    """The name of a Currency Torraku phase in ``locale``.

    >>> from millions_rules.torraku import Phase, phase_name
    >>> [phase_name(phase, "es") for phase in Phase]
    ['Apuestas', 'Apilado', 'Fin de la partida']
    >>> [phase_name(phase, "zh") for phase in Phase]
    ['下注', '叠放', '游戏结束']

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown or ``phase`` is no Torraku :class:`Phase`.
    """
    language = check_locale(locale)
    text = PHASES.get(phase) if isinstance(phase, Phase) else None
    if text is None:
        raise LocaleError(f"expected a Currency Torraku Phase, not {phase!r}")
    return text.render(language)


def piece_name(kind: PieceKind, locale: str = "en") -> str:
    """The name of a kind of piece in ``locale``, singular and without an article.

    >>> from millions_rules.torraku import PieceKind, piece_name
    >>> [piece_name(kind, "es") for kind in PieceKind]
    ['camioneta', 'lavadora', 'arrocera']
    >>> [piece_name(kind, "zh") for kind in PieceKind]
    ['面包车', '洗衣机', '电饭煲']

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown or ``kind`` is no :class:`PieceKind`.
    """
    language = check_locale(locale)
    text = PIECES.get(kind) if isinstance(kind, PieceKind) else None
    if text is None:
        raise LocaleError(f"expected a PieceKind, not {kind!r}")
    return text.render(language)


def term(key: str, locale: str = "en") -> str:
    """The name of a part of the table in ``locale``; ``key`` is one of :data:`TERMS`.

    >>> from millions_rules.torraku import term
    >>> term("bag", "es"), term("stack", "zh"), term("current_bet", "en")
    ('Bolsa', '中央的钱堆', 'Current bet')

    Raises:
        millions_rules.LocaleError: If ``locale`` is unknown or ``key`` is not one of :data:`TERMS`.
    """
    language = check_locale(locale)
    text = TERMS.get(key) if isinstance(key, str) else None
    if text is None:
        raise LocaleError(f"unknown term {key!r}; the terms are {', '.join(TERMS)}")
    return text.render(language)
