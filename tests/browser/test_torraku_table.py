"""Currency Torraku at the web table, in headless Chromium: a whole game in each mode.

Online (``serve --game torraku``): the engine draws each stacking attempt (R-TK-SIM), a
person bets with the page's piece counters and passes. Companion (``--companion``): the
table is physical, and the stacker's page reports each attempt (R-TK-STACK-7), a
knock-down with how many pieces fell. After every click each page is compared with its
seat's view: hands, rows, the centre stack, the bag, the current bet and the log.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from millions_rules._common.i18n import join_and
from millions_rules.web import words

from .test_web_table import (  # noqa: F401  (a fixture)
    PHONE,
    Page,
    Server,
    browsers,
    pytestmark,
)

KINDS = ("van", "washing_machine", "rice_cooker")
SHOWN = """
const all = (css) => [...document.querySelectorAll(css)];
const counts = (cell) => Object.fromEntries(["van", "washing_machine", "rice_cooker"].map(
  (kind) => [kind, Number(cell.querySelector(`[data-kind="${kind}"]`)?.dataset.count ?? 0)]));
return {
  game: document.body.dataset.game,
  hands: all("#players tbody tr").map((row) => counts(row.querySelector("td.hand"))),
  rows: all("#players td.row").map((cell) => [...cell.querySelectorAll(".piece")].map(
    (chip) => chip.dataset.kind)),
  left: all("#players td.left").map((cell) => Number(cell.dataset.left)),
  stack: all("#stack .piece").map((chip) => [chip.dataset.kind, Number(chip.dataset.player)]),
  bag: counts(document.getElementById("bag")),
  bet: document.getElementById("current-bet")?.textContent,
  log: all("#log li").map((item) => item.textContent),
  pass: document.getElementById("pass-button")?.dataset.action ?? null,
  reports: all("#report-form button").map((button) => button.id),
  wide: all("body *").filter((e) => e.getBoundingClientRect().right > arguments[0] + 0.5)
    .map((e) => e.outerHTML.slice(0, 80)),
};
"""


def check(page: Page, update: dict[str, Any]) -> dict[str, Any]:
    """The page shows exactly the seat's view."""
    view = update["view"]
    shown: dict[str, Any] = page.driver.execute_script(SHOWN, PHONE[0])
    assert shown["game"] == "torraku"
    assert shown["hands"] == [{k: hand[k] for k in KINDS} for hand in view["hands"]]
    assert shown["rows"] == view["rows"]
    assert shown["left"] == [
        sum(hand.values()) + len(row) for hand, row in zip(view["hands"], view["rows"], strict=True)
    ]
    assert shown["stack"] == [[piece["kind"], piece["player"]] for piece in view["stack"]]
    assert shown["bag"] == view["bag"]
    assert shown["bet"] == str(view["current_bet"])
    assert shown["log"] == update["log"]
    passes = [a for a in view["legal_actions"] if a["type"] == "pass"]
    assert (json.loads(shown["pass"]) if shown["pass"] else None) == (passes[0] if passes else None)
    reporting = any(a["type"] == "report_placement" for a in view["legal_actions"])
    assert bool(shown["reports"]) == reporting
    assert shown["wide"] == [], f"wider than a phone: {shown['wide']}"
    return shown


def compose(page: Page, bet: dict[str, Any]) -> None:
    """Set the page's counters to ``bet``'s pieces (hand and bag), then press Bet."""
    bag = Counter(bet["from_bag"])
    own = Counter(bet["pieces"]) - bag
    for source, counts in (("hand", own), ("bag", bag)):
        for kind, number in counts.items():
            plus = page.driver.find_element(By.CSS_SELECTOR, f'[data-step="{source}-{kind}-plus"]')
            for _ in range(number):
                plus.click()
    button = page.driver.find_element(By.ID, "bet-button")
    chosen = json.loads(button.get_attribute("data-action") or "null")
    assert chosen is not None and Counter(chosen["pieces"]) == Counter(bet["pieces"])
    assert Counter(chosen["from_bag"]) == Counter(bet["from_bag"])
    page.click(button)


def finish(page: Page) -> dict[str, Any]:
    """The end screen names the winners."""
    update = page.synced()
    view = update["view"]
    assert view["phase"] == "game_over" and view["winners"]
    page.wait(page.driver.find_element(By.ID, "end").is_displayed, "the end screen")
    winners = page.driver.find_element(By.ID, "winners").text
    for seat, name in enumerate(update["names"]):
        assert (name in winners) == (seat in view["winners"])
    # The reason names the round and the winners (web.end.round; R-TK-END-3, R-TK-VAR-LIMIT).
    said = words(page.lang)
    won = next(e for e in reversed(view["events"]) if e["type"] == "game_won")
    names = join_and([update["names"][seat] for seat in sorted(view["winners"])], page.lang)
    reason = said["web.end.torraku_limit" if won["at_limit"] else "web.end.torraku"]
    why = said["web.end.round"].replace("{number}", str(won["round"]))
    why = why.replace("{names}", names).replace("{reason}", reason.replace("{names}", names))
    assert page.driver.find_element(By.ID, "why").text == why
    return update


def test_torraku_online(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """Ana and two bots play a whole online game: the engine draws the stacking."""
    server = Server("--game", "torraku", "--players", "3", "--bots", "2", "--seed", "2")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        spectator = Page(browsers(), server, server.token("spectator"), "spectator")
        rng = random.Random(4)
        shot = False
        for _ in range(60):
            update = ana.synced()
            check(ana, update)
            check(spectator, spectator.synced())
            view = update["view"]
            if view["phase"] == "game_over":
                break
            legal = view["legal_actions"]
            assert legal, "the online game waits only for Ana"
            if not shot:
                shot = True
                ana.shoot("torraku-betting")
            bets = [a for a in legal if a["type"] == "bet"]
            if bets and (rng.random() < 0.8 or len(bets) == len(legal)):
                compose(ana, max(bets, key=lambda a: len(a["pieces"])))
            else:
                ana.click(ana.driver.find_element(By.ID, "pass-button"))
        else:
            raise AssertionError("the game did not end")
        end = finish(ana)
        assert end["view"]["winners"] == [1]  # seed 2: Bruno's bot empties its hand first
        finish(spectator)
        ana.shoot("torraku-end")
    finally:
        server.stop()


def test_torraku_companion(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """Ana and Bruno at a physical table: each stacker's page reports the attempt.

    Ana bets her whole hand and Bruno passes; Ana lays the base, then reports a dropped
    piece, a touch (she takes the stack back), a knock-down of 2 pieces, and placements
    until her hand is empty. Betting and reports repeat until she is out of pieces.
    """
    server = Server("--game", "torraku", "--players", "2", "--seed", "3", "--companion")
    try:
        ana = Page(browsers(), server, server.token("Ana"), "Ana")
        bruno = Page(browsers(), server, server.token("Bruno"), "Bruno", lang="es")
        bruno.switch_language("es")
        script = ["dropped", "touched", "placed", "knocked_down"]
        outcomes: list[str] = []
        shots: set[str] = set()
        for _ in range(120):
            updates = [ana.synced(), bruno.synced()]
            for page, update in zip((ana, bruno), updates, strict=True):
                check(page, update)
            view = updates[0]["view"]
            if view["phase"] == "game_over":
                break
            seat = view["to_act"]
            page, legal = (ana, updates[0]) if seat == 0 else (bruno, updates[1])
            actions = legal["view"]["legal_actions"]
            if view["phase"] == "stacking":
                if "companion-report" not in shots:
                    shots.add("companion-report")
                    page.shoot("torraku-companion-report")
                outcome = script.pop(0) if script else "placed"
                if outcome == "knocked_down" and len(view["stack"]) < 2:
                    script.insert(0, outcome)
                    outcome = "placed"
                if outcome == "knocked_down":
                    fallen = page.driver.find_element(By.ID, "fallen")
                    fallen.clear()
                    fallen.send_keys("2")
                outcomes.append(outcome)
                page.click(page.driver.find_element(By.ID, f"report-{outcome}"))
            elif seat == 0:
                bets = [a for a in actions if a["type"] == "bet"]
                if bets:
                    compose(ana, max(bets, key=lambda a: len(a["pieces"])))
                else:
                    ana.click(ana.driver.find_element(By.ID, "pass-button"))
            else:
                bruno.click(bruno.driver.find_element(By.ID, "pass-button"))
        else:
            raise AssertionError("the game did not end")
        assert {"dropped", "touched", "knocked_down"} <= set(outcomes)
        events = [json.loads(json.dumps(e)) for e in ana.server.update(ana.token)["view"]["events"]]
        knocked = [
            e for e in events if e["type"] == "penalty_taken" and e["cause"] == "knocked_down"
        ]
        assert [e["fallen"] for e in knocked] == [2]
        assert finish(ana)["view"]["winners"] == [0]
        finish(bruno)
        ana.shoot("torraku-companion-end")
    finally:
        server.stop()


# Round 1 of seed 3 with two people, ending with Bruno's touch (R-TK-PEN): Bruno opens
# round 2 with 8 pieces while Ana holds 7, so her first bet may top up from the bag.
BAG_SCRIPT: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "bet", "pieces": ["van", "van", "rice_cooker"]}),
    (1, {"type": "bet", "pieces": ["washing_machine"] + ["rice_cooker"] * 3}),
    (0, {"type": "pass"}),
    (1, {"type": "bet", "pieces": ["rice_cooker"]}),
    (1, {"type": "pass"}),
    *[(seat % 2, {"type": "report_placement", "outcome": "placed"}) for seat in range(5)],
    (1, {"type": "report_placement", "outcome": "touched"}),
    (1, {"type": "bet", "pieces": ["van", "van", "washing_machine"] + ["rice_cooker"] * 5}),
]


def test_torraku_bag_bet(browsers: Callable[[], WebDriver]) -> None:  # noqa: F811
    """Ana, short of the current bet on her first bet, bets her whole hand in one tap and
    tops it up from the bag (R-TK-BET-7)."""
    server = Server("--game", "torraku", "--players", "2", "--seed", "3", "--companion")
    try:
        pages = [
            Page(browsers(), server, server.token("Ana"), "Ana"),
            Page(browsers(), server, server.token("Bruno"), "Bruno"),
        ]
        for seat, action in BAG_SCRIPT:
            page = pages[seat]
            check(page, page.synced())
            if action["type"] == "bet":
                compose(page, {"player": seat, "from_bag": [], **action})
            elif action["type"] == "pass":
                page.click(page.driver.find_element(By.ID, "pass-button"))
            else:
                page.click(page.driver.find_element(By.ID, f"report-{action['outcome']}"))
        ana = pages[0]
        update = ana.synced()
        check(ana, update)
        view = update["view"]
        assert (view["round"], view["current_bet"], sum(view["hands"][0].values())) == (2, 8, 7)
        topping = [a for a in view["legal_actions"] if a["type"] == "bet" and a["from_bag"]]
        assert {len(a["from_bag"]) for a in topping} == {1}
        assert ana.driver.find_elements(By.CSS_SELECTOR, '[data-step="bag-van-plus"]')
        ana.shoot("torraku-bag")
        chosen = next(a for a in topping if a["from_bag"] == ["washing_machine"])
        # The whole hand in one tap, then the missing piece chosen from the bag.
        ana.driver.find_element(By.ID, "whole-hand").click()
        plus = '[data-step="bag-washing_machine-plus"]'
        ana.driver.find_element(By.CSS_SELECTOR, plus).click()
        button = ana.driver.find_element(By.ID, "bet-button")
        composed = json.loads(button.get_attribute("data-action") or "null")
        assert Counter(composed["pieces"]) == Counter(chosen["pieces"])
        assert composed["from_bag"] == ["washing_machine"]
        ana.click(button)
        placed = ana.synced()["view"]["events"][-1]
        assert placed["type"] == "bet_placed" and placed["from_bag"] == ["washing_machine"]
        assert placed["row"] == 8
    finally:
        server.stop()
