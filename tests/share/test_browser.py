"""The shared page in a real browser: Debian's Chromium, headless, driven by its
chromedriver (selenium). It opens the link, draws the fight as text (names that look
like markup stay text), follows an End Turn, never shows a hidden combatant, obeys the
Content-Security-Policy without a complaint, comes back by itself when sharing
restarts, and says so when its link was replaced."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from benchmarks.fights import build, next_step
from tests.share.test_share_dialog import fight
from tracker.engine import AddCombatant, EndTurn
from tracker.qt.document import EncounterDocument
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.share.session import ShareSession
from tracker.qt.widgets.turn_timer import timer_setting

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def chromium(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    driver = chromium(360, 740)
    yield driver
    driver.quit()


@pytest.fixture
def shared(qtbot) -> Iterator[Any]:
    window = QWidget()
    qtbot.addWidget(window)
    document = fight()
    session = ShareSession(document, window)
    session.start("127.0.0.1", 0)
    yield document, session
    session.stop()


def text_of(driver: webdriver.Chrome, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def shows(qtbot, driver: webdriver.Chrome, element_id: str, wanted: str) -> None:
    """Wait (the GUI's event loop running) until the page shows `wanted` there."""
    qtbot.waitUntil(lambda: text_of(driver, element_id) == wanted, timeout=5000)


def test_the_page_draws_the_fight_follows_it_and_hides_the_hidden(qtbot, browser, shared):
    document, session = shared
    browser.get(session.link())
    shows(qtbot, browser, "now-name", "Bren & <i>Co</i>")
    assert text_of(browser, "title") == "Ambush <script>alert(1)</script>"
    assert text_of(browser, "round") == "Round 1"
    assert browser.find_elements(By.TAG_NAME, "i") == []  # text, never markup
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 1  # page.js only
    assert text_of(browser, "status") == "Live"
    turns = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#turns .name")]
    assert "Goblin" in turns
    assert browser.find_element(By.CSS_SELECTOR, "#turns li.enemy").text.startswith("Goblin")

    lurker = next(c.id for c in document.encounter.combatants if c.hidden)
    seen_hidden = False
    for _ in range(12):
        before = text_of(browser, "now-name")
        assert document.apply(EndTurn())
        turn = document.session.current_turn()
        assert turn is not None
        if turn.combatant_id == lurker:
            seen_hidden = True
            shows(qtbot, browser, "now-name", NEUTRAL)
        elif turn.combatant_id is not None:
            name = document.encounter.find(turn.combatant_id).name
            if name != before:
                shows(qtbot, browser, "now-name", name)
        assert "Lurker" not in browser.page_source
    assert seen_hidden
    complaints = [
        entry["message"]
        for entry in browser.get_log("browser")
        if entry["level"] in ("SEVERE", "WARNING")
    ]
    assert complaints == []  # no CSP violation, no failed request, no script error


def test_the_page_comes_back_by_itself_and_knows_an_old_link(qtbot, browser, shared):
    document, session = shared
    link = session.link()
    port = session.server.port
    browser.get(link)
    shows(qtbot, browser, "status", "Live")
    session.stop()
    qtbot.waitUntil(lambda: text_of(browser, "status") != "Live", timeout=5000)
    assert document.apply(EndTurn())  # while the page is away
    session.start("127.0.0.1", port)  # the same link
    now = document.encounter.find(document.session.current_turn().combatant_id)
    shows(qtbot, browser, "status", "Live")
    assert text_of(browser, "now-name") in (now.name, NEUTRAL)

    session.renew_token()
    shows(
        qtbot,
        browser,
        "status",
        "This link is no longer valid. Scan the new code on the game master's screen.",
    )
    assert session.link() != link


@pytest.fixture
def war_scroll(qtbot) -> Iterator[Any]:
    """A War Scroll fight under way with a hidden combatant, shared."""
    session = build("war_scroll", 6)
    assert session.apply(AddCombatant("Lurker", "enemy", hidden=True))
    document = EncounterDocument(session)
    window = QWidget()
    qtbot.addWidget(window)
    share = ShareSession(document, window)
    share.start("127.0.0.1", 0)
    yield document, share
    share.stop()


GRID_NOW = """
return Array.from(document.querySelectorAll('#grid-rows tr')).map(line => [
    [line.querySelector('th').innerText.trim(), 'name'],
    ...Array.from(line.querySelectorAll('td')).map(cell => [cell.innerText.trim(), cell.className]),
]);
"""


def page_grid(driver: webdriver.Chrome) -> list[list[tuple[str, str]]]:
    """The page's grid: per row, its name then each cell's (text, state class), read in
    one go (element by element, a live update between two reads left the test holding
    rows the page had replaced: StaleElementReferenceException)."""
    rows = driver.execute_script(GRID_NOW)
    return [[(str(text), str(kind)) for text, kind in row] for row in rows]


def source_grid(share: ShareSession) -> list[list[tuple[str, str]]]:
    """The same, as the players' screen's panel source has it."""
    assert share.feed is not None and share.feed.panel is not None
    grid = share.feed.panel.content().grid
    assert grid is not None
    gaps = [column == "" for column in grid.columns]
    return [
        [(row.name, "name")]
        + [
            ("", "gap") if gap else (c.text, c.state)
            for c, gap in zip(row.cells, gaps, strict=True)
        ]
        for row in grid.rows
    ]


def test_the_page_draws_the_war_scroll_grid_the_players_screen_shows(qtbot, browser, war_scroll):
    document, share = war_scroll
    browser.get(share.link())
    shows(qtbot, browser, "status", "Live")
    for _ in range(4):
        qtbot.waitUntil(lambda: page_grid(browser) == source_grid(share), timeout=5000)
        grid = page_grid(browser)
        assert len(grid) == 6  # the hidden one's row is left out
        assert any(cell[1] == "current" for row in grid for cell in row[1:])
        assert any(cell[0].isdigit() for row in grid for cell in row[1:])  # AP in cells
        heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#grid-head th")]
        assert heads[1:] and all(h == "" or h[0].isalnum() for h in heads[1:])
        assert "Lurker" not in browser.page_source
        assert document.apply(next_step(document.session))
    assert browser.find_elements(By.CSS_SELECTOR, "#grid img, #grid canvas") == []  # text


def test_the_page_counts_the_turn_timer_without_being_sent_anything(qtbot, browser, shared):
    document, session = shared
    setting = timer_setting()
    setting.set_enabled(True)
    try:
        browser.get(session.link())
        qtbot.waitUntil(lambda: text_of(browser, "timer").startswith("Turn 0:0"), timeout=5000)
        assert text_of(browser, "up-next").startswith("Up next: ")
        assert session.server is not None
        version = session.server.hub.latest().version
        first = text_of(browser, "timer")
        assert "Round 0:0" in first
        qtbot.waitUntil(lambda: text_of(browser, "timer") != first, timeout=5000)
        assert session.server.hub.latest().version == version  # the page counted itself
        setting.set_enabled(False)  # reaches the page at once
        qtbot.waitUntil(lambda: not browser.find_element(By.ID, "timer").is_displayed())
        assert not browser.find_element(By.ID, "up-next").is_displayed()
    finally:
        setting.set_enabled(False)
