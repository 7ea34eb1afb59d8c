"""A side's column of Units: a list view that repaints what changed, not all it shows.

Qt's list view repaints its whole viewport on any `dataChanged` and again whenever rows
come or go (`doItemsLayout`): a Unit added at the end of a side, out of sight, painted
every card of that side again (the cost of an add grew with the side). Here a change
repaints the rows it names, and rows added or removed repaint from the first of them
down; anything else (rows moved, a reset, a new layout, a scroll) keeps Qt's whole
repaint.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect
from PySide6.QtWidgets import QListView

from tracker.qt.quiet_updates import updates_on_quietly

Index = QModelIndex | QPersistentModelIndex
WHOLE = -1  # the next layout repaints the whole viewport


class UnitList(QListView):
    """The Units of one side; call `watch_rows` with its model once it is set."""

    _fresh_from: int | None = None  # the first row added or removed since the layout

    def watch_rows(self, model: QAbstractItemModel) -> None:
        model.rowsInserted.connect(self._rows_came_or_went)
        model.rowsRemoved.connect(self._rows_came_or_went)
        for signal in (model.rowsMoved, model.layoutChanged, model.modelReset):
            signal.connect(self._whole)

    def _rows_came_or_went(self, parent: Index, first: int, _last: int) -> None:
        known = self._fresh_from
        if not parent.isValid() and known != WHOLE:
            self._fresh_from = first if known is None else min(known, first)

    def _whole(self, *_args: object) -> None:
        self._fresh_from = WHOLE

    def doItemsLayout(self) -> None:  # noqa: N802 (Qt)
        first, self._fresh_from = self._fresh_from, None
        viewport = self.viewport()
        if first is None or first == WHOLE or not viewport.updatesEnabled():
            super().doItemsLayout()
            return
        bars = (self.verticalScrollBar(), self.horizontalScrollBar())
        offsets = [bar.value() for bar in bars]
        viewport.setUpdatesEnabled(False)  # Qt's whole repaint, held back
        try:
            super().doItemsLayout()
        finally:
            updates_on_quietly(viewport)
        if [bar.value() for bar in bars] != offsets:
            viewport.update()  # the rows in sight moved (Qt's scroll was held back too)
            return
        model, root, column = self.model(), self.rootIndex(), self.modelColumn()
        count = model.rowCount(root) if model is not None else 0
        if first < count:
            top = self.visualRect(model.index(first, column, root)).top()
        elif count:
            top = self.visualRect(model.index(count - 1, column, root)).bottom() + 1
        else:
            top = 0
        top = max(0, top)
        viewport.update(QRect(0, top, viewport.width(), max(0, viewport.height() - top)))

    def dataChanged(
        self,
        top_left: Index,
        bottom_right: Index,
        roles: Sequence[int] = (),
    ) -> None:
        """The rows named, not the whole viewport."""
        model = self.model()
        if model is None or not top_left.isValid() or not bottom_right.isValid():
            super().dataChanged(top_left, bottom_right, roles)
            return
        changed = QRect()
        for row in range(top_left.row(), bottom_right.row() + 1):
            changed = changed.united(self.visualRect(model.index(row, self.modelColumn())))
        self.viewport().update(changed.intersected(self.viewport().rect()))
