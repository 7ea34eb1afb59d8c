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

from tests.share.test_share_dialog import fight
from tracker.engine import EndTurn
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.share.session import ShareSession

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
