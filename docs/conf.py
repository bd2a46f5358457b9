"""Sphinx configuration for the millions-rules documentation."""

from __future__ import annotations

import pathlib
import tempfile
import zlib
from importlib.metadata import version as _version
from typing import Any

project = "millions-rules"
author = "The millions-rules developers"
copyright = "2026, The millions-rules developers"
release = _version("millions-rules")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
nitpicky = True
# Type variables and aliases of private modules have no page of their own.
nitpick_ignore = [
    ("py:class", "T"),
    # The adapters' per-game protocol is private; numpy has no inventory here.
    ("py:class", "GameAdapter"),
    ("py:class", "np.ndarray"),
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.int64"),
    # Gymnasium has no inventory here: the environments' base classes.
    ("py:class", "gymnasium.core.Env"),
    ("py:class", "gymnasium.vector.vector_env.VectorEnv"),
    # PettingZoo has no inventory: the checking layer's base class and its type parameters.
    ("py:class", "pettingzoo.utils.wrappers.order_enforcing.OrderEnforcingWrapper"),
    ("py:class", "AECEnv"),
    ("py:class", "AgentID"),
    ("py:class", "ObsType"),
    ("py:class", "ActionType"),
    ("py:class", "millions_rules.millions._random.T"),
    ("py:class", "millions_rules.millions._serialization.T"),
    ("py:class", "millions_rules.torraku._serialization.T"),
    ("py:class", "millions_rules._common.random.T"),
    ("py:class", "millions_rules._common.records.S"),
    ("py:class", "millions_rules._common.json.T"),
    ("py:class", "millions_rules._common.interning.T"),
    ("py:class", "Extra"),
    ("py:class", "millions_rules.millions._log.T"),
    ("py:obj", "millions_rules.millions._log.T"),
    ("py:class", "millions_rules._common.log.T"),
    ("py:obj", "millions_rules._common.log.T"),
    ("py:class", "millions_rules._common.adapter.TableT"),
    ("py:obj", "millions_rules._common.adapter.TableT"),
    ("py:class", "TypeAlias"),
    # The game interface's type parameters.
    ("py:class", "ConfigT"),
    ("py:class", "StateT"),
    ("py:class", "ActionT"),
    ("py:class", "ViewT"),
    ("py:class", "millions_rules._common.game.ConfigT"),
    ("py:obj", "millions_rules._common.game.ConfigT"),
    ("py:class", "millions_rules._common.game.StateT"),
    ("py:obj", "millions_rules._common.game.StateT"),
    ("py:class", "millions_rules._common.game.ActionT"),
    ("py:obj", "millions_rules._common.game.ActionT"),
    ("py:class", "millions_rules._common.game.ViewT"),
    ("py:obj", "millions_rules._common.game.ViewT"),
    ("py:class", "millions_rules._common.game.T"),
    ("py:obj", "millions_rules._common.game.T"),
    ("py:class", "millions_rules._common.game.StateT_contra"),
    ("py:obj", "millions_rules._common.game.StateT_contra"),
    ("py:class", "millions_rules._common.game.ViewT_contra"),
    ("py:obj", "millions_rules._common.game.ViewT_contra"),
    ("py:class", "millions_rules._common.game.ActionT_co"),
    ("py:obj", "millions_rules._common.game.ActionT_co"),
    # The adapters' base classes and spaces belong to libraries without inventories here.
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "gymnasium.spaces.Dict"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "pyspiel.Game"),
    ("py:class", "pyspiel.State"),
    # The web table's optional dependencies have no inventory here.
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "Starlette"),
    ("py:class", "TextIO"),
    # The type variables of the game interface and of the bots written once for every game.
    *[
        (role, f"{prefix}{name}")
        for role in ("py:class", "py:obj")
        for prefix in ("", "millions_rules._common.game.")
        for name in (
            "ConfigT",
            "StateT",
            "ViewT",
            "ActionT",
            "T",
            "StateT_contra",
            "ViewT_contra",
            "ActionT_co",
        )
    ],
    ("py:class", "millions_rules.bots._protocol.A"),
    ("py:class", "millions_rules.bots._random_bot.A"),
    ("py:class", "millions_rules.bots._ismcts.A"),
    ("py:class", "millions_rules._common.random_bot.A"),
    ("py:obj", "millions_rules.web._table.StateT"),
    ("py:class", "millions_rules.web._table.StateT"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
myst_heading_anchors = 3

# Furo, as attrs and cattrs use: responsive, readable on a phone, light and dark.
html_theme = "furo"
html_title = f"millions-rules {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]

doctest_global_setup = "from millions_rules import *\nfrom millions_rules.adapters import *\nfrom millions_rules.bots import *"

# -- intersphinx without the network ---------------------------------------------------
# The documentation must build where only package registries are reachable, so the
# inventories of the projects we link to are written here for the names we use. The
# links point to the real documentation.

_INVENTORIES = {
    "python": (
        "https://docs.python.org/3",
        "Python",
        [
            ("int", "py:class", "library/functions.html#int"),
            (
                "collections.abc.Iterator",
                "py:class",
                "library/collections.abc.html#collections.abc.Iterator",
            ),
            ("str", "py:class", "library/stdtypes.html#str"),
            ("bool", "py:class", "library/functions.html#bool"),
            ("float", "py:class", "library/functions.html#float"),
            ("bytes", "py:class", "library/stdtypes.html#bytes"),
            ("tuple", "py:class", "library/stdtypes.html#tuple"),
            ("list", "py:class", "library/stdtypes.html#list"),
            ("dict", "py:class", "library/stdtypes.html#dict"),
            ("frozenset", "py:class", "library/stdtypes.html#frozenset"),
            ("object", "py:class", "library/functions.html#object"),
            ("type", "py:class", "library/functions.html#type"),
            ("None", "py:data", "library/constants.html#None"),
            ("Exception", "py:exception", "library/exceptions.html#Exception"),
            ("ValueError", "py:exception", "library/exceptions.html#ValueError"),
            ("KeyError", "py:exception", "library/exceptions.html#KeyError"),
            ("TypeError", "py:exception", "library/exceptions.html#TypeError"),
            ("AttributeError", "py:exception", "library/exceptions.html#AttributeError"),
            ("RecursionError", "py:exception", "library/exceptions.html#RecursionError"),
            ("typing.Any", "py:data", "library/typing.html#typing.Any"),
            ("typing.Final", "py:data", "library/typing.html#typing.Final"),
            ("typing.ClassVar", "py:data", "library/typing.html#typing.ClassVar"),
            ("typing.Union", "py:data", "library/typing.html#typing.Union"),
            (
                "collections.abc.Iterable",
                "py:class",
                "library/collections.abc.html#collections.abc.Iterable",
            ),
            (
                "collections.abc.Sequence",
                "py:class",
                "library/collections.abc.html#collections.abc.Sequence",
            ),
            (
                "collections.abc.Mapping",
                "py:class",
                "library/collections.abc.html#collections.abc.Mapping",
            ),
            (
                "collections.abc.Callable",
                "py:class",
                "library/collections.abc.html#collections.abc.Callable",
            ),
            ("enum.Enum", "py:class", "library/enum.html#enum.Enum"),
            (
                "collections.abc.Hashable",
                "py:class",
                "library/collections.abc.html#collections.abc.Hashable",
            ),
            (
                "concurrent.futures.ProcessPoolExecutor",
                "py:class",
                "library/concurrent.futures.html#concurrent.futures.ProcessPoolExecutor",
            ),
            ("json.dumps", "py:function", "library/json.html#json.dumps"),
            ("json.loads", "py:function", "library/json.html#json.loads"),
            ("random", "py:module", "library/random.html#module-random"),
            ("secrets", "py:module", "library/secrets.html#module-secrets"),
            (
                "secrets.token_urlsafe",
                "py:function",
                "library/secrets.html#secrets.token_urlsafe",
            ),
            ("time.time", "py:function", "library/time.html#time.time"),
            ("random.shuffle", "py:function", "library/random.html#random.shuffle"),
            ("random.Random", "py:class", "library/random.html#random.Random"),
            ("typing.Protocol", "py:class", "library/typing.html#typing.Protocol"),
            ("pickle", "py:module", "library/pickle.html#module-pickle"),
            ("gettext", "py:module", "library/gettext.html#module-gettext"),
            (
                "gettext.NullTranslations",
                "py:class",
                "library/gettext.html#gettext.NullTranslations",
            ),
        ],
    ),
    "attrs": (
        "https://www.attrs.org/en/stable",
        "attrs",
        [
            ("attrs.frozen", "py:function", "api.html#attrs.frozen"),
            ("attrs.evolve", "py:function", "api.html#attrs.evolve"),
            ("attrs.field", "py:function", "api.html#attrs.field"),
            ("attrs.Attribute", "py:class", "api.html#attrs.Attribute"),
        ],
    ),
    "cattrs": (
        "https://catt.rs/en/stable",
        "cattrs",
        [
            ("cattrs.Converter", "py:class", "cattrs.html#cattrs.Converter"),
            ("cattrs.converters.Converter", "py:class", "cattrs.html#cattrs.Converter"),
            (
                "cattrs.strategies.configure_tagged_union",
                "py:function",
                "strategies.html#cattrs.strategies.configure_tagged_union",
            ),
        ],
    ),
}


def _write_inventory(project_name: str, entries: list[tuple[str, str, str]]) -> str:
    header = (
        f"# Sphinx inventory version 2\n# Project: {project_name}\n# Version: \n"
        "# The remainder of this file is compressed using zlib.\n"
    ).encode()
    body = "".join(f"{name} {role} 1 {uri} -\n" for name, role, uri in entries).encode()
    path = pathlib.Path(tempfile.mkdtemp(prefix="inv-")) / "objects.inv"
    path.write_bytes(header + zlib.compress(body))
    return str(path)


intersphinx_mapping = {
    key: (url, _write_inventory(name, entries))
    for key, (url, name, entries) in _INVENTORIES.items()
}


def _document_where_defined() -> None:
    """Point autodoc at the private module that defines each public name.

    At run time the public classes and functions say they live in ``millions_rules``
    (``_present_as_public`` in the package). Sphinx reads the docstrings under attrs
    fields from the defining module's source, so for the docs their ``__module__`` goes
    back to it; autodoc then records that canonical name as an alias of the public one,
    and annotations that name the private module still resolve.
    """
    import types

    import millions_rules
    import millions_rules.text
    import millions_rules.torraku

    for package in (millions_rules, millions_rules.torraku, millions_rules.text):
        for name in package.__all__:
            obj = getattr(package, name)
            defined_in = getattr(obj, "_defined_in", None)
            if isinstance(defined_in, str) and isinstance(obj, (type, types.FunctionType)):
                obj.__module__ = defined_in


_document_where_defined()
python_use_unqualified_type_names = True


def _drop_fields_section(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Drop the ``Fields:`` section appended for ``help()``: autodoc documents each field."""
    from millions_rules.millions._fields import FIELDS_HEADING

    if FIELDS_HEADING in lines:
        del lines[lines.index(FIELDS_HEADING) :]


def setup(app: Any) -> None:
    """Register the docstring filter (it runs before napoleon reads the sections)."""
    app.connect("autodoc-process-docstring", _drop_fields_section, priority=100)
