"""Games in words: a notation, menus and status for one seat, and a chat host.

* :func:`command` and :func:`parse_command`: an action as the command a player types, and
  typed text back into one of the seat's legal actions, for both games (and any game
  whose :attr:`~millions_rules.games.Companions.text` gives its words), in English,
  Spanish and Chinese (the grammar is on the docs' "Notation" page);
* :class:`NotationError`: the refusal, with a stable code and the nearest legal commands;
* :func:`status` and :func:`menu`: what a seat knows and what it can do now, in words, each
  command with a short explanation and a :attr:`~MenuEntry.secret` flag (:func:`is_secret`);
  :func:`torraku_phase_name` names Torraku's phases; :func:`narrate` tells a seat its own
  secrets in the second person;
* :class:`ChatHost`: a table of either game in a chat, people and bots, stored as the web
  server stores its tables; it speaks in :class:`Message` objects.
"""

from __future__ import annotations

from .._common.notation import NOTATION_ERROR_CODES, NotationError
from .._common.public import present_as_public, present_here
from ._host import BOT_KINDS, ChatHost, Message
from ._notation import command, legal_actions, parse_command
from ._words import MenuEntry, is_secret, menu, narrate, status, torraku_phase_name

__all__ = [
    "BOT_KINDS",
    "ChatHost",
    "Message",
    "NOTATION_ERROR_CODES",
    "MenuEntry",
    "NotationError",
    "command",
    "is_secret",
    "legal_actions",
    "menu",
    "narrate",
    "parse_command",
    "status",
    "torraku_phase_name",
]

present_as_public(__name__, globals(), __all__)
present_here(__name__, globals(), ["MenuEntry"])
