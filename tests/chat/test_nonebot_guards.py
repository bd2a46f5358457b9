"""The QQ plugin's guards under nonebug: who may close a table (its host or a group admin),
a closed table that never reopens (not after a restart either), a bounded number of bots
refused in words, and a failed write to the store that changes nothing and tells the group
(R-INFO: every refusal is in the table's words, in Chinese by default)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

nonebug = pytest.importorskip("nonebug")

from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, PrivateMessageEvent  # noqa: E402
from nonebot.adapters.onebot.v11.event import Sender  # noqa: E402

from millions_rules.text import ChatHost  # noqa: E402

USERS = [(20001, "阿明"), (20002, "小红"), (20003, "老王")]


class Group:
    """One QQ group fed to the plugin, with what nonebug must see it send."""

    def __init__(self, ctx: Any, bot: Bot, group: int) -> None:
        self.ctx, self.bot, self.group = ctx, bot, group
        self.number = 0

    def event(self, user: int, name: str, text: str, role: str = "member") -> GroupMessageEvent:
        self.number += 1
        return GroupMessageEvent(
            time=1_700_000_000 + self.number,
            self_id=1,
            post_type="message",
            sub_type="normal",
            user_id=user,
            message_type="group",
            message_id=self.number,
            message=Message(text),
            original_message=Message(text),
            raw_message=text,
            font=0,
            sender=Sender(user_id=user, nickname=name, card=name, role=role),
            group_id=self.group,
            to_me=False,
        )

    def said(self, text: str) -> None:
        self.ctx.should_call_api(
            "send_group_msg", {"group_id": self.group, "message": text}, {"message_id": 1}
        )

    def told(self, user: int, text: str) -> None:
        self.ctx.should_call_api(
            "send_private_msg", {"user_id": user, "message": text}, {"message_id": 1}
        )

    def type(self, seat: int, text: str, role: str = "member") -> None:
        user, name = USERS[seat]
        self.ctx.receive_event(self.bot, self.event(user, name, text, role))

    def private(self, seat: int, text: str) -> None:
        user, name = USERS[seat]
        self.number += 1
        event = PrivateMessageEvent(
            time=1_700_000_000 + self.number,
            self_id=1,
            post_type="message",
            sub_type="friend",
            user_id=user,
            message_type="private",
            message_id=self.number,
            message=Message(text),
            original_message=Message(text),
            raw_message=text,
            font=0,
            sender=Sender(user_id=user, nickname=name),
            to_me=True,
        )
        self.ctx.receive_event(self.bot, event)

    def sit(self, seats: range) -> None:
        for seat in seats:
            self.type(seat, "/加入")
            self.said(
                "已入座：" + "、".join(USERS[other][1] for other in range(seats[0], seat + 1))
            )

    def open(self, seat: int, text: str, shadow: ChatHost) -> None:
        self.type(seat, text)
        for message in shadow.start():
            if message.to is None:
                self.said(message.text)
            else:
                self.told(USERS[message.to][0], message.text)


def shadow_of(group: int, bots: int = 1) -> ChatHost:
    names = [name for _, name in USERS] + [f"机器人{index + 1}" for index in range(bots)]
    return ChatHost(
        "millions", names, bots={3 + index: "rule" for index in range(bots)}, seed=group
    )


async def test_only_the_host_or_an_admin_closes_and_a_closed_table_never_reopens(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another player's /散局 is refused by name (the table plays on); a group admin's closes
    it; after a restart the group has no table (the stored one is closed), and a new one
    opens (R-INFO)."""
    from millions_rules.chat import nonebot as plugin

    group = 901
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.sit(range(3))
        room.open(0, "/开局 百万 1", shadow_of(group))
        room.type(1, "/散局")
        room.said("只有开局的阿明或群管理员可以散局。")
        room.type(2, "/stop")
        room.said("只有开局的阿明或群管理员可以散局。")
    assert group in plugin.TABLES and not plugin.TABLES[group].closed
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.type(2, "/散局", role="admin")
        room.said("牌局已解散。")
    assert group not in plugin.TABLES
    plugin.forget_tables()  # the restart: the stored table is closed, so it stays closed
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.private(0, "/状态")
        room.told(USERS[0][0], "你不在任何牌局中。")
        room.type(0, "/状态")  # no table: no answer
        room.sit(range(3))
    assert group not in plugin.TABLES
    stored = plugin._the_store().table(f"qq-{group}-0")
    assert stored is not None and stored.closed is not None
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.open(0, "/开局 百万 1", shadow_of(group))
        room.type(0, "/散局")  # the host closes their own table
        room.said("牌局已解散。")
    assert group not in plugin.TABLES


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("99999999999999", "机器人数量须在0到5之间：已入座3人，本游戏需要3到8名玩家。"),
        ("6", "机器人数量须在0到5之间：已入座3人，本游戏需要3到8名玩家。"),
        ("²", "机器人数量须在0到5之间：已入座3人，本游戏需要3到8名玩家。"),
        ("9" * 150, "机器人数量须在0到5之间：已入座3人，本游戏需要3到8名玩家。"),
        ("9" * 5000, None),  # past MAX_COMMAND: no command at all, nothing to answer
    ],
    ids=["huge", "too_many", "superscript", "many_digits", "five_thousand_digits"],
)
async def test_a_number_of_bots_out_of_bounds_is_refused_in_words(
    app: Any, asked: str, answer: str | None
) -> None:
    """/开局 with more bots than the game seats, or what is no small number, is refused in
    words: no table opens, nothing is stored, the players stay seated (R-SETUP-1)."""
    from millions_rules.chat import nonebot as plugin

    group = 902
    plugin.forget_tables()
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.sit(range(3))
        room.type(0, f"/开局 百万 {asked}")
        if answer is not None:
            room.said(answer)
    assert group not in plugin.TABLES
    assert plugin._stored(group) == 0
    assert [user for user, _ in plugin._SEATED[group]] == [user for user, _ in USERS]
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.type(0, "/开局 钱币 9")
        room.said("机器人数量须在0到3之间：已入座3人，本游戏需要1到6名玩家。")
    plugin.forget_tables()


async def test_a_failed_write_changes_nothing_and_tells_the_group(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the store refuses a write, the command did not happen: the table in memory is
    the one the store holds (same version), the group is told, and once the store works
    again the same command plays as if nothing had failed; a restart then resumes exactly
    that table."""
    from millions_rules.chat import nonebot as plugin
    from millions_rules.web import StoreError

    group = 903
    plugin.forget_tables()
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    shadow = shadow_of(group)
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.sit(range(3))
        room.open(0, "/开局 百万 1", shadow)
    host = plugin.TABLES[group]
    store = plugin._the_store()
    version = host.game.version(host.state)

    def broken(*args: object, **kwargs: object) -> bool:
        raise StoreError("the database is gone")

    with monkeypatch.context() as patched:
        patched.setattr(store, "append", broken)
        async with app.test_matcher(plugin.matcher) as ctx:
            room = Group(ctx, ctx.create_bot(base=Bot), group)
            room.private(0, "/选 司机")
            room.said("牌桌未能保存，所以这一步没有生效：一切照旧。请重试。")
    assert plugin.TABLES[group] is host and host.game.version(host.state) == version
    assert store.table(host.table_id).version == version
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.private(0, "/选 司机")
        for message in shadow.handle(0, "/选 司机", private=True):
            if message.to is None:
                room.said(message.text)
            else:
                room.told(USERS[message.to][0], message.text)
    assert host.game.version(host.state) == shadow.game.version(shadow.state) > version
    plugin.forget_tables()
    resumed = plugin._table(group)
    assert resumed is not None and resumed.state == shadow.state
    plugin.forget_tables()


CROWD = [(20100 + number, f"客人{number}") for number in range(9)]


async def test_more_seated_than_the_game_seats_are_told_how_to_clear_the_seats(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-SETUP-1: nine seated for a game of 3 to 8 are told that /散局 clears the seats
    (not to sit down); /散局 by a bystander does nothing, by one seated it clears them, and
    the group then opens a table as usual."""
    from millions_rules.chat import nonebot as plugin

    group = 904
    plugin.forget_tables()
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        for number, (user, name) in enumerate(CROWD):
            ctx.receive_event(room.bot, room.event(user, name, "/加入"))
            room.said("已入座：" + "、".join(seated for _, seated in CROWD[: number + 1]))
        room.type(0, "/开局 百万")
        room.said("本游戏需要3到8名玩家，目前已入座9人：发送 /散局 清空座位。")
        room.type(0, "/散局")  # not seated, no admin: nothing
        ctx.receive_event(room.bot, room.event(*CROWD[4], "/散局"))
        room.said("座位已清空：发送 /加入 入座。")
    assert group not in plugin._SEATED and group not in plugin.TABLES
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.sit(range(3))
        room.open(0, "/开局 百万 1", shadow_of(group))
    assert plugin.TABLES[group].names[-1] == "机器人1"
    plugin.forget_tables()


async def test_the_plugin_speaks_its_language_in_commands_and_bot_names(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With MILLIONS_LOCALE=es the plugin points to the Spanish spelling of its commands
    (/terminar, /unirse) and names its bots "Bot 1", not "机器人1" (R-SETUP-1)."""
    from millions_rules.chat import nonebot as plugin

    group = 905
    plugin.forget_tables()
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    monkeypatch.setattr(plugin, "_locale", lambda: "es")
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        for number, (user, name) in enumerate(CROWD):
            ctx.receive_event(room.bot, room.event(user, name, "/join"))
            names = [seated for _, seated in CROWD[: number + 1]]
            room.said("Sentados: " + ", ".join(names))
        room.type(0, "/empezar millions")
        room.said(
            "Este juego es para 3 a 8 jugadores y hay 9 sentados: /terminar deja libres los "
            "asientos."
        )
        ctx.receive_event(room.bot, room.event(*CROWD[0], "/terminar"))
        room.said("Los asientos quedan libres: usa /unirse para sentarte.")
        for seat in range(3):
            room.type(seat, "/unirse")
            names = [USERS[other][1] for other in range(seat + 1)]
            room.said("Sentados: " + ", ".join(names))
        names = [name for _, name in USERS] + ["Bot 1"]
        shadow = ChatHost("millions", names, bots={3: "rule"}, seed=group, locale="es")
        room.open(0, "/empezar millions 1", shadow)
    assert plugin.TABLES[group].names == tuple(names)
    plugin.forget_tables()


async def test_any_registered_game_opens_by_its_name_or_an_alias_of_its_words(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/开局 goofspiel`` deals the third game (registered by its entry point, found by its
    name), not Millions; ``钱币`` is an alias of Torraku's words, and a word that names no
    game opens the default game, Millions."""
    from millions_rules.chat import nonebot as plugin

    assert [plugin._game_named(word) for word in ("钱币", "百万", "torraku", "4")] == [
        "torraku",
        "millions",
        "torraku",
        "millions",
    ]
    group = 906
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    # Two users who sit at no other group's table (the module's sit at earlier tests').
    monkeypatch.setattr(sys.modules[__name__], "USERS", [(20051, "阿明"), (20052, "小红")])
    names = [name for _, name in USERS]
    shadow = ChatHost("goofspiel", names, seed=group, locale="zh")
    async with app.test_matcher(plugin.matcher) as ctx:
        room = Group(ctx, ctx.create_bot(base=Bot), group)
        room.sit(range(2))
        room.open(0, "/开局 goofspiel", shadow)
    assert plugin.TABLES[group].game.name == "goofspiel"
