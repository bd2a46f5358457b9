"""Project tasks. ``nox`` runs the default sessions: lint, tests, typing, docs and package.

``nox -s bench`` runs the benchmarks and ``nox -s bench_anchors`` compares them with
OpenSpiel (not defaults: timings are not tests), and
``nox -s compat`` the tests on every supported Python the machine has.
"""

from __future__ import annotations

import os
import pathlib
import tempfile

import nox

nox.options.sessions = ["lint", "tests", "typing", "docs", "package"]
nox.options.reuse_existing_virtualenvs = True

ROOT = pathlib.Path(__file__).parent


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff: lint and formatting."""
    session.install("ruff>=0.4")
    session.run(
        "ruff",
        "check",
        "src",
        "tests",
        "examples",
        "benchmarks",
        "typing_tests",
        "noxfile.py",
        "docs",
    )
    session.run(
        "ruff",
        "format",
        "--check",
        "src",
        "tests",
        "examples",
        "benchmarks",
        "typing_tests",
        "noxfile.py",
        "docs",
    )


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite with doctests (Hypothesis profile ``ci`` when CI is set)."""
    session.install("-e", ".[dev]")
    profile = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run("pytest", f"--hypothesis-profile={profile}", *session.posargs)


@nox.session(python=["3.10", "3.11", "3.12", "3.13"])
def compat(session: nox.Session) -> None:
    """The test suite on every supported Python (those installed; not a default session)."""
    session.install("-e", ".[dev]")
    session.run("pytest", "-q", *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict over the package, tests, examples, benchmarks and typing_tests/."""
    session.install("-e", ".[dev]")
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Sphinx: HTML and doctest builders, warnings as errors, nitpicky."""
    session.install("-e", ".[dev]")
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build",
            "-W",
            "-n",
            "--keep-going",
            "-b",
            builder,
            "docs",
            f"docs/_build/{builder}",
        )


@nox.session
def package(session: nox.Session) -> None:
    """Build sdist and wheel, check them, install the wheel in a fresh venv, run the examples."""
    session.install("build", "twine")
    dist = pathlib.Path(tempfile.mkdtemp(prefix="millions-dist-"))
    session.run("python", "-m", "build", "--outdir", str(dist))
    session.run("twine", "check", "--strict", *map(str, dist.iterdir()))
    wheel = next(dist.glob("*.whl"))
    venv = pathlib.Path(tempfile.mkdtemp(prefix="millions-venv-"))
    session.run("python", "-m", "venv", str(venv))
    python = str(venv / "bin" / "python")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    session.run(
        python, "-m", "millions_rules", "demo", "--players", "3", external=True, silent=True
    )
    session.run(
        python, "-m", "millions_rules", "demo", "--game", "torraku", external=True, silent=True
    )
    session.run(
        python, str(ROOT / "tests" / "check_wheel.py"), str(ROOT / "examples"), external=True
    )


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark table: playouts by player count, single calls, JSON, memory, loading."""
    session.install("-e", ".[fast]")
    session.run("python", "benchmarks/run.py", *session.posargs)
    session.run("python", "benchmarks/torraku.py")


@nox.session
def bench_anchors(session: nox.Session) -> None:
    """Playouts side by side with OpenSpiel's Python games, in one process (not a default)."""
    session.install("-e", ".", "open_spiel==2.0.2")
    session.run("python", "benchmarks/anchors.py", *session.posargs)
