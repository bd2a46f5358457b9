"""The NoneBot2 plugin for QQ (millions_rules.chat.nonebot) under nonebug: complete games
of both games in a group, several simulated users, secrets by private message (R-PLAN-2,
R-INFO), mistakes refused, and a restart that resumes the stored table exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

nonebug = pytest.importorskip("nonebug")

from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, PrivateMessageEvent  # noqa: E402
from nonebot.adapters.onebot.v11.event import Sender  # noqa: E402

from millions_rules.text import ChatHost, command, is_secret, legal_actions  # noqa: E402

USERS = [(10001, "阿明"), (10002, "小红"), (10003, "老王")]


def group_event(group: int, user: int, name: str, text: str, number: int) -> GroupMessageEvent:
    return GroupMessageEvent(
        time=1_700_000_000 + number,
        self_id=1,
        post_type="message",
        sub_type="normal",
        user_id=user,
        message_type="group",
        message_id=number,
        message=Message(text),
        original_message=Message(text),
        raw_message=text,
        font=0,
        sender=Sender(user_id=user, nickname=name, card=name),
        group_id=group,
        to_me=False,
    )


def private_event(user: int, name: str, text: str, number: int) -> PrivateMessageEvent:
    return PrivateMessageEvent(
        time=1_700_000_000 + number,
        self_id=1,
        post_type="message",
        sub_type="friend",
        user_id=user,
        message_type="private",
        message_id=number,
        message=Message(text),
        original_message=Message(text),
        raw_message=text,
        font=0,
        sender=Sender(user_id=user, nickname=name),
        to_me=True,
    )


class Table:
    """Feeds the plugin events and tells nonebug what it must send, from a shadow ChatHost
    that never restarts (the same seed, names and bots as the plugin's)."""

    def __init__(self, ctx: Any, bot: Bot, group: int, shadow: ChatHost) -> None:
        self.ctx, self.bot, self.group, self.shadow = ctx, bot, group, shadow
        self.number = 0

    def expect(self, to: int | None, text: str) -> None:
        if to is None:
            self.ctx.should_call_api(
                "send_group_msg", {"group_id": self.group, "message": text}, {"message_id": 1}
            )
        else:
            self.ctx.should_call_api(
                "send_private_msg", {"user_id": USERS[to][0], "message": text}, {"message_id": 1}
            )

    def say(self, seat: int, text: str, *, private: bool) -> None:
        self.number += 1
        user, name = USERS[seat]
        if private:
            event: Any = private_event(user, name, text, self.number)
        else:
            event = group_event(self.group, user, name, text, self.number)
        self.ctx.receive_event(self.bot, event)
        for message in self.shadow.handle(seat, text, private=private):
            self.expect(message.to, message.text)


def person(shadow: ChatHost, seat: int) -> tuple[str, bool]:
    seen = shadow.game.view(shadow.state, seat)
    rng = random.Random(f"qq:{seat}:{shadow.game.version(shadow.state)}")
    actions = [a for a in legal_actions(seen) if type(a).__name__ != "Pay" or rng.random() < 0.02]
    action = rng.choice(actions)
    return command(action, names=list(shadow.names), locale="zh"), is_secret(action, seen)


def due(shadow: ChatHost) -> list[int]:
    awaiting = getattr(shadow.state, "awaiting", None)
    seats = tuple(awaiting) if awaiting is not None else shadow.game.actors(shadow.state)
    return [seat for seat in seats if seat not in shadow.bots]


@pytest.mark.parametrize(
    ("game", "word", "group"), [("millions", "百万", 777), ("torraku", "钱币", 778)]
)
async def test_complete_games_with_mistakes_and_a_restart(
    app: Any, game: str, word: str, group: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three QQ users and one bot play a whole game in a group: they sit down, open the
    game, choose in private, make mistakes (an unknown command, a secret typed in the group:
    both refused, nothing changes), the bot restarts midway (every table dropped from
    memory) and the stored table plays on exactly as the never-restarted shadow does."""
    from millions_rules.chat import nonebot as plugin

    # The plugin draws each table's seed in secret; the shadow table needs the same one.
    monkeypatch.setattr(plugin, "_new_seed", lambda: group)
    names = [name for _, name in USERS] + ["机器人1"]
    shadow = ChatHost(game, names, bots={3: "rule"}, seed=group, locale="zh")
    async with app.test_matcher(plugin.matcher) as ctx:
        bot = ctx.create_bot(base=Bot)
        table = Table(ctx, bot, group, shadow)
        seated: list[str] = []
        for user, name in USERS:
            table.number += 1
            ctx.receive_event(bot, group_event(group, user, name, "/加入", table.number))
            seated.append(name)
            table.expect(None, "已入座：" + "、".join(seated))
        table.number += 1
        ctx.receive_event(
            bot, group_event(group, USERS[0][0], USERS[0][1], f"/开局 {word} 1", table.number)
        )
        for message in shadow.start():
            table.expect(message.to, message.text)
        table.say(1, "/飞", private=False)
        steps = 0
        while not shadow.is_over and steps < 12:
            seat = due(shadow)[0]
            typed, secret = person(shadow, seat)
            if secret and steps % 2 == 0:
                table.say(seat, typed, private=False)  # refused: it would reveal the choice
            table.say(seat, typed, private=secret)
            steps += 1
    plugin.forget_tables()  # the restart
    async with app.test_matcher(plugin.matcher) as ctx:
        bot = ctx.create_bot(base=Bot)
        table = Table(ctx, bot, group, shadow)
        table.number = 1000
        while not shadow.is_over:
            seat = due(shadow)[0]
            typed, secret = person(shadow, seat)
            if secret:
                # After the restart the group speaks first: the table comes back from the store.
                table.say(seat, "/状态", private=False)
            table.say(seat, typed, private=secret)
            steps += 1
            assert steps < 2000
    assert shadow.is_over
