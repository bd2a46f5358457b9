"""The second person of Millions' sentences: an event told to a seat it names.

``describe(event, names, reader=seat)`` and ``narrate(events, names, reader=seat)`` tell a
seat its own deeds as "You stay." and "Bo pays you 2M.", everyone else's in the third
person (the chat host, the LLM prompts and the status a seat reads). Each form is a message
of its own, keyed by the message id of the third-person sentence and the placeholder of the
seat it is told to (``"player"`` for its subject, ``"to"``, ``"target"``...).
"""

from __future__ import annotations

from typing import Final

from .._common.narration import SecondPerson
from ._text import msg, nmsg

__all__ = ["SECOND_PERSON"]

#: Millions' second-person forms (see the module's text).
SECOND_PERSON: Final[SecondPerson] = {
    "event.game_started": {
        "leader": msg("event.game_started.you", "A game for {players} players begins; you lead.")
    },
    "event.deposit_placed": {
        "player": msg(
            "event.deposit_placed.you", "You lay a character face down with a {amount} deposit."
        )
    },
    "event.deposit_placed.covered": {
        "player": msg(
            "event.deposit_placed.covered.you",
            "You lay a character face down with a {amount} deposit ({covered} from the reserve).",
        )
    },
    "event.deposit_placed.reserve": {
        "player": msg(
            "event.deposit_placed.reserve.you",
            "You lay a character face down with a {amount} deposit, all of it from the reserve.",
        )
    },
    "event.paid": {
        "player": msg("event.paid.you", "You pay {to} {amount}."),
        "to": msg("event.paid.you.to", "{player} pays you {amount}."),
    },
    "event.threat_used": {
        "player": msg("event.threat_used.you", "You use a threat card on {target}."),
        "target": msg("event.threat_used.you.target", "{player} uses a threat card on you."),
    },
    "event.stayed": {"player": msg("event.stayed.you", "You stay.")},
    "event.left": {
        "player": nmsg(
            "event.left.you",
            "You take back your character and leave the round.",
            "You take back your {count} characters and leave the round.",
        )
    },
    "event.left.partial": {
        "player": nmsg(
            "event.left.partial.you",
            "You take back a character and keep {remaining} in the round.",
            "You take back {count} characters and keep {remaining} in the round.",
        )
    },
    "event.character_taken_back": {
        "player": msg("event.character_taken_back.you", "You take back the {role}.")
    },
    "event.deposit_returned": {
        "player": msg("event.deposit_returned.you", "You get {amount} of deposit back.")
    },
    "event.character_revealed": {
        "player": msg("event.character_revealed.you", "You reveal the {role}.")
    },
    "event.eliminated": {
        "player": msg("event.eliminated.you", "Your {role} is eliminated ({why}).")
    },
    "event.deposit_forfeited": {
        "player": msg("event.deposit_forfeited.you", "You lose a {amount} deposit to the reserve.")
    },
    "event.threat_gained": {"player": msg("event.threat_gained.you", "You take a threat card.")},
    "event.role_denounced": {
        "player": msg("event.role_denounced.you", "Your Snitch names the {role}.")
    },
    "event.role_denounced.nobody": {
        "player": msg("event.role_denounced.nobody.you", "Your Snitch has no role to name.")
    },
    "event.snitch_punished": {
        "player": msg("event.snitch_punished.you", "The police beat you up: {amount} lost.")
    },
    "event.share_received": {
        "player": msg("event.share_received.you", "You receive {amount} ({role}).")
    },
    "event.share_withheld": {
        "player": msg(
            "event.share_withheld.you", "You chose the {role} last round too and get no share."
        )
    },
    "event.driver_paid": {
        "player": msg("event.driver_paid.you", "You pay {amount} to {driver}, the Driver."),
        "driver": msg("event.driver_paid.you.driver", "{player} pays your Driver {amount}."),
    },
    "event.driver_paid.own": {
        "player": msg(
            "event.driver_paid.own.you",
            "As the Driver, you keep the {amount} fee of your other character.",
        )
    },
    "event.crook_stole": {
        "crook": msg("event.crook_stole.you", "Your Crook takes {amount} from the Brute, {brute}."),
        "brute": msg(
            "event.crook_stole.you.brute", "The Crook, {crook}, takes {amount} from your Brute."
        ),
    },
    "event.crook_stole.own": {
        "crook": msg(
            "event.crook_stole.own.you",
            "Your Crook takes {amount} from your own Brute (no change).",
        )
    },
    "event.bonus_paid": {
        "player": msg("event.bonus_paid.you", "Your {role} matches the loot card: +{amount}.")
    },
    "event.round_ended": {
        "leader": msg("event.round_ended.you", "Round {round} ends; you take the leader card.")
    },
    "event.loot_shared.mastermind": {
        "player": msg(
            "event.loot_shared.mastermind.you",
            "Your Mastermind adds {amount} to the loot ({total}).",
        )
    },
    # Deals and talk (R-DEAL, R-TALK).
    "event.offer_made": {
        "player": msg("event.offer_made.you", "You offer {to} {amount} to {decision}."),
        "to": msg("event.offer_made.you.to", "{player} offers you {amount} to {decision}."),
    },
    "event.offer_made.asks": {
        "player": msg("event.offer_made.asks.you", "You ask {to} for {amount} to {decision}."),
        "to": msg("event.offer_made.asks.you.to", "{player} asks you for {amount} to {decision}."),
    },
    "event.offer_made.private": {
        "player": msg(
            "event.offer_made.private.you", "You offer {to}, in private, {amount} to {decision}."
        ),
        "to": msg(
            "event.offer_made.private.you.to",
            "{player} offers you, in private, {amount} to {decision}.",
        ),
    },
    "event.offer_made.asks.private": {
        "player": msg(
            "event.offer_made.asks.private.you",
            "You ask {to}, in private, for {amount} to {decision}.",
        ),
        "to": msg(
            "event.offer_made.asks.private.you.to",
            "{player} asks you, in private, for {amount} to {decision}.",
        ),
    },
    "event.offer_accepted": {
        "to": msg("event.offer_accepted.you", "You accept {player}'s offer: the deal is done."),
        "player": msg(
            "event.offer_accepted.you.player", "{to} accepts your offer: the deal is done."
        ),
    },
    "event.offer_declined": {
        "to": msg("event.offer_declined.you", "You decline {player}'s offer."),
        "player": msg("event.offer_declined.you.player", "{to} declines your offer."),
    },
    "event.offer_withdrawn": {
        "player": msg("event.offer_withdrawn.you", "You withdraw your offer to {to}."),
        "to": msg("event.offer_withdrawn.you.to", "{player} withdraws their offer to you."),
    },
    "event.offer_lapsed": {
        "player": msg("event.offer_lapsed.you", "Your offer to {to} lapses."),
        "to": msg("event.offer_lapsed.you.to", "{player}'s offer to you lapses."),
    },
    "event.said": {"player": msg("event.said.you", "You: “{words}”")},
    "event.said.private": {
        "player": msg("event.said.private.you", "You to {to}, in private: “{words}”"),
        "to": msg("event.said.private.you.to", "{player} to you, in private: “{words}”"),
    },
    "event.said.claim": {
        "player": msg("event.said.claim.you", "You claim to have sent the {role}: “{words}”")
    },
    "event.said.claim.only": {
        "player": msg("event.said.claim.only.you", "You claim to have sent the {role}.")
    },
    "event.said.claim.private": {
        "player": msg(
            "event.said.claim.private.you",
            "You tell {to}, in private, you sent the {role}: “{words}”",
        ),
        "to": msg(
            "event.said.claim.private.you.to",
            "{player} tells you, in private, they sent the {role}: “{words}”",
        ),
    },
    "event.said.claim.private.only": {
        "player": msg(
            "event.said.claim.private.only.you", "You tell {to}, in private, you sent the {role}."
        ),
        "to": msg(
            "event.said.claim.private.only.you.to",
            "{player} tells you, in private, they sent the {role}.",
        ),
    },
    "event.pressed": {
        "player": msg("event.pressed.you", "You, the leader, press {target} to decide."),
        "target": msg("event.pressed.you.target", "{player}, the leader, presses you to decide."),
    },
    "event.claim_judged": {
        "player": msg(
            "event.claim_judged.you", "Round {round}: you claimed the {role}, and it was true."
        )
    },
    "event.claim_judged.false": {
        "player": msg(
            "event.claim_judged.false.you",
            "Round {round}: you claimed the {role}, and it was a lie.",
        )
    },
}
