"""Field documentation for ``help()``: attribute docstrings copied into the class docstring.

The fields of the attrs classes are documented by a string right under each
field, which Sphinx reads from the source but Python forgets. :func:`document_fields`
reads them back from the defining module's source once, at import, and appends them
to the class docstring under a ``Fields:`` heading, so ``help(GameState)`` lists every
field with its meaning. The Sphinx build drops that appended section (``docs/conf.py``),
since it documents each field itself.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import sys
from typing import Final

__all__ = ["FIELDS_HEADING", "document_fields"]

#: The heading of the appended section.
FIELDS_HEADING: Final = "Fields:"


def _field_docs(tree: ast.Module) -> dict[str, dict[str, str]]:
    """For each class of a module: its fields' docstrings, in order."""
    found: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        docs: dict[str, str] = {}
        for field, following in itertools.pairwise(node.body):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                docs[field.target.id] = inspect.cleandoc(following.value.value)
        found[node.name] = docs
    return found


def document_fields(*classes: type) -> None:
    """Append each class's field docstrings to its ``__doc__`` (all from one module).

    Does nothing when the source cannot be read (as in a zipped application).
    """
    module = sys.modules[classes[0].__module__]
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):  # pragma: no cover - no source at hand
        return
    docs = _field_docs(tree)
    for cls in classes:
        fields = docs.get(cls.__name__, {})
        if not fields or cls.__doc__ is None:
            continue
        lines = [inspect.cleandoc(cls.__doc__), "", FIELDS_HEADING]
        for name, text in fields.items():
            lines.append(f"    {name}")
            lines.extend(f"        {line}" for line in text.splitlines())
        cls.__doc__ = "\n".join(lines) + "\n"
