"""The reference web table: a Starlette server and a plain HTML/CSS/JavaScript page.

Install the extra (``pip install "millions-rules[web]"``) and run
``python -m millions_rules serve``. The server keeps the only
:class:`~millions_rules.GameState`; each seat joins through its own secret link and
sees only its :func:`~millions_rules.view`.
"""

from __future__ import annotations

from ._app import create_app
from ._serve import serve
from ._table import NAMES, Table, TableError
from ._words import words

__all__ = ["NAMES", "Table", "TableError", "create_app", "serve", "words"]
