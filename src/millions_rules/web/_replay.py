"""Replays: a finished game stepped through as one seat saw it, or as everyone saw it.

A replay is made of **views only**: each step is the seat's view after one more of the
game's actions, ``view(state_k, seat, since=n)`` through the game interface, where ``n``
is the number of events the previous step already showed. An action that changed
nothing the seat sees (a private offer or whisper of two others, R-DEAL-4, R-TALK-1)
makes no step, so not even the count of steps tells of it. So a replay holds exactly
what that seat saw, step by step, talk and deals as its audience saw them, and no secret
of another seat: no seed, no action, no hidden card. Its JSON document (:data:`REPLAY_FORMAT`) is the shareable public record of
a game of either kind; the page opens it from a file or from a finished table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

from .._common.errors import MillionsError
from .._common.i18n import LOCALES
from ._games import WebGame, game_named
from ._table import Table, TableError
from ._words import words

__all__ = [
    "MAX_REPLAY_BYTES",
    "MAX_STEPS",
    "REPLAY_FORMAT",
    "ReplayError",
    "file_replay",
    "narrate",
    "read_replay",
    "replay",
    "table_replay",
]

#: The ``format`` of a replay document.
REPLAY_FORMAT: Final = "millions-rules-replay/1"
#: The most steps a replay document may hold (a game has far fewer actions).
MAX_STEPS: Final = 20_000
#: The largest replay document made or read, in bytes of JSON (a game of eight seats
#: with 134 actions makes 274 KB): a larger one is refused (``too_large``) as soon as
#: it is seen to be, so one long table never holds the server's memory or time.
MAX_REPLAY_BYTES: Final = 2 * 1024 * 1024


class ReplayError(MillionsError, ValueError):
    """A replay that cannot be made or read (``code`` ``not_over`` or ``bad_request``)."""

    def __init__(self, message: str, code: str = "bad_request") -> None:
        super().__init__(message)
        self.code = code
        """``not_over`` (the public replay waits for the end), ``too_large`` (past
        :data:`MAX_REPLAY_BYTES` or :data:`MAX_STEPS`) or ``bad_request``."""


def _states(game: WebGame, state: Any) -> Iterator[Any]:
    # Every state of the game from the start to ``state``, one at a time: its saved
    # record replayed (a refusal part-way never makes the rest).
    record = json.loads(game.save_game(state))
    config = game.game.from_json(json.dumps(record["config"]), game.game.config_type)
    last = game.new_game(config)
    yield last
    for action in record["actions"]:
        last = game.apply(last, game.parse_action(json.dumps(action)), None)
        yield last
    if game.version(last) != game.version(state):  # pragma: no cover - a broken record
        raise ReplayError("the saved record does not lead to this state")


def _bare(seen: dict[str, Any]) -> dict[str, Any]:
    # A view as JSON without its events and cursor: what it shows besides its log.
    return {key: value for key, value in seen.items() if key not in ("events", "first_event")}


def replay(
    game: WebGame,
    state: Any,
    seat: int | None,
    names: Sequence[str],
    *,
    limit: int = MAX_REPLAY_BYTES,
) -> dict[str, Any]:
    """The replay document of ``state``'s game as ``seat`` saw it (``None``: everyone),
    of at most ``limit`` bytes of views (:data:`MAX_REPLAY_BYTES`).

    Everyone's replay (the spectator's) is given only once the game is over; a seat's own
    replay holds only what that seat saw, so it may be given at any time.

    Returns:
        ``{"format", "game", "seat", "names", "steps"}``, ``steps`` the views as JSON.

    Raises:
        ReplayError: ``not_over`` for everyone's replay of a game that goes on;
            ``too_large`` past :data:`MAX_STEPS` steps (before any is made) or ``limit``
            bytes (as soon as the steps made so far pass it).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web._games import game_named
    >>> from millions_rules.web._replay import replay
    >>> from millions_rules.bots import RuleBot, play_game
    >>> state = play_game(GameConfig(3, seed=1), [RuleBot()] * 3, seed=1)
    >>> document = replay(game_named("millions"), state, 0, ["Ana", "Bruno", "Carmen"])
    >>> len(document["steps"]) <= state.version + 1, '"seed"' in json.dumps(document)
    (True, False)
    """
    if seat is None and not game.is_over(state):
        raise ReplayError("everyone's replay is shown once the game is over", "not_over")
    if game.version(state) + 1 > MAX_STEPS:
        raise ReplayError(f"a replay holds at most {MAX_STEPS} steps", "too_large")
    steps: list[Any] = []
    cursor = size = 0
    last: Any = None
    for step in _states(game, state):
        text = game.to_json(game.view(step, seat, cursor))
        seen = json.loads(text)
        if not seen["events"] and _bare(seen) == last:
            # An action this seat did not see (another pair's private exchange) makes
            # no step: its view is the last one's.
            continue
        size += len(text)
        if size > limit:
            raise ReplayError(f"this replay is larger than {limit} bytes", "too_large")
        cursor = seen["first_event"] + len(seen["events"])
        last = _bare(seen)
        steps.append(seen)
    return {
        "format": REPLAY_FORMAT,
        "game": game.name,
        "seat": seat,
        "names": list(names),
        "steps": steps,
    }


def read_replay(document: object) -> tuple[WebGame, int | None, list[str], list[Any]]:
    """A replay document checked: its game, seat, names and views (each read as the game's
    view type, from the same seat, each step's events following the last's).

    Raises:
        ReplayError: ``bad_request`` for anything else.
    """
    try:
        if not isinstance(document, dict) or document.get("format") != REPLAY_FORMAT:
            raise ValueError(f"not a replay (its format is not {REPLAY_FORMAT})")
        game = game_named(str(document.get("game")))
        seat, names, steps = document.get("seat"), document.get("names"), document.get("steps")
        if seat is not None and type(seat) is not int:
            raise ValueError("seat must be a number or null")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("names must be a list of text")
        if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
            raise ValueError(f"steps must be a list of 1 to {MAX_STEPS} views")
        views: list[Any] = []
        cursor = 0
        for number, step in enumerate(steps):
            seen = game.game.from_json(json.dumps(step), game.game.view_type)
            if game.game.view_seat(seen) != seat:
                raise ValueError(f"step {number} is another seat's view")
            if step.get("first_event") != cursor:
                raise ValueError(f"step {number}'s events do not follow the last step's")
            if views and game.config_of(seen) != game.config_of(views[0]):
                raise ValueError(f"step {number} is another game's view")
            cursor += len(game.game.view_events(seen))
            views.append(seen)
        if game.game.players_of(game.config_of(views[0])) != len(names):
            raise ValueError("names must name every seat")
    except (ValueError, TypeError, RecursionError, MillionsError) as error:
        raise ReplayError(f"not a replay: {error}") from error
    return game, seat, list(names), views


def narrate(
    game: WebGame, views: Sequence[Any], names: Sequence[str], lang: str
) -> list[dict[str, Any]]:
    """Each step for the page: its view as JSON, its new events narrated in ``lang``, the
    summary the game's page keeps (its :attr:`~millions_rules.games.Page.tracker`:
    Millions' last heist) from the events seen so far and, once the game is won, why
    (``ending``, from :attr:`~millions_rules.games.Page.ending`)."""
    answer: list[dict[str, Any]] = []
    ending: str | None = None
    summary: Any = None
    page = game.page
    tracker = None if page.tracker is None else page.tracker(views[0])
    for step in views:
        events = list(game.game.view_events(step))
        for event in events:
            ending = page.ending(event, lang) or ending
            if tracker is not None:
                summary = tracker.add(event) or summary
        answer.append(
            {
                "view": json.loads(game.to_json(step)),
                "log": game.narrate(events, names, lang),
                "summary": summary,
                "ending": ending,
            }
        )
    return answer


def _answer(
    game: WebGame, seat: int | None, names: Sequence[str], views: Sequence[Any], lang: str
) -> dict[str, Any]:
    first = views[0]
    return {
        "game": game.name,
        "seat": seat,
        "names": list(names),
        "lang": lang,
        "words": words(lang),
        "widgets": game.widgets,
        **game.page.view_extras(first),
        "steps": narrate(game, views, names, lang),
    }


def table_replay(table: Table, token: str, lang: str | None) -> dict[str, Any]:
    """What the page needs to replay ``table``'s game for the holder of ``token``: a seat's
    link replays what that seat saw, the spectator's or the host's what everyone saw (once
    the game is over). ``document`` is the replay to save as a file.

    Raises:
        TableError: ``unknown_token`` (403), ``not_over`` (409), ``too_large`` (413)
            or ``bad_request`` (400).
    """
    seat = table.seat_of(token)
    language = table.lang if lang is None else lang
    if language not in LOCALES:
        raise TableError(f"unknown language {language!r}", "bad_request", 400)
    try:
        document = replay(table.game, table.state, seat, table.names, limit=MAX_REPLAY_BYTES)
    except ReplayError as error:
        raise TableError(
            str(error), error.code, 413 if error.code == "too_large" else 409
        ) from error
    game, seat, names, views = read_replay(document)
    return {**_answer(game, seat, names, views, language), "document": document}


def file_replay(document: object, lang: object) -> dict[str, Any]:
    """What the page needs to replay a replay document opened from a file.

    Raises:
        TableError: ``bad_request`` (400) for no replay or an unknown language.
    """
    if not isinstance(lang, str) or lang not in LOCALES:
        raise TableError(f"unknown language {lang!r}", "bad_request", 400)
    try:
        game, seat, names, views = read_replay(document)
        # A forged file may name seats its game has not: its events then do not add up.
        return _answer(game, seat, names, views, lang)
    except ReplayError as error:
        raise TableError(str(error), error.code, 400) from error
    except (IndexError, KeyError, TypeError, ValueError, MillionsError) as error:
        message = f"not a replay: its events do not fit its game ({error})"
        raise TableError(message, "bad_request", 400) from error
