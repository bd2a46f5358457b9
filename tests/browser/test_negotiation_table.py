"""Negotiation at the web table in real browsers: three people, three Chromium windows.

Three people (Ana, Bruno and Carmen, each in a browser of their own) whisper, claim a
role, make, decline and settle deals, and the leader presses a player, then they play on
to the end of the game (R-DEAL, R-TALK, R-TALK-LEADER). The test checks exact outcomes:
an accepted deal moves exactly its amount (R-DEAL-2), a whisper and a private offer never
show in the third window (R-TALK-1, R-DEAL-4), the pressed player sees a countdown. Run by
``nox -s web`` (``MILLIONS_BROWSER_TESTS``); screenshots go to ``docs/_static/web/``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("selenium")

from selenium.webdriver import Chrome, ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .test_web_table import CHROMEDRIVER, CHROMIUM, FLAGS, MAX_CLICKS, Page, Server

pytestmark = pytest.mark.skipif(
    not os.environ.get("MILLIONS_BROWSER_TESTS"), reason="run by nox -s web"
)

#: A small phone's screen: the role buttons must be above its fold.
SMALL_PHONE = (360, 740)
#: A tall window of a phone's width, so that a screenshot holds the whole page.
TALL = (412, 1600)


@pytest.fixture
def windows() -> Iterator[Callable[[tuple[int, int]], WebDriver]]:
    """Headless Chromium windows of a given size, each with a fresh profile."""
    opened: list[WebDriver] = []
    profiles: list[str] = []

    def open_one(size: tuple[int, int]) -> WebDriver:
        options = ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        profile = tempfile.mkdtemp(prefix="millions-chromium-")
        profiles.append(profile)
        options.add_argument(f"--user-data-dir={profile}")
        metrics = {"width": size[0], "height": size[1], "pixelRatio": 1}
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


def chat(page: Page) -> list[str]:
    """The lines of the page's talk panel."""
    return [item.text for item in page.driver.find_elements(By.CSS_SELECTOR, "#chat li")]


def offers(page: Page) -> list[str]:
    """The ids of the open offers the page lists."""
    found = page.driver.find_elements(By.CSS_SELECTOR, "#offers li[data-offer]")
    return [item.get_attribute("data-offer") or "" for item in found]


def side(page: Page, act: Callable[[], None], what: str) -> None:
    """Do something that adds to the log but not to the version (talk, an offer)."""
    before = len(page.log())
    act()
    page.wait(lambda: len(page.log()) > before or page.notice() != "", what)
    assert page.notice() == "", f"{page.name}: refused: {page.notice()}"


def say(page: Page, text: str, to: str | None = None, claim: str | None = None) -> None:
    driver = page.driver
    box = driver.find_element(By.ID, "say-text")
    box.clear()
    box.send_keys(text)
    Select(driver.find_element(By.ID, "say-to")).select_by_value("" if to is None else to)
    Select(driver.find_element(By.ID, "say-claim")).select_by_value(claim or "")
    side(page, driver.find_element(By.ID, "say-button").click, f"the message {text!r}")


def offer(page: Page, to: int, amount: int, *, me: bool, decision: str, private: bool) -> None:
    driver = page.driver
    Select(driver.find_element(By.ID, "offer-to")).select_by_value(str(to))
    Select(driver.find_element(By.ID, "offer-decider")).select_by_value("me" if me else "them")
    Select(driver.find_element(By.ID, "offer-decision")).select_by_value(decision)
    field = driver.find_element(By.ID, "offer-amount")
    field.clear()
    field.send_keys(str(amount))
    box = driver.find_element(By.ID, "offer-private")
    if box.is_selected() != private:
        box.click()
    side(page, driver.find_element(By.ID, "offer-button").click, "the offer")


def answer(page: Page, offer_id: str, kind: str) -> None:
    """Click Accept, Decline or Withdraw (``kind``) of an open offer."""
    button = page.driver.find_element(
        By.CSS_SELECTOR, f'#offers li[data-offer="{offer_id}"] button[data-action*="{kind}"]'
    )
    side(page, button.click, f"{kind} of {offer_id}")


def decide(page: Page, kind: str) -> bool:
    """Click the page's first button of ``kind``; whether there was one."""
    for button in page.buttons():
        if f'"type":"{kind}"' in (button.get_attribute("data-action") or "").replace(" ", ""):
            page.click(button)
            return True
    return False


def in_sync(pages: list[Page]) -> list[dict[str, Any]]:
    return [page.synced() for page in pages]


def test_three_people_negotiate_to_the_end(
    windows: Callable[[tuple[int, int]], WebDriver],
) -> None:
    """R-DEAL-1..4, R-TALK-1..2, R-TALK-LEADER: three people in separate browsers whisper,
    claim, make, decline and settle deals, and press, in the first negotiation; then they
    play the game to its end. Exact outcomes: the accepted deal moved exactly 2M from the
    payer to the decider and made the decider stay; the whisper and the private offer
    never showed in the third window; the pressed player saw the countdown; at the end the
    claim is labelled true or a lie in every window; Ana's replay page shows her whisper
    and her private offer, with no form or button to act, and Carmen's replay has neither."""
    server = Server("--players", "3", "--bots", "0", "--seed", "29", "--turn-seconds", "600")
    try:
        ana = Page(windows(TALL), server, server.token("Ana"), "Ana")
        bruno = Page(windows(TALL), server, server.token("Bruno"), "Bruno")
        carmen = Page(windows(SMALL_PHONE), server, server.token("Carmen"), "Carmen")
        watcher = Page(windows(TALL), server, server.token("spectator"), "spectator")
        people = [ana, bruno, carmen]
        in_sync(people)
        for page in people:  # planning: each lays two characters (R-3P-1)
            assert decide(page, "choose")
        updates = in_sync(people)
        view = updates[0]["view"]
        assert view["phase"] == "negotiation"
        # The role buttons are above a small phone's fold, the panel below them.
        top = carmen.driver.execute_script(
            "return document.getElementById('action-buttons').getBoundingClientRect().top"
        )
        assert top < SMALL_PHONE[1] - 60, f"the role buttons start at {top}px"
        assert carmen.driver.find_element(By.ID, "talk").is_displayed()
        cash = list(view["cash"])

        # R-TALK-1: Ana whispers to Bruno; Carmen never sees it.
        say(ana, "Bruno, I sent the Driver. Leave and I pay.", to="1")
        # R-TALK-2: Carmen claims the Brute to the table.
        say(carmen, "Nobody touches me.", claim="brute")
        in_sync(people)
        whisper = "Bruno, I sent the Driver"
        assert any(whisper in line for line in chat(bruno))
        assert any(whisper in line for line in chat(ana))
        assert not any(whisper in line for line in chat(carmen) + carmen.log())
        claim = [line for line in chat(ana) if "Nobody touches me." in line]
        assert claim and "Brute" in claim[0]
        # The spectator reads the public talk, never the whisper; it has no forms.
        watcher.synced()
        assert [line for line in chat(watcher) if "Nobody touches me." in line] == claim
        assert not any(whisper in line for line in chat(watcher) + watcher.log())
        assert not watcher.driver.find_element(By.ID, "say-form").is_displayed()

        # R-DEAL-1, R-DEAL-3, R-DEAL-4: Ana offers Bruno 1M in private to leave; he declines.
        offer(ana, 1, 1, me=False, decision="leave", private=True)
        in_sync(people)
        private = offers(bruno)
        assert len(private) == 1 and private[0].startswith("private-")
        assert offers(carmen) == []
        watcher.synced()
        assert offers(watcher) == []
        bruno.driver.execute_script("window.scrollTo(0, 0)")
        bruno.shoot("negotiation-panel")
        answer(bruno, private[0], "decline_offer")
        in_sync(people)
        assert offers(bruno) == offers(ana) == []

        # R-DEAL-1, R-DEAL-2: Bruno offers Carmen, in public, to stay for 2M (Bruno decides
        # and is paid); Carmen sees it and accepts: Bruno stays, 2M move, nothing else.
        offer(bruno, 2, 2, me=True, decision="stay", private=False)
        in_sync(people)
        public = offers(carmen)
        assert len(public) == 1 and public[0].startswith("public-")
        assert offers(ana) == public  # a public offer is in everyone's sight
        watcher.synced()
        assert offers(watcher) == public
        before = carmen.version()
        carmen.driver.find_element(
            By.CSS_SELECTOR, f'#offers li[data-offer="{public[0]}"] button[data-action*="accept"]'
        ).click()
        carmen.wait(lambda: carmen.version() != before, "the deal to settle")
        updates = in_sync(people)
        view = updates[0]["view"]
        moved = [after - was for after, was in zip(view["cash"], cash, strict=True)]
        assert moved == [0, 2, -2]
        assert view["decided"] == [False, True, False]

        # R-TALK-LEADER: the leader presses an undecided player, who sees a countdown.
        leader = view["leader"]
        target = next(seat for seat in (0, 2) if seat != leader)
        pressing, pressed = people[leader], people[target]  # Bruno may press, decided or not
        Select(pressing.driver.find_element(By.ID, "press-target")).select_by_value(str(target))
        side(pressing, pressing.driver.find_element(By.ID, "press-button").click, "the press")
        in_sync(people)
        banner = pressed.driver.find_element(By.ID, "press-banner")
        pressed.wait(banner.is_displayed, "the countdown")
        clock = pressed.driver.find_element(By.ID, "press-clock")
        first = int(clock.get_attribute("data-left") or "0")
        assert 0 < first <= 30
        pressed.wait(
            lambda: int(clock.get_attribute("data-left") or "0") < first, "the countdown to run"
        )
        # One deadline: the seat's own clock shows the press's shorter time too.
        mine = pressed.driver.find_element(By.ID, "my-clock").get_attribute("data-deadline")
        assert mine == clock.get_attribute("data-deadline")
        assert not any(
            page.driver.find_element(By.ID, "press-banner").is_displayed()
            for page in people
            if page is not pressed
        )
        pressed.driver.execute_script("window.scrollTo(0, 0)")
        where = pressed.driver.execute_script(
            "return document.getElementById('press-banner').getBoundingClientRect().bottom"
        )
        assert where < SMALL_PHONE[1], "the countdown is below the fold"
        pressed.shoot("negotiation-pressed")
        # The others decide: the round goes on to its heist.
        for page in people:
            decide(page, "stay")

        # The rest of the game: each person lays characters, stays, names a role.
        for _ in range(MAX_CLICKS):
            updates = in_sync(people)
            if updates[0]["view"]["phase"] == "game_over":
                break
            acted = False
            for page in people:
                acted = any(decide(page, kind) for kind in ("denounce", "choose", "stay"))
                if acted:
                    break
            assert acted, [u["view"]["awaiting"] for u in updates]
            time.sleep(0)
        else:  # pragma: no cover - a game that does not end
            raise AssertionError("the game did not end")
        for page in people:
            end = page.driver.find_element(By.ID, "end")
            page.wait(end.is_displayed, "the end screen")
            assert not page.driver.find_element(By.ID, "talk").is_displayed()
        # The end: every claim judged true or false (R-TALK-2), and still no whisper seen.
        final = carmen.synced()
        assert any("Nobody touches me." in line for line in final["log"])
        assert not any(whisper in line for line in final["log"])
        judged = [e for e in final["view"]["events"] if e["type"] == "claim_judged"]
        assert [(e["round"], e["player"], e["claim"]) for e in judged] == [(1, 2, "brute")]
        verdict = "it was true" if judged[0]["true"] else "it was a lie"
        label = f"Round 1: Carmen claimed the Brute, and {verdict}."
        for page in people:
            page.synced()
            assert [line for line in page.log() if "claimed the Brute, and" in line] == [label]
        ana.shoot("negotiation-end")

        # The replay page: Ana's replay holds the whisper in its talk panel, step by step;
        # Carmen's has no step and no line of it (R-TALK-1, R-TALK-4).
        theirs = server.get("/api/replay", token=server.token("Carmen"), lang="en")
        assert not any(whisper in line for step in theirs["steps"] for line in step["log"])
        assert not any(o["private"] for step in theirs["steps"] for o in step["view"]["offers"])
        mine = server.get("/api/replay", token=server.token("Ana"), lang="en")
        said = next(
            n for n, step in enumerate(mine["steps"]) if any(whisper in x for x in step["log"])
        )
        replay = windows(TALL)
        replay.get(f"{server.base}/replay#{server.token('Ana')}")
        shown = Page.__new__(Page)  # only its waiting
        shown.driver, shown.name = replay, "Ana's replay"

        def step() -> int:
            found = replay.find_elements(By.ID, "replay-step")
            return int(found[0].get_attribute("data-step") or "-1") if found else -1

        def forward(number: int) -> None:
            replay.find_element(By.ID, "replay-next").click()
            shown.wait(lambda: step() == number, f"step {number}")

        shown.wait(lambda: step() == 0, "the replay's first step")
        for number in range(1, said + 1):
            forward(number)
        lines = [item.text for item in replay.find_elements(By.CSS_SELECTOR, "#chat li")]
        assert any(whisper in line for line in lines)
        assert not replay.find_element(By.ID, "say-form").is_displayed()
        assert not replay.find_element(By.ID, "offer-form").is_displayed()
        assert not replay.find_element(By.ID, "press-form").is_displayed()
        # Ana's private offer, a few steps on: in sight, with no button to answer it.
        for number in range(said + 1, len(mine["steps"])):
            forward(number)
            if replay.find_elements(By.CSS_SELECTOR, "#offers li[data-offer]"):
                break
        listed = replay.find_elements(By.CSS_SELECTOR, "#offers li[data-offer]")
        assert [item.get_attribute("data-offer") for item in listed] == private
        assert replay.find_elements(By.CSS_SELECTOR, "#offers button") == []
        assert not replay.find_element(By.ID, "offer-form").is_displayed()
    finally:
        server.stop()


def test_a_table_without_private_talk_or_offers_hides_them(
    windows: Callable[[tuple[int, int]], WebDriver],
) -> None:
    """R-TALK-1, R-DEAL-4: at a table made with ``options`` forbidding private talk and
    private offers, the page hides the whisper's recipient chooser and the composer's
    "in private" box; a public message still goes to everyone."""
    server = Server("--players", "3", "--bots", "2")
    try:
        admin_line = server.process.stdout.readline() if server.process.stdout else ""
        admin = admin_line.split("#", 1)[1].strip()
        body = {
            "token": admin,
            "game": "millions",
            "players": 3,
            "bots": [1, 2],
            "options": {"private_offers": False, "private_talk": False},
        }
        request = urllib.request.Request(
            f"{server.base}/api/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=20) as response:
            links = json.loads(response.read())
        token = links["seats"][0]["link"].rsplit("#", 1)[1]
        ana = Page(windows(TALL), server, token, "Ana")
        ana.synced()
        assert decide(ana, "choose")
        update = ana.synced()
        assert update["view"]["phase"] == "negotiation"
        assert update["view"]["config"]["private_talk"] is False
        driver = ana.driver
        assert not driver.find_element(By.ID, "say-to").is_displayed()
        assert not driver.find_element(By.ID, "offer-private-label").is_displayed()
        assert driver.find_element(By.ID, "offer-button").is_displayed()
        say(ana, "Everyone hears this.")
        assert any("Everyone hears this." in line for line in chat(ana))
    finally:
        server.stop()
