"""Many games of Millions at once in NumPy arrays: one seat played from outside, the
others by uniformly random bots; what the batched vector environment steps.

:class:`MillionsBatch` holds ``count`` games of one :class:`~millions_rules.GameConfig` (four
to eight players, the engine dealing) as arrays of shape ``(count, players)`` and plays
them as :class:`~millions_rules.bots.Match` plays a table whose other seats are
:class:`~millions_rules.bots.RandomBot` s: the same turn order
(:class:`~millions_rules.millions._game.MillionsPacing`), the same offered actions, the
same draws from each bot's generator and from the engine's, so that every game gives,
step for step, the observation, mask and reward that the game run by the engine itself
gives (``tests/adapters/test_gym_batch.py`` compares them). What a step does for one
game is done for all games at once, phase by phase, in array operations: the choices
(R-PLAN-2, R-PLAN-3), the role cards (R-PLAN-4), stay, leave, payments and threat cards
(R-NEG), the heist (R-HEIST) and the loot (R-LOOT), the end of the round and of the game
(R-END). Only the draws of the generators run game by game.

The observation is :class:`~millions_rules.millions._adapter_views.MillionsViewEncoding`'s
(:func:`~millions_rules.adapters.observe` of the seat's view with the turn block saying it
acts, then what it saw paid and threatened seat to seat); masks are over
:class:`~millions_rules.adapters.Catalogue`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from .._common.random import draw_below, seed_state, shuffled
from ._config import GameConfig
from ._encoding import Catalogue, observation_size
from ._errors import ConfigError
from ._limits import MAX_EXTRA_ACTIONS, PAYMENT_AMOUNTS
from ._roles import Dealer, RepeatRole, Role, roles_in_play
from ._state import THREAT_CARDS

__all__ = ["MillionsBatch"]

Array = np.ndarray[Any, Any]

# Phases by their index in Phase's order (the observation's one-hot).
_PLANNING: Final = 1
_NEGOTIATION: Final = 3
_HEIST: Final = 4
_OVER: Final = 5
_PHASES: Final = 6
# Character statuses by their index in CharacterStatus's order; -1 when none was chosen.
_NONE: Final = -1
_HIDDEN: Final = 0
_TAKEN_BACK: Final = 1
_SURVIVING: Final = 2
_STATUSES: Final = 4
# Roles by their index in reveal order (R-COMP-1).
_SNITCH: Final = Role.SNITCH.order
_BRUTE: Final = Role.BRUTE.order
_DRIVER: Final = Role.DRIVER.order
_CROOK: Final = Role.CROOK.order
_MASTERMIND: Final = Role.MASTERMIND.order
_ROLES: Final = len(Role)
# Kinds of a catalogue entry.
_CHOOSE, _STAY, _LEAVE, _THREAT, _NAME, _PAY, _WAIT = range(7)
_SNITCH_PENALTY: Final = 3  # R-HEIST-LONE-SNITCH
_NOT_PAID: Final = 1000  # RandomBot's draw out of 1000 for paying
_NOT_SNITCH: Final = np.arange(_ROLES)[None, :] != _SNITCH


class MillionsBatch:
    """``count`` games of ``config``, each with one seat played from outside: Millions'
    :class:`~millions_rules.adapters.SeatBatch` (see the module text).

    >>> import numpy as np
    >>> from millions_rules import GameConfig
    >>> from millions_rules.bots import seat_rng
    >>> from millions_rules.millions._batch import MillionsBatch
    >>> batch = MillionsBatch(GameConfig(4), 2)
    >>> for game in range(2):
    ...     seed = 7 + game
    ...     batch.start(game, seed, 0, [seat_rng(seed, seat) for seat in range(4)], [0] * 4)
    >>> none = np.zeros(0, np.int64)
    >>> batch.play(none, none)  # the bots before seat 0: none, the leader is seat 0
    >>> masks = np.zeros((2, batch.actions), np.bool_)
    >>> batch.masks(masks)
    >>> masks[:, :3].tolist()  # choose the Brute, the Driver or the Crook (R-PLAN-2)
    [[True, True, True], [True, True, True]]
    >>> batch.play(np.array([0, 1]), np.array([1, 2]))  # the Driver; the Crook
    >>> batch.phase.tolist(), batch.role[:, 0].tolist()  # negotiation, seat 0 to decide
    ([3, 3], [2, 3])

    Args:
        config: The games' configuration (its seed is ignored: :meth:`start` seeds each
            game); four to eight players and the engine dealing.
        count: The number of games.

    Raises:
        ConfigError: For a three-player config or an external dealer.
    """

    def __init__(self, config: GameConfig, count: int) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"a batch needs a GameConfig, not {type(config).__name__}")
        if config.three_player or config.dealer is not Dealer.ENGINE:
            raise ConfigError("a batch plays four to eight players with the engine dealing")
        n = self.players = config.players
        self.config = config
        self.count = count
        roles = roles_in_play(n)
        self._in_play = np.zeros(_ROLES, np.bool_)
        self._in_play[[role.order for role in roles]] = True
        self._forbidden = config.repeat_role is RepeatRole.FORBIDDEN
        self._no_share = config.repeat_role is RepeatRole.NO_SHARE
        deck = config.loot_deck
        self._loot_total = np.array([card.total for card in deck], np.int64)
        self._loot_deposit = np.array([card.deposit for card in deck], np.int64)
        self._loot_bonus = np.array(
            [_NONE if card.bonus_role is None else card.bonus_role.order for card in deck],
            np.int64,
        )
        catalogue = Catalogue(n)
        size = self.actions = len(catalogue)
        kinds = np.full(size, _WAIT, np.int64)
        first = np.zeros(size, np.int64)  # the role, target or payee
        second = np.zeros(size, np.int64)  # the amount
        self._choose_entry = np.zeros(_ROLES, np.int64)
        self._name_entry = np.zeros(_ROLES, np.int64)
        self._threat_entry = np.zeros(n, np.int64)
        self._pay_entry = np.zeros((n, len(PAYMENT_AMOUNTS)), np.int64)
        for index, move in enumerate(catalogue.entries):
            kind = type(move).__name__
            if kind == "Choose":
                kinds[index], first[index] = _CHOOSE, move.roles[0].order  # type: ignore[union-attr]
                self._choose_entry[first[index]] = index
            elif kind == "Stay":
                kinds[index] = _STAY
            elif kind == "Leave":
                kinds[index] = _LEAVE
            elif kind == "UseThreat":
                kinds[index], first[index] = _THREAT, move.target  # type: ignore[union-attr]
                self._threat_entry[first[index]] = index
            elif kind == "Denounce":
                kinds[index], first[index] = _NAME, move.role.order  # type: ignore[union-attr]
                self._name_entry[first[index]] = index
            elif kind == "Pay":
                amount = move.amount  # type: ignore[union-attr]
                kinds[index], first[index], second[index] = _PAY, move.to, amount  # type: ignore[union-attr]
                if amount in PAYMENT_AMOUNTS:
                    self._pay_entry[move.to, PAYMENT_AMOUNTS.index(amount)] = index  # type: ignore[union-attr]
        self._kind, self._first, self._second = kinds, first, second
        self._stay_entry = int(np.flatnonzero(kinds == _STAY)[0])
        self._leave_entry = int(np.flatnonzero(kinds == _LEAVE)[0])
        self.size = observation_size(n) + 2 * n * n
        shape = (count, n)
        self.seat = np.zeros(count, np.int64)
        self.phase = np.full(count, _OVER, np.int64)
        self.round = np.zeros(count, np.int64)
        self.deck = np.zeros((count, config.rounds), np.int64)
        self.loot = np.zeros(count, np.int64)
        self.cash = np.zeros(shape, np.int64)
        self.reserve = np.zeros(count, np.int64)
        self.threats = np.zeros(shape, np.int64)
        self.supply = np.zeros(count, np.int64)
        self.leader = np.zeros(count, np.int64)
        self.role = np.full(shape, _NONE, np.int64)
        self.paid = np.zeros(shape, np.int64)
        self.covered = np.zeros(shape, np.int64)
        self.status = np.full(shape, _NONE, np.int64)
        self.chosen_in = np.zeros(shape, np.int64)  # the seats in the order they chose
        self.chosen = np.zeros(count, np.int64)
        self.decided = np.zeros(shape, np.bool_)
        self.face_up = np.zeros((count, _ROLES), np.int64)
        self.previous = np.full(shape, _NONE, np.int64)
        self.winners = np.zeros(shape, np.bool_)
        self.turn = np.zeros(count, np.int64)
        self.extras = np.zeros(shape, np.int64)
        self.peeked = np.zeros(shape, np.bool_)
        self.paid_to = np.zeros((count, n, n), np.int64)
        self.threatened = np.zeros((count, n, n), np.int64)
        self.pay_per_mille = np.zeros(shape, np.int64)
        self._engine_rng = [0] * count
        self._rngs: list[list[random.Random]] = [[] for _ in range(count)]
        self._rows = np.arange(count)
        self._seats = np.arange(n)

    # -- starting a game ---------------------------------------------------------------

    def start(
        self,
        index: int,
        seed: int,
        seat: int,
        rngs: list[random.Random],
        pay_per_mille: Sequence[int],
    ) -> None:
        """Deal game ``index`` as :func:`~millions_rules.new_game` with ``seed`` does, the
        outside seat ``seat``, ``rngs`` each seat's bot generator (as
        :func:`~millions_rules.bots.seat_rng` makes them) and ``pay_per_mille`` each seat's
        chance out of 1000 of paying (RandomBot's ``pay_chance``). The bots play at the
        next :meth:`play` (the outside seat always chooses in the first round)."""
        config = self.config
        rng = seed_state(seed)
        order, rng = shuffled(rng, tuple(range(len(config.loot_deck))))
        self.deck[index] = order[: config.rounds]
        self._engine_rng[index] = rng
        self._rngs[index] = rngs
        self.pay_per_mille[index] = pay_per_mille
        self.seat[index] = seat
        self.round[index] = 1
        self.loot[index] = self.deck[index, 0]
        self.phase[index] = _PLANNING
        self.cash[index] = config.starting_cash
        self.reserve[index] = config.starting_reserve
        self.threats[index] = 0
        self.supply[index] = THREAT_CARDS
        self.leader[index] = config.first_leader
        self.turn[index] = config.first_leader
        self.previous[index] = _NONE
        self.winners[index] = False
        self.paid_to[index] = 0
        self.threatened[index] = 0
        self._clear_round(np.array([index]))

    def _clear_round(self, games: Array) -> None:
        self.role[games] = _NONE
        self.status[games] = _NONE
        self.paid[games] = 0
        self.covered[games] = 0
        self.chosen[games] = 0
        self.decided[games] = False
        self.face_up[games] = 0
        self.extras[games] = 0
        self.peeked[games] = False

    # -- the outside seat ----------------------------------------------------------------

    def play(self, games: Array, entries: Array) -> None:
        """Play catalogue entry ``entries[i]`` for the outside seat of game ``games[i]``
        (each legal: :meth:`masks` says which), then the bots of every game up to its
        outside seat's next turn or its end."""
        if games.size:
            self._act(
                games,
                self.seat[games],
                self._kind[entries],
                self._first[entries],
                self._second[entries],
            )
        self._advance()

    # -- the turn order and the bots -----------------------------------------------------

    def _awaiting(self) -> Array:
        """Which seats each game waits for (MillionsPacing asks the first clockwise)."""
        phase = self.phase[:, None]
        waiting: Array = (
            ((phase == _PLANNING) & (self.role == _NONE))
            | ((phase == _NEGOTIATION) & ~self.decided)
            | ((phase == _HEIST) & (self.status == _SURVIVING) & (self.role == _SNITCH))
        )
        return waiting

    def _next_seats(self) -> Array:
        key = (self._seats[None, :] - self.turn[:, None]) % self.players
        key = np.where(self._awaiting(), key, self.players)
        seats: Array = key.argmin(axis=1)
        return seats

    def _advance(self) -> None:
        """Play the bots' turns in every game until each awaits its outside seat or ended."""
        while True:
            seats = self._next_seats()
            moving = np.flatnonzero((self.phase != _OVER) & (seats != self.seat))
            if not moving.size:
                return
            seats = seats[moving]
            phase = self.phase[moving]
            kind = np.empty(moving.size, np.int64)
            first = np.zeros(moving.size, np.int64)
            second = np.zeros(moving.size, np.int64)
            planning = phase == _PLANNING
            if planning.any():
                self._bots_choose(moving[planning], seats[planning], kind, first, planning)
            negotiating = phase == _NEGOTIATION
            if negotiating.any():
                self._bots_negotiate(
                    moving[negotiating], seats[negotiating], kind, first, second, negotiating
                )
            heist = phase == _HEIST
            if heist.any():
                games = moving[heist]
                counts = (self.face_up[games, 1:] > 0).sum(axis=1)
                drawn = self._draws(games, seats[heist], counts)
                named = _nth_true((self.face_up[games] > 0) & _NOT_SNITCH, drawn)
                kind[heist] = _NAME
                first[heist] = named
            self._act(moving, seats, kind, first, second)

    def _draws(self, games: Array, seats: Array, bounds: Array) -> Array:
        """``rng.randrange(bound)`` of each game's bot in ``seat``: RandomBot's draw."""
        rngs = self._rngs
        return np.array(
            [
                rngs[game][seat].randrange(bound)
                for game, seat, bound in zip(
                    games.tolist(), seats.tolist(), bounds.tolist(), strict=True
                )
            ],
            np.int64,
        )

    def _allowed(self, games: Array, seats: Array) -> Array:
        """The roles each seat may choose (R-COMP-2, R-VAR-REPEAT ``forbidden``)."""
        allowed = np.repeat(self._in_play[None, :], games.size, axis=0)
        if self._forbidden:
            previous = self.previous[games, seats]
            had = previous >= 0
            allowed[np.flatnonzero(had), previous[had]] = False
        return allowed

    def _bots_choose(
        self, games: Array, seats: Array, kind: Array, first: Array, where: Array
    ) -> None:
        allowed = self._allowed(games, seats)
        drawn = self._draws(games, seats, allowed.sum(axis=1))
        kind[where] = _CHOOSE
        first[where] = _nth_true(allowed, drawn)

    def _threat_targets(self, games: Array, seats: Array) -> Array:
        """The seats each seat may use a threat card on (R-NEG-THREAT): none unless it
        holds one, is in the round and has not used its extras; else every other seat with
        a face-down character."""
        targets: Array = self.status[games] == _HIDDEN
        targets[np.arange(games.size), seats] = False
        able = (
            (self.threats[games, seats] > 0)
            & (self.status[games, seats] != _TAKEN_BACK)
            & (self.extras[games, seats] < MAX_EXTRA_ACTIONS)
        )
        targets &= able[:, None]
        return targets

    def _payees(self, games: Array, seats: Array) -> Array:
        """The seats each seat may pay (R-NEG-3): those still in the round but itself, if it
        is in the round and holds money."""
        present: Array = self.status[games] != _TAKEN_BACK
        able = present[np.arange(games.size), seats] & (self.cash[games, seats] >= 1)
        present[np.arange(games.size), seats] = False
        payees: Array = present & able[:, None]
        return payees

    def _bots_negotiate(
        self, games: Array, seats: Array, kind: Array, first: Array, second: Array, where: Array
    ) -> None:
        targets = self._threat_targets(games, seats)
        others = 2 + targets.sum(axis=1)  # stay, leave, then threat cards by target
        fresh = self.extras[games, seats] < MAX_EXTRA_ACTIONS
        payees = self._payees(games, seats) & fresh[:, None]
        cash = self.cash[games, seats]
        amounts = np.zeros(games.size, np.int64)
        for amount in PAYMENT_AMOUNTS:
            amounts += cash >= amount
        pays = payees.sum(axis=1) * amounts
        per_mille = self.pay_per_mille[games, seats]
        rngs = self._rngs
        chosen: list[int] = []
        paying: list[bool] = []
        for game, seat, pay_count, other_count, chance in zip(
            games.tolist(),
            seats.tolist(),
            pays.tolist(),
            others.tolist(),
            per_mille.tolist(),
            strict=True,
        ):
            rng = rngs[game][seat]
            if pay_count and rng.randrange(_NOT_PAID) < chance:
                chosen.append(rng.randrange(pay_count))
                paying.append(True)
            else:
                chosen.append(rng.randrange(other_count))
                paying.append(False)
        drawn = np.array(chosen, np.int64)
        paid = np.array(paying, np.bool_)
        kinds = np.where(drawn == 0, _STAY, np.where(drawn == 1, _LEAVE, _THREAT))
        targets_of = _nth_true(targets, np.maximum(drawn - 2, 0))
        firsts = np.where(kinds == _THREAT, targets_of, 0)
        seconds = np.zeros(games.size, np.int64)
        if paid.any():
            rows = np.flatnonzero(paid)
            per = amounts[rows]
            payee = _nth_true(payees[rows], drawn[rows] // per)
            kinds[rows] = _PAY
            firsts[rows] = payee
            seconds[rows] = np.array(PAYMENT_AMOUNTS)[drawn[rows] % per]
        kind[where], first[where], second[where] = kinds, firsts, seconds

    # -- the rules -----------------------------------------------------------------------

    def _act(self, games: Array, seats: Array, kind: Array, first: Array, second: Array) -> None:
        """Play one action in each of ``games`` (MillionsPacing counts it), then what follows."""
        extra = (kind == _THREAT) | (kind == _PAY)
        self.extras[games[extra], seats[extra]] += 1
        moved = ~extra
        self.turn[games[moved]] = (seats[moved] + 1) % self.players
        for each, play in (
            (_CHOOSE, self._choose),
            (_STAY, self._stay),
            (_LEAVE, self._leave),
            (_THREAT, self._threaten),
            (_PAY, self._pay),
        ):
            rows = np.flatnonzero(kind == each)
            if rows.size:
                play(games[rows], seats[rows], first[rows], second[rows])
        decided = games[(kind == _STAY) | (kind == _LEAVE)]
        if decided.size:  # R-NEG-1: negotiation ends when everyone has decided
            done = decided[self.decided[decided].all(axis=1)]
            if done.size:
                self._begin_heist(done)
        rows = np.flatnonzero(kind == _NAME)
        if rows.size:
            self._finish_heist(games[rows], first[rows])

    def _choose(self, games: Array, seats: Array, roles: Array, _: Array) -> None:
        """R-PLAN-2, R-PLAN-3: the character face down with its deposit; the reserve covers a
        short player. Once all chose, the role cards (R-PLAN-4)."""
        deposit = self._loot_deposit[self.loot[games]]
        paid = np.minimum(deposit, self.cash[games, seats])
        covered = np.minimum(deposit - paid, self.reserve[games])
        self.cash[games, seats] -= paid
        self.reserve[games] -= covered
        self.role[games, seats] = roles
        self.paid[games, seats] = paid
        self.covered[games, seats] = covered
        self.status[games, seats] = _HIDDEN
        self.chosen_in[games, self.chosen[games]] = seats
        self.chosen[games] += 1
        full = games[self.chosen[games] == self.players]
        if full.size:
            self._lay_out(full)

    def _lay_out(self, games: Array) -> None:
        """R-PLAN-4: one role card, drawn by the engine, set aside; the rest face up."""
        n = self.players
        chosen_in = self.chosen_in[games].tolist()
        engine = self._engine_rng
        aside = []
        for game, seats in zip(games.tolist(), chosen_in, strict=True):
            index, engine[game] = draw_below(engine[game], n)
            aside.append(seats[index])
        roles = self.role[games]
        counts = (roles[:, :, None] == np.arange(_ROLES)[None, None, :]).sum(axis=1)
        counts[np.arange(games.size), self.role[games, np.array(aside, np.int64)]] -= 1
        self.face_up[games] = counts
        self.phase[games] = _NEGOTIATION

    def _stay(self, games: Array, seats: Array, _: Array, __: Array) -> None:
        """R-NEG-1."""
        self.decided[games, seats] = True

    def _leave(self, games: Array, seats: Array, _: Array, __: Array) -> None:
        """R-NEG-2: the character taken back, its deposit returned."""
        self.status[games, seats] = _TAKEN_BACK
        self.cash[games, seats] += self.paid[games, seats]
        self.reserve[games] += self.covered[games, seats]
        self.decided[games, seats] = True

    def _threaten(self, games: Array, seats: Array, targets: Array, _: Array) -> None:
        """R-NEG-THREAT: the card leaves the game; only its user learns the role."""
        self.threats[games, seats] -= 1
        self.threatened[games, seats, targets] += 1
        mine = seats == self.seat[games]
        self.peeked[games[mine], targets[mine]] = True

    def _pay(self, games: Array, seats: Array, payees: Array, amounts: Array) -> None:
        """R-NEG-3."""
        self.cash[games, seats] -= amounts
        self.cash[games, payees] += amounts
        self.paid_to[games, seats, payees] += amounts

    def _begin_heist(self, games: Array) -> None:
        """R-HEIST, once every seat of ``games`` decided: a lone Snitch (R-HEIST-SNITCH)
        gets its deposit back and, when a role shows to name, the game waits for its
        naming; the other games are resolved at once."""
        snitches = (self.status[games] == _HIDDEN) & (self.role[games] == _SNITCH)
        lone = snitches.sum(axis=1) == 1
        waits = lone & (self.face_up[games, 1:] > 0).any(axis=1)
        if waits.any():
            rows = games[waits]
            alone = snitches[waits]
            self._return(rows, alone)
            status = self.status[rows]
            status[alone] = _SURVIVING
            self.status[rows] = status
            self.phase[rows] = _HEIST
        rest = games[~waits]
        if rest.size:
            self._finish_heist(rest, np.full(rest.size, _NONE, np.int64))

    def _return(self, games: Array, which: Array) -> None:
        """The owners of ``which`` get back what they paid; the covered part goes back to
        the reserve (R-PLAN-3)."""
        self.cash[games] += self.paid[games] * which
        self.reserve[games] += (self.covered[games] * which).sum(axis=1)

    def _finish_heist(self, games: Array, named: Array) -> None:
        """The reveal of every face-down character (R-HEIST-DUP, R-HEIST-SNITCH,
        R-HEIST-BRUTE, R-HEIST-OTHER), R-HEIST-LONE-SNITCH, R-LOOT, then R-END.

        The outcome does not depend on the order of the reveal, so it is computed for
        every role at once: a lone character survives, duplicates and the named role's
        characters are eliminated, Brutes keep their deposits, and a lone Brute (not
        named) gains a threat card while the supply lasts.
        """
        roles = self.role[games]
        status = self.status[games]
        hidden = status == _HIDDEN
        same = (roles[:, :, None] == roles[:, None, :]) & hidden[:, None, :]
        alike = same.sum(axis=2)  # hidden characters of each one's role
        named_out = hidden & (roles == named[:, None])
        alone = hidden & ~named_out & (alike == 1)
        lost = hidden & ~alone
        brutes = roles == _BRUTE
        back = alone | (lost & brutes)
        forfeit = lost & ~brutes
        paid = self.paid[games]
        covered = self.covered[games]
        self.cash[games] += paid * back
        self.reserve[games] += (covered * back).sum(axis=1) + ((paid + covered) * forfeit).sum(
            axis=1
        )
        gains = (alone & brutes).any(axis=1) & (self.supply[games] > 0)
        if gains.any():
            self.supply[games[gains]] -= 1
            self.threats[games[gains]] += alone[gains] & brutes[gains]
        surviving = alone | (status == _SURVIVING)
        snitch = surviving & (roles == _SNITCH)
        lone_snitch = (surviving.sum(axis=1) == 1) & snitch.any(axis=1)
        if lone_snitch.any():
            rows = games[lone_snitch]
            seats = snitch[lone_snitch].argmax(axis=1)
            fine = np.minimum(_SNITCH_PENALTY, self.cash[rows, seats])
            self.cash[rows, seats] -= fine
            self.reserve[rows] += fine
        sharing = ~lone_snitch & surviving.any(axis=1)
        if sharing.any():
            self._share(games[sharing], surviving[sharing], roles[sharing])
        self._end_round(games)

    def _share(self, games: Array, survivors: Array, roles: Array) -> None:
        """R-LOOT-1 to R-LOOT-5 and R-LOOT-REPEAT."""
        dealt = survivors & (roles != self.previous[games]) if self._no_share else survivors
        total = self._loot_total[self.loot[games]] + 2 * (survivors & (roles == _MASTERMIND)).any(
            axis=1
        )
        takers = dealt.sum(axis=1)
        share = np.minimum(total, self.reserve[games]) // np.maximum(takers, 1)
        paid = dealt & (share > 0)[:, None]
        self.cash[games] += paid * share[:, None]
        self.reserve[games] -= share * paid.sum(axis=1)
        drivers = survivors & (roles == _DRIVER)
        has_driver = drivers.any(axis=1)
        if has_driver.any():
            fees = paid & ~drivers & has_driver[:, None]
            self.cash[games] -= fees
            self.cash[games[has_driver], drivers[has_driver].argmax(axis=1)] += fees[
                has_driver
            ].sum(axis=1)
        crooks = survivors & (roles == _CROOK)
        brutes = survivors & (roles == _BRUTE)
        robbed = crooks.any(axis=1) & brutes.any(axis=1)
        if robbed.any():
            at = games[robbed]
            crook = crooks[robbed].argmax(axis=1)
            brute = brutes[robbed].argmax(axis=1)
            amount = np.minimum(2, self.cash[at, brute])
            self.cash[at, brute] -= amount
            self.cash[at, crook] += amount
        symbol = self._loot_bonus[self.loot[games]]
        bonus = dealt & (roles == symbol[:, None]) & (symbol >= 0)[:, None]
        gets = bonus.any(axis=1) & (self.reserve[games] > 0)
        if gets.any():
            at = games[gets]
            self.reserve[at] -= 1
            self.cash[at, bonus[gets].argmax(axis=1)] += 1

    def _end_round(self, games: Array) -> None:
        """R-END-1 to R-END-3."""
        n = self.players
        config = self.config
        self.leader[games] = (self.leader[games] + 1) % n
        self.previous[games] = self.role[games]
        self._clear_round(games)
        cash = self.cash[games]
        best = cash.max(axis=1)
        over = (best >= config.target) | (self.round[games] >= config.rounds)
        ended = games[over]
        self.phase[ended] = _OVER
        self.winners[ended] = cash[over] == best[over][:, None]
        going = games[~over]
        self.round[going] += 1
        self.loot[going] = self.deck[going, self.round[going] - 1]
        self.phase[going] = _PLANNING
        self.turn[going] = self.leader[going]

    # -- what the outside seat sees ------------------------------------------------------

    def ended(self) -> Array:
        """Whether each game is over (R-END)."""
        over: Array = self.phase == _OVER
        return over

    def rewards(self, games: Array, reward: str) -> Array:
        """The outside seat's reward at the end of each of ``games``: 1 for a win, else -1
        (``"win"``), or its cash (``"cash"``, or any other name)."""
        seats = self.seat[games]
        if reward == "win":
            result: Array = np.where(self.winners[games, seats], 1.0, -1.0)
            return result
        return self.cash[games, seats].astype(np.float64)

    def masks(self, out: Array) -> None:
        """Write each game's mask of catalogue entries into ``out`` (all false once over)."""
        out[:] = False
        seats = self.seat
        phase = self.phase
        planning = np.flatnonzero(phase == _PLANNING)
        if planning.size:
            allowed = self._allowed(planning, seats[planning])
            got, role = np.nonzero(allowed)
            out[planning[got], self._choose_entry[role]] = True
        negotiating = np.flatnonzero(phase == _NEGOTIATION)
        if negotiating.size:
            out[negotiating, self._stay_entry] = True
            out[negotiating, self._leave_entry] = True
            local = seats[negotiating]
            targets = self._threat_targets(negotiating, local)
            got, target = np.nonzero(targets)
            out[negotiating[got], self._threat_entry[target]] = True
            fresh = self.extras[negotiating, local] < MAX_EXTRA_ACTIONS
            payees = self._payees(negotiating, local) & fresh[:, None]
            cash = self.cash[negotiating, local]
            for column, amount in enumerate(PAYMENT_AMOUNTS):
                got, payee = np.nonzero(payees & (cash >= amount)[:, None])
                out[negotiating[got], self._pay_entry[payee, column]] = True
        heist = np.flatnonzero(phase == _HEIST)
        if heist.size:
            got, role = np.nonzero(self.face_up[heist] > 0)
            keep = role != _SNITCH
            out[heist[got[keep]], self._name_entry[role[keep]]] = True

    def observe(self, out: Array) -> None:
        """Write each game's observation of its outside seat into ``out`` (``(count, size)``)."""
        n = self.players
        count = self.count
        rows = self._rows
        seats = self.seat
        phase = self.phase
        config = self.config
        out[:] = 0.0
        at = 0

        def one_hot(size: int, index: Array, valid: Array | None = None) -> None:
            nonlocal at
            if valid is None:
                out[rows, at + index] = 1.0
            else:
                out[rows[valid], at + index[valid]] = 1.0
            at += size

        def block(values: Array) -> None:
            nonlocal at
            width = values.shape[1] if values.ndim == 2 else 1
            out[:, at : at + width] = values if values.ndim == 2 else values[:, None]
            at += width

        one_hot(n, seats)
        one_hot(_PHASES, phase)
        block(self.round)
        out[:, at] = config.rounds
        out[:, at + 1] = config.target
        out[:, at + 2] = 1.0  # the loot card is face up whenever a seat acts
        loot = self.loot
        out[:, at + 3] = self._loot_total[loot]
        out[:, at + 4] = self._loot_deposit[loot]
        at += 5
        bonus = self._loot_bonus[loot]
        one_hot(_ROLES, bonus, bonus >= 0)
        block(self.cash)
        block(self.reserve)
        block(self.threats)
        block(self.supply)
        one_hot(n, self.leader)
        status = self.status
        present = status != _NONE
        width = 1 + _STATUSES + 2 + _ROLES
        characters = np.zeros((count, n, width), np.float32)
        characters[:, :, 0] = present
        got, seat = np.nonzero(present)
        characters[got, seat, 1 + status[got, seat]] = 1.0
        characters[:, :, 1 + _STATUSES] = self.paid
        characters[:, :, 2 + _STATUSES] = self.covered
        known = present & (
            (self._seats[None, :] == seats[:, None]) | (status == _SURVIVING) | self.peeked
        )
        got, seat = np.nonzero(known)
        characters[got, seat, 3 + _STATUSES + self.role[got, seat]] = 1.0
        block(characters.reshape(count, n * width))
        block(self.decided)
        block(self.face_up)
        mine = self._seats[None, :] == seats[:, None]
        known_previous = mine | ((phase != _OVER)[:, None] if self._forbidden else mine)
        block(known_previous)
        previous = np.zeros((count, n, _ROLES), np.float32)
        got, seat = np.nonzero(known_previous & (self.previous >= 0))
        previous[got, seat, self.previous[got, seat]] = 1.0
        block(previous.reshape(count, n * _ROLES))
        block(self._awaiting())
        nameable = np.zeros((count, _ROLES), np.float32)
        heist = phase == _HEIST
        nameable[heist] = self.face_up[heist] > 0
        nameable[:, _SNITCH] = 0.0
        block(nameable)
        one_hot(n, seats)
        at += 2 * n  # free moves and done: zeros
        block(self.winners)
        block(self.paid_to.reshape(count, n * n))
        block(self.threatened.reshape(count, n * n))
        assert at == self.size


def _nth_true(flags: Array, nth: Array) -> Array:
    """The column of the ``nth[i]``-th true flag of each row ``flags[i]`` (0 where none)."""
    if not flags.size:
        return np.zeros(flags.shape[0], np.int64)
    ranks = flags.cumsum(axis=1)
    found: Array = ((ranks == (nth + 1)[:, None]) & flags).argmax(axis=1)
    return found
