"""*Millions of Dollars*' web page: the words of its widgets and rules panel, the heist
summary, the ending's reason and what its page and bots are offered.

The web table reaches this through :attr:`~millions_rules.games.Companions.page`
(:data:`PAGE`); every sentence is a ``web.*`` message of the library's gettext catalogs.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final

from .._common.game import Page
from .._common.i18n import Text, check_locale, msg, template
from ._events import (
    CharacterRevealed,
    Eliminated,
    GameWon,
    LootRevealed,
    OfferMade,
    Pressed,
    RoundEnded,
    ShareReceived,
)
from ._i18n import TERMS, phase_name, role_name, term, win_reason
from ._money import cash_after, move_cash
from ._narrate import describe, narrate
from ._roles import Role
from ._state import GameState, Phase

__all__ = [
    "PAGE",
    "RULES",
    "TALK_WORDS",
    "WORDS",
    "HeistTracker",
    "heist_summary",
    "rules_for",
    "summarize_heist",
    "widget_script",
]

#: The rules panel, paragraph by paragraph (the page shows them in order); a table shows
#: those of its player count and options (:func:`rules_for`).
RULES: Final[tuple[Text, ...]] = (
    msg(
        "web.rules.millions.goal",
        "Goal: be the richest when someone reaches the target of {amount} after a heist, "
        "or after the last round. Everyone starts with 5M.",
    ),
    # R-COMP-2: 7-8 players (and the 3-player game) play all five roles.
    msg(
        "web.rules.millions.roles",
        "Roles: each round every boss secretly sends one character (Snitch, Brute, "
        "Driver, Crook, Mastermind). Two or more of the same role botch the job: all of "
        "them are eliminated.",
    ),
    msg(
        "web.rules.millions.roles_5",
        "Roles: each round every boss secretly sends one character (Snitch, Brute, "
        "Driver, Crook; with 5 or 6 players there is no Mastermind). Two or more of the "
        "same role botch the job: all of them are eliminated.",
    ),
    msg(
        "web.rules.millions.roles_4",
        "Roles: each round every boss secretly sends one character (Brute, Driver or "
        "Crook; with 4 players there is no Snitch and no Mastermind). Two or more of the "
        "same role botch the job: all of them are eliminated.",
    ),
    # R-3P-1, R-3P-4: why the order of a pair matters.
    msg(
        "web.rules.millions.pairs",
        "Three players: you send two different characters, chosen in order: the first is "
        "your card 1, the second your card 2. A threat card shows one of your two cards by "
        "its number, so the order decides which card a rival who picks card 1 or card 2 "
        "sees.",
    ),
    # R-PLAN-4: the face-down role card.
    msg(
        "web.rules.millions.face_down",
        "The face-down card: when all have chosen, a role card for each character sent is "
        "shuffled; one is set aside face down, the rest are laid face up. The face-up cards "
        "tell which roles were sent, not by whom; the face-down one is one more role that "
        "someone sent, which nobody sees.",
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
    msg(
        "web.rules.millions.heist_5",
        "The heist: a lone Snitch names a role, and its characters are eliminated. The "
        "survivors split the loot; each pays the Driver 1M; the Crook takes 2M from the "
        "Brute; the role shown by the card's symbol earns 1M.",
    ),
    msg(
        "web.rules.millions.heist_4",
        "The heist: the survivors split the loot; each pays the Driver 1M; the Crook takes "
        "2M from the Brute; the role shown by the card's symbol earns 1M.",
    ),
    # R-HEIST-LONE-SNITCH.
    msg(
        "web.rules.millions.lone_snitch",
        "A Snitch left alone: if after the heist the Snitch is the only character still "
        "in, the police beat them up: they lose 3M and nobody shares the loot.",
    ),
    # R-LOOT-REPEAT (repeat_role "no_share") and R-VAR-REPEAT ("forbidden").
    msg(
        "web.rules.millions.repeat",
        "Repeating a role: a survivor who sent the same role as in the previous round gets "
        "no share of the loot, pays no Driver fee and earns no symbol bonus (the role still "
        "has its effects).",
    ),
    msg(
        "web.rules.millions.repeat_forbidden",
        "No repeating: the roles you sent last round lie face up for all to see, and you "
        "may not send them this round.",
    ),
)


def rules_for(config: Any) -> list[str]:
    """The rules panel's paragraph ids for a game of ``config``: every rule a first-time
    player meets at that player count and with those options (R-COMP-2 roles, R-3P pairs,
    R-PLAN-4 the face-down card, R-HEIST-LONE-SNITCH, R-LOOT-REPEAT / R-VAR-REPEAT).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.millions._page import rules_for
    >>> [rule.rsplit(".", 1)[1] for rule in rules_for(GameConfig(4))]
    ['goal', 'roles_4', 'face_down', 'deposits', 'threats', 'payments', 'heist_4', 'repeat']
    """
    players = config.players
    size = "" if players == 3 or players >= 7 else "_5" if players >= 5 else "_4"
    chosen = ["goal", f"roles{size}"]
    if players == 3:
        chosen.append("pairs")
    chosen += ["face_down", "deposits", "threats", "payments", f"heist{size}"]
    if players >= 5 or players == 3:
        chosen.append("lone_snitch")
    repeat = getattr(config.repeat_role, "value", config.repeat_role)
    if repeat == "no_share":
        chosen.append("repeat")
    elif repeat == "forbidden":
        chosen.append("repeat_forbidden")
    return [f"web.rules.millions.{name}" for name in chosen]


#: The words of Millions' widgets: its title, board, moves, payment, players' table, target,
#: heist summary and end screen.
WORDS: Final[tuple[Text, ...]] = (
    msg("web.title", "Millions of Dollars"),
    msg("web.threats_left", "Threat cards left"),
    msg("web.one_face_down", "one face down"),
    msg("web.threats", "Threats"),
    msg("web.characters", "Characters"),
    msg("web.none_seen", "none"),
    msg("web.card_of", "{player} (card {number})"),
    msg("web.choose", "Choose {role}"),
    msg("web.pay", "Pay"),
    msg("web.pay_to", "to"),
    # The amount is typed in the unit the page shows money in: M, or 万 in Chinese.
    msg("web.amount", "amount (M)"),
    msg("web.amount.whole", "Type whole millions, e.g. 2."),
    msg("web.amount.whole_wan", "Type whole millions in 万, e.g. 200 (200万 is 2M)."),
    msg("web.amount.range", "Type an amount from {low} to {high}."),
    msg("web.final_cash", "Final cash"),
    msg("web.leader_badge", "leader"),
    msg("web.status.hidden", "face down"),
    msg("web.status.taken_back", "taken back"),
    msg("web.status.surviving", "surviving"),
    msg("web.status.eliminated", "eliminated"),
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
)

#: The words of the negotiation panel: talk, whispers, claims, offers and the leader's
#: press (R-DEAL, R-TALK, R-TALK-LEADER).
TALK_WORDS: Final[tuple[Text, ...]] = (
    msg("web.talk.title", "Talk and deals"),
    msg("web.talk.empty", "Nobody has said anything yet."),
    msg("web.talk.placeholder", "Say something (at most 280 characters)"),
    # The chooser of whom a message goes to: the whole table, or one player in private.
    msg("web.talk.everyone", "everyone"),
    msg("web.talk.to", "to"),
    msg("web.talk.no_claim", "no role claimed"),
    # An option of the claim chooser: the role the speaker says they sent (R-TALK-2).
    msg("web.talk.claim", "I sent the {role}"),
    msg("web.talk.send", "Send"),
    msg("web.offer.title", "Offer a deal"),
    msg("web.offer.to", "to"),
    # Who makes the decision and receives the amount (R-DEAL-1).
    msg("web.offer.i_decide", "I decide and am paid"),
    msg("web.offer.they_decide", "they decide and are paid"),
    msg("web.offer.stay", "stay"),
    msg("web.offer.leave", "leave the round"),
    # Three players: take back one of the decider's two characters (R-3P-2).
    msg("web.offer.take_back", "take back card {number}"),
    msg("web.offer.private", "in private"),
    msg("web.offer.make", "Offer"),
    msg("web.offer.open", "Open offers"),
    msg("web.offer.none", "No open offer."),
    msg("web.offer.accept", "Accept"),
    msg("web.offer.decline", "Decline"),
    msg("web.offer.withdraw", "Withdraw"),
    msg("web.press.button", "Press to decide"),
    msg("web.press.you", "The leader presses you to decide."),
)

#: The lobby's words for the options of a new Millions table (the config's fields): a
#: label, a line of help and, for a choice, each value's label. The page finds them as
#: ``web.option.millions.<field>``, ``….help`` and ``….<value>``.
OPTION_WORDS: Final[tuple[Text, ...]] = (
    msg("web.option.millions.rounds", "Rounds"),
    msg(
        "web.option.millions.rounds.help", "The game ends after this round at the latest (R-END-3)."
    ),
    msg("web.option.millions.target", "Target"),
    msg(
        "web.option.millions.target.help",
        "In millions: after a round in which a player reaches it, the game ends (R-END-2).",
    ),
    msg("web.option.millions.starting_cash", "Starting money"),
    msg(
        "web.option.millions.starting_cash.help",
        "What each player starts with, in millions (R-COMP-3).",
    ),
    msg("web.option.millions.total_money", "Money in the game"),
    msg(
        "web.option.millions.total_money.help",
        "All the money in the game, in millions: the reserve starts with what the players do not "
        "hold (R-COMP-3).",
    ),
    msg("web.option.millions.repeat_role", "The same role in two rounds in a row"),
    msg(
        "web.option.millions.repeat_role.help",
        "With no share, that character's part of the loot goes to the others (R-LOOT-REPEAT); "
        "not allowed, last round's roles lie face up (R-VAR-REPEAT).",
    ),
    msg(
        "web.option.millions.repeat_role.no_share",
        "allowed, with no share of the loot",
    ),
    msg(
        "web.option.millions.repeat_role.forbidden",
        "not allowed",
    ),
    msg("web.option.millions.repeat_role.allowed", "allowed, with no penalty"),
    msg("web.option.millions.private_offers", "Private offers"),
    msg(
        "web.option.millions.private_offers.help",
        "Players may make deals that only the two of them see (R-DEAL-4).",
    ),
    msg("web.option.millions.private_talk", "Private talk"),
    msg(
        "web.option.millions.private_talk.help",
        "Players may whisper to one another (R-TALK-1).",
    ),
)


@functools.cache
def _words(language: str) -> tuple[tuple[str, str], ...]:
    found = [(f"role.{role.value}", role_name(role, language)) for role in Role]
    found += [(f"phase_name.{phase.value}", phase_name(phase, language)) for phase in Phase]
    found += [(f"term.{key}", term(key, language)) for key in TERMS]
    found += [
        (text.id, template(text, language)) for text in (*RULES, *WORDS, *TALK_WORDS, *OPTION_WORDS)
    ]
    found.append(("web.rules.millions", " ".join(text.id for text in RULES)))
    return tuple(found)


def page_words(locale: str) -> dict[str, str]:
    """The page's Millions words in ``locale``: roles, phases, terms, the rules panel
    (``web.rules.millions`` lists its ids) and the widgets' ``web.*`` messages.

    >>> from millions_rules.millions._page import page_words
    >>> page_words("es")["role.brute"], page_words("en")["web.rules.millions"].split()[0]
    ('Matón', 'web.rules.millions.goal')
    """
    return dict(_words(check_locale(locale)))


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
    >>> from millions_rules.millions._page import heist_summary
    >>> state = play_game(GameConfig(4, seed=3), [RuleBot(negotiate=False)] * 4, seed=3)
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


class HeistTracker:
    """The last heist's summary in a replay, kept up to date one event at a time (each
    event is read once, so a long replay costs no more than its length). All money moves
    are public: it reads only the config and the events."""

    def __init__(self, seen: Any) -> None:
        config = seen.config
        self._cash = [config.starting_cash] * config.players
        self._before = tuple(self._cash)
        self._window: list[Any] = []

    def add(self, event: object) -> dict[str, Any] | None:
        """Note ``event``; the new summary if it ends a round, else ``None``."""
        if isinstance(event, LootRevealed):
            self._before, self._window = tuple(self._cash), []
        move_cash(self._cash, event)
        self._window.append(event)
        if not isinstance(event, RoundEnded):
            return None
        return summarize_heist(self._window, self._before, tuple(self._cash))


def _extras(state: GameState) -> Mapping[str, Any]:
    config = state.config
    return {"summary": heist_summary(state), "target": config.target, "rules": rules_for(config)}


def _view_extras(seen: Any) -> Mapping[str, Any]:
    return {"target": seen.config.target, "rules": rules_for(seen.config)}


def _seat_extras(seen: Any, names: Sequence[str], locale: str) -> Mapping[str, Any]:
    # Each open offer the seat may see, told as the log tells its making (R-DEAL-4).
    offers = getattr(seen, "offers", ())
    return {"offer_lines": {o.id: _describe(OfferMade(o), names, locale) for o in offers}}


def _ending(event: object, locale: str) -> str | None:
    return win_reason(event.reason, locale) if isinstance(event, GameWon) else None


def _due(state: GameState) -> tuple[int, ...]:
    # The seats the engine awaits (all may act at once); a seat that may only pay is not.
    return state.awaiting


def _round_of(state: GameState) -> object:
    return state.round


def _rule_version(state: GameState) -> int:
    # What a table checks a seat's action against: talk and offers do not count.
    return state.rule_version


def _talking(state: GameState) -> bool:
    # Negotiation is where people talk and offer (R-DEAL, R-TALK): bots leave them time.
    return state.phase is Phase.NEGOTIATION


def _pressed(state: GameState) -> tuple[int, ...]:
    # The seats the leader pressed this round that have not decided yet (R-TALK-LEADER).
    if state.phase is not Phase.NEGOTIATION:
        return ()
    found: set[int] = set()
    events = state.events
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, RoundEnded):
            break
        if isinstance(event, Pressed):
            found.add(event.target)
    return tuple(seat for seat in sorted(found) if not state.decided[seat])


def _offered(state: GameState, seen: Any, seat: int) -> Sequence[Any]:
    # The view's legal actions: payments are made with an amount the page asks for.
    return tuple(seen.legal_actions)


#: Millions' page: its widgets, words, heist summary and ending (the game's companions add
#: what its bots are offered).
def _narrate(events: Sequence[object], names: Sequence[str], locale: str) -> list[str]:
    # A table's names are all its seats: their count is the players'.
    return narrate(list(events), names, locale=locale, players=len(names))  # type: ignore[arg-type]


def _describe(item: object, names: Sequence[str], locale: str) -> str:
    return describe(item, names, locale=locale, players=len(names))  # type: ignore[arg-type]


@functools.cache
def widget_script() -> str:
    """The JavaScript of Millions' widgets (``static/widgets.js`` of this package), which the
    web table serves at ``/static/games/millions/widgets.js``."""
    return (resources.files("millions_rules.millions") / "static" / "widgets.js").read_text("utf-8")


PAGE: Final = Page(
    widgets="millions",
    script=widget_script,
    rule_version=_rule_version,
    seat_extras=_seat_extras,
    talking=_talking,
    pressed=_pressed,
    narrate=_narrate,
    describe=_describe,
    words=page_words,
    extras=_extras,
    view_extras=_view_extras,
    tracker=HeistTracker,
    ending=_ending,
    offered=_offered,
    due=_due,
    round_of=_round_of,
)
