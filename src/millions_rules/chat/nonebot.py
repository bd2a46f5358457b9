"""A NoneBot2 plugin hosting both games in QQ groups (OneBot v11), in Chinese by default.

In a group: ``/加入`` seats the sender, ``/开局 [millions|torraku] [机器人数]`` (or ``/start``)
deals a game to those seated and the bots, ``/散局`` ends it; then every message of a seated
player goes to the table's :class:`~millions_rules.text.ChatHost`, and secrets (a choice of
role) go by private message to the bot. Replies to one seat are private messages.

Configuration (NoneBot's ``.env``): ``MILLIONS_DB`` (a SQLite file or a ``postgresql://``
address; every action is stored there, and a restarted bot resumes each table when its
group next speaks), ``MILLIONS_LOCALE`` (``zh``, ``es`` or ``en``).
"""

from __future__ import annotations

import secrets
from typing import Any

from nonebot import get_driver, on_message
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, MessageEvent, PrivateMessageEvent

from ..text import ChatHost, Message

__all__ = ["TABLES", "forget_tables", "matcher"]

_JOIN = ("/加入", "/join", "/unirse")
_START = ("/开局", "/start", "/empezar")
_STOP = ("/散局", "/stop", "/terminar")
_GAMES = {"millions": "millions", "百万": "millions", "torraku": "torraku", "钱币": "torraku"}

#: The open tables, by group id.
TABLES: dict[int, ChatHost] = {}
_SEATED: dict[int, list[tuple[int, str]]] = {}  # group id -> joined (user id, name)
_USERS: dict[int, int] = {}  # user id -> group id of their table


def _config(key: str, default: str | None) -> str | None:
    value = getattr(get_driver().config, key, None)
    return default if value is None else str(value)


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
    host = TABLES.get(group)
    count = 0 if host is not None else _stored(group)
    if host is None and count:
        host = ChatHost.resume(_the_store(), _table_id(group, count - 1))
        TABLES[group] = host
        for user, _seat in host.extra["users"]:
            _USERS[user] = group
    if host is not None and host.is_over:
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


async def _group(bot: Bot, event: GroupMessageEvent) -> None:
    group, user, text = event.group_id, event.user_id, event.get_plaintext().strip()
    host = _table(group)
    if host is None:
        name = event.sender.card or event.sender.nickname or str(user)
        if text in _JOIN:
            seated = _SEATED.setdefault(group, [])
            if all(other != user for other, _ in seated):
                seated.append((user, name))
            names = "、".join(seat_name for _, seat_name in seated)
            await bot.send_group_msg(group_id=group, message=f"已入座：{names}")
        elif text.split(" ", 1)[0] in _START:
            await _open(bot, group, text.split()[1:])
        return
    if text in _STOP:
        TABLES.pop(group, None)
        await bot.send_group_msg(group_id=group, message="本局已结束。")
        return
    seat = _seat(host, user)
    if seat is not None:
        await _send(bot, host, group, host.handle(seat, text, private=False))


def _new_seed() -> int:
    """A table's seed, from the system's secret generator: never the group's id, which every
    member knows (the seed deals every secret card, R-INFO, R-TK-INFO)."""
    return secrets.randbits(63)


async def _open(bot: Bot, group: int, words: list[str]) -> None:
    game = _GAMES.get(words[0], "millions") if words else "millions"
    bots = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
    seated = _SEATED.pop(group, [])
    names = [name for _, name in seated] + [f"机器人{index + 1}" for index in range(bots)]
    users = [[user, seat] for seat, (user, _) in enumerate(seated)]
    store = _the_store()
    host = ChatHost(
        game,
        names,
        bots={len(seated) + index: "rule" for index in range(bots)},
        seed=_new_seed(),
        locale=_config("millions_locale", "zh") or "zh",
        store=store,
        table_id=_table_id(group, _stored(group)),
        extra={"users": users},
    )
    TABLES[group] = host
    for user, _ in seated:
        _USERS[user] = group
    await _send(bot, host, group, host.start())


async def _private(bot: Bot, event: PrivateMessageEvent) -> None:
    user = event.user_id
    group = _USERS.get(user)
    host = None if group is None else _table(group)
    if host is None or group is None:
        await bot.send_private_msg(user_id=user, message="你不在任何牌局中。")
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
