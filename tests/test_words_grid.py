"""The words grid: every message of both games, in every locale, for the counts 0, 1, 2 and 5.

``tests/golden/words_grid.txt`` is the reviewed text; after a message or a translation
changes, regenerate it with ``python tests/words_grid.py`` and review the diff.
"""

from __future__ import annotations

import difflib

from millions_rules import LOCALES

from .test_i18n import _source_messages
from .words_grid import COUNTS, GOLDEN, render_grid


def test_grid_matches_the_reviewed_golden_file() -> None:
    """Every message renders exactly as reviewed, in every locale and for every count."""
    expected = GOLDEN.read_text("utf-8")
    grid = render_grid()
    if grid != expected:
        diff = "\n".join(
            list(difflib.unified_diff(expected.splitlines(), grid.splitlines(), lineterm=""))[:40]
        )
        raise AssertionError(
            "the words grid differs from tests/golden/words_grid.txt; review the change and "
            f"regenerate it with `python tests/words_grid.py`:\n{diff}"
        )


def test_every_message_is_in_the_grid() -> None:
    """The golden grid holds a block for each message of the source, both games, all locales."""
    blocks = GOLDEN.read_text("utf-8").strip().split("\n\n")
    keys = set()
    for block in blocks:
        header, *lines = block.splitlines()
        context, english = header.removeprefix("## ").split(" | ", 2)[:2]
        keys.add((context, english))
        shown = {line.split(":", 1)[0].split(" ")[0] for line in lines}
        assert shown == set(LOCALES), header
        assert len(lines) in range(len(LOCALES), len(LOCALES) * len(COUNTS) + 1), header
    assert keys == set(_source_messages())
    assert any(context.startswith("torraku.") for context, _ in keys)
    assert any(context.startswith("event.") for context, _ in keys)


def test_no_message_hedges_its_number() -> None:
    """Plural forms, not "(s)": no message of any language writes "character(s)"."""
    grid = GOLDEN.read_text("utf-8")
    assert "(s)" not in grid and "(es)" not in grid
