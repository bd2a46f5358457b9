"""The error codes of Millions of Dollars; the exception classes are common to every game.

Every error the library raises on bad input derives from :class:`~millions_rules.MillionsError`
and from :class:`ValueError`, so callers may catch broadly or precisely. Errors
about actions carry a stable machine-readable :attr:`~millions_rules.IllegalActionError.code`.
The classes, the codes of :class:`~millions_rules.DeserializationError` and the registry
of action codes live in :mod:`millions_rules._common.errors`; this module holds Millions'
own action codes and their texts, and registers them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .._common.errors import (
    DESERIALIZATION_ERROR_CODES,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    LocaleError,
    MillionsError,
    register_action_texts,
)
from ._text import Text, msg

__all__ = [
    "ACTION_ERROR_CODES",
    "DESERIALIZATION_ERROR_CODES",
    "ConfigError",
    "DeserializationError",
    "IllegalActionError",
    "LocaleError",
    "MillionsError",
]


# The generic sentence for each code, in every language: what a localised message says
# when the error carries no more detailed template.
_CODE_TEXTS: Final[dict[str, Text]] = {
    "not_an_action": msg(
        "error.not_an_action", "the object is not one of the library's action classes"
    ),
    "bad_value": msg(
        "error.bad_value", "a field of the action has the wrong type or an impossible value"
    ),
    "game_over": msg("error.game_over", "the game is over: no action is legal"),
    "wrong_phase": msg("error.wrong_phase", "the action does not belong to the current phase"),
    "unknown_player": msg("error.unknown_player", "a seat number is not one of this game's seats"),
    "not_your_turn": msg(
        "error.not_your_turn", "the engine is not waiting for this player's decision"
    ),
    "not_your_action": msg(
        "error.not_your_action",
        "a seat sent an action that is not its own: another seat's, or the dealer's",
    ),
    "already_chosen": msg(
        "error.already_chosen", "the player has already made their choice this round"
    ),
    "already_decided": msg(
        "error.already_decided", "the player has already decided to stay or leave this round"
    ),
    "wrong_number_of_roles": msg(
        "error.wrong_number_of_roles",
        "the number of characters chosen does not fit the game (one, two for three players)",
    ),
    "duplicate_role": msg(
        "error.duplicate_role", "the same role was chosen twice in the three-player game"
    ),
    "role_not_in_play": msg(
        "error.role_not_in_play", "the role is not in play with this number of players"
    ),
    "role_forbidden": msg(
        "error.role_forbidden",
        "the role was played by this player last round, and this game forbids repeating it",
    ),
    "not_in_round": msg(
        "error.not_in_round", "the player (or target) has no character left in the round"
    ),
    "no_such_character": msg(
        "error.no_such_character", "the player has no character of that role in the round"
    ),
    "role_not_applicable": msg(
        "error.role_not_applicable", "a role was named where only the three-player game allows one"
    ),
    "self_target": msg("error.self_target", "a player cannot pay or threaten themself"),
    "insufficient_funds": msg(
        "error.insufficient_funds", "the player does not hold that much money"
    ),
    "no_threat_card": msg("error.no_threat_card", "the player holds no threat card"),
    "bad_slot": msg("error.bad_slot", "the target has no character at that position"),
    "not_lone_snitch": msg(
        "error.not_lone_snitch", "only the lone Snitch names a role, and only after revealing"
    ),
    "role_not_face_up": msg(
        "error.role_not_face_up",
        "the named role is the Snitch or does not show on a face-up role card",
    ),
    "not_dealer_action": msg(
        "error.not_dealer_action",
        "the engine deals itself (Dealer.ENGINE); the action is for an external dealer",
    ),
    "card_unavailable": msg(
        "error.card_unavailable", "the loot card was already dealt or does not exist"
    ),
    "not_a_party": msg(
        "error.not_a_party", "a deal's decider must be one of its two parties (R-DEAL-1)"
    ),
    "private_forbidden": msg(
        "error.private_forbidden", "the table allows no private offers or no private talk"
    ),
    "offer_limit": msg(
        "error.offer_limit",
        "the player has too many open offers, or has made too many offers this round",
    ),
    "no_such_offer": msg(
        "error.no_such_offer", "the player has no open offer of that id to answer or withdraw"
    ),
    "message_too_long": msg("error.message_too_long", "the message is longer than allowed"),
    "talk_limit": msg("error.talk_limit", "the player has said too many messages this round"),
    "not_leader": msg("error.not_leader", "only the leader may press a player to decide"),
    "role_card_unavailable": msg(
        "error.role_card_unavailable",
        "no chosen character has that role, so its card cannot be set aside",
    ),
}

#: Every :attr:`~millions_rules.IllegalActionError.code`, with what it means. The codes are
#: stable: a program may switch on them. New codes may be added in minor
#: releases; none is renamed or removed without a major release. The mapping is read-only.
#: The message id of a code is ``"error." + code``.
ACTION_ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {code: text.english for code, text in _CODE_TEXTS.items()}
)

register_action_texts(_CODE_TEXTS)
