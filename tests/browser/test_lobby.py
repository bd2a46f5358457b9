"""The admin's lobby in a real browser: a table made through its form, played, closed.

Run by ``nox -s web`` (which sets ``MILLIONS_BROWSER_TESTS``), like the other browser
tests, whose server, browsers and clicking helpers it reuses.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

pytest.importorskip("selenium")

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

from .test_web_table import WAIT, Page, Server, browsers, check_end, play, pytestmark

__all__ = ["browsers", "pytestmark"]  # the fixture and the skip, from the table's tests


class Quiet(Page):
    """A seat's page that takes no screenshots (the docs' come from the other tests)."""

    def shoot(self, name: str) -> None:
        pass


def wait_for(condition: Callable[[], object], what: str) -> object:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            found = condition()
        except StaleElementReferenceException:  # the list was drawn again meanwhile
            found = None
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def listed(driver: WebDriver, table: str) -> WebElement | None:
    found = driver.find_elements(By.CSS_SELECTOR, f'#tables > li[data-table="{table}"]')
    return found[0] if found else None


def test_a_table_made_in_the_lobby_is_played_and_closed(
    browsers: Callable[[], WebDriver],
) -> None:
    """The admin link opens the lobby; its form makes a 3-player table with two bots; the
    person's seat link from the lobby plays it to the end; the lobby then lists the table
    at its final version, over, and closes it."""
    server = Server("--players", "3", "--bots", "2", "--seed", "7")
    try:
        assert server.process.stdout is not None
        admin_line = server.process.stdout.readline()
        assert admin_line.startswith("admin (all tables): ")
        admin = admin_line.split(": ", 1)[1].strip()
        assert admin.startswith(f"{server.base}/lobby#")
        driver = browsers()
        driver.get(admin)
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#tables > li"), "the list")
        assert driver.find_element(By.CSS_SELECTOR, "#lobby h2").text == "Open tables"
        assert driver.find_element(By.ID, "notice").is_displayed() is False
        first = driver.find_elements(By.CSS_SELECTOR, "#tables > li")
        assert len(first) == 1  # the table serve opened, with its links
        assert first[0].find_elements(By.CSS_SELECTOR, "a.spectator-link")

        Select(driver.find_element(By.ID, "new-game")).select_by_value("millions")
        for field, value in (("new-players", "3"), ("new-bots", "2")):
            box = driver.find_element(By.ID, field)
            box.clear()
            box.send_keys(value)
        Select(driver.find_element(By.ID, "new-lang")).select_by_value("en")
        driver.find_element(By.ID, "create-table").click()
        made = wait_for(
            lambda: driver.find_element(By.ID, "created").get_attribute("data-table"),
            "the new table's links",
        )
        table = str(made)
        created_links = driver.find_elements(By.CSS_SELECTOR, "#created a.seat-link")
        assert len(created_links) == 1  # one person, two bots
        assert driver.find_elements(By.CSS_SELECTOR, "#created a.spectator-link")
        row = wait_for(lambda: listed(driver, table), "the new table in the list")
        assert isinstance(row, WebElement)
        assert row.get_attribute("data-over") == "false"  # the bots may have moved already
        seat_link = row.find_element(By.CSS_SELECTOR, "a.seat-link")
        href = seat_link.get_attribute("href") or ""
        assert href == created_links[0].get_attribute("href")
        seat_link.click()
        wait_for(lambda: driver.execute_script("return document.body.dataset.version"), "a view")
        token = href.split("#", 1)[1]
        assert driver.current_url == href

        person = Quiet(driver, server, token, "person")
        play([person], [], random.Random(11), "lobby")
        check_end([person], server)
        final = server.update(token)["view"]["version"]

        driver.get(admin)
        wait_for(
            lambda: (r := listed(driver, table)) and r.get_attribute("data-version") == str(final),
            "the final version in the list",
        )
        row = listed(driver, table)
        assert row is not None and row.get_attribute("data-over") == "true"
        assert f"Version: {final}" in row.text
        row.find_element(By.CSS_SELECTOR, "button.close-table").click()
        alert = driver.switch_to.alert  # the lobby asks before closing
        assert alert.text == f"Close table {table}? Its links stop working."
        alert.accept()
        wait_for(lambda: listed(driver, table) is None, "the table to leave the list")
        assert len(driver.find_elements(By.CSS_SELECTOR, "#tables > li")) == 1
        assert (
            server.get("/api/tables", token=admin.split("#", 1)[1])["tables"][0]["table"] != table
        )
        server.check_no_token_in_requests(
            admin.split("#", 1)[1],
            token,
            *server.tokens.values(),
            seen=["/lobby", "/api/tables", "/api/close", "/api/stream", "/api/act"],
        )
    finally:
        server.stop()
