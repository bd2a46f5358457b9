"""A game night in real Chromium, at a phone's 360 by 740 and a TV's 1920 by 1080 (issue 32):
people join by code, the host starts a new game at the same table, the lobby makes a
companion Torraku table, and the host hands a seat to a bot and takes it back.

Run by ``nox -s web`` (which sets ``MILLIONS_BROWSER_TESTS``), like the other browser
tests, whose server and helpers it reuses; the screenshots go to ``docs/_static/web/``.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("selenium")

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver import Chrome, ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .test_web_table import CHROMEDRIVER, CHROMIUM, FLAGS, SHOTS, WAIT, Server, pytestmark

__all__ = ["pytestmark"]  # the skip, from the table's tests

#: The two screens every test runs at: a small phone, and a TV (or a laptop's full HD).
SIZES = {"phone": (360, 740), "tv": (1920, 1080)}
#: An empty page with the table page's viewport (a phone lays it out at its own width).
VIEWPORT = 'data:text/html,<meta name="viewport" content="width=device-width, initial-scale=1">'


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    """The name of the screen size of this run."""
    return str(request.param)


@pytest.fixture
def windows(size: str) -> Iterator[Callable[[], WebDriver]]:
    """Headless Chromium windows of ``size`` with fresh profiles, closed after the test."""
    opened: list[WebDriver] = []
    profiles: list[str] = []
    width, height = SIZES[size]

    def open_one() -> WebDriver:
        options = ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        profile = tempfile.mkdtemp(prefix="millions-chromium-")
        profiles.append(profile)
        options.add_argument(f"--user-data-dir={profile}")
        if size == "phone":
            metrics = {"width": width, "height": height, "pixelRatio": 1}
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        else:
            options.add_argument(f"--window-size={width},{height}")
        options.binary_location = CHROMIUM
        driver = Chrome(service=Service(CHROMEDRIVER), options=options)
        opened.append(driver)
        if size == "tv":  # the viewport itself 1920x1080, whatever the window's frame
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            )
        driver.get(VIEWPORT)  # a page laid out as the table's
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert tuple(inner) == (width, height)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()
    for profile in profiles:
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(condition: Callable[[], object], what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            found = condition()
        except (StaleElementReferenceException, NoSuchElementException):  # drawn again, loading
            found = None
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def press(driver: WebDriver, css: str, what: str) -> None:
    """Click the element of ``css`` once it is there (again if it was drawn anew meanwhile:
    the lobby redraws its list as the tables change)."""

    def click() -> bool:
        driver.find_element(By.CSS_SELECTOR, css).click()
        return True

    wait_for(click, what)


def shoot(driver: WebDriver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def post(server: Server, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"{server.base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return json.loads(response.read())


def admin_link(server: Server) -> str:
    assert server.process.stdout is not None
    line = server.process.stdout.readline()
    assert line.startswith("admin (all tables): ")
    return line.split(": ", 1)[1].strip()


def who(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "who").text)


def joining_form(driver: WebDriver) -> None:
    """Wait for the join form, drawn in the page's words (they arrive after the page)."""
    wait_for(
        lambda: driver.find_element(By.CSS_SELECTOR, "#join-form h2").text == "Join a table",
        "the join form",
    )


def no_wider_than_the_screen(driver: WebDriver) -> None:
    """Nothing of the page sticks out of the window's width."""
    wide = driver.execute_script(
        "return [...document.querySelectorAll('body *')]"
        ".filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)"
        ".map((e) => e.outerHTML.slice(0, 80))"
    )
    assert wide == []


def test_people_join_by_code(windows: Callable[[], WebDriver], size: str) -> None:
    """The host's screen shows the join code and its QR code; one person types the code
    (wrong first: refused in words) and a name on /join, another opens the QR code's link
    (/join#CODE) and types a name only; each lands on their own seat's page under their
    name; the host's list marks both seats joined and the code disappears once the table
    is full."""
    server = Server("--players", "3", "--bots", "1", "--seed", "7")
    try:
        code, host = server.token("join"), server.token("host")
        screen = windows()
        screen.get(f"{server.base}/screen#{host}")
        wait_for(lambda: screen.find_elements(By.ID, "join-qr"), "the join QR code")
        shown = screen.find_element(By.CSS_SELECTOR, "#join-box .join-code").text
        assert shown == f"Join code: {code}"
        assert "screen" in (screen.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
        shoot(screen, f"night-screen-{size}")

        first = windows()
        first.get(f"{server.base}/join")
        joining_form(first)
        box = first.find_element(By.ID, "join-code")
        box.send_keys("AAAAAA")
        first.find_element(By.ID, "join-name").send_keys("Zoë")
        first.find_element(By.ID, "join-go").click()
        notice = first.find_element(By.ID, "notice")
        wait_for(notice.is_displayed, "the refusal")
        assert "no open table has this join code" in notice.text
        box.clear()
        box.send_keys(code.lower())
        shoot(first, f"night-join-{size}")
        no_wider_than_the_screen(first)
        first.find_element(By.ID, "join-go").click()
        wait_for(lambda: who(first) == "You: Zoë", "Zoë's seat")
        assert first.current_url == f"{server.base}/#{server.token('Ana')}"

        second = windows()
        second.get(f"{server.base}/join#{code}")
        joining_form(second)
        assert second.find_element(By.ID, "join-code").get_attribute("value") == code
        second.find_element(By.ID, "join-name").send_keys("李雷")
        second.find_element(By.ID, "join-go").click()
        wait_for(lambda: who(second) == "You: 李雷", "李雷's seat")
        assert second.current_url == f"{server.base}/#{server.token('Bruno')}"

        hosting = windows()
        hosting.get(f"{server.base}/#{host}")
        wait_for(
            lambda: len(hosting.find_elements(By.CSS_SELECTOR, "#host .links .badge")) == 2,
            "both seats marked joined",
        )
        assert hosting.find_elements(By.ID, "join-box") == []  # no seat left to give
        assert server.update(host)["names"] == ["Zoë", "李雷", "Carmen"]
        seats = [li.text for li in hosting.find_elements(By.CSS_SELECTOR, "#host .links li")]
        assert seats[0].startswith("Zoë: ") and seats[1].startswith("李雷: ")
        wait_for(lambda: screen.find_elements(By.ID, "join-box") == [], "the screen's code gone")
        shoot(hosting, f"night-host-{size}")
        no_wider_than_the_screen(hosting)
    finally:
        server.stop()


def test_play_again_keeps_every_link(windows: Callable[[], WebDriver], size: str) -> None:
    """R-END-1: once the game is over, the host's "Play again" starts a new game at the
    same table: the seat's page, at the same link, shows the new game from its start."""
    server = Server("--players", "3", "--bots", "2", "--seed", "7", "--names", "Zoë,Bo,Cy")
    try:
        seat, host = server.token("Zoë"), server.token("host")
        for _ in range(500):  # the person plays the first action offered, to the end
            got = server.update(seat)
            if got["winners"] is not None:
                break
            post(
                server,
                "/api/act",
                {"token": seat, "version": got["version"], "action": got["actions"][0]},
            )
        old = server.update(seat)
        assert old["winners"] is not None
        page = windows()
        page.get(f"{server.base}/#{seat}")
        wait_for(lambda: page.find_element(By.ID, "end").is_displayed(), "the end screen")
        hosting = windows()
        hosting.get(f"{server.base}/#{host}")
        again = wait_for(lambda: hosting.find_elements(By.ID, "play-again"), "Play again")[0]
        hosting.find_element(By.CSS_SELECTOR, "#again-options summary").click()
        chooser = Select(hosting.find_element(By.ID, "option-repeat_role"))
        # The game's own words for its option and each value, not the config's names.
        assert [choice.text for choice in chooser.options] == [
            "allowed, with no share of the loot",
            "not allowed",
            "allowed, with no penalty",
        ]
        chooser.select_by_value("forbidden")
        shoot(hosting, f"night-again-{size}")
        again.click()
        wait_for(
            lambda: (
                page.find_element(By.TAG_NAME, "body").get_attribute("data-phase") != "game_over"
            ),
            "the new game on the seat's page",
        )
        new = server.update(seat)
        assert new["table"] != old["table"] and new["winners"] is None
        assert new["names"] == ["Zoë", "Bo", "Cy"]
        assert new["view"]["config"]["repeat_role"] == "forbidden"  # R-VAR-REPEAT, as chosen
        wait_for(
            lambda: (
                [li.text for li in page.find_elements(By.CSS_SELECTOR, "#log li")]
                == server.update(seat)["log"]
            ),
            "the new game's log alone",
        )
        assert len(new["log"]) < len(old["log"])
        wait_for(lambda: hosting.find_elements(By.ID, "play-again") == [], "the button gone")
        no_wider_than_the_screen(page)
    finally:
        server.stop()


def test_a_companion_table_made_in_the_lobby(windows: Callable[[], WebDriver], size: str) -> None:
    """R-TK-STACK-7: the lobby's form makes a Currency Torraku table in companion mode, with
    names and a turn clock; its host link and join code are listed; the lobby's buttons
    hand a seat to a bot and back; closing asks first."""
    server = Server("--players", "3", "--bots", "2", "--seed", "7")
    try:
        admin = admin_link(server)
        lobby = windows()
        lobby.get(admin)
        wait_for(lambda: lobby.find_elements(By.CSS_SELECTOR, "#tables > li"), "the list")
        Select(lobby.find_element(By.ID, "new-game")).select_by_value("torraku")
        companion = wait_for(lambda: lobby.find_element(By.ID, "new-companion"), "companion")
        assert companion.is_displayed()
        for field, value in (("new-players", "3"), ("new-bots", "0"), ("new-turn-seconds", "120")):
            box = lobby.find_element(By.ID, field)
            box.clear()
            box.send_keys(value)
        lobby.find_element(By.ID, "new-names").send_keys("Ana, Bo, Cy")
        setup = Select(lobby.find_element(By.ID, "option-setup"))  # the game's own options
        assert [choice.text for choice in setup.options] == ["standard", "long game"]
        assert "Last round" in lobby.find_element(By.ID, "new-options").text
        companion.click()
        shoot(lobby, f"night-lobby-{size}")
        lobby.find_element(By.ID, "create-table").click()
        made = wait_for(
            lambda: lobby.find_element(By.ID, "created").get_attribute("data-table"),
            "the new table",
        )
        listed = server.get("/api/tables", token=admin.split("#", 1)[1])
        table = next(t for t in listed["tables"] if t["table"] == made)
        assert (table["game"], table["names"], table["players"]) == (
            "torraku",
            ["Ana", "Bo", "Cy"],
            3,
        )
        seat = table["seats"][0]["link"].split("#", 1)[1]
        view = server.update(seat)["view"]
        assert view["config"]["dealer"] == "external"
        item = wait_for(
            lambda: lobby.find_elements(By.CSS_SELECTOR, f'#tables > li[data-table="{made}"]'),
            "the table listed",
        )[0]
        assert (
            item.find_element(By.CSS_SELECTOR, "a.host-link").get_attribute("href") == table["host"]
        )
        # The lobby's hand-over buttons: Ana's seat to a bot, and back to her.
        listed_item = f'#tables > li[data-table="{made}"]'
        button = listed_item + ' .hand-over[data-seat="0"][data-bot="{}"]'
        press(lobby, button.format("true"), "the hand-over button")
        wait_for(lambda: server.update(seat)["bots"] == [0], "Ana's seat handed to a bot")
        back = button.format("false")
        wait_for(
            lambda: lobby.find_element(By.CSS_SELECTOR, back).text == "Give back to the player",
            "the give-back button",
        )
        press(lobby, back, "the give-back button")
        wait_for(lambda: server.update(seat)["bots"] == [], "Ana's seat given back")
        press(lobby, f"{listed_item} button.close-table", "the close button")
        lobby.switch_to.alert.dismiss()  # asked first: nothing closed
        assert any(
            t["table"] == made
            for t in server.get("/api/tables", token=admin.split("#", 1)[1])["tables"]
        )
        press(lobby, f"{listed_item} button.close-table", "the close button")
        lobby.switch_to.alert.accept()
        wait_for(
            lambda: not lobby.find_elements(By.CSS_SELECTOR, f'#tables > li[data-table="{made}"]'),
            "the table closed",
        )
        no_wider_than_the_screen(lobby)
    finally:
        server.stop()


def test_the_host_hands_a_seat_to_a_bot_and_back(
    windows: Callable[[], WebDriver], size: str
) -> None:
    """The host page's button gives a person's seat to a bot (which plays it at once) and
    takes it back; the seat's page follows."""
    server = Server("--players", "3", "--bots", "1", "--seed", "7")
    try:
        host, seat = server.token("host"), server.token("Ana")
        hosting = windows()
        hosting.get(f"{server.base}/#{host}")
        button = wait_for(
            lambda: hosting.find_elements(
                By.CSS_SELECTOR, '#host li[data-seat="0"] button.hand-over'
            ),
            "the hand-over button",
        )[0]
        assert button.text == "Hand to a bot"
        button.click()
        wait_for(lambda: 0 in server.update(seat)["bots"], "seat 0 handed to a bot")
        back = wait_for(
            lambda: [
                b
                for b in hosting.find_elements(
                    By.CSS_SELECTOR, '#host li[data-seat="0"] button.hand-over'
                )
                if b.text == "Give back to the player"
            ],
            "the take-back button",
        )[0]
        shoot(hosting, f"night-handover-{size}")
        back.click()
        wait_for(lambda: 0 not in server.update(seat)["bots"], "seat 0 back to its person")
        assert server.update(seat)["bots"] == [2]
        no_wider_than_the_screen(hosting)
    finally:
        server.stop()
