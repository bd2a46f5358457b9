"""``simulate --ray``: the games as Ray tasks print byte for byte what ``--jobs 1`` prints.

Skipped without Ray (the ``[ray]`` extra); ``nox -s ray`` installs it and runs these tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from millions_rules.__main__ import main
from millions_rules.bots._ray import LOCAL_CPUS

ray = pytest.importorskip("ray")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", *args]) == 0
    return capsys.readouterr().out


def test_a_local_ray_run_is_the_jobs_1_run(capsys: pytest.CaptureFixture[str]) -> None:
    """--ray alone starts a Ray with LOCAL_CPUS CPUs for the run and stops it after; the JSON
    is the one --jobs 1 prints, byte for byte."""
    args = ("--games", "12", "--bots", "rule,random,ismcts:3", "--seed", "5", "--json")
    one = _run(capsys, *args, "--jobs", "1")
    assert not ray.is_initialized()
    assert _run(capsys, *args, "--ray") == one
    assert not ray.is_initialized()
    assert LOCAL_CPUS == 2


@pytest.fixture
def running_ray() -> Iterator[None]:
    """A Ray already running in the process, as on a cluster's driver."""
    ray.init(num_cpus=LOCAL_CPUS, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("running_ray")
def test_a_running_ray_is_used_and_left_running(capsys: pytest.CaptureFixture[str]) -> None:
    """With Ray already initialised (here, or a cluster joined with an ADDRESS) the run uses
    it and leaves it running; Torraku's table, CSV and JSON equal those of --jobs 1."""
    for output in ("--json", "--csv", "--progress"):
        args = ["--game", "torraku", "--games", "10", "--players", "3", "--seed", "2", output]
        args += ["--bots", "ismcts:3,rule,random"]
        assert _run(capsys, *args, "--ray", "auto") == _run(capsys, *args, "--jobs", "1")
    assert ray.is_initialized()
    capsys.readouterr()


def test_ray_workers_find_a_game_installed_by_its_entry_point(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The test suite's third game (Goofspiel, found by its entry point, see
    ``tests/thirdgame``) plays on Ray workers, which find it in their own registry: the
    JSON is the one --jobs 1 prints, byte for byte."""
    args = ["--game", "goofspiel", "--games", "8", "--players", "3", "--seed", "3", "--json"]
    args += ["--bots", "ismcts:3,random", "--option", "cards=4"]
    assert _run(capsys, *args, "--ray") == _run(capsys, *args, "--jobs", "1")
