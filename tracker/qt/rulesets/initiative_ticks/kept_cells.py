"""The tick table's cells drawn once and kept as pixmaps (issue 26).

A row costs about a millisecond of Python to draw (the identity block alone some
300 µs), and the table repaints every row shown when a combatant comes or goes (the
rows under it move), when its columns are fitted again or the window is active again
after a dialog. A cell is drawn only when what it shows (its texts and colours, its
mark, its combatant's summary) or its look (size, state, palette, font) was not kept
yet; otherwise its pixmap is put back, a few microseconds. The table names the pixmaps
`kept` (`kept.keep = False`: drawn straight into the table, as tests spying on the
drawing need)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tracker.qt.rulesets.initiative_ticks.model import TickModel, shown_of
from tracker.qt.views.kept_pixmaps import KeptCells

LIMIT = 8 * 1024 * 1024  # bytes of pixmaps kept: a few screens of rows
Index = QModelIndex | QPersistentModelIndex


class KeptTextDelegate(QStyledItemDelegate):
    """A text cell as `QStyledItemDelegate` draws it, put back from `kept` while its
    text, font, alignment and colours and its look are the same."""

    def __init__(self, kept: KeptCells, parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        model = index.model()
        shown = model.shown(index) if isinstance(model, TickModel) else shown_of(model, index)

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            QStyledItemDelegate.paint(self, inner, local, index)

        self.kept.put(painter, option, index.column(), shown, draw)
