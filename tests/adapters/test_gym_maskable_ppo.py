"""The MaskablePPO recipe (``nox -s maskable_ppo`` installs sb3-contrib and torch)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("sb3_contrib")

from millions_rules import GameConfig
from millions_rules.bots import RandomBot, play_game
from millions_rules.bots._simulate import bot_from_spec

EXAMPLES = pathlib.Path(__file__).parent.parent.parent / "examples"


def recipe() -> ModuleType:
    """examples/maskable_ppo.py as the module ``maskable_ppo`` (as ``module:Class`` finds it)."""
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLES / "maskable_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["maskable_ppo"] = module
    spec.loader.exec_module(module)
    return module


def test_the_recipe_trains_saves_and_seats_its_agent(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A brief run prints the win rates with their intervals beside RandomBot's, saves the
    agent, and the saved agent enters play_game and the simulator as ``module:Class``; the
    same seed plays the same game (the agent samples with the runner's generator)."""
    module = recipe()
    saved = tmp_path / "agent.zip"
    assert module.main(["1024", "8", str(saved)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Millions of Dollars, 4 players: MaskablePPO trained for 1024 steps")
    assert lines[1].startswith("against random bots: trained agent wins ")
    assert "95% CI" in lines[1] and "RandomBot in its seat" in lines[1]
    assert lines[2].startswith("against rule bots: ")
    monkeypatch.setenv("MILLIONS_AGENT", str(saved))
    module.TrainedBot._model = None
    agent = bot_from_spec("maskable_ppo:TrainedBot")
    bots = [agent, RandomBot(), RandomBot(), RandomBot()]
    first = play_game(GameConfig(4, seed=5), bots)
    again = play_game(GameConfig(4, seed=5), [bot_from_spec("maskable_ppo:TrainedBot"), *bots[1:]])
    assert first.is_over and first == again
