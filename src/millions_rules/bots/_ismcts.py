""":class:`ISMCTSBot`: information-set Monte Carlo tree search over sampled worlds."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence

from ..millions._actions import Action, Denounce, Leave, Pay, Stay, UseThreat
from ..millions._engine import apply, legal_actions
from ..millions._errors import ConfigError
from ..millions._planning import choices
from ..millions._roles import Role
from ..millions._sampling import sample_state
from ..millions._state import CharacterStatus, GameState, Phase
from ..millions._views import PlayerView

__all__ = ["ISMCTSBot"]

_HIDDEN = CharacterStatus.HIDDEN
_REVEALED = (CharacterStatus.SURVIVING, CharacterStatus.ELIMINATED)


class _Node:
    """One information set of the searching seat: its actions and their statistics.

    The actions are listed on the first visit (they are the same on every visit: they depend
    only on what the seat knows); statistics are indexed like them.
    """

    __slots__ = ("actions", "children", "total", "visits")

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] = ()
        self.visits: list[int] = []
        self.total: list[float] = []
        self.children: dict[tuple[int, Hashable], _Node] = {}


class ISMCTSBot:
    """Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

    Each iteration draws a world consistent with the bot's view with
    :func:`~millions_rules.sample_state` (uniform over the worlds the rules allow) and plays it
    to the end of the current round:

    * the bot's own decisions walk a tree of its information sets. A node is what the bot knows
      at a decision: its earlier actions and what it saw since (face-up role cards, who stayed
      or left, the role a threat card showed, the characters revealed). Actions are picked by
      UCB1 with exploration constant ``exploration``; an action never tried is tried first;
    * the other seats, and the bot once it leaves the tree, follow a fast model of a sensible
      player: a uniformly random choice in planning; in negotiation a character whose role
      shows at most once face up stays with probability 0.8, else 0.2 (a Brute always
      stays); a lone Snitch names a random face-up role. The external dealer deals at random.

    At the end of the round the world is scored for the bot: its share of the win (1, or
    1/k for a k-way tie, else 0) if the game ended, otherwise
    ``1 / (1 + exp(-(own cash - best rival's cash) / 3))``, a smooth stand-in for the chance of
    winning. After the budget the most visited action is played.

    **Payments** are in the action space, but the model of the other players does not
    respond to money, so a payment can only lower the bot's value: the search leaves them
    out (it never pays). It uses threat cards when the search finds the information worth it.

    Args:
        iterations: Worlds played per decision (``None``: as many as ``seconds`` allows).
        seconds: A time budget per decision (``None``: no time limit). With both, whichever
            ends first; a time budget makes play depend on the machine's speed.
        seed: Mixed into the generator the runner gives, to vary play between bots that share
            a seat's generator; ``None`` uses that generator alone.
        exploration: The UCB1 constant.

    Raises:
        ConfigError: If neither budget is set, or a parameter is of the wrong type or range.

    >>> import random
    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.bots import ISMCTSBot
    >>> v = view(new_game(GameConfig(5, seed=1)), 0)
    >>> type(ISMCTSBot(iterations=20).choose(v, v.legal_actions, random.Random(0))).__name__
    'Choose'
    """

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
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
        self.iterations = iterations
        """Worlds played per decision, or ``None``."""
        self.seconds = seconds
        """Seconds per decision, or ``None``."""
        self.seed = seed
        """Mixed into the runner's generator, or ``None``."""
        self.exploration = exploration
        """The UCB1 constant."""

    def __repr__(self) -> str:
        return f"ISMCTSBot(iterations={self.iterations!r}, seconds={self.seconds!r}, seed={self.seed!r})"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The most visited root action after the search (see the class text)."""
        candidates: list[Action] = [a for a in legal if not isinstance(a, Pay)] or list(legal)
        if len(candidates) == 1 or view.seat is None:
            return candidates[0]
        seed = rng.getrandbits(64) ^ ((self.seed or 0) & ((1 << 64) - 1))
        sim = random.Random(seed)
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            world = sample_state(view, sim.getrandbits(64))
            self._iterate(root, world, view.seat, candidates, sim)
            done += 1
        if not root.visits:  # pragma: no cover - the root is the bot's own decision
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (root.visits[i], root.total[i]))
        return candidates[best]

    def _iterate(
        self,
        root: _Node,
        state: GameState,
        me: int,
        candidates: list[Action],
        sim: random.Random,
    ) -> None:
        path: list[tuple[_Node, int]] = []
        node: _Node | None = root
        pending = -1  # the index of the bot's last action in the tree
        expanded = False
        peeked: dict[tuple[int, int], Role] = {}
        start = state.round
        turn = me
        players = state.config.players
        while not state.is_over and state.round == start:
            if state.awaiting_dealer:
                dealt = legal_actions(state)
                state = apply(state, dealt[sim.randrange(len(dealt))])
                continue
            seat = min(state.awaiting, key=lambda s: (s - turn) % players)
            if seat != me or node is None:
                action = _model(state, seat, sim)
            else:
                if path:
                    key = (pending, _signature(state, me, peeked))
                    child = node.children.get(key)
                    if child is None and not expanded:
                        child = node.children[key] = _Node()
                        expanded = True
                    node = child
                if node is None:
                    action = _model(state, seat, sim)
                else:
                    if not node.actions:
                        node.actions = tuple(
                            candidates if not path else legal_actions(state, me, payments=False)
                        )
                        node.visits = [0] * len(node.actions)
                        node.total = [0.0] * len(node.actions)
                    pending = self._select(node, sim)
                    action = node.actions[pending]
                    path.append((node, pending))
                    if isinstance(action, UseThreat):
                        target = _character_role(state, action.target, action.slot)
                        if target is not None:
                            peeked[(action.target, action.slot)] = target
            state = apply(state, action)
            if not isinstance(action, UseThreat):
                turn = (seat + 1) % players
        reward = _score(state, me)
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


def _character_role(state: GameState, player: int, position: int) -> Role | None:
    for c in state.characters:
        if c.player == player and c.position == position:
            return c.role
    return None


def _signature(state: GameState, me: int, peeked: dict[tuple[int, int], Role]) -> Hashable:
    """What the searching seat knows at a decision, beyond its own earlier actions."""
    return (
        state.phase,
        state.face_up,
        state.decided,
        tuple(
            (
                c.player,
                c.position,
                c.status,
                c.role if c.status in _REVEALED or (c.player, c.position) in peeked else None,
            )
            for c in state.characters
        ),
    )


def _model(state: GameState, seat: int, sim: random.Random) -> Action:
    """The fast model of a sensible player (see :class:`ISMCTSBot`)."""
    phase = state.phase
    if phase is Phase.PLANNING:
        options = choices(state, seat)
        return options[sim.randrange(len(options))]
    if phase is Phase.NEGOTIATION:
        hidden = state.hidden_characters(seat)
        leaving = [c for c in hidden if not _keeps(state, c.role, sim)]
        if not leaving:
            return Stay(seat)
        if len(leaving) == len(hidden):
            return Leave(seat)
        return Leave(seat, leaving[0].role)
    names = [a for a in legal_actions(state, seat, payments=False) if isinstance(a, Denounce)]
    return names[sim.randrange(len(names))]


def _keeps(state: GameState, role: Role, sim: random.Random) -> bool:
    if role is Role.BRUTE:
        return True
    odds = 0.8 if state.face_up.count(role) <= 1 else 0.2
    return sim.random() < odds


def _score(state: GameState, me: int) -> float:
    if state.is_over:
        return 1 / len(state.winners) if me in state.winners else 0.0
    best = max(cash for seat, cash in enumerate(state.cash) if seat != me)
    return 1 / (1 + math.exp(-(state.cash[me] - best) / 3))
