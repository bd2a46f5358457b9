"""Saved games: a :class:`~millions_rules.GameRecord` is to this game what PGN is to chess.

A record holds the config and every action; loading replays them, so a saved
game is always a reachable game and old saves keep loading as long as the rules
engine plays the same actions the same way (golden saves in the test suite
guard that).

Format history:

* **2** (rules revised 2026-11-29): payments in negotiation only (R-NEG-3), a used
  threat card is discarded (R-NEG-THREAT).
* **1**: the first format. A format-1 save is replayed under the revised rules. One
  that paid during planning is refused (:class:`~millions_rules.DeserializationError`
  with code ``illegal_action``, naming the action); any other replays to the same
  cash and winners, except that once all eight threat cards had been gained a lone
  Brute now gains none where the old rules returned used cards to the supply (and a
  save that later used such a card is refused in the same way).
"""

from __future__ import annotations

from typing import Final

import attrs

from ._actions import Action
from ._config import GameConfig
from ._engine import _require_state, replay
from ._errors import DeserializationError, IllegalActionError
from ._serialization import parse_json, structure, to_json
from ._state import GameState
from ._version import __version__

__all__ = ["FORMAT_VERSION", "GameRecord", "load_game", "save_game"]

#: The record format this library writes and the newest it reads (see the format history
#: in :func:`~millions_rules.load_game`).
FORMAT_VERSION: Final = 2


@attrs.frozen
class GameRecord:
    """A saved game: format version, library version, config and actions.

    >>> from millions_rules import GameConfig, new_game
    >>> record = GameRecord.of(new_game(GameConfig(4, seed=9)))
    >>> record.format_version, record.actions
    (2, ())
    """

    format_version: int
    """The record format (:data:`~millions_rules.FORMAT_VERSION` when written by this library)."""
    library_version: str
    """The version of millions-rules that wrote it (informative)."""
    config: GameConfig
    """The game's config, seed included."""
    actions: tuple[Action, ...]
    """Every action since the start, in order."""

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of a game played from :func:`~millions_rules.new_game` (its :attr:`~millions_rules.GameState.history`).

        Raises:
            IllegalActionError: If ``state`` is no :class:`~millions_rules.GameState`
                (code ``bad_value``).
        """
        _require_state(state)
        return cls(FORMAT_VERSION, __version__, state.config, state.history)

    def replay(self) -> GameState:
        """Play the record's actions.

        Raises:
            DeserializationError: If an action is illegal (``actions[i]: ...``).
        """
        try:
            return replay(self.config, self.actions)
        except IllegalActionError as error:
            note = (
                "; a format-1 save replays under the rules revised 2026-11-29"
                if self.format_version < 2
                else ""
            )
            raise DeserializationError(
                f"{error} (illegal action, code {error.code}{note})"
            ) from None


def save_game(state: GameState) -> str:
    """The JSON text of ``state``'s :class:`~millions_rules.GameRecord`.

    Args:
        state: A state reached from :func:`~millions_rules.new_game` by :func:`~millions_rules.apply`.

    Returns:
        The saved game; :func:`~millions_rules.load_game` turns it back into ``state``.

    Raises:
        IllegalActionError: If ``state`` is no :class:`~millions_rules.GameState`, or was
            not reached from :func:`~millions_rules.new_game` by :func:`~millions_rules.apply`
            (for instance a state from :func:`~millions_rules.sample_state`), so that its
            history cannot rebuild it (code ``bad_value``).

    >>> from millions_rules import GameConfig, new_game
    >>> state = new_game(GameConfig(4, seed=9))
    >>> load_game(save_game(state)) == state
    True
    """
    _require_state(state)
    if replay(state.config, state.history) != state:
        raise IllegalActionError(
            "this state's history does not rebuild it (a sampled or edited state?)", "bad_value"
        )
    return to_json(GameRecord.of(state))


def load_game(text: str | bytes) -> GameState:
    """The state a saved game leads to, by replaying its actions.

    Args:
        text: A saved game, as written by :func:`~millions_rules.save_game`.

    Returns:
        The final state.

    Raises:
        DeserializationError: If the text is no valid record, its format
            version is unknown (saved by a newer library), or an action is illegal.

    Saves of format 1 (before the rules revised on 2026-11-29) are replayed under
    the revised rules: one that paid during planning (R-NEG-3) is refused, naming
    the action; any other replays to the same cash and winners, except that a
    lone Brute gains no threat card once all eight have been gained (R-NEG-THREAT).
    """
    document = parse_json(text)
    if isinstance(document, dict):
        version = document.get("format_version")
        if type(version) is int and version > FORMAT_VERSION:
            raise DeserializationError(
                f"format_version: {version} is newer than this library reads ({FORMAT_VERSION}); "
                "upgrade millions-rules"
            )
    record: GameRecord = structure(document, GameRecord)
    if record.format_version < 1:
        raise DeserializationError(f"format_version: unknown version {record.format_version}")
    return record.replay()
