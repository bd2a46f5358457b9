"""Anchors: random playouts of this library and of well-known Python games, side by side.

Run with ``nox -s bench_anchors`` (it installs ``open_spiel==2.0.2`` and
``pettingzoo[classic]``, and runs this script on the pure package, then on the compiled
build) or ``python benchmarks/anchors.py [--seconds S] [--rounds R]`` where they are
installed. The first line says which build of the library it timed.

Absolute speeds vary from machine to machine and minute to minute, so the figures
that count are ratios measured in one process: the contenders run in alternating
slices of ``--seconds`` each, ``--rounds`` times, so that drift of the machine hits
all of them, and each keeps its best slice. Slices are timed in CPU time of the
process (``time.process_time``), so that other load on the machine matters less.

* The engine: random 5-player Millions games (engine dealer), each action chosen
  uniformly from ``legal_actions(state, payments=False)`` and applied with the
  validating ``apply``.
* OpenSpiel: each step chosen uniformly from ``legal_actions`` and applied with
  ``apply_action`` (``apply_actions`` with one action per player at a simultaneous
  node, and chance outcomes drawn by their probabilities); every call that advances the
  state counts as one step. The library's games through its OpenSpiel adapter
  (``python_millions_of_dollars`` with 5 players, ``python_currency_torraku`` with 4)
  against OpenSpiel's own ``python_iterated_prisoners_dilemma`` and ``python_kuhn_poker``.
* PettingZoo: the usual agent loop (``agent_iter``, ``last``, a uniformly random action
  from the mask, ``step``; every ``step`` counts, a terminated agent's too). The
  library's games through its PettingZoo adapter (``env(game=..., players=...)``, 5
  players for Millions, 4 for Torraku) against PettingZoo's ``tictactoe_v3``,
  ``connect_four_v3`` and ``texas_holdem_v4``. The adapter computes an observation
  vector only when the agent reads it, which a random agent never does; the rows
  "reading the observation" make every agent read it, as a learning agent does.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from millions_rules import GameConfig, __version__, apply, legal_actions, new_game

Playout = Callable[[int], int]

ENGINE = "engine: Millions, 5 players"
TENSOR = ", information_state_tensor each step"
RL = ", rl_environment"
KUHN_TENSOR = f"OpenSpiel python_kuhn_poker{TENSOR}"
KUHN_RL = f"OpenSpiel python_kuhn_poker{RL}"

#: The targets of issue 33: (ours, anchor, the least ratio of steps/s).
TARGETS: tuple[tuple[str, str, float], ...] = (
    (
        "OpenSpiel adapter: python_millions_of_dollars, 5 players",
        "OpenSpiel python_kuhn_poker",
        0.5,
    ),
    (f"OpenSpiel adapter: python_millions_of_dollars, 5 players{TENSOR}", KUHN_TENSOR, 0.5),
    (f"OpenSpiel adapter: python_millions_of_dollars, 5 players{RL}", KUHN_RL, 0.5),
    (
        "PettingZoo adapter: millions, 5 players, reading the observation",
        "PettingZoo tictactoe_v3",
        1.0,
    ),
    (
        "PettingZoo adapter: torraku, 4 players, reading the observation",
        "PettingZoo tictactoe_v3",
        1.0,
    ),
    (ENGINE, "OpenSpiel python_iterated_prisoners_dilemma", 2.0),
)


def millions_playout(seed: int) -> int:
    rng = random.Random(seed)
    state = new_game(GameConfig(5, seed=seed))
    actions = 0
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=False)))
        actions += 1
    return actions


def openspiel_playout(game: Any, *, tensor: bool = False) -> Playout:
    players = game.num_players()

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            else:
                if tensor:
                    state.information_state_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return playout


def rl_environment_playout(game: Any) -> Playout:
    """OpenSpiel's ``rl_environment`` with a uniformly random agent: every ``step`` counts
    (the environment draws chance itself, and gives every player's information state
    tensor and legal actions at each step)."""
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(game)

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        environment.seed(seed)
        time_step = environment.reset()
        steps = 0
        while not time_step.last():
            seen = time_step.observations
            player = seen["current_player"]
            time_step = environment.step([rng.choice(seen["legal_actions"][player])])
            steps += 1
        return steps

    return playout


def pettingzoo_playout(environment: Any, *, read: bool = False) -> Playout:
    def playout(seed: int) -> int:
        rng = random.Random(seed)
        environment.reset(seed=seed)
        steps = 0
        for _ in environment.agent_iter():
            observation, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                action = None
            else:
                if read:
                    observation["observation"]
                action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            environment.step(action)
            steps += 1
        return steps

    return playout


def run_slice(playout: Playout, seconds: float, seed: int) -> tuple[float, float, int]:
    """(games/s, steps/s, next seed) over one slice."""
    games = actions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        actions += playout(seed)
        seed += 1
        games += 1
    return games / elapsed, actions / elapsed, seed


def contenders() -> tuple[dict[str, Playout], list[tuple[str, str]]]:
    """The playouts, and the (ours, anchor) pairs whose ratio is the result."""
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401
    from pettingzoo.classic import connect_four_v3, texas_holdem_v4, tictactoe_v3

    from millions_rules.adapters import openspiel as spiel_adapter
    from millions_rules.adapters import pettingzoo as zoo_adapter

    zoo = (tictactoe_v3, connect_four_v3, texas_holdem_v4)
    spiel_adapter.register()
    found: dict[str, Playout] = {ENGINE: millions_playout}
    for name in ("python_iterated_prisoners_dilemma", "python_kuhn_poker"):
        found[f"OpenSpiel {name}"] = openspiel_playout(pyspiel.load_game(name))
    kuhn = pyspiel.load_game("python_kuhn_poker")
    found[KUHN_TENSOR] = openspiel_playout(kuhn, tensor=True)
    found[KUHN_RL] = rl_environment_playout(kuhn)
    pairs = [(ENGINE, "OpenSpiel python_iterated_prisoners_dilemma")]
    for name, players in (("python_millions_of_dollars", 5), ("python_currency_torraku", 4)):
        row = f"OpenSpiel adapter: {name}, {players} players"
        game = pyspiel.load_game(name, {"players": players})
        found[row] = openspiel_playout(game)
        found[f"{row}{TENSOR}"] = openspiel_playout(game, tensor=True)
        found[f"{row}{RL}"] = rl_environment_playout(game)
        pairs.append((row, "OpenSpiel python_kuhn_poker"))
        pairs.append((f"{row}{TENSOR}", KUHN_TENSOR))
        pairs.append((f"{row}{RL}", KUHN_RL))
    anchors = [f"PettingZoo {module.env().metadata['name']}" for module in zoo]
    for module, anchor in zip(zoo, anchors, strict=True):
        found[anchor] = pettingzoo_playout(module.env())
    for game, players in (("millions", 5), ("torraku", 4)):
        environment = zoo_adapter.env(game=game, players=players)
        row = f"PettingZoo adapter: {game}, {players} players"
        found[row] = pettingzoo_playout(environment)
        found[f"{row}, reading the observation"] = pettingzoo_playout(environment, read=True)
        pairs += [(row, anchor) for anchor in anchors]
        pairs += [(f"{row}, reading the observation", anchor) for anchor in anchors]
    return found, pairs


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=7, help="slices per contender")
    parser.add_argument(
        "--only", default="", help="time only the rows whose name holds this text (and anchors)"
    )
    args = parser.parse_args(argv)
    import pettingzoo
    import pyspiel

    playouts, pairs = contenders()
    if args.only:
        pairs = [(ours, anchor) for ours, anchor in pairs if args.only in ours]
        wanted = {name for pair in pairs for name in pair}
        playouts = {name: playout for name, playout in playouts.items() if name in wanted}
    best = dict.fromkeys(playouts, (0.0, 0.0))
    seeds = dict.fromkeys(playouts, 0)
    for _ in range(args.rounds):
        for name, playout in playouts.items():
            games, actions, seeds[name] = run_slice(playout, args.seconds, seeds[name])
            if actions > best[name][1]:
                best[name] = (games, actions)
    from millions_rules.millions import _engine

    build = "pure Python" if _engine.__file__.endswith(".py") else "compiled with mypyc"
    print(
        f"millions-rules {__version__} ({build}), "
        f"OpenSpiel {getattr(pyspiel, '__version__', '?')}, "
        f"PettingZoo {pettingzoo.__version__}: best of {args.rounds} alternating slices "
        f"of {args.seconds:g} s\n"
    )
    print("| playout | games/s | steps/s |")
    print("| --- | --- | --- |")
    for name, (games, actions) in best.items():
        print(f"| {name} | {games:,.0f} | {actions:,.0f} |")
    print("\n| ours | anchor | ours ÷ anchor (steps/s) |")
    print("| --- | --- | --- |")
    for ours, anchor in pairs:
        print(f"| {ours} | {anchor} | {best[ours][1] / best[anchor][1]:.2f} |")
    print("\nThe targets of issue 33 (the compiled engine's is for the compiled build):\n")
    print("| ours | anchor | ratio | target | met |")
    print("| --- | --- | --- | --- | --- |")
    for ours, anchor, least in TARGETS:
        if ours in best and anchor in best:
            ratio = best[ours][1] / best[anchor][1]
            met = "yes" if ratio >= least else "no"
            if ours == ENGINE and build == "pure Python":
                met = "(the compiled build's target)"
            print(f"| {ours} | {anchor} | {ratio:.2f} | {least:g} | {met} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
