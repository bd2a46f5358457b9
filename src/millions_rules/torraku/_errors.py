"""The error codes of Currency Torraku's :class:`~millions_rules.IllegalActionError`.

Torraku raises the library's own errors (:class:`~millions_rules.MillionsError` and its
subclasses). The codes that mean the same thing in both games are reused; the others are
Torraku's own.
"""

from __future__ import annotations

from typing import Final, NoReturn

from .._common.errors import IllegalActionError, register_action_codes

__all__ = ["ERROR_CODES", "illegal"]

#: Every code an action of Currency Torraku may be refused with, and what it means here.
ERROR_CODES: Final[dict[str, str]] = {
    "not_an_action": "the object is not one of Torraku's action classes",
    "bad_value": "a field of the action has the wrong type or an impossible value",
    "game_over": "the game has ended; no action is legal",
    "wrong_phase": "the action does not belong to the current phase",
    "unknown_player": "a seat number is not one of this game's seats",
    "not_your_turn": "the engine is not waiting for this player's bet or pass",
    "not_your_action": "a seat sent an action that is not its own (apply(..., seat=...))",
    "not_dealer_action": "outcomes are simulated (Dealer.ENGINE); nobody reports them",
    "empty_bet": "the bet adds no piece",
    "not_in_hand": "the player does not hold those pieces",
    "bet_too_small": "the row would stay below the current bet",
    "opener_must_bet": "the opener tried to pass the round's first action",
    "bag_not_allowed": "the bag was used on a later bet, or the hand can already match",
    "bag_must_match": "hand plus bag pieces differ from the current bet",
    "bag_requires_whole_hand": "the player kept back pieces of their hand while using the bag",
    "not_in_bag": "the bag does not hold those pieces",
    "not_stacker": "the report names a seat that is not the current stacker",
    "bad_fallen": "fallen was given with another outcome, or is out of range",
}
register_action_codes(ERROR_CODES)


def illegal(message: str, code: str, rule: str | None = None) -> NoReturn:
    """Raise an :class:`~millions_rules.IllegalActionError`, citing the rule in the message."""
    if rule is not None:
        message = f"{message} ({rule})"
    raise IllegalActionError(message, code, rule)
