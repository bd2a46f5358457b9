"""Games in words: a notation, menus and status for one seat, and a chat host.

* :func:`command` and :func:`parse_command`: an action as the command a player types, and
  typed text back into one of the seat's legal actions, for both games, in English,
  Spanish and Chinese (the grammar is on the docs' "Notation" page);
* :class:`NotationError`: the refusal, with a stable code and the nearest legal commands.
"""

from __future__ import annotations

from .._common.notation import NOTATION_ERROR_CODES, NotationError
from ._notation import command, legal_actions, parse_command

__all__ = [
    "NOTATION_ERROR_CODES",
    "NotationError",
    "command",
    "legal_actions",
    "parse_command",
]
