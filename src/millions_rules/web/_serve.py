"""``python -m millions_rules serve``: host one table with uvicorn."""

from __future__ import annotations

import pathlib
import sys
from typing import TextIO

from ..millions._config import GameConfig
from ._app import create_app
from ._table import Table

__all__ = ["make_table", "print_links", "serve"]


def make_table(
    players: int = 5,
    bots: int = 0,
    lang: str = "en",
    seed: int | None = None,
    load: str | None = None,
) -> Table:
    """The table to host: a new game (the last ``bots`` seats played by the server) or a saved one.

    Without ``seed`` the game's seed comes from :mod:`secrets`: whoever knows a game's seed
    can replay its deals and so learn every hidden card, so only a host who wants a known
    game (a test, a replay) passes one.
    """
    if load is not None:
        return Table.load(pathlib.Path(load).read_bytes())
    if not 0 <= bots < players:
        raise ValueError(f"--bots must be from 0 to {players - 1}: one seat at least is a person's")
    config = GameConfig(players) if seed is None else GameConfig(players, seed=seed)
    return Table(config, bots=range(players - bots, players), lang=lang)


def print_links(table: Table, base_url: str, out: TextIO) -> None:
    """Write every link of the table to ``out``."""
    print(f"Table for {table.state.players} players at {base_url}/", file=out)
    for seat in range(table.state.players):
        if seat in table.bots:
            print(f"  seat {seat} {table.names[seat]} (bot)", file=out)
        else:
            print(
                f"  seat {seat} {table.names[seat]}: {base_url}/#{table.seat_token(seat)}", file=out
            )
    print(f"  spectator: {base_url}/#{table.spectator_token}", file=out)
    print(f"  host (save): {base_url}/#{table.host_token}", file=out, flush=True)


def serve(
    table: Table, host: str = "127.0.0.1", port: int = 8000, out: TextIO | None = None
) -> None:
    """Serve ``table`` until interrupted, after printing its links to ``out`` (stdout)."""
    import uvicorn  # only here: the rest of the module serves tests without a server

    base_url = f"http://{host}:{port}"
    print_links(table, base_url, out or sys.stdout)
    uvicorn.run(
        create_app(table, base_url=base_url),
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
