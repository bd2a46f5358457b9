"""The consistency checks of a state as formulated before they were made faster: the
reference ``tests/test_json_fast_paths.py`` compares ``millions_rules.millions._consistency`` with.

Original docstring: consistency checks for a :class:`~millions_rules.GameState` read from outside (a database, a file).

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
from typing import NoReturn

from millions_rules.millions._consistency import _check_offers
from millions_rules.millions._errors import ConfigError, DeserializationError
from millions_rules.millions._events import LootRevealed
from millions_rules.millions._heist import nameable_roles
from millions_rules.millions._roles import Dealer, Role
from millions_rules.millions._state import (
    THREAT_CARDS,
    Character,
    CharacterStatus,
    GameState,
    Phase,
)
from millions_rules.millions._views import PlayerView

__all__ = ["check_state", "check_view"]


def _fail(path: str, message: str) -> NoReturn:
    raise DeserializationError(message, "inconsistent_state", path)


def check_state(state: GameState) -> None:
    """Raise :class:`~millions_rules.DeserializationError` unless ``state`` keeps every invariant of the engine.

    A state that passes can be played on: :func:`~millions_rules.apply` raises
    nothing but :class:`~millions_rules.IllegalActionError`, and until the game
    ends some action is legal.
    """
    _check_sizes(state)
    _check_deck(state)
    _check_characters(state)
    _check_money(state)
    _check_deposits(state)
    _check_cards(state)
    _check_phase(state)
    _check_statuses(state)
    _check_previous_roles(state)
    _check_end(state)
    # Open offers and side actions (R-DEAL, added 2026-12-01) have a single formulation.
    _check_offers(state.offers, state.config, state.phase, state.decided, state)
    if not 0 <= state.side_actions <= len(state.history):
        _fail("side_actions", "must be from 0 to the number of actions in history")


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
        if character.paid < 0 or character.covered < 0 or character.deposit > deposit:
            _fail(path, f"the deposit must be at most the loot card's {deposit}M (R-PLAN-3)")
        seen[character.player] += 1
    for seat, count in seen.items():
        if count != config.characters_per_player:
            _fail("characters", f"seat {seat} has {count} characters")
        roles = [c.role for c in state.characters if c.player == seat]
        if len(set(roles)) != len(roles):
            _fail("characters", f"seat {seat} has the same role twice (R-3P-1)")


def _check_deck(state: GameState) -> None:
    """The deck holds exactly the cards still to come (R-COMP-4, R-END-3)."""
    config, phase = state.config, state.phase
    if config.dealer is Dealer.ENGINE:
        # The engine draws ``rounds`` cards at the start and reveals one a round.
        expected = config.rounds - state.round
    else:
        dealt = state.round - 1 if phase is Phase.DEALING else state.round
        expected = len(config.loot_deck) - dealt
    if len(state.deck) != expected:
        _fail("deck", f"expected {expected} loot cards to come in round {state.round}")
    left = set(state.deck)
    # Cards not in the deck were dealt (or, with the engine dealing, left out unseen).
    gone = [card for i, card in enumerate(config.loot_deck) if i not in left]
    if state.loot is not None and state.loot not in gone:
        _fail("loot", "not a card of config.loot_deck dealt so far")
    # The log reveals one dealt card a round, the current one last (R-PLAN-1).
    revealed = [event for event in state.events if isinstance(event, LootRevealed)]
    dealt = state.round - 1 if state.phase is Phase.DEALING else state.round
    if (
        [event.round for event in revealed] != list(range(1, dealt + 1))
        or Counter(event.card for event in revealed) - Counter(gone)
        or (revealed and revealed[-1].card != state.loot)
    ):
        _fail("events", "the loot cards revealed in the log are not the cards dealt")


def _check_previous_roles(state: GameState) -> None:
    """Last round's roles: none in round 1, every player's characters after (R-VAR-REPEAT)."""
    config = state.config
    first = state.round == 1 and state.phase is not Phase.GAME_OVER
    for seat, roles in enumerate(state.previous_roles):
        path = f"previous_roles[{seat}]"
        if first and roles:
            _fail(path, "no round has been played yet")
        if not first and len(roles) != config.characters_per_player:
            _fail(path, f"expected the {config.characters_per_player} role(s) of last round")
        if len(set(roles)) != len(roles):
            _fail(path, "the same role twice (R-3P-1)")


def _returned_to_reserve(character: Character) -> int:
    """What the reserve got back from a character after the reserve ran dry (R-PLAN-3)."""
    if character.status is CharacterStatus.HIDDEN:
        return 0
    if character.status is CharacterStatus.ELIMINATED and character.role is not Role.BRUTE:
        return character.deposit  # R-HEIST-DUP: forfeited
    return character.covered  # returned: the covered part goes back (R-PLAN-3)


def _check_deposits(state: GameState) -> None:
    """Deposits as R-PLAN-3 places them: short only once the reserve ran dry.

    A deposit is placed in full, the player paying what they can and the reserve
    covering the rest. It is short only if the reserve could not cover it; the
    reserve is then empty, covers nothing more this round, and holds only what
    came back from characters since.
    """
    if state.loot is None:
        return
    full = state.loot.deposit
    dry = False
    previous: Character | None = None
    for index, character in enumerate(state.characters):
        path = f"characters[{index}]"
        if dry and character.covered:
            _fail(path, "the reserve was empty and cannot have covered this deposit (R-PLAN-3)")
        if (
            previous is not None
            and previous.player == character.player
            and previous.covered
            and character.paid
        ):
            _fail(path, "the player had no money left after the previous deposit (R-PLAN-3)")
        if character.deposit < full:
            dry = True
        previous = character
    if dry:
        back = sum(_returned_to_reserve(c) for c in state.characters)
        if state.reserve != back:
            _fail("reserve", "the reserve ran dry this round and holds only what came back since")


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


def _check_statuses(state: GameState) -> None:
    """Each phase knows only some standings, and who has decided follows from them (R-NEG, R-HEIST)."""
    phase = state.phase
    allowed = {
        Phase.PLANNING: {CharacterStatus.HIDDEN},
        Phase.SETTING_ASIDE: {CharacterStatus.HIDDEN},
        Phase.NEGOTIATION: {CharacterStatus.HIDDEN, CharacterStatus.TAKEN_BACK},
        Phase.HEIST: {
            CharacterStatus.HIDDEN,
            CharacterStatus.TAKEN_BACK,
            CharacterStatus.SURVIVING,
        },
    }.get(phase, set())
    for index, character in enumerate(state.characters):
        if character.status not in allowed:
            _fail(f"characters[{index}].status", f"not possible in phase {phase.value}")
        if phase is Phase.HEIST and character.role is Role.SNITCH:
            if character.status is CharacterStatus.HIDDEN:
                _fail(f"characters[{index}].status", "the Snitches are revealed first (R-HEIST)")
        elif character.status is CharacterStatus.SURVIVING:
            _fail(f"characters[{index}].status", "only the lone Snitch is revealed so far")
    if phase is Phase.NEGOTIATION:
        for seat, decided in enumerate(state.decided):
            if not decided and not state.hidden_characters(seat):
                _fail(f"decided[{seat}]", "a player with no character left has decided (R-NEG-2)")
    if phase is Phase.HEIST and not nameable_roles(state):
        _fail("face_up", "the lone Snitch waits only if a role can be named (R-HEIST-SNITCH)")


def _check_end(state: GameState) -> None:
    """The game ends after the last round or once someone reaches the target; the richest win (R-END)."""
    if state.phase is not Phase.GAME_OVER:
        return
    config = state.config
    if state.round != config.rounds and max(state.cash) < config.target:
        _fail("phase", "the game ends after the last round or at the target (R-END-2, R-END-3)")
    best = max(state.cash)
    if state.winners != {seat for seat, cash in enumerate(state.cash) if cash == best}:
        _fail("winners", "the richest players win, ties sharing (R-END-2, R-END-3)")


def check_view(seen: PlayerView) -> None:
    """Raise :class:`~millions_rules.DeserializationError` unless ``seen`` could be a view of a consistent state.

    Only the table is checked, not the log: a view made with ``since`` holds part of
    it. :func:`~millions_rules.sample_state` checks the state it builds in full.
    """
    try:
        _check_view(seen)
    except DeserializationError as error:
        raise DeserializationError(error.message, "inconsistent_view", error.path) from None


def _check_view(seen: PlayerView) -> None:
    try:
        config = seen.config.with_seed(0)
    except ConfigError as error:
        _fail("config", str(error))
    n = config.players
    if seen.seat is not None and not 0 <= seen.seat < n:
        _fail("seat", "not a seat of this game")
    for name in ("cash", "threats", "decided", "previous_roles"):
        if len(getattr(seen, name)) != n:
            _fail(name, f"expected {n} entries, one per seat")
    if not 1 <= seen.round <= config.rounds:
        _fail("round", f"must be from 1 to {config.rounds}")
    if not 0 <= seen.leader < n:
        _fail("leader", "not a seat of this game")
    if seen.loot is not None and seen.loot not in config.loot_deck:
        _fail("loot", "not a card of config.loot_deck")
    if len(seen.characters) > n * config.characters_per_player:
        _fail("characters", f"more than {n * config.characters_per_player} characters")
    positions: set[tuple[int, int]] = set()
    for index, character in enumerate(seen.characters):
        path = f"characters[{index}]"
        if not 0 <= character.player < n:
            _fail(f"{path}.player", "not a seat of this game")
        if not 0 <= character.position < config.characters_per_player:
            _fail(f"{path}.position", "no such position")
        if (character.player, character.position) in positions:
            _fail(path, "two characters at the same position")
        positions.add((character.player, character.position))
        if character.role is not None and character.role not in config.roles:
            _fail(f"{path}.role", "not in play with this number of players")
        if character.paid < 0 or character.covered < 0:
            _fail(path, "a deposit is not negative")
    for seat, roles in enumerate(seen.previous_roles):
        if roles is None:
            continue
        path = f"previous_roles[{seat}]"
        if len(roles) > config.characters_per_player or len(set(roles)) != len(roles):
            _fail(path, f"at most {config.characters_per_player} different role(s)")
        if any(role not in config.roles for role in roles):
            _fail(path, "a role not in play")
    if len(seen.face_up) > len(seen.characters):
        _fail("face_up", "more role cards than characters")
    _check_offers(seen.offers, config, seen.phase, seen.decided, None, seen.seat, viewing=True)
