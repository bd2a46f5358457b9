"""Hypothesis profiles: ``dev`` (fast, the default) and ``ci`` (thorough, chosen by nox when CI is set)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
settings.register_profile(
    "ci",
    max_examples=400,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    print_blob=True,
)
settings.load_profile("dev")


def scaled(fraction: int) -> settings:
    """Settings for an expensive test: 1/fraction of the active profile's examples (at least 10)."""
    return settings(max_examples=max(10, settings().max_examples // fraction))


def _install_third_game() -> None:
    """Make the test suite's third game (``tests/thirdgame``) found by its entry point.

    The nox sessions install it (``pip install -e tests/thirdgame``); in an environment
    without it, the same distribution (its package and a ``.dist-info`` declaring the entry
    point ``millions_rules.games: goofspiel``) is put on ``sys.path`` for the run, so the
    registry discovers it as an installed game, in this process and in the simulator's
    worker processes (which start with this ``sys.path``).
    """
    import atexit
    import shutil
    import sys
    import tempfile
    from importlib import metadata
    from pathlib import Path

    if any(e.name == "goofspiel" for e in metadata.entry_points(group="millions_rules.games")):
        return
    here = Path(__file__).resolve().parent / "thirdgame"
    site = Path(tempfile.mkdtemp(prefix="millions-thirdgame-"))
    atexit.register(shutil.rmtree, site, True)
    info = site / "millions_rules_goofspiel-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: millions-rules-goofspiel\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[millions_rules.games]\ngoofspiel = goofspiel_game:GAME\n", encoding="utf-8"
    )
    sys.path[:0] = [str(here), str(site)]
    import os

    # Child interpreters started by a test (python -m millions_rules ...) see it too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(here), str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    )


_install_third_game()
