"""How a public package presents the names it exports.

Public classes and functions say they live in the package users import them from: that is
where the docs list them, and what reprs and pickles show.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping

__all__ = ["present_as_public"]


def present_as_public(package: str, namespace: Mapping[str, object], names: Iterable[str]) -> None:
    """Set ``__module__`` to ``package`` on each class and function of ``names`` defined below it.

    Names a package re-exports from elsewhere (another public package, the common layer
    re-exported by two games) keep the module they already claim. The defining module is
    kept in ``_defined_in``, read by the docs and the JSON writers.
    """
    for name in names:
        obj = namespace[name]
        if isinstance(obj, (type, types.FunctionType)) and obj.__module__.startswith(package + "."):
            if not getattr(obj, "_is_protocol", False):
                # A protocol's attributes are its members: isinstance() would then ask
                # every object for ``_defined_in`` too.
                obj._defined_in = obj.__module__  # type: ignore[union-attr]
            obj.__module__ = package
        elif isinstance(obj, types.BuiltinFunctionType) and obj.__module__.startswith(
            package + "."
        ):
            # A function of the optional compiled build (mypyc, docs' "Compiled build"):
            # it has no attribute dictionary to keep _defined_in, but it can say where
            # users import it from.
            obj.__module__ = package


def present_here(package: str, namespace: Mapping[str, object], names: Iterable[str]) -> None:
    """Present the classes of ``names``, defined in a lower layer, as ``package``'s own.

    For the public names a package re-exports from the common layer or from a game's wing
    (``millions_rules.bots.RuleBot`` lives in the Millions wing): reprs and pickles name the
    package users import them from, as :func:`present_as_public` does for its own.
    """
    for name in names:
        obj = namespace[name]
        if isinstance(obj, type) and obj.__module__ != package:
            if not getattr(obj, "_is_protocol", False):
                obj._defined_in = obj.__module__  # type: ignore[attr-defined]
            obj.__module__ = package
