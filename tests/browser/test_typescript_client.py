"""The TypeScript client of the docs' "TypeScript client" page plays a whole game.

Run by ``nox -s web`` (which sets ``MILLIONS_BROWSER_TESTS`` and installs the npm packages):
``examples/typescript/`` is compiled with ``tsc -p tsconfig.client.json`` and run with Node
against ``python -m millions_rules serve``, one person and two bots; the last view is
checked with Ajv against the npm package's bundle.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from .test_web_table import ROOT, Server

pytestmark = pytest.mark.skipif(
    not os.environ.get("MILLIONS_BROWSER_TESTS"), reason="run by nox -s web"
)


def test_typescript_client_plays_a_whole_game() -> None:
    """The client reads its view, posts legal actions until the game is over, and its last
    view, valid under Ajv, is the server's."""
    out = ROOT / "build" / "ts-client"  # in the repository, to find its node_modules
    subprocess.run(
        ["npx", "--no-install", "tsc", "-p", "tsconfig.client.json"], cwd=ROOT, check=True
    )
    (out / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    server = Server("--players", "3", "--bots", "2", "--seed", "5")
    try:
        token = server.token("Ana")
        result = subprocess.run(
            ["node", str(out / "run.js"), server.base, token],
            capture_output=True,
            text=True,
            timeout=180,
            check=True,
        )
        final = server.update(token)["view"]
    finally:
        server.stop()
    assert final["phase"] == "game_over"
    assert final["winners"] != []
    assert json.loads(result.stdout) == {
        "phase": "game_over",
        "winners": final["winners"],
        "version": final["version"],
    }
