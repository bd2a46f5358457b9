"""*Currency Torraku*'s web page: the words of its widgets and rules panel, what its page
lists, and its companion tables (the seats report their own stacking, R-TK-STACK-7).

The web table reaches this through :attr:`~millions_rules.games.Companions.page`
(:data:`PAGE`); every sentence is a ``web.*`` message of the library's gettext catalogs.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._common.game import Page
from .._common.i18n import Text, check_locale, msg, template
from ._names import PHASES, PIECES, TERMS

__all__ = ["PAGE", "RULES", "WORDS", "page_words"]

#: The rules panel, paragraph by paragraph (the page shows them in order).
RULES: Final[tuple[Text, ...]] = (
    msg(
        "web.rules.torraku.goal",
        "Goal: be out of pieces when a round ends. Several players out of pieces share the win.",
    ),
    msg(
        "web.rules.torraku.betting",
        "Betting: the opener bets at least one piece. In turn, add pieces to your row to "
        "match or raise the current bet (the longest row), or pass: a pass fixes your "
        "bet. Betting ends when everyone has passed.",
    ),
    msg(
        "web.rules.torraku.bag",
        "The bag: on your first bet of a round, if your hand is smaller than the current "
        "bet, bet your whole hand and choose the missing pieces from the bag.",
    ),
    msg(
        "web.rules.torraku.stacking",
        "Stacking: the last to pass lays the base; then in turn everyone adds the "
        "innermost piece of their row to the centre stack. A dropped piece is tried "
        "again.",
    ),
    msg(
        "web.rules.torraku.penalties",
        "Penalties: whoever knocks pieces off the stack, or moves another piece by hand, "
        "takes the whole stack and the piece they were adding into their hand, then starts "
        "a new stack.",
    ),
    msg(
        "web.rules.torraku.winning",
        "End of a round: the stack goes to the bag. A player with no piece left wins; "
        "otherwise the last to add a piece opens the next round.",
    ),
)

#: The words of Torraku's widgets and end screen.
WORDS: Final[tuple[Text, ...]] = (
    # Why the game ended, as Millions' win reasons (web.end.round names the winners).
    msg("web.end.torraku", "Out of pieces"),
    msg("web.end.torraku_limit", "The fewest pieces at the round limit"),
    msg("web.tk.title", "Currency Torraku"),
    *PIECES.values(),
    *TERMS.values(),
    msg("web.tk.passed", "passed"),
    *PHASES.values(),
    msg("web.tk.from_hand", "From your hand"),
    msg("web.tk.from_bag", "From the bag"),
    msg("web.tk.bet", "Bet {number}"),
    msg("web.tk.pass", "Pass"),
    msg("web.tk.no_bet", "Choose pieces that reach the current bet."),
    msg("web.tk.report", "How did your piece go?"),
    msg("web.tk.outcome.placed", "Placed"),
    msg("web.tk.outcome.dropped", "Dropped (try again)"),
    msg("web.tk.outcome.touched", "Moved another piece by hand"),
    msg("web.tk.outcome.knocked_down", "Pieces fell off the stack"),
    msg("web.tk.fallen", "pieces fallen"),
    msg("web.tk.empty", "empty"),
)

#: The lobby's words for the options of a new Torraku table (the config's fields): a
#: label, a line of help and, for a choice, each value's label. The page finds them as
#: ``web.option.torraku.<field>``, ``….help`` and ``….<value>``.
OPTION_WORDS: Final[tuple[Text, ...]] = (
    msg("web.option.torraku.setup", "Game"),
    msg("web.option.torraku.setup.standard", "standard"),
    msg("web.option.torraku.setup.long", "long game"),
    msg("web.option.torraku.round_limit", "Last round"),
    msg(
        "web.option.torraku.round_limit.help",
        "House rule: after this round the fewest pieces win; empty for no limit (R-TK-VAR-LIMIT).",
    ),
    msg("web.option.torraku.knock_base", "Chance of knocking pieces off the stack"),
    msg(
        "web.option.torraku.knock_base.help",
        "For a bot's stacking, onto a stack of one piece (R-TK-SIM-1).",
    ),
    msg("web.option.torraku.knock_slope", "Extra chance per piece"),
    msg(
        "web.option.torraku.knock_slope.help",
        "Added to that chance for each further piece in the stack (R-TK-SIM-1).",
    ),
    msg("web.option.torraku.knock_cap", "Highest chance of knocking pieces off"),
    msg("web.option.torraku.touch", "Chance of moving another piece by hand"),
    msg("web.option.torraku.drop", "Chance the piece falls alone"),
    msg(
        "web.option.torraku.drop.help",
        "The piece falls by itself and the stacker tries again (R-TK-SIM-1).",
    ),
)


@functools.cache
def _words(language: str) -> tuple[tuple[str, str], ...]:
    found = [(text.id, template(text, language)) for text in (*RULES, *WORDS, *OPTION_WORDS)]
    found.append(("web.rules.torraku", " ".join(text.id for text in RULES)))
    return tuple(found)


def page_words(locale: str) -> dict[str, str]:
    """The page's Torraku words in ``locale``: the rules panel (``web.rules.torraku``
    lists its ids) and the widgets' ``web.tk.*`` messages.

    >>> from millions_rules.torraku._page import page_words
    >>> page_words("es")["web.tk.pass"]
    'Pasar'
    """
    return dict(_words(check_locale(locale)))


def _extras(state: Any) -> Mapping[str, Any]:
    # The page's widgets read no heist summary and no target.
    return {"summary": None, "target": None}


def _view_extras(seen: Any) -> Mapping[str, Any]:
    return {"target": None}


def _round_of(state: Any) -> object:
    return state.round


def _offered(state: Any, seen: Any, seat: int) -> Sequence[Any]:
    return tuple(seen.legal_actions)


#: Torraku's page: its widgets and words; a table may be a companion table.
PAGE: Final = Page(
    widgets="torraku",
    words=page_words,
    extras=_extras,
    view_extras=_view_extras,
    offered=_offered,
    round_of=_round_of,
    companion_table=True,
)
