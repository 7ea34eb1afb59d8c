"""The inspector's column is opaque: a change inside it repaints the column's widgets,
never the dock beneath it (its title and frame, painted by the style at each change),
and it looks the same as the dock showing through (counts and pixels, not timings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDockWidget, QWidget

from tests.qt.table_size import painted_by, settle, table_window
from tracker.qt.appearance import appearance


def _column(window: QWidget) -> tuple[QDockWidget, QWidget]:
    dock = window.findChild(QDockWidget, "dock_inspector")
    column = window.findChild(QWidget, "inspector_column")
    assert dock is not None and column is not None
    return dock, column


def test_a_change_in_the_inspector_does_not_paint_the_dock(qtbot, tmp_path: Path):
    windows = table_window(qtbot, tmp_path / "journal", "classic_d20", selected=2)
    window = next(windows)
    try:
        dock, column = _column(window)
        others = [c.id for c in window.document.encounter.combatants][5:8]
        for combatant_id in others:
            painted = painted_by(qtbot, lambda c=combatant_id: window.select_combatant(c))
            assert painted.events.get(id(column), 0) >= 1  # the editor shows another
            assert painted.events.get(id(dock), 0) == 0
    finally:
        next(windows, None)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_column_looks_as_the_dock_beneath_it(qtbot, tmp_path: Path, scheme: str):
    windows = table_window(qtbot, tmp_path / "journal", "classic_d20", selected=2)
    window = next(windows)
    try:
        appearance().choose(scheme)
        settle(qtbot)
        dock, column = _column(window)
        assert column.autoFillBackground()
        opaque = dock.grab().toImage()
        column.setAutoFillBackground(False)
        settle(qtbot)
        assert dock.grab().toImage() == opaque
    finally:
        appearance().choose("system")
        next(windows, None)
