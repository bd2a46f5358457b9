"""Consistency checks for a :class:`~millions_rules.GameState` read from outside (a database, a file).

A state built by :func:`~millions_rules.new_game` and :func:`~millions_rules.apply` is always consistent. A state
document may have been edited, so before it is accepted every invariant the
engine keeps is checked: sizes and seat numbers, money (R-COMP-3), threat cards
(R-COMP-5), the characters against the roles in play and the loot card's
deposit, the role cards against the characters (R-PLAN-4), and the phase
against everything else. Only :func:`~millions_rules.load_game` can tell that a
state is actually *reachable*: it replays the actions.
"""

from __future__ import annotations

from collections import Counter

from ._errors import DeserializationError
from ._roles import Dealer, Role
from ._state import THREAT_CARDS, CharacterStatus, GameState, Phase

__all__ = ["check_state"]


def _fail(path: str, message: str) -> None:
    raise DeserializationError(message, "inconsistent_state", path)


def check_state(state: GameState) -> None:
    """Raise :class:`~millions_rules.DeserializationError` unless ``state`` keeps every invariant of the engine."""
    _check_sizes(state)
    _check_money(state)
    _check_characters(state)
    _check_cards(state)
    _check_phase(state)


def _check_sizes(state: GameState) -> None:
    n = state.config.players
    for name in ("cash", "threats", "decided", "previous_roles"):
        if len(getattr(state, name)) != n:
            _fail(name, f"expected {n} entries, one per seat")
    for name in ("cash", "threats"):
        for seat, value in enumerate(getattr(state, name)):
            if value < 0:
                _fail(f"{name}[{seat}]", "must not be negative")
    if state.reserve < 0:
        _fail("reserve", "must not be negative")
    if not 1 <= state.round <= state.config.rounds:
        _fail("round", f"must be from 1 to {state.config.rounds}")
    if not 0 <= state.leader < n:
        _fail("leader", "not a seat of this game")
    if state.threat_supply < 0:
        _fail("threat_supply", "must not be negative")
    if sum(state.threats) + state.threat_supply > THREAT_CARDS:
        _fail(
            "threats",
            f"threat cards held and in the supply exceed the {THREAT_CARDS} of the game (R-COMP-5)",
        )
    if any(not 0 <= seat < n for seat in state.winners):
        _fail("winners", "not a seat of this game")
    deck = state.deck
    if len(set(deck)) != len(deck) or any(not 0 <= i < len(state.config.loot_deck) for i in deck):
        _fail("deck", "loot card indices must be distinct indices of config.loot_deck")
    for seat, roles in enumerate(state.previous_roles):
        if any(role not in state.config.roles for role in roles):
            _fail(f"previous_roles[{seat}]", "a role not in play")


def _check_money(state: GameState) -> None:
    total = sum(state.cash) + sum(state.deposits) + state.reserve
    if total != state.config.total_money:
        _fail(
            "cash",
            f"cash, deposits and reserve add up to {total}, "
            f"not the {state.config.total_money} in the game (R-COMP-3)",
        )


def _check_characters(state: GameState) -> None:
    config = state.config
    deposit = state.loot.deposit if state.loot is not None else 0
    seen: Counter[int] = Counter()
    positions: set[tuple[int, int]] = set()
    for index, character in enumerate(state.characters):
        path = f"characters[{index}]"
        if not 0 <= character.player < config.players:
            _fail(f"{path}.player", "not a seat of this game")
        if character.role not in config.roles:
            _fail(f"{path}.role", "not in play with this number of players")
        if not 0 <= character.position < config.characters_per_player:
            _fail(f"{path}.position", "no such position")
        if (character.player, character.position) in positions:
            _fail(path, "two characters at the same position")
        positions.add((character.player, character.position))
        if character.paid < 0 or character.covered < 0 or character.deposit != deposit:
            _fail(path, f"the deposit must be the loot card's {deposit}M")
        seen[character.player] += 1
    for seat, count in seen.items():
        if count != config.characters_per_player:
            _fail("characters", f"seat {seat} has {count} characters")
        roles = [c.role for c in state.characters if c.player == seat]
        if len(set(roles)) != len(roles):
            _fail("characters", f"seat {seat} has the same role twice (R-3P-1)")


def _check_cards(state: GameState) -> None:
    laid = state.phase in (Phase.NEGOTIATION, Phase.HEIST)
    if not laid:
        if state.face_up or state.face_down is not None:
            _fail("face_up", f"no role cards lie on the table in phase {state.phase.value}")
        return
    cards = Counter(c.role for c in state.characters)
    if state.face_down is None or cards != Counter([*state.face_up, state.face_down]):
        _fail("face_up", "the role cards do not match the chosen characters (R-PLAN-4)")
    if list(state.face_up) != sorted(state.face_up):
        _fail("face_up", "must be in reveal order")


def _check_phase(state: GameState) -> None:
    phase, config = state.phase, state.config
    statuses = {c.status for c in state.characters}
    everyone = len({c.player for c in state.characters}) == config.players
    if phase in (Phase.DEALING, Phase.SETTING_ASIDE) and config.dealer is not Dealer.EXTERNAL:
        _fail("phase", "only an external dealer's game waits for the dealer")
    if (state.loot is None) != (phase is Phase.DEALING and state.round == 1):
        _fail("loot", "the loot card is missing or premature")
    if phase in (Phase.DEALING, Phase.GAME_OVER) and state.characters:
        _fail("characters", f"no characters lie on the table in phase {phase.value}")
    if phase is Phase.PLANNING and (everyone or statuses - {CharacterStatus.HIDDEN}):
        _fail("characters", "planning ends when everyone has chosen")
    if phase in (Phase.SETTING_ASIDE, Phase.NEGOTIATION, Phase.HEIST) and not everyone:
        _fail("characters", "every player must have chosen by now")
    if phase is not Phase.NEGOTIATION and phase is not Phase.HEIST and any(state.decided):
        _fail("decided", "decisions belong to negotiation")
    if phase is Phase.NEGOTIATION and all(state.decided):
        _fail("decided", "negotiation ends when everyone has decided")
    if phase is Phase.HEIST:
        snitches = [
            c
            for c in state.characters
            if c.role is Role.SNITCH and c.status is CharacterStatus.SURVIVING
        ]
        if len(snitches) != 1 or not all(state.decided):
            _fail("phase", "the heist waits only for a lone Snitch")
    if (phase is Phase.GAME_OVER) != bool(state.winners):
        _fail("winners", "winners are set exactly when the game is over")
