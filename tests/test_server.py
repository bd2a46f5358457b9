"""The game server: seeds, hardening, many tables, storage, reconnect, deadlines.

Storage tests run against SQLite here and, under ``nox -s server``, against a throwaway
PostgreSQL too (``MILLIONS_TEST_POSTGRES`` names its address).
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from millions_rules.__main__ import main
from millions_rules.web import Server, Table, _serve


class TestSeeds:
    def test_serve_without_seed_draws_a_secret_one(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Regression: ``serve`` once always used seed 2016, which reveals every deal."""
        hosted: list[Table] = []

        def capture(server: Server, *args: Any, **kwargs: Any) -> None:
            hosted.extend(server.tables.values())

        monkeypatch.setattr(_serve, "serve", capture)
        for _ in range(2):
            assert main(["serve", "--players", "3", "--bots", "2", "--db", ":memory:"]) == 0
        seeds = [table.state.config.seed for table in hosted]
        assert 2016 not in seeds and seeds[0] != seeds[1]

    def test_a_given_seed_is_kept(self) -> None:
        """``--seed`` still chooses a known game (for tests and replays)."""
        assert _serve.make_table(3, 2, seed=7).state.config.seed == 7
