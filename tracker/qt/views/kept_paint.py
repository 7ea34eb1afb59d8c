"""A table whose cells are all kept as drawn puts them back itself (issue 26).

Each cell a `QTableView` paints costs several calls into Python: the model's index
(its row and column counts), its flags twice, the delegate's paint, the row it shows
and the look it is kept by (`kept_pixmaps.look_of`), some 22 µs a cell with the pixmap
kept. A combatant added at the end of a d20 fight scrolls a dozen rows into sight: a
millisecond of CPU to put back pixmaps that were all kept.

`KeptPaint.paintEvent` works out each cell's key in `kept` as the delegates do (what
the cell shows, from `kept_shown`, and its look: the view's option, the cell's size,
its selection and focus), once per paint for what all cells share, and puts the kept
pixmaps back, a fifth of the time; it draws what Qt's paint draws besides: the grid,
and the style's panel under a selected cell. The rows of the paint with a cell not
kept are left to Qt's paint, a strip each (their delegates draw and keep them); the
whole paint is Qt's whenever it holds more than cells and grid: a drag (its drop
indicator), an editor open, alternating rows, a view disabled or right to left, a
hover state tracked under the mouse, a selection of more than one row."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QLineF, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen, QPixmap, QRegion
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
)

from tracker.qt.views.kept_pixmaps import KeptCells, font_key, inactive_selection, kept_state

_SELECTED = QStyle.StateFlag.State_Selected.value
_FOCUS = QStyle.StateFlag.State_HasFocus.value
_NO_STATE = QAbstractItemView.State.NoState
_SINGLE = QAbstractItemView.SelectionMode.SingleSelection
Placed = list[tuple[QRect, QPixmap, int]]  # the cell, its pixmap, its state if selected


class KeptPaint(QTableView):
    """A table whose delegates keep every cell in `kept` by `(column, shown, look)`,
    `shown` being what `kept_shown` answers for its row and column."""

    kept: KeptCells
    put_back = 0  # paints done by putting kept pixmaps back (not Qt's)

    def kept_shown(self, row: int) -> Sequence[Hashable] | None:
        """What each column's cell of the model's `row` shows, as its delegate keys it
        in `kept`; None if a cell of the row is not kept that way or not enabled (Qt
        paints it then)."""
        return None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        if not self._plain():
            super().paintEvent(event)
            return
        region = event.region()
        frame = self._frame()
        placed, missed = self._placed(region, frame)
        if placed:
            painter = QPainter(self.viewport())
            self._draw_selected_panels(painter, placed, frame)
            for cell, pixmap, _selected in placed:
                painter.drawPixmap(cell.topLeft(), pixmap)
            if frame.grid is not None:
                self._draw_grid(painter, region, frame.grid, frame)
            painter.end()
            self.put_back += 1
        if not missed.isEmpty():  # Qt paints those rows (their delegates keep them)
            super().paintEvent(QPaintEvent(missed.intersected(region)))

    def _plain(self) -> bool:
        """Nothing but cells to paint, each in a state worked out here."""
        viewport = self.viewport()
        return (
            self.kept.keep
            and self.state() == _NO_STATE
            and self.selectionMode() == _SINGLE
            and self.isEnabled()
            and not self.alternatingRowColors()
            and not self.isRightToLeft()
            and not (viewport.testAttribute(Qt.WidgetAttribute.WA_Hover) and viewport.underMouse())
        )

    def _placed(self, region: QRegion, frame: _Frame) -> tuple[Placed, QRegion]:
        """Where each cell of `region`'s rows goes and its kept pixmap, for the rows
        whose cells are all kept; the strip of the other rows."""
        placed: Placed = []
        missed = QRegion()
        for row in _rows_in(region, self.verticalHeader()):
            y, height = self.rowViewportPosition(row), self.rowHeight(row) - frame.line
            cells = self._kept_cells(row, y, height, frame)
            if cells is None:
                missed += QRect(0, y, frame.width, height + frame.line)  # (its line too: one rect)
            else:
                placed += cells
        return placed, missed

    def _frame(self) -> _Frame:
        """What the cells of a paint share: the view's option as Qt makes it for an
        enabled cell, the selection, the focused cell, the columns shown."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        palette = option.palette
        palette.setCurrentColorGroup(QPalette.ColorGroup.Normal)  # an enabled cell's
        viewport = self.viewport()
        look = (
            option.features.value,
            palette.cacheKey(),
            palette.currentColorGroup().value,
            font_key(option.font),
            option.direction.value,
            viewport.devicePixelRatioF(),
        )
        current = self.currentIndex()
        focused = current.isValid() and (self.hasFocus() or viewport.hasFocus())
        header = self.horizontalHeader()
        line = 1 if self.showGrid() else 0  # a cell is a line smaller, the grid's
        grid = self._grid_pen(option) if line else None
        names = self.verticalHeader()
        return _Frame(
            option=option,
            state=option.state.value,
            look=look,
            inactive=inactive_selection(palette),
            selected={(i.row(), i.column()) for i in self.selectionModel().selectedIndexes()},
            focus=(current.row(), current.column()) if focused else None,
            columns=[
                (column, self.columnViewportPosition(column), self.columnWidth(column) - line)
                for column in map(header.logicalIndex, range(header.count()))
                if not header.isSectionHidden(column)
            ],
            width=viewport.width(),
            line=line,
            grid=grid,
            right=header.length() - header.offset() - 1,
            bottom=names.length() - names.offset() - 1,
        )

    def _grid_pen(self, option: QStyleOptionViewItem) -> QPen:
        """The grid's pen, as Qt's paint makes it (its colour is the style's)."""
        hint = self.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, self)
        return QPen(QColor.fromRgba(hint & 0xFFFFFFFF), 1, self.gridStyle())

    def _draw_selected_panels(self, painter: QPainter, placed: Placed, frame: _Frame) -> None:
        """What Qt's paint has the style draw under a selected cell before its delegate
        (`PE_PanelItemViewRow`: Fusion fills it with the selection's colour; a cell not
        selected, in rows not alternating, gets nothing): under a pill drawn on a
        transparent pixmap, the selection shows."""
        style, option = self.style(), frame.option
        for cell, _pixmap, selected in placed:
            if selected:
                option.rect, option.state = cell, QStyle.StateFlag(selected)
                style.drawPrimitive(
                    QStyle.PrimitiveElement.PE_PanelItemViewRow, option, painter, self
                )

    def _draw_grid(self, painter: QPainter, region: QRegion, pen: QPen, frame: _Frame) -> None:
        """The grid's lines in `region`, as Qt's paint draws them: under each row and
        right of each column, to the last row's and column's edge."""
        painter.setPen(pen)
        names = self.verticalHeader()
        for rect in cast(Iterable[QRect], region):
            if names.visualIndexAt(rect.top()) < 0:
                continue  # below the last row
            right, bottom = min(rect.right(), frame.right), min(rect.bottom(), frame.bottom)
            for row in _rows_in(QRegion(rect), names):
                y = self.rowViewportPosition(row) + self.rowHeight(row) - 1
                painter.drawLine(QLineF(rect.left(), y, right, y).translated(0.5, 0.5))
            for _column, x, width in frame.columns:
                line = QLineF(x + width, rect.top(), x + width, bottom)
                painter.drawLine(line.translated(0.5, 0.5))

    def _kept_cells(self, row: int, y: int, height: int, frame: _Frame) -> Placed | None:
        """The row's cells where they go with their kept pixmaps; None if one is not
        kept (as the delegate would key it)."""
        shown = self.kept_shown(row)
        if shown is None:
            return None
        kept = self.kept.kept_pixmap
        cells: Placed = []
        for column, x, width in frame.columns:
            state = frame.state
            if (row, column) in frame.selected:
                state |= _SELECTED
            if (row, column) == frame.focus:
                state |= _FOCUS
            look = (width, height, kept_state(state, frame.inactive), *frame.look)
            pixmap = kept((column, shown[column], look))
            if pixmap is None:
                return None
            cells.append((QRect(x, y, width, height), pixmap, state & _SELECTED and state))
        return cells


@dataclass(frozen=True, slots=True)
class _Frame:
    option: QStyleOptionViewItem  # the view's, for an enabled cell
    state: int  # the view's option's state (no cell's own)
    look: tuple[int, int, int, str, int, float]  # the rest of a cell's look but its size
    inactive: bool  # the selection has colours of its own in an inactive window
    selected: set[tuple[int, int]]  # (row, column)
    focus: tuple[int, int] | None  # the current cell, if the view has the focus
    columns: list[tuple[int, int, int]]  # (column, x, the cell's width), shown
    width: int  # the viewport's
    line: int  # the grid's line under a row and right of a column: 1, or 0 (none)
    grid: QPen | None  # the grid's pen
    right: int  # the last column's last pixel
    bottom: int  # the last row's


def _rows_in(region: QRegion, names: QHeaderView) -> list[int]:
    """The model's rows (logical, shown) that `region` of the viewport reaches."""
    rows: dict[int, None] = {}
    last = names.count() - 1
    for rect in cast(Iterable[QRect], region):  # (iterable; the stubs do not say so)
        first = names.visualIndexAt(rect.top())
        if first < 0:
            continue  # below the last row
        end = names.visualIndexAt(rect.bottom())
        for visual in range(first, (last if end < 0 else end) + 1):
            row = names.logicalIndex(visual)
            if not names.isSectionHidden(row):
                rows[row] = None
    return list(rows)
