"""Issue 21, point 8 (first minutes): the expiry banner's mark is drawn by the one font
a plain Linux desktop is sure to have, the log shows its last line after a resume, and a
refusal leaves the status bar at the next change."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QFontMetrics, QRawFont

from tests.qt.conftest import by_name, show_pane
from tracker.engine import AddEffect, EndTurn, StartEncounter
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.banner import Banner

OUT = Path("/tmp/firstmin")


# --- the expiry banner's mark ----------------------------------------------------------
def test_the_expiry_mark_is_in_the_banner_font_and_in_dejavu_sans(qtbot):
    banner = Banner()
    qtbot.addWidget(banner)
    banner.announce("Shielded on Kandor expired.", "expiry")
    banner.resize(600, 40)
    banner.show()
    qtbot.waitExposed(banner)
    text = banner.label.text()
    mark = text[0]
    assert text == f"{mark} Shielded on Kandor expired."
    assert not mark.isalnum() and not mark.isspace()
    # The label's own font (not a fallback Qt may find elsewhere) draws it...
    assert QFontMetrics(banner.label.font()).inFontUcs4(ord(mark))
    # ...and so does DejaVu Sans, the one font a plain Linux desktop is sure to have.
    dejavu = QFont("DejaVu Sans")
    assert QFontMetrics(dejavu).inFontUcs4(ord(mark))
    assert QRawFont.fromFont(dejavu).supportsCharacter(ord(mark))
    OUT.mkdir(exist_ok=True)
    banner.grab().save(str(OUT / "expiry_banner.png"))


def test_an_expiry_in_the_window_shows_the_mark(window, qtbot):
    document = window.document
    document.apply(StartEncounter())
    echthra = by_name(document, "Echthra").id
    document.apply(AddEffect("Shielded", echthra, echthra, {"cycles": 1}))
    for _ in range(30):
        if window.banner.kind == "expiry":
            break
        document.apply(EndTurn())
    assert window.banner.kind == "expiry" and window.banner.isVisible()
    mark = window.banner.label.text()[0]
    assert QFontMetrics(window.banner.label.font()).inFontUcs4(ord(mark))
    assert window.banner.label.text().endswith("Shielded on Echthra expired.")


def test_refusals_carry_no_mark(qtbot):
    banner = Banner()
    qtbot.addWidget(banner)
    banner.announce("There is no current turn: start the encounter first.", "error")
    assert banner.label.text() == "There is no current turn: start the encounter first."


# --- the log after a resume ------------------------------------------------------------
def _at_end(view) -> bool:
    bar = view.verticalScrollBar()
    return bar.maximum() > 0 and bar.value() == bar.maximum()


def test_the_log_shows_its_last_line_after_a_resume(qtbot, tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    first.document.apply(StartEncounter())
    for _ in range(12):
        first.document.apply(EndTurn())
    # No close: as if the process died here.
    second = open_main_window(journal, ask=lambda question: "Resume" in question)
    qtbot.addWidget(second)
    second.resize(1366, 740)
    second.show()
    qtbot.waitExposed(second)
    show_pane(second, "log", qtbot)  # off by default
    view = second.log_view
    qtbot.waitUntil(lambda: _at_end(view))
    last = second.log_model.rowCount() - 1
    assert view.rowAt(view.viewport().height() - 1) == last
    OUT.mkdir(exist_ok=True)
    second.grab().save(str(OUT / "resumed_window.png"))
    for window in (first, second):
        window.document.undo_stack.set_clean()


def test_the_log_keeps_the_place_the_gm_scrolled_back_to_until_a_line_comes(window, qtbot):
    show_pane(window, "log", qtbot)
    document, view = window.document, window.log_view
    document.apply(StartEncounter())
    for _ in range(12):
        document.apply(EndTurn())
    qtbot.waitUntil(lambda: _at_end(view))
    qtbot.wait(50)  # the window settled
    view.verticalScrollBar().setValue(0)  # the GM reads back
    window.resize(window.width(), window.height() - 40)  # the layout changes
    qtbot.wait(20)
    assert view.verticalScrollBar().value() == 0
    document.apply(EndTurn())  # a new line: back to the end
    qtbot.waitUntil(lambda: _at_end(view))


def test_the_log_shows_its_last_line_when_another_encounter_is_opened(window, qtbot):
    show_pane(window, "log", qtbot)
    session = sample_session()
    session.apply(StartEncounter())
    for _ in range(12):
        session.apply(EndTurn())
    window.log_view.verticalScrollBar().setValue(0)
    window.replace_session(session, None)
    qtbot.waitUntil(lambda: _at_end(window.log_view))


# --- refusals leave with the next change ----------------------------------------------
def test_a_refusal_leaves_the_status_bar_at_the_next_change(window, qtbot):
    window.actions_by_name["end_turn"].trigger()  # nothing started: refused
    refusal = window.statusBar().currentMessage()
    assert refusal.startswith("There is no current turn")
    window.actions_by_name["start"].trigger()
    assert window.statusBar().currentMessage() != refusal  # (the log's line, its pane off)
    assert not window.banner.isVisible()
    show_pane(window, "log", qtbot)  # the log's lines no longer go to the status bar
    window.actions_by_name["end_turn"].trigger()
    window.actions_by_name["revive"].trigger()  # nobody to revive: refused
    assert window.statusBar().currentMessage() == window.banner.label.text() != ""
    window.actions_by_name["end_turn"].trigger()
    assert window.statusBar().currentMessage() == ""


def test_a_refusal_leaves_the_status_bar_at_an_undo(window, qtbot):
    show_pane(window, "log", qtbot)  # the log's lines in their pane, not the status bar
    window.actions_by_name["start"].trigger()
    window.document.apply(EndTurn())
    window.document.refused.emit("Drag one combatant at a time: select it alone.", "")
    assert window.statusBar().currentMessage().startswith("Drag one")
    window.document.undo_stack.undo()
    assert window.statusBar().currentMessage() == ""


def test_other_messages_stay_at_a_change(window, qtbot):
    show_pane(window, "log", qtbot)  # the log's lines in their pane, not the status bar
    window.statusBar().showMessage("Saved to somewhere", 5000)
    window.actions_by_name["start"].trigger()
    assert window.statusBar().currentMessage() == "Saved to somewhere"
