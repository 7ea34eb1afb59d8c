"""Drags by the mouse in tables that hold no selection to drag (Qt's own drag and drop
drags the selected rows), and the reason told when a drag can do nothing.

`RowDrag` lets the GM drag a row up or down, a line showing where it would land; the
drop is the model's `moveRows` (as Qt's drops are), whose command the engine accepts or
refuses, a refusal told as every refusal is.
`DragRefusal` tells why a view moves nothing when the GM starts dragging in it.
`ForeignDrops` tells why a list that orders its own rows takes nothing dragged from
another (Qt's `InternalMove` only shows a "no" cursor)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QMouseEvent, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QFrame, QTableView, QWidget

from tracker.qt.views.viewports import viewport_of

LINE = 3  # the drop line's thickness, in pixels


class _Gesture(QObject):
    """A left press followed by a move past the drag distance, on `widgets`."""

    def __init__(self, view: QTableView, widgets: list[QWidget]) -> None:
        super().__init__(view)
        self.view = view
        self._press: tuple[int, QPoint] | None = None  # the row pressed, where (viewport)
        self.dragging = False
        for widget in widgets:
            widget.installEventFilter(self)

    def _viewport_point(self, watched: QObject, event: QMouseEvent) -> QPoint:
        assert isinstance(watched, QWidget)
        point = watched.mapToGlobal(event.position().toPoint())  # the header: a sibling
        return self.view.viewport().mapFromGlobal(point)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if not isinstance(event, QMouseEvent):
            return False
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            point = self._viewport_point(watched, event)
            row = self.view.rowAt(point.y())
            self._press = (row, point) if row >= 0 else None
            self.dragging = False
        elif kind == QEvent.Type.MouseMove and self._press is not None:
            if not event.buttons() & Qt.MouseButton.LeftButton:
                self._press = None
                return False
            point = self._viewport_point(watched, event)
            row, start = self._press
            if not self.dragging:
                if (point - start).manhattanLength() < QApplication.startDragDistance():
                    return False
                self.dragging = True
                self.started(row)
            self.moved(row, point)
            return True
        elif kind == QEvent.Type.MouseButtonRelease and self._press is not None:
            row, _start = self._press
            self._press = None
            if self.dragging:
                self.dragging = False
                self.dropped(row, self._viewport_point(watched, event))
                return True
        return False

    def started(self, row: int) -> None:
        """The drag of `row` began."""

    def moved(self, row: int, point: QPoint) -> None:
        """The dragged row is over `point` (viewport coordinates)."""

    def dropped(self, row: int, point: QPoint) -> None:
        """The dragged row was let go at `point` (viewport coordinates)."""


class RowDrag(_Gesture):
    """Rows of `view` dragged by their cells (and by their header, if it shows)."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view, [viewport_of(view), viewport_of(view.verticalHeader())])
        self.line = QFrame(view)  # across the names down the left and the cells
        self.line.setObjectName("drop_line")
        self.line.setAutoFillBackground(True)
        self.line.setBackgroundRole(QPalette.ColorRole.Highlight)
        self.line.hide()

    def landing(self, point: QPoint) -> int:
        """The row a drop at `point` lands above (the row count: below the last)."""
        rows = self.view.model().rowCount()
        row = self.view.rowAt(point.y())
        if row < 0:
            return 0 if point.y() < 0 else rows
        middle = self.view.rowViewportPosition(row) + self.view.rowHeight(row) // 2
        return row if point.y() < middle else row + 1

    def started(self, row: int) -> None:
        self.view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def moved(self, row: int, point: QPoint) -> None:
        before = self.landing(point)
        rows = self.view.model().rowCount()
        if before < rows:
            y = self.view.rowViewportPosition(before)
        else:
            y = self.view.rowViewportPosition(rows - 1) + self.view.rowHeight(rows - 1)
        viewport = self.view.viewport().geometry()
        width = min(viewport.width(), self.view.horizontalHeader().length())
        y = viewport.top() + max(0, y - LINE // 2)
        self.line.setGeometry(0, y, viewport.left() + width, LINE)
        self.line.show()
        self.line.raise_()

    def dropped(self, row: int, point: QPoint) -> None:
        self.line.hide()
        self.view.viewport().unsetCursor()
        before = self.landing(point)
        if before not in (row, row + 1):  # let go where it was: nothing to do
            self.view.model().moveRows(QModelIndex(), row, 1, QModelIndex(), before)


class DragRefusal(_Gesture):
    """A drag in `view`, which moves nothing, calls `say_why` (once per drag)."""

    def __init__(self, view: QTableView, say_why: Callable[[], object]) -> None:
        super().__init__(view, [viewport_of(view)])
        self._say_why = say_why

    def started(self, row: int) -> None:
        self._say_why()


class ForeignDrops(QObject):
    """A drag from another of the window's views entering `view`, which takes drops from
    itself only: `say_why(source)` is called (once per entry) and Qt refuses it as
    before."""

    def __init__(self, view: QAbstractItemView, say_why: Callable[[QWidget], object]) -> None:
        super().__init__(view)
        self._view = view
        self._say_why = say_why
        viewport_of(view).installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QDragEnterEvent):
            source = event.source()
            if isinstance(source, QWidget) and source is not self._view:
                self._say_why(source)
        return False
