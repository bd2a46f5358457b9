"""Player views: what one seat may know, and nothing more (R-INFO).

A :class:`~millions_rules.PlayerView` is built from a :class:`~millions_rules.GameState` by :func:`~millions_rules.view`, field
by field, following R-INFO:

* public: the loot card, leader, cash, reserve, deposits, threat cards held, who
  has chosen and decided, the face-up role cards, which positions were taken
  back, every revealed character, the named role, every payment and result,
  and the previous round's roles under ``repeat_role='forbidden'``;
* private to the owner: their own characters and their previous roles;
* private to a threat's user: the role they saw (this round);
* known to nobody: the face-down role card, the loot deck, the generator state
  and seed, the roles of characters taken back.

The seed is dropped with the whole :class:`~millions_rules.GameConfig`: a view carries a
:class:`~millions_rules.PublicConfig` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import attrs

from .._common.game import PayingView
from ._actions import Action, Pay
from ._checks import illegal, require_seat
from ._config import GameConfig
from ._engine import actors, legal_actions, payees
from ._errors import ConfigError
from ._events import EVENT_TYPES, Event, LootRevealed, OpenOffer, ThreatPeeked, check_seat_argument
from ._fields import document_fields
from ._heist import nameable_roles
from ._log import Log
from ._roles import Dealer, LootCard, RepeatRole, Role
from ._state import Character, CharacterStatus, GameState, Phase
from ._text import msg

__all__ = [
    "PlayerView",
    "PublicConfig",
    "OfferTerms",
    "SeenCharacter",
    "offer_terms",
    "public_config",
    "view",
    "visible_events",
]


@attrs.frozen
class PublicConfig:
    """A :class:`~millions_rules.GameConfig` without its seed: the rules everyone at the table knows."""

    players: int
    """The number of players."""
    rounds: int
    """The number of rounds."""
    target: int
    """The cash that ends the game."""
    starting_cash: int
    """Each player's cash at the start."""
    total_money: int
    """All the money in the game."""
    loot_deck: tuple[LootCard, ...]
    """The cards the game's loot cards are drawn from (their order is secret)."""
    repeat_role: RepeatRole
    """The repeat-role option."""
    dealer: Dealer
    """Who deals."""
    first_leader: int
    """The first leader."""
    private_offers: bool = True
    """Whether private offers are allowed (R-DEAL-4)."""
    private_talk: bool = True
    """Whether private talk is allowed (R-TALK-1)."""

    def with_seed(self, seed: int) -> GameConfig:
        """The full config with this seed.

        Raises:
            ConfigError: If the seed is not an int from 0 to 2**64 - 1.
        """
        return GameConfig(seed=seed, **attrs.asdict(self, recurse=False))


def public_config(config: GameConfig) -> PublicConfig:
    """The public part of ``config``, everything but the seed.

    Raises:
        ConfigError: If ``config`` is no :class:`~millions_rules.GameConfig`.
    """
    if not isinstance(config, GameConfig):
        raise ConfigError(f"public_config needs a GameConfig, not {type(config).__name__}")
    known = _PUBLIC.get(id(config))
    if known is not None and known[0] is config:
        return known[1]
    fields = attrs.asdict(config, recurse=False)
    del fields["seed"]
    public = PublicConfig(**fields)
    if len(_PUBLIC) >= 256:  # bounded: a process plays few configs at a time
        _PUBLIC.clear()
    _PUBLIC[id(config)] = (config, public)  # the config kept alive: its id stays its own
    return public


#: The public config of each config recently asked, by the config's identity (configs
#: are immutable: every state of a game shares its config, and every view asks).
_PUBLIC: dict[int, tuple[GameConfig, PublicConfig]] = {}


@attrs.frozen
class SeenCharacter:
    """A character on the table as one seat sees it."""

    player: int
    """The owner."""
    position: int
    """Where it lies in front of the owner (R-3P-4)."""
    paid: int
    """The part of the deposit the owner paid."""
    covered: int
    """The part of the deposit the reserve covered."""
    status: CharacterStatus
    """Face down, taken back, surviving or eliminated (public)."""
    role: Role | None
    """The role if this seat knows it (its own, revealed, or seen with a threat card this round,
    even if taken back since), else ``None``."""
    seen_by_threat: bool
    """Whether this seat saw the role with a threat card this round (R-NEG-THREAT); then
    :attr:`role` shows it, even before the heist reveals it."""


@attrs.frozen
class PlayerView(PayingView):
    """Everything one seat may know about the game, and everything a frontend needs to draw it.

    Build it with :func:`~millions_rules.view`; never build it by hand from a :class:`~millions_rules.GameState`.
    ``seat`` is ``None`` for a spectator, who sees public facts only.
    """

    seat: int | None
    """The seat this view is for, or ``None`` for a spectator."""
    config: PublicConfig
    """The game's rules (the config without its seed)."""
    phase: Phase
    """What the engine waits for."""
    round: int
    """The current round."""
    loot: LootCard | None
    """The current loot card."""
    cash: tuple[int, ...]
    """Each player's cash, by seat."""
    reserve: int
    """The reserve."""
    threats: tuple[int, ...]
    """Threat cards held, by seat."""
    threat_supply: int
    """Threat cards left in the supply."""
    leader: int
    """The seat holding the leader card."""
    characters: tuple[SeenCharacter, ...]
    """This round's characters by seat and position, with the roles this seat knows."""
    decided: tuple[bool, ...]
    """Whether each player has made the final stay-or-leave decision."""
    face_up: tuple[Role, ...]
    """The face-up role cards, in reveal order."""
    previous_roles: tuple[tuple[Role, ...] | None, ...]
    """Last round's roles by seat, where this seat knows them (its own, and everyone's under
    ``repeat_role='forbidden'`` until the game is over), else ``None``; revealed ones are in
    the log."""
    awaiting: tuple[int, ...]
    """The seats whose decision (choice, stay or leave, denunciation) the engine waits for."""
    actors: tuple[int, ...]
    """Every seat that may act now, ascending; the seats in :attr:`awaiting`, and any other
    seat with a legal action, such as a player who stayed and may still pay or use a
    threat card in negotiation (R-NEG-3, R-NEG-THREAT). A seat listed here has at least
    one legal action; a seat still in the round may also be paid by another. A seat whose
    only legal actions answer offers (accept, decline, withdraw; R-DEAL-2, R-DEAL-3) is not
    listed: the list is public and must not reveal a private offer. Empty while
    the external dealer must act and when the game is over."""
    awaiting_dealer: bool
    """Whether the engine waits for the external dealer."""
    nameable: tuple[Role, ...]
    """The roles the lone Snitch may name (while the engine waits for it)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions other than payments (empty for a spectator)."""
    payees: tuple[int, ...]
    """The seats this seat may pay now, any amount from 1 to its cash (R-NEG-3)."""
    winners: frozenset[int]
    """The winners, once the game is over."""
    events: tuple[Event, ...]
    """The log as this seat may see it, from :attr:`first_event` on."""
    first_event: int
    """The index, in this seat's whole visible log, of the first of :attr:`events`: the
    ``since`` given to :func:`~millions_rules.view` (0 for the whole log)."""
    version: int
    """The :attr:`~millions_rules.GameState.rule_version` of the state this view was made
    from: the rule actions applied, which talk and offers do not change (so a table checks
    a pending rule action against it), and which tells nobody of a private offer or
    whisper (R-DEAL-4). It equals :attr:`~millions_rules.GameState.version` in a game
    without talk or offers."""
    offers: tuple[OpenOffer, ...] = ()
    """The open offers this seat may see, in the order made, which are every public offer
    and the private ones it is a party to (R-DEAL-4)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def deposits(self) -> tuple[int, ...]:
        """The money on each player's face-down characters, by seat."""
        on_table = [0] * self.config.players
        for character in self.characters:
            if character.status is CharacterStatus.HIDDEN:
                on_table[character.player] += character.paid + character.covered
        return tuple(on_table)

    @property
    def my_characters(self) -> tuple[SeenCharacter, ...]:
        """This seat's own characters this round."""
        return tuple(c for c in self.characters if c.player == self.seat)

    def payment(self, to: int, amount: int) -> Pay:
        """This seat's :class:`~millions_rules.Pay` of ``amount`` millions to seat ``to``.

        Raises:
            ConfigError: If the view is a spectator's.
        """
        if self.seat is None:
            raise ConfigError("a spectator's view pays nobody")
        return Pay(self.seat, to, amount)


document_fields(PublicConfig, SeenCharacter, PlayerView)


def visible_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events ``seat`` may see (``None``: a spectator), in order.

    Every secret step also emits a public event, so the filtered log still tells
    that, say, seat 2 chose a character (:class:`~millions_rules.DepositPlaced`) without saying
    which (:class:`~millions_rules.CharacterChosen`). A server streams
    ``visible_events(after.events[len(before.events):], seat)`` to each seat
    after each :func:`~millions_rules.apply`.

    >>> from millions_rules import GameConfig, Choose, Role, apply, new_game
    >>> state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
    >>> [type(e).__name__ for e in visible_events(state.events[-2:], 1)]
    ['DepositPlaced']
    >>> [type(e).__name__ for e in visible_events(state.events[-2:], 0)]
    ['CharacterChosen', 'DepositPlaced']

    Raises:
        IllegalActionError: If ``events`` is no tuple or list of events, or ``seat``
            is neither an int nor ``None`` (code ``bad_value``).
    """
    check_seat_argument(seat)
    if not isinstance(events, (tuple, list)):
        illegal(
            msg("error.bad_value", "events must be a tuple of events, not {kind}"),
            kind=type(events).__name__,
        )
    try:  # the log is long: no check per event on the way
        return tuple(event for event in events if _audience(event, seat))
    except AttributeError:
        bad = next(event for event in events if not isinstance(event, EVENT_TYPES))
        illegal(
            msg("error.bad_value", "events must hold events only, not {kind}"),
            kind=type(bad).__name__,
        )


def _visible_log(state: GameState, seat: int | None) -> tuple[Event, ...]:
    """``visible_events(state.events, seat)``, filtering only the events added since the
    seat's last view of an earlier state of the same game (see :meth:`._log.Log.select`)."""
    stored = state.__dict__["events"]
    if stored.__class__ is Log:
        try:
            return stored.select(seat, _keeper(seat))
        except (AttributeError, IndexError, TypeError):
            pass  # an event that is no event (a hand-built log): refused just below
    return visible_events(state.events, seat)


def _audience(event: Event, seat: int | None) -> bool:
    audience = event.visible_to
    return audience is None or (seat is not None and seat in audience)


@cache
def _keeper(seat: int | None) -> Callable[[Event], bool]:
    """:func:`_audience` for one seat, as a test of one event (one per seat)."""
    if seat is None:
        return lambda event: event.visible_to is None

    def keep(event: Event) -> bool:
        audience = event.visible_to
        return audience is None or seat in audience

    return keep


def _round_start(events: tuple[Event, ...]) -> int:
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], LootRevealed):
            return index
    return len(events)


def _known_role(
    seat: int | None, peeked: set[tuple[int, int]], character: Character
) -> Role | None:
    if character.player == seat or character.status in _REVEALED:
        return character.role
    # R-INFO: a seat never forgets what it saw with a threat card, even once the
    # character is taken back (its role stays unknown to everyone else, R-NEG-2).
    if (character.player, character.position) in peeked:
        return character.role
    return None


def _seen(seat: int | None, peeked: set[tuple[int, int]], character: Character) -> SeenCharacter:
    role = _known_role(seat, peeked, character)
    threat = role is not None and (character.player, character.position) in peeked
    return SeenCharacter(
        character.player,
        character.position,
        character.paid,
        character.covered,
        character.status,
        role,
        threat,
    )


_REVEALED = frozenset({CharacterStatus.SURVIVING, CharacterStatus.ELIMINATED})


def view(state: GameState, seat: int | None, *, since: int = 0) -> PlayerView:
    """What ``seat`` may know about ``state`` (R-INFO); ``None`` for a spectator.

    Args:
        state: The full state.
        seat: A seat, or ``None``.
        since: How many events of this seat's visible log the client already
            holds: the view's :attr:`~millions_rules.PlayerView.events` then start
            at that index (:attr:`~millions_rules.PlayerView.first_event`). A client
            that keeps ``events[:first_event]`` of what it held and appends the new
            ones holds exactly :func:`~millions_rules.visible_events` of the state.

    Returns:
        The view. Two states that differ only in what ``seat`` may not know
        give equal views.

    Raises:
        IllegalActionError: If ``seat`` is not a seat of the game (code
            ``unknown_player`` or ``bad_value``), or ``since`` is not an int from 0
            to the length of the seat's visible log (code ``bad_value``).

    >>> from millions_rules import GameConfig, Choose, Role, apply, new_game
    >>> state = apply(new_game(GameConfig(4, seed=1)), Choose(0, Role.BRUTE))
    >>> view(state, 0).my_characters[0].role
    <Role.BRUTE: 'brute'>
    >>> view(state, 1).characters[0].role is None
    True
    >>> update = view(state, 1, since=2)
    >>> update.version, update.first_event, [type(event).__name__ for event in update.events]
    (1, 2, ['DepositPlaced'])
    """
    if not isinstance(state, GameState):
        illegal(
            msg("error.bad_value", "expected a GameState, not {kind}"), kind=type(state).__name__
        )
    if seat is not None:
        seat = require_seat(state, seat, "seat")
    log = _visible_log(state, seat)
    if type(since) is not int or not 0 <= since <= len(log):
        illegal(
            msg(
                "error.bad_value",
                "since must be an int from 0 to {last} (the events this seat may see), not {since}",
            ),
            last=len(log),
            since=repr(since),
        )
    start = _round_start(state.events)
    peeked = {
        (event.target, event.slot)
        for event in state.events[start:]
        if isinstance(event, ThreatPeeked) and event.player == seat
    }
    characters = tuple(
        _seen(seat, peeked, c)
        for c in sorted(state.characters, key=lambda c: (c.player, c.position))
    )
    # R-VAR-REPEAT: under ``forbidden`` last round's role cards lie face up for the
    # next round's planning. After the last round there is no next planning, so a
    # role taken back in it stays secret (R-NEG-2).
    everyone = (
        state.config.repeat_role is RepeatRole.FORBIDDEN and state.phase is not Phase.GAME_OVER
    )
    previous = tuple(
        roles if everyone or other == seat else None
        for other, roles in enumerate(state.previous_roles)
    )
    mine = () if seat is None else legal_actions(state, seat, payments=False)
    can_pay = () if seat is None else payees(state, seat)
    return PlayerView(
        seat=seat,
        config=public_config(state.config),
        phase=state.phase,
        round=state.round,
        loot=state.loot,
        cash=state.cash,
        reserve=state.reserve,
        threats=state.threats,
        threat_supply=state.threat_supply,
        leader=state.leader,
        characters=characters,
        decided=state.decided,
        face_up=state.face_up,
        previous_roles=previous,
        awaiting=state.awaiting,
        actors=actors(state),
        awaiting_dealer=state.awaiting_dealer,
        nameable=nameable_roles(state),
        legal_actions=mine,
        payees=can_pay,
        winners=state.winners,
        events=log[since:],
        first_event=since,
        version=state.rule_version,
        offers=_visible_offers(state.offers, seat),
    )


def _visible_offers(offers: tuple[OpenOffer, ...], seat: int | None) -> tuple[OpenOffer, ...]:
    if not offers:
        return offers
    return tuple(
        offer
        for offer in offers
        if not offer.private or (seat is not None and seat in (offer.player, offer.to))
    )


@attrs.frozen
class OfferTerms:
    """What one seat may offer now (R-DEAL-1), as :func:`offer_terms` gives it."""

    to: int
    """The recipient."""
    decider: int
    """The party who would decide and be paid (this seat or ``to``)."""
    leave: bool
    """Whether the decision would be to leave."""
    slot: int | None
    """The position of the one character the decider would take back (three-player game,
    a decider with two characters face down), or ``None``."""
    most: int
    """What the payer holds now (an offer may ask more; acceptance then waits for the
    money, R-DEAL-2); amounts start at 1."""


def offer_terms(seen: PlayerView) -> tuple[OfferTerms, ...]:
    """Every kind of :class:`~millions_rules.Offer` the view's seat may make now (R-DEAL-1).

    Offers are unbounded (any amount), so :attr:`PlayerView.legal_actions` does not list
    them; a frontend lists these terms and asks for an amount from 1 (``most`` is what
    the payer holds). Empty outside negotiation, for a spectator, and for a seat that has
    left the round. Each term may be made public or, where
    :attr:`~millions_rules.PublicConfig.private_offers` allows, private.

    Raises:
        IllegalActionError: If ``seen`` is no :class:`PlayerView` (code ``bad_value``).

    >>> from millions_rules import GameConfig, Choose, Role, apply, new_game, view
    >>> state = new_game(GameConfig(4, seed=1))
    >>> for seat, role in enumerate((Role.BRUTE, Role.DRIVER, Role.CROOK, Role.BRUTE)):
    ...     state = apply(state, Choose(seat, role))
    >>> terms = offer_terms(view(state, 0))
    >>> len(terms), terms[0]
    (12, OfferTerms(to=1, decider=0, leave=False, slot=None, most=4))
    """
    if not isinstance(seen, PlayerView):
        illegal(
            msg("error.bad_value", "expected a PlayerView, not {kind}"), kind=type(seen).__name__
        )
    seat = seen.seat
    if seen.phase is not Phase.NEGOTIATION or seat is None:
        return ()
    players = seen.config.players
    present = [False] * players
    face_down: list[list[int]] = [[] for _ in range(players)]
    for c in seen.characters:
        if c.status is not CharacterStatus.TAKEN_BACK:
            present[c.player] = True
        if c.status is CharacterStatus.HIDDEN:
            face_down[c.player].append(c.position)
    if not present[seat]:
        return ()
    terms: list[OfferTerms] = []
    for to in range(players):
        if to == seat or not present[to]:
            continue
        for decider in (seat, to):
            if seen.decided[decider]:
                continue
            most = seen.cash[to if decider == seat else seat]
            terms.append(OfferTerms(to, decider, False, None, most))
            terms.append(OfferTerms(to, decider, True, None, most))
            if players == 3 and len(face_down[decider]) == 2:
                terms.extend(
                    OfferTerms(to, decider, True, slot, most) for slot in face_down[decider]
                )
    return tuple(terms)


document_fields(OfferTerms)
