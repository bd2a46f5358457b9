"""The replay page in headless Chromium: a finished game stepped forwards and backwards, as
one seat saw it, as everyone saw it, and from a replay file; Millions and Torraku."""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Callable
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .test_torraku_table import SHOWN, compose
from .test_web_table import (  # noqa: F401  (a fixture)
    PHONE,
    Page,
    Server,
    browsers,
    pick,
    pytestmark,
)

STEP = """
const all = (css) => [...document.querySelectorAll(css)];
return {
  step: Number(document.getElementById("replay-step")?.dataset.step ?? -1),
  characters: all("#players .characters .role").map((chip) => [
    Number(chip.dataset.player), Number(chip.dataset.position), chip.dataset.role]),
  mine: all("#my-characters .role").map((chip) => chip.dataset.role),
  log: all("#log li").map((item) => item.textContent),
  cash: all("#players td.cash").map((cell) => Number(cell.dataset.cash)),
  actions: document.getElementById("actions").hidden,
  end: !document.getElementById("end").hidden,
};
"""


class Replay:
    """A window on /replay."""

    def __init__(self, driver: WebDriver, server: Server, token: str = "") -> None:
        self.driver, self.server = driver, server
        self.page = Page.__new__(Page)  # only its waiting and screenshots
        self.page.driver, self.page.name = driver, "replay"
        driver.get(f"{server.base}/replay#{token}")

    def shown(self) -> dict[str, Any]:
        result: dict[str, Any] = self.driver.execute_script(STEP)
        return result

    def go(self, button: str, step: int) -> dict[str, Any]:
        self.driver.find_element(By.ID, f"replay-{button}").click()
        self.page.wait(lambda: self.shown()["step"] == step, f"step {step}")
        return self.shown()


def check_millions_step(shown: dict[str, Any], answer: dict[str, Any], number: int) -> None:
    """The page shows step ``number``'s view: its characters, cash and the log so far."""
    view = answer["steps"][number]["view"]
    assert shown["characters"] == [
        [c["player"], c["position"], c["role"] or ""] for c in view["characters"]
    ]
    if answer["seat"] is not None:
        seat = answer["seat"]
        assert shown["mine"] == [c["role"] for c in view["characters"] if c["player"] == seat]
    assert shown["cash"] == view["cash"]
    assert shown["log"] == [line for s in answer["steps"][: number + 1] for line in s["log"]]
    assert shown["actions"] is True  # a replay offers no action


def play_out(page: Page, rng: random.Random) -> None:
    for _ in range(300):
        update = page.synced()
        if update["view"]["phase"] == "game_over":
            return
        button = pick(page, rng, [0])
        assert button is not None
        page.click(button)
    raise AssertionError("the game did not end")


def test_millions_replay(browsers: Callable[[], WebDriver], tmp_path: pathlib.Path) -> None:  # noqa: F811
    """Ana's replay, everyone's replay and a replay file of one finished 3-player game."""
    server = Server("--players", "3", "--bots", "2", "--seed", "7")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        play_out(ana, random.Random(3))
        link = ana.driver.find_element(By.ID, "replay-link").get_attribute("href") or ""
        assert link.endswith(f"/replay#{server.token('Ana')}")

        mine = server.get("/api/replay", token=server.token("Ana"), lang="en")
        last = len(mine["steps"]) - 1
        replay = Replay(browsers(), server, server.token("Ana"))
        replay.page.wait(lambda: replay.shown()["step"] == 0, "the first step")
        check_millions_step(replay.shown(), mine, 0)
        for button, number in [("next", 1), ("next", 2), ("last", last), ("back", last - 1)]:
            check_millions_step(replay.go(button, number), mine, number)
        shown = replay.go("last", last)
        assert shown["end"]
        replay.page.shoot("replay-millions")
        check_millions_step(replay.go("first", 0), mine, 0)

        everyone = server.get("/api/replay", token=server.token("spectator"), lang="en")
        assert everyone["seat"] is None
        public = Replay(browsers(), server, server.token("spectator"))
        public.page.wait(lambda: public.shown()["step"] == 0, "the first step")
        # Each replay has its own steps: an action a seat did not see makes none of its.
        public_last = len(everyone["steps"]) - 1
        check_millions_step(public.go("last", public_last), everyone, public_last)
        seat = public.driver.find_element(By.ID, "replay-seat").text
        assert seat == "Seen by: everyone (after the game)"
        assert public.driver.find_element(By.ID, "summary").is_displayed()

        # The same replay, opened from a file on a page without a link.
        path = tmp_path / "replay.json"
        path.write_text(json.dumps(mine["document"]), encoding="utf-8")
        from_file = Replay(browsers(), server)
        from_file.driver.find_element(By.ID, "replay-file").send_keys(str(path))
        from_file.page.wait(lambda: from_file.shown()["step"] == 0, "the file's first step")
        check_millions_step(from_file.go("last", last), mine, last)
        assert from_file.driver.find_element(By.ID, "replay-seat").text == "Seen by: Ana"
    finally:
        server.stop()


def test_torraku_replay(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """Everyone's replay of a finished Torraku game: hands, rows, stack and bag per step."""
    server = Server("--game", "torraku", "--players", "3", "--bots", "2", "--seed", "2")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        for _ in range(60):
            view = ana.synced()["view"]
            if view["phase"] == "game_over":
                break
            bets = [a for a in view["legal_actions"] if a["type"] == "bet"]
            if bets:
                compose(ana, max(bets, key=lambda a: len(a["pieces"])))
            else:
                ana.click(ana.driver.find_element(By.ID, "pass-button"))
        answer = server.get("/api/replay", token=server.token("spectator"), lang="en")
        last = len(answer["steps"]) - 1
        replay = Replay(browsers(), server, server.token("spectator"))
        replay.page.wait(lambda: replay.shown()["step"] == 0, "the first step")
        for button, number in [("next", 1), ("last", last), ("back", last - 1), ("first", 0)]:
            replay.go(button, number)
            view = answer["steps"][number]["view"]
            shown = replay.driver.execute_script(SHOWN, PHONE[0] * 10)
            assert shown["rows"] == view["rows"]
            assert shown["bag"] == view["bag"]
            assert shown["stack"] == [[p["kind"], p["player"]] for p in view["stack"]]
            assert shown["bet"] == str(view["current_bet"])
            assert shown["log"] == [
                line for s in answer["steps"][: number + 1] for line in s["log"]
            ]
        replay.go("last", last)
        assert replay.shown()["end"]
        replay.page.shoot("replay-torraku")
    finally:
        server.stop()
