"""The d20 view's cells drawn once and kept as pixmaps (issue 26).

Drawing a row (the identity block, the pills, the count) costs about half a
millisecond of Python, and Qt repaints the whole view at every new layout (rows of one
line or two, a column fitted again, rows moved), every row under a creature come or
gone, and a row whenever the selection, the turn or the mouse passes over it. A cell is
drawn only when what it shows of its row (`D20Row.drawn`) or its look (size, state,
palette, font) were not kept yet; otherwise its pixmap is put back, a few microseconds.
The cells kept are bounded, the least recently shown going first (8 MB of pixmaps): a
long fight scrolled from end to end keeps a few screens."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from tracker.qt.rulesets.classic_d20.rows import D20Row
from tracker.qt.views.kept_pixmaps import KeptCells

LIMIT = 8 * 1024 * 1024  # bytes of pixmaps kept: three screens of rows and more
Index = QModelIndex | QPersistentModelIndex
Draw = Callable[[QPainter, QStyleOptionViewItem, Index, D20Row], None]


class CellPixmaps(KeptCells):
    """The pixmaps of the cells shown, by what the cell shows of its row, column and
    look: a row in one line and in two, selected and not, before an action and after
    it, is kept each way, so a creature added and removed again, the selection passing,
    an undo or the turn coming back draws nothing anew, and an action draws anew only
    the cells it changed."""

    def __init__(self, limit: int = LIMIT) -> None:
        super().__init__(limit)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: Index,
        row: D20Row,
        draw: Draw,
    ) -> None:
        """Put the cell's pixmap at `option.rect`, drawn first with `draw` if what the
        cell shows of `row` was not kept in this look."""
        column = index.column()

        def drawn(inner: QPainter, local: QStyleOptionViewItem) -> None:
            draw(inner, local, index, row)

        self.put(painter, option, column, row.drawn[column], drawn)
