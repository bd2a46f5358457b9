"""The optional compiled build: ``MILLIONS_RULES_COMPILE=1 pip install .`` compiles the engine.

Without that variable this hook does nothing and the wheel is pure Python
(``py3-none-any``), as always. With it, the modules of :data:`COMPILED_MODULES` are
compiled with mypyc (as mypy and black ship theirs) into C extensions beside their
``.py`` sources, and the wheel is tagged for this interpreter and platform. Python imports
an extension module before a source file of the same name. The build behaves as the pure
one, hostile input and docstrings included (docs' "Compiled build", Status), and plays
the same games faster. The build needs a C compiler and the Python headers;
mypy, setuptools and the package's own dependencies with the ``[fast]`` extra (which mypy
reads to check types) are installed into the build environment by the hook itself.

mypyc compiles modules in a separate copy of ``src/``, so no extension module is ever
left in the source tree (where it would shadow the sources of an editable install): the
hook runs this file there as a script (:func:`compile_modules`), which also writes each
function's docstring into the C that mypyc generates (:func:`add_docstrings`; mypyc keeps
only the signatures). An editable install (``pip install -e``) is never compiled.

The docs page "Compiled build" (``docs/compiled.rst``) says which modules are compiled
and why the others are not.
"""

from __future__ import annotations

import ast
import os
import pathlib
import re
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
#: fields become attributes and generic fields lose their item types). See
#: docs/compiled.rst.
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
    "millions_rules/_common/log.py",
    "millions_rules/_common/random.py",
    # Currency Torraku: the engine and its outcome model.
    "millions_rules/torraku/_engine.py",
    "millions_rules/torraku/_model.py",
)

# The C that mypyc generates for each module: its definition (the prefix of its names
# and the module's name), its table of functions, and each function's entry in the
# table, the documentation a string literal or NULL. As mypy 2.4.1 (MYPY) writes them;
# compile_modules fails if they change.
_MODULE_DEF = re.compile(
    r'static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,\s*"([\w.]+)"'
)
_METHOD_TABLE = re.compile(
    r"static PyMethodDef (\w+)module_methods\[\] = \{(.*?)\{NULL, NULL, 0, NULL\}", re.S
)
_METHOD_ENTRY = re.compile(
    r'(\{"(\w+)", \(PyCFunction\)\w+, [\w |]+, PyDoc_STR\()("(?:[^"\\]|\\.)*"|NULL)(\) /\* docstring \*/\})'
)


def docstrings(source: str) -> dict[str, str]:
    """The docstrings of the module-level functions of a module's ``source``, cleaned."""
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                found[node.name] = doc
    return found


def c_string(text: str) -> str:
    """``text`` as a C string literal of its UTF-8 bytes, one literal a line of text."""
    pieces = []
    for line in text.encode("utf-8").splitlines(keepends=True):
        escaped = "".join(
            chr(byte) if 32 <= byte < 127 and chr(byte) not in '"\\?' else f"\\{byte:03o}"
            for byte in line
        )
        pieces.append(f'"{escaped}"')
    return " ".join(pieces) or '""'


def add_docstrings(c_source: str, documented: dict[str, dict[str, str]]) -> tuple[str, int]:
    """``c_source`` with each native function's docstring after its text signature.

    mypyc 2.4.1 gives a compiled function a ``__doc__`` of its text signature only
    (mypyc/mypyc#437), which leaves ``__doc__`` empty and ``help()`` without the text.
    Its method tables are static C arrays, one per module: each entry's documentation is
    ``"name(signature)\\n--\\n\\n"``, of which CPython makes ``__text_signature__`` and
    ``__doc__`` the rest. ``documented`` maps each module to the docstrings of its
    functions (:func:`docstrings`). Returns the new source and the number of docstrings
    added.
    """
    modules = dict(_MODULE_DEF.findall(c_source))
    added = 0

    def table(match: re.Match[str]) -> str:
        nonlocal added
        functions = documented.get(modules.get(match.group(1), ""), {})

        def entry(item: re.Match[str]) -> str:
            nonlocal added
            doc = functions.get(item.group(2))
            if doc is None:
                return item.group(0)
            signature = "" if item.group(3) == "NULL" else item.group(3)
            added += 1
            return f"{item.group(1)}{signature} {c_string(doc)}{item.group(4)}"

        return _METHOD_ENTRY.sub(entry, match.group(0))

    return _METHOD_TABLE.sub(table, c_source), added


def compile_modules(build: str, modules: list[str]) -> None:
    """Run mypyc on ``modules`` (paths under the current directory, a copy of ``src/``).

    The C that mypyc generates is given the functions' docstrings (:func:`add_docstrings`)
    before it is compiled into extension modules beside the sources.
    """
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped,unused-ignore]

    extensions = mypycify(modules, opt_level="3", debug_level="0", group_name="millions_rules")
    documented = {
        path.removesuffix(".py").replace("/", "."): docstrings(
            pathlib.Path(path).read_text(encoding="utf-8")
        )
        for path in modules
    }
    expected = sum(map(len, documented.values()))
    added = 0
    for c_file in {source for extension in extensions for source in extension.sources}:
        path = pathlib.Path(c_file)
        text, count = add_docstrings(path.read_text(encoding="utf-8"), documented)
        if count:
            path.write_text(text, encoding="utf-8")
            added += count
    if added != expected:
        raise RuntimeError(f"mypyc: {added} of {expected} docstrings found a method table entry")
    sys.argv[1:] = [
        "build_ext",
        "--inplace",
        "--build-lib",
        build + "/lib",
        "--build-temp",
        build + "/tmp",
    ]
    setup(name="millions-rules-compiled", ext_modules=extensions)


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
            [
                sys.executable,
                str(pathlib.Path(self.root) / "hatch_build.py"),
                str(self._workdir / "build"),
                *COMPILED_MODULES,
            ],
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


if __name__ == "__main__":  # the hook runs this file in the copy of src/: build dir, modules
    compile_modules(sys.argv[1], sys.argv[2:])
