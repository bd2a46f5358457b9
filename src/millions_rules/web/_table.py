"""One table on the server: a game's only state, its seats and their links.

The table knows nothing of HTTP nor of the database: :mod:`millions_rules.web._app` turns
requests into calls of :meth:`Table.update` and :meth:`Table.plan`, and
:mod:`millions_rules.web._server` stores what a plan adds before committing it. Every
answer for a client is built from that client's view, never from the state itself. The
table talks to its game only through :mod:`millions_rules.web._games`, so it hosts both
games of the library.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import re
import secrets
import time
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, overload

import attrs
from typing_extensions import TypeVar

from .._common.dealer import Dealer
from .._common.errors import DeserializationError, IllegalActionError, MillionsError
from .._common.i18n import LOCALES
from ._games import WebGame, game_named, web_game_of
from ._store import ActionRow, TableRow
from ._teach import note_text, refusal
from ._words import words

if TYPE_CHECKING:
    # The two games' public packages, for the constructor's overloads only.
    from ..millions import GameConfig, GameState
    from ..torraku import TorrakuConfig, TorrakuState

__all__ = [
    "DEFAULT_PRESS_SECONDS",
    "JOIN_ALPHABET",
    "JOIN_LENGTH",
    "MAX_ROUND_ACTIONS",
    "NAMES",
    "Clock",
    "Table",
    "TableError",
    "join_code_of",
    "new_join_code",
]

#: The state type of a table's game.
StateT = TypeVar("StateT", default=Any)

#: Default player names by seat.
NAMES: Final = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Feng", "Gloria", "Hao")
_LOG = logging.getLogger("millions_rules.web")
_SAVE_FORMAT: Final = "millions-rules-table/1"
# A bot's turn is one action; a game has far fewer actions than this per human move.
_MAX_BOT_ACTIONS: Final = 10_000
#: A token is ``secrets.token_urlsafe(16)``: 22 characters of the URL-safe alphabet.
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{22,64}")
_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The longest player name a table takes.
MAX_NAME: Final = 40
#: The longest spectator delay a table takes, in seconds.
MAX_SPECTATOR_DELAY: Final = 600
#: After this many turns in a row played by the clock, a seat is handed to a bot.
DEFAULT_MAX_TIMEOUTS: Final = 3
#: The pressed player's time to decide at a table with deadlines (R-TALK-LEADER).
DEFAULT_PRESS_SECONDS: Final = 30.0
#: The most actions a seat may send in one round of a table's game (``too_many_actions``).
#: The rules allow any number of payments (R-NEG-3); this is the server's limit, far
#: above what a real game sends (a few dozen actions per seat and round). Past it a seat
#: may still send the decisions the clock would play for it (Stay, Choose, Pass: never a
#: payment), up to twice the limit, so the round always ends.
MAX_ROUND_ACTIONS: Final = 500
# Characters no name may hold: the bidirectional overrides, embeddings and isolates, the
# marks that reorder text, and the line and paragraph separators.
_BIDI: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
)


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


@attrs.define
class _Seat:
    token: str
    bot: bool
    timeouts: int = 0


@attrs.frozen
class Clock:
    """When a table acts on its own next, and why (see :meth:`Table.clock_after`).

    Every time here is :func:`time.time`'s. Only public changes move it: a rule action, a
    public message or offer, the leader's press; a private offer or whisper never does, so
    no seat learns of one from the table's deadline.
    """

    turn: float | None = None
    """When the people due run out of time (``turn_seconds`` after the last rule action)."""
    bot: float | None = None
    """When the next delayed bot moves (``bot_delay`` after the last rule action)."""
    window: float | None = None
    """When the bots' window began (negotiation, or the last public message or offer);
    ``None`` outside a phase of talk."""
    window_end: float | None = None
    """When the bots' window ends, while bots wait for people (``None`` otherwise)."""
    passed: bool = False
    """Whether the bots' window has ended: the bots may decide."""
    press: tuple[tuple[int, float], ...] = ()
    """Each pressed seat with its short deadline (R-TALK-LEADER), by seat."""

    @property
    def deadline(self) -> float | None:
        """The earliest of the times above, when the server acts next."""
        times = [t for t in (self.turn, self.bot, self.window_end) if t is not None]
        times += [t for _, t in self.press]
        return min(times) if times else None

    def to_json(self) -> dict[str, Any]:
        """The clock as stored beside the table's seats."""
        return {
            "turn": self.turn,
            "bot": self.bot,
            "window": self.window,
            "window_end": self.window_end,
            "passed": self.passed,
            "press": [[seat, at] for seat, at in self.press],
        }

    @classmethod
    def from_json(cls, value: object, deadline: float | None) -> Clock:
        """The clock stored as :meth:`to_json` wrote it; a table stored before it had one
        keeps its deadline as its people's."""
        if not isinstance(value, dict):
            return cls(turn=deadline)

        def when(key: str) -> float | None:
            at = value.get(key)
            if isinstance(at, (int, float)) and not isinstance(at, bool):
                return float(at)
            return None

        press = value.get("press")
        pairs: list[tuple[int, float]] = []
        if isinstance(press, list):
            for pair in press:
                if (
                    isinstance(pair, list)
                    and len(pair) == 2
                    and type(pair[0]) is int
                    and isinstance(pair[1], (int, float))
                    and not isinstance(pair[1], bool)
                ):
                    pairs.append((pair[0], float(pair[1])))
        return cls(
            turn=when("turn"),
            bot=when("bot"),
            window=when("window"),
            window_end=when("window_end"),
            passed=value.get("passed") is True,
            press=tuple(pairs),
        )


def _check_text(what: str, value: object, longest: int) -> str:
    """A name or token that is a string of at most ``longest`` characters and encodes."""
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise TableError(
            f"{what} must be a string of 1 to {longest} characters", "bad_request", 400
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise TableError(f"{what} is not text (a lone surrogate)", "bad_request", 400) from error
    if any(unicodedata.category(c) == "Cc" for c in value):
        raise TableError(f"{what} holds a control character", "bad_request", 400)
    if any(c in _BIDI for c in value):
        raise TableError(
            f"{what} holds a character that reorders text (a bidirectional control)",
            "bad_request",
            400,
        )
    return value


#: The letters and digits of a join code: no 0/O, 1/I/L, 5/S, 8/B or U/V to misread.
JOIN_ALPHABET: Final = "ACDEFGHJKMNPQRTWXYZ234679"
#: How many characters a join code has (25**6, about 244 million codes).
JOIN_LENGTH: Final = 6


def new_join_code() -> str:
    """A fresh join code: :data:`JOIN_LENGTH` characters of :data:`JOIN_ALPHABET`, from
    :mod:`secrets`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def join_code_of(text: object) -> str | None:
    """``text`` as a join code (upper case, spaces and dashes dropped), or ``None`` if it
    cannot be one."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = text.upper().replace(" ", "").replace("-", "")
    if len(code) != JOIN_LENGTH or any(c not in JOIN_ALPHABET for c in code):
        return None
    return code


def _derived(key: str, *parts: object) -> random.Random:
    # A generator seeded from ``key`` and ``parts``: the same on every platform and run.
    digest = hashlib.blake2b(
        ":".join(str(part) for part in parts).encode(), key=key.encode()[:64], digest_size=16
    ).digest()
    return random.Random(int.from_bytes(digest, "big"))


#: The most notes a table keeps (the oldest go first); a game makes far fewer.
MAX_NOTES: Final = 2000
#: What a note may say: the clock played for a seat (``timeout``), a seat timed out too
#: often and a bot took it (``handed``), a host or the seat's person handed it to a bot
#: (``bot``) or back (``back``), or the dexterity model drew a bot's stacking attempt at a
#: companion table (``model``, R-TK-SIM).
NOTE_KINDS: Final = ("timeout", "handed", "bot", "back", "model")


def _read_notes(value: object, players: int) -> list[dict[str, Any]]:
    # The stored notes that are well formed (a table stored before notes existed has none).
    if not isinstance(value, list):
        return []
    kept = []
    for note in value[-MAX_NOTES:]:
        if (
            isinstance(note, dict)
            and note.get("kind") in NOTE_KINDS
            and type(note.get("seat")) is int
            and 0 <= note["seat"] < players
            and isinstance(note.get("at"), list)
            and len(note["at"]) == players + 1
            and all(type(n) is int and n >= 0 for n in note["at"])
        ):
            kept.append({"kind": note["kind"], "seat": note["seat"], "at": list(note["at"])})
    return kept


def check_tokens(tokens: Sequence[object], count: int) -> list[str]:
    """Tokens for a table: ``count`` distinct strings of full strength (22+ URL-safe characters).

    Raises:
        TableError: ``bad_request`` for a missing, weak, malformed or repeated token.
    """
    if len(tokens) != count:
        raise TableError(f"expected {count} tokens, not {len(tokens)}", "bad_request", 400)
    for token in tokens:
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise TableError(
                "a token must be 22 to 64 URL-safe characters (secrets.token_urlsafe(16))",
                "bad_request",
                400,
            )
    if len(set(tokens)) != count:
        raise TableError("two links of the table share a token", "bad_request", 400)
    return [str(token) for token in tokens]


class Table(Generic[StateT]):
    """A game, its seats (each with a secret token), a spectator token and a host token.

    Args:
        config: The game's configuration (:class:`~millions_rules.GameConfig` or
            :class:`~millions_rules.torraku.TorrakuConfig`); the engine must deal a
            Millions game (``Dealer.ENGINE``): a table has nobody to deal. A Torraku game
            with ``Dealer.EXTERNAL`` is the companion of a physical table: the stacker's
            page reports each attempt.
        bots: The seats played by the server.
        lang: The table's default language (``"en"``, ``"es"`` or ``"zh"``).
        names: Player names by seat.
        turn_seconds: Each seat's time to act, or ``None`` for no clock: when it runs out
            the server plays the seat's default action (see :meth:`timeout`).
        max_timeouts: After this many timeouts in a row a seat is handed to a bot.
        bot_delay: Seconds the server waits before each bot move (``0``: at once; a table
            of bots only is watchable with a delay).
        press_seconds: At a table with ``turn_seconds``, the time a player pressed by the
            leader has left to decide (R-TALK-LEADER), if shorter than their turn's.
        talk_window: In a phase of talk (Millions' negotiation), how long the bots wait
            for the people before they decide, in seconds from its start or from the last
            public message or offer; ``None``: the bots' own ``talk_window``
            (``RuleBot.talk_window``, 20 seconds).
        table_id: The table's id (a new random one by default).

    >>> from millions_rules import GameConfig
    >>> from millions_rules.web import Table
    >>> table = Table(GameConfig(3, seed=1), bots=[1, 2])
    >>> table.seat_of(table.seat_token(0)), table.seat_of(table.spectator_token)
    (0, None)
    """

    @overload
    def __init__(
        self: Table[GameState],
        config: GameConfig,
        *,
        bots: Sequence[int] = (),
        lang: str = "en",
        names: Sequence[str] | None = None,
        turn_seconds: float | None = None,
        max_timeouts: int = DEFAULT_MAX_TIMEOUTS,
        bot_delay: float = 0.0,
        press_seconds: float = DEFAULT_PRESS_SECONDS,
        talk_window: float | None = None,
        table_id: str | None = None,
        _state: Any = None,
        _tokens: Sequence[str] | None = None,
        _play: bool = True,
    ) -> None: ...

    @overload
    def __init__(
        self: Table[TorrakuState],
        config: TorrakuConfig,
        *,
        bots: Sequence[int] = (),
        lang: str = "en",
        names: Sequence[str] | None = None,
        turn_seconds: float | None = None,
        max_timeouts: int = DEFAULT_MAX_TIMEOUTS,
        bot_delay: float = 0.0,
        press_seconds: float = DEFAULT_PRESS_SECONDS,
        talk_window: float | None = None,
        table_id: str | None = None,
        _state: Any = None,
        _tokens: Sequence[str] | None = None,
        _play: bool = True,
    ) -> None: ...

    @overload
    def __init__(
        self: Table[Any],
        config: object,
        *,
        bots: Sequence[int] = (),
        lang: str = "en",
        names: Sequence[str] | None = None,
        turn_seconds: float | None = None,
        max_timeouts: int = DEFAULT_MAX_TIMEOUTS,
        bot_delay: float = 0.0,
        press_seconds: float = DEFAULT_PRESS_SECONDS,
        talk_window: float | None = None,
        table_id: str | None = None,
        _state: Any = None,
        _tokens: Sequence[str] | None = None,
        _play: bool = True,
    ) -> None: ...

    def __init__(
        self,
        config: Any,
        *,
        bots: Sequence[int] = (),
        lang: str = "en",
        names: Sequence[str] | None = None,
        turn_seconds: float | None = None,
        max_timeouts: int = DEFAULT_MAX_TIMEOUTS,
        bot_delay: float = 0.0,
        press_seconds: float = DEFAULT_PRESS_SECONDS,
        talk_window: float | None = None,
        table_id: str | None = None,
        _state: Any = None,
        _tokens: Sequence[str] | None = None,
        _play: bool = True,
    ) -> None:
        self.game: WebGame = web_game_of(config if _state is None else _state)
        """The game this table plays."""
        if lang not in LOCALES:
            raise TableError(f"unknown language {lang!r}", "bad_request", 400)
        # Torraku's companion mode: the seats report their own stacking (R-TK-STACK-7).
        if self.game.dealer(config) is not Dealer.ENGINE and not self.game.page.companion_table:
            raise TableError(
                "a table needs the engine to deal (Dealer.ENGINE): nobody at a web table deals",
                "external_dealer",
                400,
            )
        self.spectator_delay: float = 0.0
        """How many seconds the spectator's link and the table screen lag behind the game
        (``0``: none); set with :meth:`set_spectator_delay`."""
        self._shown: list[tuple[float, Any]] = []  # (when, state): the states a delay shows
        self.state = self.game.new_game(config) if _state is None else _state
        players = self.game.players(self.state)
        if not all(type(seat) is int and 0 <= seat < players for seat in bots):
            raise TableError(f"bot seats must be from 0 to {players - 1}", "bad_request", 400)
        if len(set(bots)) != len(list(bots)):
            raise TableError("a bot seat is named twice", "bad_request", 400)
        tokens = (
            check_tokens(_tokens, players + 2)
            if _tokens is not None
            else [secrets.token_urlsafe(16) for _ in range(players + 2)]
        )
        self.id: str = table_id or secrets.token_hex(6)
        """The table's id (public: it names the table to its host, never opens it)."""
        self.lang = lang
        """The table's default language."""
        if names is not None and len(names) != players:
            raise TableError(f"expected {players} names, not {len(names)}", "bad_request", 400)
        self.names: tuple[str, ...] = (
            tuple(_check_text("a name", name, MAX_NAME) for name in names)
            if names
            else tuple(NAMES[s % len(NAMES)] for s in range(players))
        )
        """Player names by seat."""
        self._seats = [_Seat(tokens[s], s in bots) for s in range(players)]
        self.spectator_token: str = tokens[players]
        """The token of the spectator link (public facts only)."""
        self.host_token: str = tokens[players + 1]
        """The token of the host link, which sees what the spectator sees and may save the table."""
        if turn_seconds is not None and not (
            isinstance(turn_seconds, (int, float))
            and not isinstance(turn_seconds, bool)
            and 1 <= turn_seconds <= 86_400
        ):
            raise TableError("turn_seconds must be from 1 to 86400", "bad_request", 400)
        if not (
            isinstance(bot_delay, (int, float))
            and not isinstance(bot_delay, bool)
            and 0 <= bot_delay <= 60
        ):
            raise TableError("bot_delay must be from 0 to 60 seconds", "bad_request", 400)
        if type(max_timeouts) is not int or not 1 <= max_timeouts <= 100:
            raise TableError("max_timeouts must be from 1 to 100", "bad_request", 400)
        if not (
            isinstance(press_seconds, (int, float))
            and not isinstance(press_seconds, bool)
            and 1 <= press_seconds <= 86_400
        ):
            raise TableError("press_seconds must be from 1 to 86400", "bad_request", 400)
        if talk_window is not None and not (
            isinstance(talk_window, (int, float))
            and not isinstance(talk_window, bool)
            and 0 <= talk_window <= 3_600
        ):
            raise TableError("talk_window must be from 0 to 3600 seconds", "bad_request", 400)
        self.press_seconds: float = float(press_seconds)
        """A pressed player's time to decide at a table with deadlines (R-TALK-LEADER)."""
        self.talk_window: float | None = None if talk_window is None else float(talk_window)
        """How long bots wait for people in a phase of talk; ``None``: the bots' own."""
        self.turn_seconds: float | None = turn_seconds
        """Each seat's time to act, or ``None``."""
        self.max_timeouts = max_timeouts
        """Timeouts in a row after which a seat is handed to a bot."""
        self.bot_delay: float = float(bot_delay)
        """Seconds before each bot move."""
        self.deadline: float | None = None
        """When the server acts next on its own (a seat's time runs out, or a bot's delay
        ends), as :func:`time.time`; ``None`` if it waits for people only."""
        self._clock = Clock()
        self._etags: dict[int | None, tuple[object, str]] = {}
        # The version each seat could see after each count of actions applied, of the
        # actions applied here or loaded (a repeated request is answered with it).
        self._public_at: dict[int, int] = {}
        self._public_pending: dict[int, int] = {}
        self.closed = False
        """Whether the host closed the table."""
        self.join_code: str = new_join_code()
        """The table's short join code: whoever types it on the join page takes a free seat."""
        self.joined: tuple[int, ...] = ()
        """The seats taken through the join code, in the order they were taken."""
        self.opened: set[int] = set()
        """The seats whose link this process served since it started (not stored): the join
        code does not give them, so a seat whose link the host handed out stays its own."""
        self.writes = 0
        """How many writes the store holds of this table (checked by the next write)."""
        self._seed = self.game.seed(config)
        # The table's own secret: the clock's defaults are drawn from it (never stored in
        # a view; a table stored before it existed derives one from all its tokens).
        self._secret = secrets.token_hex(16)
        self._bots: dict[int, Any] = {}
        for seat in bots:
            self._bots[seat] = self.game.new_bot()
        # How many actions each seat sent in the round ``_tally_round`` (MAX_ROUND_ACTIONS).
        self._tally_round: object = None
        self._tally: dict[int, int] = {}
        # -- notes: what the log says of the clock and the bots (see ``notes``) --
        self._notes: list[dict[str, Any]] = []
        self._pending: list[dict[str, Any]] = []
        if _play and self.bot_delay == 0:
            self.play_bots()
        self._set_clock(self.clock_after(self.state, time.time()))

    # -- seats and tokens ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self._seats)

    @property
    def bots(self) -> tuple[int, ...]:
        """The seats the server plays."""
        return tuple(s for s, seat in enumerate(self._seats) if seat.bot)

    @property
    def tokens(self) -> tuple[str, ...]:
        """The table's tokens, the seats' in order, then the spectator's and the host's."""
        return tuple(seat.token for seat in self._seats) + (
            self.spectator_token,
            self.host_token,
        )

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

    # -- joining and playing again --------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The game's only state."""
        return self._state

    @state.setter
    def state(self, value: StateT) -> None:
        self._state = value
        if self.spectator_delay > 0:  # kept for the delayed views, as long as they may show it
            now = time.time()
            self._shown.append((now, value))
            while len(self._shown) > 1 and self._shown[1][0] <= now - self.spectator_delay:
                del self._shown[0]

    def set_spectator_delay(self, seconds: object) -> None:
        """Make the spectator's link and the table screen lag ``seconds`` behind the game
        (``0``: not at all); from now on, so a page never goes back.

        Raises:
            TableError: ``bad_request`` (400) for anything but 0 to 600 seconds.
        """
        if not (
            isinstance(seconds, (int, float))
            and not isinstance(seconds, bool)
            and 0 <= seconds <= MAX_SPECTATOR_DELAY
        ):
            raise TableError(
                f"spectator_delay must be from 0 to {MAX_SPECTATOR_DELAY} seconds",
                "bad_request",
                400,
            )
        self.spectator_delay = float(seconds)
        self._shown = [(time.time(), self._state)] if seconds else []

    def shown_state(self, now: float) -> StateT:
        """The state a delayed view shows at ``now``: the newest one at least
        ``spectator_delay`` seconds old (the oldest kept while none is)."""
        shown = self._state
        for when, state in reversed(self._shown):
            shown = state
            if when <= now - self.spectator_delay:
                break
        return shown

    def next_shown(self, now: float) -> float | None:
        """When the delayed view changes next, seen from ``now`` (``None``: not before the
        game moves)."""
        waiting = [when + self.spectator_delay for when, _ in self._shown]
        later = [at for at in waiting if at > now]
        return min(later) if later else None

    def free_seats(self) -> tuple[int, ...]:
        """The seats a person may take with the join code: a person's seat (no bot) not
        taken through the code yet and whose link was not opened (``opened``), in seat
        order."""
        return tuple(
            s
            for s, seat in enumerate(self._seats)
            if not seat.bot and s not in self.joined and s not in self.opened
        )

    def plan_join(self, name: object) -> tuple[int, dict[str, Any]]:
        """The seat a person called ``name`` takes with the join code, and the table's
        seats as they will be stored (``name`` in that seat, the seat taken); nothing
        changes yet (:meth:`commit_join` does).

        Raises:
            TableError: ``bad_request`` (400) for a name that is no name (as a table's
                names: 1 to 40 characters, no control or bidirectional character);
                ``table_full`` (409) when no seat is free; ``table_closed`` (410).
        """
        if self.closed:
            raise TableError("the host closed this table", "table_closed", 410)
        checked = _check_text("a name", name.strip() if isinstance(name, str) else name, MAX_NAME)
        free = self.free_seats()
        if not free:
            raise TableError("every seat of this table is taken", "table_full", 409)
        seat = free[0]
        meta = self.meta()
        meta["names"][seat] = checked
        meta["joined"] = [*self.joined, seat]
        return seat, meta

    def commit_join(self, seat: int, meta: dict[str, Any]) -> None:
        """Make what :meth:`plan_join` planned (and the store kept) the table's."""
        names = list(self.names)
        names[seat] = str(meta["names"][seat])
        self.names = tuple(names)
        self.joined = (*self.joined, seat)

    def again(self, config: Any, table_id: str | None = None) -> Table[Any]:
        """A new game at this table: the same seats, links, names, bots, language, clock,
        join code and joined seats, a new game of ``config`` (which must seat as many
        players) and a new table id; this table is unchanged (the server closes it).

        Raises:
            TableError: ``bad_request`` (400) for a config of another number of players or
                another game.
        """
        fresh: Table[Any] = Table(
            config,
            bots=self.bots,
            lang=self.lang,
            names=self.names,
            turn_seconds=self.turn_seconds,
            max_timeouts=self.max_timeouts,
            bot_delay=self.bot_delay,
            table_id=table_id,
            _tokens=self.tokens,
            _play=False,
        )
        if fresh.game.name != self.game.name or fresh.players != self.players:
            raise TableError(
                "a new game at a table keeps its game and its seats", "bad_request", 400
            )
        fresh.join_code = self.join_code
        fresh.joined = self.joined
        fresh.set_spectator_delay(self.spectator_delay)
        if fresh.bot_delay == 0:
            fresh.play_bots()
        fresh.deadline = fresh.next_deadline(time.time())
        return fresh

    def timeouts(self, seat: int) -> int:
        """How many turns in a row the clock played for ``seat``."""
        return self._seats[seat].timeouts

    def set_bot(self, seat: int, bot: bool, *, note: bool = False) -> None:
        """Hand ``seat`` to a bot (``True``) or back to its person (``False``).

        With ``note`` the log says so ("A bot took Ana's seat", "Ana took the seat back"):
        the note is stored by :meth:`meta_after` and kept by :meth:`commit`.

        The seat's link keeps working either way: a person handed back finds the table
        where the bot left it. Call :meth:`play_bots` (or :meth:`plan` with no action)
        afterwards to let a new bot act.

        Raises:
            TableError: ``bad_request`` for a seat not at the table, or a table that would
                keep no person... a table of bots only is allowed (spectators watch it).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise TableError(f"no seat {seat!r} at this table", "bad_request", 400)
        if type(bot) is not bool:
            raise TableError("bot must be true or false", "bad_request", 400)
        if note:  # a hand-over by a request: the plan holds its note only
            changed = self._seats[seat].bot != bot
            self._pending = (
                [self._note("bot" if bot else "back", seat, self.state)] if changed else []
            )
        self._seats[seat].bot = bot
        self._seats[seat].timeouts = 0
        if bot:
            self._bots.setdefault(seat, self.game.new_bot())
        else:
            self._bots.pop(seat, None)

    def bot_rng(self, seat: int, version: int, seen: int | None = None) -> random.Random:
        """The generator of ``seat``'s bot for its move at ``version``: derived from the
        game's seed, the seat and the version, so a table restarted mid-game goes on with
        the same choices as one that never stopped.

        For a game with private side actions (Millions' talk and offers) ``version`` is
        the :attr:`version` every seat sees and ``seen`` the count of events in the bot's
        own view: the bot's choice depends on what it may know only, never on a private
        exchange of two others."""
        if seen is None:
            return _derived("millions-bots", self._seed, seat, version)
        return _derived("millions-bots", self._seed, seat, version, seen)

    def _bot_rng(self, state: Any, seat: int) -> random.Random:
        game = self.game
        if game.page.rule_version is None:
            return self.bot_rng(seat, game.version(state))
        seen = len(game.game.view_events(game.view(state, seat)))
        return self.bot_rng(seat, game.public_version(state), seen)

    def _default_rng(self, seat: int, version: int) -> random.Random:
        # The clock's secret generator for ``seat`` at ``version``: from the table's secret,
        # which no seat knows, so nobody can tell which default the clock picked.
        return _derived(self._secret, "default", seat, version)

    def default_action(self, state: Any, seat: int) -> Any:
        """What the clock plays for ``seat`` in ``state``: an action of the kind the game
        offers first (a Choose in Millions' planning, Stay in negotiation, a name for a lone
        Snitch; a Pass or the only bet in Torraku), picked among the actions of that kind by
        the table's secret generator (never the first offered one by rule)."""
        kinds = self.game.default_actions(state, seat)
        pick = self._default_rng(seat, self.game.public_version(state))
        return kinds[pick.randrange(len(kinds))]

    def _round_of(self, state: Any) -> object:
        return self.game.round_of(state)

    def _count(self, round_: object, seat: int | None) -> None:
        # One more action of ``seat`` in ``round_`` (a new round starts every count at 0).
        if seat is None:
            return
        if round_ != self._tally_round:
            self._tally_round, self._tally = round_, {}
        self._tally[seat] = self._tally.get(seat, 0) + 1

    def round_actions(self, seat: int) -> int:
        """How many actions ``seat`` sent in the current round (its bot's and the clock's
        included), against ``MAX_ROUND_ACTIONS``."""
        if self._round_of(self.state) != self._tally_round:
            return 0
        return self._tally.get(seat, 0)

    @property
    def version(self) -> int:
        """The version every seat sees and sends back with an action, the game's count of
        rule actions (Millions' :attr:`~millions_rules.GameState.rule_version`). Talk and offers do not change it,
        so a private exchange never shows in it nor makes another seat's action stale."""
        return self.game.public_version(self.state)

    @property
    def applied(self) -> int:
        """How many actions were applied, private ones too, which orders the stored actions
        (never shown to a seat)."""
        return self.game.version(self.state)

    def public_at(self, applied: int) -> int:
        """:attr:`version` as it was after ``applied`` actions (the current one if unknown)."""
        return self._public_at.get(applied, self.version)

    def _note_public(self, state: Any) -> None:
        # Remember the version seats could see after this state's count of actions.
        self._public_pending[self.game.version(state)] = self.game.public_version(state)

    # -- the clock ----------------------------------------------------------------------

    def _window_length(self, robots: Sequence[int]) -> float:
        # The bots' window: the table's, else the longest of the waiting bots' own.
        if self.talk_window is not None:
            return self.talk_window
        own = [getattr(self._bots.get(seat), "talk_window", 0.0) for seat in robots]
        found = [float(t) for t in own if isinstance(t, (int, float)) and t > 0]
        return max(found, default=0.0)

    def _spoke_in_public(self, before: Any, after: Any) -> bool:
        # Whether the spectator sees more events: a public message, offer or press.
        game = self.game
        return len(game.game.view_events(game.view(after, None))) != len(
            game.game.view_events(game.view(before, None))
        )

    def clock_after(
        self, state: Any, now: float, bots: Sequence[int] | None = None, timed: bool = False
    ) -> Clock:
        """The table's :class:`Clock` once ``state`` (reached from the current state) is the
        table's at ``now``, with the seats ``bots`` played by the server.

        Only a public change moves it. A rule action (or a call with the current state)
        gives the people due ``turn_seconds`` and the next delayed bot ``bot_delay`` from
        ``now``; talk and offers keep both (they never reset or extend a deadline). In a
        phase of talk the bots' window begins with the phase and again at each public
        message, offer or press; while it lasts, bots wait for the people due (they may talk
        and offer, not decide). A press gives the pressed seat ``press_seconds`` from the
        press at a table with ``turn_seconds`` (never more than its turn). ``timed`` says
        that the clock played a move at its time (the next delayed bot's time starts again).
        """
        game, old, clock = self.game, self.state, self._clock
        robots = set(self._bots if bots is None else bots)
        due = () if self.closed else game.due(state)
        people = [seat for seat in due if seat not in robots]
        waiting = [seat for seat in due if seat in robots]
        fresh = state is old or game.public_version(state) != game.public_version(old)
        turn: float | None = None
        if self.turn_seconds is not None and people:
            kept = clock.turn
            turn = now + self.turn_seconds if fresh or kept is None else kept
        window: float | None = None
        passed = False
        if game.talking(state):
            begins = (
                clock.window is None
                or not game.talking(old)
                or game.round_of(old) != game.round_of(state)
            )
            if begins or (not fresh and self._spoke_in_public(old, state)):
                window = now  # negotiation began, or a public message, offer or press
            else:
                window, passed = clock.window, clock.passed
            # Only the clock ends the window (at its deadline), never a late action: a
            # private one must not change when the bots decide.
            ended = window is not None and window + self._window_length(waiting) <= now
            if timed and ended:
                passed = True
        held = bool(waiting) and bool(people) and window is not None and not passed
        window_end = window + self._window_length(waiting) if held and window is not None else None
        bot: float | None = None
        if self.bot_delay > 0 and waiting and not held:
            bot = now + self.bot_delay if fresh or timed or clock.bot is None else clock.bot
        press: list[tuple[int, float]] = []
        if self.turn_seconds is not None:
            before = dict(clock.press)
            for seat in game.pressed(state):
                if seat not in due:
                    continue
                at = before.get(seat, now + self.press_seconds)
                press.append((seat, at if turn is None else min(at, turn)))
        return Clock(
            turn=turn,
            bot=bot,
            window=window,
            window_end=window_end,
            passed=passed,
            press=tuple(press),
        )

    def _set_clock(self, clock: Clock) -> None:
        self._clock = clock
        self.deadline = clock.deadline

    @property
    def clock(self) -> Clock:
        """The table's clock, which says when it acts on its own next, and why."""
        return self._clock

    @property
    def longest_wait(self) -> float:
        """The longest time the clock may wait from a change to its next move (a deadline
        further away means the system clock jumped back)."""
        # A press is never longer than the turn; the bots' window may be.
        window = self._window_length(list(self._bots))
        return max(self.turn_seconds or 0.0, window) + self.bot_delay

    def idle(self, now: float) -> None:
        """The clock's deadline passed with nothing to play (or a new table is served): set
        it again from ``now``."""
        self._set_clock(self.clock_after(self.state, now, timed=True))

    # -- what a client receives ---------------------------------------------------------

    def update(
        self, token: str, since: int = 0, lang: str | None = None, *, delayed: bool = False
    ) -> dict[str, Any]:
        """What the holder of ``token`` needs: its view with the events after ``since``.

        Args:
            token: A seat's, the spectator's or the host's token.
            since: How many events of this client's visible log it already has
                (:func:`~millions_rules.view`'s cursor).
            lang: The language of the narrated log (the table's by default).
            delayed: For the spectator or the host (the table screen), the table as it was
                ``spectator_delay`` seconds ago (:meth:`shown_state`), with no deadline.

        Returns:
            A JSON-ready dict: ``view`` (the view as JSON, with its ``version``,
            ``first_event`` and only the new events), ``log`` (those events narrated,
            with the table's notes said where they happened: "Time ran out for Ana: the
            table played for her"; see :attr:`notes`), ``tail`` (the notes after the last
            event, "A bot took Ana's seat": a page shows them after its log until the next
            update, whose ``log`` holds them in place), ``notes`` (the ``kind`` and
            ``seat`` of the notes of ``log`` and ``tail``), ``deadlines`` (each seat's, see
            :meth:`deadlines`), ``turn_seconds``,
            ``version`` (the table's :attr:`version`, to send back with an action; talk and
            offers do not change it), ``etag`` (:meth:`etag`), ``pressed`` (``[seat,
            deadline]`` for each seat the leader pressed that has not decided yet, the
            deadline ``null`` at a table without one), ``actions`` (the
            seat's legal actions as JSON, for every game),
            ``labels`` (a button label for each of the view's legal actions), ``ending``
            (why the game ended, once it has), ``lang``, ``names``, ``bots``, ``host``
            (whether this is the host's link), ``game``, ``table``, ``deadline`` (when the
            server plays for the seats due, or ``null``), ``words`` (every word the
            page shows, in ``lang``: see :func:`~millions_rules.web.words`), ``winners``
            (once the game is over, :meth:`~millions_rules.games.Game.winners`), ``title``
            (the game's), ``widgets`` (the name of the game's own widgets, ``null`` for the
            generic page) and whatever the game's page companion adds
            (:attr:`~millions_rules.games.Page.extras`: Millions' ``summary`` of the last
            heist, public facts only, and ``target``; and, from the seat's view,
            :attr:`~millions_rules.games.Page.seat_extras`: Millions' ``offer_lines``).

        Raises:
            TableError: ``unknown_token`` (403), or ``bad_request`` (400) for a cursor
                outside the seat's log or an unknown language.
        """
        seat = self.seat_of(token)
        lang = self._lang(lang)
        delayed = delayed and seat is None and self.spectator_delay > 0
        state = self.shown_state(time.time()) if delayed else self.state
        try:
            seen = self.game.view(state, seat, since)
        except IllegalActionError as error:
            raise TableError(str(error), "bad_request", 400) from error
        legal = self.game.legal(state, seen, seat)
        log, tail, notes = self._log(seen, seat, since, lang)
        return {
            "view": json.loads(self.game.to_json(seen)),
            "log": log,
            "tail": tail,
            "notes": notes,
            "deadlines": [None] * self.players if delayed else self.deadlines(),
            "turn_seconds": self.turn_seconds,
            "version": self.game.public_version(state),
            "actions": [json.loads(self.game.to_json(action)) for action in legal],
            "labels": [self.game.describe(action, self.names, lang) for action in legal],
            "ending": self.game.ending(state, lang),
            "winners": self.game.winners(state),
            "lang": lang,
            "names": list(self.names),
            "bots": list(self.bots),
            "host": self.is_host(token),
            "game": self.game.name,
            "title": self.game.game.title,
            "widgets": self.game.widgets,
            "table": self.id,
            "deadline": None if delayed else self.deadline,
            "pressed": [] if delayed else self._pressed(),
            "etag": None if delayed else self._etag(seat),
            "words": words(lang),
            **self.game.extras(state),
            **self.game.seat_extras(seen, self.names, lang),
        }

    def _pressed(self) -> list[list[Any]]:
        # The seats pressed by the leader and not decided yet, each with its short deadline
        # (``None`` at a table without deadlines): public, as pressing is (R-TALK-LEADER).
        times = dict(self._clock.press)
        return [[seat, times.get(seat)] for seat in self.game.pressed(self.state)]

    def _etag(self, seat: int | None) -> str:
        # A digest of everything an update of ``seat`` shows that may change: its whole
        # view, the deadline, the presses, the bots and whether the table is closed.
        key = (seat, self.applied, self.deadline, self.bots, self.closed, self._clock.press)
        cached = self._etags.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        seen = self.game.view(self.state, seat)
        digest = hashlib.blake2b(digest_size=12)
        digest.update(self.game.to_json(seen).encode())
        digest.update(json.dumps([self.deadline, self.bots, self.closed, self._pressed()]).encode())
        tag = digest.hexdigest()
        self._etags[seat] = (key, tag)
        return tag

    def etag(self, token: str) -> str:
        """A digest of what ``token``'s holder sees (:meth:`update`'s ``etag``): it changes
        exactly when that seat's view, the deadline, a press, the bots or the table's
        closing changes, never with a private exchange of two other seats.

        Raises:
            TableError: ``unknown_token`` (403).
        """
        return self._etag(self.seat_of(token))

    def words(self, lang: str | None = None) -> dict[str, Any]:
        """The page's words in ``lang`` (the table's by default), for a page without a seat.

        Returns:
            ``{"lang": ..., "words": ...}``, the words as :func:`~millions_rules.web.words`.

        Raises:
            TableError: ``bad_request`` (400) for an unknown language.
        """
        lang = self._lang(lang)
        return {"lang": lang, "words": words(lang)}

    def _lang(self, lang: str | None) -> str:
        if lang is None:
            return self.lang
        if lang not in LOCALES:
            raise TableError(f"unknown language {lang!r}", "bad_request", 400)
        return lang

    # -- acting -------------------------------------------------------------------------

    def plan(
        self, token: str, action: object, version: object, lang: str | None = None
    ) -> tuple[Any, list[ActionRow]]:
        """The state a seat's action leads to, after the bots' answers, and those actions.

        Nothing changes: the server stores the actions, then :meth:`commit` s them.

        Raises:
            TableError: as :meth:`act`.
        """
        seat = self.seat_of(token)
        lang = self._lang(lang)
        self._pending = []
        if seat is None:
            raise TableError("a spectator cannot act", "unknown_token", 403)
        if self.closed:
            raise TableError("the host closed this table", "table_closed", 410)
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("version must be an integer", "bad_request", 400)
        if version != self.version:  # rule actions only: talk never makes an action stale
            raise TableError(
                f"the table has moved on (version {self.version}, not {version}): "
                "look at the table again before acting",
                "stale_version",
                409,
            )
        self._public_pending = {}
        try:
            parsed = self.game.parse_action(json.dumps(action))
        except (DeserializationError, TypeError, ValueError, RecursionError) as error:
            raise TableError(f"not an action: {error}", "bad_request", 400) from error
        sent = self.round_actions(seat)
        if sent >= MAX_ROUND_ACTIONS and (
            sent >= 2 * MAX_ROUND_ACTIONS
            or not self.game.due(self.state)
            or seat not in self.game.due(self.state)
            or parsed not in self.game.default_actions(self.state, seat)
        ):
            raise TableError(
                f"a seat may send {MAX_ROUND_ACTIONS} actions per round at this table (a "
                "server limit, not a rule); past it, only a decision that moves the game "
                "on (a Stay, a Choose, a Pass): no more payments or threats this round",
                "too_many_actions",
                429,
            )
        if isinstance(parsed, self.game.page.refused):
            raise TableError(
                "this table does not take this kind of action", "not_at_this_table", 409
            )
        try:
            state = self.game.apply(self.state, parsed, seat)
        except IllegalActionError as error:
            status = 403 if error.code == "not_your_action" else 409
            raise TableError(refusal(error, lang, self.names), error.code, status) from error
        self._note_public(state)
        rows = [ActionRow(self.game.version(state), seat, self.game.to_json(parsed))]
        if self.bot_delay == 0:
            state = self._bot_moves(state, rows)
        return state, rows

    def commit(self, state: Any, rows: Sequence[ActionRow], now: float | None = None) -> None:
        """Make ``state`` (which ``rows`` led to from the current state) the table's."""
        for row in rows:
            if row.seat is not None and row.seat not in self._bots:
                self._seats[row.seat].timeouts = 0
        self._tally_rows(rows)
        clock = self.clock_after(state, time.time() if now is None else now)
        self._remember()
        self._notes, self._pending = self._kept(self._notes + self._pending), []
        self.state = state
        self._set_clock(clock)

    def _tally_rows(self, rows: Sequence[ActionRow]) -> None:
        round_ = self._round_of(self.state)
        for row in rows:
            self._count(round_, row.seat)

    def meta_after(self, rows: Sequence[ActionRow]) -> dict[str, Any]:
        """The seats as :meth:`commit` of a seat's ``rows`` will leave them, to store with
        them: a person who acts starts counting timeouts again (in the store too)."""
        meta = self.meta()
        acted = {row.seat for row in rows if row.seat is not None and row.seat not in self._bots}
        meta["timeouts"] = [0 if s in acted else n for s, n in enumerate(meta["timeouts"])]
        meta["notes"] = self._kept(self._notes + self._pending)
        return meta

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
        state, rows = self.plan(token, action, version, lang)
        self.commit(state, rows)
        return self.version

    def _bot_moves(
        self,
        state: Any,
        rows: list[ActionRow],
        limit: int = _MAX_BOT_ACTIONS,
        bots: Sequence[int] = (),
        release: bool | None = None,
        freed: Sequence[int] = (),
    ) -> Any:
        # Let the bots (and the seats ``bots`` about to be handed to one) act while the game
        # waits for one of them; append their actions. In a phase of talk, unless the
        # window has passed (``release``) or the bot was pressed and its time ran out
        # (``freed``), a bot waits for the people due: its talk and offers are played, a
        # decision is held back until the clock's window ends.
        game = self.game
        robots = dict(self._bots)
        for seat in bots:
            robots.setdefault(seat, game.new_bot())
        released = self._clock.passed if release is None else release
        held: set[int] = set()
        for _ in range(limit):
            due = game.due(state)
            waiting = [s for s in due if s in robots and s not in held]
            if not waiting:
                break
            seat = waiting[0]
            bot = robots[seat]
            hold = (
                not released
                and seat not in freed
                and game.talking(state)
                and any(s not in robots for s in due)
            )
            if game.game.awaits_dealer(state):  # drawn by the model (R-TK-SIM)
                self._pending.append(self._note("model", seat, state))
            try:
                action = game.bot_action(state, seat, bot, self._bot_rng(state, seat))
                after = game.apply(state, action, seat)
            except Exception:  # a failing bot must not leave the table stuck
                _LOG.exception("the bot in seat %d failed; it plays the default", seat)
                action = self.default_action(state, seat)
                after = game.apply(state, action, seat)
            if hold and game.public_version(after) != game.public_version(state):
                held.add(seat)  # a decision: it waits for the people
                continue
            state = after
            self._note_public(state)
            rows.append(ActionRow(game.version(state), seat, game.to_json(action)))
        return state

    def play_bots(self) -> None:
        """Let the bots act while the game waits for one of them.

        Each bot chooses from its own view (a Millions bot is a bargaining
        :class:`~millions_rules.bots.RuleBot` offered
        :func:`~millions_rules.bots.action_space` without payments, which makes its own
        offers and talk), and its action is applied with its seat's check. In a phase of
        talk a bot waits for the people (see :meth:`clock_after`).
        """
        self._public_pending = {}
        rows: list[ActionRow] = []
        self._pending = []
        self.commit(self._bot_moves(self.state, rows), rows)

    def next_deadline(
        self, now: float, state: Any = None, bots: Sequence[int] | None = None
    ) -> float | None:
        """When the server should act on its own next, seen from ``now``, in ``state``
        (the table's by default) with the seats ``bots`` played by the server
        (:meth:`clock_after`'s deadline)."""
        return self.clock_after(self.state if state is None else state, now, bots).deadline

    def timeout(self, now: float) -> tuple[Any, list[ActionRow]]:
        """What the server plays when the ``deadline`` has passed; nothing changes yet.

        If a bot's delay ended, the first bot due plays one move; a bot due at a table
        without delay (a table stopped between two writes, loaded again) plays at once.
        Otherwise each person's seat due (in the game's order) gets its **default action**
        (:meth:`default_action`: of the kind the game offers first, picked by the table's
        secret generator). It is logged without naming it; after ``max_timeouts`` timeouts
        in a row the seat is handed to a bot (a seat that acts itself starts counting
        again), and that bot plays in the same plan, so one write stores the hand-over and
        the bot's moves together. Commit the result with :meth:`commit_timeout`.
        """
        self._public_pending = {}
        rows: list[ActionRow] = []
        self._pending = []
        state = self.state
        clock = self._clock
        due = self.game.due(state)
        if self.deadline is not None:
            now = max(now, self.deadline)  # asked early: as at the deadline
        release = clock.passed or (clock.window_end is not None and clock.window_end <= now)
        # A pressed seat whose short time ran out (R-TALK-LEADER): its default alone (a
        # bot pressed may decide at once).
        expired = [seat for seat, at in clock.press if at <= now and seat in due]
        if expired:
            people = [seat for seat in expired if seat not in self._bots]
            state = self._defaults(state, people, rows)
            handed = self._handed_notes(state, rows)
            freed = [seat for seat in expired if seat in self._bots]
            if self.bot_delay == 0 or freed:
                limit = 1 if self.bot_delay > 0 else _MAX_BOT_ACTIONS
                state = self._bot_moves(
                    state, rows, limit=limit, bots=handed, release=release, freed=freed
                )
            if rows:
                return state, rows
        robots = [seat for seat in due if seat in self._bots]
        if robots and (self.bot_delay == 0 or clock.bot is None or clock.bot <= now):
            limit = 1 if self.bot_delay > 0 else _MAX_BOT_ACTIONS
            state = self._bot_moves(state, rows, limit=limit, release=release)
            if rows:
                return state, rows
        if self.turn_seconds is not None and (clock.turn is None or clock.turn <= now):
            state = self._defaults(state, due, rows)
            handed = self._handed_notes(state, rows)
            if self.bot_delay == 0 and rows:
                state = self._bot_moves(state, rows, bots=handed, release=release)
        return state, rows

    def _handed_notes(self, state: Any, rows: Sequence[ActionRow]) -> list[int]:
        # The seats the clock's defaults hand to a bot, each with its note in the log.
        if not rows:
            return []
        _, handed = self._timeout_effects(rows)
        self._pending += [self._note("handed", seat, state) for seat in handed]
        return handed

    def _defaults(self, state: Any, seats: Sequence[int], rows: list[ActionRow]) -> Any:
        # The clock's default for each person's seat of ``seats`` still due.
        for seat in seats:
            if seat in self._bots or seat not in self.game.due(state):
                continue
            if self.game.game.awaits_dealer(state):
                continue  # what happened at a physical table is never guessed for a person
            action = self.default_action(state, seat)
            _LOG.warning(
                "table %s: seat %d's time ran out; the server played for it", self.id, seat
            )
            self._pending.append(self._note("timeout", seat, state))
            state = self.game.apply(state, action, seat)
            self._note_public(state)
            rows.append(ActionRow(self.game.version(state), seat, self.game.to_json(action)))
        return state

    def _timeout_effects(self, rows: Sequence[ActionRow]) -> tuple[list[int], list[int]]:
        # Each seat's timeouts in a row after the clock played ``rows``, and the seats handed
        # on. A row is a default of the clock if its seat is a person's not met before in
        # ``rows``; the later rows of a seat handed on are its new bot's.
        counts = [seat.timeouts for seat in self._seats]
        handed: list[int] = []
        counted: set[int] = set()
        for row in rows:
            if row.seat is None or row.seat in self._bots or row.seat in counted:
                continue
            counted.add(row.seat)
            counts[row.seat] += 1
            if counts[row.seat] >= self.max_timeouts:
                handed.append(row.seat)
        return counts, handed

    def meta_after_timeout(self, rows: Sequence[ActionRow]) -> dict[str, Any]:
        """The seats as :meth:`commit_timeout` will leave them, to store with ``rows``."""
        counts, handed = self._timeout_effects(rows)
        meta = self.meta()
        meta["timeouts"] = [0 if s in handed else n for s, n in enumerate(counts)]
        meta["bots"] = sorted(set(self.bots) | set(handed))
        meta["notes"] = self._kept(self._notes + self._pending)
        return meta

    def commit_timeout(self, state: Any, rows: Sequence[ActionRow], now: float) -> list[int]:
        """Commit what :meth:`timeout` planned; return the seats handed to a bot."""
        counts, handed = self._timeout_effects(rows)
        for seat, count in zip(self._seats, counts, strict=True):
            seat.timeouts = count
        for number in handed:
            _LOG.warning(
                "table %s: seat %d timed out %d times in a row; a bot plays it",
                self.id,
                number,
                self.max_timeouts,
            )
            self.set_bot(number, True)
        self._tally_rows(rows)
        clock = self.clock_after(state, now, timed=True)
        self._remember()
        self._notes, self._pending = self._kept(self._notes + self._pending), []
        self.state = state
        self._set_clock(clock)
        return handed

    def _remember(self) -> None:
        self._public_at.update(self._public_pending)
        self._public_pending = {}

    def resume(self, now: float) -> None:
        """Set the deadline from what is stored: a bot due at a table without delay plays at
        once (``now``); a seat due with no deadline stored gets its full time from ``now``.

        A table is loaded (a start-up, another process's write) with this, so a table
        stopped between two writes never waits forever for a bot."""
        due = self.game.due(self.state)
        if self.closed or not due:
            self._set_clock(Clock())
        elif (
            self.bot_delay == 0
            and any(seat in self._bots for seat in due)
            and self._clock.window_end is None
        ):
            self.deadline = now if self.deadline is None else min(self.deadline, now)
        elif self.deadline is None:
            self._set_clock(self.clock_after(self.state, now))

    # -- notes: what the log says of the clock and the bots ----------------------------

    def _note(self, kind: str, seat: int, state: Any) -> dict[str, Any]:
        # A note placed in each reader's log before the events that follow ``state``: ``at``
        # is how many events each seat (and, last, a spectator) sees in ``state``. It says
        # who and what happened (the clock played, a bot took over), never which action.
        readers = [*range(self.players), None]
        at = [len(self.game.game.view_events(self.game.view(state, r))) for r in readers]
        return {"kind": kind, "seat": seat, "at": at}

    @staticmethod
    def _kept(notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return notes[-MAX_NOTES:]

    @property
    def notes(self) -> tuple[dict[str, Any], ...]:
        """Each note of the table's log, oldest first, as ``{"kind", "seat", "at"}``.

        ``kind`` is one of ``timeout``, ``handed``, ``bot``, ``back`` and ``model``; ``at``
        tells where each reader's log shows it (how many events each seat, and last a
        spectator, saw before it). The notes are stored with the seats."""
        return tuple(self._notes)

    def _log(
        self, seen: Any, seat: int | None, since: int, lang: str
    ) -> tuple[list[str], list[str], list[dict[str, Any]]]:
        # The reader's new events narrated, each note said before the events it precedes;
        # the notes after the last of them (the tail: sent again, in place, with the next
        # events); and the notes' {"kind", "seat"} for the page's own words.
        events = list(self.game.game.view_events(seen))
        reader = self.players if seat is None else seat
        end = since + len(events)
        placed = [n for n in self._notes if since <= n["at"][reader] < end]
        tail = [n for n in self._notes if n["at"][reader] == end]
        lines: list[str] = []
        start = since
        for note in placed:
            cut = note["at"][reader]
            if cut > start:
                lines += self.game.narrate(events[start - since : cut - since], self.names, lang)
                start = cut
            lines.append(note_text(note["kind"], self.names[note["seat"]], lang))
        lines += self.game.narrate(events[start - since :], self.names, lang)
        after = [note_text(n["kind"], self.names[n["seat"]], lang) for n in tail]
        return lines, after, [{"kind": n["kind"], "seat": n["seat"]} for n in placed + tail]

    def deadlines(self) -> list[float | None]:
        """Each seat's deadline (as :func:`time.time`), or ``None``: a person's seat the game
        waits for while the turn clock runs (``turn_seconds``). Only the seats the game
        awaits, which every view shows, get one, and every such seat gets the same: the
        clock restarts with each rule action, whatever was chosen (talk and offers never
        move it). A seat the leader pressed gets its shorter deadline (R-TALK-LEADER), which
        everyone may know, as pressing is public."""
        due = self.game.due(self.state)
        turn = self._clock.turn
        if (
            turn is None
            or self.turn_seconds is None
            or self.closed
            or self.game.game.awaits_dealer(self.state)
            or (self.bot_delay > 0 and any(s in self._bots for s in due))
        ):
            return [None] * self.players
        press = dict(self._clock.press)
        return [
            press.get(s, turn) if s in due and s not in self._bots else None
            for s in range(self.players)
        ]

    # -- storing and saving -------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """The table's seats and settings as stored beside its actions (JSON-ready)."""
        return {
            "tokens": list(self.tokens),
            "names": list(self.names),
            "bots": list(self.bots),
            "timeouts": [seat.timeouts for seat in self._seats],
            "lang": self.lang,
            "turn_seconds": self.turn_seconds,
            "max_timeouts": self.max_timeouts,
            "bot_delay": self.bot_delay,
            "press_seconds": self.press_seconds,
            "talk_window": self.talk_window,
            "secret": self._secret,
            "clock": self._clock.to_json(),
            "join_code": self.join_code,
            "joined": list(self.joined),
            "spectator_delay": self.spectator_delay,
            "notes": list(self._notes),
        }

    def row(self) -> TableRow:
        """The table as first stored: its record now, its seats, version and deadline."""
        return TableRow(
            id=self.id,
            game=self.game.name,
            record=self.game.save_game(self.state),
            meta=self.meta(),
            version=self.applied,
            deadline=self.deadline,
        )

    @classmethod
    def from_row(cls, row: TableRow, actions: Sequence[ActionRow]) -> Table[Any]:
        """The table a stored row and its actions describe, at the stored version.

        Raises:
            TableError: ``bad_request`` if the stored table is not well formed.
        """
        counted: list[tuple[object, int | None]] = []
        public: dict[int, int] = {}
        try:
            game = game_named(row.game)
            state = game.load_game(row.record)
            for action in actions:
                counted.append((game.round_of(state), action.seat))
                state = game.apply(state, game.parse_action(action.action), action.seat)
                if game.version(state) != action.version:
                    raise ValueError(f"action {action.version} is out of order")
                public[action.version] = game.public_version(state)
        except (KeyError, ValueError, RecursionError) as error:
            raise TableError(
                f"stored table {row.id} is broken: {error}", "bad_request", 400
            ) from error
        table = cls._from_meta(row.meta, state, row.id)
        for round_, seat in counted:
            table._count(round_, seat)
        table._public_at = public
        table._set_clock(Clock.from_json(row.meta.get("clock"), row.deadline))
        table.deadline = row.deadline
        table.writes = row.writes
        table.resume(time.time())
        return table

    @classmethod
    def _from_meta(cls, meta: object, state: Any, table_id: str) -> Table[Any]:
        if not isinstance(meta, dict):
            raise TableError("malformed seats", "bad_request", 400)
        game = web_game_of(state)
        names, bots, lang = meta.get("names"), meta.get("bots"), meta.get("lang")
        tokens = meta.get("tokens")
        players = game.players(state)
        if (
            not isinstance(tokens, list)
            or not isinstance(names, list)
            or len(names) != players
            or not isinstance(bots, list)
            or not isinstance(lang, str)
        ):
            raise TableError("malformed seats", "bad_request", 400)
        timeouts = meta.get("timeouts", [0] * players)
        table = cls(
            game.config_of(state),
            bots=bots,
            lang=lang,
            names=names,
            turn_seconds=meta.get("turn_seconds"),
            max_timeouts=meta.get("max_timeouts", DEFAULT_MAX_TIMEOUTS),
            bot_delay=meta.get("bot_delay", 0.0),
            press_seconds=meta.get("press_seconds", DEFAULT_PRESS_SECONDS),
            talk_window=meta.get("talk_window"),
            table_id=table_id,
            _state=state,
            _tokens=tokens,
            _play=False,
        )
        if isinstance(timeouts, list) and len(timeouts) == players:
            for seat, count in zip(table._seats, timeouts, strict=True):
                seat.timeouts = count if type(count) is int and count >= 0 else 0
        table._notes = _read_notes(meta.get("notes"), players)
        secret = meta.get("secret")
        if isinstance(secret, str) and 16 <= len(secret) <= 64:
            table._secret = secret
        else:  # stored before tables had a secret: no one link holds all the tokens
            table._secret = hashlib.blake2b(
                " ".join(table.tokens).encode(), digest_size=16
            ).hexdigest()
        table._read_joining(meta)
        return table

    def _read_joining(self, meta: dict[str, Any]) -> None:
        # The join code and the seats taken through it, as stored (a table stored before
        # join codes existed keeps the fresh code it was given).
        code = join_code_of(meta.get("join_code"))
        if code is None:  # stored before join codes: one from the table's secret, the same
            # in every process and after every restart, and guessed from nothing public
            digest = hashlib.blake2b(f"join:{self._secret}".encode(), digest_size=16).digest()
            code = "".join(JOIN_ALPHABET[b % len(JOIN_ALPHABET)] for b in digest[:JOIN_LENGTH])
        self.join_code = code
        joined = meta.get("joined")
        if isinstance(joined, list) and all(
            type(s) is int and 0 <= s < self.players for s in joined
        ):
            self.joined = tuple(dict.fromkeys(joined))
        delay = meta.get("spectator_delay", 0.0)
        if delay != self.spectator_delay:
            try:
                self.set_spectator_delay(delay)
            except TableError:
                self.set_spectator_delay(0)

    def refresh(self, row: TableRow, actions: Sequence[ActionRow]) -> None:
        """Catch up with what another process stored: its ``actions`` after ours, its seats,
        its deadline (resumed: see :meth:`resume`) and its count of writes."""
        state = self.state
        for action in actions:
            if action.version <= self.game.version(state):
                continue
            round_ = self.game.round_of(state)
            state = self.game.apply(state, self.game.parse_action(action.action), action.seat)
            self._public_at[action.version] = self.game.public_version(state)
            self._count(round_, action.seat)
        self.state = state
        bots = row.meta.get("bots", [])
        for seat in range(self.players):
            if (seat in bots) != (seat in self._bots):
                self.set_bot(seat, seat in bots)
        timeouts = row.meta.get("timeouts")
        if isinstance(timeouts, list) and len(timeouts) == self.players:
            for kept, count in zip(self._seats, timeouts, strict=True):
                kept.timeouts = int(count)
        self._set_clock(Clock.from_json(row.meta.get("clock"), row.deadline))
        names = row.meta.get("names")
        if isinstance(names, list) and len(names) == self.players:
            self.names = tuple(str(name) for name in names)
        self._read_joining(row.meta)
        self._notes = _read_notes(row.meta.get("notes"), self.players)
        self._pending = []
        self.deadline = row.deadline
        self.closed = row.closed is not None
        self.writes = row.writes
        self.resume(time.time())

    def save(self) -> str:
        """The table as JSON text: the saved game, the seats' tokens, names, bots, language.

        The text holds every secret of the game and every link: keep it private.
        """
        meta = self.meta()
        return json.dumps(
            {
                "format": _SAVE_FORMAT,
                "game_name": self.game.name,
                "id": self.id,
                "game": json.loads(self.game.save_game(self.state)),
                **meta,
            },
            ensure_ascii=False,
        )

    @classmethod
    def load(cls, text: str | bytes) -> Table[Any]:
        """The table that :meth:`save` wrote; every link works again.

        The file is checked like any input: every token of full strength and distinct,
        names that are text, no nesting deeper than JSON's readers allow.

        Raises:
            TableError: ``bad_request`` if the text is no saved table.
        """
        try:
            document = json.loads(text)
            if not isinstance(document, dict) or document.get("format") != _SAVE_FORMAT:
                raise ValueError("not a saved table")
            game = game_named(str(document.get("game_name", "millions")))
            state = game.load_game(json.dumps(document["game"]))
        except (ValueError, KeyError, TypeError, RecursionError, MillionsError) as error:
            raise TableError(f"not a saved table: {error}", "bad_request", 400) from error
        table_id = document.get("id")
        if not isinstance(table_id, str) or not _ID.fullmatch(table_id):
            table_id = secrets.token_hex(6)
        table = cls._from_meta(document, state, table_id)
        if any(not 0 <= b < table.players for b in table.bots):
            raise TableError("malformed seats", "bad_request", 400)
        return table
