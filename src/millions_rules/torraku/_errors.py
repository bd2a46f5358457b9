"""The error codes of Currency Torraku's :class:`~millions_rules.IllegalActionError`.

Torraku raises the library's own errors (:class:`~millions_rules.MillionsError` and its
subclasses), whose messages are localisable: every refusal is a message of the shared
catalogs, so ``error.localized("zh")`` explains it in Chinese as Millions' refusals do.
The codes that mean the same thing in both games are reused; the others are Torraku's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NoReturn

from .._common.errors import IllegalActionError, register_action_texts
from .._common.i18n import Text, msg

__all__ = ["ERROR_CODES", "illegal"]

# What each code means in Torraku, in every language: what a localised message says when
# the error carries no more detailed template (``IllegalActionError(message, code)``).
_CODE_TEXTS: Final[dict[str, Text]] = {
    "not_an_action": msg(
        "error.not_an_action", "the object is not one of Torraku's action classes"
    ),
    "bad_value": msg(
        "error.bad_value", "a field of the action has the wrong type or an impossible value"
    ),
    "game_over": msg("error.game_over", "the game is over: no action is legal"),
    "wrong_phase": msg("error.wrong_phase", "the action does not belong to the current phase"),
    "unknown_player": msg("error.unknown_player", "a seat number is not one of this game's seats"),
    "not_your_turn": msg(
        "error.not_your_turn", "the engine is not waiting for this player's bet or pass"
    ),
    "not_your_action": msg(
        "error.not_your_action",
        "a seat sent an action that is not its own: another seat's, or the dealer's",
    ),
    "not_dealer_action": msg(
        "error.not_dealer_action", "outcomes are simulated (Dealer.ENGINE); nobody reports them"
    ),
    "empty_bet": msg("error.empty_bet", "the bet adds no piece"),
    "not_in_hand": msg("error.not_in_hand", "the player does not hold those pieces"),
    "bet_too_small": msg("error.bet_too_small", "the row would stay below the current bet"),
    "opener_must_bet": msg(
        "error.opener_must_bet", "the opener tried to pass the round's first action"
    ),
    "bag_not_allowed": msg(
        "error.bag_not_allowed", "the bag was used on a later bet, or the hand can already match"
    ),
    "bag_must_match": msg(
        "error.bag_must_match", "hand plus bag pieces differ from the current bet"
    ),
    "bag_requires_whole_hand": msg(
        "error.bag_requires_whole_hand",
        "the player kept back pieces of their hand while using the bag",
    ),
    "not_in_bag": msg("error.not_in_bag", "the bag does not hold those pieces"),
    "not_stacker": msg(
        "error.not_stacker", "the report names a seat that is not the current stacker"
    ),
    "bad_fallen": msg(
        "error.bad_fallen", "fallen was given with another outcome, or is out of range"
    ),
}

#: Every code an action of Currency Torraku may be refused with, and what it means here.
#: The message id of a code is ``"error." + code``.
ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {code: text.english for code, text in _CODE_TEXTS.items()}
)
register_action_texts(_CODE_TEXTS)


def illegal(text: Text, code: str, rule: str | None = None, **params: object) -> NoReturn:
    """Raise an :class:`~millions_rules.IllegalActionError` whose message is ``text``.

    ``params`` fill the template's placeholders in every language; the message ends with
    the rule's id, if any.
    """
    raise IllegalActionError._from_text(text, code, rule, params)
