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
  process, the agent drawing all actions at once from the masks;
* :class:`~millions_rules.adapters.gymnasium.ProcessVectorEnv` of ``--envs`` games on 1
  and on 2 worker processes;
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
    n = args.envs
    load_before = os.getloadavg()
    closers: list[Any] = []
    one = ProcessVectorEnv(n, workers=1, **kwargs)
    two = ProcessVectorEnv(n, workers=2, **kwargs)
    async_env = gymnasium_vector("async", n, kwargs)
    closers += [one, two, async_env]
    contenders: dict[str, Slice] = {
        "plain SeatEnv": plain(kwargs),
        f"SeatVectorEnv, {n} games, this process": batched(SeatVectorEnv(n, copy=False, **kwargs)),
        f"ProcessVectorEnv, {n} games, 1 worker": batched(one),
        f"ProcessVectorEnv, {n} games, 2 workers": batched(two),
        f"Gymnasium SyncVectorEnv, {n} SeatEnvs": batched(gymnasium_vector("sync", n, kwargs)),
        f"Gymnasium AsyncVectorEnv, {n} SeatEnvs, 2 workers": batched(async_env),
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
    names = list(contenders)
    base = best[names[0]]
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
    in_process = {names[0], names[1], names[4]}
    for name in names:
        own = f"{cpu[name]:,.0f}" if name in in_process else "(work in workers)"
        lines.append(f"| {name} | {best[name]:,.0f} | {best[name] / base:.2f}x | {own} |")
    lines += [
        "",
        f"- one process, batched against plain, in CPU time: {cpu[names[1]] / cpu[names[0]]:.2f}x "
        f"(wall clock {best[names[1]] / base:.2f}x; target 3x)",
        f"- 1 to 2 worker processes: {best[names[3]] / best[names[2]]:.2f}x (target 1.8x)",
        f"- ProcessVectorEnv (2 workers) against Gymnasium's AsyncVectorEnv (2 workers): "
        f"{best[names[3]] / best[names[5]]:.2f}x",
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
