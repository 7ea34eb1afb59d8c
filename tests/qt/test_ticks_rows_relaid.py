"""A combatant added or removed repaints no row of the tick table above it (issue 26):
they did not move, and Qt's own layout of the rows repainted every row in sight; the
rows under a row removed move up as painted (`FreshRows`). What the window shows
afterwards (a removal undone too) is what a fresh paint draws."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QRegion

from tests.qt.table_size import painted_by, settle, table_window
from tracker.engine import AddCombatant
from tracker.engine.commands import RemoveCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.initiative_ticks.track_view import TickTable, TickTrackView


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from table_window(qtbot, tmp_path / "journal", "initiative_ticks")


def _table(window: MainWindow) -> TickTable:
    view = window.central_view
    assert isinstance(view, TickTrackView)
    return view.table


def _rows_above(table: TickTable, row: int) -> QRegion:
    """The part of the viewport over the rows above `row`."""
    top = table.rowViewportPosition(row)
    return QRegion(QRect(0, 0, table.viewport().width(), top))


def _shown_as_painted(window: MainWindow, table: TickTable) -> None:
    """The table as the window shows it (its backing store) is what a fresh paint draws:
    nothing stale was left by the rows not repainted."""
    viewport = table.viewport()
    screen = table.screen().grabWindow(window.winId()).toImage()
    form = QImage.Format.Format_RGB32
    shown = screen.copy(QRect(viewport.mapTo(window, QPoint(0, 0)), viewport.size()))
    fresh = viewport.grab().toImage().convertToFormat(form)
    assert shown.convertToFormat(form) == fresh, "the tick table shows stale rows"


def test_a_combatant_added_below_the_rows_in_sight_repaints_none_of_them(window, qtbot):
    table = _table(window)
    last_shown = table.rowAt(table.viewport().height() - 1)
    assert 0 < last_shown < table.model().rowCount() - 1  # the table scrolls

    added = AddCombatant("Latecomer", "enemy", False, stats={"join_battle": "4"})
    painted = painted_by(qtbot, lambda: window.document.apply(added))

    assert table.model().rowCount() == 31
    viewport = table.viewport()
    assert painted.of(viewport).intersected(_rows_above(table, last_shown + 1)).isEmpty()
    _shown_as_painted(window, table)


def test_a_combatant_removed_repaints_only_the_strip_its_row_uncovers(window, qtbot):
    table = _table(window)
    row = 3
    gone = window.document.encounter.combatants[row].id
    assert table.model().index(row, 0).data() is not None
    above = _rows_above(table, row)
    height = table.rowHeight(row)

    painted = painted_by(qtbot, lambda: window.document.apply(RemoveCombatant(gone)))

    assert table.model().rowCount() == 29
    shown = painted.of(table.viewport())
    assert shown.intersected(above).isEmpty()  # the rows above stayed where they were
    viewport = table.viewport()
    strip = QRect(0, viewport.height() - height, viewport.width(), height)
    assert shown.subtracted(QRegion(strip)).isEmpty()  # the rows under it moved up
    assert not shown.isEmpty()  # the row come into sight at the bottom: painted
    _shown_as_painted(window, table)
    window.document.undo_stack.undo()  # back in its place: the rows under it move down
    settle(qtbot)
    assert table.model().rowCount() == 30
    _shown_as_painted(window, table)


def test_the_selected_combatant_removed_out_of_sight_scrolls_nothing(window, qtbot):
    """Qt made the row after (here before) the removed current row current and scrolled
    the table to it: the fight jumped to its end and every row was painted again."""
    table = _table(window)
    added = AddCombatant("Latecomer", "enemy", False, stats={"join_battle": "4"})
    assert window.document.apply(added)
    latecomer = window.document.encounter.combatants[-1].id
    window.select_combatant(latecomer)
    settle(qtbot)
    last_shown = table.rowAt(table.viewport().height() - 1)
    scrolled = table.verticalScrollBar().value()

    painted = painted_by(qtbot, lambda: window.document.apply(RemoveCombatant(latecomer)))

    assert table.verticalScrollBar().value() == scrolled
    assert painted.of(table.viewport()).intersected(_rows_above(table, last_shown)).isEmpty()
    _shown_as_painted(window, table)
