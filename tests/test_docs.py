"""The documentation's own code examples fit the width of the page."""

from __future__ import annotations

import pathlib
import re

DOCS = pathlib.Path(__file__).parent.parent / "docs"
# Furo's text column holds about 90 characters of code; on a phone, docs/_static/custom.css
# wraps the lines that are longer than the screen.
WIDTH = 88


def _code_lines(text: str) -> list[str]:
    lines: list[str] = []
    in_block = False
    for line in text.splitlines():
        stripped = line.strip()
        if re.match(r"\.\. (code-block|code|doctest|testcode|literalinclude)::", stripped):
            in_block = True
            continue
        if stripped.startswith(".. "):  # another directive (a table, a note...): prose
            in_block = False
            continue
        if line.endswith("::"):  # a paragraph introducing a literal block
            in_block = True
            continue
        if in_block and line and not line[0].isspace():
            in_block = False
        if in_block or stripped.startswith((">>>", "...")):
            lines.append(line)
    return lines


def test_code_examples_fit_the_page() -> None:
    """No line of a code example in the docs pages is wider than the text column."""
    wide = [
        f"{path.name}: {line.strip()}"
        for path in sorted([*DOCS.glob("*.rst"), *(DOCS / "api").glob("*.rst")])
        for line in _code_lines(path.read_text("utf-8"))
        if len(line) > WIDTH
    ]
    assert wide == []


def test_included_typescript_fits_the_page() -> None:
    """No line of a TypeScript file that a docs page includes whole is wider either (the
    Python examples are shown by ``:pyobject:`` and follow ruff's width)."""
    included = {
        (path.parent / match).resolve()
        for path in sorted(DOCS.rglob("*.rst"))
        for match in re.findall(r"^\.\. literalinclude:: (\S+\.ts)$", path.read_text("utf-8"), re.M)
    }
    assert sorted(path.name for path in included) == ["client.ts", "run.ts", "validate.ts"]
    wide = [
        f"{path.name}: {line.strip()}"
        for path in sorted(included)
        for line in path.read_text("utf-8").splitlines()
        if len(line) > WIDTH
    ]
    assert wide == []
