"""The web table in a real browser: complete games clicked through headless Chromium.

Run by ``nox -s web`` (which sets ``MILLIONS_BROWSER_TESTS``), with Debian's ``chromium``
and ``chromium-driver``: Selenium is pointed at ``/usr/bin/chromedriver``, so nothing
downloads a browser. Screenshots of each phase and of the end screen go to
``docs/_static/web/`` for the "Web table" page of the docs.
"""

from __future__ import annotations

import json
import os
import pathlib
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

pytest.importorskip("selenium")

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver import Chrome, ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

from millions_rules.web import words

pytestmark = pytest.mark.skipif(
    not os.environ.get("MILLIONS_BROWSER_TESTS"), reason="run by nox -s web"
)

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "_static" / "web"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
PHONE = (412, 1400)  # a phone's width; tall, so a screenshot holds the whole page
WAIT = 20.0
MAX_CLICKS = 400
SNAPSHOT = """
const all = (css) => [...document.querySelectorAll(css)];
return {
  characters: all("#players .characters .role").map((chip) => [
    Number(chip.dataset.player), Number(chip.dataset.position), chip.dataset.role]),
  mine: all("#my-characters .role").map((chip) => chip.dataset.role),
  seen: all("#seen .role").map((chip) => chip.dataset.role),
  seenLabels: all("#seen > div").map((row) => row.firstChild.textContent),
  buttons: all("#action-buttons button").map((button) => JSON.parse(button.dataset.action)),
  log: all("#log li").map((item) => item.textContent),
  cash: all("#players td.cash").map((cell) => Number(cell.dataset.cash)),
  wide: all("body *").filter((e) => e.getBoundingClientRect().right > arguments[0] + 0.5)
    .map((e) => e.outerHTML.slice(0, 80)),
};
"""


# -- the server ---------------------------------------------------------------------------


class Server:
    """``python -m millions_rules serve`` in a subprocess, and its links."""

    def __init__(self, *args: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        # The server's access log, closed by stop().
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "millions_rules",
                "serve",
                "--port",
                str(self.port),
                "--db",
                ":memory:",
                "--access-log",
                *args,
            ],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        assert self.process.stdout is not None
        self.tokens: dict[str, str] = {}
        for line in self.process.stdout:
            if "#" in line:
                label, link = line.rsplit(": ", 1)
                name = label.split()[-1] if "seat" in label else label.split()[0]
                self.tokens[name] = link.strip().split("#", 1)[1]
            if line.lstrip().startswith("host"):
                break
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def token(self, name: str) -> str:
        return self.tokens[name]

    def request_lines(self) -> list[str]:
        """Every request line of the server's access log so far (method, target, version)."""
        self.log.seek(0)
        return re.findall(r'"([A-Z]+ \S+ HTTP/[0-9.]+)"', self.log.read())

    def check_no_token_in_requests(self, *tokens: str, seen: Sequence[str] = ()) -> None:
        """No request line the server received holds any of ``tokens`` (issue 27, defect 8:
        a proxy's log must never keep a working link), and each path of ``seen`` was asked."""
        lines = self.request_lines()
        assert lines, "the access log is empty"
        leaked = [line for line in lines if any(token in line for token in tokens)]
        assert leaked == []
        assert all("token" not in line.lower() for line in lines)
        paths = {line.split()[1].split("?")[0] for line in lines}
        assert set(seen) <= paths, sorted(paths)

    def get(self, path: str, token: str | None = None, **params: Any) -> Any:
        """GET ``path`` with ``params``, the token in an ``Authorization`` header."""
        query = urllib.parse.urlencode(params)
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        request = urllib.request.Request(f"{self.base}{path}?{query}", headers=headers)
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return json.loads(response.read())

    def update(self, token: str, lang: str = "en") -> dict[str, Any]:
        """The view of the token's holder, with the whole narrated log."""
        result: dict[str, Any] = self.get("/api/update", token=token, since=0, lang=lang)
        return result

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=WAIT)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.log.close()


@pytest.fixture
def browsers() -> Iterator[Callable[[], WebDriver]]:
    """Headless Chromium windows with fresh profiles, closed after the test."""
    opened: list[WebDriver] = []
    profiles: list[str] = []

    def open_one() -> WebDriver:
        options = ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        profile = tempfile.mkdtemp(prefix="millions-chromium-")
        profiles.append(profile)
        options.add_argument(f"--user-data-dir={profile}")
        metrics = {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 1}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        options.binary_location = CHROMIUM
        driver = Chrome(service=Service(CHROMEDRIVER), options=options)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()
    for profile in profiles:
        shutil.rmtree(profile, ignore_errors=True)


# -- one seat's page ----------------------------------------------------------------------


class Page:
    """A browser window showing one link of the table."""

    def __init__(
        self, driver: WebDriver, server: Server, token: str, name: str, lang: str = "en"
    ) -> None:
        self.driver, self.server, self.token, self.name = driver, server, token, name
        self.lang = lang  # the language the page should show
        driver.get(f"{server.base}/#{token}")

    def wait(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                if condition():
                    return
            except StaleElementReferenceException:
                pass
            time.sleep(0.02)
        raise AssertionError(f"{self.name}: timed out waiting for {what}")

    def version(self) -> int:
        raw = self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-version")
        return -1 if raw is None or raw == "" else int(raw)

    def synced(self) -> dict[str, Any]:
        """Wait until the page shows the table's current version; return this seat's update."""
        update = self.server.update(self.token, self.lang)
        shown = (update["view"]["version"], len(update["log"]))
        self.wait(lambda: self.progress() == shown, f"version {shown[0]}")
        return update

    def progress(self) -> tuple[int, int]:
        version, lines = self.driver.execute_script(
            "return [document.body.dataset.version, document.querySelectorAll('#log li').length]"
        )
        return (-1 if not version else int(version), int(lines))

    def log(self) -> list[str]:
        return [item.text for item in self.driver.find_elements(By.CSS_SELECTOR, "#log li")]

    def buttons(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#action-buttons button")

    def notice(self) -> str:
        box = self.driver.find_element(By.ID, "notice")
        return box.text if box.is_displayed() else ""

    def notice_code(self) -> str:
        """The code of the refusal shown: kept in ``data-code``, never in the words."""
        box = self.driver.find_element(By.ID, "notice")
        return (box.get_attribute("data-code") or "") if box.is_displayed() else ""

    def shoot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SHOTS / f"{name}.png"))

    def switch_language(self, lang: str) -> None:
        Select(self.driver.find_element(By.ID, "lang")).select_by_value(lang)
        self.lang = lang

    def snapshot(self) -> dict[str, Any]:
        """What the page shows, read in one round trip."""
        result: dict[str, Any] = self.driver.execute_script(SNAPSHOT, PHONE[0])
        return result

    def check_against_view(self, update: dict[str, Any]) -> None:
        """The page shows exactly what this seat's view holds: no secret more, no fact less."""
        view = update["view"]
        shown = self.snapshot()
        known = [[c["player"], c["position"], c["role"] or ""] for c in view["characters"]]
        assert shown["characters"] == known, f"{self.name}: characters differ from the view"
        if view["seat"] is not None:
            seat = view["seat"]
            assert shown["mine"] == [c["role"] for c in view["characters"] if c["player"] == seat]
            assert shown["seen"] == [c["role"] for c in view["characters"] if c["seen_by_threat"]]
            # A seen character's position ("card 2") only where each player has two (R-3P-4).
            card = words(self.lang)["web.card_of"].split("{player}")[1].split("{number}")[0]
            three = len(view["cash"]) == 3
            assert all((card in text) == three for text in shown["seenLabels"]), shown
        # Payments have their form; answers to offers are in the negotiation panel.
        answers = ("pay", "accept_offer", "decline_offer", "withdraw_offer")
        offered = [a for a in view["legal_actions"] if a["type"] not in answers]
        assert shown["buttons"] == offered, f"{self.name}: the buttons are not the legal actions"
        assert shown["log"] == update["log"], f"{self.name}: the log differs from the view's"
        assert shown["cash"] == view["cash"]
        assert shown["wide"] == [], f"{self.name}: wider than a phone: {shown['wide']}"

    def click(self, element: WebElement) -> None:
        before = self.version()
        element.click()
        self.wait(
            lambda: self.version() != before or self.notice() != "",
            "the table to take the action",
        )
        assert self.notice() == "", f"{self.name}: refused: {self.notice()}"


def pick(page: Page, rng: random.Random, pays: list[int]) -> WebElement | None:
    """A button to click, the way a person might: mostly stay, sometimes threaten or pay."""
    buttons = page.buttons()
    by_type: dict[str, list[WebElement]] = {}
    for button in buttons:
        action = json.loads(button.get_attribute("data-action") or "null")
        by_type.setdefault(action["type"], []).append(button)
    if "denounce" in by_type:
        return rng.choice(by_type["denounce"])
    if "choose" in by_type:
        snitch = [
            b for b in by_type["choose"] if "snitch" in (b.get_attribute("data-action") or "")
        ]
        return rng.choice(snitch if snitch and rng.random() < 0.4 else by_type["choose"])
    if page.driver.find_elements(By.ID, "pay-button") and pays[0] > 0 and rng.random() < 0.3:
        pays[0] -= 1
        amount = page.driver.find_element(By.ID, "pay-amount")
        amount.clear()
        # 1M, typed in the unit the page shows money in (1M is 100万 in Chinese).
        amount.send_keys(amount.get_attribute("min") or "1")
        return page.driver.find_element(By.ID, "pay-button")
    if "use_threat" in by_type and rng.random() < 0.5:
        return rng.choice(by_type["use_threat"])
    if "leave" in by_type and rng.random() < 0.2:
        return rng.choice(by_type["leave"])
    if "stay" in by_type:
        return by_type["stay"][0]
    return rng.choice(buttons) if buttons else None


def play(
    pages: list[Page],
    watchers: list[Page],
    rng: random.Random,
    prefix: str,
    on_turn: Callable[[int], None] = lambda _: None,
) -> set[str]:
    """Click through the game until the end screen, checking every page against its view.

    Returns the names of the screenshots taken: one per phase a person acted in.
    """
    shot: set[str] = set()
    pays = [3]
    for turn in range(MAX_CLICKS):
        on_turn(turn)
        updates = [page.synced() for page in pages + watchers]
        for page, update in zip(pages + watchers, updates, strict=True):
            page.check_against_view(update)
        phase = updates[0]["view"]["phase"]
        if phase == "game_over":
            return shot
        for page in pages:
            button = pick(page, rng, pays)
            if button is None:
                continue
            page_phase = page.driver.find_element(By.TAG_NAME, "body").get_attribute("data-phase")
            name = f"{prefix}-{page_phase}"
            if name not in shot:
                shot.add(name)
                page.shoot(name)
            page.click(button)
            break
        else:
            seen = [
                (u["view"]["phase"], u["view"]["awaiting"], u["view"]["legal_actions"])
                for u in updates
            ]
            raise AssertionError(f"no page can act, yet the game is not over: {seen}")
    raise AssertionError(f"the game did not end within {MAX_CLICKS} clicks")


def check_end(pages: list[Page], server: Server) -> None:
    """Every page shows the end screen with the winners' names."""
    for page in pages:
        update = page.synced()
        view = update["view"]
        assert view["phase"] == "game_over"
        end = page.driver.find_element(By.ID, "end")
        page.wait(end.is_displayed, "the end screen")
        winners = page.driver.find_element(By.ID, "winners").text
        for seat in range(view["config"]["players"]):
            assert (update["names"][seat] in winners) == (seat in view["winners"])
        assert page.driver.find_element(By.ID, "why").text


# -- the games ----------------------------------------------------------------------------


def test_five_player_game(browsers: Callable[[], WebDriver]) -> None:
    """Two people (seats 0 and 1) and three bots play a whole 5-player game in Chromium.

    Each page is compared with its seat's view after every click; a stale action and an
    action for another seat are refused with a visible message; seat 0 switches to Chinese.
    """
    server = Server("--players", "5", "--bots", "3", "--seed", "2026")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        bruno = Page(browsers(), server, server.token("Bruno"), "Bruno")
        spectator = Page(browsers(), server, server.token("spectator"), "spectator")
        checked: set[str] = set()

        def mischief(turn: int) -> None:
            ana_update = ana.synced()
            bruno_update = bruno.synced()
            both = ana_update["view"]["legal_actions"] and bruno_update["view"]["legal_actions"]
            if "foreign" not in checked and ana.buttons():
                checked.add("foreign")
                foreign = {"type": "stay", "player": 1}
                button = ana.buttons()[0]
                ana.driver.execute_script(
                    "arguments[0].dataset.action = arguments[1]", button, json.dumps(foreign)
                )
                button.click()
                ana.wait(lambda: ana.notice_code() == "not_your_action", "the refusal")
                assert "not_your_action" not in ana.notice()  # words, not the code
                ana.shoot("refused-foreign")
                assert (
                    ana.synced()["view"]["version"] == ana_update["view"]["version"]
                )  # nothing changed
                ana.driver.refresh()
            elif "stale" not in checked and both and ana_update["view"]["phase"] == "negotiation":
                checked.add("stale")
                ana.driver.execute_script("window.millionsTable.disconnect()")
                stale_button = ana.buttons()[0]
                bruno.click(bruno.buttons()[0])  # the table moves on; Ana's page does not know
                stale_button.click()
                ana.wait(lambda: ana.notice_code() == "stale_version", "the refusal")
                assert "stale_version" not in ana.notice()
                ana.shoot("refused-stale")
                ana.synced()  # the page fetched the table again after the refusal
                ana.driver.refresh()
            elif "language" not in checked and turn >= 12:
                checked.add("language")
                ana.switch_language("zh")
                update = ana.synced()
                assert ana.driver.find_element(By.ID, "title").text == "百万美金"
                assert ana.log() == update["log"]
                ana.shoot("five-chinese")
                bruno.switch_language("es")
                bruno.synced()
                assert bruno.driver.find_element(By.ID, "title").text == "Millions of Dollars"

        shots = play([ana, bruno], [spectator], random.Random(5), "five", mischief)
        assert {"five-planning", "five-negotiation"} <= shots  # shown in docs/web.rst
        assert checked == {"foreign", "stale", "language"}
        check_end([ana, bruno, spectator], server)
        server.check_no_token_in_requests(
            *server.tokens.values(),
            seen=["/", "/api/stream", "/api/act", "/static/table.js"],
        )
        ana.shoot("five-end-chinese")
        bruno.shoot("five-end")
    finally:
        server.stop()


def test_three_player_game(browsers: Callable[[], WebDriver]) -> None:
    """One person and two bots play a whole 3-player game, two characters each (R-3P).

    The table is Spanish (``--lang es``): a page opened without a chosen language uses it.
    """
    server = Server("--players", "3", "--bots", "2", "--seed", "7", "--lang", "es")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana", lang="es")
        ana.check_against_view(ana.synced())
        assert ana.driver.find_element(By.ID, "title").text == "Millions of Dollars"
        pairs = [json.loads(b.get_attribute("data-action") or "null") for b in ana.buttons()]
        # R-3P-1: two different characters, in the order they lie: 5 x 4 ordered pairs.
        assert len(pairs) == 20 and all(len(set(a["roles"])) == 2 for a in pairs)
        # R-3P-4: why the order matters, said above the pairs in the table's language.
        why = ana.driver.find_element(By.ID, "pairs-why").text
        assert why == words("es")["web.rules.millions.pairs"]
        shots = play([ana], [], random.Random(3), "three")
        # docs/web.rst shows these; this seeded game makes Ana the lone Snitch (R-HEIST-SNITCH).
        assert shots == {"three-planning", "three-negotiation", "three-heist"}
        check_end([ana], server)
        ana.shoot("three-end")
    finally:
        server.stop()
