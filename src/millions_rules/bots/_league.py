"""``simulate --league``: a seeded, seat-rotating round robin of bots and their Elo ratings.

The entrants play **cycles** of games. With more entrants than seats, a cycle plays every
lineup (each set of as many entrants as seats, in the order given) once in each rotation
of its seats; with as many entrants as seats or fewer, the entrants are dealt round the
table (a bot may sit twice) and shifted one seat each game, a cycle being one game per
entrant. So over whole cycles every entrant meets every other and sits in every seat
equally often; the number of games asked for is rounded up to whole cycles, and a cycle
of more than :data:`MAX_CYCLE` games (many entrants at many seats) is refused. Game ``i``
is seeded from the run's seed and ``i`` alone (:func:`~millions_rules.bots._simulate.game_seed`)
and played by fresh bots, so a league gives the same table on any number of processes.

**Ratings** are Elo ratings fitted to the whole league at once (the Bradley-Terry model,
whose scale Elo uses: a bot rated 400 points above another beats it ten times as often):
in each game every winner beats every loser of another entrant, and the maximum-likelihood
strengths are found with Hunter's MM algorithm (2004), each entrant given one win and one
loss against a virtual player rated 1500, which keeps an unbeaten entrant's rating finite.
The ratings are shifted so that their mean is 1500. Unlike Elo's running updates, the fit
does not depend on the order of the games. The 95% intervals are percentile bootstrap
intervals: the games are resampled with replacement (seeded) and the ratings fitted again.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .._common.errors import ConfigError
from .._common.stats import as_dict, wilson
from ._simulate import (
    GameSummary,
    GameTask,
    _hook,
    bot_from_spec,
    map_games,
    play_one,
)

__all__ = ["BOOTSTRAP", "MAX_CYCLE", "cycle", "elo", "league", "league_table", "lineup", "ratings"]

#: The bootstrap's resamples for the ratings' intervals.
BOOTSTRAP: Final = 200
#: The most games of one cycle (``C(entrants, players) * players`` with more entrants than
#: seats): a longer cycle is refused, as the league plays whole cycles whatever it is asked.
MAX_CYCLE: Final = 100_000
#: The mean of the ratings.
MEAN_RATING: Final = 1500.0
#: The MM algorithm's iterations (each rating then moves by far less than a point).
_ITERATIONS: Final = 500


def _fixture(entrants: Sequence[str], players: int, rank: int) -> tuple[str, ...]:
    """Lineup ``rank`` of the entrants, in the order of ``itertools.combinations``, made
    directly from its rank (none of the others built)."""
    count = len(entrants)
    chosen: list[str] = []
    at = 0
    for place in range(players):
        while True:
            after = math.comb(count - at - 1, players - place - 1)
            if rank < after:
                break
            rank -= after
            at += 1
        chosen.append(entrants[at])
        at += 1
    return tuple(chosen)


def cycle(entrants: Sequence[str], players: int) -> int:
    """The games of one cycle of the league (see the module text).

    >>> cycle(["rule", "random", "ismcts"], 5), cycle(["a:A", "b:B", "c:C", "d:D"], 3)
    (3, 12)

    Raises:
        ConfigError: If a cycle has more than :data:`MAX_CYCLE` games.
    """
    if len(entrants) <= players:
        return len(entrants)
    length = math.comb(len(entrants), players) * players
    if length > MAX_CYCLE:
        raise ConfigError(
            f"a league of {len(entrants)} bots at {players} seats plays cycles of {length} "
            f"games, more than {MAX_CYCLE}: name fewer bots"
        )
    return length


def lineup(entrants: Sequence[str], players: int, game: int) -> list[str]:
    """The bot of each seat in game ``game`` of the league.

    >>> lineup(["rule", "random"], 3, 1)
    ['random', 'rule', 'random']
    >>> [lineup(["a:A", "b:B", "c:C"], 2, game) for game in range(3)]
    [['a:A', 'b:B'], ['b:B', 'a:A'], ['a:A', 'c:C']]

    Raises:
        ConfigError: As :func:`cycle`.
    """
    if len(entrants) <= players:
        pool = tuple(entrants)
        return [pool[(seat - game) % len(pool)] for seat in range(players)]
    fixtures = cycle(entrants, players) // players
    fixture = _fixture(entrants, players, (game // players) % fixtures)
    return [fixture[(seat - game) % players] for seat in range(players)]


def league(
    game: str,
    games: int,
    players: int,
    entrants: Sequence[str],
    options: Mapping[str, Any],
    *,
    seed: int = 0,
    jobs: int = 1,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play a league of at least ``games`` games (whole cycles); the summaries in game order.

    ``options`` are the game's own, as :func:`~millions_rules.bots._simulate.simulate`
    takes them.

    Raises:
        ConfigError: For an unknown game, fewer than two distinct entrants, a cycle of
            more than :data:`MAX_CYCLE` games, a missing option or one the game refuses.
        ValueError: For an unknown bot.
    """
    hook = _hook(game)
    if len(set(entrants)) != len(entrants) or len(entrants) < 2:
        raise ConfigError("a league needs at least two different bots, each named once")
    length = cycle(entrants, players)
    for spec in entrants:
        bot_from_spec(spec, game)  # fail early, in this process
    missing = [name for name in hook.options if name not in options]
    if missing:
        raise ConfigError(f"the league of {game} needs the options {', '.join(missing)}")
    settings = tuple((name, options[name]) for name in hook.options)
    settings += tuple(sorted((k, v) for k, v in options.items() if k not in hook.options))
    hook.config(players, 0, dict(settings))  # a bad option fails here, in this process
    total = -(-games // length) * length
    tasks: list[GameTask] = [
        (game, i, players, tuple(lineup(entrants, players, i)), seed, settings, False)
        for i in range(total)
    ]
    return map_games(play_one, tasks, jobs=jobs, ray=ray, progress=progress)


def _pairs(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The (winner, loser) pairs of entrants of one game."""
    labels = summary["bots"]
    winners = set(summary["winners"])
    return [
        (labels[w], labels[seat])
        for w in sorted(winners)
        for seat in range(len(labels))
        if seat not in winners and labels[seat] != labels[w]
    ]


def elo(wins: Mapping[tuple[str, str], int], entrants: Sequence[str]) -> dict[str, float]:
    """The Elo ratings that fit ``wins`` (how often each entrant beat each other) best.

    See the module text: the Bradley-Terry maximum likelihood, with one win and one loss
    of each entrant against a virtual player rated :data:`MEAN_RATING`, shifted to a mean
    of :data:`MEAN_RATING`.

    >>> ratings = elo({("a", "b"): 30, ("b", "a"): 10}, ["a", "b"])
    >>> round(ratings["a"] - ratings["b"])  # 400 * log10(3) = 191 without the virtual games
    185
    """
    strength = dict.fromkeys(entrants, 1.0)
    won = {name: 1.0 for name in entrants}  # the virtual win
    games: dict[tuple[str, str], int] = {}
    for (winner, loser), count in wins.items():
        won[winner] += count
        key = (winner, loser) if winner < loser else (loser, winner)
        games[key] = games.get(key, 0) + count
    against: dict[str, list[tuple[str, int]]] = {name: [] for name in entrants}
    for (a, b), count in sorted(games.items()):
        against[a].append((b, count))
        against[b].append((a, count))
    for _ in range(_ITERATIONS):
        new = {}
        for name in entrants:
            mine = strength[name]
            total = 2.0 / (mine + 1.0)  # the virtual win and loss, against strength 1
            for other, count in against[name]:
                total += count / (mine + strength[other])
            new[name] = won[name] / total
        strength = new
    rating = {name: 400.0 * math.log10(strength[name]) for name in entrants}
    shift = MEAN_RATING - sum(rating.values()) / len(rating)
    return {name: value + shift for name, value in rating.items()}


def ratings(
    summaries: Sequence[Mapping[str, Any]],
    entrants: Sequence[str],
    *,
    seed: int = 0,
    resamples: int = BOOTSTRAP,
) -> dict[str, dict[str, Any]]:
    """Each entrant's Elo rating with its bootstrap 95% interval, win rate and games.

    Returns, by entrant: ``elo`` (``value``, ``low``, ``high``, ``n``: the games it
    played), ``win_rate`` (per seat-game, Wilson interval) and ``seat_games``.

    >>> games = [{"bots": ["a", "b"], "winners": [game % 3 != 0]} for game in range(30)]
    >>> table = ratings(games, ["a", "b"], resamples=50)
    >>> table["b"]["elo"]["value"] > 1500 > table["a"]["elo"]["value"]
    True
    """
    per_game = [_pairs(summary) for summary in summaries]
    total: dict[tuple[str, str], int] = {}
    for pairs in per_game:
        for pair in pairs:
            total[pair] = total.get(pair, 0) + 1
    point = elo(total, entrants)
    rng = random.Random(f"millions-league:{seed}")
    draws: dict[str, list[float]] = {name: [] for name in entrants}
    count = len(per_game)
    for _ in range(resamples if count else 0):
        sample: dict[tuple[str, str], int] = {}
        for _ in range(count):
            for pair in per_game[rng.randrange(count)]:
                sample[pair] = sample.get(pair, 0) + 1
        for name, value in elo(sample, entrants).items():
            draws[name].append(value)
    result: dict[str, dict[str, Any]] = {}
    for name in entrants:
        seats = [
            (seat, s) for s in summaries for seat, label in enumerate(s["bots"]) if label == name
        ]
        played = sum(1 for s in summaries if name in s["bots"])
        wins = sum(1 for seat, s in seats if seat in s["winners"])
        values = sorted(draws[name])
        low, high = (
            (_percentile(values, 0.025), _percentile(values, 0.975))
            if values
            else (point[name], point[name])
        )
        result[name] = {
            "elo": {"value": point[name], "low": low, "high": high, "n": played},
            "win_rate": as_dict(wilson(wins, len(seats))),
            "seat_games": len(seats),
        }
    return result


def _percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of the sorted ``values`` (linear between neighbours)."""
    where = share * (len(values) - 1)
    below = math.floor(where)
    above = min(below + 1, len(values) - 1)
    return values[below] + (values[above] - values[below]) * (where - below)


def league_table(settings: Mapping[str, Any], table: Mapping[str, Mapping[str, Any]]) -> str:
    """The league's ratings as the plain text ``simulate --league`` prints, best first.

    >>> rows = {"rule": {"elo": {"value": 1620.4, "low": 1580.0, "high": 1661.2, "n": 10},
    ...                  "win_rate": {"value": 0.5, "low": 0.3, "high": 0.7, "n": 20},
    ...                  "seat_games": 20}}
    >>> print(league_table({"game": "millions", "players": 5, "games": 10, "seed": 0,
    ...                     "cycle": 5}, rows), end="")
    League of millions: 5 players, 10 games (cycles of 5), seed 0
    bot    Elo  95% interval  win rate  95% interval  seat-games
    rule  1620   1580 - 1661     50.0%  30.0 - 70.0%          20
    """
    head = (
        f"League of {settings['game']}: {settings['players']} players, {settings['games']} "
        f"games (cycles of {settings['cycle']}), seed {settings['seed']}"
    )
    rows = [("bot", "Elo", "95% interval", "win rate", "95% interval", "seat-games")]
    order = sorted(table, key=lambda name: (-table[name]["elo"]["value"], name))
    for name in order:
        rating, rate = table[name]["elo"], table[name]["win_rate"]
        rows.append(
            (
                name,
                f"{rating['value']:.0f}",
                f"{rating['low']:.0f} - {rating['high']:.0f}",
                f"{100 * rate['value']:.1f}%",
                f"{100 * rate['low']:.1f} - {100 * rate['high']:.1f}%",
                str(table[name]["seat_games"]),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [head]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
