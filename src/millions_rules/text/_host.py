"""A chat host for either game, written once over the game interface: text in, messages out.

A transport (a QQ bot, a Discord bot, a terminal) tells the host who typed what and where
(:meth:`ChatHost.handle`: a seat, the text, and whether it came by private message) and
sends each :class:`Message` it gets back to the group (``to=None``) or to one seat.

* Commands are the notation's (:func:`~millions_rules.text.parse_command`), in any of the
  three languages, plus ``/menu`` and ``/status`` (``/菜单``, ``/状态``, ``/menú``,
  ``/estado``), answered privately.
* A secret command (:func:`~millions_rules.text.is_secret`) typed in the group is refused,
  with a pointer to the private chat; nothing changes.
* Public events are narrated to the group; what only one seat sees, to that seat.
* Bots share the table. Each bot decision is a pure function of the game's seed, the seat,
  the version and the view: its generator is seeded with ``(seed, seat, version)``, and the
  turn order is rebuilt from the stored actions, so a resumed table plays on exactly as one
  that never stopped.
* With a ``store`` (the web server's :class:`~millions_rules.web._store.Store`: SQLite by
  default, or PostgreSQL; the ``[web]`` extra), every action is stored before the host
  answers, and :meth:`ChatHost.resume` reopens the table. The store is written first: if
  the write fails, the table in memory stays as it was (the command did not happen) and the
  group is told so.
* :meth:`ChatHost.close` ends a table: stored as closed first, it no longer plays, and a
  transport does not reopen it (:attr:`ChatHost.closed` after :meth:`~ChatHost.resume`).
"""

from __future__ import annotations

import copy
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from .._common.dealer import engine_dealing
from .._common.errors import IllegalActionError
from .._common.game import seats_due
from .._common.i18n import check_locale, join_and, msg
from .._common.notation import _WAITING as _STATUS
from .._common.notation import (
    Aliases,
    NotationError,
    first_spelling,
    normalize,
    seat_label,
    tokenize,
)
from ..games import AnyGame, get_game
from ._notation import parse_command
from ._words import is_secret, menu, narrate, status

__all__ = ["BOT_KINDS", "ChatHost", "Message"]


@attrs.frozen
class Message:
    """One message from the host: to the group (``to is None``) or privately to one seat."""

    to: int | None
    """The seat to tell privately, or ``None`` for the whole group."""
    text: str
    """What to send."""


def _random_bot(game: str) -> Any:
    from ..bots import RandomBot

    return RandomBot()


def _rule_bot(game: str) -> Any:
    make = get_game(game).companions.rule_bot
    return _random_bot(game) if make is None else make()


#: The bots a table can seat, by name.
BOT_KINDS: Final[Mapping[str, Callable[[str], Any]]] = {
    "random": _random_bot,
    "rule": _rule_bot,
}

_HOST_KEYWORDS: Final = {
    "menu": msg("text.host.keyword.menu", "menu|help|moves"),
    "status": msg("text.host.keyword.status", "status|table|board"),
}
_SECRET: Final = msg(
    "text.host.secret",
    "{player}, that command would reveal your secret: send it to me in a private chat.",
)
_STARTED: Final = msg(
    "text.host.started", "A game for {players}: type {menu} to see what you can do."
)
_NOT_SEATED: Final = msg("text.host.not_seated", "Only the players at this table can play.")
_CLOSED: Final = msg("text.host.closed", "This table is closed.")
_NOT_SAVED: Final = msg(
    "text.host.not_saved",
    "The table could not be saved, so that did not happen: nothing changed. Try again.",
)


#: Refusals that, for group text without a leading ``/``, mean the text was only talk.
_CHATTER: Final = frozenset({"empty", "unknown_command"})


class _NotSaved(Exception):
    """The store refused a write (it failed, or the table moved on elsewhere)."""


def _host_keywords() -> Aliases:
    return Aliases.of(_HOST_KEYWORDS)


def bot_rng(seed: int, seat: int, version: int) -> random.Random:
    """The generator of a bot's decision: a pure function of the seed, seat and version."""
    return random.Random(f"millions-rules-chat:{seed}:{seat}:{version}")


class ChatHost:
    """One table of either game in a chat (see the module's description).

    Args:
        game: ``"millions"`` or ``"torraku"``.
        names: The players' names, by seat (the notation's ``@name``).
        bots: The seats played by bots, each with a name of :data:`BOT_KINDS`.
        seed: The game's seed; it also seeds every bot decision.
        locale: The language of every message (one of :data:`~millions_rules.LOCALES`).
        store: A store of the web server (``open_store(path)``), or ``None`` to keep
            nothing.
        table_id: The stored table's id (with ``store``).
        extra: What the transport keeps with the table (JSON values: its users' ids...),
            stored with it and given back by :meth:`resume` as ``extra``.
        options: The game's config options (``quick=True``...). Torraku is dealt by the
            engine (its stacking model, R-TK-SIM) unless ``dealer`` says otherwise.

    Raises:
        ConfigError: If the game, an option or a bot name is unknown, or the game is not
            for that many players (checked first: a long list of names costs nothing).
    """

    def __init__(
        self,
        game: str,
        names: Sequence[str],
        *,
        bots: Mapping[int, str] | None = None,
        seed: int = 0,
        locale: str = "zh",
        store: Any = None,
        table_id: str = "chat",
        extra: Mapping[str, Any] | None = None,
        **options: object,
    ) -> None:
        from .._common.errors import ConfigError

        self.game: AnyGame = get_game(game)
        counts = self.game.player_counts
        if not counts.start <= len(names) < counts.stop:  # before anything grows with it
            raise ConfigError(
                f"{self.game.title} is for {counts.start} to {counts.stop - 1} players, "
                f"not {len(names)}"
            )
        self.names = tuple(names)
        self.locale = check_locale(locale)
        self.seed = seed
        self.bots = dict(bots or {})
        unknown = sorted(set(self.bots.values()) - set(BOT_KINDS))
        if unknown or not set(self.bots) <= set(range(len(self.names))):
            raise ConfigError(f"unknown bots or seats: {unknown or sorted(self.bots)}")
        options = engine_dealing(self.game.config_type, options)
        config = self.game.config(len(self.names), seed=seed, **options)
        self.store = store
        self.table_id = table_id
        self.extra = dict(extra or {})
        self._players = {seat: BOT_KINDS[kind](game) for seat, kind in self.bots.items()}
        self.state: Any = self.game.new_game(config)
        self.closed = False
        """Whether the table was closed (:meth:`close`): it plays no more."""
        self._pacing = self.game.pacing(self.state)
        self._after_step()
        if store is not None:
            from ..web._store import TableRow

            store.create(TableRow(table_id, game, self.game.save_game(self.state), self._meta(), 0))

    def _meta(self) -> dict[str, Any]:
        return {
            "chat": True,
            "names": list(self.names),
            "bots": {str(seat): kind for seat, kind in self.bots.items()},
            "locale": self.locale,
            "seed": self.seed,
            "extra": self.extra,
        }

    @classmethod
    def resume(cls, store: Any, table_id: str) -> ChatHost:
        """The table ``table_id`` of ``store``, at its last stored version, with its bots
        and turn order as they were; a table stored as closed comes back :attr:`closed`
        (it plays no more: a transport should not reopen it).

        Raises:
            KeyError: If the store has no such table.
        """
        row = store.table(table_id)
        if row is None:
            raise KeyError(table_id)
        meta = row.meta
        host = cls.__new__(cls)
        game = get_game(row.game)
        host.game = game
        host.names = tuple(meta["names"])
        host.locale = meta["locale"]
        host.seed = int(meta["seed"])
        host.bots = {int(seat): kind for seat, kind in meta["bots"].items()}
        host.store, host.table_id = store, table_id
        host.extra = dict(meta.get("extra", {}))
        host._players = {seat: BOT_KINDS[kind](row.game) for seat, kind in host.bots.items()}
        host.state = game.load_game(row.record)
        host.closed = row.closed is not None
        host._pacing = game.pacing(host.state)
        host._after_step()
        union: Any = typing.Union[tuple(game.action_types)]  # noqa: UP007
        for stored in store.actions(table_id):
            host._step(stored.seat, game.from_json(stored.action, union))
        return host

    # --- the table's steps ----------------------------------------------------------------
    def _after_step(self) -> None:
        # The turn order's bookkeeping, the same after every action live and on resume.
        if (
            not self.game.is_over(self.state)
            and not self.game.awaits_dealer(self.state)
            and seats_due(self.game, self.state)
        ):
            self._pacing.next_seat(self.state)

    def _step(self, seat: int | None, action: Any) -> None:
        self.state = self.game.apply(self.state, action, seat=seat)
        if seat is not None:
            self._pacing.played(self.state, seat, action)
        self._after_step()

    def _bots_play(self) -> list[tuple[int | None, Any]]:
        played: list[tuple[int | None, Any]] = []
        game = self.game
        while not game.is_over(self.state):
            version = game.version(self.state)
            if game.awaits_dealer(self.state):
                action = game.chance(self.seed * 1_000_003 + version).draw(self.state)
                self._step(None, action)
                played.append((None, action))
                continue
            due = [seat for seat in seats_due(game, self.state) if seat in self._players]
            if not due:
                break
            first = self._pacing.next_seat(self.state)
            players = len(self.names)
            seat = min(due, key=lambda other: (other - first) % players)
            seen = game.view(self.state, seat)
            offered = self._pacing.offered(self.state, seen, seat)
            action = self._players[seat].choose(seen, offered, bot_rng(self.seed, seat, version))
            self._step(seat, action)
            played.append((seat, action))
        return played

    # --- what the transport calls -----------------------------------------------------------
    def start(self) -> list[Message]:
        """The opening messages, and the bots' first moves."""
        label = [seat_label(seat, self.names, self.locale) for seat in range(len(self.names))]
        menu_word = "/" + first_spelling(_HOST_KEYWORDS["menu"], self.locale)
        opening = _STARTED.render(self.locale, players=join_and(label, self.locale), menu=menu_word)
        if self.closed:
            return [Message(None, _CLOSED.render(self.locale))]
        try:
            told = self._advance([0] * (len(self.names) + 1), [])
        except _NotSaved:
            return [Message(None, _NOT_SAVED.render(self.locale))]
        return [Message(None, opening), *told]

    def close(self) -> list[Message]:
        """Close the table: stored as closed first (a failed write leaves it open, and says
        so), then it plays no more. The transport decides who may close it.

        Returns:
            What to tell the group.
        """
        if self.store is not None and not self.closed:
            from ..web._store import StoreError

            try:
                self.store.close_table(self.table_id)
            except StoreError:
                return [Message(None, _NOT_SAVED.render(self.locale))]
        self.closed = True
        return [Message(None, _CLOSED.render(self.locale))]

    def handle(self, seat: int | None, text: str, *, private: bool) -> list[Message]:
        """What the host answers when ``seat`` typed ``text`` (``private``: by private
        message); ``seat`` is ``None`` for someone not seated at the table.

        Nothing changes unless the text is a legal command of that seat, typed where it may
        be. Text in the group without a leading ``/`` whose first word is no command is
        talk between the players, and gets no answer; any other refusal goes to the seat
        alone, the notation's (:class:`NotationError`) and
        the engine's alike (an :class:`~millions_rules.IllegalActionError` for what only
        the rules judge, such as the 41st message of a round, R-TALK-4).
        """
        if seat is None or not 0 <= seat < len(self.names) or seat in self._players:
            return [Message(None, _NOT_SEATED.render(self.locale))] if text.startswith("/") else []
        if self.closed:
            return [Message(seat, _CLOSED.render(self.locale))] if text.startswith("/") else []
        tokens = tokenize(text, self.names, len(self.names))
        found = _host_keywords().match(tokens) if tokens else None
        if found is not None and not found[1]:
            seen = self.game.view(self.state, seat)
            if found[0] == "status":
                return [Message(seat, status(seen, names=list(self.names), locale=self.locale))]
            lines = [
                f"{entry.command} · {entry.explanation}"
                for entry in menu(seen, names=list(self.names), locale=self.locale)
            ]
            return [
                Message(seat, "\n".join(lines) or _STATUS["over"].render(self.locale, players=""))
            ]
        seen = self.game.view(self.state, seat)
        try:
            action = parse_command(text, seen, names=list(self.names), locale=self.locale)
        except NotationError as error:
            if error.code in _CHATTER and not private and not normalize(text).startswith("/"):
                return []  # talk in the group, not meant as a command: no answer
            return [Message(seat, error.localized(self.locale))]
        if is_secret(action, seen) and not private:
            player = seat_label(seat, self.names, self.locale)
            return [Message(None, _SECRET.render(self.locale, player=player))]
        counts = self._seen_counts()
        from_version = self.game.version(self.state)
        before = self.state, copy.deepcopy(self._pacing)
        try:
            self._step(seat, action)
        except IllegalActionError as error:
            # What the notation leaves to the engine (a payer's cash, the bounds of talk and
            # offers: R-NEG-3, R-TALK-4, R-DEAL-5): refused to the seat alone, nothing changes.
            # Only the person's own step is caught: a bot's or the dealer's illegal move is
            # a fault of the host, raised as such, never told to this seat as its refusal.
            self.state, self._pacing = before
            return [Message(seat, error.localized(self.locale, names=list(self.names)))]
        try:
            return self._advance(counts, [(seat, action)], from_version)
        except _NotSaved:
            # The store holds the table as it was: so does memory (the command did not happen).
            self.state, self._pacing = before
            return [Message(None, _NOT_SAVED.render(self.locale))]

    # --- narration and storage ------------------------------------------------------------
    def _seen_counts(self) -> list[int]:
        seats: list[int | None] = [None, *range(len(self.names))]
        game = self.game
        return [len(game.view_events(game.view(self.state, seat))) for seat in seats]

    def _advance(
        self,
        counts: list[int],
        played: list[tuple[int | None, Any]],
        from_version: int | None = None,
    ) -> list[Message]:
        if from_version is None:
            from_version = self.game.version(self.state)
        before = self.state, copy.deepcopy(self._pacing)
        played = played + self._bots_play()
        try:
            self._save(from_version, played)
        except _NotSaved:
            self.state, self._pacing = before
            raise
        return self._narrate(counts)

    def _save(self, from_version: int, played: list[tuple[int | None, Any]]) -> None:
        if self.store is None or not played:
            return
        from ..web._store import ActionRow, StoreError

        rows = [
            ActionRow(from_version + index + 1, seat, self.game.to_json(action))
            for index, (seat, action) in enumerate(played)
        ]
        try:
            stored = self.store.append(self.table_id, from_version, rows, self._meta(), None)
        except StoreError as error:
            raise _NotSaved from error
        if not stored:  # the stored table moved on elsewhere, or was closed
            raise _NotSaved

    def _narrate(self, counts: list[int]) -> list[Message]:
        names = list(self.names)
        public = self.game.view_events(self.game.view(self.state, None, since=counts[0]))
        messages = [
            Message(None, self.game.describe(event, names, locale=self.locale)) for event in public
        ]
        for seat in range(len(self.names)):
            if seat in self._players:
                continue
            own = self.game.view_events(self.game.view(self.state, seat, since=counts[seat + 1]))
            for event in own:
                if event not in public:
                    text = narrate(event, seat, names=names, locale=self.locale)
                    messages.append(Message(seat, text))
        if public:
            # Only what everyone saw asks the group again: a private offer or whisper posts
            # nothing there, so the group cannot tell that one was made (R-DEAL-4).
            messages.extend(self._prompt())
        return messages

    def _prompt(self) -> list[Message]:
        label = [seat_label(seat, self.names, self.locale) for seat in range(len(self.names))]
        if self.game.is_over(self.state):
            winners = join_and([label[seat] for seat in self.game.winners(self.state)], self.locale)
            return [Message(None, _STATUS["over"].render(self.locale, players=winners))]
        humans = [seat for seat in seats_due(self.game, self.state) if seat not in self._players]
        if not humans:
            return []
        waiting = join_and([label[seat] for seat in humans], self.locale)
        return [Message(None, _STATUS["waiting"].render(self.locale, players=waiting))]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self.state))
