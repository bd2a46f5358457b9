"""The optional compiled build: ``MILLIONS_RULES_COMPILE=1 pip install .`` compiles the engine.

Without that variable this hook does nothing and the wheel is pure Python
(``py3-none-any``), as always. With it, the modules of :data:`COMPILED_MODULES` are
compiled with mypyc (as mypy and black ship theirs) into C extensions beside their
``.py`` sources, and the wheel is tagged for this interpreter and platform. Python imports
an extension module before a source file of the same name. The build is experimental: it
plays the same games faster, but refuses some wrongly typed input differently (docs'
"Compiled build", Status). The build needs a C compiler and the Python headers;
mypy, setuptools and the package's own dependencies with the ``[fast]`` extra (which mypy
reads to check types) are installed into the build environment by the hook itself.

mypyc compiles modules in a separate copy of ``src/``, so no extension module is ever
left in the source tree (where it would shadow the sources of an editable install).
An editable install (``pip install -e``) is never compiled.

The docs page "Compiled build" (``docs/compiled.rst``) says which modules are compiled
and why the others are not.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from typing import Any

from hatchling.builders.config import BuilderConfig
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that asks for the compiled build (``1``).
COMPILE_VARIABLE = "MILLIONS_RULES_COMPILE"

#: The mypyc version the compiled build is made and tested with.
MYPY = "mypy==2.4.1"

#: The modules compiled by mypyc, as paths under ``src/``: the one list to edit when a
#: module moves. Modules that define attrs classes stay interpreted (mypyc replaces
#: their annotations by bare runtime classes, which attrs and cattrs read: ``ClassVar``
#: fields become attributes and generic fields lose their item types), and so do those
#: whose classes the tests patch (``_log``). See docs/compiled.rst.
COMPILED_MODULES: tuple[str, ...] = (
    # Millions of Dollars: the engine and its phases.
    "millions_rules/millions/_checks.py",
    "millions_rules/millions/_draft.py",
    "millions_rules/millions/_ending.py",
    "millions_rules/millions/_engine.py",
    "millions_rules/millions/_face_down.py",
    "millions_rules/millions/_heist.py",
    "millions_rules/millions/_loot.py",
    "millions_rules/millions/_money.py",
    "millions_rules/millions/_negotiation.py",
    "millions_rules/millions/_planning.py",
    "millions_rules/millions/_random.py",
    "millions_rules/millions/_shortcuts.py",
    # What both games share on their hot paths.
    "millions_rules/_common/interning.py",
    "millions_rules/_common/random.py",
    # Currency Torraku: the engine and its outcome model.
    "millions_rules/torraku/_engine.py",
    "millions_rules/torraku/_model.py",
)

#: The mypyc script run in the copy of ``src/`` (argv: the build directory, the module paths).
_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify

build, modules = sys.argv[1], sys.argv[2:]
sys.argv[1:] = ["build_ext", "--inplace", "--build-lib", build + "/lib", "--build-temp", build + "/tmp"]
setup(
    name="millions-rules-compiled",
    ext_modules=mypycify(modules, opt_level="3", debug_level="0", group_name="millions_rules"),
)
"""


def compile_requested() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(COMPILE_VARIABLE, "") not in ("", "0")


class CompiledBuildHook(BuildHookInterface[BuilderConfig]):
    """Compiles :data:`COMPILED_MODULES` with mypyc when :data:`COMPILE_VARIABLE` is ``1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not compile_requested():
            return []
        # mypy checks the modules the compiled ones import, so it needs the package's
        # dependencies, and the [fast] extra's orjson, which the JSON layer imports.
        core = self.metadata.core
        return [MYPY, "setuptools", *core.dependencies, *core.optional_dependencies["fast"]]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not compile_requested():
            return
        self._workdir = pathlib.Path(tempfile.mkdtemp(prefix="millions-mypyc-"))
        source = self._workdir / "src"
        shutil.copytree(
            pathlib.Path(self.root) / "src",
            source,
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        self.app.display_info(f"mypyc: compiling {len(COMPILED_MODULES)} modules")
        result = subprocess.run(
            [sys.executable, "-c", _SCRIPT, str(self._workdir / "build"), *COMPILED_MODULES],
            cwd=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MYPY_CACHE_DIR": str(self._workdir / "mypy_cache")},
        )
        if result.returncode:
            raise RuntimeError(f"mypyc failed:\n{result.stdout}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = sorted(source.rglob(f"*{suffix}"))
        expected = {module.removesuffix(".py") + suffix for module in COMPILED_MODULES}
        missing = expected - {path.relative_to(source).as_posix() for path in built}
        if missing:
            raise RuntimeError(f"mypyc built no extension for {sorted(missing)}")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(source).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        workdir = getattr(self, "_workdir", None)
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)
