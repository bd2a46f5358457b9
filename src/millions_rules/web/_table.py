"""One table on the server: the only :class:`~millions_rules.GameState`, its seats and their links.

The table knows nothing of HTTP: :mod:`millions_rules.web._app` turns requests into
calls of :meth:`Table.update` and :meth:`Table.act`. Every answer for a client is built
from that client's :func:`~millions_rules.view`, never from the state itself.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ..bots import Bot, BotError, RuleBot, action_space, seat_rng
from ..millions._actions import Action
from ..millions._config import GameConfig
from ..millions._engine import apply, new_game
from ..millions._errors import DeserializationError, IllegalActionError, MillionsError
from ..millions._events import GameWon
from ..millions._i18n import LOCALES, win_reason
from ..millions._narrate import describe
from ..millions._records import load_game, save_game
from ..millions._serialization import from_json, to_json
from ..millions._state import GameState
from ..millions._views import view
from ._words import words

__all__ = ["NAMES", "Table", "TableError"]

#: Default player names by seat.
NAMES: Final = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Feng", "Gloria", "Hao")
_LOG = logging.getLogger("millions_rules.web")
_SAVE_FORMAT: Final = "millions-rules-table/1"
# A bot's turn is one action; a game has far fewer actions than this per human move.
_MAX_BOT_ACTIONS: Final = 10_000


class TableError(MillionsError, ValueError):
    """A request the table refuses; ``code`` is stable, ``status`` the HTTP status to answer with."""

    def __init__(self, message: str, code: str, status: int) -> None:
        super().__init__(message)
        self.code = code
        """The stable code (``unknown_token``, ``stale_version``, ``bad_request``, or one of
        :data:`~millions_rules.ACTION_ERROR_CODES`)."""
        self.status = status
        """The HTTP status the server answers with."""


def _same(secret: str, token: object) -> bool:
    # Constant-time comparison; bytes, because compare_digest refuses non-ASCII str.
    return isinstance(token, str) and secrets.compare_digest(
        secret.encode(), token.encode("utf-8", "replace")
    )


@attrs.frozen
class _Seat:
    token: str
    bot: bool


class Table:
    """A game, its seats (each with a secret token), a spectator token and a host token.

    Args:
        config: The game's configuration.
        bots: The seats played by the server.
        lang: The table's default language (``"en"``, ``"es"`` or ``"zh"``).
        names: Player names by seat.

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web import Table
    >>> table = Table(GameConfig(3, seed=1), bots=[1, 2])
    >>> table.seat_of(table.seat_token(0)), table.seat_of(table.spectator_token)
    (0, None)
    """

    def __init__(
        self,
        config: GameConfig,
        *,
        bots: Sequence[int] = (),
        lang: str = "en",
        names: Sequence[str] | None = None,
        _state: GameState | None = None,
        _tokens: Sequence[str] | None = None,
    ) -> None:
        if lang not in LOCALES:
            raise TableError(f"unknown language {lang!r}", "bad_request", 400)
        self.state: GameState = new_game(config) if _state is None else _state
        players = self.state.players
        if any(not 0 <= seat < players for seat in bots):
            raise TableError(f"bot seats must be from 0 to {players - 1}", "bad_request", 400)
        tokens = (
            list(_tokens) if _tokens else [secrets.token_urlsafe(16) for _ in range(players + 2)]
        )
        self.lang = lang
        """The table's default language."""
        if names is not None and len(names) != players:
            raise TableError(f"expected {players} names, not {len(names)}", "bad_request", 400)
        self.names: tuple[str, ...] = tuple(names) if names else NAMES[:players]
        """Player names by seat."""
        self._seats = tuple(_Seat(tokens[s], s in bots) for s in range(players))
        self.spectator_token: str = tokens[players]
        """The token of the spectator link (public facts only)."""
        self.host_token: str = tokens[players + 1]
        """The token of the host link, which sees what the spectator sees and may save the table."""
        self._bots: dict[int, tuple[Bot, random.Random]] = {
            s: (RuleBot(), seat_rng(config.seed, s)) for s in bots
        }
        self.play_bots()

    # -- seats and tokens ---------------------------------------------------------------

    @property
    def bots(self) -> tuple[int, ...]:
        """The seats the server plays."""
        return tuple(s for s, seat in enumerate(self._seats) if seat.bot)

    def seat_token(self, seat: int) -> str:
        """The secret token of ``seat``'s link."""
        return self._seats[seat].token

    def seat_of(self, token: str) -> int | None:
        """The seat a token belongs to (``None`` for the spectator and the host).

        Raises:
            TableError: ``unknown_token`` (HTTP 403) for any other token.
        """
        for number, seat in enumerate(self._seats):
            if _same(seat.token, token):
                return number
        if _same(self.spectator_token, token) or self.is_host(token):
            return None
        raise TableError("this link is not a seat of this table", "unknown_token", 403)

    def is_host(self, token: str) -> bool:
        """Whether ``token`` is the host's."""
        return _same(self.host_token, token)

    @property
    def version(self) -> int:
        """The table's :attr:`~millions_rules.GameState.version`: it changes with every action."""
        return self.state.version

    # -- what a client receives ---------------------------------------------------------

    def update(self, token: str, since: int = 0, lang: str | None = None) -> dict[str, Any]:
        """What the holder of ``token`` needs: its view with the events after ``since``.

        Args:
            token: A seat's, the spectator's or the host's token.
            since: How many events of this client's visible log it already has
                (:func:`~millions_rules.view`'s cursor).
            lang: The language of the narrated log (the table's by default).

        Returns:
            A JSON-ready dict: ``view`` (the :class:`~millions_rules.PlayerView` as JSON,
            with its ``version``, ``first_event`` and only the new events), ``log`` (those
            events narrated), ``labels`` (a button label for each of the view's legal
            actions), ``ending`` (why the game ended, once it has), ``lang``, ``names``,
            ``bots``, ``host`` (whether this is the host's link) and ``words`` (every
            word the page shows, in ``lang``: see :func:`~millions_rules.web.words`).

        Raises:
            TableError: ``unknown_token`` (403), or ``bad_request`` (400) for a cursor
                outside the seat's log or an unknown language.
        """
        seat = self.seat_of(token)
        lang = self._lang(lang)
        try:
            seen = view(self.state, seat, since=since)
        except IllegalActionError as error:
            raise TableError(str(error), "bad_request", 400) from error
        return {
            "view": json.loads(to_json(seen)),
            "log": [describe(event, self.names, locale=lang) for event in seen.events],
            "labels": [describe(action, self.names, locale=lang) for action in seen.legal_actions],
            "ending": self._ending(lang),
            "lang": lang,
            "names": list(self.names),
            "bots": list(self.bots),
            "host": self.is_host(token),
            "words": words(lang),
        }

    def words(self, lang: str | None = None) -> dict[str, Any]:
        """The page's words in ``lang`` (the table's by default), for a page without a seat.

        Returns:
            ``{"lang": ..., "words": ...}``, the words as :func:`~millions_rules.web.words`.

        Raises:
            TableError: ``bad_request`` (400) for an unknown language.
        """
        lang = self._lang(lang)
        return {"lang": lang, "words": words(lang)}

    def _ending(self, lang: str) -> str | None:
        # Why the game ended, for the end screen (public: GameWon is everyone's).
        last = self.state.events[-1] if self.state.events else None
        return win_reason(last.reason, lang) if isinstance(last, GameWon) else None

    def _lang(self, lang: str | None) -> str:
        if lang is None:
            return self.lang
        if lang not in LOCALES:
            raise TableError(f"unknown language {lang!r}", "bad_request", 400)
        return lang

    # -- acting -------------------------------------------------------------------------

    def act(self, token: str, action: object, version: object, lang: str | None = None) -> int:
        """Apply a seat's action, then let the bots play; return the new version.

        Args:
            token: The acting seat's token.
            action: The action as a JSON value (a dict with ``type``).
            version: The version the client saw when it chose the action.
            lang: The language of the refusal's message (the table's by default).

        Raises:
            TableError: ``unknown_token`` (403) for a bad token or a spectator;
                ``stale_version`` (409) if the table has moved on since ``version``;
                ``bad_request`` (400) for a malformed action; an
                :data:`~millions_rules.ACTION_ERROR_CODES` code (403 for another
                seat's action, else 409) for an illegal one.
        """
        seat = self.seat_of(token)
        lang = self._lang(lang)
        if seat is None:
            raise TableError("a spectator cannot act", "unknown_token", 403)
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("version must be an integer", "bad_request", 400)
        if version != self.version:
            raise TableError(
                f"the table has moved on (version {self.version}, not {version}): "
                "look at the table again before acting",
                "stale_version",
                409,
            )
        try:
            parsed = from_json(json.dumps(action), Action)
        except (DeserializationError, TypeError, ValueError) as error:
            raise TableError(f"not an action: {error}", "bad_request", 400) from error
        try:
            self.state = apply(self.state, parsed, seat=seat)
        except IllegalActionError as error:
            status = 403 if error.code == "not_your_action" else 409
            raise TableError(error.localized(lang), error.code, status) from error
        self.play_bots()
        return self.version

    def play_bots(self) -> None:
        """Let the bots act while the engine waits for one of them.

        Each bot is a :class:`~millions_rules.bots.RuleBot` choosing from its own view and
        :func:`~millions_rules.bots.action_space` without payments (a bot makes no deals
        with people), and its action is applied with its seat's check.
        """
        for _ in range(_MAX_BOT_ACTIONS):
            waiting = [s for s in self.state.awaiting if s in self._bots]
            if self.state.is_over or not waiting:
                return
            seat = waiting[0]
            bot, rng = self._bots[seat]
            seen = view(self.state, seat)
            offered = action_space(seen, payments=False)
            try:
                action = bot.choose(seen, offered, rng)
                if action not in offered:
                    raise BotError(seat, action)
            except Exception:  # a failing bot must not leave the table stuck
                _LOG.exception("the bot in seat %d failed; it plays its first offer", seat)
                action = offered[0]
            self.state = apply(self.state, action, seat=seat)

    # -- saving -------------------------------------------------------------------------

    def save(self) -> str:
        """The table as JSON text: the saved game, the seats' tokens, names, bots, language.

        The text holds every secret of the game and every link: keep it private.
        """
        return json.dumps(
            {
                "format": _SAVE_FORMAT,
                "game": json.loads(save_game(self.state)),
                "tokens": [seat.token for seat in self._seats]
                + [self.spectator_token, self.host_token],
                "names": list(self.names),
                "bots": list(self.bots),
                "lang": self.lang,
            },
            ensure_ascii=False,
        )

    @classmethod
    def load(cls, text: str | bytes) -> Table:
        """The table that :meth:`save` wrote; every link works again.

        Raises:
            TableError: ``bad_request`` if the text is no saved table.
        """
        try:
            document = json.loads(text)
            if not isinstance(document, dict) or document.get("format") != _SAVE_FORMAT:
                raise ValueError("not a saved table")
            state = load_game(json.dumps(document["game"]))
            tokens, names = document["tokens"], document["names"]
            bots, lang = document["bots"], document["lang"]
            if (
                not isinstance(tokens, list)
                or len(tokens) != state.players + 2
                or not all(isinstance(t, str) and t for t in tokens)
                or not isinstance(names, list)
                or len(names) != state.players
                or not all(isinstance(n, str) for n in names)
                or not isinstance(bots, list)
                or not all(isinstance(b, int) for b in bots)
                or not isinstance(lang, str)
            ):
                raise ValueError("malformed seats")
        except (ValueError, KeyError, TypeError) as error:
            raise TableError(f"not a saved table: {error}", "bad_request", 400) from error
        return cls(state.config, bots=bots, lang=lang, names=names, _state=state, _tokens=tokens)
