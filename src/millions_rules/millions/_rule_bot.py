""":class:`RuleBot`: a heuristic player that reasons as a careful human would."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ._actions import (
    AcceptOffer,
    Action,
    Choose,
    DeclineOffer,
    Denounce,
    Leave,
    Offer,
    Pay,
    Press,
    Say,
    Stay,
    UseThreat,
)
from ._errors import ConfigError
from ._events import (
    Left,
    LootRevealed,
    OfferMade,
    OpenOffer,
    Paid,
    Pressed,
    RoundEnded,
    Said,
    Stayed,
)
from ._roles import RepeatRole, Role, roles_in_play
from ._sampling import sample_state
from ._state import Character, CharacterStatus, GameState, Phase
from ._views import PlayerView

__all__ = ["RuleBot"]

# Of another player still undecided, how likely the bot thinks they stay.
_STAY_GUESS = 0.7
# How often, once a round, a bargaining RuleBot claims a role, and how often the claim is a bluff.
_CLAIM_CHANCE = 0.3
_BLUFF_CHANCE = 0.4
# A rival seen to stay this many times and never leave is taken to stay for sure, and a
# bargaining RuleBot that shares its role stays too, valuing what it denies it at this share.
_STUBBORN_STAYS = 3
_SPITE = 0.6


class RuleBot:
    """A heuristic player: avoids likely duplicates, leaves bad heists, names rivals, bribes.

    Its strategy, in each phase:

    * **Planning** (R-PLAN-2). For each role it may choose it estimates the value of sending
      it: the chance that nobody else picks it (each rival picks uniformly among the roles
      open to them, so ``forbidden`` repeats count) times the expected share of the loot and
      the role's own effect (a Mastermind's 2M, a Driver's fees, a Crook's theft from a lone
      Brute, a Brute's safe deposit and threat card, the loot card's bonus), less the deposit
      lost to a duplicate and, for the Snitch, the 3M fine of ending alone. A role repeated
      from last round under ``no_share`` earns no share. It then draws a role with
      probabilities proportional to ``exp(value / temperature)``: the best roles most often,
      never so predictably that rival RuleBots all pile onto the same one. In the
      three-player game it draws two different roles that way.
    * **Negotiation** (R-NEG). It draws ``samples`` worlds consistent with its view
      (:func:`~millions_rules.sample_state`) and, in each, counts the rivals holding its role
      (a rival who stayed surely stays, an undecided one with probability 0.7). It uses a
      threat card on the rival most likely to share its role when that chance is at least
      25% (R-NEG-THREAT). It leaves when the expected value of staying is negative
      (R-NEG-2); in the three-player game it judges each character on its own (R-3P-2).
    * **Bribes** (R-NEG-3). When it knows, from a threat card, that an undecided rival holds
      its role and being alone is worth more than the bribe, it pays that rival 1M or 2M
      (the smallest amount of :data:`~millions_rules.bots.PAYMENT_AMOUNTS` it judges
      enough) as an offer to leave. It honours such offers: paid by a rival this round while
      undecided, it leaves if staying is worth less to it than the bribe it was given.
    * **Deals** (R-DEAL, with ``negotiate=True``, the default). Before the rules above, on
      its turn in negotiation, it answers each open offer made to it: as the decider it
      accepts when the amount plus the value of the offered decision beats the value of its
      best decision without the deal; as the payer it accepts when the decider's decision
      raises its own expected outcome by more than the amount; otherwise it declines. Then,
      at most once a round, it makes one offer: to be paid 1M to leave, to the undecided
      rival most likely to share its role, when staying is worth less than nothing to it;
      or to pay an undecided rival to leave, half (rounded down, at least 1M) of what that
      rival's leaving adds to its own expected outcome, when that is at least 2M. Offers
      are private where the table allows it (R-DEAL-4). This is at most one offer, one
      claim and one press a round (far inside R-DEAL-5 and R-TALK-4).
    * **Talk** (R-TALK, R-TALK-LEADER, with ``negotiate=True``). As the leader it presses,
      once a round, the first undecided rival clockwise. Once a round, with probability
      0.3, it claims a role to the table (``Say(..., claim=...)``): its own role, or, 40%
      of those times, a bluff (another role in play). Every draw comes from the runner's
      generator, so a game is reproducible from its seed.
    * **Lone Snitch** (R-HEIST-SNITCH). It names the role that, over sampled worlds, leaves
      it the largest expected share without leaving it alone (R-HEIST-LONE-SNITCH); on a tie,
      the role most likely held by the richest rival.

    At a table of people a bot should not decide before they had a chance to talk; see
    ``talk_window`` and the strategy page (docs/strategy.rst, "The bots' window").

    Args:
        temperature: How much randomness in planning (smaller: greedier).
        samples: Worlds drawn per decision in negotiation and for the Snitch.
        negotiate: Whether it makes and answers offers, presses and claims (R-DEAL,
            R-TALK); ``False`` gives the RuleBot of before, which never bargains (it still
            pays R-NEG-3 bribes).

    Raises:
        ConfigError: If ``temperature`` is not a number > 0, ``samples`` not an int >= 1
            or ``negotiate`` not a bool.

    >>> import random
    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import RuleBot
    >>> v = view(new_game(GameConfig(5, seed=1)), 0)
    >>> type(RuleBot().choose(v, v.legal_actions, random.Random(0))).__name__
    'Choose'
    """

    #: The action classes the bot builds itself rather than picks from those it is offered
    #: (offers are unbounded, talk is free text): :func:`~millions_rules.bots.play_game`
    #: hands them to the engine, which checks them as any action.
    free_actions: tuple[type[Action], ...] = (Offer, Say, Press)

    #: The bots' window at a table with people (R-DEAL, R-TALK): in negotiation a bot
    #: should decide only after every person at the table has decided, or once this many
    #: seconds have passed since negotiation began (or since the last offer or message).
    #: The engine has no clock; a table that seats people applies it (docs/strategy.rst).
    talk_window: float = 20.0

    def __init__(self, temperature: float = 1.0, samples: int = 12, negotiate: bool = True) -> None:
        if type(temperature) not in (int, float) or not 0 < temperature < math.inf:
            raise ConfigError(f"temperature must be a number > 0, not {temperature!r}")
        if type(samples) is not int or samples < 1:
            raise ConfigError(f"samples must be an int >= 1, not {samples!r}")
        if type(negotiate) is not bool:
            raise ConfigError(f"negotiate must be a bool, not {negotiate!r}")
        self.temperature = temperature
        """The planning temperature."""
        self.samples = samples
        """Worlds sampled per decision."""
        self.negotiate = negotiate
        """Whether it bargains and talks."""
        if not negotiate:
            self.free_actions = ()

    def __repr__(self) -> str:
        return (
            f"RuleBot(temperature={self.temperature!r}, samples={self.samples!r}, "
            f"negotiate={self.negotiate!r})"
        )

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The bot's action (see the class text)."""
        if len(legal) == 1:
            return legal[0]
        chooses = [a for a in legal if isinstance(a, Choose)]
        if chooses:
            return self._plan(view, chooses, rng)
        names = [a for a in legal if isinstance(a, Denounce)]
        if names:
            return self._denounce(view, names, rng)
        return self._negotiate(view, legal, rng)

    # -- planning ---------------------------------------------------------------------------

    def _plan(self, view: PlayerView, chooses: list[Choose], rng: random.Random) -> Action:
        values = role_values(view)
        open_roles = sorted({role for c in chooses for role in c.roles})
        picked = self._draw(open_roles, values, rng)
        if len(chooses[0].roles) == 1:
            return next(c for c in chooses if c.roles == (picked,))
        second = self._draw([r for r in open_roles if r is not picked], values, rng)
        return next(c for c in chooses if c.roles == (picked, second))

    def _draw(self, roles: list[Role], values: dict[Role, float], rng: random.Random) -> Role:
        top = max(values[role] for role in roles)
        temperature = max(self.temperature, 1e-6)
        weights = [math.exp((values[role] - top) / temperature) for role in roles]
        pick = rng.random() * sum(weights)
        for role, weight in zip(roles, weights, strict=True):
            pick -= weight
            if pick < 0:
                return role
        return roles[-1]

    # -- negotiation ------------------------------------------------------------------------

    def _worlds(self, view: PlayerView, rng: random.Random) -> list[GameState]:
        return [sample_state(view, rng.getrandbits(64)) for _ in range(self.samples)]

    def _negotiate(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view.seat
        assert seat is not None
        worlds = self._worlds(view, rng)
        mine = [c for c in view.my_characters if c.status is CharacterStatus.HIDDEN]
        threats = [a for a in legal if isinstance(a, UseThreat)]
        if threats:
            target = _likely_twin(worlds, seat, threats)
            if target is not None:
                return target
        sure = _stubborn(view, seat) if self.negotiate else frozenset()
        values = {c.position: _stay_value(worlds, seat, c.position, view, sure=sure) for c in mine}
        if self.negotiate:
            deal = self._deal(view, legal, worlds, values, rng)
            if deal is not None:
                return deal
        bribe = self._bribe(view, legal, values)
        if bribe is not None:
            return bribe
        received = _bribes_received(view)
        losing = [c for c in mine if values[c.position] < received]
        if not losing:
            return next(a for a in legal if isinstance(a, Stay))
        if len(losing) == len(mine):
            return next(a for a in legal if isinstance(a, Leave) and a.role is None)
        role = losing[0].role
        return next(a for a in legal if isinstance(a, Leave) and a.role is role)

    # -- deals and talk (R-DEAL, R-TALK) -------------------------------------------------

    def _deal(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        worlds: list[GameState],
        values: dict[int, float],
        rng: random.Random,
    ) -> Action | None:
        """An answer to an offer, one offer, a press or a claim; ``None`` to decide."""
        seat = view.seat
        assert seat is not None
        answer = _answer(view, legal, worlds, values)
        if answer is not None:
            return answer
        mine = _round_events(view, seat)
        if view.leader == seat and not any(isinstance(e, Pressed) for e in mine):
            undecided = [
                p
                for p in range(view.config.players)
                if p != seat and p in view.awaiting and not view.decided[p]
            ]
            if undecided:
                players = view.config.players
                return Press(seat, min(undecided, key=lambda p: (p - seat) % players))
        quiet = not any(isinstance(e, (Said, OfferMade)) for e in mine)
        if quiet and rng.random() < _CLAIM_CHANCE:
            return _claim(view, rng)
        if not any(isinstance(e, OfferMade) for e in mine):
            return _offer(view, worlds, values)
        return None

    def _bribe(
        self, view: PlayerView, legal: Sequence[Action], values: dict[int, float]
    ) -> Action | None:
        seat = view.seat
        pays = [a for a in legal if isinstance(a, Pay)]
        if not pays or any(isinstance(e, Paid) and e.player == seat for e in _this_round(view)):
            return None
        my_roles = {c.role for c in view.my_characters if c.status is CharacterStatus.HIDDEN}
        loot = view.loot.total if view.loot else 0
        for c in view.characters:
            if (
                c.player != seat
                and c.status is CharacterStatus.HIDDEN
                and c.role in my_roles
                and c.role is not Role.BRUTE
                and not view.decided[c.player]
            ):
                mine = next(m for m in view.my_characters if m.role is c.role)
                gain = loot / 3 - values.get(mine.position, 0.0)
                for pay in pays:
                    if pay.to == c.player and pay.amount >= 1 and pay.amount + 1 <= gain:
                        return pay
        return None

    # -- the lone Snitch --------------------------------------------------------------------

    def _denounce(self, view: PlayerView, names: list[Denounce], rng: random.Random) -> Action:
        seat = view.seat
        assert seat is not None
        worlds = self._worlds(view, rng)
        rich = sorted(
            (p for p in range(view.config.players) if p != seat), key=lambda p: -view.cash[p]
        )

        def score(name: Denounce) -> tuple[float, float]:
            share = sum(_snitch_share(world, seat, name.role) for world in worlds) / len(worlds)
            hits = sum(
                1
                for world in worlds
                for c in world.characters
                if c.player == rich[0] and c.role is name.role and c.status is _HIDDEN
            )
            return share, hits

        return max(names, key=score)


_HIDDEN = CharacterStatus.HIDDEN


def _round_events(view: PlayerView, seat: int) -> list[object]:
    """The offers, messages and presses ``seat`` made since the last round ended."""
    events = view.events
    start = len(events)
    while start and events[start - 1].__class__ is not RoundEnded:
        start -= 1
    found: list[object] = []
    for e in events[start:]:
        speaker = e.offer.player if isinstance(e, OfferMade) else getattr(e, "player", None)
        if isinstance(e, (OfferMade, Said, Pressed)) and speaker == seat:
            found.append(e)
    return found


def _best_alone(values: dict[int, float]) -> float:
    """The value of the bot's best decision without a deal (each character kept or not)."""
    return sum(max(v, 0.0) for v in values.values())


def _decision_value(offer: OpenOffer, view: PlayerView, values: dict[int, float]) -> float:
    """The value to the decider (the bot) of the offer's decision, before the payment."""
    if not offer.leave:
        return sum(values.values())
    if offer.slot is None:
        return 0.0
    return sum(v for position, v in values.items() if position != offer.slot)


def _gain_if_gone(
    worlds: list[GameState], view: PlayerView, values: dict[int, float], rival: int
) -> float:
    """How much ``rival`` leaving the round adds to the bot's expected outcome."""
    seat = view.seat
    assert seat is not None
    after = sum(
        max(_stay_value(worlds, seat, position, view, gone=rival), 0.0) for position in values
    )
    return after - _best_alone(values)


def _answer(
    view: PlayerView,
    legal: Sequence[Action],
    worlds: list[GameState],
    values: dict[int, float],
) -> Action | None:
    """Accept the first open offer to the bot worth more than its value, else decline one."""
    seat = view.seat
    assert seat is not None
    offers = {o.id: o for o in view.offers if o.to == seat}
    if not offers:
        return None
    # In the order offered (a set's order would follow the strings' hashes, which differ
    # from one process to another: the bot must be reproducible from its seed).
    accepts = list(dict.fromkeys(a.offer for a in legal if isinstance(a, AcceptOffer)))
    declines = [a for a in legal if isinstance(a, DeclineOffer)]
    for name in accepts:
        offer = offers.get(name)
        if offer is None:
            continue
        if offer.decider == seat:
            worth = offer.amount + _decision_value(offer, view, values) - _best_alone(values)
        elif offer.leave and offer.slot is None:
            worth = _gain_if_gone(worlds, view, values, offer.decider) - offer.amount
        else:
            worth = -1.0  # paying a rival to stay (or to take back one character) never helps
        if worth > 0:
            return AcceptOffer(seat, name)
    return declines[0] if declines else None


def _offer(view: PlayerView, worlds: list[GameState], values: dict[int, float]) -> Offer | None:
    """One offer worth making now (see the class text), or ``None``."""
    seat = view.seat
    assert seat is not None
    if view.decided[seat] or not values:
        return None
    private = view.config.private_offers
    cash = view.cash
    rivals = [
        p
        for p in range(view.config.players)
        if p != seat and p in view.awaiting and not view.decided[p] and _in_round(view, p)
    ]
    if not rivals:
        return None
    if sum(values.values()) < 0:
        # Ask to be paid to leave by the rival most likely to share the bot's role.
        def shared(rival: int) -> float:
            hits = 0
            for world in worlds:
                roles = {
                    c.role for c in world.characters if c.player == seat and c.status is _HIDDEN
                }
                hits += any(
                    c.player == rival and c.status is _HIDDEN and c.role in roles
                    for c in world.characters
                )
            return hits / len(worlds)

        best = max(rivals, key=lambda p: (shared(p), -p))
        if shared(best) >= 0.25 and cash[best] >= 1:
            return Offer(seat, best, 1, decider=seat, leave=True, private=private)
        return None
    gains = [(_gain_if_gone(worlds, view, values, p), p) for p in rivals]
    gain, rival = max(gains, key=lambda g: (g[0], -g[1]))
    price = max(1, int(gain // 2))
    if gain >= 2 and price < gain and price <= cash[seat]:
        return Offer(seat, rival, price, decider=rival, leave=True, private=private)
    return None


def _in_round(view: PlayerView, player: int) -> bool:
    return any(c.player == player and c.status is _HIDDEN for c in view.characters)


def _claim(view: PlayerView, rng: random.Random) -> Say:
    """A role claim to the table: the bot's own role, or a bluff (R-TALK-2)."""
    seat = view.seat
    assert seat is not None
    own = sorted(c.role for c in view.my_characters if c.role is not None)
    others = sorted(r for r in roles_in_play(view.config.players) if r not in own)
    role = own[0] if own else others[0]
    if others and rng.random() < _BLUFF_CHANCE:
        role = others[rng.randrange(len(others))]
    return Say(seat, "", claim=role)


def _this_round(view: PlayerView) -> list[object]:
    events = view.events
    start = max((i for i, e in enumerate(events) if isinstance(e, LootRevealed)), default=0)
    return list(events[start:])


def _bribes_received(view: PlayerView) -> float:
    if view.seat is None:
        return 0.0
    return float(
        sum(e.amount for e in _this_round(view) if isinstance(e, Paid) and e.to == view.seat)
    )


def role_values(view: PlayerView) -> dict[Role, float]:
    """The planning estimate of each role's worth to the view's seat this round (see RuleBot)."""
    seat = view.seat
    assert seat is not None
    roles = roles_in_play(view.config.players)
    players = view.config.players
    per_player = 2 if players == 3 else 1
    deposit = view.loot.deposit if view.loot else 1
    total = view.loot.total if view.loot else 0
    bonus = view.loot.bonus_role if view.loot else None
    forbidden = view.config.repeat_role is RepeatRole.FORBIDDEN
    # q[p][r]: the chance rival p sends role r.
    q: list[dict[Role, float]] = []
    for p in range(players):
        if p == seat:
            continue
        previous = view.previous_roles[p] or ()
        open_roles = [r for r in roles if not (forbidden and r in previous)] or list(roles)
        q.append({r: (per_player / len(open_roles) if r in open_roles else 0.0) for r in roles})
    none = {r: math.prod(1 - qp[r] for qp in q) for r in roles}
    one = {r: sum(qp[r] * math.prod(1 - o[r] for o in q if o is not qp) for qp in q) for r in roles}
    mine_before = view.previous_roles[seat] or ()
    no_share = view.config.repeat_role is RepeatRole.NO_SHARE
    values: dict[Role, float] = {}
    for role in roles:
        others = sum(one[r] for r in roles if r is not role)
        survivors = 1 + others
        loot = total + (2 if role is Role.MASTERMIND else 0)
        repeated = no_share and role in mine_before
        share = 0.0 if repeated else loot / survivors
        if not repeated and role is bonus:
            share += 1
        if not repeated and role is not Role.DRIVER:
            share -= one.get(Role.DRIVER, 0)
        effect = {
            Role.SNITCH: -3 * math.prod(1 - one[r] for r in roles if r is not Role.SNITCH),
            Role.BRUTE: 0.5 - 2 * one.get(Role.CROOK, 0),
            Role.DRIVER: 0.8 * others,
            Role.CROOK: 2 * one.get(Role.BRUTE, 0),
            Role.MASTERMIND: 0.0,
        }[role]
        lost = 0 if role is Role.BRUTE else deposit
        values[role] = none[role] * (share + effect) - (1 - none[role]) * lost
    return values


def _likely_twin(worlds: list[GameState], seat: int, threats: list[UseThreat]) -> Action | None:
    """The threat card on the rival character most likely to share one of the bot's roles."""
    best: tuple[float, UseThreat] | None = None
    for threat in threats:
        hits = 0
        for world in worlds:
            mine = {c.role for c in world.characters if c.player == seat and c.status is _HIDDEN}
            target = _character(world, threat.target, threat.slot)
            hits += target is not None and target.role in mine
        chance = hits / len(worlds)
        if best is None or chance > best[0]:
            best = (chance, threat)
    if best is not None and best[0] >= 0.25:
        return best[1]
    return None


def _character(world: GameState, player: int, position: int) -> Character | None:
    for c in world.characters:
        if c.player == player and c.position == position:
            return c
    return None


def _stubborn(view: PlayerView, seat: int) -> frozenset[int]:
    """The rivals seen to stay at least :data:`_STUBBORN_STAYS` times and never leave."""
    stays = [0] * view.config.players
    left = [False] * view.config.players
    for e in view.events:
        if isinstance(e, Stayed):
            stays[e.player] += 1
        elif isinstance(e, Left):
            left[e.player] = True
    return frozenset(
        p
        for p in range(view.config.players)
        if p != seat and not left[p] and stays[p] >= _STUBBORN_STAYS
    )


def _stay_value(
    worlds: list[GameState],
    seat: int,
    position: int,
    view: PlayerView,
    gone: int | None = None,
    sure: frozenset[int] = frozenset(),
) -> float:
    """The expected gain, over ``worlds``, of keeping the character at ``position`` in
    (with every character of ``gone`` taken back, if given). A rival in ``sure`` surely
    stays, and sharing the role with one at least as rich as the bot is worth :data:`_SPITE`
    of the share denied to it."""
    total = 0.0
    loot = view.loot
    previous = view.previous_roles[seat] or ()
    no_share = view.config.repeat_role is RepeatRole.NO_SHARE
    for world in worlds:
        me = _character(world, seat, position)
        assert me is not None
        stay = [c for c in world.characters if c.status is _HIDDEN and c.player != gone]
        weight = {
            id(c): 1.0
            if c.player == seat or world.decided[c.player] or c.player in sure
            else _STAY_GUESS
            for c in stay
        }
        twins = [c for c in stay if c.role is me.role and c is not me]
        alone = math.prod(1 - weight[id(c)] for c in twins)
        # The others that would survive if everyone in the round stays (duplicates removed).
        counts: dict[Role, int] = {}
        for c in stay:
            counts[c.role] = counts.get(c.role, 0) + 1
        survivors = sum(1 for c in stay if counts[c.role] == 1)
        survivors = max(1, survivors if counts[me.role] == 1 else survivors + 1)
        amount = (loot.total if loot else 0) + (2 if counts.get(Role.MASTERMIND) == 1 else 0)
        repeated = no_share and me.role in previous
        gain = 0.0 if repeated else amount / survivors
        if not repeated and loot is not None and me.role is loot.bonus_role:
            gain += 1
        if me.role is Role.DRIVER:
            gain += survivors - 1
        elif counts.get(Role.DRIVER) == 1 and not repeated:
            gain -= 1
        if me.role is Role.CROOK and counts.get(Role.BRUTE) == 1:
            gain += 2
        if me.role is Role.BRUTE and counts.get(Role.CROOK) == 1:
            gain -= 2
        if me.role is Role.SNITCH and survivors <= 1:
            gain = -3
        lost = 0 if me.role is Role.BRUTE else me.deposit
        total += alone * gain - (1 - alone) * lost
        if any(c.player in sure and view.cash[c.player] >= view.cash[seat] for c in twins):
            total += _SPITE * max(gain, 0.0)
    return total / len(worlds)


def _snitch_share(world: GameState, seat: int, named: Role) -> float:
    """The lone Snitch's gain in ``world`` after naming ``named`` (R-HEIST-SNITCH, R-LOOT)."""
    if world.phase is not Phase.HEIST:
        return 0.0
    staying = [c for c in world.characters if c.status in (_HIDDEN, CharacterStatus.SURVIVING)]
    counts: dict[Role, int] = {}
    for c in staying:
        counts[c.role] = counts.get(c.role, 0) + 1
    survivors = [c for c in staying if c.role is not named and counts[c.role] == 1]
    if all(c.player == seat and c.role is Role.SNITCH for c in survivors):
        return -3.0
    loot = world.loot.total if world.loot else 0
    if any(c.role is Role.MASTERMIND for c in survivors):
        loot += 2
    return loot / len(survivors)
