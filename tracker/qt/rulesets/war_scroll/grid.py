"""The War Scroll grid view: names down the left, Segments across, AP in the cells."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    SignalInstance,
)
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from tracker.qt.document import EncounterDocument
from tracker.qt.rulesets.war_scroll.model import WarScrollModel, looks
from tracker.qt.views.row_drag import RowDrag

CELL_WIDTH = 56
GAP_WIDTH = 18
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)


class CellDelegate(QStyledItemDelegate):
    """Paints a cell as the standard delegate does (its state's colour, its AP centred,
    bold when current) from the model's kept cell, without asking the model role by
    role: a repaint of the grid costs half as much. The cell with the focus frame is
    left to the standard delegate."""

    def __init__(self, model: WarScrollModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if option.state & QStyle.StateFlag.State_HasFocus:
            super().paint(painter, option, index)
            return
        cell = self._model.cell_at(index.row(), index.column())
        if cell is None:  # the gap: nothing to paint
            return
        ap, state = cell
        shown = looks(state)
        rect = option.rect
        painter.fillRect(rect, shown[_BACKGROUND])
        if state == "none":
            return
        painter.save()
        font = shown.get(_FONT)
        base = option.font
        painter.setFont(font.resolve(base) if font is not None else base)
        painter.setPen(shown[_FOREGROUND].color())
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(ap))
        painter.restore()


class NameHeader(QHeaderView):
    """The names down the left, as the table's own header shows them; each name's room
    is measured once, until it changes (to size the column, Qt measures up to 200
    names whenever one changes)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setSectionsClickable(True)  # as the table's own header
        self.setHighlightSections(True)
        self._sizes: dict[int, QSize] = {}  # by row

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            old.headerDataChanged.disconnect(self._on_renamed)
            for signal in _structure_signals(old):
                signal.disconnect(self._forget_sizes)
        self._sizes.clear()
        if model is not None:  # before the header's own: sizes are forgotten first
            model.headerDataChanged.connect(self._on_renamed)
            for signal in _structure_signals(model):
                signal.connect(self._forget_sizes)
        super().setModel(model)

    def _forget_sizes(self, *_args: object) -> None:
        self._sizes.clear()

    def _on_renamed(self, orientation: Qt.Orientation, first: int, last: int) -> None:
        if orientation == Qt.Orientation.Vertical:
            for row in range(first, last + 1):
                self._sizes.pop(row, None)

    def sectionSizeFromContents(self, logicalIndex: int) -> QSize:  # noqa: N803 (Qt)
        size = self._sizes.get(logicalIndex)
        if size is None:
            size = self._sizes[logicalIndex] = super().sectionSizeFromContents(logicalIndex)
        return QSize(size)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._forget_sizes()
        super().changeEvent(event)


def _structure_signals(model: QAbstractItemModel) -> tuple[SignalInstance, ...]:
    return (
        model.rowsInserted,
        model.rowsRemoved,
        model.rowsMoved,
        model.layoutChanged,
        model.modelReset,
    )


class WarScrollGrid(QTableView):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("war_scroll_grid")
        self.setVerticalHeader(NameHeader(self))
        self.grid_model = WarScrollModel(document, self)
        self.setModel(self.grid_model)
        self.setItemDelegate(CellDelegate(self.grid_model, self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Fonts and the grid's colour set directly, not by a style sheet: a style sheet
        # makes every cell's painting go through the style sheet engine (half again the
        # cost of a repaint, and the grid repaints as the clock moves).
        font = self.font()
        font.setPointSize(13)
        self.setFont(font)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Mid, QColor("#b0b0b0"))  # the grid lines
        self.setPalette(palette)
        header = self.horizontalHeader()
        header_font = header.font()
        header_font.setPointSize(12)
        header.setFont(header_font)
        self.verticalHeader().setFont(header_font)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setDefaultSectionSize(CELL_WIDTH)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(32)
        self.grid_model.columnsInserted.connect(self._size_gap)
        self.grid_model.columnsRemoved.connect(self._size_gap)
        self.grid_model.modelReset.connect(self._size_gap)
        self._size_gap()
        # Tied characters are the Host's to order: dragged by their name or a cell.
        self.row_drag = RowDrag(self)

    def _size_gap(self, *_args) -> None:
        for column in range(self.grid_model.columnCount()):
            width = GAP_WIDTH if self.grid_model.is_gap(column) else CELL_WIDTH
            self.horizontalHeader().resizeSection(column, width)
