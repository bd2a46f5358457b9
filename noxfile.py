"""Project tasks. ``nox`` runs the default sessions: lint, tests, adapters, typing, docs, package
and web.

``nox -s bench`` runs the benchmarks and ``nox -s bench_anchors`` compares them with
OpenSpiel (not defaults: timings are not tests), ``nox -s compiled`` builds the optional
mypyc-compiled wheel and runs the tests and the anchors on it (not a default: it needs a C
compiler and takes minutes), ``nox -s compat`` the tests on every
supported Python the machine has, and ``nox -s i18n`` refreshes the translation catalogs
after a message changed (it rewrites files, so it is not a default either; the tests
check that the catalogs are complete and current).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import tempfile

import nox

nox.options.sessions = ["lint", "tests", "adapters", "typing", "docs", "package", "web"]
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
        "conftest.py",
        "hatch_build.py",
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
        "conftest.py",
        "hatch_build.py",
        "docs",
    )


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite with doctests (Hypothesis profile ``ci`` when CI is set)."""
    session.install("-e", ".[dev]")
    profile = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run("pytest", f"--hypothesis-profile={profile}", *session.posargs)


#: Every optional extra that typing and the docs need to see.
EXTRAS = ".[dev,pettingzoo,openspiel]"


@nox.session
def adapters(session: nox.Session) -> None:
    """The PettingZoo and OpenSpiel adapters with their extras: tests, doctests, examples."""
    session.install("-e", EXTRAS)
    session.run(
        "pytest",
        "-q",
        "tests/adapters",
        "tests/test_adapters_core.py",
        "src/millions_rules/adapters",
        *session.posargs,
    )


@nox.session(python=["3.10", "3.11", "3.12", "3.13"])
def compat(session: nox.Session) -> None:
    """The test suite on every supported Python (those installed; not a default session)."""
    session.install("-e", ".[dev]")
    session.run("pytest", "-q", *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict over the package, tests, examples, benchmarks and typing_tests/."""
    session.install("-e", EXTRAS)
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Sphinx: HTML and doctest builders, warnings as errors, nitpicky."""
    session.install("-e", EXTRAS)
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
    for lang in ("es", "zh"):
        session.run(
            python, "-m", "millions_rules", "demo", "--lang", lang, external=True, silent=True
        )
    session.run(
        python, "-m", "millions_rules", "demo", "--game", "torraku", external=True, silent=True
    )
    session.run(
        python, str(ROOT / "tests" / "check_wheel.py"), str(ROOT / "examples"), external=True
    )


LOCALE = "src/millions_rules/locale"


@nox.session
def i18n(session: nox.Session) -> None:
    """Extract the messages into the .pot, merge them into each .po, compile the .mo files.

    Translate what the merge leaves empty or fuzzy, then run this again to compile.
    """
    session.install("babel>=2.14")
    version = (ROOT / "src" / "millions_rules" / "_version.py").read_text().split('"')[1]
    session.run(
        "pybabel",
        "extract",
        "--no-default-keywords",
        # Babel skips directories whose names start with "_" by default, and with them
        # the common layer (src/millions_rules/_common), whose messages every game shares.
        "--ignore-dirs=.* __pycache__",
        "--keyword=msg:1c,2",
        "--keyword=nmsg:1c,2,3",
        "--sort-output",
        "--no-location",
        "--no-wrap",
        "--project=millions-rules",
        f"--version={version}",
        "--copyright-holder=The millions-rules developers",
        "--msgid-bugs-address=https://pypi.org/project/millions-rules/",
        f"--output-file={LOCALE}/millions_rules.pot",
        "src/millions_rules",
    )
    session.run(
        "pybabel",
        "update",
        f"--input-file={LOCALE}/millions_rules.pot",
        f"--output-dir={LOCALE}",
        "--domain=millions_rules",
        "--no-wrap",
        "--ignore-obsolete",
    )
    session.run(
        "pybabel", "compile", f"--directory={LOCALE}", "--domain=millions_rules", "--statistics"
    )


@nox.session
def web(session: nox.Session) -> None:
    """The web table: its JavaScript type-checked, then complete games in headless Chromium.

    Needs ``npm`` and Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs
    them). TypeScript types are generated from the shipped JSON Schemas and the page's
    JavaScript is checked against them with ``tsc --checkJs``; the browser test writes its
    screenshots to ``docs/_static/web/``.
    """
    missing = [tool for tool in ("npm", "chromium", "chromedriver") if shutil.which(tool) is None]
    if missing:
        session.error(
            f"nox -s web needs {', '.join(missing)}: on Debian, apt-get install nodejs npm "
            "chromium chromium-driver fonts-noto-cjk (.ci/run does this)"
        )
    session.install("-e", ".[dev]")
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run("node", "tools/schema_types.mjs", external=True)
    session.run("npx", "--no-install", "tsc", "-p", "tsconfig.json", "--checkJs", external=True)
    session.run(
        "pytest",
        "tests/browser",
        *session.posargs,
        env={"MILLIONS_BROWSER_TESTS": "1"},
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


@nox.session
def compiled(session: nox.Session) -> None:
    """The mypyc build (``hatch_build.py``): the wheel, the test suite and the anchors on it.

    Builds the wheel with ``MILLIONS_RULES_COMPILE=1``, installs it (not editable) with the
    ``dev`` extra and OpenSpiel, and runs pytest on ``tests/`` and ``README.md``, whose
    imports then find the installed compiled package (``tests/test_compiled.py`` checks
    that every listed module is an extension module). The source tree's doctests are left
    to ``nox -s tests``: collecting ``src/`` would import the sources instead. Then
    ``benchmarks/anchors.py --pure-source src`` times the compiled engine, the pure one and
    OpenSpiel's games in one process (``-- --seconds S --rounds R`` passes options to it).
    """
    dist = pathlib.Path(tempfile.mkdtemp(prefix="millions-compiled-"))
    session.install("build")
    session.run(
        "python",
        "-m",
        "build",
        "--wheel",
        "--outdir",
        str(dist),
        env={"MILLIONS_RULES_COMPILE": "1"},
    )
    wheel = next(dist.glob("*.whl"))
    if wheel.name.endswith("-py3-none-any.whl"):
        session.error(f"{wheel.name} is not a compiled wheel")
    session.install("--force-reinstall", "--no-deps", str(wheel))
    session.install(f"{wheel}[dev]", "open_spiel==2.0.2")
    profile = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run(
        "pytest",
        f"--hypothesis-profile={profile}",
        "tests",
        "README.md",
        env={"MILLIONS_RULES_EXPECT_COMPILED": "1"},
    )
    session.run("python", "benchmarks/anchors.py", "--pure-source", "src", *session.posargs)
