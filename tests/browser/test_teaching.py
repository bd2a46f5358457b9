"""A table that teaches and tells, in headless Chromium: the rules panel, the target, each
heist's summary and the end screen in English, Spanish and Chinese, and no clipping at
360, 1280 and 1920 pixels. Screenshots go to ``docs/_static/web/teach-*.png``.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from selenium.webdriver import Chrome, ChromeOptions
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from millions_rules import Role, format_money, role_name
from millions_rules._common.i18n import join_and
from millions_rules.web import words

from .test_web_table import (  # noqa: F401  (browsers is a fixture)
    CHROMEDRIVER,
    CHROMIUM,
    FLAGS,
    Page,
    Server,
    browsers,
    pick,
    pytestmark,  # run by nox -s web only
)

# Headless Chromium hides scrollbars; a styled one takes its width as on a desktop.
# A constructed style sheet: the page's Content-Security-Policy refuses a <style> element.
SCROLLBAR = """
const sheet = new CSSStyleSheet();
sheet.replaceSync("html { overflow-y: scroll } ::-webkit-scrollbar { width: 17px; background: #ccc }");
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
return window.innerWidth - document.documentElement.clientWidth;
"""
CLIPPED = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll("body *")]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 0.5)
  .map((e) => e.outerHTML.slice(0, 80));
"""


@pytest.fixture
def desktop() -> Iterator[Callable[[int], WebDriver]]:
    """Headless Chromium windows of a given width, closed after the test."""
    opened: list[WebDriver] = []
    profiles: list[str] = []

    def open_one(width: int) -> WebDriver:
        options = ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        profile = tempfile.mkdtemp(prefix="millions-chromium-")
        profiles.append(profile)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={width},900")
        options.binary_location = CHROMIUM
        driver = Chrome(service=Service(CHROMEDRIVER), options=options)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()
    for profile in profiles:
        shutil.rmtree(profile, ignore_errors=True)


def check_rules(page: Page, lang: str) -> None:
    """The rules panel lists the game's paragraphs in ``lang``, the target filled in."""
    page.driver.find_element(By.CSS_SELECTOR, "#rules summary").click()
    said = words(lang)
    # The table's paragraphs: those of its player count and options (rules_for).
    ids = page.server.update(page.token, lang)["rules"]
    items = page.driver.find_elements(By.CSS_SELECTOR, "#rules-list li")
    target = format_money(20, lang)
    assert [item.get_attribute("data-rule") for item in items] == ids
    assert [item.text for item in items] == [
        said[key].replace("{amount}", target).strip() for key in ids
    ]
    assert target in items[0].text
    assert page.driver.find_element(By.ID, "target").text == said["web.target"].replace(
        "{amount}", target
    )


def check_summary(page: Page, update: dict[str, Any], lang: str) -> None:
    """The last heist's summary shows who was caught, the shares and each cash change."""
    summary = update["summary"]
    names = update["names"]
    box = page.driver.find_element(By.ID, "summary")
    assert box.is_displayed()
    said = words(lang)

    def named(name: str, role: str) -> str:  # a character: "Ana (Brute)", "Ana（暴徒）"
        return said["web.summary.named"].format(player=name, role=role_name(Role(role), lang))

    title = said["web.summary.title"].replace("{number}", str(summary["round"]))
    assert box.find_element(By.TAG_NAME, "h2").text == title
    caught = page.driver.find_element(By.ID, "summary-caught").text
    if summary["caught"]:
        for seat, role in summary["caught"]:
            assert named(names[seat], role) in caught
    else:
        assert caught == said["web.summary.nobody_caught"]
    shares = page.driver.find_element(By.ID, "summary-shares").text
    for seat, amount, role in summary["shares"]:
        entry = said["web.summary.entry"].replace("{player}", named(names[seat], role))
        assert entry.replace("{amount}", format_money(amount, lang)) in shares
    # One cash figure on the page (the players' table's): the summary gives the change only.
    heads = page.driver.find_elements(By.CSS_SELECTOR, "#summary-change th")
    assert [head.text for head in heads] == [said["term.player"], said["web.summary.change"]]
    rows = page.driver.find_elements(By.CSS_SELECTOR, "#summary-change tbody tr")
    assert [int(row.get_attribute("data-change") or "") for row in rows] == summary["change"]


def test_teaching_table(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """Ana and three bots play a whole game; the panel, summary and end screen in 3 languages."""
    server = Server("--players", "4", "--bots", "3", "--seed", "11")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        update = ana.synced()
        check_rules(ana, "en")
        ana.shoot("teach-rules-en")
        rng = random.Random(2)
        summarised = False
        for _ in range(200):
            update = ana.synced()
            ana.check_against_view(update)
            if update["summary"] is not None and not summarised:
                summarised = True
                check_summary(ana, update, "en")
                ana.shoot("teach-summary-en")
            if update["view"]["phase"] == "game_over":
                break
            button = pick(ana, rng, [0])
            assert button is not None, "the bots never wait for Ana"
            ana.click(button)
        else:
            raise AssertionError("the game did not end")
        assert summarised
        view = update["view"]
        won = next(e for e in view["events"] if e["type"] == "game_won")
        for lang in ("en", "es", "zh"):
            ana.switch_language(lang)
            update = ana.synced()
            said = words(lang)
            end = ana.driver.find_element(By.ID, "end")
            assert end.is_displayed()
            winners = [update["names"][s] for s in sorted(view["winners"])]
            amount = format_money(won["cash"][view["winners"][0]], lang)
            key = "web.end.won_with" if len(winners) == 1 else "web.end.won_with.tie"
            expected = said[key].replace("{names}", join_and(winners, lang))
            assert ana.driver.find_element(By.ID, "won-with").text == expected.replace(
                "{amount}", amount
            )
            # The reason names the round and the winners (web.end.round).
            why = said["web.end.round"].replace("{number}", str(view["round"]))
            why = why.replace("{names}", join_and(winners, lang))
            assert ana.driver.find_element(By.ID, "why").text == why.replace(
                "{reason}", update["ending"]
            )
            # The deciding heist stays in sight beside the end screen.
            check_summary(ana, update, lang)
            ana.driver.refresh()
            ana.synced()
            check_rules(ana, lang)
            ana.shoot(f"teach-end-{lang}")
    finally:
        server.stop()


@pytest.mark.parametrize("width", [360, 1280, 1920])
def test_nothing_clipped(desktop: Callable[[int], WebDriver], width: int) -> None:
    """At 360, 1280 and 1920 pixels (with a scrollbar) no element passes the right edge."""
    server = Server("--players", "8", "--bots", "7", "--seed", "5")
    try:
        driver = desktop(width)
        page = Page(driver, server, server.token("Ana"), "Ana")
        rng = random.Random(1)
        for _ in range(30):
            update = page.synced()
            assert driver.execute_script(SCROLLBAR) == 17
            assert driver.execute_script(CLIPPED) == [], f"clipped at {width} px"
            if update["view"]["phase"] == "game_over":
                break
            button = pick(page, rng, [0])
            assert button is not None
            page.click(button)
        driver.find_element(By.CSS_SELECTOR, "#rules summary").click()
        assert driver.execute_script(SCROLLBAR) == 17
        assert driver.execute_script(CLIPPED) == [], f"clipped at {width} px"
        assert driver.execute_script(
            "return document.documentElement.scrollHeight > window.innerHeight"
        ), "the page should scroll (a scrollbar takes its width)"
        if width == 1280:
            page.shoot("teach-width-1280")  # docs/web.rst shows it
    finally:
        server.stop()
