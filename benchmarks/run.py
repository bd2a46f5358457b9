"""Benchmarks: the engine by player count, single calls, JSON, memory and loading.

Run with ``nox -s bench`` or ``python benchmarks/run.py [--seconds S] [--repeats R]``.
Each figure is the best of several timed repeats on one core (the process is
single-threaded), timed in CPU time of the process (``time.process_time``) so that
other load on the machine matters less; the table is printed as Markdown.

* Random playouts, 3 to 8 players (engine dealer): each action is chosen uniformly
  from ``legal_actions(state, payments=False)`` and applied with ``apply``, which
  validates it. Games per second and actions per second; the player counts run in
  alternating slices, so that the ratios between them hold on a busy machine.
* Microseconds per ``apply`` and per ``legal_actions(state, payments=False)``, over
  the states and actions of recorded 5-player games; ``--only apply`` splits ``apply``
  by the part of the round the action plays (the last decision plays the heist, the
  loot and the round end), for 3 and 5 players.
* ``to_json``/``from_json`` of a mid-game 5-player ``GameState`` and ``PlayerView``,
  on the standard-library path and (when orjson is installed) the ``[fast]`` path,
  next to ``json.dumps``/``json.loads`` (and ``orjson``) of the same document.
* Memory (tracemalloc) of every state of a seeded 5-player game kept in a list, and of
  every state of a game of back-and-forth payments at two lengths (the ratio shows it
  grows linearly).
* ``load_game`` of a maximum-size record: back-and-forth payments filling
  :data:`~millions_rules.MAX_DOCUMENT_SIZE`.

``benchmarks/anchors.py`` (``nox -s bench_anchors``) compares the 5-player playout
with OpenSpiel's Python games in the same process.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable

import attrs

from millions_rules import (
    MAX_DOCUMENT_SIZE,
    Action,
    Denounce,
    GameConfig,
    GameRecord,
    GameState,
    Pay,
    Phase,
    __version__,
    apply,
    from_json,
    legal_actions,
    load_game,
    new_game,
    to_json,
    view,
)
from millions_rules.millions import _serialization as serialization


def playout(players: int, seed: int) -> int:
    """Play one random game; return the number of actions applied."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players, seed=seed))
    actions = 0
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state, payments=False)))
        actions += 1
    return actions


def playout_rates(counts: range, seconds: float, repeats: int) -> dict[int, tuple[float, float]]:
    """Best (games per second, actions per second) of each player count.

    The counts run in alternating slices of ``seconds``, ``repeats`` times, so that
    drift of the machine hits all of them and the ratios between them hold.
    """
    best = dict.fromkeys(counts, (0.0, 0.0))
    seeds = dict.fromkeys(counts, 0)
    for _ in range(repeats):
        for players in counts:
            games = actions = 0
            seed = seeds[players]
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds:
                actions += playout(players, seed)
                seed += 1
                games += 1
            seeds[players] = seed
            if actions / elapsed > best[players][1]:
                best[players] = (games / elapsed, actions / elapsed)
    return best


def recorded(players: int, games: int) -> list[tuple[GameState, Action]]:
    """Every (state, action) pair of a few random games."""
    pairs = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(GameConfig(players, seed=seed))
        while not state.is_over:
            action = rng.choice(legal_actions(state, payments=False))
            pairs.append((state, action))
            state = apply(state, action)
    return pairs


#: The parts of a round an action can play, from the cheapest; the round end costs most.
APPLY_KINDS = (
    "any other action",
    "last `Stay`/`Leave`: the Snitch revealed, the heist waits",
    "`Denounce`: the rest of the heist, the loot, the round end",
    "last `Stay`/`Leave`: the heist, the loot, the round end",
)


def apply_kind(state: GameState, action: Action, after: GameState) -> str:
    """Which of :data:`APPLY_KINDS` ``action`` plays, ``after`` being the state it leads to."""
    if action.__class__ is Denounce:
        return APPLY_KINDS[2]
    if after.round != state.round or after.is_over:
        return APPLY_KINDS[3]
    if after.phase is Phase.HEIST:
        return APPLY_KINDS[1]
    return APPLY_KINDS[0]


def applying(pairs: list[tuple[GameState, Action]]) -> Callable[[], object]:
    """A function that applies every recorded action to its state."""
    return lambda: [apply(state, action) for state, action in pairs]


def print_apply_table(repeats: int) -> None:
    """Microseconds per validated ``apply`` by the part of the round it plays, 3 and 5 players."""
    by_kind: dict[str, dict[int, float]] = {}
    for players in (3, 5):
        groups: dict[str, list[tuple[GameState, Action]]] = {}
        for state, action in recorded(players, 100):
            after = apply(state, action)
            groups.setdefault(apply_kind(state, action, after), []).append((state, action))
        for kind, pairs in groups.items():
            by_kind.setdefault(kind, {})[players] = per_item(applying(pairs), len(pairs), repeats)
    print("\n| `apply` (validated), µs | 3 players | 5 players |\n| --- | --- | --- |")
    for kind in APPLY_KINDS:
        figures = by_kind[kind]
        print(f"| {kind} | {figures[3]:.2f} | {figures[5]:.2f} |")


def per_item(function: Callable[[], object], count: int, repeats: int) -> float:
    """Best microseconds per item of ``function``, which handles ``count`` items per call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        function()
        best = min(best, (time.process_time() - start) / count)
    return best * 1e6


def per_call(function: Callable[[], object], repeats: int, number: int = 200) -> float:
    def many() -> None:
        for _ in range(number):
            function()

    return per_item(many, number, repeats)


def mid_game() -> GameState:
    rng = random.Random(3)
    state = new_game(GameConfig(5, seed=3))
    while state.round < 4 or state.phase.value != "negotiation":
        state = apply(state, rng.choice(legal_actions(state, payments=rng.random() < 0.1)))
    return state


def all_states(players: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    states = [new_game(GameConfig(players, seed=seed))]
    while not states[-1].is_over:
        states.append(apply(states[-1], rng.choice(legal_actions(states[-1], payments=False))))
    return states


def negotiation() -> GameState:
    """The first negotiation of a seeded 3-player game (everyone chose the first legal choice)."""
    state = new_game(GameConfig(3, seed=1))
    while state.phase.value != "negotiation":
        state = apply(state, legal_actions(state, payments=False)[0])
    return state


def payment_states(count: int) -> list[GameState]:
    """``count`` back-and-forth payments in negotiation, every state kept."""
    states = [negotiation()]
    for index in range(count):
        states.append(apply(states[-1], Pay(index % 2, 1 - index % 2, 1)))
    return states


def traced_kib(build: Callable[[], object]) -> float:
    """KiB still allocated by what ``build`` returns (tracemalloc)."""
    build()  # warm the caches of shared, immutable actions
    gc.collect()  # no garbage of earlier benchmarks freed while measuring
    gc.disable()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = build()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.enable()
    del kept
    return (after - before) / 1024


def max_size_record() -> str:
    """The largest saved game of back-and-forth payments below the document size limit."""
    start = GameRecord.of(negotiation())
    pay = len(to_json(Pay(0, 1, 1))) + 1
    count = (MAX_DOCUMENT_SIZE - len(to_json(start).encode())) // pay
    payments = tuple(Pay(index % 2, 1 - index % 2, 1) for index in range(count))
    text = to_json(attrs.evolve(start, actions=start.actions + payments))
    assert len(text.encode()) <= MAX_DOCUMENT_SIZE
    return text


def json_rows(repeats: int) -> list[tuple[str, float | None, float]]:
    """(what, to_json µs, from_json µs) rows, with the parser's own figures as floors."""
    state = mid_game()
    rows: list[tuple[str, float | None, float]] = []
    for name, obj in (("GameState", state), ("PlayerView", view(state, 1))):
        rows.extend(json_rows_of(name, obj, repeats))
    return rows


def json_rows_of(name: str, obj: object, repeats: int) -> list[tuple[str, float | None, float]]:
    cls = type(obj)
    text = to_json(obj)
    document = json.loads(text)
    rows: list[tuple[str, float | None, float]] = [
        (
            f"`json.dumps` / `json.loads`, same {name} document ({len(text):,} bytes)",
            per_call(
                lambda: json.dumps(document, ensure_ascii=False, separators=(",", ":")), repeats
            ),
            per_call(lambda: json.loads(text), repeats),
        )
    ]
    backends = ["json"]
    if serialization.orjson is not None:  # the [fast] extra is installed
        dumps, loads = serialization.orjson.dumps, serialization.orjson.loads
        rows.append(
            (
                f"`orjson.dumps` / `orjson.loads`, same {name} document",
                per_call(lambda: dumps(document), repeats),
                per_call(lambda: loads(text), repeats),
            )
        )
        backends.append("orjson")
    for backend in backends:
        with serialization.backend(backend):
            rows.append(
                (
                    f"`to_json` / `from_json` of a {name} ({backend})",
                    per_call(lambda: to_json(obj), repeats),
                    per_call(lambda: from_json(text, cls), repeats),
                )
            )
    return rows


def first_read_texts(first_seed: int, games: int = 200, step: int = 5) -> list[str]:
    """The text of every ``step``-th state of ``games`` seeded 5-player games."""
    return [
        to_json(state)
        for seed in range(first_seed, first_seed + games)
        for state in all_states(5, seed)[::step]
    ]


def first_reads(warm: bool) -> dict[str, float]:
    """µs per document of ``json.loads`` and of ``from_json`` (standard library), each
    state read once: after reading other games (``warm``), or with the fast path's
    tables empty. Run in a fresh process (``--first-reads``), so nothing read before counts.
    """
    measured = first_read_texts(1000)
    with serialization.backend("json"):
        if warm:
            for text in first_read_texts(5000):
                from_json(text, GameState)
        gc.collect()
        start = time.process_time()
        for text in measured:
            from_json(text, GameState)
        read = (time.process_time() - start) / len(measured) * 1e6

    def parse_all() -> None:  # keeping the documents would time the garbage collector
        for text in measured:
            json.loads(text)

    loads = per_item(parse_all, len(measured), 3)
    return {"documents": len(measured), "loads": loads, "read": read}


def first_read_rows() -> list[tuple[str, float | None, float]]:
    """Rows of first reads of many different states, each measured in a fresh process."""
    rows: list[tuple[str, float | None, float]] = []
    for warm in (True, False):
        output = subprocess.run(
            [sys.executable, __file__, "--first-reads", "warm" if warm else "cold"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        figures = json.loads(output.splitlines()[-1])
        if warm:
            rows.append(
                (
                    f"`json.loads`, first reads: every 5th state of 200 seeded 5-player games "
                    f"({figures['documents']:,.0f} documents, each once)",
                    None,
                    figures["loads"],
                )
            )
        when = "after reading 200 other games" if warm else "fresh process, empty tables"
        rows.append(
            (
                f"`from_json`, the same first reads (json), {when} "
                f"({figures['read'] / figures['loads']:.2f}x `json.loads`)",
                None,
                figures["read"],
            )
        )
    return rows


def print_json_table(repeats: int) -> None:
    print("\n| JSON | write µs | read µs |\n| --- | --- | --- |")
    for what, write, read in [*json_rows(repeats), *first_read_rows()]:
        written = "-" if write is None else f"{write:.1f}"
        print(f"| {what} | {written} | {read:.1f} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="per timed slice of playouts")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--only",
        choices=("json", "apply"),
        help="print only this table (e.g. while tuning JSON, or apply by the part of the round)",
    )
    parser.add_argument("--first-reads", choices=("warm", "cold"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.first_reads:  # one measurement, in this fresh process (see first_reads)
        print(json.dumps(first_reads(args.first_reads == "warm")))
        return 0
    print(
        f"millions-rules {__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}\n"
    )
    if args.only == "json":
        print_json_table(args.repeats)
        return 0
    if args.only == "apply":
        print_apply_table(args.repeats)
        return 0
    print("| players | games/s | actions/s | µs per action | vs 5 players |")
    print("| --- | --- | --- | --- | --- |")
    rates = playout_rates(range(3, 9), args.seconds, args.repeats)
    five = rates[5][1]
    for players, (games, actions) in rates.items():
        print(
            f"| {players} | {games:,.0f} | {actions:,.0f} | {1e6 / actions:.1f} "
            f"| {five / actions:.2f}x time per action |"
        )

    pairs = recorded(5, 20)
    states = [state for state, _ in pairs]
    print("\n| single calls, 5 players | µs |\n| --- | --- |")
    apply_us = per_item(lambda: [apply(s, a) for s, a in pairs], len(pairs), args.repeats)
    legal_us = per_item(
        lambda: [legal_actions(s, payments=False) for s in states], len(states), args.repeats
    )
    print(f"| `apply` (validated) | {apply_us:.2f} |")
    print(f"| `legal_actions(state, payments=False)` | {legal_us:.2f} |")

    print_json_table(args.repeats)

    print("\n| memory (tracemalloc) | KiB |\n| --- | --- |")
    game = all_states(5, 65)  # one of the longest games of the first hundred seeds
    kib = traced_kib(lambda: all_states(5, 65))
    print(f"| every state of a seeded 5-player game ({len(game)} states) | {kib:.1f} |")
    short, long = traced_kib(lambda: payment_states(1000)), traced_kib(lambda: payment_states(2000))
    print(f"| every state of 1,000 back-and-forth payments | {short:.1f} |")
    print(
        f"| every state of 2,000 back-and-forth payments | {long:.1f} ({long / short:.2f}x for 2x the length) |"
    )

    text = max_size_record()
    actions = text.count('"pay"')
    start = time.process_time()
    load_game(text)
    seconds = time.process_time() - start  # once: a single load is the figure that matters
    print(
        f"\n`load_game` of a maximum-size record ({len(text.encode()):,} bytes, "
        f"{actions:,} payments): {seconds:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
