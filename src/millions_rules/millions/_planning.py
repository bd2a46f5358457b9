"""Planning (R-PLAN): the loot card, the secret choices, the role cards.

Order of play, as in the rule book: the loot card is revealed (R-PLAN-1); every
player secretly chooses a character and places the deposit (R-PLAN-2, R-PLAN-3,
R-3P-1); when all have chosen, the role cards are shuffled and all but one laid
face up (R-PLAN-4). Then negotiation starts.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Final

from .._common.interning import interned
from .._common.untrusted import UntrustedAction
from ._actions import Choose, DealLoot, SetAside
from ._checks import illegal, require_phase, require_role, require_seat, require_whole
from ._draft import Draft
from ._events import (
    CharacterChosen,
    DepositPlaced,
    LootRevealed,
    RoleCardSetAside,
    RoleCardsLaidOut,
)
from ._random import draw_below
from ._roles import REVEAL_ORDER, Dealer, RepeatRole, Role, roles_in_play
from ._state import Character, GameState, Phase
from ._text import Text, msg, nmsg

__all__ = [
    "check_choose",
    "check_deal_loot",
    "check_set_aside",
    "all_choices",
    "choices",
    "open_choices",
    "play_choose",
    "play_deal_loot",
    "play_set_aside",
    "start_round",
]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_ENGINE: Final = Dealer.ENGINE
_EXTERNAL: Final = Dealer.EXTERNAL
_DEALING: Final = Phase.DEALING
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE
_FORBIDDEN: Final = RepeatRole.FORBIDDEN

# One shared instance per distinct value (see ._common.interning): one a round.
_LootRevealed: Final = interned(LootRevealed)

# What each action does, for the refusals (made once: the checks run on every action).
_DEAL: Final = msg("doing.deal", "deal a loot card")
_SET_ASIDE: Final = msg("doing.set_aside", "set a role card aside")
_CHOOSE: Final = msg("doing.choose", "choose a character")


# -- R-PLAN-1: the loot card -----------------------------------------------


def start_round(draft: Draft) -> None:
    """Reveal the round's loot card, or wait for the external dealer to deal it."""
    if draft.config.dealer is _ENGINE:
        index, draft.deck = draft.deck[0], draft.deck[1:]
        _reveal_loot(draft, index)
    else:
        draft.phase = _DEALING


def _reveal_loot(draft: Draft, index: int) -> None:
    """Turn the loot card face up and start planning (R-PLAN-1)."""
    draft.loot = loot = draft.config.loot_deck[index]
    draft.events.append(_LootRevealed(draft.round, loot))
    draft.phase = _PLANNING


def check_deal_loot(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.DealLoot` that is not the external dealer's next move."""
    _require_external(state, _DEAL)
    require_phase(state, _DEAL, "R-PLAN-1", _DEALING)
    index = require_whole(action.index, "index")
    if index not in state.deck:
        illegal(
            msg(
                "error.card_unavailable",
                "loot card {index} was already dealt or is not in the deck",
            ),
            "R-COMP-4",
            index=index,
        )


def play_deal_loot(draft: Draft, action: DealLoot) -> None:
    """Reveal the dealt card (R-PLAN-1)."""
    draft.deck = tuple(index for index in draft.deck if index != action.index)
    _reveal_loot(draft, action.index)


def _require_external(state: GameState, doing: Text) -> None:
    if state.config.dealer is not _EXTERNAL:
        illegal(
            msg("error.not_dealer_action", "the engine deals in this game: nobody can {doing}"),
            doing=doing,
        )


# -- R-PLAN-2, R-3P-1: the secret choice -----------------------------------


def allowed_roles(state: GameState, seat: int) -> tuple[Role, ...]:
    """The roles ``seat`` may choose this round (R-COMP-2, R-VAR-REPEAT ``forbidden``)."""
    return _allowed(state.config.roles, _forbidden(state, seat))


def _forbidden(state: GameState, seat: int) -> tuple[Role, ...]:
    if state.config.repeat_role is _FORBIDDEN:
        return state.previous_roles[seat]
    return ()


def _allowed(roles: tuple[Role, ...], forbidden: tuple[Role, ...]) -> tuple[Role, ...]:
    return tuple(role for role in roles if role not in forbidden)


def choices(state: GameState, seat: int) -> tuple[Choose, ...]:
    """Every legal :class:`~millions_rules.Choose` of ``seat`` (ordered pairs in the three-player game)."""
    return _choices(seat, state.config.players, _forbidden(state, seat))


def all_choices(state: GameState, seats: tuple[int, ...]) -> tuple[Choose, ...]:
    """Every legal :class:`~millions_rules.Choose` of the given seats, in seat order."""
    config = state.config
    if config.repeat_role is _FORBIDDEN:
        previous = state.previous_roles
        forbidden = tuple([previous[seat] for seat in seats])
    else:  # nothing is forbidden: no need to ask each seat
        forbidden = ((),) * len(seats)
    return _choices_of_seats(seats, config.players, forbidden)


@lru_cache(maxsize=1024)
def open_choices(players: int, chosen: frozenset[int]) -> tuple[Choose, ...]:
    """Every :class:`~millions_rules.Choose` of the seats not in ``chosen``, in seat order.

    What :func:`all_choices` lists when no role is forbidden (R-PLAN-2, R-3P-1), keyed
    by the seats that have chosen: at most 2**8 keys, so one tuple serves every game.
    """
    seats = tuple([seat for seat in range(players) if seat not in chosen])
    return _choices_of_seats(seats, players, ((),) * len(seats))


@lru_cache(maxsize=4096)
def _choices_of_seats(
    seats: tuple[int, ...], players: int, forbidden: tuple[tuple[Role, ...], ...]
) -> tuple[Choose, ...]:
    return tuple(
        choose
        for seat, roles in zip(seats, forbidden, strict=True)
        for choose in _choices(seat, players, roles)
    )


@lru_cache(maxsize=4096)
def _choices(seat: int, players: int, forbidden: tuple[Role, ...]) -> tuple[Choose, ...]:
    # Actions are immutable, so the same few tuples serve every game.
    roles = _allowed(roles_in_play(players), forbidden)
    count = 2 if players == 3 else 1
    return tuple(Choose(seat, picked) for picked in permutations(roles, count))


def check_choose(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.Choose` that breaks R-PLAN-2, R-3P-1 or R-VAR-REPEAT."""
    require_phase(state, _CHOOSE, "R-PLAN-2", _PLANNING)
    seat = require_seat(state, action.player)
    if any(c.player == seat for c in state.characters):
        illegal(
            msg("error.already_chosen", "seat {player} has already chosen; a choice is final"),
            "R-PLAN-2",
            player=seat,
        )
    given = action.roles
    if not isinstance(given, tuple):
        illegal(
            msg("error.bad_value", "roles must be a tuple of Role, not {roles}"), roles=repr(given)
        )
    items: tuple[object, ...] = given
    roles = tuple([require_role(role, "each of roles") for role in items])
    wanted = state.config.characters_per_player
    if len(roles) != wanted:
        rule = "R-3P-1" if state.config.three_player else "R-PLAN-2"
        illegal(
            nmsg(
                "error.wrong_number_of_roles",
                "choose exactly {count} character, not {given}",
                "choose exactly {count} characters, not {given}",
            ),
            rule,
            count=wanted,
            given=len(roles),
        )
    if len(set(roles)) != len(roles):
        illegal(msg("error.duplicate_role", "the two characters must be different roles"), "R-3P-1")
    for role in roles:
        _check_role_allowed(state, seat, role)


def _check_role_allowed(state: GameState, seat: int, role: Role) -> None:
    if role not in state.config.roles:
        illegal(
            msg("error.role_not_in_play", "the {role} is not in play with {players} players"),
            "R-COMP-2",
            role=role,
            players=state.config.players,
        )
    if role in _forbidden(state, seat):
        illegal(
            msg(
                "error.role_forbidden",
                "seat {player} played the {role} last round and may not choose it again",
            ),
            "R-VAR-REPEAT",
            player=seat,
            role=role,
        )


def play_choose(draft: Draft, action: Choose) -> None:
    """Lay the characters face down with their deposits; lay out the role cards once all chose."""
    assert draft.loot is not None  # planning always has a loot card
    draft.emit(CharacterChosen(action.player, action.roles))
    for position, role in enumerate(action.roles):
        _place_deposit(draft, action.player, role, position, draft.loot.deposit)
    config = draft.config  # each player lays characters_per_player characters, all at once
    if len(draft.characters) == config.players * config.characters_per_player:
        _shuffle_role_cards(draft)


def _place_deposit(draft: Draft, seat: int, role: Role, position: int, deposit: int) -> None:
    """Lay a character down with its deposit; the reserve covers a short player (R-PLAN-3)."""
    # R-PLAN-3: a player short of money pays what they have; the reserve covers the rest.
    paid = min(deposit, draft.cash[seat])
    covered = min(deposit - paid, draft.reserve)
    draft.cash[seat] -= paid
    draft.reserve -= covered
    draft.characters.append(Character(seat, role, position, paid, covered))
    draft.emit(DepositPlaced(seat, paid, covered))


# -- R-PLAN-4: the role cards ----------------------------------------------


def _shuffle_role_cards(draft: Draft) -> None:
    """Set one role card face down: drawn by the engine, or asked of the external dealer (R-PLAN-4)."""
    if draft.config.dealer is _EXTERNAL:
        draft.phase = _SETTING_ASIDE
        return
    cards = [c.role for c in draft.characters]
    # Drawing one card uniformly is the same as shuffling and taking the top one.
    index, draft.rng = draw_below(draft.rng, len(cards))
    _lay_out(draft, cards[index])


def _lay_out(draft: Draft, face_down: Role) -> None:
    """Lay the role cards other than ``face_down`` face up, in reveal order (R-PLAN-4)."""
    cards = [c.role for c in draft.characters]
    cards.remove(face_down)
    draft.face_down = face_down
    draft.face_up = tuple(sorted(cards, key=REVEAL_ORDER))  # roles of a checked state
    draft.emit(RoleCardSetAside(face_down), RoleCardsLaidOut(draft.face_up))
    draft.phase = _NEGOTIATION


def role_cards(state: GameState) -> tuple[Role, ...]:
    """The distinct roles among this round's role cards, in reveal order."""
    return tuple(sorted({c.role for c in state.characters}))


def check_set_aside(state: GameState, action: UntrustedAction) -> None:
    """Refuse a :class:`~millions_rules.SetAside` that is not the external dealer's next move."""
    _require_external(state, _SET_ASIDE)
    require_phase(state, _SET_ASIDE, "R-PLAN-4", _SETTING_ASIDE)
    role = require_role(action.role)
    if role not in role_cards(state):
        illegal(
            msg(
                "error.role_card_unavailable",
                "no chosen character is a {role}, so no such role card is on the table",
            ),
            "R-PLAN-4",
            role=role,
        )


def play_set_aside(draft: Draft, action: SetAside) -> None:
    """Lay the named card face down and the others face up (R-PLAN-4)."""
    _lay_out(draft, action.role)
