"""Saved Currency Torraku games: a :class:`TorrakuRecord` holds the config and every action.

Loading replays the actions, so a saved game is always a reachable game; golden saves in
the test suite guard that old saves keep loading the same way.

Format versions:

* **1**: the first format: config and actions.
* **2**: adds the record's ``tags`` (headers such as ``event``, ``site``, ``seat_0``), as
  Millions' records have them. A format-1 save reads with no tags.
"""

# No ``from __future__ import annotations``: the record class is presented as a member of
# ``millions_rules.torraku``, where its field types must resolve at run time.

from collections.abc import Mapping
from typing import Final

import attrs

from .._common.i18n import msg
from .._common.json import parse_json
from .._common.limits import MAX_ARRAY_LENGTH
from .._common.records import check_format, check_saveable, refuse_newer, replay_record
from .._common.tags import as_tags
from .._version import __version__
from ._actions import Action
from ._config import TorrakuConfig
from ._engine import _require_state, apply, new_game, replay
from ._errors import illegal
from ._serialization import FORMAT
from ._state import TorrakuState

__all__ = ["FORMAT_VERSION", "TorrakuRecord", "load_game", "save_game"]

#: The Torraku record format this library writes and the newest it reads.
FORMAT_VERSION: Final = 2


@attrs.frozen
class TorrakuRecord:
    """A saved Torraku game: format version, library version, config and actions.

    >>> from millions_rules.torraku import TorrakuConfig, new_game
    >>> TorrakuRecord.of(new_game(TorrakuConfig(2, seed=9))).actions
    ()
    """

    format_version: int
    """The record format (:data:`FORMAT_VERSION` when written by this library)."""
    library_version: str
    """The version of millions-rules that wrote it (informative)."""
    config: TorrakuConfig
    """The game's config, seed included."""
    actions: tuple[Action, ...]
    """Every action since the start, in order."""
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=as_tags, kw_only=True)
    """Headers such as ``event``, ``site``, ``date``, ``seat_0``, ``result`` (read-only).
    Names match :data:`~millions_rules.TAG_NAME_PATTERN`; at most
    :data:`~millions_rules.MAX_TAGS`. A format-1 save has none."""

    @classmethod
    def of(cls, state: TorrakuState, *, tags: Mapping[str, str] | None = None) -> "TorrakuRecord":
        """The record of a game played from :func:`~millions_rules.torraku.new_game`.

        Raises:
            ConfigError: If a tag name or value is not text of the documented form.
            IllegalActionError: If ``state`` is no state (code ``bad_value``).
        """
        _require_state(state)
        return cls(
            FORMAT_VERSION,
            __version__,
            state.config,
            state.history,
            tags={} if tags is None else tags,
        )

    def replay(self) -> TorrakuState:
        """Play the record's actions.

        Raises:
            DeserializationError: If an action is illegal (code ``illegal_action``,
                path ``actions[i]``).
        """
        return replay_record(new_game(self.config), apply, self.actions)


def save_game(state: TorrakuState, *, tags: Mapping[str, str] | None = None) -> str:
    """The JSON text of ``state``'s :class:`TorrakuRecord`.

    Args:
        state: A state reached from :func:`~millions_rules.torraku.new_game` by
            :func:`~millions_rules.torraku.apply`.
        tags: Headers to store with the game (:attr:`TorrakuRecord.tags`).

    Raises:
        ConfigError: If the tags are not as :attr:`TorrakuRecord.tags` says.
        IllegalActionError: If ``state``'s history does not rebuild it, an edited state
            (code ``bad_value``; a ``ValueError`` too).
        DeserializationError: If the record could not be read back (more than
            ``MAX_ARRAY_LENGTH`` actions, or more than ``MAX_DOCUMENT_SIZE`` bytes).

    >>> from millions_rules.torraku import Bet, PieceKind, TorrakuConfig, apply, new_game
    >>> state = apply(new_game(TorrakuConfig(2, seed=9)), Bet(0, [PieceKind.VAN]))
    >>> load_game(save_game(state)) == state
    True
    >>> dict(TorrakuRecord.of(state, tags={"site": "Lyon"}).tags)
    {'site': 'Lyon'}
    """
    _require_state(state)
    record = TorrakuRecord.of(state, tags=tags)
    if len(record.actions) <= MAX_ARRAY_LENGTH and replay(state.config, state.history) != state:
        illegal(
            msg("error.bad_value", "this state's history does not rebuild it (an edited state?)"),
            "bad_value",
        )
    return check_saveable(len(record.actions), lambda: FORMAT.to_json(record))


def load_game(text: str | bytes) -> TorrakuState:
    """The state a saved game leads to, by replaying its actions.

    Raises:
        DeserializationError: If the text is no valid record (the path and code say why),
            its format is newer than this library reads (``newer_format``) or unknown
            (``unknown_format``), or an action is illegal (``illegal_action``).
    """
    document = parse_json(text)
    refuse_newer(document, FORMAT_VERSION)
    record: TorrakuRecord = FORMAT.structure(document, TorrakuRecord)
    check_format(record.format_version)
    return record.replay()
