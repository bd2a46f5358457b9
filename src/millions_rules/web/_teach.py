"""What the page teaches and tells: the rules panel, the heist summary, Torraku's widgets,
and refusals in the reader's language with the players' names.

Every sentence is a ``web.*`` message of the library's gettext catalogs, so Spanish and
Chinese come with it; :func:`teach_words` hands them to :func:`~millions_rules.web.words`
with their ``{placeholders}`` left for the page to fill.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Final

from .._common.errors import ConfigError, seat_words
from .._common.i18n import Text, check_locale, cite, msg, translations
from ..millions._errors import IllegalActionError
from ..millions._events import (
    CharacterRevealed,
    Eliminated,
    LootRevealed,
    RoundEnded,
    ShareReceived,
)
from ..millions._money import cash_after
from ..millions._state import GameState

__all__ = [
    "summarize_heist",
    "RULES",
    "TEACH_WORDS",
    "heist_summary",
    "localize",
    "page_extras",
    "refusal",
    "teach_words",
]

#: The rules panel of each game, paragraph by paragraph (the page shows them in order).
RULES: Final[dict[str, tuple[Text, ...]]] = {
    "millions": (
        msg(
            "web.rules.millions.goal",
            "Goal: be the richest when someone reaches the target of {amount} after a heist, "
            "or after the last round. Everyone starts with 5M.",
        ),
        msg(
            "web.rules.millions.roles",
            "Roles: each round every boss secretly sends one character (Snitch, Brute, "
            "Driver, Crook, Mastermind). Two or more of the same role botch the job: all of "
            "them are eliminated.",
        ),
        msg(
            "web.rules.millions.deposits",
            "Deposits: a character costs the deposit shown on the loot card. You get it back "
            "if you leave or survive the heist; an eliminated character loses it (a Brute "
            "always keeps it).",
        ),
        msg(
            "web.rules.millions.threats",
            "Threat cards: a lone Brute gains one. In a later negotiation, spend it to look at "
            "another player's face-down character; everyone sees on whom.",
        ),
        msg(
            "web.rules.millions.payments",
            "Negotiation and payments: stay or leave, and pay any amount to another player "
            "still in the round to strike a deal. Payments are final.",
        ),
        msg(
            "web.rules.millions.heist",
            "The heist: a lone Snitch names a role, and its characters are eliminated. The "
            "survivors split the loot (a Mastermind adds 2M); each pays the Driver 1M; the "
            "Crook takes 2M from the Brute; the role shown by the card's symbol earns 1M.",
        ),
    ),
    "torraku": (
        msg(
            "web.rules.torraku.goal",
            "Goal: be out of pieces when a round ends. Several players out of pieces share "
            "the win.",
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
    ),
}

#: The rest of the page's words this module adds, by message id.
TEACH_WORDS: Final[tuple[Text, ...]] = (
    msg("web.rules.title", "How to play"),
    msg("web.target", "Target: {amount}"),
    msg("web.summary.title", "Last heist (round {number})"),
    # R-HEIST: everyone eliminated, duplicates and Brutes too (a Brute keeps its deposit).
    msg("web.summary.caught", "Eliminated: {names}"),
    msg("web.summary.nobody_caught", "Nobody was eliminated."),
    # A character: its owner and its role, "Ana (Brute)", "Ana（暴徒）".
    msg("web.summary.named", "{player} ({role})"),
    msg("web.summary.shares", "Shares: {entries}"),
    msg("web.summary.no_shares", "Nobody shared the loot."),
    msg("web.summary.entry", "{player} {amount}"),
    msg("web.summary.change", "Cash change"),
    msg("web.summary.revealed", "Revealed"),
    msg("web.end.won_with", "{names} won with {amount}."),
    msg("web.end.won_with.tie", "{names} share the win with {amount} each."),
    msg("web.end.torraku", "{names}: out of pieces."),
    msg("web.end.torraku_limit", "{names}: the fewest pieces at the round limit."),
    msg("web.tk.title", "Currency Torraku"),
    msg("web.tk.piece.van", "van"),
    msg("web.tk.piece.washing_machine", "washing machine"),
    msg("web.tk.piece.rice_cooker", "rice cooker"),
    msg("web.tk.hand", "Hand"),
    msg("web.tk.row", "Row"),
    msg("web.tk.left", "Pieces left"),
    msg("web.tk.stack", "Centre stack"),
    msg("web.tk.bag", "Bag"),
    msg("web.tk.current_bet", "Current bet"),
    msg("web.tk.opener", "Opener"),
    msg("web.tk.passed", "passed"),
    msg("web.tk.phase.betting", "Betting"),
    msg("web.tk.phase.stacking", "Stacking"),
    msg("web.tk.phase.game_over", "Game over"),
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
    msg("web.replay.title", "Replay"),
    msg("web.replay.open", "Open a record"),
    msg("web.replay.first", "First"),
    msg("web.replay.back", "Back"),
    msg("web.replay.next", "Next"),
    msg("web.replay.last", "Last"),
    msg("web.replay.step", "Step {number} of {count}"),
    msg("web.replay.as", "Seen by"),
    msg("web.replay.everyone", "everyone (after the game)"),
    msg("web.replay.link", "Replay this game"),
    msg("web.replay.save", "Save the replay"),
    msg("web.error.bad_request", "the table did not understand the request."),
    msg("web.error.table_closed", "the host closed this table."),
    msg("web.error.unknown_table", "no open table has this link."),
    msg("web.error.too_many_tables", "the server holds as many tables as it may: close one first."),
    msg("web.error.store_failed", "the server could not save the table; try again."),
    msg("web.error.body_too_large", "the request is too large."),
    msg("web.error.body_timeout", "the request took too long to arrive."),
    msg("web.error.external_dealer", "a web table needs the engine to deal the cards."),
    msg("web.error.not_over", "everyone's replay is shown once the game is over."),
    msg("web.error.not_your_action", "{player} cannot act for {to}."),
    # The lobby's refusals of a new table's form (TableError ``bad_request``).
    msg("web.error.players", "players: from {low} to {high}."),
    msg("web.error.bots", "bots: from 0 to {high}."),
)

#: The lobby's refusals, by the English message the server writes: what each says in words.
_LOBBY: Final[tuple[tuple[re.Pattern[str], Text], ...]] = (
    (re.compile(r"players must be from (?P<low>\d+) to (?P<high>\d+)"), TEACH_WORDS[-2]),
    (re.compile(r"bots must be from 0 to (?P<high>\d+)"), TEACH_WORDS[-1]),
)


def _raw(text: Text, language: str) -> str:
    # The message's template in ``language``, its placeholders left as they are.
    if language == "en":
        return text.english
    return translations(language).pgettext(text.id, text.english)


@functools.cache
def _teach(language: str) -> tuple[tuple[str, str], ...]:
    every = [text for texts in RULES.values() for text in texts] + list(TEACH_WORDS)
    found = [(text.id, _raw(text, language)) for text in every]
    found += [(f"web.rules.{game}", " ".join(t.id for t in texts)) for game, texts in RULES.items()]
    return tuple(found)


def teach_words(locale: str = "en") -> dict[str, str]:
    """This module's words in ``locale``, by message id, placeholders left for the page.

    ``web.rules.<game>`` lists the ids of that game's rules paragraphs, in order.

    >>> from millions_rules.web._teach import teach_words
    >>> teach_words("es")["web.tk.pass"], teach_words("zh")["web.rules.title"]
    ('Pasar', '玩法')
    """
    return dict(_teach(check_locale(locale)))


_NOT_YOURS: Final = TEACH_WORDS[-3]


#: The placeholders of the engine's refusals that hold a seat.
_SEAT_PARAMS: Final = frozenset({"seat", "player", "to", "target"})
_MARK: Final = "\x00(\\d+)\x00"
#: How each language writes "seat N" around a seat, and what the name alone becomes.
_SEAT_WORDS: Final[dict[str, tuple[tuple[re.Pattern[str], str], ...]]] = {
    "en": ((re.compile(r"\b[Ss]eat " + _MARK), "\x00\\1\x00"),),
    "es": (
        (re.compile(r"\bdel asiento " + _MARK), "de \x00\\1\x00"),
        (re.compile(r"\bal asiento " + _MARK), "a \x00\\1\x00"),
        (re.compile(r"\b(?:[Ee]l )?asiento " + _MARK), "\x00\\1\x00"),
    ),
    "zh": ((re.compile(_MARK + r"号(?:座位|玩家)"), "\x00\\1\x00"),),
}


def refusal(error: IllegalActionError, language: str, names: Sequence[str]) -> str:
    """An engine's refusal in ``language`` with the players' names instead of seat numbers.

    Another seat's action (``not_your_action``) reads "Bruno cannot act for Ana"; any
    other refusal that names a seat ("seat 1 has already chosen") names the player
    ("Bruno has already chosen"); the rest is
    :meth:`~millions_rules.IllegalActionError.localized`.
    """
    params: dict[str, Any] = dict(getattr(error, "_params", {}) or {})
    seat, player = params.get("seat"), params.get("player")
    known = isinstance(seat, int) and isinstance(player, int)
    if error.code == "not_your_action" and known and {seat, player} <= set(range(len(names))):
        assert isinstance(seat, int) and isinstance(player, int)
        return _raw(_NOT_YOURS, language).format(player=names[seat], to=names[player])
    text: Text | None = getattr(error, "_text", None)
    seats = {
        key: value
        for key, value in params.items()
        if key in _SEAT_PARAMS and type(value) is int and 0 <= value < len(names)
    }
    if text is None or not seats:
        return error.localized(language)
    marked = {key: f"\x00{value}\x00" for key, value in seats.items()}
    # A seat beyond the names is counted from 1, as every sentence counts seats.
    said = text.render(language, **{**seat_words(params), **marked})
    for pattern, replacement in _SEAT_WORDS.get(language, ()):
        said = pattern.sub(replacement, said)
    said = re.sub(_MARK, lambda found: names[int(found.group(1))], said).replace("  ", " ")
    cited = getattr(error, "_cited", False)
    return cite(said, error.rule if cited else None, language)


def heist_summary(state: GameState) -> dict[str, Any] | None:
    """The last finished heist of a Millions game: public facts only.

    Returns ``None`` before the first heist ends; else ``{"round", "caught": [[seat,
    role], ...], "shares": [[seat, amount, role], ...], "revealed": [[seat, role], ...],
    "change": [...], "cash": [...]}``: who was eliminated, who received a share and how
    much, which characters were revealed, and each seat's cash change over that round (from
    the loot card's reveal to the round's end) and cash after it. Everyone sees a heist's
    reveals, eliminations, shares and every payment, so nothing here is a secret.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import RuleBot, play_game
    >>> from millions_rules.web._teach import heist_summary
    >>> state = play_game(GameConfig(4, seed=3), [RuleBot()] * 4, seed=3)
    >>> summary = heist_summary(state)
    >>> summary["round"], summary["caught"], summary["shares"], summary["change"]
    (4, [[0, 'brute'], [2, 'brute'], [3, 'brute']], [[1, 12, 'crook']], [0, 12, 0, 0])
    """
    events = state.events
    ends = [i for i, event in enumerate(events) if isinstance(event, RoundEnded)]
    if not ends:
        return None
    end = ends[-1]
    starts = [i for i, event in enumerate(events[:end]) if isinstance(event, LootRevealed)]
    start = starts[-1] if starts else 0
    before, after = cash_after(state, start), cash_after(state, end + 1)
    return summarize_heist(events[start : end + 1], before, after)


def summarize_heist(
    window: Sequence[Any], before: Sequence[int], after: Sequence[int]
) -> dict[str, Any]:
    """:func:`heist_summary`'s answer from the events of one round (from the loot card's
    reveal to :class:`~millions_rules.RoundEnded`, the last of ``window``) and each seat's
    cash before and after it."""
    ended = window[-1]
    assert isinstance(ended, RoundEnded)
    return {
        "round": ended.round,
        "caught": [[e.player, e.role.value] for e in window if isinstance(e, Eliminated)],
        "shares": [
            [e.player, e.amount, e.role.value] for e in window if isinstance(e, ShareReceived)
        ],
        "revealed": [[e.player, e.role.value] for e in window if isinstance(e, CharacterRevealed)],
        "change": [a - b for a, b in zip(after, before, strict=True)],
        "cash": list(after),
    }


def page_extras(game: str, state: Any) -> dict[str, Any]:
    """What an update adds for the page's teaching: ``summary`` (Millions' last heist, see
    :func:`heist_summary`; ``None`` for Torraku) and ``target`` (Millions' target in
    millions; ``None`` for Torraku)."""
    if game != "millions":
        return {"summary": None, "target": None}
    return {"summary": heist_summary(state), "target": state.config.target}


def localize(code: str, message: str, language: str | None, cause: object = None) -> str:
    """A refusal's message in ``language``: an engine's refusal (``cause``) is already in it;
    the table's own codes (``stale_version``, ``unknown_token``...) say what they mean in
    ``language``; an engine's configuration error (``cause``) says it in ``language``; the
    lobby's refusals of a new table's players and bots say them in ``language``; any other
    keeps ``message``."""
    if language is None or isinstance(cause, IllegalActionError):
        return message
    if isinstance(cause, ConfigError):
        try:
            return cause.localized(language)
        except ValueError:
            return message
    for pattern, text in _LOBBY:
        found_in = pattern.fullmatch(message)
        if found_in is not None:
            try:
                return text.render(language, **found_in.groupdict())
            except ValueError:
                return message
    try:
        found = teach_words(language).get(f"web.error.{code}")
    except ValueError:
        return message
    if found is None:
        from ._words import words

        found = words(language).get(f"web.error.{code}")
    return message if found is None else found
