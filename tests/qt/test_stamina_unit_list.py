"""A side's column of Units repaints what changed when Units come or go (issue 26): a
Unit added at the end of a side, out of sight, repaints none of the cards in sight
(Qt's list view repainted every one, so an add cost more the longer the side), a Unit
removed repaints from its row down; and what the window shows is what a fresh paint
of the column shows."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QRegion
from PySide6.QtWidgets import QListView

from tests.qt.table_size import painted_by, settle
from tests.qt.test_painted_areas import _within
from tests.qt.test_step_work import close, open_window
from tracker.engine import AddCombatant, RemoveCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import IdRole
from tracker.qt.rulesets.stamina_battle.phases_view import SidePhasesView


def _enemies(window: MainWindow) -> QListView:
    view = window.central_view
    assert isinstance(view, SidePhasesView)
    return view.columns["enemy"].list_view


def _shown_as_painted(window: MainWindow, view: QListView) -> None:
    """The column's cards as the window shows them (its backing store) are those a
    fresh paint draws: a repaint held back left nothing stale."""
    viewport = view.viewport()
    screen = view.screen().grabWindow(window.winId()).toImage()
    form = QImage.Format.Format_RGB32
    shown = screen.copy(QRect(viewport.mapTo(window, QPoint(0, 0)), viewport.size()))
    fresh = viewport.grab().toImage().convertToFormat(form)
    assert shown.convertToFormat(form) == fresh, "the column shows stale cards"


def _below(view: QListView, row: int) -> QRegion:
    viewport = view.viewport()
    top = view.visualRect(view.model().index(row, 0)).top()
    return QRegion(QRect(0, top, viewport.width(), viewport.height()))


def test_a_unit_added_out_of_sight_repaints_no_card_of_its_side(qtbot, tmp_path: Path):
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 10)
    try:
        view = _enemies(window)
        model = view.model()
        rows = model.rowCount()
        settle(qtbot)
        last = view.visualRect(model.index(rows - 1, 0))
        assert last.top() > view.viewport().height(), "the side is longer than its column"

        painted = painted_by(qtbot, lambda: window.document.apply(AddCombatant("Late Ogre")))

        assert model.rowCount() == rows + 1
        _within(painted.of(view.viewport()), QRegion(), "the enemies' column")
        _shown_as_painted(window, view)
        view.scrollToBottom()
        settle(qtbot)
        _shown_as_painted(window, view)
    finally:
        close(window, qtbot)


def test_a_unit_removed_repaints_its_side_from_its_row_down(qtbot, tmp_path: Path):
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 10)
    try:
        view = _enemies(window)
        model = view.model()
        rows = model.rowCount()
        settle(qtbot)
        row = 3
        gone = window.document.encounter.combatant(model.index(row, 0).data(IdRole))
        assert gone.id != window.selected_combatant_id()
        allowed = _below(view, row)

        painted = painted_by(qtbot, lambda: window.document.apply(RemoveCombatant(gone.id)))

        assert model.rowCount() == rows - 1
        _within(painted.of(view.viewport()), allowed, "the enemies' column")
        _shown_as_painted(window, view)
    finally:
        close(window, qtbot)
