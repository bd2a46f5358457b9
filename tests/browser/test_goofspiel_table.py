"""The third game (``tests/thirdgame``, Goofspiel) at the web table, in headless Chromium.

Goofspiel ships no page of its own, so the table gives it the generic page: its view as a
key/value block, a button for each legal action labelled by the game's ``describe``, the
seats, the narrated log and, at the end, the winners (issue 28). After every click the page
is compared with the seat's update.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .test_lobby import Quiet, listed, wait_for
from .test_web_table import (  # noqa: F401  (a fixture)
    PHONE,
    Page,
    Server,
    browsers,
    pytestmark,
)

SHOWN = """
const all = (css) => [...document.querySelectorAll(css)];
return {
  game: document.body.dataset.game,
  title: document.getElementById("title").textContent,
  keys: all("#generic-view dt").map((term) => term.textContent),
  buttons: all("#action-buttons button").map((b) => [JSON.parse(b.dataset.action), b.textContent]),
  log: all("#log li").map((item) => item.textContent),
  end: document.getElementById("end").hidden ? null : document.getElementById("winners").textContent,
  wide: all("body *").filter((e) => e.getBoundingClientRect().right > arguments[0] + 0.5)
    .map((e) => e.outerHTML.slice(0, 80)),
};
"""


def check(page: Page, update: dict[str, Any]) -> dict[str, Any]:
    """The generic page shows exactly the seat's update: every key of its view, a button per
    legal action with the game's label, the log, and the winners once it is over."""
    shown: dict[str, Any] = page.driver.execute_script(SHOWN, PHONE[0])
    assert shown["game"] == "goofspiel" and shown["title"] == update["title"]
    skipped = {"events", "legal_actions", "type"}
    assert shown["keys"] == [key for key in update["view"] if key not in skipped]
    if update["winners"] is None:
        assert shown["buttons"] == [
            list(pair) for pair in zip(update["actions"], update["labels"], strict=True)
        ]
        assert shown["end"] is None
    else:
        names = [update["names"][seat] for seat in sorted(update["winners"])]
        assert shown["end"] is not None and all(name in shown["end"] for name in names)
    assert shown["log"] == update["log"]
    assert shown["wide"] == [], f"wider than a phone: {shown['wide']}"
    return shown


def play_to_the_end(page: Page, rng: random.Random, shoot: str | None = None) -> dict[str, Any]:
    """Click the seat's buttons until the game is over; the final update."""
    for turn in range(200):
        update = page.synced()
        check(page, update)
        if update["winners"] is not None:
            return update
        buttons = page.driver.find_elements(By.CSS_SELECTOR, "#action-buttons button")
        assert buttons, "the game waits only for this seat"
        if shoot is not None and turn == 1:
            page.shoot(shoot)
        page.click(rng.choice(buttons))
    raise AssertionError("the game did not end")


def test_goofspiel_on_the_generic_page(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """``serve --game goofspiel``: Ana plays a whole game against a bot by clicks on the
    generic page; the spectator's page follows; both end on the winners of the game."""
    server = Server("--game", "goofspiel", "--players", "2", "--bots", "1", "--seed", "5")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        spectator = Page(browsers(), server, server.token("spectator"), "spectator")
        final = play_to_the_end(ana, random.Random(5), shoot="goofspiel-generic")
        assert final["winners"], "a finished game names its winners"
        check(spectator, spectator.synced())
        ana.shoot("goofspiel-end")
    finally:
        server.stop()


def test_a_goofspiel_table_made_in_the_lobby(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """The lobby's form offers every registered game: it makes a Goofspiel table of three
    (two bots), whose seat link is played to the end on the generic page."""
    server = Server("--players", "3", "--bots", "2", "--seed", "7")
    try:
        assert server.process.stdout is not None
        admin = server.process.stdout.readline().split(": ", 1)[1].strip()
        driver = browsers()
        driver.get(admin)
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#tables > li"), "the list")
        offered = wait_for(
            lambda: (
                [
                    o.get_attribute("value")
                    for o in driver.find_elements(By.CSS_SELECTOR, "#new-game option")
                ]
                if len(driver.find_elements(By.CSS_SELECTOR, "#new-game option")) > 2
                else None
            ),
            "every registered game in the form",
        )
        assert offered == ["goofspiel", "millions", "torraku"]
        Select(driver.find_element(By.ID, "new-game")).select_by_value("goofspiel")
        for field, value in (("new-players", "3"), ("new-bots", "2")):
            box = driver.find_element(By.ID, field)
            box.clear()
            box.send_keys(value)
        driver.find_element(By.ID, "create-table").click()
        table = str(
            wait_for(
                lambda: driver.find_element(By.ID, "created").get_attribute("data-table"),
                "the new table's links",
            )
        )
        row = wait_for(lambda: listed(driver, table), "the new table in the list")
        assert row is not None
        links = driver.find_elements(By.CSS_SELECTOR, "#created a.seat-link")
        assert len(links) == 1
        href = links[0].get_attribute("href") or ""
        driver.get(href)
        person = Quiet(driver, server, href.split("#", 1)[1], "person")
        final = play_to_the_end(person, random.Random(7))
        assert final["game"] == "goofspiel" and final["winners"]
        assert json.loads(json.dumps(final["view"]))["seat"] == 0
    finally:
        server.stop()
