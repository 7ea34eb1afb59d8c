"""A ruleset view marks the inspector's combatant, wherever it was picked (the view's
own click, the combatants list, an add): the view's current row follows without the
view saying so, since the window told it (and a Ctrl held meanwhile must toggle
nothing)."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, QSignalBlocker
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QAbstractItemView

from tracker.qt.views.viewports import viewport_of

FLAGS = QItemSelectionModel.SelectionFlag


def show_selected_row(view: QAbstractItemView, row: int) -> None:
    """Make `row` (-1: none) the view's current and selected row, silently."""
    model, selection = view.model(), view.selectionModel()
    if model is None or selection is None:
        return
    index = model.index(row, 0) if row >= 0 else QModelIndex()
    if index == selection.currentIndex():
        return
    before = selection.selection()
    blocker = QSignalBlocker(selection)
    if index.isValid():
        selection.setCurrentIndex(index, FLAGS.ClearAndSelect | FLAGS.Rows)
    else:
        selection.clear()
    blocker.unblock()
    # The rows that were marked and the row marked now, not the whole view.
    last = model.columnCount() - 1
    marked = QItemSelection(before)
    if index.isValid():
        marked.select(index, index.siblingAtColumn(last))
    viewport_of(view).update(QRegion(view.visualRegionForSelection(marked)))
