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

from collections.abc import Callable
from typing import Final, NoReturn, TypeGuard

from ._config import GameConfig
from ._errors import ConfigError, DeserializationError
from ._events import LootRevealed, OpenOffer
from ._heist import nameable_roles
from ._roles import REVEAL_ORDER, Dealer, LootCard, Role
from ._state import THREAT_CARDS, Character, CharacterStatus, GameState, Phase
from ._views import PlayerView

__all__ = ["check_state", "check_view"]


# Members as globals and identity tests: on Python 3.11 an enum attribute lookup and an
# enum's hash are Python-level calls, and every state read from a document is checked.
_HIDDEN: Final = CharacterStatus.HIDDEN
_SURVIVING: Final = CharacterStatus.SURVIVING
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER
_HEIST: Final = Phase.HEIST
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE
_SNITCH: Final = Role.SNITCH
_ENGINE: Final = Dealer.ENGINE
_EXTERNAL: Final = Dealer.EXTERNAL
_is_loot_revealed: Final[Callable[[object], TypeGuard[LootRevealed]]] = (
    LootRevealed.__instancecheck__  # type: ignore[assignment]
)


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
    _check_offers(state.offers, state.config, state.phase, state.decided, state)
    if not 0 <= state.side_actions <= len(state.history):
        _fail("side_actions", "must be from 0 to the number of actions in history")


def _check_offers(
    offers: tuple[OpenOffer, ...],
    config: GameConfig,
    phase: Phase,
    decided: tuple[bool, ...],
    state: GameState | None,
    seat: int | None = None,
    viewing: bool = False,
) -> None:
    """Open offers: in negotiation only, between two seats still in the round, the decider
    one of them and undecided, ids unique (R-DEAL-1, R-DEAL-3); in a view, only those the
    seat may see (R-DEAL-4)."""
    if not offers:
        return
    if phase is not _NEGOTIATION:
        _fail("offers", "offers are open in negotiation only (R-DEAL-3)")
    n = config.players
    ids: set[str] = set()
    for index, offer in enumerate(offers):
        path = f"offers[{index}]"
        if offer.id in ids:
            _fail(f"{path}.id", "two open offers with the same id")
        ids.add(offer.id)
        parties = (offer.player, offer.to)
        if not all(0 <= p < n for p in parties) or offer.player == offer.to:
            _fail(path, "an offer is between two different seats of this game")
        if offer.decider not in parties:
            _fail(f"{path}.decider", "the decider is one of the two parties (R-DEAL-1)")
        if not 1 <= offer.amount <= config.total_money:
            _fail(f"{path}.amount", "an offer is from 1 to the money in the game")
        if decided[offer.decider]:
            _fail(f"{path}.decider", "an offer lapses once its decider decided (R-DEAL-3)")
        if offer.slot is not None and (not offer.leave or n != 3 or offer.slot not in (0, 1)):
            _fail(f"{path}.slot", "only a deal to leave in the three-player game names a position")
        if offer.private and not config.private_offers:
            _fail(f"{path}.private", "the table allows no private offers (R-DEAL-4)")
        if viewing and offer.private and seat not in parties:
            _fail(path, "a private offer is seen by its two parties only (R-DEAL-4)")
        if state is not None and not all(state.in_round(p) for p in parties):
            _fail(path, "an offer lapses once a party left the round (R-DEAL-3)")


def _check_sizes(state: GameState) -> None:
    config = state.config
    n = config.players
    cash, threats = state.cash, state.threats
    for name, values in (
        ("cash", cash),
        ("threats", threats),
        ("decided", state.decided),
        ("previous_roles", state.previous_roles),
    ):
        if len(values) != n:
            _fail(name, f"expected {n} entries, one per seat")
    for name, values in (("cash", cash), ("threats", threats)):
        if min(values) < 0:  # n >= 3 entries
            seat = [value < 0 for value in values].index(True)
            _fail(f"{name}[{seat}]", "must not be negative")
    if state.reserve < 0:
        _fail("reserve", "must not be negative")
    if not 1 <= state.round <= config.rounds:
        _fail("round", f"must be from 1 to {config.rounds}")
    if not 0 <= state.leader < n:
        _fail("leader", "not a seat of this game")
    if state.threat_supply < 0:
        _fail("threat_supply", "must not be negative")
    if sum(threats) + state.threat_supply > THREAT_CARDS:
        _fail(
            "threats",
            f"threat cards held and in the supply exceed the {THREAT_CARDS} of the game (R-COMP-5)",
        )
    winners = state.winners
    if winners and (min(winners) < 0 or max(winners) >= n):
        _fail("winners", "not a seat of this game")
    deck = state.deck
    if deck and (
        len(set(deck)) != len(deck) or min(deck) < 0 or max(deck) >= len(config.loot_deck)
    ):
        _fail("deck", "loot card indices must be distinct indices of config.loot_deck")
    in_play = config.roles
    for seat, roles in enumerate(state.previous_roles):
        for role in roles:
            if role not in in_play:
                _fail(f"previous_roles[{seat}]", "a role not in play")


def _check_money(state: GameState) -> None:
    hidden = [c for c in state.characters if c.status is _HIDDEN]
    deposits = sum([c.paid for c in hidden]) + sum([c.covered for c in hidden])
    total = sum(state.cash) + deposits + state.reserve
    if total != state.config.total_money:
        _fail(
            "cash",
            f"cash, deposits and reserve add up to {total}, "
            f"not the {state.config.total_money} in the game (R-COMP-3)",
        )


def _check_characters(state: GameState) -> None:
    config = state.config
    n, in_play, per = config.players, config.roles, config.characters_per_player
    deposit = state.loot.deposit if state.loot is not None else 0
    seen: dict[int, int] = {}  # characters by seat, seats in order of appearance
    positions = [False] * (n * per)
    for index, character in enumerate(state.characters):
        player, position = character.player, character.position
        if not 0 <= player < n:
            _fail(f"characters[{index}].player", "not a seat of this game")
        if character.role not in in_play:
            _fail(f"characters[{index}].role", "not in play with this number of players")
        if not 0 <= position < per:
            _fail(f"characters[{index}].position", "no such position")
        if positions[player * per + position]:
            _fail(f"characters[{index}]", "two characters at the same position")
        positions[player * per + position] = True
        paid, covered = character.paid, character.covered
        if paid < 0 or covered < 0 or paid + covered > deposit:
            _fail(
                f"characters[{index}]",
                f"the deposit must be at most the loot card's {deposit}M (R-PLAN-3)",
            )
        seen[player] = seen.get(player, 0) + 1
    for seat, count in seen.items():
        if count != per:
            _fail("characters", f"seat {seat} has {count} characters")
        if per > 1:  # one character cannot repeat a role
            roles = [c.role for c in state.characters if c.player == seat]
            if len(set(roles)) != len(roles):
                _fail("characters", f"seat {seat} has the same role twice (R-3P-1)")


def _within(items: list[LootCard], pool: list[LootCard]) -> bool:
    """Whether every item of ``items`` can be matched to its own equal item of ``pool``.

    Read cards are mostly the very objects of the config's deck, so identity is tried
    before the (slower) equality of attrs classes.
    """
    left = list(pool)
    ids = list(map(id, left))
    for item in items:
        if id(item) in ids:
            index = ids.index(id(item))
        elif item in left:
            index = left.index(item)
        else:
            return False
        del left[index], ids[index]
    return True


def _check_deck(state: GameState) -> None:
    """The deck holds exactly the cards still to come (R-COMP-4, R-END-3)."""
    config, phase, deck, loot = state.config, state.phase, state.deck, state.loot
    # Dealt so far: the current round's card, unless the external dealer has not dealt it yet.
    dealt = state.round - 1 if phase is _DEALING else state.round
    if config.dealer is _ENGINE:
        # The engine draws ``rounds`` cards at the start and reveals one a round.
        expected = config.rounds - state.round
    else:
        expected = len(config.loot_deck) - dealt
    if len(deck) != expected:
        _fail("deck", f"expected {expected} loot cards to come in round {state.round}")
    left = set(deck)
    # Cards not in the deck were dealt (or, with the engine dealing, left out unseen).
    gone = [card for i, card in enumerate(config.loot_deck) if i not in left]
    if loot is not None and not _within([loot], gone):
        _fail("loot", "not a card of config.loot_deck dealt so far")
    # The log reveals one dealt card a round, the current one last (R-PLAN-1).
    revealed = list(filter(_is_loot_revealed, state.events))
    if (
        [event.round for event in revealed] != list(range(1, dealt + 1))
        or not _within([event.card for event in revealed], gone)
        or (revealed and revealed[-1].card is not loot and revealed[-1].card != loot)
    ):
        _fail("events", "the loot cards revealed in the log are not the cards dealt")


def _check_previous_roles(state: GameState) -> None:
    """Last round's roles: none in round 1, every player's characters after (R-VAR-REPEAT)."""
    per = state.config.characters_per_player
    first = state.round == 1 and state.phase is not _GAME_OVER
    for seat, roles in enumerate(state.previous_roles):
        if first and roles:
            _fail(f"previous_roles[{seat}]", "no round has been played yet")
        if not first and len(roles) != per:
            _fail(f"previous_roles[{seat}]", f"expected the {per} role(s) of last round")
        if len(set(roles)) != len(roles):
            _fail(f"previous_roles[{seat}]", "the same role twice (R-3P-1)")


def _returned_to_reserve(character: Character) -> int:
    """What the reserve got back from a character after the reserve ran dry (R-PLAN-3)."""
    if character.status is _HIDDEN:
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
        if dry and character.covered:
            _fail(
                f"characters[{index}]",
                "the reserve was empty and cannot have covered this deposit (R-PLAN-3)",
            )
        if (
            previous is not None
            and previous.player == character.player
            and previous.covered
            and character.paid
        ):
            _fail(
                f"characters[{index}]",
                "the player had no money left after the previous deposit (R-PLAN-3)",
            )
        if character.paid + character.covered < full:
            dry = True
        previous = character
    if dry:
        back = sum(_returned_to_reserve(c) for c in state.characters)
        if state.reserve != back:
            _fail("reserve", "the reserve ran dry this round and holds only what came back since")


def _check_cards(state: GameState) -> None:
    phase = state.phase
    if phase is not _NEGOTIATION and phase is not _HEIST:  # no role cards laid
        if state.face_up or state.face_down is not None:
            _fail("face_up", f"no role cards lie on the table in phase {phase.value}")
        return
    # Sorting by reveal order compares roles as Counter equality would, and faster.
    cards = sorted([c.role for c in state.characters], key=REVEAL_ORDER)
    if state.face_down is None or cards != sorted(
        [*state.face_up, state.face_down], key=REVEAL_ORDER
    ):
        _fail("face_up", "the role cards do not match the chosen characters (R-PLAN-4)")
    if list(state.face_up) != sorted(state.face_up, key=REVEAL_ORDER):
        _fail("face_up", "must be in reveal order")


def _check_phase(state: GameState) -> None:
    phase, config, characters = state.phase, state.config, state.characters
    everyone = len({c.player for c in characters}) == config.players
    if (phase is _DEALING or phase is _SETTING_ASIDE) and config.dealer is not _EXTERNAL:
        _fail("phase", "only an external dealer's game waits for the dealer")
    if (state.loot is None) != (phase is _DEALING and state.round == 1):
        _fail("loot", "the loot card is missing or premature")
    if (phase is _DEALING or phase is _GAME_OVER) and characters:
        _fail("characters", f"no characters lie on the table in phase {phase.value}")
    if phase is _PLANNING and (everyone or any(c.status is not _HIDDEN for c in characters)):
        _fail("characters", "planning ends when everyone has chosen")
    if (phase is _SETTING_ASIDE or phase is _NEGOTIATION or phase is _HEIST) and not everyone:
        _fail("characters", "every player must have chosen by now")
    if phase is not _NEGOTIATION and phase is not _HEIST and any(state.decided):
        _fail("decided", "decisions belong to negotiation")
    if phase is _NEGOTIATION and all(state.decided):
        _fail("decided", "negotiation ends when everyone has decided")
    if phase is _HEIST:
        snitches = [c for c in characters if c.role is _SNITCH and c.status is _SURVIVING]
        if len(snitches) != 1 or not all(state.decided):
            _fail("phase", "the heist waits only for a lone Snitch")
    if (phase is _GAME_OVER) != bool(state.winners):
        _fail("winners", "winners are set exactly when the game is over")


#: The standings each phase knows (R-NEG, R-HEIST); tuples, compared by identity.
_ALLOWED_STATUSES: Final[dict[Phase, tuple[CharacterStatus, ...]]] = {
    Phase.PLANNING: (_HIDDEN,),
    Phase.SETTING_ASIDE: (_HIDDEN,),
    Phase.NEGOTIATION: (_HIDDEN, _TAKEN_BACK),
    Phase.HEIST: (_HIDDEN, _TAKEN_BACK, _SURVIVING),
}


def _check_statuses(state: GameState) -> None:
    """Each phase knows only some standings, and who has decided follows from them (R-NEG, R-HEIST)."""
    phase = state.phase
    allowed = _ALLOWED_STATUSES.get(phase, ())
    for index, character in enumerate(state.characters):
        status = character.status
        if status not in allowed:
            _fail(f"characters[{index}].status", f"not possible in phase {phase.value}")
        if phase is _HEIST and character.role is _SNITCH:
            if status is _HIDDEN:
                _fail(f"characters[{index}].status", "the Snitches are revealed first (R-HEIST)")
        elif status is _SURVIVING:
            _fail(f"characters[{index}].status", "only the lone Snitch is revealed so far")
    if phase is _NEGOTIATION:
        hiding = {c.player for c in state.characters if c.status is _HIDDEN}
        for seat, decided in enumerate(state.decided):
            if not decided and seat not in hiding:
                _fail(f"decided[{seat}]", "a player with no character left has decided (R-NEG-2)")
    if phase is _HEIST and not nameable_roles(state):
        _fail("face_up", "the lone Snitch waits only if a role can be named (R-HEIST-SNITCH)")


def _check_end(state: GameState) -> None:
    """The game ends after the last round or once someone reaches the target; the richest win (R-END)."""
    if state.phase is not _GAME_OVER:
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
