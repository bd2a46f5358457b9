"""Deals and claims at the adapters' table: the option ``negotiation=True``.

Off by default: the default catalogue, observation and turn structure
(:class:`~millions_rules.adapters.Catalogue`, :func:`~millions_rules.adapters.observe`,
:class:`~millions_rules.adapters.Table`) stay exactly as they are. With the option, the
PettingZoo environment and the OpenSpiel game use a :class:`DealTable`, whose catalogue
(:class:`DealCatalogue`) appends to the default one, in order:

1. *offer* (R-DEAL-1): to each seat, with each decider (the proposer, then the
   recipient), each decision (stay, leave; in the three-player game also taking back the
   character at position 0 or 1, R-3P-2), each amount of :data:`DEAL_AMOUNTS`, public
   then private (R-DEAL-4);
2. *answer* (R-DEAL-2, R-DEAL-3): for each seat, accept and decline the oldest open offer
   it made to the seat acting; then for each seat, withdraw the acting seat's oldest open
   offer to it;
3. *claim* (R-TALK-2): claim each role in play, to the table (a :class:`~millions_rules.Say`
   with no text, the claimed role, no recipient).

The turn structure's rules for these moves (they are moves of the seat to act, in
negotiation only):

* an offer or a claim costs a free move, as a payment does; declining and withdrawing a
  public offer cost none (each ends an offer, so they are bounded), and accepting is the
  decider's decision (the decider's turn need not come);
* a seat has at most one open offer to each other seat (the catalogue masks a second);
  the amount is at most what the payer holds;
* a *private* move (a private offer, or declining or withdrawing one) is open only to a
  seat that has not decided and has a free move left, and it looks to every other seat
  exactly as a :class:`~millions_rules.adapters.Wait`: one free move spent, the turn
  passed, the public trace of waits given one more entry. So a third seat's observation
  and information state are the same with and without a private offer between two
  others (R-DEAL-4); the tests check it;
* a seat that has decided keeps its turns while it has a public offer to answer or
  withdraw (besides payments and threats); a private offer gives it no turn (that would
  show), and one left open lapses when negotiation ends (R-DEAL-3).

The observation appends, for the seat observing: the open offers it may see (R-DEAL-4),
one cell per proposer and recipient (the oldest, should a state hold more than one),
and the role each seat last claimed this round where the seat heard it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

import attrs

from ._actions import AcceptOffer, Action, DeclineOffer, Offer, Say, WithdrawOffer
from ._checks import illegal
from ._config import GameConfig
from ._deals import MAX_OFFERS_A_ROUND, MAX_OPEN_OFFERS, MAX_TALK_A_ROUND, deal_actions
from ._encoding import Catalogue
from ._engine import apply
from ._events import Event, OfferMade, OpenOffer, Pressed, RoundEnded, Said
from ._roles import Role
from ._state import CharacterStatus, GameState, Phase
from ._text import msg
from ._turns import FREE_MOVES, Move, Table, max_moves, public_events

__all__ = [
    "DEAL_AMOUNTS",
    "Answer",
    "DealCatalogue",
    "DealTable",
    "deal_observation_fields",
    "deal_catalogue",
    "deal_observation_size",
    "max_deal_moves",
    "negotiation_option",
    "observe_deals",
    "summarise_deals",
]

#: The amounts of the catalogue's offers, in millions (any amount stays possible through
#: the library itself).
DEAL_AMOUNTS: Final[tuple[int, ...]] = (1, 2, 3, 5)

_ROLES: Final = tuple(Role)
_NEGOTIATION: Final = Phase.NEGOTIATION
_TAKEN_BACK: Final = CharacterStatus.TAKEN_BACK
_HIDDEN: Final = CharacterStatus.HIDDEN
_DEAL_MOVES: Final = (Offer, AcceptOffer, DeclineOffer, WithdrawOffer, Say)


@attrs.frozen
class Answer:
    """A catalogue entry that answers an open offer, before its offer is looked up.

    :meth:`DealCatalogue.move` makes it the :class:`~millions_rules.AcceptOffer`,
    :class:`~millions_rules.DeclineOffer` or :class:`~millions_rules.WithdrawOffer` of the
    oldest open offer between the two seats.
    """

    player: int
    """The seat answering."""
    kind: str
    """``"accept"``, ``"decline"`` (an offer ``other`` made) or ``"withdraw"`` (one made to
    ``other``)."""
    other: int
    """The other party."""


def _decisions(players: int) -> tuple[tuple[bool, int | None, str], ...]:
    """The deals' decisions: (leave, slot, name)."""
    found: list[tuple[bool, int | None, str]] = [(False, None, "stay"), (True, None, "leave")]
    if players == 3:
        found += [(True, slot, f"take back position {slot}") for slot in (0, 1)]
    return tuple(found)


def _offer_name(to: int, mine: bool, decision: str, amount: int, private: bool) -> str:
    terms = f"pay me {amount}M and I {decision}" if mine else f"I pay {amount}M if you {decision}"
    return f"offer seat {to}: {terms}{', private' if private else ''}"


@attrs.frozen(init=False)
class DealCatalogue:
    """The default :class:`~millions_rules.adapters.Catalogue` with the deals and claims
    appended (see the module text), for one player count.

    >>> catalogue = DealCatalogue(5)
    >>> len(catalogue.base), len(catalogue)
    (40, 219)
    >>> catalogue.names[40], catalogue.names[200], catalogue.names[-1]
    ('offer seat 0: pay me 1M and I stay', 'accept offer from seat 0', 'claim crook')
    """

    players: int
    """The number of players."""
    base: Catalogue
    """The default catalogue, the first entries."""
    names: tuple[str, ...]
    """A short name for each entry."""
    offers: int
    """The index of the first offer."""
    answers: int
    """The index of the first answer."""
    claims: int
    """The index of the first claim."""
    _moves: tuple[tuple[Any, ...], ...] = attrs.field(eq=False, repr=False)  # by seat

    def __init__(self, players: int) -> None:
        """The catalogue for ``players`` (3 to 8).

        Raises:
            ConfigError: If ``players`` is out of range.
        """
        base = Catalogue(players)
        decisions = _decisions(players)
        roles = GameConfig(players).roles
        names = list(base.names)
        offers = len(names)
        for to in range(players):
            for mine in (True, False):
                for _, _, decision in decisions:
                    for amount in DEAL_AMOUNTS:
                        for private in (False, True):
                            names.append(_offer_name(to, mine, decision, amount, private))
        answers = len(names)
        for other in range(players):
            names += [f"accept offer from seat {other}", f"decline offer from seat {other}"]
        names += [f"withdraw offer to seat {other}" for other in range(players)]
        claims = len(names)
        names += [f"claim {role.value}" for role in roles]
        by_seat = []
        for seat in range(players):
            moves: list[Any] = list(base.move(i, seat) for i in range(len(base)))
            for to in range(players):
                for mine in (True, False):
                    for leave, slot, _ in decisions:
                        for amount in DEAL_AMOUNTS:
                            for private in (False, True):
                                decider = seat if mine else to
                                moves.append(Offer(seat, to, amount, decider, leave, slot, private))
            for other in range(players):
                moves += [Answer(seat, "accept", other), Answer(seat, "decline", other)]
            moves += [Answer(seat, "withdraw", other) for other in range(players)]
            moves += [Say(seat, "", None, role) for role in roles]
            by_seat.append(tuple(moves))
        self.__attrs_init__(players, base, tuple(names), offers, answers, claims, tuple(by_seat))

    def __len__(self) -> int:
        return len(self.names)

    def move(self, index: int, seat: int, state: GameState | None = None) -> Move:
        """The move at ``index`` made by ``seat``; an answer names the oldest open offer
        between the two seats in ``state`` (an offer named ``""`` when there is none, which
        the engine refuses).

        Raises:
            ConfigError: If ``index`` is not an index of the catalogue.
        """
        if type(index) is not int or not 0 <= index < len(self.names) or index < len(self.base):
            return self.base.move(index, seat)  # the default's entries, and its refusals
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = 0 if type(seat) is not int else seat
            found: Any = self._moves[0][index]
            return attrs.evolve(found, player=seat)  # type: ignore[no-any-return]
        found = self._moves[seat][index]
        if found.__class__ is not Answer:
            return found  # type: ignore[no-any-return]
        offer = None if state is None else _oldest(state, found)
        name = "" if offer is None else offer.id
        if found.kind == "accept":
            return AcceptOffer(seat, name)
        if found.kind == "decline":
            return DeclineOffer(seat, name)
        return WithdrawOffer(seat, name)

    def legal(self, table: DealTable, base: Sequence[int]) -> list[int]:
        """The entries the seat to act may play: ``base`` (its default entries, ascending)
        and its deals and claims."""
        seat = table.seat
        state = table.state
        if seat is None or state.phase is not _NEGOTIATION:
            return list(base)
        found = list(base)
        free = table.free_moves[seat] > 0
        undecided = not state.decided[seat]
        if free:
            found += self._legal_offers(state, seat, undecided)
        found += self._legal_answers(state, seat, free and undecided)
        if free and _talked(state, seat) < MAX_TALK_A_ROUND:
            found += range(self.claims, len(self.names))
        return found

    def _legal_offers(self, state: GameState, seat: int, undecided: bool) -> list[int]:
        players = self.players
        present = [False] * players
        face_down = [0] * players
        for c in state.characters:
            if c.status is not _TAKEN_BACK:
                present[c.player] = True
            if c.status is _HIDDEN:
                face_down[c.player] += 1
        if not present[seat]:
            return []
        open_to = {o.to for o in state.offers if o.player == seat}
        if len(open_to) >= MAX_OPEN_OFFERS or _offered(state, seat) >= MAX_OFFERS_A_ROUND:
            return []
        private = undecided and state.config.private_offers
        decisions = _decisions(players)
        per_decision = len(DEAL_AMOUNTS) * 2
        per_decider = len(decisions) * per_decision
        found: list[int] = []
        decided, cash = state.decided, state.cash
        for to in range(players):
            if to == seat or not present[to] or to in open_to:
                continue
            for side, decider in enumerate((seat, to)):
                if decided[decider]:
                    continue
                most = cash[to if decider == seat else seat]
                start = self.offers + (to * 2 + side) * per_decider
                for number, (_, slot, _) in enumerate(decisions):
                    if slot is not None and face_down[decider] != 2:
                        continue
                    base = start + number * per_decision
                    for a, amount in enumerate(DEAL_AMOUNTS):
                        if amount > most:
                            break
                        found.append(base + 2 * a)
                        if private:
                            found.append(base + 2 * a + 1)
        return found

    def _legal_answers(self, state: GameState, seat: int, private: bool) -> list[int]:
        if not state.offers:
            return []
        legal = set(deal_actions(state, seat))
        found: list[int] = []
        answers = self.answers
        withdraws = answers + 2 * self.players
        for other in range(self.players):
            made = _oldest(state, Answer(seat, "decline", other))
            if made is not None:
                if AcceptOffer(seat, made.id) in legal:
                    found.append(answers + 2 * other)
                if private or not made.private:
                    found.append(answers + 2 * other + 1)
        for other in range(self.players):
            mine = _oldest(state, Answer(seat, "withdraw", other))
            if mine is not None and (private or not mine.private):
                found.append(withdraws + other)
        return found


def _oldest(state: GameState, answer: Answer) -> OpenOffer | None:
    """The oldest open offer an :class:`Answer` is about, or ``None``."""
    seat, other = answer.player, answer.other
    for offer in state.offers:
        if answer.kind == "withdraw":
            if offer.player == seat and offer.to == other:
                return offer
        elif offer.player == other and offer.to == seat:
            return offer
    return None


def _this_round(state: GameState) -> Sequence[Event]:
    events = state.events
    start = len(events)
    while start and events[start - 1].__class__ is not RoundEnded:
        start -= 1
    return events[start:]


def _offered(state: GameState, seat: int) -> int:
    return sum(1 for e in _this_round(state) if e.__class__ is OfferMade and e.offer.player == seat)


def _talked(state: GameState, seat: int) -> int:
    return sum(1 for e in _this_round(state) if e.__class__ in (Said, Pressed) and e.player == seat)


@cache
def deal_catalogue(players: int) -> DealCatalogue:
    """The one :class:`DealCatalogue` of ``players``."""
    return DealCatalogue(players)


def _private(state: GameState, move: Action) -> bool:
    """Whether ``move`` is a private move: one a third seat may not see (R-DEAL-4, R-TALK-1)."""
    kind = move.__class__
    if kind is Offer:
        return move.private is True  # type: ignore[union-attr]
    if kind is Say:
        return move.to is not None  # type: ignore[union-attr]
    if kind is DeclineOffer or kind is WithdrawOffer:
        name = move.offer  # type: ignore[union-attr]
        return any(o.id == name and o.private for o in state.offers)
    return False


_NOT_NOW: Final = msg(
    "error.wrong_phase", "at a table, deals and claims take a turn in negotiation only"
)
_DECIDED: Final = msg(
    "error.not_your_turn",
    "seat {seat} has decided: at a table its moves are public (a private one would show)",
)


@attrs.frozen
class DealTable(Table):
    """A :class:`~millions_rules.adapters.Table` that also plays deals and claims (see the
    module text). Build one with :meth:`~millions_rules.adapters.Table.start`.

    >>> from millions_rules import GameConfig, Role
    >>> table = DealTable.start(GameConfig(4, seed=1))
    >>> type(table.play(table.moves()[0])).__name__
    'DealTable'
    """

    private_moves: tuple[int, ...] = ()
    """The entries of :attr:`~millions_rules.adapters.Table.waits` that were private moves,
    in order. Secret: each seat's information state holds its own only, so that it tells
    "wait, then a private offer" from "a private offer, then wait" (perfect recall)."""

    def __getstate__(self) -> dict[str, object]:
        """The fields for pickling, the private moves with them."""
        return {**Table.__getstate__(self), "private_moves": self.private_moves}

    def __setstate__(self, fields: dict[str, object]) -> None:
        object.__setattr__(self, "private_moves", fields.get("private_moves", ()))
        Table.__setstate__(self, fields)

    def own_private_moves(self, seat: int) -> list[int]:
        """The entries of the trace of waits that were ``seat``'s private moves."""
        waits = self.waits
        return [k for k in self.private_moves if waits[k][1] == seat]

    def _may_move(self, seat: int) -> bool:
        if Table._may_move(self, seat):
            return True
        if self.done[seat]:
            return False
        # A decided seat answers and withdraws its public offers (public: no leak).
        return any(not o.private and seat in (o.player, o.to) for o in self.state.offers)

    def play(self, move: Move) -> Table:
        """The table after ``move`` (see :meth:`~millions_rules.adapters.Table.play`, and
        the module text for deals and claims).

        Raises:
            IllegalActionError: If the move breaks a rule or the turn structure; nothing
                changes.
        """
        if move.__class__ not in _DEAL_MOVES:
            return Table.play(self, move)
        seat = self.seat
        player = getattr(move, "player", None)
        if type(player) is not int or player != seat:
            illegal(
                msg("error.not_your_turn", "it is not seat {player}'s turn: seat {seat} acts"),
                player=repr(player),
                seat=seat,
            )
        state = self.state
        if state.phase is not _NEGOTIATION:
            illegal(_NOT_NOW)
        private = _private(state, move)
        if private and state.decided[player]:
            illegal(_DECIDED, seat=player)
        if (private or move.__class__ in (Offer, Say)) and not self.free_moves[player]:
            illegal(
                msg("error.not_your_turn", "seat {seat} has no free move left this round"),
                seat=player,
            )
        return self._after(move, apply(state, move))

    def _play_listed(self, move: Move) -> Table:
        if move.__class__ in _DEAL_MOVES:
            return self.play(move)  # checked: a few per round
        return Table._play_listed(self, move)

    def moves(self, amounts: tuple[int, ...] | None = None) -> tuple[Move, ...]:
        """:meth:`~millions_rules.adapters.Table.moves`; deals and claims are the
        catalogue's (:class:`DealCatalogue`), not listed here."""
        return Table.moves(self, amounts)

    def _after(self, move: Action, after: GameState) -> DealTable:
        table = Table._after(self, move, after)
        kind = move.__class__
        if kind not in _DEAL_MOVES or _new_round(table, self):
            return _as_deal(
                table, self.private_moves, table.free_moves, table.waits, kind is AcceptOffer
            )
        seat = move.player  # type: ignore[union-attr]
        free, waits, private_moves = table.free_moves, table.waits, self.private_moves
        private = _private(self.state, move)
        if private or kind is Offer or kind is Say:
            spent = list(free)
            spent[seat] -= 1
            free = tuple(spent)
        if private:  # the same trace as a wait's: what a third seat sees of it
            private_moves = (*private_moves, len(waits))
            waits = (*waits, (public_events(self.state), seat))
        return _as_deal(table, private_moves, free, waits, kind is AcceptOffer)

    def _wait(self, seat: int) -> DealTable:
        table = Table._wait(self, seat)
        return _as_deal(table, self.private_moves, table.free_moves, table.waits, False)


def _new_round(after: Table, before: Table) -> bool:
    """Whether the move from ``before`` to ``after`` ended negotiation (fresh counters)."""
    return after.state.round != before.state.round or after.state.phase is not before.state.phase


def _as_deal(
    table: Table,
    private_moves: tuple[int, ...],
    free: tuple[int, ...],
    waits: tuple[tuple[int, int], ...],
    recount: bool,
) -> DealTable:
    """``table`` as a :class:`DealTable`, with ``free`` moves left, ``waits`` and
    ``private_moves``; the ledger counted again from the log when ``recount`` (a deal's
    payment)."""
    return DealTable(
        table.state,
        table.free_moves_per_round,
        free,
        table.done,
        table.cursor,
        waits,
        private_moves,
        ledger=None if recount else table.ledger,
    )


def max_deal_moves(config: GameConfig, free_moves: int = FREE_MOVES) -> int:
    """An upper bound of the moves of a game at a :class:`DealTable`: the default
    bound (:func:`~millions_rules.adapters.max_moves`, whose free moves count the offers
    and claims) and, per seat and round, one decline or withdrawal per offer.

    >>> max_deal_moves(GameConfig(5))
    352
    """
    return max_moves(config, free_moves) + config.rounds * config.players * free_moves


def deal_observation_fields(players: int) -> tuple[tuple[str, int], ...]:
    """The fields the option appends to the observation vector, in order, with lengths.

    ``offers``: by proposer, then recipient, the open offer the seat may see (R-DEAL-4):
    present, amount, the decider (proposer, recipient: one-hot), the decision (stay,
    leave, then in the three-player game take back position 0, 1: one-hot), private.
    ``claims``: by seat, the role it last claimed this round where the observing seat
    heard it (one-hot, zeros for none; R-TALK-2).

    >>> dict(deal_observation_fields(5))["offers"]
    175
    """
    cell = 5 + len(_decisions(players))
    return (("offers", players * players * cell), ("claims", players * len(_ROLES)))


def deal_observation_size(players: int) -> int:
    """The length of the numbers the option appends."""
    return sum(size for _, size in deal_observation_fields(players))


def _seen_offers(state: GameState, seat: int) -> dict[tuple[int, int], OpenOffer]:
    """The oldest open offer of each proposer and recipient that ``seat`` may see."""
    found: dict[tuple[int, int], OpenOffer] = {}
    for offer in state.offers:
        if offer.private and seat not in (offer.player, offer.to):
            continue
        found.setdefault((offer.player, offer.to), offer)
    return found


def _claims_heard(state: GameState, seat: int) -> dict[int, Role]:
    """The role each seat last claimed this round that ``seat`` heard."""
    heard: dict[int, Role] = {}
    for event in _this_round(state):
        if event.__class__ is Said and event.claim is not None:
            to = event.to
            if to is None or seat in (to, event.player):
                heard[event.player] = event.claim
    return heard


def observe_deals(state: GameState, seat: int) -> list[float]:
    """The numbers the option appends for ``seat`` (see :func:`deal_observation_fields`)."""
    players = state.config.players
    decisions = _decisions(players)
    cell = 5 + len(decisions)
    offers = [0.0] * (players * players * cell)
    for (proposer, to), offer in _seen_offers(state, seat).items():
        base = (proposer * players + to) * cell
        offers[base] = 1.0
        offers[base + 1] = float(offer.amount)
        offers[base + 2 + (offer.decider != offer.player)] = 1.0
        if not offer.leave:
            number = 0
        elif offer.slot is None:
            number = 1
        else:
            number = 2 + offer.slot
        offers[base + 4 + number] = 1.0
        offers[base + cell - 1] = float(offer.private)
    claims = [0.0] * (players * len(_ROLES))
    for speaker, role in _claims_heard(state, seat).items():
        claims[speaker * len(_ROLES) + role.order] = 1.0
    return offers + claims


def summarise_deals(state: GameState, seat: int) -> str:
    """The option's part of the observation string: the offers and claims ``seat`` sees."""
    shown = []
    for offer in _seen_offers(state, seat).values():
        if not offer.leave:
            decision = "stay"
        elif offer.slot is None:
            decision = "leave"
        else:
            decision = f"take back position {offer.slot}"
        shown.append(
            f"{offer.player}>{offer.to} {offer.amount}M to {offer.decider} {decision}"
            f"{' private' if offer.private else ''}"
        )
    claims = ",".join(
        f"{speaker}={role.value}" for speaker, role in sorted(_claims_heard(state, seat).items())
    )
    return f" offers [{'; '.join(shown)}] claims [{claims}]"


def negotiation_option(options: Mapping[str, Any]) -> bool:
    """The option ``negotiation`` of ``options`` (``False`` if absent).

    Raises:
        ConfigError: If it is no bool.
    """
    value = options.get("negotiation", False)
    if type(value) is not bool:
        from ._errors import ConfigError

        raise ConfigError(f"negotiation must be True or False, not {value!r}")
    return value
