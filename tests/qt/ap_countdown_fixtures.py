"""The AP countdown sample ("Ambush in the Flooded Cave") in a main window, and the
steps a game master takes there, for the AP countdown GUI tests.

The sample: Mirelle (party, base 15, Qu 4), Hauser (party, base 15, Qu 1: the rules'
worked example), Orc Captain (enemy, base 13), Orc Archer (enemy, base 10) and the
hidden Cave Troll (enemy, base 4); ties go to the higher Qu, so Mirelle acts before
Hauser at 35."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QPushButton

from tests.qt.conftest import shown_window
from tracker.engine import Session
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.ap_countdown.model import TrackModel
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack

SAMPLE = "ap_countdown_sample.json"
LEFT = Qt.MouseButton.LeftButton


def ap_session() -> Session:
    return Session(load_encounter(sample_path(SAMPLE)))


@pytest.fixture
def adocument(qapp) -> EncounterDocument:
    return EncounterDocument(ap_session())


@pytest.fixture
def awindow(qtbot, tmp_path: Path) -> MainWindow:
    """The main window on the AP countdown sample, shown."""
    yield from shown_window(qtbot, ap_session(), tmp_path / "journal")


# --- reading ---------------------------------------------------------------------------
def by_name(document: EncounterDocument, name: str):
    return next(c for c in document.encounter.combatants if c.name == name)


def track(window: MainWindow) -> CountdownTrack:
    view = window.central_view
    assert isinstance(view, CountdownTrack)
    return view


def mark_of(model: TrackModel, name: str):
    """The track's mark of a combatant, as the model shows it."""
    return model.mark_at(model.row_of(by_name(model.document, name).id))


def lanes(model: TrackModel) -> list[str]:
    """The names down the track, top to bottom."""
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def model_rows(model) -> list[tuple]:
    """Every text of every row and column (display and tooltip)."""
    return [
        tuple(
            model.index(row, column).data(role)
            for column in range(model.columnCount())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
        )
        for row in range(model.rowCount())
    ]


def answer_labels(window: MainWindow) -> list[str]:
    return [
        re.sub(r"\s+\[[^\]]*\]$", "", re.sub(r"^&\d+ ", "", button.text()))
        for button in window.prompt_panel.answer_buttons
    ]


# --- acting as the game master --------------------------------------------------------
def click(qtbot, button: QPushButton) -> None:
    qtbot.waitUntil(button.isVisible, timeout=1000)
    assert button.isEnabled(), f"{button.text()!r} is disabled"
    qtbot.mouseClick(button, LEFT)


def answer(qtbot, window: MainWindow, label: str, /, **typed: str) -> None:
    """Click the prompt's answer labelled `label`, typing `typed` into its fields."""
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


def end_turn(qtbot, window: MainWindow) -> None:
    click(qtbot, window.turn_panel.end_turn_button)


def start(qtbot, window: MainWindow) -> None:
    click(qtbot, window.turn_panel.start_button)


def lane_point(view: CountdownTrack, row: int, x: int = 60) -> QPoint:
    """A point on a lane's name (the lane must be in view)."""
    view.scrollTo(view.track_model.index(row, 0))
    return QPoint(x, HEADER_H + row * LANE_H - view.verticalOffset() + LANE_H // 2)


def drag_lane(qtbot, view: CountdownTrack, row: int, slot: int) -> None:
    """Press on a lane, drag it to land before `slot` and let go."""
    end_at = press_and_drag(qtbot, view, row, slot)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=end_at)


def press_and_drag(qtbot, view: CountdownTrack, row: int, slot: int) -> QPoint:
    """Press on a lane and drag it over the line before `slot` (not let go yet)."""
    viewport = view.viewport()
    start_at = lane_point(view, row)
    end_at = QPoint(start_at.x(), HEADER_H + slot * LANE_H - view.verticalOffset() + 2)
    qtbot.mousePress(viewport, LEFT, pos=start_at)
    middle = QPoint(start_at.x(), (start_at.y() + end_at.y()) // 2)
    for point in (middle, end_at):
        move = QMouseEvent(
            QEvent.Type.MouseMove,
            point,
            viewport.mapToGlobal(point),
            Qt.MouseButton.NoButton,
            LEFT,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, move)
    return end_at
