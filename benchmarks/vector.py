"""The Gymnasium environment alone, batched in one process, and over worker processes.

Run with ``nox -s bench_vector`` or ``python benchmarks/vector.py [--seconds S]
[--rounds R] [--envs N] [--game G --players P --opponents O]``. It prints a Markdown
report (``benchmarks/results/vector.md`` holds one run).

Every contender plays the same games: the learner in seat 0 of
:class:`~millions_rules.adapters.gymnasium.SeatEnv` (by default Millions with 5 players,
the other seats :class:`~millions_rules.bots.RandomBot`), each action a uniformly random
legal entry of the mask; a step is one learner action (the bots' turns up to the next
included). The contenders:

* one plain ``SeatEnv``, the agent drawing its action from ``action_masks()`` with NumPy
  and resetting at the end of each game;
* :class:`~millions_rules.adapters.gymnasium.SeatVectorEnv` of ``--envs`` games in this
  process, one :class:`~millions_rules.bots.Match` per game (``batch=False``), and
  batched (the games stepped together in NumPy arrays, the default for Millions against
  RandomBots), with ``--envs`` and with ``--many`` games; the agent draws all actions at
  once from the masks;
* :class:`~millions_rules.adapters.gymnasium.ProcessVectorEnv` of ``--envs`` games on 2
  workers, and of ``--spread`` games on 1 and on 2 worker processes (batched: a worker
  needs enough games for the batch's work per game to outweigh its work per step);
* Gymnasium's own ``SyncVectorEnv`` and ``AsyncVectorEnv`` (2 workers, shared memory) of
  ``--envs`` ``SeatEnv`` s, masks from ``info["action_mask"]``.

The contenders run in alternating slices of ``--seconds`` of wall-clock time, ``--rounds``
times, and each keeps its best slice, so that drift of the machine hits all of them. Each
slice is timed twice: in wall-clock time, which the multi-process contenders need (their
work is done beside this process), and in CPU time of this process
(``time.process_time``), which the contenders that run in this process are compared by,
so that other load on the machine matters less to them. The report gives the machine's
load average before and after: other work on the machine takes cores from the
multi-process contenders first.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from millions_rules import __version__

Slice = Callable[[float], int]


def masked_choice(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """One uniformly random legal entry per row of ``masks``."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)  # type: ignore[no-any-return]


def plain(kwargs: dict[str, Any]) -> Slice:
    """One SeatEnv stepped by an agent loop."""
    from millions_rules.adapters.gymnasium import SeatEnv

    env = SeatEnv(**kwargs)
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def run(seconds: float) -> int:
        steps = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(50):
                legal = np.flatnonzero(env.action_masks())
                _, _, terminated, _, _ = env.step(int(rng.choice(legal)))
                steps += 1
                if terminated:
                    env.reset()
        return steps

    return run


def batched(envs: Any) -> Slice:
    """A vector env stepped with actions drawn from its masks at once."""
    _, info = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    state = {"info": info}

    def run(seconds: float) -> int:
        steps = 0
        end = time.perf_counter() + seconds
        info = state["info"]
        while time.perf_counter() < end:
            for _ in range(5):
                actions = masked_choice(info["action_mask"], rng)
                _, _, _, _, info = envs.step(actions)
                steps += envs.num_envs
        state["info"] = info
        return steps

    return run


def gymnasium_vector(kind: str, count: int, kwargs: dict[str, Any]) -> Any:
    """Gymnasium's SyncVectorEnv or AsyncVectorEnv of ``count`` SeatEnvs."""
    from functools import partial

    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    from millions_rules.adapters.gymnasium import SeatEnv

    makers = [partial(SeatEnv, **kwargs) for _ in range(count)]
    if kind == "sync":
        return SyncVectorEnv(makers)
    return AsyncVectorEnv(makers, shared_memory=True, context="forkserver")


def main(argv: list[str] | None = None) -> int:
    """Run the contenders and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="one slice (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="slices per contender (default 3)")
    parser.add_argument("--envs", type=int, default=32, help="games per vector env (default 32)")
    parser.add_argument("--many", type=int, default=256, help="games of the larger batch (256)")
    parser.add_argument(
        "--spread", type=int, default=8192, help="games of the 1- and 2-worker envs (8192)"
    )
    parser.add_argument("--game", default="millions")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--opponents", default="random")
    args = parser.parse_args(argv)
    from millions_rules.adapters.gymnasium import ProcessVectorEnv, SeatVectorEnv

    kwargs: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "opponents": args.opponents,
    }
    n, many, spread = args.envs, args.many, args.spread
    load_before = os.getloadavg()
    closers: list[Any] = []
    small = ProcessVectorEnv(n, workers=2, copy=False, **kwargs)
    one = ProcessVectorEnv(spread, workers=1, copy=False, **kwargs)
    two = ProcessVectorEnv(spread, workers=2, copy=False, **kwargs)
    async_env = gymnasium_vector("async", n, kwargs)
    closers += [small, one, two, async_env]
    names = {
        "plain": "plain SeatEnv",
        "matches": f"SeatVectorEnv, {n} games, one Match each, this process",
        "batch": f"SeatVectorEnv, {n} games, batched, this process",
        "many": f"SeatVectorEnv, {many} games, batched, this process",
        "small": f"ProcessVectorEnv, {n} games, 2 workers",
        "one": f"ProcessVectorEnv, {spread} games, 1 worker",
        "two": f"ProcessVectorEnv, {spread} games, 2 workers",
        "sync": f"Gymnasium SyncVectorEnv, {n} SeatEnvs",
        "async": f"Gymnasium AsyncVectorEnv, {n} SeatEnvs, 2 workers",
    }
    contenders: dict[str, Slice] = {
        names["plain"]: plain(kwargs),
        names["matches"]: batched(SeatVectorEnv(n, copy=False, batch=False, **kwargs)),
        names["batch"]: batched(SeatVectorEnv(n, copy=False, **kwargs)),
        names["many"]: batched(SeatVectorEnv(many, copy=False, **kwargs)),
        names["small"]: batched(small),
        names["one"]: batched(one),
        names["two"]: batched(two),
        names["sync"]: batched(gymnasium_vector("sync", n, kwargs)),
        names["async"]: batched(async_env),
    }
    best = dict.fromkeys(contenders, 0.0)
    cpu = dict.fromkeys(contenders, 0.0)
    for _ in range(args.rounds):
        for name, run in contenders.items():
            started, used = time.perf_counter(), time.process_time()
            steps = run(args.seconds)
            best[name] = max(best[name], steps / (time.perf_counter() - started))
            cpu[name] = max(cpu[name], steps / max(time.process_time() - used, 1e-9))
    for env in closers:
        env.close()
    load_after = os.getloadavg()
    base = best[names["plain"]]
    lines = [
        f"# Vector environments: {args.game}, {args.players} players, learner in seat 0 "
        f"against {args.opponents}",
        "",
        f"millions-rules {__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} "
        f"CPUs; best of {args.rounds} alternating slices of {args.seconds:g} s (wall clock); "
        f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after.",
        "",
        "| contender | steps/s (wall) | vs plain env | steps per CPU-second of this process |",
        "| --- | ---: | ---: | ---: |",
    ]
    in_process = {names[key] for key in ("plain", "matches", "batch", "many", "sync")}
    for name in contenders:
        own = f"{cpu[name]:,.0f}" if name in in_process else "(work in workers)"
        lines.append(f"| {name} | {best[name]:,.0f} | {best[name] / base:.2f}x | {own} |")

    def against_plain(key: str) -> str:
        return (
            f"{cpu[names[key]] / cpu[names['plain']]:.2f}x in CPU time "
            f"({best[names[key]] / base:.2f}x wall clock)"
        )

    lines += [
        "",
        f"- one process, {n} games batched against the plain env: {against_plain('batch')}; "
        f"{many} games: {against_plain('many')} (target 3x); one Match per game: "
        f"{against_plain('matches')}",
        f"- 1 to 2 worker processes, {spread} games: "
        f"{best[names['two']] / best[names['one']]:.2f}x (target 1.8x)",
        f"- ProcessVectorEnv against Gymnasium's AsyncVectorEnv, {n} games on 2 workers each: "
        f"{best[names['small']] / best[names['async']]:.2f}x",
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
