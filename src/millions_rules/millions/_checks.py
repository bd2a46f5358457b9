"""Small checks shared by the phases: they raise :class:`~millions_rules.IllegalActionError` or return."""

from __future__ import annotations

from typing import Final, NoReturn

from ._errors import IllegalActionError
from ._roles import Role
from ._state import GameState, Phase
from ._text import Text, msg

__all__ = ["illegal", "require_phase", "require_role", "require_seat", "require_whole"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER
_HEIST: Final = Phase.HEIST
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE


def illegal(text: Text, rule: str | None = None, **params: object) -> NoReturn:
    """Raise an :class:`~millions_rules.IllegalActionError`, citing the rule in the message.

    The code is the message id's last part: ``msg("error.self_target", ...)`` raises
    ``self_target``; ``params`` fill the template's placeholders in every language.
    """
    raise IllegalActionError._from_text(text, text.id.removeprefix("error."), rule, params)


def _type_name(value: object) -> str:
    return f"{type(value).__name__} {value!r}"


def require_whole(value: object, what: str) -> int:
    """``value`` as an int; booleans and other numbers are refused."""
    if type(value) is not int:
        illegal(
            msg("error.bad_value", "{what} must be an int, not {value}"),
            what=what,
            value=_type_name(value),
        )
    return value


def require_seat(state: GameState, value: object, what: str = "player") -> int:
    """``value`` as one of the game's seats."""
    seat = require_whole(value, what)
    if not 0 <= seat < state.config.players:
        illegal(
            msg(
                "error.unknown_player",
                "{what} is {seat}, not a seat of this {players}-player game (seats 0 to {last})",
            ),
            "R-COMP-7",
            what=what,
            seat=seat,
            players=state.config.players,
            last=state.config.players - 1,
        )
    return seat


def require_role(value: object, what: str = "role") -> Role:
    """``value`` as a :class:`~millions_rules.Role`."""
    if not isinstance(value, Role):
        illegal(
            msg("error.bad_value", "{what} must be a Role, not {value}"),
            what=what,
            value=_type_name(value),
        )
    return value


_PHASE_WORDS: Final = {
    _DEALING: msg("phase.dealing", "the loot card is being dealt"),
    _PLANNING: msg("phase.planning", "players are choosing characters"),
    _SETTING_ASIDE: msg("phase.setting_aside", "the role card is being set aside"),
    _NEGOTIATION: msg("phase.negotiation", "players are negotiating"),
    _HEIST: msg("phase.heist", "the lone Snitch must name a role"),
}


def require_phase(state: GameState, doing: Text, rule: str, *phases: Phase) -> None:
    """Refuse the action unless the game is in one of ``phases``.

    ``doing`` is what the action does, a phrase after "nobody can" (``"doing.pay"``...).
    """
    if state.phase in phases:
        return
    if state.phase is _GAME_OVER:
        illegal(
            msg("error.game_over", "the game is over: nobody can {doing}"), "R-END", doing=doing
        )
    illegal(
        msg("error.wrong_phase", "nobody can {doing} now: {phase}"),
        rule,
        doing=doing,
        phase=_PHASE_WORDS[state.phase],
    )
