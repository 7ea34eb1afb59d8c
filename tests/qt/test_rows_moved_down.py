"""A combatant added in the middle of the rows in sight (its initiative or its Zeal
places it there) paints its own row; the rows under it, unchanged, are moved down as
painted (`FreshRows`), not painted again; removed again (undone), the rows under it
move back up and only the strip they uncover is painted. Nothing is left stale: what
the window shows of the fight view is what a fresh paint of it shows. Added through
the Add form, as the GM does, so the selection moves to the newcomer and away again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QLineEdit, QTableView

from benchmarks.fights import build
from tests.qt.table_size import painted_by, settle, shown_as_painted
from tracker.engine import SetOption
from tracker.qt.main_window import MainWindow

# The stat that places a newcomer in the order (Priority's late joiners slotted by it,
# not appended after everyone).
PLACED_BY = {"priority": "zeal", "classic_d20": "initiative"}


def _window(qtbot, tmp_path: Path, ruleset_id: str) -> MainWindow:
    session = build(ruleset_id, 8)  # every row in sight
    if ruleset_id == "priority":
        session.apply(SetOption("late_joiners", "slot"))
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow())
    settle(qtbot)
    return window


def _row_region(view: QTableView, rows: list[int]) -> QRegion:
    """These rows (with the line above each) across the viewport."""
    region = QRegion()
    for row in rows:
        top = view.rowViewportPosition(row) - 1
        region += QRect(0, top, view.viewport().width(), view.rowHeight(row) + 1)
    return region


def _rows(view: QTableView, rows: list[int]) -> QRegion:
    """These rows' insides (their lines left out) across the viewport."""
    region = QRegion()
    for row in rows:
        top = view.rowViewportPosition(row) + 1
        region += QRect(0, top, view.viewport().width(), view.rowHeight(row) - 2)
    return region


@pytest.mark.parametrize("ruleset_id", sorted(PLACED_BY))
def test_a_combatant_added_in_sight_paints_its_row_not_the_rows_under_it(
    qtbot, tmp_path, ruleset_id
):
    window = _window(qtbot, tmp_path, ruleset_id)
    try:
        view = window.central_view
        assert isinstance(view, QTableView)
        model = view.model()
        rows = model.rowCount()
        encounter = window.document.encounter
        stat = PLACED_BY[ruleset_id]
        values = sorted((int(c.stats.get(stat, 0)) for c in encounter.combatants), reverse=True)
        wanted = values[rows // 2] + 1  # just before the middle combatant, at most
        selected = encounter.combatants[-1].id
        window.select_combatant(selected)
        settle(qtbot)
        last = view.visualRect(model.index(rows - 1, 0))
        assert last.bottom() + last.height() < view.viewport().height(), "all in sight"

        window.actions_by_name["add"].trigger()
        form = window.add_form
        assert form is not None and form.isVisible()
        form.name_edit.setText("Middle Ogre")
        box = form.stats_form.editors[stat].input
        assert isinstance(box, QLineEdit)
        box.setText(str(wanted))
        settle(qtbot)

        painted = painted_by(qtbot, form.accept)

        assert model.rowCount() == rows + 1
        added = next(c for c in window.document.encounter.combatants if c.name == "Middle Ogre")
        row = view.currentIndex().row()
        assert window.selected_combatant_id() == added.id
        assert 0 < row < rows, f"placed in the middle, not at row {row}"
        before = model.rowCount() - 1  # the row selected before, moved down one
        changed = _row_region(view, [row, before])
        outside = painted.of(view.viewport()).subtracted(changed)
        assert outside.isEmpty(), f"rows painted besides the newcomer's: {outside.boundingRect()}"
        shown_as_painted(window, view)

        height = view.rowHeight(row)
        painted = painted_by(qtbot, window.document.undo_stack.undo)  # it goes again

        assert model.rowCount() == rows
        viewport = view.viewport()
        strip = QRect(0, viewport.height() - height, viewport.width(), height)
        # The rows that moved up into its place and under, but the one selected now, are
        # not painted again (the strip they uncover at the bottom is).
        current = view.currentIndex().row()
        moved = [r for r in range(row + 1, rows) if r != current]
        again = painted.of(viewport).subtracted(QRegion(strip)).intersected(_rows(view, moved))
        assert again.isEmpty(), f"rows painted under the one gone: {again.boundingRect()}"
        shown_as_painted(window, view)
    finally:
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)
