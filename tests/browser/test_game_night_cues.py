"""A game night's cues, clocks and failures in words, in headless Chromium at a phone's
360x740 and a TV's 1920x1080: the countdown and a timeout (short turn seconds), a seat
taken back from its bot, the server stopped and started mid-game, a double tap, a
malformed amount, a dead link and a closed table. At 360x740 every choice is above the
fold. Screenshots go to ``docs/_static/web/night-*.png``.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver import Chrome, ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from millions_rules.web import words
from millions_rules.web._teach import note_text

from .test_web_table import (
    CHROMEDRIVER,
    CHROMIUM,
    FLAGS,
    SHOTS,
    WAIT,
    pytestmark,  # noqa: F401  (run by nox -s web only)
)

SIZES = {"phone": (360, 740), "tv": (1920, 1080)}
#: An empty page with the table page's viewport (a phone lays it out at its own width).
VIEWPORT = 'data:text/html,<meta name="viewport" content="width=device-width, initial-scale=1">'


class Serve:
    """``serve`` in a subprocess on a port and a database that outlive it (a restart)."""

    def __init__(
        self, db: Path, *args: str, port: int | None = None, started: list[Serve] | None = None
    ) -> None:
        self.started = [] if started is None else started
        if port is None:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = int(probe.getsockname()[1])
        self.port, self.db, self.args = port, db, args
        self.base = f"http://127.0.0.1:{port}"
        self.tokens: dict[str, str] = {}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "millions_rules", "serve", "--port", str(port)]
            + ["--db", str(db), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.started.append(self)  # stopped by the fixture, a server started again too
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if "#" in line:
                label, link = line.rsplit(": ", 1)
                name = label.split()[-1] if "seat" in label else label.split()[0]
                self.tokens[name] = link.strip().split("#", 1)[1]
            if line.lstrip().startswith("admin"):
                break
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def again(self) -> Serve:
        """The same server started again: the same port, database and links."""
        return Serve(self.db, *self.args, port=self.port, started=self.started)

    def update(self, token: str, lang: str = "en") -> dict[str, Any]:
        request = urllib.request.Request(
            f"{self.base}/api/update?since=0&lang={lang}",
            headers={"Authorization": f"Bearer {token}"},
        )
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            answer: dict[str, Any] = json.loads(response.read())
            return answer

    def post(self, path: str, token: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            f"{self.base}{path}",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=WAIT)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., Serve]]:
    started: list[Serve] = []

    def start(*args: str) -> Serve:
        return Serve(tmp_path / "tables.sqlite", *args, started=started)

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()


@pytest.fixture(params=sorted(SIZES))
def window(request: pytest.FixtureRequest) -> Iterator[tuple[str, WebDriver]]:
    """A headless Chromium window at a phone's 360x740 or a TV's 1920x1080."""
    size = str(request.param)
    width, height = SIZES[size]
    options = ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="millions-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    if size == "phone":
        metrics = {"width": width, "height": height, "pixelRatio": 1}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    else:
        options.add_argument(f"--window-size={width},{height}")
    options.binary_location = CHROMIUM
    driver = Chrome(service=Service(CHROMEDRIVER), options=options)
    if size == "tv":  # the viewport itself 1920x1080, whatever the window's frame
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
    try:
        driver.get(VIEWPORT)  # a page laid out as the table's
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert tuple(inner) == (width, height)
        yield size, driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait(condition: Callable[[], Any], what: str, seconds: float = WAIT) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = condition()
        except Exception:  # an element replaced while read: look again
            found = None
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def script(driver: WebDriver, code: str, *args: Any) -> Any:
    return driver.execute_script(code, *args)


def shown(driver: WebDriver, element_id: str) -> bool:
    found = driver.find_elements(By.ID, element_id)
    return bool(found) and found[0].is_displayed()


def version(driver: WebDriver) -> int:
    raw = script(driver, "return document.body.dataset.version") or "-1"
    return int(raw)


def log(driver: WebDriver) -> list[str]:
    lines: list[str] = script(
        driver, "return [...document.querySelectorAll('#log li')].map((li) => li.textContent)"
    )
    return lines


def shoot(driver: WebDriver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def choices_above_the_fold(driver: WebDriver) -> list[float]:
    """The bottom of every choice button, checked against the window's height."""
    bottoms: list[float] = script(
        driver,
        "return [...document.querySelectorAll('#action-buttons button')]"
        ".map((b) => b.getBoundingClientRect().bottom)",
    )
    height = script(driver, "return window.innerHeight")
    assert bottoms and all(bottom <= height for bottom in bottoms), (bottoms, height)
    return bottoms


def test_countdown_timeout_and_seat_back(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """A 5-player table with 2-second turns: Ana's countdown runs on her page and in the
    players' table, the title and a cue say it is her turn, every choice is above the fold
    (R-COMP-2: four roles at 5 players); her time runs out and the log says the table
    played for her; after three timeouts a bot takes her seat and she takes it back."""
    size, driver = window
    server = servers("--players", "5", "--bots", "4", "--seed", "5", "--turn-seconds", "2")
    ana = server.tokens["Ana"]
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: shown(driver, "my-clock"), "Ana's countdown")
    left = int(driver.find_element(By.ID, "my-clock").get_attribute("data-left") or "-1")
    assert 0 <= left <= 2
    seat_clock = driver.find_elements(By.CSS_SELECTOR, "#players .countdown[data-seat='0']")
    assert len(seat_clock) == 1
    assert driver.find_elements(By.CSS_SELECTOR, "#players .countdown[data-seat='1']") == []
    said = words("en")
    assert driver.title == said["web.cue.title"].replace("{title}", said["web.title"])
    assert script(driver, "return document.body.dataset.cues") == "1"
    if size == "phone":
        assert len(choices_above_the_fold(driver)) == 4
        shoot(driver, "night-countdown-phone")
    note = note_text("timeout", "Ana", "en")
    wait(lambda: note in log(driver), "the timeout's note in the log")
    wait(lambda: shown(driver, "timeout-note"), "the timeout's note on Ana's page")
    assert driver.find_element(By.ID, "timeout-note").text == said["web.note.you.timeout"]
    if size == "tv":
        shoot(driver, "night-timeout-tv")
    # Three timeouts in a row: a bot takes the seat; the page offers it back.
    wait(lambda: shown(driver, "seat-back"), "the take-my-seat-back button", 40)
    assert note_text("handed", "Ana", "en") in log(driver)
    assert driver.find_element(By.ID, "bot-note").text == said["web.note.you.bot"]
    if size == "phone":
        shoot(driver, "night-seat-back-phone")
    driver.find_element(By.ID, "seat-back").click()
    wait(lambda: 0 not in server.update(ana)["bots"], "the seat handed back")
    wait(lambda: not shown(driver, "seat-back"), "the button gone")
    wait(lambda: note_text("back", "Ana", "en") in log(driver), "the hand-back's note", 30)


#: Stand-ins for the page's sound and vibration, installed before the page's script runs:
#: each beep started and each vibration asked for is counted in ``window.cueLog``.
CUE_STUBS = """
window.cueLog = { beeps: 0, vibrations: [] };
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value(pattern) { window.cueLog.vibrations.push(pattern); return true; },
});
class Tone { constructor() { this.frequency = { value: 0 }; } connect(next) { return next; }
  start() { window.cueLog.beeps += 1; } stop() {} }
class Gain { constructor() { this.gain = { value: 0 }; } connect(next) { return next; } }
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return new Tone(); }
  createGain() { return new Gain(); }
  resume() { return Promise.resolve(); }
};
"""


def cue_log(driver: WebDriver) -> tuple[int, int, int]:
    """The page's cues so far: how many, the beeps started, the vibrations asked for."""
    cues = int(script(driver, "return document.body.dataset.cues") or "0")
    beeps, vibrations = script(
        driver, "return [window.cueLog.beeps, window.cueLog.vibrations.length]"
    )
    return cues, int(beeps), int(vibrations)


def test_turn_cues_the_sound_switch_and_the_screens_clocks(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """Each time the table starts waiting for Ana, her page's title says so, the phone
    vibrates and, once she has tapped the page (browsers allow sound only then), it beeps;
    with the sound switched off (remembered by the browser) it still vibrates, and beeps
    no more. The table screen shows the countdown of each seat awaited, in large type,
    with the board and the log above a TV's fold (R-PLAN-2: the seats that have not
    chosen are public)."""
    size, driver = window
    server = servers("--players", "4", "--bots", "2", "--seed", "8", "--turn-seconds", "120")
    ana, bruno = server.tokens["Ana"], server.tokens["Bruno"]
    said = words("en")
    your_turn = said["web.cue.title"].replace("{title}", said["web.title"])

    def bruno_plays(kind: str) -> None:
        got = server.update(bruno)
        action = next(a for a in got["actions"] if a["type"] == kind)
        server.post("/api/act", bruno, {"version": got["version"], "action": action})

    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CUE_STUBS})
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: cue_log(driver)[0] == 1, "the first cue")
    assert driver.title == your_turn
    assert cue_log(driver) == (1, 0, 1)  # no tap yet: a vibration, no sound
    assert driver.find_element(By.ID, "sound").is_selected()
    assert driver.find_element(By.ID, "sound-label").text == said["web.cue.sound"]
    # Ana chooses (a tap): the table waits for Bruno, then for Ana again in negotiation.
    driver.find_element(By.CSS_SELECTOR, "#action-buttons button").click()
    wait(lambda: driver.title == said["web.title"], "the title without the cue")
    bruno_plays("choose")
    wait(lambda: cue_log(driver)[0] == 2, "the cue of negotiation")
    assert cue_log(driver) == (2, 1, 2) and driver.title == your_turn
    # The sound switched off: the next cue vibrates, and is silent.
    driver.find_element(By.ID, "sound").click()
    assert script(driver, "return localStorage.getItem('millions-sound')") == "off"
    stay = "#action-buttons button[data-action*='\"stay\"']"
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, stay), "Stay")[0].click()
    wait(lambda: driver.title == said["web.title"], "the title without the cue")
    bruno_plays("stay")
    wait(lambda: cue_log(driver)[0] == 3, "the cue of the next round")
    assert cue_log(driver) == (3, 1, 3)
    assert server.update(ana)["view"]["round"] == 2
    driver.refresh()
    wait(lambda: cue_log(driver)[0] == 1, "the cue after a reload")
    assert not driver.find_element(By.ID, "sound").is_selected()  # remembered
    # The table screen: the countdowns of the seats awaited (Ana and Bruno), in large type.
    driver.get(f"{server.base}/screen#{server.tokens['host']}")
    clocks = "#players .countdown"
    wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, clocks)) == 2, "the countdowns")
    seats = [c.get_attribute("data-seat") for c in driver.find_elements(By.CSS_SELECTOR, clocks)]
    assert seats == ["0", "1"]
    left = int(driver.find_element(By.CSS_SELECTOR, clocks).get_attribute("data-left") or "-1")
    assert 0 < left <= 120
    assert "screen" in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
    assert script(driver, "return getComputedStyle(document.body).fontSize") == "24px"
    assert log(driver) == server.update(server.tokens["spectator"])["log"]
    assert not shown(driver, "host") and not shown(driver, "rules")  # no seat free: no panel
    if size == "tv":  # the board, the clocks and the log above the fold
        tops = script(
            driver,
            "return ['board', 'players', 'log-box']"
            ".map((id) => document.getElementById(id).getBoundingClientRect().top)",
        )
        clock = script(
            driver,
            "return document.querySelector('#players .countdown').getBoundingClientRect().bottom",
        )
        assert max([*tops, clock]) < script(driver, "return window.innerHeight")
        shoot(driver, "night-screen-clocks-tv")


def test_the_screen_lags_by_the_spectator_delay(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """With ``--spectator-delay`` the table screen shows the table as it was, with no
    countdown; the host's own page shows it now."""
    _, driver = window
    server = servers(
        "--players", "4", "--bots", "3", "--seed", "3", "--turn-seconds", "120",
        "--spectator-delay", "600",
    )  # fmt: skip
    ana, host = server.tokens["Ana"], server.tokens["host"]
    start = server.update(ana)
    driver.get(f"{server.base}/screen#{host}")
    wait(lambda: version(driver) == start["version"], "the screen")
    action = start["actions"][0]
    played = server.post("/api/act", ana, {"version": start["version"], "action": action})
    assert played["version"] > start["version"]
    driver.get(f"{server.base}/#{host}")
    wait(lambda: version(driver) == played["version"], "the host's page, now")
    assert driver.find_elements(By.CSS_SELECTOR, "#players .countdown")  # Ana is awaited
    driver.get(f"{server.base}/screen#{host}")
    wait(lambda: version(driver) == start["version"], "the screen, as it was")
    time.sleep(1)  # a moment more: the screen stays behind, with no clock
    assert version(driver) == start["version"]
    assert driver.find_elements(By.CSS_SELECTOR, "#players .countdown") == []


def test_a_countdown_on_a_phone_whose_clock_is_off(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """A phone's clock 90 seconds behind: the countdown follows the server's clock (its
    Date header), so it shows the turn's time, not 90 seconds more."""
    _, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "3", "--turn-seconds", "30")
    late = "const real = Date.now; Date.now = () => real() - 90000;"
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": late})
    driver.get(f"{server.base}/#{server.tokens['Ana']}")
    wait(lambda: shown(driver, "my-clock"), "Ana's countdown")
    assert script(driver, "return Date.now() < new Date().getTime() - 60000")  # the clock is off
    left = int(driver.find_element(By.ID, "my-clock").get_attribute("data-left") or "-1")
    assert 0 < left <= 30


def test_server_stopped_and_started(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """The server stops mid-game: a banner says so and counts to the next try; a click
    meanwhile is said too; the server starts again and the page catches up by version and
    plays on."""
    size, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "2")
    ana = server.tokens["Ana"]
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#action-buttons button"), "choices")
    before = version(driver)
    driver.find_element(By.CSS_SELECTOR, "#action-buttons button").click()
    wait(lambda: version(driver) > before, "the choice played")
    played = version(driver)
    server.stop()
    wait(lambda: shown(driver, "down"), "the banner")
    banner = driver.find_element(By.ID, "down").text
    assert banner.startswith("The server cannot be reached.")
    buttons = driver.find_elements(By.CSS_SELECTOR, "#action-buttons button")
    if buttons:
        buttons[0].click()
        assert shown(driver, "down")
    shoot(driver, f"night-down-{size}")
    server = server.again()
    wait(lambda: not shown(driver, "down"), "the banner gone", 30)
    expected = server.update(ana)
    wait(lambda: version(driver) == expected["view"]["version"], "the page caught up")
    assert version(driver) >= played
    assert log(driver) == expected["log"]
    # Play resumes: a choice of the page is taken.
    buttons = wait(
        lambda: driver.find_elements(By.CSS_SELECTOR, "#action-buttons button"), "choices"
    )
    now = version(driver)
    buttons[0].click()
    wait(lambda: version(driver) > now, "play resumed")
    assert not shown(driver, "notice")


def test_double_tap_is_absorbed(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """Two taps of one button are one action and no refusal: at once (the second while the
    first is on its way) and after the first's answer, before the page heard of it."""
    size, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "3")
    ana = server.tokens["Ana"]
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#action-buttons button"), "choices")
    start = server.update(ana)["version"]
    script(
        driver, "const b = document.querySelector('#action-buttons button'); b.click(); b.click();"
    )
    wait(lambda: server.update(ana)["version"] > start, "the choice played")
    time.sleep(0.3)  # the second tap's answer, if any, would show now
    assert not shown(driver, "notice")
    mine = [e for e in server.update(ana)["view"]["events"] if e.get("player") == 0]
    assert [e["type"] for e in mine].count("character_chosen") == 1
    # Negotiation: the page stops listening, taps Stay, hears the answer, taps it again.
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#action-buttons button"), "Stay")
    script(driver, "window.millionsTable.disconnect()")
    seen = server.update(ana)["version"]
    stay = driver.find_element(By.CSS_SELECTOR, "#action-buttons button[data-action*='\"stay\"']")
    stay.click()
    wait(lambda: server.update(ana)["version"] > seen, "Stay played")
    stay.click()  # the old button, at the old version: the same request id
    time.sleep(0.5)
    assert not shown(driver, "notice"), driver.find_element(By.ID, "notice").text
    script(driver, "window.millionsTable.connect()")
    wait(lambda: version(driver) == server.update(ana)["view"]["version"], "caught up")
    stays = [e for e in server.update(ana)["view"]["events"] if e["type"] == "stayed"]
    assert [e["player"] for e in stays[:4]].count(0) == 1
    if size == "phone":
        shoot(driver, "night-double-tap-phone")


def test_malformed_amount_says_what_to_type(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """1.5 is refused with "whole millions, e.g. 2"; in Chinese the field is in 万: "1" is
    refused with what to type, "200万" pays 2M (R-NEG-3)."""
    size, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "4")
    ana = server.tokens["Ana"]
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#action-buttons button"), "choices")
    driver.find_element(By.CSS_SELECTOR, "#action-buttons button").click()
    wait(lambda: shown(driver, "pay-amount"), "the payment form")
    field = driver.find_element(By.ID, "pay-amount")
    field.clear()
    field.send_keys("1.5")
    before = server.update(ana)["version"]
    driver.find_element(By.ID, "pay-button").click()
    hint = wait(lambda: driver.find_element(By.ID, "pay-hint").text, "the hint")
    assert hint == words("en")["web.amount.whole"] == "Type whole millions, e.g. 2."
    assert server.update(ana)["version"] == before
    Select(driver.find_element(By.ID, "lang")).select_by_value("zh")
    wait(lambda: driver.find_element(By.ID, "pay-amount").get_attribute("min") == "100", "万")
    field = driver.find_element(By.ID, "pay-amount")
    field.clear()
    field.send_keys("1")
    driver.find_element(By.ID, "pay-button").click()
    hint = wait(lambda: driver.find_element(By.ID, "pay-hint").text, "the hint in Chinese")
    assert hint == words("zh")["web.amount.whole_wan"]
    assert server.update(ana)["version"] == before
    if size == "phone":
        shoot(driver, "night-amount-zh-phone")
    cash = server.update(ana)["view"]["cash"][0]
    field = driver.find_element(By.ID, "pay-amount")
    field.clear()
    field.send_keys("200万")
    driver.find_element(By.ID, "pay-button").click()
    wait(lambda: server.update(ana)["view"]["cash"][0] == cash - 2, "2M paid")
    assert not shown(driver, "notice")


def test_dead_link_and_closed_table(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """A link of no table and a closed table's each get a page that says so, not a blank
    page retrying forever."""
    size, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "6")
    driver.get(f"{server.base}/#{'x' * 22}")
    wait(lambda: shown(driver, "gone"), "the dead link's page")
    gone = driver.find_element(By.ID, "gone")
    assert gone.get_attribute("data-code") == "unknown_token"
    said = words("en")
    assert gone.find_element(By.TAG_NAME, "h2").text == said["web.gone.unknown_token.title"]
    assert not shown(driver, "board") and not shown(driver, "down")
    # The host hands Ana's seat to a bot and back, by the buttons beside the links.
    host, ana = server.tokens["host"], server.tokens["Ana"]
    driver.get(f"{server.base}/#{host}")
    button = "#host .hand-over[data-seat='0'][data-bot='{}']"
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, button.format("true")), "hand-over")
    driver.find_element(By.CSS_SELECTOR, button.format("true")).click()
    wait(lambda: 0 in server.update(ana)["bots"], "Ana's seat handed to a bot")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, button.format("false")), "give back")
    driver.find_element(By.CSS_SELECTOR, button.format("false")).click()
    wait(lambda: 0 not in server.update(ana)["bots"], "Ana's seat given back")
    logged = server.update(ana)["log"] + server.update(ana)["tail"]
    assert note_text("bot", "Ana", "en") in logged
    # (Ana's bot played the game to its end: the table of bots did not wait.)
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: version(driver) == server.update(ana)["view"]["version"], "Ana's page")
    table = server.update(server.tokens["Ana"])["table"]
    assert server.post("/api/close", server.tokens["host"], {}) == {"closed": table}
    wait(lambda: shown(driver, "gone"), "the closed table's page", 30)
    gone = driver.find_element(By.ID, "gone")
    assert gone.get_attribute("data-code") == "table_closed"
    assert gone.find_element(By.TAG_NAME, "h2").text == said["web.gone.table_closed.title"]
    assert driver.title == said["web.gone.table_closed.title"]
    shoot(driver, f"night-closed-{size}")


def test_torraku_whole_hand(servers: Callable[..., Serve], window: tuple[str, WebDriver]) -> None:
    """Torraku's bet composer takes the whole hand in one tap (R-TK-BET-7: a first bet
    short of the current bet starts with it), and the bet is played."""
    size, driver = window
    server = servers("--game", "torraku", "--players", "2", "--bots", "1", "--seed", "2")
    ana = server.tokens["Ana"]
    driver.get(f"{server.base}/#{ana}")
    wait(lambda: shown(driver, "whole-hand"), "the whole-hand button")
    update = server.update(ana)
    hand = update["view"]["hands"][0]
    driver.find_element(By.ID, "whole-hand").click()
    for kind in ("van", "washing_machine", "rice_cooker"):
        assert driver.find_element(By.ID, f"hand-{kind}").text == str(hand.get(kind, 0))
    bet = driver.find_element(By.ID, "bet-button")
    pieces = sum(hand.values())
    assert bet.text == words("en")["web.tk.bet"].replace("{number}", str(pieces))
    wanted = [a for a in update["actions"] if a["type"] == "bet" and len(a["pieces"]) == pieces]
    # Seed 2: Ana opens with 10 pieces in hand, and the whole hand is a legal bet.
    assert pieces == 10 and wanted and bet.is_enabled()
    before = update["version"]
    bet.click()
    wait(lambda: server.update(ana)["version"] > before, "the whole hand bet")
    assert len(server.update(ana)["view"]["rows"][0]) == pieces
    if size == "phone":
        shoot(driver, "night-torraku-whole-hand-phone")


def test_replay_opens_in_the_tables_language(
    servers: Callable[..., Serve], window: tuple[str, WebDriver]
) -> None:
    """A Chinese table's replay opens in Chinese for a reader who chose no language."""
    _, driver = window
    server = servers("--players", "4", "--bots", "3", "--seed", "7", "--lang", "zh")
    # The host hands Ana's seat to a bot: the bots play the game to its end at once.
    server.post("/api/seat", server.tokens["host"], {"seat": 0, "bot": True})
    assert server.update(server.tokens["Ana"])["winners"]
    driver.get(f"{server.base}/replay#{server.tokens['Ana']}")
    wait(lambda: shown(driver, "replay-step"), "the replay")
    assert script(driver, "return document.documentElement.lang") == "zh-Hans"
    title = driver.find_element(By.CSS_SELECTOR, "#replay h2").text
    assert title == words("zh")["web.replay.title"]
