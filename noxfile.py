"""Project tasks. ``nox`` runs the default sessions: lint, tests, adapters, typing, docs, package,
types, web, server, chat and llm.

``nox -s bench`` runs the benchmarks and ``nox -s bench_anchors`` compares them with
OpenSpiel (not defaults: timings are not tests), ``nox -s rllib`` trains PPO with RLlib
on the PettingZoo environment and ``nox -s maskable_ppo`` sb3-contrib's MaskablePPO on the
Gymnasium one (not defaults: minutes of CPU), ``nox -s bench_vector`` times the vector
environments (not a default), ``nox -s compiled`` builds the
optional mypyc-compiled wheel and runs the tests and the anchors on it (not a default: it
needs a C compiler and takes minutes), ``nox -s compat`` the tests on every
supported Python (each must be installed; ``.ci/run`` runs it), and ``nox -s i18n`` refreshes the translation catalogs
after a message changed (it rewrites files, so it is not a default either; the tests
check that the catalogs are complete and current). ``nox -s regenerate`` rewrites the
generated JSON Schemas and TypeScript declarations after a shipped type changed (``tests``
and ``types`` check that they are current).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import tempfile

import nox

nox.options.sessions = [
    "lint",
    "tests",
    "adapters",
    "typing",
    "docs",
    "package",
    "types",
    "web",
    "server",
    "chat",
    "llm",
]
nox.options.reuse_existing_virtualenvs = True
# A supported Python that is missing fails ``nox -s compat`` instead of being skipped.
nox.options.error_on_missing_interpreters = True

#: Every supported Python, oldest first: ``requires-python`` and the classifiers of
#: pyproject.toml, the README and the docs name the same ones (``tests/test_meta.py``).
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]

ROOT = pathlib.Path(__file__).parent

#: The test suite's third game (a distribution of its own, found by its entry point), which
#: the test sessions install; without it tests/conftest.py puts it on sys.path for the run.
THIRD_GAME = "tests/thirdgame"


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
    session.install("--no-deps", "-e", THIRD_GAME)
    profile = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run("pytest", f"--hypothesis-profile={profile}", *session.posargs)


#: Every optional extra that typing and the docs need to see.
EXTRAS = ".[dev,pettingzoo,openspiel,gymnasium]"


@nox.session
def adapters(session: nox.Session) -> None:
    """The optional extras for AI: the PettingZoo and OpenSpiel adapters (tests, doctests,
    examples) and ``simulate --ray`` on a local Ray (the ``ray`` session runs that alone),
    then a short run of ``benchmarks/anchors.py``, which prints the adapters' speed beside
    OpenSpiel's and PettingZoo's games and the issue's targets (the figures of this
    machine; informative, never a failure: ``nox -s bench_anchors`` is the full run)."""
    session.install("-e", ".[dev,pettingzoo,openspiel,ray,gymnasium]", *ANCHORS)
    session.install("--no-deps", "-e", THIRD_GAME)
    session.run(
        "pytest",
        "-q",
        "tests/adapters",
        "tests/test_adapters_core.py",
        "tests/test_simulate_ray.py",
        "src/millions_rules/adapters",
        *session.posargs,
    )
    session.run("python", "benchmarks/anchors.py", "--seconds", "0.3", "--rounds", "3")


@nox.session(python=PYTHONS)
def compat(session: nox.Session) -> None:
    """The test suite on every supported Python (Hypothesis profile ``dev``; not a default).

    Each Python in :data:`PYTHONS` must be installed: a missing one fails the session.
    ``.ci/run`` runs it on the versions other than the one ``nox -s tests`` ran on.
    """
    session.install("-e", ".[dev]")
    session.install("--no-deps", "-e", THIRD_GAME)
    profile = os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run("pytest", "-q", f"--hypothesis-profile={profile}", *session.posargs)


@nox.session
def ray(session: nox.Session) -> None:
    """``simulate --ray`` alone with the ``[ray]`` extra: a local Ray of two CPUs, output equal
    to --jobs 1 (the default ``adapters`` session runs it too)."""
    session.install("-e", ".[dev,ray]")
    session.install("--no-deps", "-e", THIRD_GAME)
    session.run("pytest", "-q", "tests/test_simulate_ray.py", *session.posargs)


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
def chat(session: nox.Session) -> None:
    """The NoneBot2 plugin for QQ (the ``[chat]`` extra) under nonebug: complete games in a
    simulated group, with a restart. nonebug is a pytest plugin that initialises NoneBot in
    every run, so it lives in this session's environment only."""
    session.install("-e", ".[dev,chat]", "nonebug>=0.4", "pytest-asyncio>=0.23")
    session.run(
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",
        "-o",
        "asyncio_default_fixture_loop_scope=session",
        "-o",
        "asyncio_default_test_loop_scope=session",
        "tests/chat",
        *session.posargs,
    )


@nox.session
def llm(session: nox.Session) -> None:
    """The MCP server for LLM seats (the ``[llm]`` extra): a scripted agent plays complete
    games through the SDK's in-process client, at a chat table and at a seat of a served
    web table (the harness itself is tested in ``tests``)."""
    session.install("-e", ".[dev,llm,web]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", "tests/llm", *session.posargs)


@nox.session
def i18n(session: nox.Session) -> None:
    """Extract the messages into the .pot, merge them into each .po, compile the .mo files,
    and regenerate the words grid (``tests/golden/words_grid.txt``).

    Translate what the merge leaves empty or fuzzy, then run this again to compile. The
    Babel keywords are ``msg`` (context, message) and ``nmsg`` (context, singular, plural:
    gettext's ``npgettext``); ``update`` keeps each catalog's ``Plural-Forms`` header (es:
    two forms, zh: one). Review the grid's diff: each changed line is a sentence a player
    reads.
    """
    session.install("babel>=2.14", "-e", ".")
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
    session.run("python", "tests/words_grid.py")


def _need_npm(session: nox.Session, *tools: str) -> None:
    missing = [tool for tool in ("npm", *tools) if shutil.which(tool) is None]
    if missing:
        session.error(
            f"nox -s {session.name} needs {', '.join(missing)}: on Debian, apt-get install "
            "nodejs npm chromium chromium-driver fonts-noto-cjk (.ci/run does this)"
        )


@nox.session
def types(session: nox.Session) -> None:
    """The JSON Schemas from the built wheel through stock TypeScript tools, as they ship.

    Builds and installs the wheel, then, reading the schemas from the installed package:
    json-schema-to-typescript 15 and 16 must turn each game's bundle into the committed
    declarations (``millions.d.ts``, ``torraku.d.ts``, and ``npm/millions-rules-types/``)
    and every shipped file into named types, each declared once, as quicktype must too;
    ``tsc --strict`` compiles all of that with the TypeScript client of the docs'
    "TypeScript client" page (``examples/typescript/``); Ajv validates documents of seeded games
    against each file and the bundles; ``npm pack --dry-run`` accepts the npm package.
    """
    _need_npm(session)
    session.install("build")
    dist = pathlib.Path(tempfile.mkdtemp(prefix="millions-types-"))
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), silent=True)
    wheel = str(next(dist.glob("*.whl")))
    session.install("--force-reinstall", "--no-deps", wheel)  # the same version, newly built
    session.install(wheel)  # and its dependencies
    package = session.run(
        "python",
        "-c",
        "import pathlib, millions_rules; print(pathlib.Path(millions_rules.__file__).parent)",
        silent=True,
    )
    package = str(package).strip()
    if "site-packages" not in package:
        session.error(f"not an installed wheel: {package}")
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run("node", "tools/schema_types.mjs", package, external=True)
    session.run("npx", "--no-install", "tsc", "-p", "tsconfig.types.json", external=True)
    samples = dist / "samples.json"
    session.run("python", "tests/schema_samples.py", str(samples))
    session.run("node", "tools/schema_validate.mjs", package, str(samples), external=True)
    session.run("npm", "pack", "--dry-run", "./npm/millions-rules-types", external=True)


@nox.session
def regenerate(session: nox.Session) -> None:
    """Rewrite every generated schema file from the code: the JSON Schemas of both games,
    their TypeScript declarations and the npm package's copies (not a default session)."""
    _need_npm(session)
    session.install("-e", ".")
    session.run("python", "-m", "millions_rules", "schemas", "src/millions_rules/schemas")
    session.run(
        "python",
        "-m",
        "millions_rules",
        "schemas",
        "src/millions_rules/torraku/schemas",
        "--game",
        "torraku",
    )
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run("node", "tools/schema_types.mjs", "src/millions_rules", "--write", external=True)


@nox.session
def web(session: nox.Session) -> None:
    """The web table: its JavaScript type-checked, then complete games in headless Chromium.

    Needs ``npm`` and Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs
    them). The page's JavaScript is checked with ``tsc --checkJs`` against the TypeScript
    declarations generated from the shipped JSON Schemas (``millions.d.ts``, which
    ``nox -s types`` keeps current); the browser test writes its screenshots to
    ``docs/_static/web/``, and the TypeScript client of ``examples/typescript/`` plays a
    whole game against a served table.
    """
    _need_npm(session, "chromium", "chromedriver")
    session.install("-e", ".[dev]")
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run("npx", "--no-install", "tsc", "-p", "tsconfig.json", "--checkJs", external=True)
    session.run(
        "pytest",
        "tests/browser",
        *session.posargs,
        env={"MILLIONS_BROWSER_TESTS": "1"},
    )


@nox.session
def server(session: nox.Session) -> None:
    """The game server against real databases, SQLite and PostgreSQL.

    Needs Debian's ``postgresql`` (``.ci/run`` installs it): the tests start a throwaway
    cluster of their own (``initdb`` and ``pg_ctl`` in a temporary folder, a unix socket, as
    the ``postgres`` user when run as root) and run every storage test on both databases,
    kill a server process with SIGKILL 50 times while clients play, and race actions
    through two server processes sharing one PostgreSQL; flood a server from one
    loopback address (1,000 idle sockets, 1,000 event streams) while an honest player is
    served, and stop it with Ctrl-C during a stream; then the fault matrix
    (``tests/test_server_faults.py``, seeded: ``MILLIONS_FAULT_SEED`` replays a run), whose
    figures close the run.
    """
    import glob

    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        session.error(
            "nox -s server needs PostgreSQL: on Debian, apt-get install postgresql "
            "(.ci/run does this)"
        )
    session.install("-e", ".[dev,postgres]")
    session.run(
        "pytest",
        "-q",
        "tests/test_server.py",
        "tests/test_server_processes.py",
        "tests/test_server_limits.py",
        "tests/test_server_store.py",
        "tests/test_chat_host.py",
        "tests/test_web_night.py",
        "tests/test_server_faults.py",
        *session.posargs,
        env={"MILLIONS_SERVER_TESTS": "1"},
    )


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark table: playouts by player count, single calls, JSON, memory, loading."""
    session.install("-e", ".[fast]")
    session.run("python", "benchmarks/run.py", *session.posargs)
    session.run("python", "benchmarks/torraku.py")


@nox.session
def bench_server(session: nox.Session) -> None:
    """The server's load figures (not a default): ``benchmarks/server.py`` against a real
    ``serve`` process on SQLite and a throwaway PostgreSQL (Debian's ``postgresql``):
    actions/s with p50/p99 latency, SSE fan-out, an honest player's latency while a
    hostile client uses its whole allowance, and tables per process. The docs' "Hosting"
    page and ``benchmarks/results/server.md`` give one run (``-- --actions N`` etc.
    passes options)."""
    session.install("-e", ".[dev,postgres]")
    session.run("python", "benchmarks/server.py", *session.posargs)


#: What the anchors' playouts need beside the package: OpenSpiel's and PettingZoo's games.
ANCHORS = ("open_spiel==2.0.2", "pettingzoo[classic]")


@nox.session
def bench_anchors(session: nox.Session) -> None:
    """Playouts and adapters side by side with OpenSpiel's and PettingZoo's games (not a
    default): ``benchmarks/anchors.py`` on the pure package, then on the compiled build.

    Each of the two runs times this library's playouts and the anchors in one process, in
    alternating slices; the compiled build is made as ``nox -s compiled`` makes it
    (``-- --seconds S --rounds R`` passes options to both runs).
    """
    session.install("-e", ".[pettingzoo,openspiel]", *ANCHORS)
    session.run("python", "benchmarks/anchors.py", *session.posargs)
    _install_compiled(session, "pettingzoo,openspiel")
    session.install(*ANCHORS)
    session.run("python", "benchmarks/anchors.py", *session.posargs)


def _install_compiled(session: nox.Session, extras: str) -> None:
    """Build the compiled wheel (``MILLIONS_RULES_COMPILE=1``) and install it, not editable,
    with ``extras``, in place of whatever build the session had."""
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
    session.install(f"{wheel}[{extras}]")


#: The versions the RLlib recipe was checked with. Only this torch: the CPU build (any
#: other or an unpinned one pulls a CUDA build of several GB).
RLLIB = ("torch==2.13.0", "ray[rllib]==2.60.0")


@nox.session
def rllib(session: nox.Session) -> None:
    """The RLlib recipe: its tests (RLlib's environment check, one PPO iteration in each
    configuration), then ``examples/rllib_ppo.py``: PPO with action masking for a few
    iterations on the CPU and the win rate against RandomBot before and after.

    Not a default: 9 minutes on two shared cores, 5 of them installing torch and Ray into a
    fresh environment. ``nox -s rllib -- 20 400 per-seat`` passes iterations, games and the
    policy mode to the example.
    """
    session.install(*RLLIB, "-e", ".[pettingzoo]", "pytest>=7.4", "hypothesis>=6.90")
    session.run("pytest", "-q", "tests/adapters/test_rllib.py")
    session.run("python", "examples/rllib_ppo.py", *session.posargs)


@nox.session
def bench_vector(session: nox.Session) -> None:
    """The Gymnasium environment alone, batched in one process and over 1 and 2 worker
    processes, beside Gymnasium's own vector envs (not a default: timings are not tests):
    ``benchmarks/vector.py`` (``-- --seconds S --rounds R --envs N`` passes options)."""
    session.install("-e", ".[gymnasium]")
    session.run("python", "benchmarks/vector.py", *session.posargs)


#: The versions the MaskablePPO recipe was checked with. Only this torch: the CPU build
#: (any other or an unpinned one pulls a CUDA build of several GB).
MASKABLE_PPO = ("torch==2.13.0", "sb3-contrib==2.9.2")


@nox.session
def maskable_ppo(session: nox.Session) -> None:
    """The MaskablePPO recipe: ``examples/maskable_ppo.py`` trains sb3-contrib's MaskablePPO
    briefly on one seat of Millions against RandomBots and prints its win rates against
    RandomBot and RuleBot with their intervals (not a default: minutes of CPU; ``nox -s
    maskable_ppo -- 60000 300`` passes the timesteps and the games). Its test runs first:
    a brief training, the saved agent seated as ``maskable_ppo:TrainedBot``."""
    session.install(*MASKABLE_PPO, "-e", ".[gymnasium]", "pytest>=7.4", "hypothesis>=6.90")
    session.run("pytest", "-q", "tests/adapters/test_gym_maskable_ppo.py")
    session.run("python", "examples/maskable_ppo.py", *(session.posargs or ["8000", "100"]))


@nox.session
def compiled(session: nox.Session) -> None:
    """The mypyc build (``hatch_build.py``): the wheel, the test suite and the anchors on it.

    Builds the wheel with ``MILLIONS_RULES_COMPILE=1``, installs it (not editable) with the
    ``dev`` extra and OpenSpiel, and runs pytest on ``tests/`` and ``README.md``, whose
    imports then find the installed compiled package (``tests/test_compiled.py`` checks
    that every listed module is an extension module). The source tree's doctests are left
    to ``nox -s tests``: collecting ``src/`` would import the sources instead. Then
    ``benchmarks/anchors.py`` times the compiled engine beside OpenSpiel's and PettingZoo's
    games (``-- --seconds S --rounds R`` passes options to it).
    """
    _install_compiled(session, "dev,pettingzoo,openspiel")
    session.install(*ANCHORS)
    profile = "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
    session.run(
        "pytest",
        f"--hypothesis-profile={profile}",
        "tests",
        "README.md",
        env={"MILLIONS_RULES_EXPECT_COMPILED": "1"},
    )
    session.run("python", "benchmarks/anchors.py", *session.posargs)
