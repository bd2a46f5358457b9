"""Anchors: random playouts of this library and of OpenSpiel's Python games, side by side.

Run with ``nox -s bench_anchors`` (it installs ``open_spiel==2.0.2``) or
``python benchmarks/anchors.py [--seconds S] [--rounds R] [--pure-source DIR]`` where
OpenSpiel is installed. ``nox -s compiled`` runs it on the compiled build (see
``hatch_build.py``) with ``--pure-source src``: the installed compiled engine and the pure
Python one from the source tree then run side by side with the anchors, in one process.

Absolute speeds vary from machine to machine and minute to minute, so the figures
that count are ratios measured in one process: the contenders run in alternating
slices of ``--seconds`` each, ``--rounds`` times, so that drift of the machine hits
all of them, and each keeps its best slice. Slices are timed in CPU time of the
process (``time.process_time``), so that other load on the machine matters less.

* millions-rules: random 5-player games (engine dealer), each action chosen uniformly
  from ``legal_actions(state, payments=False)`` and applied with the validating ``apply``.
  The installed package is marked "compiled" when its engine is an extension module.
  With ``--pure-source DIR`` the pure Python package in ``DIR/millions_rules`` runs too,
  imported under another name (``millions_rules_pure``) so that both live in one process.
* OpenSpiel's ``python_iterated_prisoners_dilemma`` and ``python_kuhn_poker``: each
  step chosen uniformly from ``legal_actions`` and applied with ``apply_action``
  (``apply_actions`` with one action per player at a simultaneous node, and chance
  outcomes drawn by their probabilities); every call that advances the state counts
  as one action.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import random
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import millions_rules
import millions_rules._engine

Playout = Callable[[int], int]

#: The name the pure Python package of ``--pure-source`` is imported under.
PURE_NAME = "millions_rules_pure"


def millions_playout(package: Any) -> Playout:
    """Random 5-player playouts with the ``millions_rules`` package (or a copy) ``package``."""
    config, new_game = package.GameConfig, package.new_game
    apply, legal_actions = package.apply, package.legal_actions

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = new_game(config(5, seed=seed))
        actions = 0
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state, payments=False)))
            actions += 1
        return actions

    return playout


def is_compiled(engine: ModuleType) -> bool:
    """Whether the engine module was imported from an extension module (the mypyc build)."""
    return not str(engine.__file__).endswith(".py")


def load_pure(source: str) -> ModuleType:
    """The package ``source/millions_rules`` imported as :data:`PURE_NAME`, from its sources."""
    directory = pathlib.Path(source, "millions_rules").resolve()
    spec = importlib.util.spec_from_file_location(
        PURE_NAME, directory / "__init__.py", submodule_search_locations=[str(directory)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[PURE_NAME] = package
    spec.loader.exec_module(package)
    engine = sys.modules[f"{PURE_NAME}._engine"]
    if is_compiled(engine):
        raise SystemExit(f"--pure-source {source}: its engine is compiled ({engine.__file__})")
    return package


def openspiel_playout(game: Any) -> Playout:
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
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return playout


def run_slice(playout: Playout, seconds: float, seed: int) -> tuple[float, float, int]:
    """(games/s, actions/s, next seed) over one slice."""
    games = actions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        actions += playout(seed)
        seed += 1
        games += 1
    return games / elapsed, actions / elapsed, seed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=7, help="slices per contender")
    parser.add_argument(
        "--pure-source",
        metavar="DIR",
        help="also run the pure Python package in DIR/millions_rules (e.g. src)",
    )
    args = parser.parse_args(argv)
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401

    installed = "compiled" if is_compiled(millions_rules._engine) else "pure Python"
    ours = {f"millions-rules ({installed}), 5 players": millions_playout(millions_rules)}
    if args.pure_source is not None:
        ours["millions-rules (pure Python), 5 players"] = millions_playout(
            load_pure(args.pure_source)
        )
    contenders = dict(ours)
    for name in ("python_iterated_prisoners_dilemma", "python_kuhn_poker"):
        contenders[f"OpenSpiel {name}"] = openspiel_playout(pyspiel.load_game(name))
    best = dict.fromkeys(contenders, (0.0, 0.0))
    seeds = dict.fromkeys(contenders, 0)
    for _ in range(args.rounds):
        for name, playout in contenders.items():
            games, actions, seeds[name] = run_slice(playout, args.seconds, seeds[name])
            if actions > best[name][1]:
                best[name] = (games, actions)
    print(
        f"millions-rules {millions_rules.__version__}, "
        f"OpenSpiel {getattr(pyspiel, '__version__', '?')}: "
        f"best of {args.rounds} alternating slices of {args.seconds:g} s\n"
    )
    labels = [name.split(", ")[0].replace("millions-rules ", "") for name in ours]
    print("| playout | games/s | actions/s |", *(f"{label} ÷ this |" for label in labels))
    print("| --- | --- | --- |", *("--- |" for _ in labels))
    for name, (games, actions) in best.items():
        ratios = (f"{best[mine][1] / actions:.2f} |" for mine in ours)
        print(f"| {name} | {games:,.0f} | {actions:,.0f} |", *ratios)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
