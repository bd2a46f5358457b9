"""Determinisation: complete states consistent with what one seat sees (R-INFO).

An AI that searches ahead (Monte Carlo tree search, counterfactual regret, ...)
must not peek at secrets. :func:`~millions_rules.sample_state` turns a :class:`~millions_rules.PlayerView` into
a full :class:`~millions_rules.GameState` whose hidden parts are drawn at random, so the AI can
play it forward with :func:`~millions_rules.apply`.

**The distribution.** Every *world* consistent with the public facts and the
seat's own knowledge is equally likely:

* this round's unknown characters: a world assigns a role to each of them such
  that, with the known characters, the role cards are exactly the face-up
  cards plus one face-down card. Roles respect the player count, the
  two-different-characters rule of the three-player game, ``forbidden`` repeats,
  every role this seat saw with a threat card (even if taken back since), and,
  while the lone Snitch names a role, the fact that every Snitch that stayed is
  already revealed. Worlds are counted
  exactly and one is drawn uniformly, so a face-down role that fits more
  assignments is proportionally more likely. Before the role cards are laid
  out, each unknown character's role is drawn uniformly among the roles its
  owner may choose;
* last round's roles that this seat does not know (characters taken back, or
  roles hidden under ``no_share``/``allowed``): drawn the same way from last
  round's face-up cards;
* the loot cards still to come: a uniformly random ordered draw from the cards
  not yet seen;
* the seed and the generator state: uniformly random 64-bit numbers.

This is not a Bayesian posterior over the players' intentions (that depends
on how people play); it is the uniform prior over the worlds the rules allow.
The sampled state's log is the seat's own log and its history is empty: it is
for looking ahead, not for saving.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ._config import GameConfig
from ._consistency import check_state, check_view
from ._errors import ConfigError, DeserializationError
from ._events import (
    CharacterChosen,
    CharacterRevealed,
    DepositPlaced,
    Event,
    LootRevealed,
    RoleCardsLaidOut,
    ThreatPeeked,
)
from ._random import draw_below, seed_state
from ._roles import Dealer, RepeatRole, Role
from ._state import Character, CharacterStatus, GameState, Phase
from ._views import PlayerView, SeenCharacter

__all__ = ["sample_state"]

# One character to fill in: (owner, known role or None, roles it may have).
_Slot = tuple[int, "Role | None", tuple[Role, ...]]


class _Draw:
    """The sampler's own generator, so samples are the same on every platform."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def below(self, bound: int) -> int:
        value, self.state = draw_below(self.state, bound)
        return value

    def weighted(self, weights: Sequence[int]) -> int:
        pick = self.below(sum(weights))
        for index, weight in enumerate(weights):
            if pick < weight:
                return index
            pick -= weight
        raise AssertionError("unreachable")  # pragma: no cover

    def bits64(self) -> int:
        return (self.below(1 << 32) << 32) | self.below(1 << 32)


def sample_state(view: PlayerView, seed: int) -> GameState:
    """A complete state consistent with ``view``, its secrets drawn at random.

    The sample's view equals ``v`` in everything but
    :attr:`~millions_rules.PlayerView.version`, which is 0 (a sample has no history):
    ``view(sample_state(v, seed), v.seat) == attrs.evolve(v, version=0)``. The result
    can be played on with :func:`~millions_rules.apply`.

    **The distribution.** Every *world* consistent with the public facts and the
    seat's own knowledge is equally likely; it is the uniform prior over the worlds
    the rules allow, not a posterior over how people play:

    * this round's unknown characters: a role for each, such that with the known
      characters the role cards are exactly the face-up cards plus one face-down
      card; roles respect the player count, the three-player game's two different
      characters, ``forbidden`` repeats and every role this seat saw with a threat
      card. Worlds are counted exactly and one is drawn uniformly, so a face-down
      role that fits more assignments is proportionally more likely. Before the
      role cards are laid out, each unknown role is uniform among the roles its
      owner may choose;
    * last round's roles this seat does not know: drawn the same way from last
      round's face-up cards;
    * the loot cards still to come: a uniformly random ordered draw from the cards
      not yet seen;
    * the seed and the generator state: uniformly random 64-bit numbers.

    Args:
        view: What one seat (or a spectator) knows, with its whole log
            (made without ``since``).
        seed: Any int from 0 to 2**64 - 1; the same seed gives the same state.

    Returns:
        A full :class:`~millions_rules.GameState` with an empty history.

    Raises:
        ConfigError: If ``view`` is no view or holds only part of the log
            (``first_event`` is not 0), ``seed`` is out of range, or no state fits it
            (only for a view not made by :func:`~millions_rules.view`).

    >>> from millions_rules import GameConfig, new_game, view
    >>> state = new_game(GameConfig(5, seed=1))
    >>> sampled = sample_state(view(state, 2), seed=99)
    >>> view(sampled, 2) == view(state, 2)
    True
    """
    if not isinstance(view, PlayerView):
        raise ConfigError(f"sample_state needs a PlayerView, not {type(view).__name__}")
    if view.first_event != 0:
        raise ConfigError(
            f"sample_state needs the whole log, not a view from event {view.first_event} on"
        )
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise ConfigError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
    try:
        check_view(view)
    except DeserializationError as error:
        raise ConfigError(f"no game state is consistent with this view: {error}") from None
    draw = _Draw(seed)
    config = view.config.with_seed(draw.bits64())
    characters, face_down = _sample_table(view, config, draw)
    state = GameState(
        config=config,
        phase=view.phase,
        round=view.round,
        loot=view.loot,
        cash=view.cash,
        reserve=view.reserve,
        threats=view.threats,
        threat_supply=view.threat_supply,
        leader=view.leader,
        characters=characters,
        decided=view.decided,
        face_up=view.face_up,
        face_down=face_down,
        previous_roles=_sample_previous(view, config, draw),
        winners=view.winners,
        events=view.events,
        history=(),
        deck=_sample_deck(view, config, draw),
        rng=draw.bits64(),
        offers=view.offers,  # the open offers the seat sees (R-DEAL-4); no others exist for it
    )
    try:  # a view read from outside may contradict itself in ways only the whole state shows
        check_state(state)
    except DeserializationError as error:
        raise ConfigError(f"no game state is consistent with this view: {error}") from None
    return state


def _allowed(view: PlayerView, roles: tuple[Role, ...], player: int) -> tuple[Role, ...]:
    previous = view.previous_roles[player]
    if view.config.repeat_role is RepeatRole.FORBIDDEN and previous:
        return tuple(role for role in roles if role not in previous)
    return roles


def _domain(
    view: PlayerView, roles: tuple[Role, ...], character: SeenCharacter
) -> tuple[Role, ...]:
    """The roles an unknown character may have."""
    allowed = _allowed(view, roles, character.player)
    if view.phase is Phase.HEIST and character.status is CharacterStatus.HIDDEN:
        # R-HEIST: the Snitches are revealed first, so a character still face down
        # while the lone Snitch names a role is no Snitch.
        return tuple(role for role in allowed if role is not Role.SNITCH)
    return allowed


def _sample_table(
    view: PlayerView, config: GameConfig, draw: _Draw
) -> tuple[tuple[Character, ...], Role | None]:
    roles = config.roles
    slots: list[_Slot] = [(c.player, c.role, _domain(view, roles, c)) for c in view.characters]
    laid_out = view.phase in (Phase.NEGOTIATION, Phase.HEIST)
    assigned, face_down = _fill(slots, view.face_up if laid_out else None, roles, draw)
    characters = [
        Character(c.player, role, c.position, c.paid, c.covered, c.status)
        for c, role in zip(view.characters, assigned, strict=True)
    ]
    characters.sort(key=_choice_order(view))
    return tuple(characters), face_down


def _choice_order(view: PlayerView) -> Callable[[Character], int]:
    """Where each character was laid this round, from the public deposits of the log.

    A state lists characters in the order they were chosen, which R-PLAN-3 needs:
    a short deposit means the reserve ran dry for every later one.
    """
    events = view.events
    start = max((i for i, e in enumerate(events) if isinstance(e, LootRevealed)), default=0)
    order: dict[tuple[int, int], int] = {}
    laid: Counter[int] = Counter()
    for event in events[start:]:
        if isinstance(event, DepositPlaced):
            order.setdefault((event.player, laid[event.player]), len(order))
            laid[event.player] += 1
    return lambda c: order.get((c.player, c.position), len(order))


def _previous_round(view: PlayerView) -> tuple[Event, ...]:
    events = view.events
    starts = [i for i, e in enumerate(events) if isinstance(e, LootRevealed)]
    if view.phase in (Phase.DEALING, Phase.GAME_OVER):
        return events[starts[-1] :] if starts else ()
    return events[starts[-2] : starts[-1]] if len(starts) >= 2 else ()


def _sample_previous(
    view: PlayerView, config: GameConfig, draw: _Draw
) -> tuple[tuple[Role, ...], ...]:
    if all(roles is not None for roles in view.previous_roles):
        return tuple(roles or () for roles in view.previous_roles)
    events = _previous_round(view)
    counts = Counter(e.player for e in events if isinstance(e, DepositPlaced))
    if any(
        not 0 <= player < config.players or count > config.characters_per_player
        for player, count in counts.items()
    ):
        raise ConfigError("no game state is consistent with this view: last round's deposits")
    known: dict[tuple[int, int], Role] = {}
    for event in events:
        if isinstance(event, CharacterChosen):  # the seat's own choice
            known.update(((event.player, i), role) for i, role in enumerate(event.roles))
        elif isinstance(event, ThreatPeeked):
            known[(event.target, event.slot)] = event.role
    revealed: dict[int, list[Role]] = {}
    for event in events:
        if isinstance(event, CharacterRevealed):
            revealed.setdefault(event.player, []).append(event.role)
    for player, roles in revealed.items():  # revealed roles fill the positions not otherwise known
        free = [i for i in range(counts[player]) if (player, i) not in known]
        for position, role in zip(
            free, [r for r in roles if r not in _roles_of(known, player)], strict=False
        ):
            known[(player, position)] = role
    face_up = next((e.face_up for e in events if isinstance(e, RoleCardsLaidOut)), None)
    positions = [(p, i) for p in range(config.players) for i in range(counts[p])]
    slots: list[_Slot] = [(p, known.get((p, i)), config.roles) for p, i in positions]
    assigned, _ = _fill(slots, face_up, config.roles, draw)
    chosen: list[list[Role]] = [[] for _ in range(config.players)]
    for (player, _position), role in zip(positions, assigned, strict=True):
        chosen[player].append(role)
    return tuple(
        roles if roles is not None else tuple(chosen[player])
        for player, roles in enumerate(view.previous_roles)
    )


def _roles_of(known: dict[tuple[int, int], Role], player: int) -> list[Role]:
    return [role for (owner, _), role in known.items() if owner == player]


def _sample_deck(view: PlayerView, config: GameConfig, draw: _Draw) -> tuple[int, ...]:
    unseen = list(range(len(config.loot_deck)))
    for event in view.events:
        if isinstance(event, LootRevealed):
            match = next((i for i in unseen if config.loot_deck[i] == event.card), None)
            if match is None:
                raise ConfigError(
                    f"no game state is consistent with this view: {event.card!r} was revealed "
                    "more often than config.loot_deck holds it"
                )
            unseen.remove(match)
    if config.dealer is not Dealer.ENGINE:
        return tuple(unseen)  # the external dealer's undealt cards are public
    # The engine drew ``rounds`` cards at the start: those of the rounds not played
    # stay in the deck, even once the target ends the game early.
    to_come = config.rounds - view.round
    if not 0 <= to_come <= len(unseen):
        raise ConfigError("no game state is consistent with this view: the log's loot cards")
    drawn = []
    for _ in range(to_come):
        drawn.append(unseen.pop(draw.below(len(unseen))))
    return tuple(drawn)


# -- the uniform sampler over consistent role assignments ---------------------------------


def _fill(
    slots: list[_Slot], face_up: tuple[Role, ...] | None, roles: tuple[Role, ...], draw: _Draw
) -> tuple[list[Role], Role | None]:
    """Roles for every slot (known ones kept) and the face-down card, uniformly among worlds."""
    unknown = [i for i, (_, role, _) in enumerate(slots) if role is None]
    if face_up is None:
        return _fill_freely(slots, unknown, draw), None
    known = Counter(role for _, role, _ in slots if role is not None)
    counter = _Counter(slots, unknown, roles)
    # One option per face-down card that fits: the roles left for the unknown slots.
    options: list[tuple[Role, tuple[int, ...]]] = []
    weights: list[int] = []
    for face_down in roles:
        remaining = Counter(face_up)
        remaining[face_down] += 1
        remaining.subtract(known)
        if any(n < 0 for n in remaining.values()) or sum(remaining.values()) != len(unknown):
            continue
        counts = tuple(remaining[role] for role in roles)
        weight = counter.count(0, counts, None)
        if weight:
            options.append((face_down, counts))
            weights.append(weight)
    if not weights:
        raise ConfigError("no game state is consistent with this view")
    face_down, counts = options[draw.weighted(weights)]
    picked = counter.walk(counts, draw)
    result = [role for _, role, _ in slots]
    for index, role in zip(unknown, picked, strict=True):
        result[index] = role
    return result, face_down  # type: ignore[return-value]


def _fill_freely(slots: list[_Slot], unknown: list[int], draw: _Draw) -> list[Role]:
    result: list[Role | None] = [role for _, role, _ in slots]
    for index in unknown:
        player, _, domain = slots[index]
        taken = {
            r for (p, _, _), r in zip(slots, result, strict=True) if p == player and r is not None
        }
        options = [role for role in domain if role not in taken]
        if not options:
            raise ConfigError(
                "no game state is consistent with this view: a player has no role left"
            )
        result[index] = options[draw.below(len(options))]
    return result  # type: ignore[return-value]


class _Counter:
    """Counts and draws assignments of a multiset of roles to the unknown slots.

    Slots are ordered by owner, so a player's two characters are neighbours and
    "different from the neighbour with the same owner" is the whole R-3P-1 check.
    """

    def __init__(self, slots: list[_Slot], unknown: list[int], roles: tuple[Role, ...]) -> None:
        self.roles = roles
        self.unknown = [slots[i] for i in unknown]
        owners_known: dict[int, set[Role]] = {}
        for player, role, _ in slots:
            if role is not None:
                owners_known.setdefault(player, set()).add(role)
        self.known = owners_known
        self.memo: dict[tuple[int, tuple[int, ...], Role | None], int] = {}

    def _choices(
        self, index: int, counts: tuple[int, ...], prev: Role | None
    ) -> list[tuple[int, Role]]:
        player, _, domain = self.unknown[index]
        taken = self.known.get(player, set())
        return [
            (k, role)
            for k, role in enumerate(self.roles)
            if counts[k] and role in domain and role is not prev and role not in taken
        ]

    def _next_prev(self, index: int, role: Role) -> Role | None:
        if index + 1 < len(self.unknown) and self.unknown[index + 1][0] == self.unknown[index][0]:
            return role
        return None

    def count(self, index: int, counts: tuple[int, ...], prev: Role | None) -> int:
        if index == len(self.unknown):
            return 1
        key = (index, counts, prev)
        if key not in self.memo:
            self.memo[key] = sum(
                self.count(index + 1, _minus(counts, k), self._next_prev(index, role))
                for k, role in self._choices(index, counts, prev)
            )
        return self.memo[key]

    def walk(self, counts: tuple[int, ...], draw: _Draw) -> list[Role]:
        picked: list[Role] = []
        prev: Role | None = None
        for index in range(len(self.unknown)):
            choices = self._choices(index, counts, prev)
            weights = [
                self.count(index + 1, _minus(counts, k), self._next_prev(index, role))
                for k, role in choices
            ]
            k, role = choices[draw.weighted(weights)]
            picked.append(role)
            counts = _minus(counts, k)
            prev = self._next_prev(index, role)
        return picked


def _minus(counts: tuple[int, ...], k: int) -> tuple[int, ...]:
    return counts[:k] + (counts[k] - 1,) + counts[k + 1 :]
