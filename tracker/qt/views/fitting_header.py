"""A table's column header whose columns fit their text, measured once a step.

A header with columns that fit their contents (`ResizeToContents`) measures every row
shown, asking the model for each cell's text, font and decoration, at each `dataChanged`
that reaches it: a step that announces four rows shown measured them all four times.
`FittingHeader` measures once, when the event loop next runs, after all the step's
announcements (as Qt does after rows come or go). A column whose text grew takes its
new width then; one that did not is not laid out at all."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtWidgets import QHeaderView, QWidget


class FittingHeader(QHeaderView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        # As the header a QTableView makes for itself.
        self.setSectionsClickable(True)
        self.setHighlightSections(True)
        self._pending = False

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        self._pending = False
        self.resizeSections()
