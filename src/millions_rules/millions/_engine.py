"""The engine: start a game, list and check actions, apply them, replay them.

This module owns the state machine. Each action class maps to a pair of
functions in the table :data:`_TRANSITIONS`: a *check* that raises
:class:`~millions_rules.IllegalActionError` and never changes anything, and a *play* that works
on a :class:`._draft.Draft`. :func:`~millions_rules.apply` runs the check, then the play, then
freezes the draft into a new :class:`~millions_rules.GameState`; the given state is never
touched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from itertools import compress, filterfalse
from operator import not_
from typing import Any, Final, cast, final

from ._actions import (
    AcceptOffer,
    Action,
    Choose,
    DealLoot,
    DeclineOffer,
    Denounce,
    Leave,
    Offer,
    Pay,
    Press,
    Say,
    SetAside,
    Stay,
    UseThreat,
    WithdrawOffer,
)
from ._checks import illegal, require_seat
from ._config import GameConfig
from ._deals import (
    check_accept,
    check_decline,
    check_offer,
    check_press,
    check_say,
    check_withdraw,
    deal_actions,
    play_accept,
    play_decline,
    play_offer,
    play_press,
    play_say,
    play_withdraw,
)
from ._draft import Draft
from ._errors import ConfigError, IllegalActionError
from ._events import GameStarted
from ._face_down import decisions_of_seats, face_down_decisions, seat_decisions
from ._heist import check_denounce, nameable_face_up, play_denounce
from ._negotiation import (
    check_leave,
    check_pay,
    check_stay,
    check_use_threat,
    play_leave,
    play_pay,
    play_stay,
    play_use_threat,
)
from ._planning import (
    all_choices,
    check_choose,
    check_deal_loot,
    check_set_aside,
    choices,
    open_choices,
    play_choose,
    play_deal_loot,
    play_set_aside,
    role_cards,
    start_round,
)
from ._random import seed_state, shuffled
from ._roles import Dealer, RepeatRole, Role
from ._shortcuts import shortcut_choose, shortcut_leave, shortcut_pay, shortcut_stay
from ._state import THREAT_CARDS, Character, CharacterStatus, GameState, Phase
from ._text import msg

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "replay"]

# Enum members as module globals: on Python 3.11 reading ``Phase.PLANNING`` through the
# enum's metaclass costs about ten times reading a global, and the rules read them often.
_ENGINE: Final = Dealer.ENGINE
_FORBIDDEN: Final = RepeatRole.FORBIDDEN
_HIDDEN: Final = CharacterStatus.HIDDEN
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER
_HEIST: Final = Phase.HEIST
_NEGOTIATION: Final = Phase.NEGOTIATION
_PLANNING: Final = Phase.PLANNING
_SETTING_ASIDE: Final = Phase.SETTING_ASIDE

# Classes as Final names too: the compiled build (docs' "Compiled build") reads a Final
# name directly, and any other imported name from the module's dictionary.
_GAME_STATE: Final = GameState
_CHOOSE: Final = Choose
_STAY: Final = Stay
_LEAVE: Final = Leave
_PAY: Final = Pay
_DENOUNCE: Final = Denounce
_USE_THREAT: Final = UseThreat

_Check = Callable[[GameState, Any], None]
_Play = Callable[[Draft, Any], None]

#: The state machine: for each action class, its check and its play.
_TRANSITIONS: Final[dict[type, tuple[_Check, _Play]]] = {
    DealLoot: (check_deal_loot, play_deal_loot),
    Choose: (check_choose, play_choose),
    SetAside: (check_set_aside, play_set_aside),
    Pay: (check_pay, play_pay),
    UseThreat: (check_use_threat, play_use_threat),
    Stay: (check_stay, play_stay),
    Leave: (check_leave, play_leave),
    Denounce: (check_denounce, play_denounce),
    Offer: (check_offer, play_offer),
    AcceptOffer: (check_accept, play_accept),
    DeclineOffer: (check_decline, play_decline),
    WithdrawOffer: (check_withdraw, play_withdraw),
    Say: (check_say, play_say),
    Press: (check_press, play_press),
}


def new_game(config: GameConfig) -> GameState:
    """The state at the start of a game: cash dealt, loot card revealed (R-COMP, R-PLAN-1).

    With :attr:`~millions_rules.Dealer.ENGINE`, ``config.rounds`` loot cards are drawn at random
    from ``config.loot_deck`` with the seeded generator and the first is
    revealed. With :attr:`~millions_rules.Dealer.EXTERNAL` the game waits for :class:`~millions_rules.DealLoot`.

    Args:
        config: The game's configuration.

    Returns:
        The first state of the game.

    Raises:
        ConfigError: If ``config`` is not a :class:`~millions_rules.GameConfig`.

    >>> state = new_game(GameConfig(4, seed=42))
    >>> state.phase, state.reserve, state.loot
    (<Phase.PLANNING: 'planning'>, 155, LootCard(total=8, deposit=1, bonus_role=<Role.SNITCH: 'snitch'>))
    """
    if not isinstance(config, GameConfig):
        raise ConfigError(f"new_game needs a GameConfig, not {type(config).__name__}")
    players = config.players
    rng = seed_state(config.seed)
    indices = tuple(range(len(config.loot_deck)))
    if config.dealer is _ENGINE:
        order, rng = shuffled(rng, indices)
        deck = order[: config.rounds]  # R-COMP-4: the rest leave the game unseen
    else:
        deck = indices
    state = GameState(
        config=config,
        phase=_DEALING,
        round=1,
        loot=None,
        cash=(config.starting_cash,) * players,
        reserve=config.starting_reserve,
        threats=(0,) * players,
        threat_supply=THREAT_CARDS,
        leader=config.first_leader,
        characters=(),
        decided=(False,) * players,
        face_up=(),
        face_down=None,
        previous_roles=((),) * players,
        winners=frozenset(),
        events=(GameStarted(players, config.first_leader),),
        history=(),
        deck=deck,
        rng=rng,
    )
    draft = Draft(state)
    start_round(draft)
    return draft.finish(None)


def _require_state(state: object) -> None:
    if not isinstance(state, GameState):
        illegal(
            msg("error.bad_value", "expected a GameState, not {kind}"), kind=type(state).__name__
        )


#: The actions only the dealer may send: a seat never deals or sets aside.
_DEALER_ACTIONS: Final = (DealLoot, SetAside)


def _check(state: GameState, action: object, seat: object) -> tuple[_Check, _Play]:
    _require_state(state)
    transition = _TRANSITIONS.get(type(action))
    if transition is None:
        illegal(msg("error.not_an_action", "{action} is not an action"), action=repr(action))
    if seat is not None:
        _check_authorised(state, action, seat)
    if state.phase is _GAME_OVER:
        illegal(msg("error.game_over", "the game is over: no action is legal"), "R-END")
    transition[0](state, action)
    return transition


def _check_authorised(state: GameState, action: object, seat: object) -> None:
    """Refuse an action that ``seat`` may not send: the dealer's, or another seat's."""
    seat = require_seat(state, seat, "seat")
    if isinstance(action, _DEALER_ACTIONS):
        illegal(
            msg("error.not_your_action", "seat {seat} cannot send {action}: only the dealer deals"),
            seat=seat,
            action=type(action).__name__,
        )
    player = getattr(action, "player", None)
    # A player field of the wrong type is left to the action's own check (bad_value).
    if type(player) is int and player != seat:
        illegal(
            msg("error.not_your_action", "seat {seat} cannot act for seat {player}"),
            seat=seat,
            player=player,
        )


def apply(state: GameState, action: Action, *, seat: object = None) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Every action is checked first: an illegal one raises and changes nothing.
    A server passes the ``seat`` of the connection the action came from: the
    action must then be that seat's own, and the dealer's actions are refused.
    The heist and the loot need no decision, so the action that ends
    negotiation (or the lone Snitch's :class:`~millions_rules.Denounce`) plays them out, up to
    the next decision or the end of the game.

    Args:
        state: The current state.
        action: Any :data:`~millions_rules.Action`.
        seat: ``None`` for a trusted caller (the table itself, the dealer, a local
            game), or the seat that sent the action: its ``player`` must be
            ``seat``, and :class:`~millions_rules.DealLoot` and
            :class:`~millions_rules.SetAside` are refused (code ``not_your_action``).

    Returns:
        The new state, with the action appended to :attr:`~millions_rules.GameState.history`
        and what happened appended to :attr:`~millions_rules.GameState.events`.

    Raises:
        IllegalActionError: If the action is not legal in ``state``; its
            ``code`` says why (see :data:`~millions_rules.ACTION_ERROR_CODES`).

    >>> from millions_rules import Choose, GameConfig, Role, new_game
    >>> state = apply(new_game(GameConfig(4, seed=42)), Choose(0, Role.CROOK))
    >>> state.cash, state.deposits
    ((4, 5, 5, 5), (1, 0, 0, 0))
    >>> apply(state, Choose(1, Role.BRUTE), seat=2)
    Traceback (most recent call last):
      ...
    millions_rules.IllegalActionError: seat 3 cannot act for seat 2
    """
    listed_state, listed, members = cast(_Last, _LAST.last)  # one read: see _Listing
    if (
        seat is None
        and listed_state is state
        and (id(action) in members if members is not None else _listed(action, listed))
    ):
        # The very object legal_actions listed for this state: it passed every check.
        return _play_checked(state, action)
    _check(state, action, seat)
    return _play_checked(state, action)


def apply_listed(state: GameState, action: Action) -> GameState:
    """The state after ``action``, an action the engine's own listings give for ``state``.

    :func:`~millions_rules.apply` without the checks, for the library's callers that only
    play what :func:`legal_actions` listed for this very state, or a payment among
    :func:`payees` within the payer's cash (the adapters, whose catalogue entries are
    legal exactly when listed). Anything else goes through
    :func:`~millions_rules.apply`: this plays whatever it is given.
    """
    return _play_checked(state, action)


def _play_checked(state: GameState, action: Action) -> GameState:
    """The state after ``action``, checked or listed for ``state``.

    An action that changes little is built without a draft by its shortcut (see
    ._shortcuts), which may leave it to the draft; the draft plays it with the play of
    :data:`_TRANSITIONS`. The commonest classes' shortcuts and plays are called by name
    rather than through the tables: the compiled build then calls them directly.
    """
    kind = type(action)
    new: GameState | None
    if kind is _CHOOSE:
        new = shortcut_choose(state, action)  # type: ignore[arg-type]
    elif kind is _STAY:
        new = shortcut_stay(state, action)  # type: ignore[arg-type]
    elif kind is _LEAVE:
        new = shortcut_leave(state, action)  # type: ignore[arg-type]
    elif kind is _PAY:
        return shortcut_pay(state, action)  # type: ignore[arg-type]
    else:
        new = None
    if new is not None:
        return new
    draft = Draft(state)
    if kind is _STAY:
        play_stay(draft, action)  # type: ignore[arg-type]
    elif kind is _LEAVE:
        play_leave(draft, action)  # type: ignore[arg-type]
    elif kind is _DENOUNCE:
        play_denounce(draft, action)  # type: ignore[arg-type]
    elif kind is _USE_THREAT:
        play_use_threat(draft, action)  # type: ignore[arg-type]
    else:
        _TRANSITIONS[kind][1](draft, action)
    return draft.finish(action)


#: The last state :func:`legal_actions` listed every action of, the list, and the
#: identities of its actions when a cache keeps it (else ``None``; see :data:`_MEMBERS`).
_Last = tuple[object, tuple[Action, ...], frozenset[int] | None]


@final
class _Listing:
    """Where the engine keeps the last :data:`_Last`.

    A bot calls ``apply(state, choice(legal_actions(state)))``: apply then only has to
    find the very object in the list (by identity; an equal object may still be of
    another type, such as ``Stay(True)``, and is checked in full). One tuple, replaced
    whole and read at once, so that threads listing and applying together never pair a
    state with another's list. A compiled class (docs' "Compiled build"): its field is
    read and written without a dictionary; typed ``object``, so that it stays one
    Python tuple rather than the fields of a C structure.
    """

    def __init__(self) -> None:
        self.last: object = (None, (), None)

    def remember(self, state: GameState, listed: tuple[Action, ...]) -> None:
        """Keep ``listed`` as every action of ``state``."""
        self.last = (state, listed, None)

    def remember_members(
        self, state: GameState, listed: tuple[Action, ...], members: frozenset[int]
    ) -> None:
        """Keep ``listed``, whose actions' identities are ``members``, as every action of ``state``."""
        self.last = (state, listed, members)

    def forget(self) -> None:
        """Keep no listing: the next :func:`apply` checks its action in full."""
        self.last = (None, (), None)


_LAST: Final = _Listing()


#: The identities of the actions of the long listings that caches keep (planning's
#: choices: up to 60 in the three-player game), by ``id`` of the listing. Each entry holds
#: the listing itself, so neither it nor its actions can be freed while their ids are kept.
_MEMBERS: Final[dict[int, _Members]] = {}


def _remember_members(listed: tuple[Action, ...]) -> None:
    """Keep the identities of ``listed``'s actions (a listing that a cache keeps alive)."""
    if len(_MEMBERS) >= 1024:  # bounded: the few hundred planning listings fit
        _MEMBERS.clear()
        _OPEN.clear()  # each listing of _OPEN has its members kept
    _MEMBERS[id(listed)] = (listed, frozenset(map(id, listed)))


_Members = tuple[tuple[Action, ...], frozenset[int]]

#: :func:`open_choices` by the seats that have chosen, as a bit mask, and the number of
#: players (``mask << 4 | players``): asked before every choice, it is answered without
#: building the set of seats. Each listing comes with its members (_MEMBERS).
_OPEN: Final[dict[int, _Members]] = {}


def _open_choices(players: int, characters: tuple[Character, ...]) -> _Members:
    """:func:`open_choices` for the seats of ``characters``, and its members (_MEMBERS)."""
    chosen = 0
    for c in characters:
        seat = c.player
        if seat.__class__ is not int or not 0 <= seat < players:  # only a hand-built state
            return _with_members(open_choices(players, frozenset([c.player for c in characters])))
        chosen |= 1 << seat
    key = chosen << 4 | players
    found = _OPEN.get(key)
    if found is not None:
        return found
    entry = _with_members(open_choices(players, frozenset([c.player for c in characters])))
    _OPEN[key] = entry
    return entry


def _with_members(listed: tuple[Action, ...]) -> _Members:
    """``listed``, a listing a cache keeps, and its members (kept in _MEMBERS)."""
    entry = _MEMBERS.get(id(listed))
    if entry is None or entry[0] is not listed:
        _remember_members(listed)
        entry = _MEMBERS[id(listed)]
    return entry


#: The longest listing :func:`_listed` searches without asking :data:`_MEMBERS` first:
#: most of negotiation's (a few seats' Stay and Leave).
_SHORT_LISTING: Final = 8


def _listed(action: object, listed: tuple[Action, ...]) -> bool:
    if len(listed) > _SHORT_LISTING:
        entry = _MEMBERS.get(id(listed))
        if entry is not None and entry[0] is listed:
            return id(action) in entry[1]  # the object of that id is alive: it is action
    # A plain loop: any() over a generator costs twice as much here.
    for candidate in listed:  # noqa: SIM110
        if candidate is action:
            return True
    return False


def check(state: GameState, action: object, *, seat: object = None) -> IllegalActionError | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal; nothing is applied.

    A user interface can check an action before it sends it.

    Args:
        state: The current state.
        action: Anything; objects that are no action are reported as such.
        seat: The seat sending the action, or ``None`` for a trusted caller
            (see :func:`~millions_rules.apply`).

    Returns:
        The error :func:`~millions_rules.apply` would raise, or ``None``.

    >>> from millions_rules import Choose, GameConfig, Role, new_game
    >>> state = new_game(GameConfig(4, seed=1))
    >>> check(state, Choose(0, Role.SNITCH)).code
    'role_not_in_play'
    >>> check(state, Choose(0, Role.BRUTE), seat=1).code
    'not_your_action'
    """
    try:
        _check(state, action, seat)
    except IllegalActionError as error:
        return error
    return None


def is_legal(state: GameState, action: object, *, seat: object = None) -> bool:
    """Whether ``action`` is legal in ``state``, sent by ``seat`` (see :func:`~millions_rules.check`)."""
    return check(state, action, seat=seat) is None


def legal_actions(
    state: GameState, player: object = None, *, payments: object = True
) -> tuple[Action, ...]:
    """Every legal action, or every legal action of one player.

    The order is fixed: by seat, then choices, decisions, threat cards, answers to
    open offers (:class:`~millions_rules.AcceptOffer` when legal and
    :class:`~millions_rules.DeclineOffer` for each offer made to the seat,
    :class:`~millions_rules.WithdrawOffer` for each it made; R-DEAL-2, R-DEAL-3) and
    payments. New offers and talk are never listed: their amounts and texts are
    unbounded (see :func:`~millions_rules.offer_terms`). While the external dealer must
    act, the dealer's actions are listed (only when ``player`` is ``None``).

    Args:
        state: The current state.
        player: A seat to list only that player's actions, or ``None`` for all.
        payments: ``False`` leaves out :class:`~millions_rules.Pay` actions, which are many
            (every payee, every amount). :func:`~millions_rules.apply` still accepts any legal
            payment; bots and benchmarks usually leave them out.

    Returns:
        The legal actions; empty when the game is over. With an external dealer to
        act, no player has any.

    Raises:
        IllegalActionError: If ``state`` is not a :class:`~millions_rules.GameState`
            or ``payments`` is no ``bool`` (code ``bad_value``), or ``player`` is not a
            seat of the game (code ``unknown_player``, or ``bad_value`` for a non-int),
            as in :func:`~millions_rules.view`.

    With payments, the list is bounded by the money in the game: each seat lists at
    most ``players - 1`` payees times its cash, so all seats together at most
    ``(players - 1) * config.total_money`` payments (70,000 at
    :data:`~millions_rules.MAX_MONEY` with 8 players).

    >>> from millions_rules import GameConfig, new_game
    >>> actions = legal_actions(new_game(GameConfig(4, seed=1)), 0, payments=False)
    >>> [action.roles[0].name for action in actions]
    ['BRUTE', 'DRIVER', 'CROOK']
    """
    if payments is False and player is None and isinstance(state, _GAME_STATE):
        # What a bot asks before each action, answered with the fewest steps: the
        # same lists as _legal_actions gives. The fields are read from the state's
        # dictionary: a subscript costs less than an attribute lookup.
        fields = state.__dict__
        phase = fields["phase"]
        listed: tuple[Action, ...]
        if phase is _PLANNING:
            config = fields["config"]
            if config.repeat_role is _FORBIDDEN:
                listed = all_choices(state, _not_chosen(state))
            else:
                listed, members = _open_choices(config.players, fields["characters"])
                _LAST.remember_members(state, listed, members)
                return listed
            _LAST.remember(state, listed)
            return listed
        if phase is _NEGOTIATION and not fields["offers"]:
            players: int = fields["config"].players
            decided: object = fields["decided"]  # any sequence: see _decided_mask
            if fields["threats"] != _NO_THREATS[players]:  # a tuple with a card, or no tuple
                listed = _negotiation_without_payments(state, _undecided(players, decided))
            elif players == 3:  # config.three_player, without a property's call
                listed = decisions_of_seats(state, _undecided(players, decided))
            else:
                listed = _everyone_stay_or_leave(players, decided)
            _LAST.remember(state, listed)
            return listed
        if phase is _HEIST:
            listed = _all_denunciations(state)
            _LAST.remember(state, listed)
            return listed
    _require_state(state)
    seat = None if player is None else require_seat(state, player, "seat")
    if type(payments) is not bool:
        illegal(
            msg("error.bad_value", "payments must be a bool, not {kind}"),
            kind=type(payments).__name__,
        )
    phase = state.phase
    if phase is _DEALING:
        return tuple(DealLoot(index) for index in sorted(state.deck)) if seat is None else ()
    if phase is _SETTING_ASIDE:
        return tuple(SetAside(role) for role in role_cards(state)) if seat is None else ()
    if phase is _GAME_OVER:
        return ()
    if seat is None:
        listed = _legal_actions(state, None, payments)
        if phase is _NEGOTIATION and state.offers:
            listed = _with_deals(state, listed, range(state.config.players))
        _LAST.remember(state, listed)
        return listed
    listed = _legal_actions(state, seat, payments)
    if phase is _NEGOTIATION and state.offers:
        listed = _with_deals(state, listed, (seat,))
    return listed


def _with_deals(
    state: GameState, listed: tuple[Action, ...], seats: Iterable[int]
) -> tuple[Action, ...]:
    """``listed`` with each seat's answers to open offers after its other actions but
    payments (R-DEAL-2, R-DEAL-3), seat by seat."""
    deals = {seat: deal_actions(state, seat) for seat in seats}
    if not any(deals.values()):
        return listed
    found: list[Action] = []
    for seat, answers in deals.items():
        mine = [action for action in listed if action.player == seat]  # type: ignore[union-attr]
        found.extend(action for action in mine if action.__class__ is not Pay)
        found.extend(answers)
        found.extend(action for action in mine if action.__class__ is Pay)
    return tuple(found)


def _not_chosen(state: GameState) -> tuple[int, ...]:
    """The seats yet to choose in planning (:attr:`~millions_rules.GameState.awaiting`)."""
    chosen = {c.player for c in state.characters}
    return tuple(filterfalse(chosen.__contains__, range(state.config.players)))


#: The most players a game has (R-COMP-2; :class:`~millions_rules.GameConfig` refuses more).
_MOST_PLAYERS: Final = 8

#: No threat card in anyone's hand, by the number of players.
_NO_THREATS: Final = tuple([(0,) * players for players in range(_MOST_PLAYERS + 1)])

#: The seats that have decided, as a bit mask, and the number of players
#: (``mask << 4 | players``) address these tables: :func:`_undecided` and
#: :func:`_everyone_stay_or_leave` by that key, filled as met (2**8 masks at most).
_TABLE_SIZE: Final = 1 << _MOST_PLAYERS << 4
_UNDECIDED: Final[list[tuple[int, ...] | None]] = [None] * _TABLE_SIZE
_STAY_OR_LEAVE: Final[list[tuple[Action, ...] | None]] = [None] * _TABLE_SIZE


def _decided_mask(players: int, decided: object) -> int:
    """The seats that have decided as a bit mask, or -1 if ``decided`` is no tuple of
    ``players`` bools (only a hand-built state).

    ``decided`` is read as an object: the compiled build (docs' "Compiled build") would
    otherwise check it and each item against the annotation, and raise for the lists
    and non-bools of a hand-built state that the engine refuses in its own words.
    """
    if type(decided) is not tuple or len(decided) != players:
        return -1
    mask = 0
    bit = 1
    for done in decided:
        if done is True:
            mask |= bit
        elif done is not False:
            return -1
        bit <<= 1
    return mask


def _undecided(players: int, decided: object) -> tuple[int, ...]:
    """The seats yet to decide in negotiation (:attr:`~millions_rules.GameState.awaiting`)."""
    mask = _decided_mask(players, decided)
    if mask < 0:  # any sequence of a hand-built state, read as booleans
        return tuple(compress(range(players), map(not_, decided)))  # type: ignore[call-overload]
    key = mask << 4 | players
    found = _UNDECIDED[key]
    if found is None:
        found = tuple([seat for seat in range(players) if not mask >> seat & 1])
        _UNDECIDED[key] = found
    return found


def _everyone_stay_or_leave(players: int, decided: object) -> tuple[Action, ...]:
    """Every undecided seat's :class:`~millions_rules.Stay` and
    :class:`~millions_rules.Leave`, seat by seat: negotiation without threat cards,
    offers or the three-player game (R-NEG-1, R-NEG-2)."""
    mask = _decided_mask(players, decided)
    if mask < 0:
        return _all_stay_or_leave(_undecided(players, decided))
    key = mask << 4 | players
    found = _STAY_OR_LEAVE[key]
    if found is None:
        found = _all_stay_or_leave(_undecided(players, decided))
        _STAY_OR_LEAVE[key] = found
    return found


def _legal_actions(state: GameState, player: int | None, payments: bool) -> tuple[Action, ...]:
    phase = state.phase
    seats: Iterable[int] = range(state.config.players) if player is None else (player,)
    awaiting = state.awaiting
    if not payments and player is not None:
        decisions, threats = seat_listings(state, player)
        return decisions + threats if threats else decisions
    if not payments and not (phase is _NEGOTIATION and any(state.threats)):
        # Only decisions are possible: visit just the seats the engine waits for.
        if phase is _PLANNING:
            return all_choices(state, awaiting)
        if phase is _NEGOTIATION:
            if not state.config.three_player:
                return _all_stay_or_leave(awaiting)
            return decisions_of_seats(state, awaiting)
        return tuple(action for seat in awaiting for action in _decisions_of(state, seat))
    if not payments and player is None:
        return _negotiation_without_payments(state, awaiting)
    found: list[Action] = []
    for seat in seats:
        if seat in awaiting:
            found.extend(_decisions_of(state, seat))
        if phase is _NEGOTIATION and state.threats[seat]:
            found.extend(_threats(state, seat))
        if payments:
            found.extend(_payments(state, seat))
    return tuple(found)


def seat_listings(state: GameState, seat: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """``seat``'s legal actions but payments: its decisions, then its threat cards.

    :func:`legal_actions` with ``player=seat, payments=False`` lists the same actions, the
    two joined. Each is a tuple the engine keeps and gives again for every state with the
    same choices open (R-PLAN-2, R-NEG-1, R-3P-2, R-NEG-THREAT, R-HEIST-SNITCH), so a
    caller may remember what it derives from one by its identity. ``seat`` must be a
    seat of the game.
    """
    if state.phase is _NEGOTIATION:  # the engine awaits the undecided seats
        decisions = () if state.decided[seat] else _stay_or_leave(state, seat)
        return decisions, _threats(state, seat) if state.threats[seat] else ()
    return _decisions_of(state, seat) if seat in state.awaiting else (), ()


def _decisions_of(state: GameState, seat: int) -> tuple[Action, ...]:
    """The choice, stay-or-leave or denunciation the engine awaits from ``seat``."""
    if state.phase is _PLANNING:
        return choices(state, seat)
    if state.phase is _NEGOTIATION:
        return _stay_or_leave(state, seat)
    if state.phase is _HEIST:
        return _denunciations(seat, nameable_face_up(state.face_up))
    return ()


@cache
def _stay_or_leave_all(seat: int) -> tuple[Action, ...]:
    return seat_decisions(seat, ())  # Stay(seat), Leave(seat): nothing to take back alone


@lru_cache(maxsize=1024)
def _all_stay_or_leave(seats: tuple[int, ...]) -> tuple[Action, ...]:
    # legal_actions runs before every action of a bot: the same few tuples serve all games.
    return tuple(action for seat in seats for action in _stay_or_leave_all(seat))


def _stay_or_leave(state: GameState, seat: int) -> tuple[Action, ...]:
    if state.config.players != 3:  # R-3P: three players decide per character
        return _stay_or_leave_all(seat)
    return face_down_decisions(state)[seat]  # kept with the state (see ._face_down)


def _all_denunciations(state: GameState) -> tuple[Action, ...]:
    """Every :class:`~millions_rules.Denounce` the lone Snitch may play (R-HEIST-SNITCH).

    The same list as the general loop of :func:`_legal_actions` gives in the heist.
    """
    nameable = nameable_face_up(state.face_up)
    return tuple([action for seat in state.awaiting for action in _denunciations(seat, nameable)])


@lru_cache(maxsize=1024)
def _denunciations(seat: int, nameable: tuple[Role, ...]) -> tuple[Denounce, ...]:
    # Immutable actions, keyed by the roles the Snitch may name rather than by the
    # face-up cards: at most 8 seats times 16 sets of roles serve every game, where the
    # layouts of all player counts together (over 3,000 with the seats) would not fit.
    return tuple([Denounce(seat, role) for role in nameable])


def _negotiation_without_payments(
    state: GameState, awaiting: tuple[int, ...]
) -> tuple[Action, ...]:
    """Every seat's decisions and threat cards in negotiation: one pass over the characters.

    The same list, in the same order, as the general loop of :func:`_legal_actions`
    (decisions, then threat cards, seat by seat; R-NEG-1, R-NEG-THREAT, R-3P-2, R-3P-4).
    """
    players = state.config.players
    threats = state.threats
    key = -1
    if players != 3:  # config.three_player: its decisions depend on the roles face down
        key = _negotiation_key(state.characters, players, awaiting, threats)
        if key >= 0:
            known = _NEGOTIATION_LISTINGS.get(key)
            if known is not None:
                return known
    in_round, slots = _in_round_and_slots(state)
    face_down = face_down_decisions(state) if players == 3 else None
    found: tuple[Action, ...] = ()
    for seat in range(players):
        if seat in awaiting:
            if face_down is None:
                found += _stay_or_leave_all(seat)
            else:
                found += face_down[seat]
        if threats[seat] and in_round[seat]:
            found += _threat_cards(seat, slots)
    if key >= 0:
        if len(_NEGOTIATION_LISTINGS) >= 4096:  # bounded; a game meets a few dozen keys
            _NEGOTIATION_LISTINGS.clear()
        _NEGOTIATION_LISTINGS[key] = found
    return found


#: :func:`_negotiation_without_payments` outside the three-player game, by
#: :func:`_negotiation_key`: the same few listings recur in every game.
_NEGOTIATION_LISTINGS: Final[dict[int, tuple[Action, ...]]] = {}


@final
class _Seats:
    """The last characters tuple :func:`_seats` read, with the seats still in the round
    and the face-down slots of each as bit masks: successive states of a negotiation
    share their characters until someone leaves or is threatened. One tuple, replaced
    whole and read at once (as :class:`_Listing`'s), so that threads never pair one
    tuple's characters with another's masks."""

    def __init__(self) -> None:
        self.last: object = (None, 0, 0)


_SEATS: Final = _Seats()

#: What :class:`_Seats` keeps: the characters, the seats in the round, the slots.
_Known = tuple[object, int, int]


def _seats(characters: tuple[Character, ...]) -> tuple[int, int]:
    """The seats in the round (bit ``seat``) and the face-down slots (bit ``4 * seat +
    position``) of ``characters``, or ``(-1, -1)`` for a slot that no bit holds (only a
    hand-built state): what :func:`_in_round_and_slots` says, in two numbers."""
    known, known_in_round, known_slots = cast(_Known, _SEATS.last)
    if known is characters:
        return known_in_round, known_slots
    in_round = 0
    slots = 0
    for c in characters:
        status = c.status
        if status is not _TAKEN_BACK:
            seat = c.player
            if not 0 <= seat < _MOST_PLAYERS:
                return -1, -1
            in_round |= 1 << seat
            if status is _HIDDEN:
                position = c.position
                if not 0 <= position < 4:
                    return -1, -1
                slots |= 1 << (4 * seat + position)
    _SEATS.last = (characters, in_round, slots)
    return in_round, slots


def _negotiation_key(
    characters: tuple[Character, ...],
    players: int,
    awaiting: tuple[int, ...],
    threats: tuple[int, ...],
) -> int:
    """What :func:`_negotiation_without_payments` lists outside the three-player game
    depends on, in one number: the seats awaited, the seats holding a threat card, the
    seats in the round and their face-down slots; or -1 (only a hand-built state)."""
    in_round, slots = _seats(characters)
    if slots < 0 or len(threats) != players:
        return -1
    waiting = 0
    for seat in awaiting:
        waiting |= 1 << seat
    holding = 0
    bit = 1
    for held in threats:
        if held:
            holding |= bit
        bit <<= 1
    return (((waiting << 8 | holding) << 8 | in_round) << 32 | slots) << 4 | players


@lru_cache(maxsize=4096)
def _threat_cards(seat: int, slots: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    """Every :class:`~millions_rules.UseThreat` of ``seat``, given every seat's face-down slots.

    At most a few thousand keys (each seat's slots are one of a few small tuples).
    """
    return tuple(
        [
            _use_threat(seat, target, slot)
            for target in range(len(slots))
            if target != seat
            for slot in slots[target]
        ]
    )


@lru_cache(maxsize=1024)
def _use_threat(seat: int, target: int, slot: int) -> UseThreat:
    return UseThreat(seat, target, slot)  # immutable: one object serves every game


def _in_round_and_slots(
    state: GameState,
) -> tuple[list[bool], tuple[tuple[int, ...], ...]]:
    """Which seats are still in the round, and each seat's face-down slots: one pass."""
    players = state.config.players
    in_round = [False] * players
    positions: list[list[int]] = [[] for _ in range(players)]
    for c in state.characters:
        status = c.status
        if status is not _TAKEN_BACK:
            in_round[c.player] = True
            if status is _HIDDEN:
                positions[c.player].append(c.position)
    return in_round, tuple(map(tuple, positions))


def _threats(state: GameState, seat: int) -> tuple[Action, ...]:
    in_round, slots = _in_round_and_slots(state)
    return _threat_cards(seat, slots) if in_round[seat] else ()


def actors(state: GameState) -> tuple[int, ...]:
    """The seats with at least one legal action now, ascending (the dealer aside).

    The seats the engine awaits, and in negotiation (R-NEG-3, R-NEG-THREAT) any seat
    still in the round that may pay or use a threat card. The answers to offers
    (:class:`~millions_rules.AcceptOffer`, :class:`~millions_rules.DeclineOffer`,
    :class:`~millions_rules.WithdrawOffer`; R-DEAL-2, R-DEAL-3) do not make a seat an
    actor: the list is public and must not reveal a private offer.
    """
    awaiting = set(state.awaiting)
    return tuple(
        seat
        for seat in range(state.config.players)
        if seat in awaiting
        or payees(state, seat)
        or (state.phase is Phase.NEGOTIATION and state.threats[seat] and _threats(state, seat))
    )


def payees(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may pay now, ascending (R-NEG-3); empty if it may pay nobody."""
    if state.cash[seat] < 1 or state.phase is not _NEGOTIATION:
        return ()
    present = [False] * state.config.players  # who is in the round: one pass
    for c in state.characters:
        if c.status is not _TAKEN_BACK:
            present[c.player] = True
    if not present[seat]:
        return ()
    return tuple(p for p, there in enumerate(present) if there and p != seat)


def _payments(state: GameState, seat: int) -> list[Action]:
    amounts = range(1, state.cash[seat] + 1)
    return [Pay(seat, to, amount) for to in payees(state, seat) for amount in amounts]


_REPLAY_STEP: Final = msg("replay.step", "actions[{index}]: {error}")


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    """The state reached by playing ``actions`` from the start of a game.

    The same config and actions give the same state on every Python version and
    platform: the engine's generator is part of the state.

    Args:
        config: The game's configuration.
        actions: The actions, in order (for instance :attr:`~millions_rules.GameState.history`).

    Returns:
        The final state.

    Raises:
        IllegalActionError: If an action is illegal; the message says which,
            as ``actions[5]: ...``, with the same ``code``.

    >>> state = new_game(GameConfig(3, seed=5))
    >>> replay(state.config, state.history) == state
    True
    """
    state = new_game(config)
    if not isinstance(actions, Iterable):
        illegal(
            msg("error.bad_value", "actions must be an iterable of actions, not {kind}"),
            kind=type(actions).__name__,
        )
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError._from_text(
                _REPLAY_STEP, error.code, error.rule, {"index": index, "error": error}, cited=False
            ) from None
    return state
