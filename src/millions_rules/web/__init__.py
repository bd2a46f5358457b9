"""The reference web server: many tables, stored in a database, and a plain HTML page.

Install the extra (``pip install "millions-rules[web]"``) and run
``python -m millions_rules serve``. The server keeps each table's only state, writes every
accepted action to its database (SQLite by default, PostgreSQL with the ``postgres``
extra) before answering, and each seat joins through its own secret link and sees only
its view.
"""

from __future__ import annotations

from .._common.public import present_as_public
from ._app import create_app
from ._serve import serve
from ._server import MAX_TABLES, Server
from ._store import ActionRow, Store, StoreError, TableRow, open_store
from ._table import NAMES, Clock, Table, TableError
from ._words import words

__all__ = [
    "MAX_TABLES",
    "NAMES",
    "ActionRow",
    "Clock",
    "Server",
    "Store",
    "StoreError",
    "Table",
    "TableError",
    "TableRow",
    "create_app",
    "open_store",
    "serve",
    "words",
]

present_as_public(__name__, globals(), __all__)
