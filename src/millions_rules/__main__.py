"""Command line: ``python -m millions_rules demo`` plays and narrates a seeded game."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ._version import __version__
from .bots import RandomBot
from .games import GAMES, get_game
from .millions._config import GameConfig
from .millions._engine import apply, new_game
from .millions._errors import MillionsError
from .millions._events import Event, GameStarted, GameWon, LootRevealed, RoundEnded
from .millions._i18n import LOCALES, check_locale, format_money, join_items
from .millions._money import cash_after
from .millions._narrate import narrate
from .millions._roles import RepeatRole
from .millions._state import GameState
from .millions._text import msg
from .millions._views import view, visible_events

__all__ = ["main", "play_demo"]

_NAMES = ("Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
# The demo narrates what a spectator sees, plus the roles of characters revealed.
_QUIET = ("DepositReturned",)


def play_demo(
    players: int = 5,
    seed: int = 2016,
    quick: bool = False,
    repeat_role: RepeatRole = RepeatRole.NO_SHARE,
    locale: str = "en",
) -> tuple[GameState, list[str]]:
    """Play a seeded game between :class:`~millions_rules.bots.RandomBot` bots; return the end and the story.

    Each bot acts on its own :func:`~millions_rules.view`; the story is the spectator's log,
    told in ``locale`` (one of :data:`~millions_rules.LOCALES`).

    Raises:
        LocaleError: If ``locale`` is unknown.
    """
    check_locale(locale)
    make = GameConfig.quick if quick else GameConfig
    state = new_game(make(players, seed=seed, repeat_role=repeat_role))
    bots = [RandomBot(seed=seed * 10 + seat, pay_chance=0.02) for seat in range(players)]
    names = _NAMES[:players]
    lines: list[str] = []
    told = 0
    turn = 0
    while not state.is_over:
        seat = state.awaiting[turn % len(state.awaiting)]
        turn += 1
        action = bots[seat].act(view(state, seat))
        if action is None:
            continue
        state = apply(state, action)
        fresh = visible_events(state.events[told:], None)
        told = len(state.events)
        lines.extend(_tell(fresh, state, names, locale))
    return state, lines


_CASH = msg("demo.cash", "Cash: {cash}")
_CASH_ENTRY = msg("demo.cash.entry", "{name} {amount}")


def _tell(
    events: Sequence[Event], state: GameState, names: Sequence[str], locale: str
) -> list[str]:
    lines = []
    # narrate() tells each event with what the events around it show (the Mastermind's 2M).
    for event, text in zip(events, narrate(events, names, locale=locale), strict=True):
        if type(event).__name__ in _QUIET:
            continue
        if isinstance(event, LootRevealed):
            lines.append("\n" + text)
        else:
            lines.append(text if isinstance(event, (GameStarted, GameWon)) else "  " + text)
        if isinstance(event, RoundEnded):
            entries = (
                _CASH_ENTRY.render(locale, name=name, amount=format_money(cash, locale))
                for name, cash in zip(names, _cash_at(state, event), strict=True)
            )
            lines.append("  " + _CASH.render(locale, cash=join_items(entries, locale)))
    return lines


def _cash_at(state: GameState, end: RoundEnded) -> tuple[int, ...]:
    # Cash after a round: replay the money events up to that RoundEnded.
    return cash_after(state, state.events.index(end) + 1)


_PROG = "python -m millions_rules"


class _Parser(argparse.ArgumentParser):
    """Bad arguments get one line on standard error and exit status 2 (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        _complain(f"{message} (see {self.prog} --help)")
        raise SystemExit(2)


def _complain(message: str) -> None:
    print(f"{_PROG}: error: {' '.join(message.split())}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m millions_rules``.

    Returns 0 on success. A bad argument, or any :class:`~millions_rules.MillionsError`
    or file-system error it leads to, prints one line on standard error and gives
    exit status 2.
    """
    try:
        return _run(argv)
    except (MillionsError, OSError) as error:
        _complain(str(error))
        return 2


def _run(argv: Sequence[str] | None) -> int:
    parser = _Parser(
        prog=_PROG,
        description="Millions of Dollars rules engine " + __version__,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play and narrate a seeded game between random bots")
    demo.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="millions",
        help="Millions of Dollars (the default) or Currency Torraku",
    )
    demo.add_argument(
        "--players", type=int, help="3-8 for Millions (default 5), 1-6 for Torraku (4)"
    )
    demo.add_argument(
        "--seed", type=int, help="the seed (default 2016 for Millions, 1 for Torraku)"
    )
    demo.add_argument(
        "--quick", action="store_true", help="Millions only: the quick game (R-VAR-QUICK)"
    )
    demo.add_argument(
        "--repeat-role",
        choices=[r.value for r in RepeatRole],
        default="no_share",
        help="Millions only: the repeated-role variant R-VAR-REPEAT (default no_share)",
    )
    demo.add_argument(
        "--lang", choices=LOCALES, default="en", help="the language of the story (default: en)"
    )
    serve = commands.add_parser(
        "serve", help='host web tables (needs the extra: pip install "millions-rules[web]")'
    )
    serve.add_argument(
        "--game",
        choices=["millions", "torraku"],
        default="millions",
        help="the first table's game: Millions of Dollars (the default) or Currency Torraku",
    )
    serve.add_argument(
        "--players", type=int, help="3-8 for Millions (default 5), 1-6 for Torraku (4)"
    )
    serve.add_argument(
        "--bots", type=int, default=0, help="how many seats the server plays (the last ones)"
    )
    serve.add_argument(
        "--lang", choices=LOCALES, default="en", help="the table's language (each page may switch)"
    )
    serve.add_argument("--names", help="the players' names, separated by commas")
    serve.add_argument(
        "--seed",
        type=int,
        help="the game's seed (default: a secret random one; a known seed reveals the game)",
    )
    serve.add_argument(
        "--turn-seconds",
        type=float,
        help="each seat's time to act; then the server plays a default action for it",
    )
    serve.add_argument(
        "--db",
        default="tables.sqlite",
        help="where tables are kept: a SQLite file (tables.sqlite), postgresql://... "
        "or :memory: (nothing kept)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to bind (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (8000)")
    serve.add_argument(
        "--max-connections", type=int, default=1000, help="connections served at once (1000)"
    )
    serve.add_argument(
        "--header-seconds",
        type=float,
        default=10.0,
        help="seconds a client may take to send a request's headers (10)",
    )
    serve.add_argument("--load", metavar="FILE", help="host a table saved from its host link")
    serve.add_argument(
        "--companion",
        action="store_true",
        help="Torraku beside a physical table: each stacker reports their attempt",
    )
    schemas = commands.add_parser("schemas", help="write the JSON Schemas into a directory")
    schemas.add_argument("directory", help="where to write them (created if missing)")
    schemas.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="millions",
        help="whose schemas: Millions of Dollars (default) or Currency Torraku",
    )
    from .bots import _cli as simulate

    simulate.add_parser(commands)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate.run(args)
    if args.command == "schemas":
        if args.game == "torraku":
            from .torraku._schema import write_schemas as write_torraku_schemas

            write_torraku_schemas(args.directory)
            return 0
        from .millions._schema import write_schemas

        write_schemas(args.directory)
        return 0
    if args.command == "serve":
        return _serve(args)
    return _demo(demo, args)


#: Each game's demo: its default players and seed, and how it plays and tells a game.
_DEMO_DEFAULTS: dict[str, tuple[int, int]] = {"millions": (5, 2016), "torraku": (4, 1)}


def _demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``demo --game NAME``: the game from :func:`~millions_rules.games.get_game`, its
    player counts checked against :attr:`~millions_rules.games.Game.player_counts`."""
    game = get_game(args.game)
    players, seed = _DEMO_DEFAULTS[game.name]
    players = players if args.players is None else args.players
    seed = seed if args.seed is None else args.seed
    if players not in game.player_counts:
        choices = ", ".join(map(str, game.player_counts))
        parser.error(f"argument --players: invalid choice: {players} (choose from {choices})")
    if game.name == "torraku":
        from .torraku._demo import play_demo as play_torraku

        _, lines = play_torraku(players, seed, args.lang)
        return _print(lines)
    _, lines = play_demo(players, seed, args.quick, RepeatRole(args.repeat_role), locale=args.lang)
    return _print(lines)


def _print(lines: Sequence[str]) -> int:
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left (``demo | head``): stop quietly. Python would report the failed
        # flush at exit, so stdout now points at the null device (the recipe of the
        # Python documentation, "Note on SIGPIPE").
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        from .web import _serve as web_serve
    except ImportError as error:
        print(
            f'serve needs the web extra ({error.name} is missing): pip install "millions-rules[web]"',
            file=sys.stderr,
        )
        return 2
    return web_serve.main(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
