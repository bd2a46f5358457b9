"""The chat host (millions_rules.text.ChatHost): complete games of both games between people
typing commands and bots, secrets kept out of the group (R-PLAN-2, R-3P-2, R-INFO), mistakes
refused without a change, and a table resumed from the web server's store that plays on
exactly as one that never stopped."""

from __future__ import annotations

import importlib.util
import pathlib
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from millions_rules.text import ChatHost, Message, command, is_secret, legal_actions
from millions_rules.web._store import open_store

from . import postgres
from .postgres import Cluster

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def human_turn(host: ChatHost, seat: int, step: int, mistakes: bool) -> list[Message]:
    """One scripted person's message: a legal command chosen from their own view (seeded
    by the version, so two runs type the same), sometimes a typo or a secret in the group first."""
    seen = host.game.view(host.state, seat)
    version = host.game.version(host.state)
    rng = random.Random(f"person:{seat}:{version}")
    actions = [
        action
        for action in legal_actions(seen)
        if type(action).__name__ != "Pay" or rng.random() < 0.02
    ]
    action = rng.choice(actions)
    typed = command(action, names=NAMES[: len(host.names)], locale=host.locale)
    if mistakes and step % 7 == 3:
        refused = host.handle(seat, typed + " x y", private=True)
        assert [message.to for message in refused] == [seat]
        assert host.game.version(host.state) == version
    if mistakes and is_secret(action, seen) and step % 3 == 0:
        refused = host.handle(seat, typed, private=False)
        assert len(refused) == 1 and refused[0].to is None
        pointer = {"zh": "请私聊发给我", "es": "envíamela por chat privado", "en": "private chat"}
        assert pointer[host.locale] in refused[0].text and typed not in refused[0].text
        assert host.game.version(host.state) == version
    return host.handle(seat, typed, private=is_secret(action, seen))


def play(host: ChatHost, *, mistakes: bool = True, stop_after: int | None = None) -> list[Message]:
    """Let the people at ``host`` play until the end (or ``stop_after`` of their messages)."""
    said: list[Message] = []
    step = 0
    humans = [seat for seat in range(len(host.names)) if seat not in host.bots]
    while not host.is_over and (stop_after is None or step < stop_after):
        due = [seat for seat in humans if seat in awaited(host)]
        assert due, "the bots stopped with nobody to wait for"
        said += human_turn(host, due[0], step, mistakes)
        step += 1
        assert step < 3000
    return said


def awaited(host: ChatHost) -> Sequence[int]:
    awaiting = getattr(host.state, "awaiting", None)
    return tuple(awaiting) if awaiting is not None else host.game.actors(host.state)


def test_a_complete_millions_game_with_people_and_bots() -> None:
    """Two people and two bots play Millions to the end in Chinese; the group hears the
    public events and the end, each person privately their own secret choice (R-PLAN-2)."""
    host = ChatHost("millions", NAMES, bots={1: "rule", 3: "random"}, seed=11)
    opening = host.start()
    assert opening[0].text.startswith("牌局开始，玩家：Ana、Bo、Cy和Dee。")
    said = opening + play(host)
    assert host.is_over
    assert said[-1].to is None and said[-1].text.startswith("游戏结束。获胜者：")
    private = [message for message in said if message.to is not None]
    assert any("秘密派出" in message.text and message.to == 0 for message in private)
    group = [message.text for message in said if message.to is None]
    assert not any("秘密派出" in text for text in group)


def test_a_complete_three_player_game_keeps_the_characters_taken_back_secret() -> None:
    """In the three-player game taking back one named character is secret (R-3P-2): typed
    in the group it is refused and changes nothing; the game still ends."""
    host = ChatHost("millions", NAMES[:3], bots={2: "rule"}, seed=4, locale="es")
    host.start()
    play(host)
    assert host.is_over


def test_a_complete_torraku_game() -> None:
    """People and a bot play Currency Torraku to the end (the engine stacks, R-TK-SIM)."""
    host = ChatHost("torraku", NAMES[:3], bots={0: "rule"}, seed=2, locale="en")
    said = host.start() + play(host)
    assert host.is_over and said[-1].text.startswith("The game is over. Winners: ")


def test_menu_status_and_strangers() -> None:
    """/menu and /status answer privately in the table's language; someone not seated (or a
    bot's seat) cannot play."""
    host = ChatHost("millions", NAMES, bots={3: "rule"}, seed=1, locale="es")
    host.start()
    (answer,) = host.handle(0, "/menú", private=False)
    assert answer.to == 0 and answer.text.startswith("/elegir matón · Envía a tu Matón")
    (answer,) = host.handle(0, "estado", private=False)
    assert answer.to == 0 and answer.text.startswith("Ronda 1 de 8: Planificación.")
    version = host.game.version(host.state)
    assert host.handle(None, "/elegir matón", private=True) == [
        Message(None, "Solo los jugadores de esta mesa pueden jugar.")
    ]
    host.handle(3, "/elegir matón", private=True)
    assert host.game.version(host.state) == version


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster | None]:
    """The throwaway PostgreSQL of ``nox -s server`` (``None`` elsewhere)."""
    if not postgres.enabled():
        yield None
        return
    started = Cluster()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def databases(
    request: pytest.FixtureRequest, tmp_path: pathlib.Path, cluster: Cluster | None
) -> tuple[str, str]:
    """Two new empty databases of each kind: SQLite files, PostgreSQL databases."""
    if request.param == "sqlite":
        return str(tmp_path / "steady.sqlite"), str(tmp_path / "crashed.sqlite")
    if cluster is None:
        pytest.skip("PostgreSQL runs under nox -s server (MILLIONS_SERVER_TESTS=1)")
    return cluster.new_database(), cluster.new_database()


@pytest.mark.parametrize("game", ["millions", "torraku"])
def test_a_resumed_table_plays_as_one_that_never_stopped(
    game: str, databases: tuple[str, str]
) -> None:
    """A table stored through the web server's store (SQLite, and PostgreSQL under nox -s
    server), dropped midway (a crash) and reopened with ChatHost.resume, makes exactly the
    same bot decisions and ends with exactly the same actions as a table that never stopped."""
    players = NAMES if game == "millions" else NAMES[:3]
    bots = {1: "rule", 2: "random"}

    def table(url: str) -> ChatHost:
        store = open_store(url)
        host = ChatHost(game, players, bots=bots, seed=23, store=store, table_id="t1")
        host.start()
        return host

    steady = table(databases[0])
    play(steady, mistakes=False)
    crashed = table(databases[1])
    play(crashed, mistakes=False, stop_after=9 if game == "millions" else 2)
    assert not crashed.is_over
    crashed.store.close()
    reopened = open_store(databases[1])
    resumed = ChatHost.resume(reopened, "t1")
    assert resumed.game.version(resumed.state) == crashed.game.version(crashed.state)
    play(resumed, mistakes=False)
    assert resumed.is_over
    steady_actions = [(row.seat, row.action) for row in steady.store.actions("t1")]
    resumed_actions = [(row.seat, row.action) for row in reopened.actions("t1")]
    assert resumed_actions == steady_actions
    assert resumed.game.save_game(resumed.state) == steady.game.save_game(steady.state)


def load_example() -> Any:
    path = pathlib.Path(__file__).parent.parent / "examples" / "chat_host.py"
    spec = importlib.util.spec_from_file_location("chat_host", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_host_plays_and_resumes(tmp_path: pathlib.Path) -> None:
    """examples/chat_host.py (under 100 lines) keeps a choice private, refuses a secret in
    the group, and with --db picks a stored game up again with --resume."""
    example = load_example()
    assert len((pathlib.Path(example.__file__)).read_text("utf-8").splitlines()) <= 100
    lines = iter(["1! /choose driver", "2 /choose brute", "2! /choose brute", "1 /status"])

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    screen: list[str] = []
    db = str(tmp_path / "chat.sqlite")
    assert example.main(["--lang", "en", "--db", db], read, screen.append) == 0
    assert "[to Ana only] You secretly send your Driver." in screen
    assert (
        "[group] Bo, that command would reveal your secret: send it to me in a private chat."
        in screen
    )
    assert any(line.startswith("[to Ana only] Round 1 of 8: Negotiation.") for line in screen)
    lines = iter(["1 /stay"])
    again: list[str] = []
    assert example.main(["--db", db, "--resume"], read, again.append) == 0
    assert again[0] == "[group] Ana stays."  # the stored table keeps its language


def test_closing_stores_first_and_a_closed_table_plays_no_more(tmp_path: pathlib.Path) -> None:
    """close() marks the stored table closed before anything else; the table then refuses
    every command (nothing changes), and resumed from the store it comes back closed. A
    store that cannot close it leaves it open, and says so (R-INFO)."""
    from millions_rules.web import StoreError

    store = open_store(str(tmp_path / "closing.sqlite"))
    host = ChatHost("millions", NAMES, bots={3: "rule"}, seed=5, store=store, locale="en")
    host.start()
    version = host.game.version(host.state)

    class Broken:
        def close_table(self, table_id: str) -> bool:
            raise StoreError("the database is gone")

    host.store = Broken()
    assert host.close() == [
        Message(
            None,
            "The table could not be saved, so that did not happen: nothing changed. Try again.",
        )
    ]
    assert not host.closed
    host.store = store
    assert host.close() == [Message(None, "This table is closed.")]
    assert host.closed and store.table("chat").closed is not None
    assert host.handle(0, "/choose driver", private=True) == [Message(0, "This table is closed.")]
    assert host.handle(0, "nice game", private=False) == []
    assert host.game.version(host.state) == version
    resumed = ChatHost.resume(store, "chat")
    assert resumed.closed and resumed.start() == [Message(None, "This table is closed.")]


def test_a_failed_write_leaves_the_table_as_the_store_holds_it(tmp_path: pathlib.Path) -> None:
    """The store is written before the host keeps a step: a write that raises, or that finds
    the stored table moved on (another writer), leaves the state and the turn order as they
    were, tells the group, and the same command then plays exactly as it would have."""
    from millions_rules.web import StoreError

    store = open_store(str(tmp_path / "failing.sqlite"))
    steady = ChatHost("millions", NAMES, bots={1: "rule", 3: "random"}, seed=8)
    host = ChatHost(
        "millions", NAMES, bots={1: "rule", 3: "random"}, seed=8, store=store, locale="zh"
    )
    assert host.start() == steady.start()
    append = store.append
    failures: Iterator[StoreError | bool] = iter([StoreError("gone"), False])

    def failing(*args: Any, **kwargs: Any) -> bool:
        failure = next(failures)
        if isinstance(failure, StoreError):
            raise failure
        return failure

    store.append = failing  # type: ignore[method-assign]
    before = host.state
    for _ in range(2):
        assert host.handle(0, "/选 司机", private=True) == [
            Message(None, "牌桌未能保存，所以这一步没有生效：一切照旧。请重试。")
        ]
        assert host.state is before
    store.append = append  # type: ignore[method-assign]
    assert host.handle(0, "/选 司机", private=True) == steady.handle(0, "/选 司机", private=True)
    play(host, mistakes=False)
    play(steady, mistakes=False)
    assert host.state == steady.state and host.is_over
    resumed = ChatHost.resume(store, "chat")
    assert resumed.state == steady.state


def test_a_table_for_too_many_players_is_refused_before_anything_grows() -> None:
    """A million names are refused at once with the game's player counts (R-SETUP-1)."""
    from millions_rules import ConfigError

    with pytest.raises(ConfigError, match="for 3 to 8 players, not 1000000"):
        ChatHost("millions", ["x"] * 1_000_000)
    with pytest.raises(ConfigError, match="for 1 to 6 players, not 0"):
        ChatHost("torraku", [])


def test_the_example_host_plays_torraku() -> None:
    """examples/chat_host.py hosts Currency Torraku too, with no code of its own for it: a
    bet typed in the group, the status in private (R-TK-BET-4)."""
    example = load_example()
    lines = iter(["1 /bet R", "2 /status"])

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    screen: list[str] = []
    assert example.main(["--game", "torraku", "--lang", "en"], read, screen.append) == 0
    assert "[group] Ana bets 1 rice cooker: the bet is now 1." in screen
    assert any(line.startswith("[to Bo only] Round 1: Betting.") for line in screen)


def test_what_only_the_engine_judges_is_refused_to_the_seat_alone() -> None:
    """The notation reads talk without counting it; the 41st message of a round (R-TALK-4)
    is refused by the rules, told to that seat alone with its name, and changes nothing."""
    host = ChatHost("millions", NAMES[:3], bots={2: "rule"}, seed=3, locale="en")
    host.start()
    for index in range(40):
        said = host.handle(0, f"/say hello {index}", private=False)
        assert said[0] == Message(None, f"Ana: “hello {index}”")
    version = host.game.version(host.state)
    assert host.handle(0, "/say one more", private=False) == [
        Message(0, "Ana has said 40 messages this round (R-TALK-4)")
    ]
    assert host.game.version(host.state) == version
    assert host.handle(1, "/say my turn", private=False)[0] == Message(None, "Bo: “my turn”")


def test_talk_in_the_group_gets_no_answer_and_a_command_does() -> None:
    """Group text without a leading / whose first word is no command is talk between the
    players: no answer, nothing changes. With a /, in private, or with a command's first
    word (a misspelt role), it is refused to the seat alone (R-PLAN-2)."""
    host = ChatHost("millions", NAMES[:3], bots={2: "rule"}, seed=3, locale="zh")
    host.start()
    version = host.game.version(host.state)
    assert host.handle(0, "哈哈 好玩", private=False) == []
    assert host.handle(0, "", private=False) == []
    for text, private in [("/哈哈", False), ("\uff0f哈哈", False), ("哈哈", True)]:
        (refused,) = host.handle(0, text, private=private)
        assert refused.to == 0 and refused.text.startswith("“哈哈”不是指令。可以试试：/选 ")
    (refused,) = host.handle(0, "选 魔术师", private=False)
    assert refused.to == 0 and refused.text.startswith("“魔术师”不是本游戏的角色。")
    assert host.game.version(host.state) == version
