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

# No ``from __future__ import annotations``: the classes are presented as members of
# ``millions_rules``, whose namespace cannot resolve names such as ``Mapping``.

from collections.abc import Mapping
from typing import Final

import attrs

from .._common.records import check_format, check_saveable, refuse_newer, replay_record
from .._common.tags import MAX_TAGS, TAG_NAME_PATTERN, as_tags
from .._version import __version__
from ._actions import Action
from ._checks import illegal, require_seat
from ._config import GameConfig
from ._engine import _require_state, apply, new_game, replay
from ._errors import DeserializationError, IllegalActionError
from ._events import Event, GameWon
from ._fields import document_fields
from ._limits import MAX_ARRAY_LENGTH
from ._serialization import parse_json, structure, to_json
from ._state import GameState
from ._text import msg
from ._views import PublicConfig, public_config, visible_events

__all__ = [
    "FORMAT_VERSION",
    "MAX_TAGS",
    "TAG_NAME_PATTERN",
    "GameRecord",
    "PublicRecord",
    "load_game",
    "load_public_record",
    "public_record",
    "save_game",
]

#: The record format this library writes and the newest it reads (see the format history
#: in :func:`~millions_rules.load_game`).
FORMAT_VERSION: Final = 2


@attrs.frozen
class GameRecord:
    """A saved game: format version, library version, config, tags and actions.

    The tags are free text headers, as in PGN; by convention ``event``, ``site``,
    ``date`` (ISO 8601), ``seat_0`` ... ``seat_7`` (the players' names by seat) and
    ``result``, plus any other names a program wants.

    >>> from millions_rules import GameConfig, new_game
    >>> record = GameRecord.of(new_game(GameConfig(4, seed=9)), tags={"event": "Club night"})
    >>> record.format_version, record.actions, dict(record.tags)
    (2, (), {'event': 'Club night'})
    """

    format_version: int
    """The record format (:data:`~millions_rules.FORMAT_VERSION` when written by this library)."""
    library_version: str
    """The version of millions-rules that wrote it (informative)."""
    config: GameConfig
    """The game's config, seed included."""
    actions: tuple[Action, ...]
    """Every action since the start, in order."""
    tags: Mapping[str, str] = attrs.field(factory=dict, converter=as_tags, kw_only=True)
    """Headers such as ``event``, ``site``, ``date``, ``seat_0``, ``result`` (read-only).
    Names match :data:`~millions_rules.TAG_NAME_PATTERN`; at most
    :data:`~millions_rules.MAX_TAGS`. A format-1 save has none."""

    @classmethod
    def of(cls, state: GameState, *, tags: Mapping[str, str] | None = None) -> "GameRecord":
        """The record of a game played from :func:`~millions_rules.new_game` (its :attr:`~millions_rules.GameState.history`).

        Raises:
            ConfigError: If a tag name or value is not text of the documented form.
            IllegalActionError: If ``state`` is no :class:`~millions_rules.GameState`
                (code ``bad_value``).
        """
        _require_state(state)
        return cls(
            FORMAT_VERSION,
            __version__,
            state.config,
            state.history,
            tags={} if tags is None else tags,
        )

    def replay(self) -> GameState:
        """Play the record's actions.

        Raises:
            DeserializationError: If an action is illegal (``actions[i]: ...``).
        """
        note = (
            "; a format-1 save replays under the rules revised 2026-11-29"
            if self.format_version < 2
            else ""
        )
        return replay_record(new_game(self.config), apply, self.actions, note)


def save_game(state: GameState, *, tags: Mapping[str, str] | None = None) -> str:
    """The JSON text of ``state``'s :class:`~millions_rules.GameRecord`.

    Args:
        state: A state reached from :func:`~millions_rules.new_game` by :func:`~millions_rules.apply`.
        tags: Headers to store with the game (:attr:`~millions_rules.GameRecord.tags`).

    Returns:
        The saved game; :func:`~millions_rules.load_game` turns it back into ``state``.

    Raises:
        IllegalActionError: If ``state`` is no :class:`~millions_rules.GameState`, or was
            not reached from :func:`~millions_rules.new_game` by :func:`~millions_rules.apply`
            (for instance a state from :func:`~millions_rules.sample_state`), so that its
            history cannot rebuild it (code ``bad_value``).
        ConfigError: If the tags are not as :attr:`~millions_rules.GameRecord.tags` says.
        DeserializationError: If the record would be larger than
            :data:`~millions_rules.MAX_DOCUMENT_SIZE` bytes or hold more than
            :data:`~millions_rules.MAX_ARRAY_LENGTH` actions, so that
            :func:`~millions_rules.load_game` could not read it back (codes
            ``too_large``, ``too_many_items``).

    >>> from millions_rules import GameConfig, new_game
    >>> state = new_game(GameConfig(4, seed=9))
    >>> load_game(save_game(state, tags={"site": "Lyon"})) == state
    True
    """
    record = GameRecord.of(state, tags=tags)
    if len(record.actions) <= MAX_ARRAY_LENGTH and replay(state.config, state.history) != state:
        raise IllegalActionError._from_text(
            msg(
                "error.bad_value",
                "this state's history does not rebuild it (a sampled or edited state?)",
            ),
            "bad_value",
        )
    return check_saveable(len(record.actions), lambda: to_json(record))


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
    refuse_newer(document, FORMAT_VERSION)
    record: GameRecord = structure(document, GameRecord)
    check_format(record.format_version)
    return record.replay()


# -- public records ------------------------------------------------------------------


@attrs.frozen
class PublicRecord:
    """A game as one seat (or a spectator) saw it: shareable, with no secret of others.

    Made by :func:`~millions_rules.public_record` and read by
    :func:`~millions_rules.load_public_record`. Unlike a
    :class:`~millions_rules.GameRecord` it cannot be replayed: it holds the events the
    seat could see, not the actions, and the config without its seed.
    """

    format_version: int
    """The record format (:data:`~millions_rules.FORMAT_VERSION`)."""
    library_version: str
    """The version of millions-rules that wrote it (informative)."""
    seat: int | None
    """The seat whose knowledge the record holds, or ``None`` for a spectator's."""
    config: PublicConfig
    """The game's rules, without the seed."""
    tags: Mapping[str, str] = attrs.field(converter=as_tags)
    """Headers, as :attr:`~millions_rules.GameRecord.tags`."""
    version: int
    """The number of rule actions played (:attr:`~millions_rules.GameState.rule_version`,
    which counts no talk nor offer that the seat might not see, R-DEAL-4)."""
    events: tuple[Event, ...]
    """Everything the seat could see, in order (:func:`~millions_rules.visible_events`)."""
    result: GameWon | None
    """The end of the game (winners, final cash, reason), or ``None`` if it goes on."""


document_fields(GameRecord, PublicRecord)


def public_record(
    state: GameState, seat: int | None = None, *, tags: Mapping[str, str] | None = None
) -> str:
    """The JSON text of the game as ``seat`` saw it (``None``: a spectator), to share.

    The record holds the public config (no seed), the tags, the seat's visible
    events and the result; nothing that seat may not know (R-INFO): two games that
    differ only in what the seat does not know give the same text. It may be sent
    to that seat (or, for ``None``, to anyone) during the game or after it.

    Args:
        state: Any state (a sampled one included).
        seat: A seat, or ``None`` for what everyone saw.
        tags: Headers, as :attr:`~millions_rules.GameRecord.tags`.

    Returns:
        The JSON text of a :class:`~millions_rules.PublicRecord`.

    Raises:
        IllegalActionError: If ``state`` is no state or ``seat`` no seat of it (codes
            ``bad_value``, ``unknown_player``).
        ConfigError: If the tags are not as :attr:`~millions_rules.GameRecord.tags` says.

    >>> from millions_rules import GameConfig, Choose, Role, apply, new_game
    >>> state = apply(new_game(GameConfig(4, seed=9)), Choose(0, Role.BRUTE))
    >>> record = load_public_record(public_record(state, 1, tags={"event": "Demo"}))
    >>> record.version, [type(event).__name__ for event in record.events]
    (1, ['GameStarted', 'LootRevealed', 'DepositPlaced'])
    >>> '"seed"' in public_record(state)
    False
    """
    if not isinstance(state, GameState):
        illegal(
            msg("error.bad_value", "expected a GameState, not {kind}"), kind=type(state).__name__
        )
    if seat is not None:
        seat = require_seat(state, seat, "seat")
    events = visible_events(state.events, seat)
    result = None
    if state.is_over:  # the claims judged at the end follow GameWon (R-TALK-2)
        result = next((e for e in reversed(events) if isinstance(e, GameWon)), None)
    record = PublicRecord(
        FORMAT_VERSION,
        __version__,
        seat,
        public_config(state.config),
        {} if tags is None else tags,
        state.rule_version,
        events,
        result,
    )
    return to_json(record)


def load_public_record(text: str | bytes) -> PublicRecord:
    """Read a :class:`~millions_rules.PublicRecord` written by :func:`~millions_rules.public_record`.

    Raises:
        DeserializationError: If the text is no valid public record, or one of a
            newer format (code ``newer_format``).
    """
    document = parse_json(text)
    refuse_newer(document, FORMAT_VERSION)
    record: PublicRecord = structure(document, PublicRecord)
    check_format(record.format_version)
    if record.seat is not None and not 0 <= record.seat < record.config.players:
        raise DeserializationError("not a seat of this game", "bad_value", "seat")
    return record
