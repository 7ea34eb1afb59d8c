"""The Priority sample ("Bridge over the Mire") in a main window, and the small steps a
game master takes with the mouse and keyboard, for the Priority GUI tests.

The sample: Ayla (Zeal 9, party, 2 Minor pips, 1 Grit Pip), Bren (7, party, 1 Minor
pip, 2 Grit Pips), Hollow Knight (7, enemy, Social Opinion Tier 2: tied with Bren),
Corin (5, party, 2 Minor pips) and the hidden Mire Witch (4, enemy); everyone starts in
Conflict. A round is their five turns and the Soulweaver's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QLabel, QPushButton

from tests.qt.conftest import shown_window
from tracker.engine import Session
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow
from tracker.qt.palette import CELL_COLORS
from tracker.qt.widgets.turn_panel import TurnPanel

SAMPLE = "priority_sample.json"
LEFT = Qt.MouseButton.LeftButton
ROOT = QModelIndex()
CURRENT = QColor(CELL_COLORS["current"])
TURNS_PER_ROUND = 6  # five creatures and the Soulweaver


def priority_session() -> Session:
    return Session(load_encounter(sample_path(SAMPLE)))


@pytest.fixture
def pwindow(qtbot, tmp_path: Path) -> MainWindow:
    """The main window on the Priority sample, shown."""
    yield from shown_window(qtbot, priority_session(), tmp_path / "journal")


# --- reading the engine --------------------------------------------------------------
def names(window: MainWindow) -> list[str]:
    return [c.name for c in window.document.encounter.combatants]


def by_name(window: MainWindow, name: str):
    return next(c for c in window.document.encounter.combatants if c.name == name)


def current_name(window: MainWindow) -> str:
    """Whose turn it is, as the engine says ("Soulweaver" for the GM's turn)."""
    turn = window.document.session.current_turn()
    assert turn is not None
    if turn.combatant_id is None:
        return turn.title
    return window.document.encounter.combatant(turn.combatant_id).name


def log_texts(window: MainWindow) -> list[str]:
    return [entry.text for entry in window.document.encounter.log]


def snapshot(window: MainWindow) -> tuple[dict, int]:
    """The whole encounter and the undo depth: equal before and after a refusal."""
    return window.document.encounter.to_dict(), window.document.undo_stack.count()


# --- reading the widgets -------------------------------------------------------------
def table_rows(window: MainWindow) -> list[str]:
    """Column 0 of the central order table, top to bottom, as displayed."""
    model = window.central_view.order_model
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def table_names(window: MainWindow) -> list[str]:
    return [text.split("  (")[0] for text in table_rows(window)]


def table_row(window: MainWindow, name: str) -> tuple[str, str]:
    """(name with markers, summary) of a creature's row in the central order table."""
    model = window.central_view.order_model
    row = model.row_of(by_name(window, name).id)
    return model.index(row, 0).data(), model.index(row, 1).data()


def highlighted_rows(window: MainWindow) -> list[str]:
    """Names of the order table's rows painted as the current turn (both columns)."""
    model = window.central_view.order_model
    found = []
    for row in range(model.rowCount()):
        brushes = [
            model.index(row, column).data(Qt.ItemDataRole.BackgroundRole)
            for column in range(model.columnCount())
        ]
        if all(brush is not None and brush.color() == CURRENT for brush in brushes):
            found.append(model.index(row, 0).data().split("  (")[0])
    return found


def turn_order(window: MainWindow, count: int | None = None) -> list[tuple[str, str]]:
    """(name, when) rows of the Turn order dock (shown: hidden, it keeps a glance)."""
    toggle = window.actions_by_name["pane_turn_order"]
    if not toggle.isChecked():
        toggle.trigger()
    model = window.turn_order_model
    rows = model.rowCount() if count is None else min(count, model.rowCount())
    return [(model.index(row, 0).data(), model.index(row, 1).data()) for row in range(rows)]


def turn_order_names(window: MainWindow, count: int | None = None) -> list[str]:
    return [name for name, _when in turn_order(window, count)]


def displayed(label: QLabel) -> str:
    """The text a label paints: its rich text rendered, or its plain text as is."""
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)
    )
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def banner_text(window: MainWindow) -> str:
    """What the banner shows (rendered), or "" when it is hidden."""
    return displayed(window.banner.label) if window.banner.isVisible() else ""


def status_text(window: MainWindow) -> str:
    """The state of the fight, kept in the status bar's permanent part."""
    return window.status_label.text()


def passing_message(window: MainWindow) -> str:
    """The status bar's passing message (saved, refused, expired)."""
    return window.statusBar().currentMessage()


def prompt_title(window: MainWindow) -> str:
    panel = window.prompt_panel
    return panel.title.text() if panel.isVisible() else ""


def prompt_question(window: MainWindow) -> str:
    panel = window.prompt_panel
    return panel.question.text() if panel.isVisible() else ""


def prompt_context(window: MainWindow) -> list[str]:
    """The prompt's context lines as shown (rendered, one per line)."""
    panel = window.prompt_panel
    if not panel.isVisible() or not panel.context.isVisible():
        return []
    return displayed(panel.context).splitlines()


def answer_labels(window: MainWindow) -> list[str]:
    """The prompt's answer buttons as labelled, without a keyboard hint ("&1 " before,
    "  [Ctrl+1]" after)."""
    return [
        re.sub(r"\s+\[[^\]]*\]$", "", re.sub(r"^&\d+ ", "", button.text()))
        for button in window.prompt_panel.answer_buttons
    ]


def clock_text(window: MainWindow) -> str:
    return window.turn_panel.clock_label.text()


def clock_parts(window: MainWindow) -> set[str]:
    """The pieces of the turn panel's clock line ("Round 2", "Priority 1", …)."""
    return set(clock_text(window).split(" · "))


def turn_text(window: MainWindow) -> str:
    """Who acts and what they have, without the ▶ that points at the name."""
    return displayed(window.turn_panel.turn_label).removeprefix("▶ ")


# --- acting as the game master -------------------------------------------------------
def click(qtbot, button: QPushButton) -> None:
    """Click the button; a turn-panel action the state does not allow is greyed out,
    so press its key instead, which says why in the banner."""
    # A row added to a shown panel is shown by a queued call: let the loop run it.
    qtbot.waitUntil(button.isVisible, timeout=1000)
    panel = button.parent()
    while panel is not None and not isinstance(panel, TurnPanel):
        panel = panel.parent()
    name = button.objectName().removeprefix("action_")
    if panel is not None and not button.isEnabled() and name in panel.action_buttons:
        # Greyed out: the GM learns why on hover, or in the banner when pressing its key.
        assert button.toolTip() == f"Not now: {panel.unavailable[name]}"
        assert panel.trigger(name) is False
        return
    assert button.isEnabled(), f"{button.text()!r} is disabled"
    qtbot.mouseClick(button, LEFT)


def select(qtbot, window: MainWindow, name: str) -> None:
    """Click the creature's row in the Combatants list."""
    view = window.roster_view
    row = window.roster_model.row_of(by_name(window, name).id)
    rect = view.visualRect(window.roster_model.index(row, 0))
    qtbot.mouseClick(view.viewport(), LEFT, pos=rect.center())
    assert window.selected_combatant_id() == by_name(window, name).id


def action(qtbot, window: MainWindow, action_name: str, /, **typed: str) -> None:
    """Type into the action's text inputs and click its button in the turn panel."""
    panel = window.turn_panel
    for field, text in typed.items():
        widget = panel.action_inputs[action_name][field]
        widget.clear()
        qtbot.keyClicks(widget, text)
    click(qtbot, panel.action_buttons[action_name])


def choose(window: MainWindow, action_name: str, field: str, value) -> None:
    """Set an action's choice (combo box: the item that holds the choice `value`,
    whatever its words) or number (spin box) input."""
    widget = window.turn_panel.action_inputs[action_name][field]
    if hasattr(widget, "setCurrentText"):
        assert widget.findData(value) >= 0, f"{value!r} is not offered"
        widget.setCurrentIndex(widget.findData(value))
    else:
        widget.setValue(value)


def press_start(qtbot, window: MainWindow) -> None:
    click(qtbot, window.turn_panel.start_button)


def activate(qtbot, window: MainWindow) -> None:
    """After a dialog closed the GM clicks back into the main window: its shortcuts
    (Space, Ctrl+Z, …) only work while it is the active window."""
    if not window.isActiveWindow():
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=1000)


def space(qtbot, window: MainWindow, times: int = 1) -> None:
    """Press Space (End Turn) with the Combatants list focused."""
    activate(qtbot, window)
    window.roster_view.setFocus()
    for _ in range(times):
        qtbot.keyClick(window.roster_view, Qt.Key.Key_Space)


def answer(qtbot, window: MainWindow, label: str, /, **typed: str) -> None:
    """Click the prompt answer labelled `label` (without its &N prefix), typing `typed`
    into that answer's fields first."""
    panel = window.prompt_panel
    assert panel.isVisible(), "no prompt is shown"
    labels = answer_labels(window)
    assert label in labels, f"{label!r} is not among {labels}"
    number = labels.index(label)
    form = panel.answer_forms[number]
    for field, text in typed.items():
        assert form is not None, f"{label!r} has no fields"
        line = form.editors[field].input
        line.clear()
        qtbot.keyClicks(line, text)
    click(qtbot, panel.answer_buttons[number])


def edit_stat(qtbot, window: MainWindow, name: str, field: str, text: str) -> None:
    """Select the creature, type the value into its editor field, click Apply."""
    select(qtbot, window, name)
    line = window.editor.form.editors[field].input
    line.clear()
    qtbot.keyClicks(line, text)
    click(qtbot, window.editor.apply_button)
