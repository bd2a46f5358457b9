"""A NoneBot2 plugin hosting both games in QQ groups (OneBot v11), in Chinese by default.

In a group: ``/加入`` seats the sender, ``/开局 [游戏] [机器人数]`` (or ``/start``)
deals a game to those seated and the bots (the game by its name, ``millions`` or ``百万``,
``torraku`` or ``钱币``, or any registered game's; Millions when none is named), ``/散局`` closes it; then every message of a
seated player goes to the table's :class:`~millions_rules.text.ChatHost`, and secrets (a
choice of role) go by private message to the bot. Replies to one seat are private messages.

* Only the one who opened the table, or a group admin (its owner or an admin), may close
  it; anyone else is told so, and the table plays on. A closed table is stored as closed
  and never reopens, not even after a restart.
* The number of bots is bounded by the game's player counts: another number is refused in
  words, and nothing opens. Before a table opens, ``/散局`` by one seated (or a group admin)
  clears the seats: the way out when more sat down than the game seats.
* The store is written before anything is answered: a write that fails changes nothing in
  memory either, and the group is told (``MILLIONS_DB`` unreachable, say).

Configuration (NoneBot's ``.env``): ``MILLIONS_DB`` (a SQLite file or a ``postgresql://``
address; every action is stored there, and a restarted bot resumes each open table when its
group next speaks), ``MILLIONS_LOCALE`` (``zh``, ``es`` or ``en``).
"""

from __future__ import annotations

import secrets
from typing import Any

from nonebot import get_driver, on_message
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, MessageEvent, PrivateMessageEvent

from .._common.i18n import join_items
from ..games import GAMES, get_game
from ..text import ChatHost, Message
from ._words import WORDS

__all__ = ["MAX_COMMAND", "TABLES", "forget_tables", "matcher"]

_JOIN = ("/加入", "/join", "/unirse")
_START = ("/开局", "/start", "/empezar")
_STOP = ("/散局", "/stop", "/terminar")
#: The index of each language's spelling in the command tuples above.
_LANGUAGES = {"zh": 0, "en": 1, "es": 2}
#: The group roles that may close any table (OneBot v11's ``sender.role``).
_ADMINS = ("owner", "admin")
#: The longest message read as a plugin command (longer ones are no command).
MAX_COMMAND = 200

#: The open tables, by group id.
TABLES: dict[int, ChatHost] = {}
_SEATED: dict[int, list[tuple[int, str]]] = {}  # group id -> joined (user id, name)
_USERS: dict[int, int] = {}  # user id -> group id of their table


def _config(key: str, default: str | None) -> str | None:
    value = getattr(get_driver().config, key, None)
    return default if value is None else str(value)


def _locale() -> str:
    return _config("millions_locale", "zh") or "zh"


def _store() -> Any:
    url = _config("millions_db", None)
    if url is None:
        return None
    from ..web import open_store

    return open_store(url)


_STORE: list[Any] = []


def _the_store() -> Any:
    if not _STORE:
        _STORE.append(_store())
    return _STORE[0]


def forget_tables() -> None:
    """Drop every table held in memory (what a restart does); stored tables come back."""
    TABLES.clear()
    _SEATED.clear()
    _USERS.clear()
    for store in _STORE:
        if store is not None:
            store.close()
    _STORE.clear()


def _table_id(group: int, number: int) -> str:
    return f"qq-{group}-{number}"


def _stored(group: int) -> int:
    # How many tables the group has stored: its tables are qq-<group>-0, -1, ...
    store, number = _the_store(), 0
    while store is not None and store.table(_table_id(group, number)) is not None:
        number += 1
    return number


def _table(group: int) -> ChatHost | None:
    # The group's open table: in memory, else its last stored one unless closed or over.
    host = TABLES.get(group)
    if host is None:
        count = _stored(group)
        row = _the_store().table(_table_id(group, count - 1)) if count else None
        if row is None or row.closed is not None:
            return None
        host = ChatHost.resume(_the_store(), row.id)
        TABLES[group] = host
        for user, _ in host.extra["users"]:
            _USERS[user] = group
    if host.is_over or host.closed:
        return None
    return host


def _seat(host: ChatHost, user: int) -> int | None:
    return next((seat for seat_user, seat in host.extra["users"] if seat_user == user), None)


async def _send(bot: Bot, host: ChatHost, group: int, messages: list[Message]) -> None:
    for message in messages:
        if message.to is None:
            await bot.send_group_msg(group_id=group, message=message.text)
        else:
            user = next(user for user, seat in host.extra["users"] if seat == message.to)
            await bot.send_private_msg(user_id=user, message=message.text)


async def _say(bot: Bot, group: int, key: str, **params: object) -> None:
    await bot.send_group_msg(group_id=group, message=WORDS[key].render(_locale(), **params))


async def _group(bot: Bot, event: GroupMessageEvent) -> None:
    group, user, text = event.group_id, event.user_id, event.get_plaintext().strip()
    host = _table(group)
    if host is None:
        if len(text) > MAX_COMMAND:
            return
        name = event.sender.card or event.sender.nickname or str(user)
        if text in _JOIN:
            seated = _SEATED.setdefault(group, [])
            if all(other != user for other, _ in seated):
                seated.append((user, name))
            names = join_items([seat_name for _, seat_name in seated], _locale())
            await _say(bot, group, "seated", players=names)
        elif text.split(" ", 1)[0] in _START:
            await _open(bot, group, (user, name), text.split()[1:])
        elif text in _STOP and _SEATED.get(group):
            await _unseat(bot, group, event)
        return
    if text in _STOP:
        await _close(bot, host, group, event)
        return
    seat = _seat(host, user)
    if seat is not None:
        await _send(bot, host, group, host.handle(seat, text, private=False))


def _spelling(commands: tuple[str, ...]) -> str:
    """The command as the plugin's language spells it (``commands`` in zh, en, es order)."""
    return commands[_LANGUAGES.get(_locale(), 0)]


async def _unseat(bot: Bot, group: int, event: GroupMessageEvent) -> None:
    # Before a table opens, /散局 by one seated (or a group admin) clears the seats: the
    # way out when more have sat down than any game seats.
    seated = _SEATED.get(group, [])
    if event.sender.role not in _ADMINS and all(user != event.user_id for user, _ in seated):
        return
    _SEATED.pop(group, None)
    await _say(bot, group, "unseated", join=_spelling(_JOIN))


async def _close(bot: Bot, host: ChatHost, group: int, event: GroupMessageEvent) -> None:
    # Only the table's host (who opened it) or a group admin closes it (stored first); a
    # table stored before its host was recorded, any of its players.
    opener = host.extra.get("host")
    seated = _seat(host, event.user_id) is not None
    allowed = seated if opener is None else event.user_id == opener
    if not allowed and event.sender.role not in _ADMINS:
        await _say(bot, group, "not_host", player=host.extra.get("host_name", ""))
        return
    told = host.close()
    if host.closed:
        TABLES.pop(group, None)
        for user, _ in host.extra["users"]:
            _USERS.pop(user, None)
    await _send(bot, host, group, told)


def _new_seed() -> int:
    """A table's seed, from the system's secret generator: never the group's id, which every
    member knows (the seed deals every secret card, R-INFO, R-TK-INFO)."""
    return secrets.randbits(63)


#: The game a table opens when the command names none.
_DEFAULT_GAME = "millions"


def _game_named(word: str) -> str:
    """The registered game ``word`` names: its name, or one of the aliases of its words
    (:attr:`~millions_rules.games.SeatWords.aliases`: ``百万``, ``钱币``); another word opens
    the default game."""
    for name, game in GAMES.items():
        words = game.companions.text
        if word == name or (words is not None and word in words.aliases):
            return name
    return _DEFAULT_GAME


async def _open(bot: Bot, group: int, opener: tuple[int, str], words: list[str]) -> None:
    game = _game_named(words[0]) if words else _DEFAULT_GAME
    counts = get_game(game).player_counts
    low, high = counts.start, counts.stop - 1
    seated = _SEATED.get(group, [])
    asked = words[1] if len(words) > 1 else "0"
    fewest, most = max(0, low - len(seated)), max(0, high - len(seated))
    if len(seated) > high:
        await _say(
            bot,
            group,
            "too_many",
            smallest=low,
            largest=high,
            seated=len(seated),
            stop=_spelling(_STOP),
        )
        return
    if most == 0 and len(seated) < low:
        await _say(
            bot,
            group,
            "players",
            smallest=low,
            largest=high,
            seated=len(seated),
            join=_spelling(_JOIN),
        )
        return
    # A bounded number: ASCII digits only (int() reads "²" and "١٢" too), three at most.
    bots = int(asked) if asked.isascii() and asked.isdigit() and len(asked) <= 3 else -1
    if not fewest <= bots <= most:
        await _say(
            bot,
            group,
            "bots",
            fewest=fewest,
            most=most,
            seated=len(seated),
            smallest=low,
            largest=high,
        )
        return
    from ..web import StoreError

    bot_name = WORDS["bot_name"]
    names = [name for _, name in seated]
    names += [bot_name.render(_locale(), number=index + 1) for index in range(bots)]
    users = [[user, seat] for seat, (user, _) in enumerate(seated)]
    store = _the_store()
    try:
        host = ChatHost(
            game,
            names,
            bots={len(seated) + index: "rule" for index in range(bots)},
            seed=_new_seed(),
            locale=_locale(),
            store=store,
            table_id=_table_id(group, _stored(group)),
            extra={"users": users, "host": opener[0], "host_name": opener[1]},
        )
    except StoreError:
        await _say(bot, group, "not_saved")
        return
    _SEATED.pop(group, None)
    TABLES[group] = host
    for user, _ in seated:
        _USERS[user] = group
    await _send(bot, host, group, host.start())


async def _private(bot: Bot, event: PrivateMessageEvent) -> None:
    user = event.user_id
    group = _USERS.get(user)
    host = None if group is None else _table(group)
    if host is None or group is None:
        await bot.send_private_msg(user_id=user, message=WORDS["no_table"].render(_locale()))
        return
    seat = _seat(host, user)
    text = event.get_plaintext().strip()
    await _send(bot, host, group, host.handle(seat, text, private=True))


async def _handle(bot: Bot, event: MessageEvent) -> None:
    if isinstance(event, GroupMessageEvent):
        await _group(bot, event)
    elif isinstance(event, PrivateMessageEvent):
        await _private(bot, event)


#: The plugin's one matcher: every message, in groups and in private.
matcher = on_message(priority=10, block=False)
matcher.handle()(_handle)
