"""Small checks shared by the phases: they raise :class:`~millions_rules.IllegalActionError` or return."""

from __future__ import annotations

from typing import Final, NoReturn

from ._errors import IllegalActionError
from ._roles import Role
from ._state import GameState, Phase

__all__ = ["illegal", "require_phase", "require_role", "require_seat", "require_whole"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER
_HEIST: Final = Phase.HEIST
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE


def illegal(message: str, code: str, rule: str | None = None) -> NoReturn:
    """Raise an :class:`~millions_rules.IllegalActionError`, citing the rule in the message."""
    if rule is not None:
        message = f"{message} ({rule})"
    raise IllegalActionError(message, code, rule)


def require_whole(value: object, what: str) -> int:
    """``value`` as an int; booleans and other numbers are refused."""
    if type(value) is not int:
        illegal(f"{what} must be an int, not {type(value).__name__} {value!r}", "bad_value")
    return value


def require_seat(state: GameState, value: object, what: str = "player") -> int:
    """``value`` as one of the game's seats."""
    seat = require_whole(value, what)
    if not 0 <= seat < state.config.players:
        illegal(
            f"{what} is {seat}, not a seat of this {state.config.players}-player game "
            f"(seats 0 to {state.config.players - 1})",
            "unknown_player",
            "R-COMP-7",
        )
    return seat


def require_role(value: object, what: str = "role") -> Role:
    """``value`` as a :class:`~millions_rules.Role`."""
    if not isinstance(value, Role):
        illegal(f"{what} must be a Role, not {type(value).__name__} {value!r}", "bad_value")
    return value


_PHASE_WORDS = {
    _DEALING: "the loot card is being dealt",
    _PLANNING: "players are choosing characters",
    _SETTING_ASIDE: "the role card is being set aside",
    _NEGOTIATION: "players are negotiating",
    _HEIST: "the lone Snitch must name a role",
}


def require_phase(state: GameState, doing: str, rule: str, *phases: Phase) -> None:
    """Refuse the action unless the game is in one of ``phases``."""
    if state.phase in phases:
        return
    if state.phase is _GAME_OVER:
        illegal(f"the game is over: nobody can {doing}", "game_over", "R-END")
    illegal(f"nobody can {doing} now: {_PHASE_WORDS[state.phase]}", "wrong_phase", rule)
