"""Command line: ``python -m millions_rules demo`` plays and narrates a seeded game."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from typing import NoReturn

from ._common.errors import MillionsError
from ._version import __version__
from .bots import RandomBot, play_game
from .bots._cli import add_option_argument
from .games import GAMES, AnyGame, get_game
from .millions import LOCALES, RepeatRole
from .millions.companions import play_demo

__all__ = ["main", "play_demo", "random_demo"]


def random_demo(
    game: AnyGame,
    players: int,
    seed: int,
    locale: str = "en",
    options: Mapping[str, object] | None = None,
) -> list[str]:
    """The generic ``demo`` of a game without its own: random bots, the log told by ``describe``.

    Each seat is a :class:`~millions_rules.bots.RandomBot` (:func:`~millions_rules.bots.play_game`
    asks each in turn); the story is every event a spectator's view of the end holds, each
    told by :meth:`~millions_rules.games.Game.describe` in ``locale``.

    Raises:
        ConfigError: If ``players`` is not a player count of the game.
        LocaleError: If ``locale`` is unknown.

    >>> from millions_rules.games import get_game
    >>> random_demo(get_game("torraku"), 2, 1)[0]
    'A standard game of Currency Torraku for 2 players begins; Player 1 opens.'
    """
    config = game.config(players, seed=seed, **(options or {}))
    final = play_game(config, [RandomBot() for _ in range(players)], seed=seed)
    seen = game.view(final, None)
    return [game.describe(event, locale=locale) for event in game.view_events(seen)]


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
        help="Millions of Dollars (the default), Currency Torraku or any registered game",
    )
    demo.add_argument(
        "--players",
        type=int,
        help="3-8 for Millions (default 5), 1-6 for Torraku (4); another game: its own",
    )
    demo.add_argument(
        "--seed",
        type=int,
        help="the seed (default 2016 for Millions, 1 for Torraku; another game: its own)",
    )
    demo.add_argument(
        "--quick", action="store_true", help="Millions only: the quick game (R-VAR-QUICK)"
    )
    demo.add_argument(
        "--repeat-role",
        choices=[r.value for r in RepeatRole],
        default=None,
        help="Millions only: the repeated-role variant R-VAR-REPEAT (default no_share)",
    )
    add_option_argument(demo)
    demo.add_argument(
        "--lang", choices=LOCALES, default="en", help="the language of the story (default: en)"
    )
    serve = commands.add_parser(
        "serve", help='host web tables (needs the extra: pip install "millions-rules[web]")'
    )
    serve.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="millions",
        help="the first table's game: any registered game (millions, the default; torraku; ...)",
    )
    serve.add_argument(
        "--players",
        type=int,
        help="the first table's players (default: the game's demo number, 5 for Millions)",
    )
    serve.add_argument(
        "--bots", type=int, default=0, help="how many seats the server plays (the last ones)"
    )
    serve.add_argument(
        "--bot",
        metavar="SPEC",
        help=(
            "the bot in the server's seats of the --game's tables: rule (the game's own "
            "table bot, the default), random, ismcts[:ITERATIONS] or module:Class (any bot "
            "class, made with no argument; its answers must be offered actions)"
        ),
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
        "--press-seconds",
        type=float,
        default=30.0,
        help="with --turn-seconds, the time a seat the leader presses has left to decide "
        "(R-TALK-LEADER; default 30)",
    )
    serve.add_argument(
        "--talk-window",
        type=float,
        help="in a phase of talk, the seconds the bots wait for people to talk and offer "
        "before they decide (default: the bots' own, 20)",
    )
    serve.add_argument(
        "--spectator-delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="how far the spectator's link and the table screen lag behind the game "
        "(0 to 600 seconds; default 0: none)",
    )
    add_option_argument(serve)
    serve.add_argument(
        "--db",
        default="tables.sqlite",
        help="where tables are kept: a SQLite file (tables.sqlite), postgresql://... "
        "or :memory: (nothing kept)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to bind (127.0.0.1)")
    serve.add_argument(
        "--lan",
        action="store_true",
        help="bind this machine's local network address, so that phones on the same "
        "network can open the links (instead of --host)",
    )
    serve.add_argument(
        "--new",
        action="store_true",
        help="start afresh: close the database's open tables (kept stored) and open a new one",
    )
    serve.add_argument(
        "--qr",
        choices=("join", "all", "none"),
        default="join",
        help="QR codes drawn on the terminal: the join page's (join, the default), every "
        "seat link's too (all), or none",
    )
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (8000)")
    serve.add_argument(
        "--max-connections", type=int, default=1000, help="connections served at once (1000)"
    )
    serve.add_argument(
        "--max-client-connections",
        type=int,
        default=64,
        help="connections at once from one client address (64)",
    )
    serve.add_argument(
        "--max-client-requests",
        type=int,
        default=8,
        help="requests at once from one client address, event streams aside (8)",
    )
    serve.add_argument(
        "--max-client-rate",
        type=float,
        default=0.0,
        help="requests per second from one client address, as many in a burst "
        "(0: no limit, the default; 100 suits people's pages)",
    )
    serve.add_argument(
        "--max-streams", type=int, default=800, help="event streams at once in all (800)"
    )
    serve.add_argument(
        "--max-client-streams",
        type=int,
        default=16,
        help="event streams at once from one client address (16)",
    )
    serve.add_argument(
        "--max-token-streams",
        type=int,
        default=64,
        help="event streams at once of one link (64)",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a Host name to answer (repeatable; by default the bound address and the "
        "localhost names; * for any)",
    )
    serve.add_argument(
        "--access-log",
        action="store_true",
        help="write each request line to standard error",
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
        help="whose schemas: Millions of Dollars (default), Currency Torraku or any registered game",
    )
    agent = commands.add_parser(
        "mcp",
        help="seat an LLM agent over MCP (stdio): at a new table with bots, or with --url at a "
        'seat of a web-server table (needs the extra: pip install "millions-rules[llm]")',
        add_help=False,
    )
    agent.add_argument("options", nargs=argparse.REMAINDER, help="see: mcp --help")
    from .bots import _cli as simulate

    simulate.add_parser(commands)
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["mcp"]:  # its own options, parsed by the MCP server's command
        from .llm import mcp_server

        return mcp_server.main(arguments[1:], prog=f"{_PROG} mcp")
    args = parser.parse_args(arguments)
    if args.command == "simulate":
        return simulate.run(args)
    if args.command == "schemas":
        return _schemas(args)
    if args.command == "serve":
        return _serve(args)
    return _demo(demo, args)


def _schemas(args: argparse.Namespace) -> int:
    """``schemas DIRECTORY --game NAME``: the game's :attr:`~millions_rules.games.Companions.schemas`."""
    game = get_game(args.game)
    write = game.companions.schemas
    if write is None:
        _complain(f"{game.title} ({game.name}) ships no JSON Schemas: nothing was written")
        return 1
    write(args.directory)
    return 0


def _demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``demo --game NAME``: the game from :func:`~millions_rules.games.get_game`, its
    player counts checked against :attr:`~millions_rules.games.Game.player_counts`; its own
    demo (:attr:`~millions_rules.games.Companions.demo`) or :func:`random_demo`."""
    game = get_game(args.game)
    parts = game.companions
    players = parts.demo_players or game.player_counts[0]
    players = players if args.players is None else args.players
    seed = parts.demo_seed if args.seed is None else args.seed
    if players not in game.player_counts:
        choices = ", ".join(map(str, game.player_counts))
        parser.error(f"argument --players: invalid choice: {players} (choose from {choices})")
    options: dict[str, object] = dict(args.option or [])
    if args.quick:
        options["quick"] = True
    if args.repeat_role is not None:
        options["repeat_role"] = args.repeat_role
    if parts.demo is not None:
        return _print(parts.demo(players, seed, args.lang, options))
    return _print(random_demo(game, players, seed, args.lang, options))


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
