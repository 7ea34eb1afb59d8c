"""Table column headers whose columns fit their text without jittering.

`SteadyHeader`: a column that fits its contents (`ResizeToContents`) keeps the widest
width it has had: a fight's texts change at every step ("Segment 1", "Cycle 2 ·
Segment A"), and a column fitted to each step's texts would narrow and widen by turns,
moving every column beside it. It grows when a text needs more, and starts afresh when
the model is reset (another encounter), its columns change, the font changes or the
header's width changes (the room the columns share).

`FittingHeader`: a steady header whose columns are measured once a step. A header with
columns that fit their contents measures every row shown, asking the model for each
cell's text, font and decoration, at each `dataChanged` that reaches it: a step that
announces four rows shown measured them all four times. `FittingHeader` measures once,
when the event loop next runs, after all the step's announcements (as Qt does after rows
come or go). A column whose text grew takes its new width then; one that did not is not
laid out at all."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    SignalInstance,
)
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QHeaderView, QWidget


class SteadyHeader(QHeaderView):
    """A horizontal header whose fitted columns only grow (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        # As the header a QTableView makes for itself.
        self.setSectionsClickable(True)
        self.setHighlightSections(True)
        self._afresh = True  # the next fitting is to the contents alone
        self._afresh_width = -1  # the header's width at the last fitting afresh
        self._stale = False  # a fitting waits for the header to show

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            for signal in _column_signals(old):
                signal.disconnect(self.fit_afresh)
        if model is not None:
            for signal in _column_signals(model):
                signal.connect(self.fit_afresh)
        super().setModel(model)
        self.fit_afresh()

    def fit_afresh(self, *_args: object) -> None:
        """Fit the columns to their contents alone, when the event loop next runs; from
        then on they only grow again."""
        self._afresh = True
        QTimer.singleShot(0, self, self._fit_afresh)

    def _fit_afresh(self) -> None:
        if self._afresh and self.isVisible():  # a hidden pane measures nothing
            self.resizeSections()
            self._afresh = False
            self._afresh_width = self.width()

    def fit_when_shown(self) -> bool:
        """True if the header is shown and may measure now; else the fitting waits for
        it to show (an optional pane off: a step measured its every row for nothing)."""
        if self.isVisible():
            return True
        self._stale = True
        return False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._afresh:
            QTimer.singleShot(0, self, self._fit_afresh)
        elif self._stale:
            self._stale = False
            QTimer.singleShot(0, self, self.resizeSections)

    def sectionSizeFromContents(self, logicalIndex: int) -> QSize:  # noqa: N803 (Qt)
        """At least the width a fitted column has (Qt fits a column to the larger of
        its cells' widths and this), unless it is fitted afresh."""
        size = super().sectionSizeFromContents(logicalIndex)
        fitted = self.sectionResizeMode(logicalIndex) == QHeaderView.ResizeMode.ResizeToContents
        if fitted and not self._afresh:
            size.setWidth(max(size.width(), self.sectionSize(logicalIndex)))
        return size

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width is room shared anew (a list whose length changes at every step
        keeps its scroll bar, so that its width does not change with it)."""
        if not self._afresh and event.size().width() != self._afresh_width:
            self.fit_afresh()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit_afresh()
        super().changeEvent(event)


def _column_signals(model: QAbstractItemModel) -> tuple[SignalInstance, ...]:
    return (model.modelReset, model.columnsInserted, model.columnsRemoved, model.columnsMoved)


class FittingHeader(SteadyHeader):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        if self.fit_when_shown():
            self.resizeSections()
