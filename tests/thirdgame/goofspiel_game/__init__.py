"""Goofspiel, a third game for millions-rules, written against :mod:`millions_rules.kit` only.

Rules (2 to 5 players). Each player holds the bid cards 1 to ``cards``; a prize deck holds
the prizes 1 to ``cards``. Each round a prize is revealed at random (by the engine, or by
the caller with ``Dealer.EXTERNAL``: a :class:`Reveal` of any prize left, each equally
likely), then every player bids one card of their hand at the same time, in secret
(:class:`Bid`). When all have bid the bids are shown: the single highest bid takes the
prize, added to its score; on a tie for the highest bid nobody does. Bid cards are spent.
After ``cards`` rounds the highest scores win (several on a tie).

The module is the tutorial of ``docs/games.rst`` ("Add a game in an afternoon").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from millions_rules import kit

__all__ = [
    "action_catalogue",
    "max_moves",
    "GAME",
    "Bid",
    "BidPlaced",
    "BidsShown",
    "GameEnded",
    "GoofConfig",
    "GoofGame",
    "GoofState",
    "GoofView",
    "PrizeRevealed",
    "Reveal",
]

T = TypeVar("T")

# --- Config, actions, events, state, view -------------------------------------------------


def _players(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 2 <= value <= 5:
        raise kit.ConfigError(f"Goofspiel is played by 2 to 5 players, not {value!r}")


def _cards(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= 13:
        raise kit.ConfigError(f"cards must be an int from 1 to 13, not {value!r}")


def _seed(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < 2**64:
        raise kit.ConfigError(f"seed must be an int from 0 to 2**64 - 1, not {value!r}")


@attrs.frozen
class GoofConfig:
    """A game's settings."""

    players: int = attrs.field(validator=_players)
    """2 to 5."""
    seed: int = attrs.field(default=0, validator=_seed, kw_only=True)
    """Seeds the engine's prize draws."""
    cards: int = attrs.field(default=5, validator=_cards, kw_only=True)
    """Bid cards per hand and prizes in the deck."""
    dealer: kit.Dealer = attrs.field(default=kit.Dealer.ENGINE, converter=kit.Dealer, kw_only=True)
    """Who reveals the prizes."""


@attrs.frozen
class Bid:
    """Bid one card of the hand, in secret."""

    player: int
    card: int


@attrs.frozen
class Reveal:
    """The dealer reveals a prize (``Dealer.EXTERNAL`` only)."""

    prize: int


Action = Bid | Reveal
ACTION_TYPES: Final = (Bid, Reveal)


@attrs.frozen
class PrizeRevealed:
    """A round begins with a prize face up."""

    round: int
    prize: int


@attrs.frozen
class BidPlaced:
    """A player bid (which card stays secret until all have bid)."""

    player: int


@attrs.frozen
class BidsShown:
    """Every bid shown; ``winner`` takes ``prize`` (``None``: a tie for the highest)."""

    bids: tuple[int, ...]
    prize: int
    winner: int | None


@attrs.frozen
class GameEnded:
    """The game is over."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = PrizeRevealed | BidPlaced | BidsShown | GameEnded
EVENT_TYPES: Final = (PrizeRevealed, BidPlaced, BidsShown, GameEnded)


@attrs.frozen
class GoofState:
    """The whole game (the pending bids and the generator are secret)."""

    config: GoofConfig
    rng: int
    round: int
    prize: int | None
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int | None, ...]
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    history: tuple[Action, ...]

    @property
    def is_over(self) -> bool:
        """Whether every round is played."""
        return self.round > self.config.cards


@attrs.frozen
class GoofView:
    """What one seat (or a spectator, ``seat`` ``None``) may know."""

    seat: int | None
    config: GoofConfig
    """The game's settings with the seed withheld (``0``): the seed tells the prize order."""
    round: int
    prize: int | None
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards not yet shown (a pending bid still counts, but for the seat's own)."""
    has_bid: tuple[bool, ...]
    my_bid: int | None
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    first_event: int
    version: int
    legal_actions: tuple[Action, ...]


# --- Errors, words ------------------------------------------------------------------------

kit.register_action_codes(
    {
        "goof_not_an_action": "the object is no Goofspiel action",
        "goof_not_now": "the game does not await that action now",
        "goof_not_in_hand": "the card is not in the player's hand",
    }
)

_TEXTS: Final[Mapping[type, kit.Text]] = {
    PrizeRevealed: kit.msg("goof.prize", "Round {round}: the prize is {prize}."),
    BidPlaced: kit.msg("goof.bid_placed", "{name} bids."),
    BidsShown: kit.msg("goof.shown", "Bids {bids}: {result}."),
    GameEnded: kit.msg("goof.end", "The game ends; the most points ({score}): {names}."),
    Bid: kit.msg("goof.bid", "Bid {card}"),
    Reveal: kit.msg("goof.reveal", "Reveal the prize {prize}"),
}
_TAKES = kit.msg("goof.takes", "{name} takes {prize}")
_NOBODY = kit.msg("goof.nobody", "a tie, nobody takes {prize}")


def _illegal(message: str, code: str) -> kit.IllegalActionError:
    return kit.IllegalActionError(message, code)


# --- Rules --------------------------------------------------------------------------------


def _draw(state: GoofState, prize: int | None) -> GoofState:
    """Start the next round with ``prize`` (``None``: the engine draws one, or awaits the dealer)."""
    if state.is_over:
        scores = state.scores
        top = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == top)
        return attrs.evolve(state, prize=None, events=state.events + (GameEnded(winners, scores),))
    rng = state.rng
    if prize is None:
        if state.config.dealer is kit.Dealer.EXTERNAL:
            return attrs.evolve(state, prize=None)
        index, rng = kit.draw_below(rng, len(state.deck))
        prize = state.deck[index]
    deck = tuple(card for card in state.deck if card != prize)
    event = PrizeRevealed(state.round, prize)
    return attrs.evolve(state, rng=rng, prize=prize, deck=deck, events=state.events + (event,))


def new_game(config: GoofConfig) -> GoofState:
    """The first state: full hands, the first prize revealed (or awaited)."""
    if not isinstance(config, GoofConfig):
        raise kit.ConfigError(f"new_game needs a GoofConfig, not {type(config).__name__}")
    cards = tuple(range(1, config.cards + 1))
    state = GoofState(
        config=config,
        rng=kit.seed_state(config.seed),
        round=1,
        prize=None,
        deck=cards,
        hands=(cards,) * config.players,
        bids=(None,) * config.players,
        scores=(0,) * config.players,
        events=(),
        history=(),
    )
    return _draw(state, None)


def _require(state: object) -> GoofState:
    if not isinstance(state, GoofState):
        raise _illegal(f"expected a GoofState, not {type(state).__name__}", "bad_value")
    return state


def awaits_dealer(state: GoofState) -> bool:
    """Whether the round waits for the dealer's :class:`Reveal`."""
    return not state.is_over and state.prize is None


def actors(state: GoofState) -> tuple[int, ...]:
    """The seats yet to bid this round."""
    if state.is_over or state.prize is None:
        return ()
    return tuple(seat for seat, bid in enumerate(state.bids) if bid is None)


def legal_actions(state: GoofState, seat: int | None = None) -> tuple[Action, ...]:
    """The legal actions of ``seat`` (``None``: of every seat and the dealer)."""
    _require(state)
    if awaits_dealer(state):
        return tuple(Reveal(prize) for prize in state.deck) if seat is None else ()
    seats = actors(state) if seat is None else tuple(s for s in actors(state) if s == seat)
    return tuple(Bid(s, card) for s in seats for card in state.hands[s])


def check(
    state: GoofState, action: object, seat: int | None = None
) -> kit.IllegalActionError | None:
    """Why ``action`` is illegal in ``state`` (as ``seat``), or ``None``."""
    _require(state)
    if type(action) not in ACTION_TYPES:
        return _illegal(f"{type(action).__name__} is no Goofspiel action", "goof_not_an_action")
    if isinstance(action, Reveal):
        if seat is not None:
            return _illegal("only the dealer reveals a prize", "not_your_action")
        if not awaits_dealer(state) or action.prize not in state.deck:
            return _illegal(f"the prize {action.prize!r} cannot be revealed now", "goof_not_now")
        return None
    assert isinstance(action, Bid)
    if seat is not None and action.player != seat:
        return _illegal(f"seat {seat} cannot bid for seat {action.player!r}", "not_your_action")
    if action.player not in actors(state):
        return _illegal(f"seat {action.player!r} may not bid now", "goof_not_now")
    if action.card not in state.hands[action.player]:
        return _illegal(
            f"{action.card!r} is not in seat {action.player}'s hand", "goof_not_in_hand"
        )
    return None


def apply(state: GoofState, action: Action, seat: int | None = None) -> GoofState:
    """The state after ``action`` (a new state; ``state`` is unchanged)."""
    error = check(state, action, seat)
    if error is not None:
        raise error
    history = state.history + (action,)
    if isinstance(action, Reveal):
        return _draw(attrs.evolve(state, history=history), action.prize)
    player = action.player
    hands = list(state.hands)
    hands[player] = tuple(card for card in hands[player] if card != action.card)
    bids = list(state.bids)
    bids[player] = action.card
    events = state.events + (BidPlaced(player),)
    after = attrs.evolve(
        state, hands=tuple(hands), bids=tuple(bids), events=events, history=history
    )
    if None in bids:
        return after
    shown = tuple(bid for bid in bids if bid is not None)
    top = max(shown)
    best = [seat for seat, bid in enumerate(shown) if bid == top]
    prize = state.prize
    assert prize is not None
    winner = best[0] if len(best) == 1 else None
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += prize
    after = attrs.evolve(
        after,
        bids=(None,) * len(bids),
        scores=tuple(scores),
        round=state.round + 1,
        events=after.events + (BidsShown(shown, prize, winner),),
    )
    return _draw(after, None)


def view(state: GoofState, seat: int | None, *, since: int = 0) -> GoofView:
    """What ``seat`` may know: everything but the others' pending bids, the generator and the
    seed (which would tell the prize order)."""
    _require(state)
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.config.players):
        raise kit.ConfigError(f"no seat {seat!r} in a {state.config.players}-player game")
    if type(since) is not int or since < 0:
        raise kit.ConfigError(f"since must be an int >= 0, not {since!r}")
    hands = tuple(
        tuple(sorted(hand + ((bid,) if bid is not None and other != seat else ())))
        for other, (hand, bid) in enumerate(zip(state.hands, state.bids, strict=True))
    )
    return GoofView(
        seat=seat,
        config=attrs.evolve(state.config, seed=0),
        round=state.round,
        prize=state.prize,
        deck=tuple(sorted(state.deck)),
        hands=hands,
        has_bid=tuple(bid is not None for bid in state.bids),
        my_bid=None if seat is None else state.bids[seat],
        scores=state.scores,
        events=state.events[since:],
        first_event=since,
        version=len(state.history),
        legal_actions=() if seat is None else legal_actions(state, seat),
    )


def sample_state(seen: GoofView, seed: int) -> GoofState:
    """A state ``seen``'s seat cannot tell from the real one: the others' pending bids drawn
    from their hands, a fresh generator (so a fresh prize order)."""
    if not isinstance(seen, GoofView):
        raise kit.ConfigError(f"sample_state needs a GoofView, not {type(seen).__name__}")
    rng = kit.seed_state(seed)
    hands, bids = [], []
    for seat, (hand, placed) in enumerate(zip(seen.hands, seen.has_bid, strict=True)):
        if seat == seen.seat or not placed:
            hands.append(hand)
            bids.append(seen.my_bid if seat == seen.seat else None)
            continue
        index, rng = kit.draw_below(rng, len(hand))
        bids.append(hand[index])
        hands.append(hand[:index] + hand[index + 1 :])
    return GoofState(
        config=seen.config,
        rng=rng,
        round=seen.round,
        prize=seen.prize,
        deck=seen.deck,
        hands=tuple(hands),
        bids=tuple(bids),
        scores=seen.scores,
        events=seen.events if seen.first_event == 0 else (),
        history=(),
    )


def describe(item: object, names: Sequence[str] | None = None, *, locale: str = "en") -> str:
    """One event told, or one action labelled, in ``locale``."""
    language = kit.check_locale(locale)
    text = _TEXTS.get(type(item))
    if text is None:
        raise kit.ConfigError(
            f"describe needs a Goofspiel event or action, not {type(item).__name__}"
        )

    def name(seat: int) -> str:
        return names[seat] if names is not None and seat < len(names) else f"Player {seat + 1}"

    if isinstance(item, BidsShown):
        result = (
            _NOBODY.render(language, prize=item.prize)
            if item.winner is None
            else _TAKES.render(language, name=name(item.winner), prize=item.prize)
        )
        bids = kit.join_items((str(bid) for bid in item.bids), language)
        return text.render(language, bids=bids, result=result)
    if isinstance(item, GameEnded):
        names_ = kit.join_items((name(seat) for seat in item.winners), language)
        return text.render(language, names=names_, score=max(item.scores))
    if isinstance(item, (BidPlaced,)):
        return text.render(language, name=name(item.player))
    return text.render(language, **attrs.asdict(item, recurse=False))  # type: ignore[arg-type]


# --- Documents ------------------------------------------------------------------------------

FORMAT_VERSION: Final = 1


@attrs.frozen
class GoofRecord:
    """A saved game: the config and every action."""

    format_version: int
    config: GoofConfig
    actions: tuple[Action, ...]
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=kit.as_tags, kw_only=True)


FORMAT: Final = kit.JsonFormat(
    unions={Action: ACTION_TYPES, Event: EVENT_TYPES},
    big_fields={GoofConfig: ("seed",), GoofState: ("rng",)},
    configs=(GoofConfig,),
    extra_hooks=kit.register_tag_hooks,
)


def replay(config: GoofConfig, actions: Sequence[Action]) -> GoofState:
    """The state ``actions`` lead to from the first state of ``config``."""
    state = new_game(config)
    for action in actions:
        state = apply(state, action)
    return state


def save_game(state: GoofState, *, tags: Mapping[str, str] | None = None) -> str:
    """The JSON text of ``state``'s :class:`GoofRecord`."""
    _require(state)
    record = GoofRecord(FORMAT_VERSION, state.config, state.history, tags=tags or {})
    return kit.check_saveable(len(record.actions), lambda: FORMAT.to_json(record))


def load_game(text: str | bytes) -> GoofState:
    """The state a saved record leads to (a refused record: ``DeserializationError``)."""
    document = kit.parse_json(text)
    kit.refuse_newer(document, FORMAT_VERSION)
    record: GoofRecord = FORMAT.structure(document, GoofRecord)
    kit.check_format(record.format_version)
    return kit.replay_record(new_game(record.config), apply, record.actions)


# --- The game, as the layers see it -------------------------------------------------------


class GoofPacing:
    """Asks the seats yet to bid, lowest first, with their legal bids."""

    def next_seat(self, state: GoofState) -> int:
        """The lowest seat yet to bid."""
        return actors(state)[0]

    def offered(self, state: GoofState, seen: GoofView, seat: int) -> tuple[Action, ...]:
        """The seat's legal bids."""
        return seen.legal_actions

    def played(self, state: GoofState, seat: int, action: Action) -> None:
        """Nothing to count."""


class GoofChance:
    """The dealer: each prize left equally likely."""

    def __init__(self, seed: int) -> None:
        self._rng = kit.seed_state(seed)

    def draw(self, state: GoofState) -> Action:
        """A :class:`Reveal` of a uniformly drawn prize left."""
        index, self._rng = kit.draw_below(self._rng, len(state.deck))
        return Reveal(state.deck[index])


@attrs.frozen
class GoofGame:
    """Goofspiel behind :class:`millions_rules.games.Game`."""

    name: str = "goofspiel"
    title: str = "Goofspiel"
    config_type: type[GoofConfig] = GoofConfig
    state_type: type[GoofState] = GoofState
    view_type: type[GoofView] = GoofView
    action_types: tuple[type[Any], ...] = ACTION_TYPES
    player_counts: range = range(2, 6)

    def config(self, players: int, *, seed: int = 0, **options: object) -> GoofConfig:
        return kit.config_with_options(GoofConfig, self.title, players, seed, options)

    def players_of(self, config: GoofConfig) -> int:
        return config.players

    def seed_of(self, config: GoofConfig) -> int:
        return config.seed

    def new_game(self, config: GoofConfig) -> GoofState:
        return new_game(config)

    def apply(self, state: GoofState, action: Action, *, seat: int | None = None) -> GoofState:
        return apply(state, action, seat)

    def check(
        self, state: GoofState, action: object, *, seat: int | None = None
    ) -> kit.IllegalActionError | None:
        return check(state, action, seat)

    def legal_actions(self, state: GoofState, seat: int | None = None) -> tuple[Action, ...]:
        return legal_actions(state, seat)

    def replay(self, config: GoofConfig, actions: Sequence[Action]) -> GoofState:
        return replay(config, actions)

    def version(self, state: GoofState) -> int:
        return len(_require(state).history)

    def actors(self, state: GoofState) -> tuple[int, ...]:
        return actors(_require(state))

    def awaits_dealer(self, state: GoofState) -> bool:
        return awaits_dealer(_require(state))

    def chance_outcomes(self, state: GoofState) -> tuple[tuple[Action, float], ...]:
        if not awaits_dealer(_require(state)):
            return ()
        return tuple((Reveal(prize), 1 / len(state.deck)) for prize in state.deck)

    def is_over(self, state: GoofState) -> bool:
        return _require(state).is_over

    def winners(self, state: GoofState) -> tuple[int, ...]:
        ended = [e for e in _require(state).events if isinstance(e, GameEnded)]
        return ended[-1].winners if ended else ()

    def scores(self, state: GoofState) -> tuple[int, ...]:
        return _require(state).scores

    def config_of(self, value: object) -> GoofConfig:
        if not isinstance(value, (GoofState, GoofView)):
            raise kit.ConfigError(f"{type(value).__name__} is no state or view of Goofspiel")
        return value.config

    def view(self, state: GoofState, seat: int | None, *, since: int = 0) -> GoofView:
        return view(state, seat, since=since)

    def view_version(self, seen: GoofView) -> int:
        return seen.version

    def view_seat(self, seen: GoofView) -> int | None:
        return seen.seat

    def view_events(self, seen: GoofView) -> tuple[object, ...]:
        return seen.events

    def sample_state(self, seen: GoofView, seed: int) -> GoofState:
        return sample_state(seen, seed)

    def to_json(self, value: object) -> str:
        return FORMAT.to_json(value)

    def from_json(self, text: str | bytes, cls: type[T]) -> T:
        result: T = FORMAT.from_json(text, cls)
        return result

    def save_game(self, state: GoofState, *, tags: Mapping[str, str] | None = None) -> str:
        return save_game(state, tags=tags)

    def load_game(self, text: str | bytes) -> GoofState:
        return load_game(text)

    def describe(
        self, item: object, names: Sequence[str] | None = None, *, locale: str = "en"
    ) -> str:
        return describe(item, names, locale=locale)

    def pacing(self, state: GoofState) -> GoofPacing:
        _require(state)
        return GoofPacing()

    def chance(self, seed: int) -> GoofChance:
        return GoofChance(seed)

    @property
    def companions(self) -> kit.Companions:
        """Every layer's generic default; for the AI adapters, its action catalogue."""
        return _COMPANIONS


def action_catalogue(config: GoofConfig) -> tuple[Action, ...]:
    """Every action a game of ``config`` can offer: each seat's bids, then the dealer's
    reveals (the generic AI adapters' action indices)."""
    cards = range(1, config.cards + 1)
    bids = tuple(Bid(seat, card) for seat in range(config.players) for card in cards)
    return bids + tuple(Reveal(prize) for prize in cards)


def max_moves(config: GoofConfig) -> int:
    """The length of every game of ``config``: each round a reveal and a bid per seat."""
    return config.cards * (config.players + 1)


# --- In words (the text layer, the chat host and LLM seats) ------------------------------------

_BID_HELP: Final = kit.msg("goof.menu.bid", "Bid your card {card} for the prize {prize}.")
_STATUS_HEAD: Final = kit.msg("goof.status.round", "Round {round}: the prize is {prize}.")
_STATUS_HAND: Final = kit.msg("goof.status.hand", "Your cards: {cards}.")
_STATUS_SCORE: Final = kit.msg("goof.status.score", "{name}: {score} points")


def command(action: object, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The command of a bid: ``/bid 3``."""
    if not isinstance(action, Bid):
        raise kit.NotationError("bad_arguments", {"text": type(action).__name__})
    return f"/bid {action.card}"


def parse_command(
    text: str, seen: GoofView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> Bid:
    """The seat's bid ``text`` says (``/bid 3``), or the refusal with the legal bids."""
    legal = [action for action in seen.legal_actions if isinstance(action, Bid)]
    offered = tuple(command(action) for action in legal)
    words = text.strip().lower().lstrip("/").split()
    if not words:
        raise kit.NotationError("empty", {"example": offered[0] if offered else "/bid 1"}, offered)
    if words[0] != "bid":
        raise kit.NotationError("unknown_command", {"word": words[0]}, offered)
    if not legal:
        raise kit.NotationError("nothing_to_do", {})
    typed = "/" + " ".join(words)
    for action, said in zip(legal, offered, strict=True):
        if said == typed:
            return action
    raise kit.NotationError("not_legal", {"text": text.strip()}, offered)


def _menu(seen: GoofView, names: Sequence[str] | None, language: str) -> tuple[kit.MenuEntry, ...]:
    return tuple(
        kit.MenuEntry(
            command(action),
            _BID_HELP.render(language, card=action.card, prize=seen.prize),
            True,  # a bid is secret until every bid is in
            (action,),
        )
        for action in seen.legal_actions
        if isinstance(action, Bid)
    )


def _status(seen: GoofView, names: Sequence[str] | None, language: str) -> list[str]:
    label = [kit.seat_label(seat, names, language) for seat in range(seen.config.players)]
    lines = [_STATUS_HEAD.render(language, round=seen.round, prize=seen.prize)]
    if seen.seat is not None:
        cards = kit.join_items((str(card) for card in seen.hands[seen.seat]), language)
        lines.append(_STATUS_HAND.render(language, cards=cards))
    lines += [
        _STATUS_SCORE.render(language, name=label[seat], score=score)
        for seat, score in enumerate(seen.scores)
    ]
    over = any(isinstance(event, GameEnded) for event in seen.events)
    awaiting = [
        seat
        for seat in range(seen.config.players)
        if not seen.has_bid[seat] and seen.prize is not None
    ]
    winners = [seat for seat, score in enumerate(seen.scores) if score == max(seen.scores)]
    lines += kit.waiting_lines(over, winners, awaiting, seen.seat, label, language)
    return lines


def _narrate(event: object, seat: int | None, names: Sequence[str] | None, language: str) -> str:
    return describe(event, names, locale=language)


SEAT_WORDS: Final = kit.SeatWords(
    command=command,
    parse_command=parse_command,
    legal_actions=lambda seen: tuple(seen.legal_actions),
    menu=_menu,
    status=_status,
    narrate=_narrate,
    event_types=EVENT_TYPES,
    is_secret=lambda action, seen: isinstance(action, Bid),
)

_COMPANIONS: Final = kit.Companions(
    demo_players=3, action_catalogue=action_catalogue, max_moves=max_moves, text=SEAT_WORDS
)


#: Goofspiel, as the entry point ``millions_rules.games: goofspiel`` names it.
GAME: Final = GoofGame()
