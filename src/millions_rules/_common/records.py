"""Saved games, for every game: a record is a config and the actions played from it.

Loading replays the actions, so a saved game is always a reachable game. These helpers are
the parts of loading every game shares: refusing a format newer than the library reads, and
turning an illegal action into a :class:`~millions_rules.DeserializationError` that names it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .errors import DeserializationError, IllegalActionError
from .json import too_large
from .limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE

__all__ = ["check_format", "check_saveable", "refuse_newer", "replay_record"]

S = TypeVar("S")


def refuse_newer(document: object, newest: int) -> None:
    """Refuse a parsed record whose ``format_version`` is newer than ``newest`` (``newer_format``)."""
    if isinstance(document, dict):
        version = document.get("format_version")
        if type(version) is int and version > newest:
            raise DeserializationError(
                f"{version} is newer than this library reads ({newest}); upgrade millions-rules",
                "newer_format",
                "format_version",
            )


def check_format(version: int) -> None:
    """Refuse a format version below 1 (``unknown_format``)."""
    if version < 1:
        raise DeserializationError(f"unknown version {version}", "unknown_format", "format_version")


def replay_record(
    start: S, apply: Callable[[S, Any], S], actions: Iterable[object], note: str = ""
) -> S:
    """Apply ``actions`` from ``start``; an illegal one is an ``illegal_action`` at ``actions[i]``."""
    state = start
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise DeserializationError(
                f"{error} (illegal action, code {error.code}{note})",
                "illegal_action",
                f"actions[{index}]",
            ) from None
    return state


def check_saveable(actions: int, text: Callable[[], str]) -> str:
    """The text of a record, refused if it could not be read back.

    Args:
        actions: How many actions the record holds (at most ``MAX_ARRAY_LENGTH``).
        text: Writes the record (called only if the count is within the limit).

    Raises:
        DeserializationError: ``too_many_items`` or ``too_large``.
    """
    if actions > MAX_ARRAY_LENGTH:
        raise DeserializationError(
            f"{actions} actions, more than {MAX_ARRAY_LENGTH} a record may hold",
            "too_many_items",
            "actions",
        )
    written = text()
    if too_large(written):
        raise DeserializationError(
            f"the record would be larger than {MAX_DOCUMENT_SIZE} bytes", "too_large"
        )
    return written
