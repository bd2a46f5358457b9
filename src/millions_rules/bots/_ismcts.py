""":class:`ISMCTSBot`: information-set Monte Carlo tree search over sampled worlds, any game.

The search is written once against the game interface (:mod:`millions_rules.games`): it
completes the bot's view into worlds with :meth:`~millions_rules.games.Game.sample_state`,
plays them with :meth:`~millions_rules.games.Game.apply`, lets
:meth:`~millions_rules.games.Game.chance` deal for an external dealer and scores the end
with :meth:`~millions_rules.games.Game.winners` and :meth:`~millions_rules.games.Game.scores`.
What it knows of one game (how far to look, how the others play, what the searching seat
observes) is a :class:`SearchModel`: the game's own
(:attr:`~millions_rules.games.Companions.search_model`; Millions has one), or
:class:`GenericSearch`, from the interface alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeVar

from .._common.errors import ConfigError
from .._common.game import Rollout, SearchModel
from ..games import GAMES, AnyGame, game_of

__all__ = ["MODELS", "GenericSearch", "ISMCTSBot", "Rollout", "SearchModel", "search_model"]

A = TypeVar("A")


class GenericSearch:
    """A search model from the game interface alone: any game gets a search bot with it.

    The turn order is the game's :meth:`~millions_rules.games.Game.pacing`; every seat off
    the tree plays a uniformly random legal action; the searching seat's tree offers what
    its pacing would offer it; its information set is its
    :meth:`~millions_rules.games.Game.view` (the public log included: perfect recall); an
    external dealer is
    the game's :meth:`~millions_rules.games.Game.chance`. A rollout ends with the game or
    after ``horizon`` actions.

    Args:
        game: The game.
        horizon: The most actions a rollout plays before it is scored.
        scale: See :attr:`SearchModel.scale`.

    >>> from millions_rules.games import get_game
    >>> GenericSearch(get_game("torraku")).horizon
    40
    """

    def __init__(self, game: AnyGame, horizon: int = 40, scale: float = 3.0) -> None:
        self.game = game
        """The game."""
        self.horizon = horizon
        """The most actions a rollout plays."""
        self.scale = scale
        """The score lead that makes the heuristic reward about 0.73."""

    def root_actions(self, offered: Sequence[Any]) -> tuple[Any, ...]:
        """Every offered action."""
        return tuple(offered)

    def rollout(self, world: Any, me: int) -> Rollout:
        """A fresh rollout of ``world``."""
        return _GenericRollout(self, world)


class _GenericRollout:
    def __init__(self, model: GenericSearch, world: Any) -> None:
        self._game = model.game
        self._left = model.horizon
        self._pacing = model.game.pacing(world)
        self._chance: Any = None

    def done(self, state: Any) -> bool:
        return self._left <= 0 or self._game.is_over(state)

    def deal(self, state: Any, sim: random.Random) -> Any:
        if self._chance is None:
            self._chance = self._game.chance(sim.getrandbits(64))
        self._left -= 1
        return self._chance.draw(state)

    def next_seat(self, state: Any) -> int:
        return self._pacing.next_seat(state)

    def policy(self, state: Any, seat: int, sim: random.Random) -> Any:
        legal = self._game.legal_actions(state, seat)
        return legal[sim.randrange(len(legal))]

    def choices(self, state: Any, seat: int) -> tuple[Any, ...]:
        offered: tuple[Any, ...] = self._pacing.offered(state, self._game.view(state, seat), seat)
        return offered

    def key(self, state: Any, seat: int) -> Hashable:
        seen: Hashable = self._game.view(state, seat)
        return seen

    def played(self, before: Any, after: Any, seat: int, action: Any, searcher: bool) -> None:
        self._left -= 1
        self._pacing.played(after, seat, action)


class _Models(Mapping[str, SearchModel]):
    """The registered games' own search models, by game name (read-only, always current)."""

    def _models(self) -> dict[str, SearchModel]:
        found = {}
        for name, game in GAMES.items():
            model = game.companions.search_model
            if model is not None:
                found[name] = model
        return found

    def __getitem__(self, name: str) -> SearchModel:
        return self._models()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._models())

    def __len__(self) -> int:
        return len(self._models())


#: The search model of each registered game that has its own (its
#: :attr:`~millions_rules.games.Companions.search_model`), by name; any other game searches
#: with :class:`GenericSearch`.
MODELS: Final[Mapping[str, SearchModel]] = _Models()


def search_model(game: AnyGame) -> SearchModel:
    """The model :class:`ISMCTSBot` searches ``game`` with: its own, else :class:`GenericSearch`."""
    return game.companions.search_model or GenericSearch(game)


class _Node:
    """One information set of the searching seat: its actions and their statistics.

    The actions are listed on the first visit (they are the same on every visit: they depend
    only on what the seat knows); statistics are indexed like them.
    """

    __slots__ = ("actions", "children", "total", "visits")

    def __init__(self) -> None:
        self.actions: tuple[Any, ...] = ()
        self.visits: list[int] = []
        self.total: list[float] = []
        self.children: dict[tuple[int, Hashable], _Node] = {}


class ISMCTSBot:
    """Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

    A bot of every game. Each iteration draws a world consistent with the bot's view with
    the game's :meth:`~millions_rules.games.Game.sample_state` and plays it to the horizon
    of the game's :class:`SearchModel` (its :attr:`~millions_rules.games.Companions.search_model`;
    :class:`GenericSearch` for a game without its own). The bot's own decisions walk a tree of its information sets (what the
    model says it observes, after its earlier actions), picked by UCB1 with exploration
    constant ``exploration``, an action never tried first; everything else follows the
    model's fast policy. The end is scored for the bot: its share of the win (1, or 1/k for
    a k-way tie, else 0) if the game ended, otherwise
    ``1 / (1 + exp(-(own score - best rival's score) / scale))`` with the game's
    :meth:`~millions_rules.games.Game.scores`. After the budget the most visited action is
    played.

    In *Millions of Dollars* (its own model, ``millions_rules.millions.companions.MillionsSearch``)
    the world is one that :func:`~millions_rules.sample_state` draws uniformly among those
    the rules allow, played to the end of the current round:

    * the bot's own decisions walk a tree of its information sets. A node is what the bot knows
      at a decision: its earlier actions and what it saw since (face-up role cards, who stayed
      or left, the role a threat card showed, the characters revealed). Actions are picked by
      UCB1 with exploration constant ``exploration``; an action never tried is tried first;
    * the other seats, and the bot once it leaves the tree, follow a fast model of a sensible
      player: a uniformly random choice in planning; in negotiation a character whose role
      shows at most once face up stays with probability 0.8, else 0.2 (a Brute always
      stays); a lone Snitch names a random face-up role. The external dealer deals at random.

    The round's end is scored by cash with ``scale`` 3M, a smooth stand-in for the chance of
    winning.

    **Payments** are in the action space, but the model of the other players does not
    respond to money, so a payment can only lower the bot's value: the search leaves them
    out (it never pays). It uses threat cards when the search finds the information worth it.

    **Deals** (R-DEAL). The answers to open offers made to the bot (accept, decline) are
    legal actions, so the search weighs them with the bot's other decisions: it accepts an
    offer when the rounds played after accepting are worth more to it than those after
    staying, leaving or declining (an acceptance settles the payment and the decision in
    one step, R-DEAL-2). With ``negotiate=True`` it also *makes* offers, claims roles and
    presses as leader: before each search it asks the game's own bot
    (:attr:`~millions_rules.games.Companions.rule_bot`, Millions' bargaining
    :class:`~millions_rules.bots.RuleBot`) and plays its answer when that is an action the
    bot builds itself (its ``free_actions``: an offer, talk, a press); otherwise it searches
    as above. Off by default, so that seeded play stays as it was.

    In *Currency Torraku* (:class:`GenericSearch`) the world is the view with a fresh
    generator (Torraku hides nothing else), every other bet is uniformly random and a
    rollout plays 40 actions (a few rounds) before it is scored by the pieces left.

    Args:
        iterations: Worlds played per decision (``None``: as many as ``seconds`` allows).
        seconds: A time budget per decision (``None``: no time limit). With both, whichever
            ends first; a time budget makes play depend on the machine's speed.
        seed: Mixed into the generator the runner gives, to vary play between bots that share
            a seat's generator; ``None`` uses that generator alone.
        exploration: The UCB1 constant.
        negotiate: Whether it makes offers, claims and presses through the game's own bot
            (see above); it answers offers either way.

    Raises:
        ConfigError: If neither budget is set, or a parameter is of the wrong type or range.

    >>> import random
    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import ISMCTSBot
    >>> v = view(new_game(GameConfig(5, seed=1)), 0)
    >>> type(ISMCTSBot(iterations=20).choose(v, v.legal_actions, random.Random(0))).__name__
    'Choose'
    >>> from millions_rules.torraku import TorrakuConfig, new_game as new_torraku, view as seen
    >>> t = seen(new_torraku(TorrakuConfig(3, seed=1)), 0)
    >>> type(ISMCTSBot(iterations=20).choose(t, t.legal_actions, random.Random(0))).__name__
    'Bet'
    """

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        negotiate: bool = False,
    ) -> None:
        if iterations is None and seconds is None:
            raise ConfigError("ISMCTSBot needs iterations, seconds or both")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ConfigError(f"iterations must be an int >= 1 or None, not {iterations!r}")
        if seconds is not None and not (_is_number(seconds) and seconds > 0):
            raise ConfigError(f"seconds must be a number > 0 or None, not {seconds!r}")
        if seed is not None and type(seed) is not int:
            raise ConfigError(f"seed must be an int or None, not {seed!r}")
        if not (_is_number(exploration) and exploration >= 0):
            raise ConfigError(f"exploration must be a number >= 0, not {exploration!r}")
        if type(negotiate) is not bool:
            raise ConfigError(f"negotiate must be a bool, not {negotiate!r}")
        self.iterations = iterations
        """Worlds played per decision, or ``None``."""
        self.seconds = seconds
        """Seconds per decision, or ``None``."""
        self.seed = seed
        """Mixed into the runner's generator, or ``None``."""
        self.exploration = exploration
        """The UCB1 constant."""
        self.negotiate = negotiate
        """Whether it makes offers, claims and presses through the game's own bot."""
        self._delegates: dict[str, Any] = {}

    @property
    def free_actions(self) -> tuple[type[Any], ...]:
        """The action classes the bot may build itself (the runner checks them with the
        engine): with ``negotiate``, those of the games' own bots it has asked so far."""
        return tuple(
            kind for bot in self._delegates.values() for kind in getattr(bot, "free_actions", ())
        )

    def _free_action(
        self, game: AnyGame, view: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """The game's own bot's answer if it is an action that bot builds (an offer, talk),
        else ``None``."""
        bot = self._delegates.get(game.name)
        if bot is None:
            make = game.companions.rule_bot
            if make is None:
                return None
            bot = self._delegates[game.name] = make()
        free = getattr(bot, "free_actions", ())
        if not free:
            return None
        answer = bot.choose(view, legal, random.Random(rng.getrandbits(64)))
        return answer if type(answer) in free else None

    def __repr__(self) -> str:
        extra = ", negotiate=True" if self.negotiate else ""
        return (
            f"ISMCTSBot(iterations={self.iterations!r}, seconds={self.seconds!r}, "
            f"seed={self.seed!r}{extra})"
        )

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """The most visited root action after the search (see the class text).

        ``view`` is the seat's view in any game of :data:`~millions_rules.games.GAMES`.

        Raises:
            ConfigError: If ``view`` is no game's view.
        """
        game = game_of(view)
        if self.negotiate:
            built = self._free_action(game, view, legal, rng)
            if built is not None:
                return built  # type: ignore[no-any-return]
        model = search_model(game)
        candidates: tuple[A, ...] = model.root_actions(legal)
        me = game.view_seat(view)
        if len(candidates) == 1 or me is None:
            return candidates[0]
        seed = rng.getrandbits(64) ^ ((self.seed or 0) & ((1 << 64) - 1))
        sim = random.Random(seed)
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            world = game.sample_state(view, sim.getrandbits(64))
            self._iterate(game, model, root, world, me, candidates, sim)
            done += 1
        if not root.visits:  # pragma: no cover - the root is the bot's own decision
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (root.visits[i], root.total[i]))
        return candidates[best]

    def _iterate(
        self,
        game: AnyGame,
        model: SearchModel,
        root: _Node,
        state: Any,
        me: int,
        candidates: tuple[Any, ...],
        sim: random.Random,
    ) -> None:
        walk = model.rollout(state, me)
        path: list[tuple[_Node, int]] = []
        node: _Node | None = root
        pending = -1  # the index of the bot's last action in the tree
        expanded = False
        while not walk.done(state):
            if game.awaits_dealer(state):
                state = game.apply(state, walk.deal(state, sim))
                continue
            seat = walk.next_seat(state)
            in_tree = False
            if seat != me or node is None:
                action = walk.policy(state, seat, sim)
            else:
                if path:
                    key = (pending, walk.key(state, me))
                    child = node.children.get(key)
                    if child is None and not expanded:
                        child = node.children[key] = _Node()
                        expanded = True
                    node = child
                if node is None:
                    action = walk.policy(state, seat, sim)
                else:
                    if not node.actions:
                        node.actions = candidates if not path else walk.choices(state, me)
                        node.visits = [0] * len(node.actions)
                        node.total = [0.0] * len(node.actions)
                    pending = self._select(node, sim)
                    action = node.actions[pending]
                    path.append((node, pending))
                    in_tree = True
            after = game.apply(state, action)
            walk.played(state, after, seat, action, in_tree)
            state = after
        reward = _reward(game, state, me, model.scale)
        for visited, index in path:
            visited.visits[index] += 1
            visited.total[index] += reward

    def _select(self, node: _Node, sim: random.Random) -> int:
        """The index of the action to try: an untried one at random, else UCB1's best."""
        visits, total = node.visits, node.total
        untried = [i for i, n in enumerate(visits) if n == 0]
        if untried:
            return untried[sim.randrange(len(untried))]
        log_n = math.log(sum(visits))
        c = self.exploration
        return max(
            range(len(visits)),
            key=lambda i: total[i] / visits[i] + c * math.sqrt(log_n / visits[i]),
        )


def _is_number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


def _reward(game: AnyGame, state: Any, me: int, scale: float) -> float:
    """The bot's share of the win at the end, else a sigmoid of its score lead."""
    if game.is_over(state):
        winners = game.winners(state)
        return 1 / len(winners) if me in winners else 0.0
    scores = game.scores(state)
    rivals = [score for seat, score in enumerate(scores) if seat != me]
    best = max(rivals) if rivals else 0
    return 1 / (1 + math.exp(-(scores[me] - best) / scale))
