"""The second person of Torraku's sentences: an event told to a seat it names.

``describe(event, names, reader=seat)`` tells a seat its own deeds as "You pass without
betting.", everyone else's in the third person (the chat host, the LLM prompts). Each form
is a message of its own, keyed by the message id of the third-person sentence and the
placeholder of the seat it is told to.
"""

from __future__ import annotations

from typing import Final

from .._common.i18n import msg, nmsg
from .._common.narration import SecondPerson

__all__ = ["SECOND_PERSON"]

#: Torraku's second-person forms (see the module's text).
SECOND_PERSON: Final[SecondPerson] = {
    "torraku.event.game_started": {
        "player": nmsg(
            "torraku.event.game_started.you",
            "A {setup} game of Currency Torraku for {count} player begins; you open.",
            "A {setup} game of Currency Torraku for {count} players begins; you open.",
        )
    },
    "torraku.event.round_started": {
        "player": msg("torraku.event.round_started.you", "Round {round}: you open the betting.")
    },
    "torraku.event.bet_placed": {
        "player": msg("torraku.event.bet_placed.you", "You bet {pieces}: the bet is now {bet}.")
    },
    "torraku.event.bet_placed.match": {
        "player": msg(
            "torraku.event.bet_placed.match.you", "You bet {pieces} and match the bet of {bet}."
        )
    },
    "torraku.event.bet_placed.bag": {
        "player": msg(
            "torraku.event.bet_placed.bag.you",
            "You bet your whole hand ({own}) and {bag} from the bag, matching the bet of {bet}.",
        )
    },
    "torraku.event.bet_placed.bag_only": {
        "player": msg(
            "torraku.event.bet_placed.bag_only.you",
            "You bet {bag} from the bag, matching the bet of {bet}.",
        )
    },
    "torraku.event.passed": {
        "player": nmsg(
            "torraku.event.passed.you",
            "You pass with a bet of {count} piece.",
            "You pass with a bet of {count} pieces.",
        )
    },
    "torraku.event.passed.nothing": {
        "player": msg("torraku.event.passed.nothing.you", "You pass without betting.")
    },
    "torraku.event.betting_ended": {
        "player": msg("torraku.event.betting_ended.you", "Betting ends ({bets}); you passed last.")
    },
    "torraku.event.stack_started": {
        "player": msg("torraku.event.stack_started.you", "You lay {piece} as the base of a stack.")
    },
    "torraku.event.stack_started.after_penalty": {
        "player": msg(
            "torraku.event.stack_started.after_penalty.you",
            "You lay {piece} as the base of a new stack.",
        )
    },
    "torraku.event.piece_dropped": {
        "player": msg("torraku.event.piece_dropped.you", "You drop {piece} and try again.")
    },
    "torraku.event.piece_placed": {
        "player": msg(
            "torraku.event.piece_placed.you", "You place {piece} on the stack (height {height})."
        )
    },
    "torraku.event.penalty_taken.touched": {
        "player": msg(
            "torraku.event.penalty_taken.touched.you",
            "You move another piece of the stack by hand while adding {piece}, and take the "
            "stack and that piece as a penalty: {pieces}.",
        )
    },
    "torraku.event.penalty_taken": {
        "player": msg(
            "torraku.event.penalty_taken.you",
            "You knock pieces off the stack while adding {piece}, and take the stack and that "
            "piece as a penalty: {pieces}.",
        )
    },
    "torraku.event.penalty_taken.fallen": {
        "player": nmsg(
            "torraku.event.penalty_taken.fallen.you",
            "You knock {count} piece off the stack while adding {piece}, and take the stack "
            "and that piece as a penalty: {pieces}.",
            "You knock {count} pieces off the stack while adding {piece}, and take the stack "
            "and that piece as a penalty: {pieces}.",
        )
    },
}
