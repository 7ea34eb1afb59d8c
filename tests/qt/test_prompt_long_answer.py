"""An answer with a field and a long label (Priority's "React to #1 (Hollow Knight: …)"
beside "Reaction:") on a laptop: the button goes under the field, the field is as wide
as the panel, and the button fits the panel with its label elided (its text and tooltip
whole). A context line that wraps is shown whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint

from tests.qt import priority_fixtures as pf
from tests.qt.conftest import shown_window
from tracker.qt.main_window import MainWindow

TRIGGER = "The Hollow Knight charges the bridge at full gallop"
LAPTOP = (1366, 768)


@pytest.fixture
def laptop_window(qtbot, tmp_path: Path) -> MainWindow:
    yield from shown_window(qtbot, pf.priority_session(), tmp_path / "journal", LAPTOP)


def test_a_long_answer_leaves_its_box_the_panel_width(laptop_window, qtbot):
    window = laptop_window
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    pf.select(qtbot, window, "Hollow Knight")
    pf.action(qtbot, window, "raise_trigger", text=TRIGGER)
    label = f"React to #1 (Hollow Knight: {TRIGGER})"
    assert pf.answer_labels(window) == [label, "Pass"]
    panel = window.prompt_panel
    qtbot.waitUntil(lambda: panel.answer_buttons[0].isVisible(), timeout=1000)
    button = panel.answer_buttons[0]
    box = panel.answer_forms[0].editors["text"].input
    body = panel.body
    # The box takes most of the panel's width (it was a few letters wide).
    assert box.width() >= body.width() // 2
    # The button lies inside the panel, under the box (it ran past the panel's edge).
    left = button.mapTo(body, QPoint(0, 0))
    assert left.x() >= 0 and left.x() + button.width() <= body.width()
    assert button.mapTo(body, QPoint(0, 0)).y() > box.mapTo(body, QPoint(0, 0)).y()
    assert button.text() == f"{label}  [Ctrl+1]"
    # The context ("#1 trigger by Hollow Knight: …") wraps to two lines, both shown
    # (a line a context line showed a line and a half, the rest scrolled).
    area = panel.context_area
    qtbot.waitUntil(
        lambda: area.widget().height() >= area.widget().heightForWidth(area.viewport().width()),
        timeout=1000,
    )
    assert area.verticalScrollBar().maximum() == 0
    assert label in button.toolTip()
    # Typed and answered as before.
    pf.answer(qtbot, window, label, text="Shield Ward")
    assert pf.log_texts(window)[-1].startswith("Mire Witch reacts to #1: Shield Ward")


def test_a_short_answer_keeps_its_button_beside_its_box(laptop_window, qtbot):
    """Completing the reactions: "It causes a new trigger" stays on one line with its
    "Trigger:" box."""
    window = laptop_window
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    pf.select(qtbot, window, "Hollow Knight")
    pf.action(qtbot, window, "raise_trigger", text=TRIGGER)
    pf.answer(qtbot, window, f"React to #1 (Hollow Knight: {TRIGGER})", text="Shield Ward")
    while pf.prompt_title(window).startswith("Reaction?"):
        pf.answer(qtbot, window, "Pass")
    assert pf.answer_labels(window) == ["Completed", "It causes a new trigger"]
    row = window.prompt_panel.answer_rows[1]
    qtbot.waitUntil(row.button.isVisible, timeout=1000)
    assert row.form is not None
    box = row.form.editors["text"].input
    at_box, at_button = box.mapTo(row, QPoint(0, 0)), row.button.mapTo(row, QPoint(0, 0))
    assert at_button.y() < at_box.y() + box.height()  # on the box's line
    assert at_button.x() > at_box.x() + box.width()  # after it
