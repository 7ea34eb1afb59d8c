"""The War Scroll grid view: who fights down the left (each combatant's identity block:
side, turn marker, name and its marks, Endurance, AP left, effects' badges), Segments
across, AP in the cells; in the window's scheme, light or dark."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import QColor, QFocusEvent, QHelpEvent, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from tracker.qt.appearance import is_dark
from tracker.qt.brushes import fill
from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_summary import CombatantSummary
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.war_scroll.model import GRID_LINES, WarScrollModel, looks
from tracker.qt.views import effect_badges
from tracker.qt.views.combatant_cell import cell_height, cell_width, name_line, paint_cell
from tracker.qt.views.fresh_rows import FreshRows
from tracker.qt.views.kept_pixmaps import KeptPixmaps, font_key
from tracker.qt.views.row_drag import RowDrag

NAMES_MIN, NAMES_MAX = 250, 340  # the width of the identity blocks down the left
NAMES_KEPT = 4 * 1024 * 1024  # bytes of the names' blocks kept (some 60 KB each)
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
        shown = looks(state, is_dark(option.palette))
        rect = option.rect
        fill(painter, rect, shown[_BACKGROUND])
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
    """Who fights, down the left: each row's identity block (`combatant_cell`). Each
    name's room is measured once, until it changes (to size the column, Qt measures up
    to 200 names whenever one changes); a row whose block changed otherwise (the turn,
    health, marks, badges) is repainted alone. A block is drawn once per what it shows
    and its look, and put back as a pixmap (`kept`, the grid's: drawing one costs some
    250 µs of Python, and the names are repainted whole as the grid scrolls to a
    combatant added: 3.5 ms)."""

    def __init__(self, kept: KeptPixmaps[Hashable], parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.kept = kept
        self.setSectionsClickable(True)  # as the table's own header
        self.setHighlightSections(True)
        self._sizes: dict[str, QSize] = {}  # by combatant id: rows come and go
        # The names' width so far: a longer name widens the column, a shorter one does
        # not narrow it (the whole grid would move and repaint at each rename); rows
        # added or removed measure it afresh.
        self._widest = 0
        self.grid_model: WarScrollModel | None = None
        self.selected_id: str | None = None  # the inspector's combatant, highlighted

    def show_selected(self, combatant_id: str | None) -> None:
        """Highlight the name of the combatant the inspector shows (only its row and the
        one it leaves are repainted)."""
        model = self.grid_model
        if combatant_id == self.selected_id or model is None:
            return
        rows = [model.row_of(i) for i in (self.selected_id, combatant_id) if i is not None]
        self.selected_id = combatant_id
        self._repaint_rows([row for row in rows if row >= 0])

    def follow(self, model: WarScrollModel) -> None:
        self.grid_model = model
        model.summaries_changed.connect(self._repaint_rows)
        model.renamed.connect(self._on_renamed_rows)

    def _on_renamed_rows(self, rows: list[int]) -> None:
        """Renamed rows (`WarScrollModel.renamed`): measured again, repainted; a name
        wider than the column widens it."""
        self._forget_rows(rows)
        widest = max(self.sectionSizeFromContents(row).width() for row in rows)
        if widest > self._widest:
            self._widest = widest
            self.geometriesChanged.emit()  # the grid lays itself out again
        self._repaint_rows(rows)

    def _repaint_rows(self, rows: list[int]) -> None:
        viewport = self.viewport()
        for row in rows:
            top = self.sectionViewportPosition(row)
            if top + self.sectionSize(row) >= 0 and top < viewport.height():
                viewport.update(QRect(0, top, viewport.width(), self.sectionSize(row)))

    def paintSection(self, painter: QPainter, rect: QRect, logicalIndex: int) -> None:  # noqa: N803
        summary = self.grid_model.summary_at(logicalIndex) if self.grid_model else None
        if summary is None:
            super().paintSection(painter, rect, logicalIndex)
            return
        palette = self.palette()
        selected = summary.id == self.selected_id
        if not self.kept.keep:
            self._paint_block(painter, rect, summary, palette, selected)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        font = self.font()
        look = (rect.width(), rect.height(), palette.cacheKey(), font_key(font), ratio)
        group = palette.currentColorGroup().value
        key = (summary, selected, group, *look)
        draw = partial(self._drawn, rect.size(), summary, palette, selected, ratio)
        painter.drawPixmap(rect.topLeft(), self.kept.pixmap(key, draw))

    def _drawn(
        self,
        size: QSize,
        summary: CombatantSummary,
        palette: QPalette,
        selected: bool,
        ratio: float,
    ) -> QPixmap:
        """The block drawn at the origin of a pixmap of its size."""
        pixmap = QPixmap(size * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        inner = QPainter(pixmap)
        self._paint_block(inner, QRect(QPoint(0, 0), size), summary, palette, selected)
        inner.end()
        return pixmap

    def _paint_block(
        self,
        painter: QPainter,
        rect: QRect,
        summary: CombatantSummary,
        palette: QPalette,
        selected: bool,
    ) -> None:
        painter.save()
        ground = QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.Base
        fill(painter, rect, palette.brush(ground))
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.drawLine(rect.topRight(), rect.bottomRight())
        painter.restore()
        block = rect.adjusted(0, 0, -1, -1)
        paint_cell(painter, block, summary, self.font(), palette, selected)

    def viewportEvent(self, event: QEvent) -> bool:
        """A badge's tooltip: its effect's name, note and time left (elsewhere, the
        name's own)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            row = self.logicalIndexAt(event.pos())
            summary = self.grid_model.summary_at(row) if self.grid_model and row >= 0 else None
            if summary is not None:
                top = self.sectionViewportPosition(row)
                rect = QRect(0, top, self.viewport().width() - 1, self.sectionSize(row) - 1)
                line = name_line(rect, self.font(), summary)
                placed = effect_badges.place(summary.badges, line, self.font())
                tip = effect_badges.tooltip_at(placed, event.pos())
                if tip is not None:
                    QToolTip.showText(event.globalPos(), plain_tip(tip), self.viewport())
                    return True
        return super().viewportEvent(event)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            old.headerDataChanged.disconnect(self._on_renamed)
            for signal in _structure_signals(old):
                signal.disconnect(self._on_rows_changed)
        self._sizes.clear()
        if model is not None:  # before the header's own: sizes are forgotten first
            model.headerDataChanged.connect(self._on_renamed)
            for signal in _structure_signals(model):
                signal.connect(self._on_rows_changed)
        super().setModel(model)

    def _forget_sizes(self) -> None:
        self._sizes.clear()
        self._widest = 0

    def _on_rows_changed(self, *_args: object) -> None:
        """Rows added, removed or moved: the names kept stay measured (those gone are
        forgotten); the column's width is found again (it may narrow)."""
        model = self.grid_model
        if model is None:
            self._forget_sizes()
            return
        # Of the few names measured, those still here: no pass over every row.
        self._sizes = {key: size for key, size in self._sizes.items() if model.holds(key)}
        self._widest = 0

    def _forget_rows(self, rows: list[int]) -> None:
        model = self.grid_model
        for row in rows:
            combatant = model.combatant_at(row) if model is not None else None
            if combatant is not None:
                self._sizes.pop(combatant.id, None)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        self._widest = max(self._widest, hint.width())
        return QSize(self._widest, hint.height())

    def _on_renamed(self, orientation: Qt.Orientation, first: int, last: int) -> None:
        if orientation == Qt.Orientation.Vertical:
            self._forget_rows(list(range(first, last + 1)))

    def sectionSizeFromContents(self, logicalIndex: int) -> QSize:  # noqa: N803 (Qt)
        model = self.grid_model
        combatant = model.combatant_at(logicalIndex) if model is not None else None
        size = self._sizes.get(combatant.id) if combatant is not None else None
        if size is None:
            size = super().sectionSizeFromContents(logicalIndex)
            summary = model.summary_at(logicalIndex) if model is not None else None
            if summary is not None:
                width = max(size.width(), cell_width(summary, self.font()))
                size = QSize(min(max(width, NAMES_MIN), NAMES_MAX), cell_height(self.font()))
            if combatant is not None:
                self._sizes[combatant.id] = size
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


class WarScrollGrid(FreshRows):
    """The War Scroll; a click on a row (its name or a cell), or the arrow keys, select
    its character everywhere (`combatant_selected`)."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("war_scroll_grid")
        # The names' blocks as drawn (`keep` False: drawn straight, as tests spying on
        # the drawing need).
        self.kept: KeptPixmaps[Hashable] = KeptPixmaps(NAMES_KEPT)
        names = NameHeader(self.kept, self)
        # Fonts set directly, not by a style sheet: a style sheet makes every cell's
        # painting go through the style sheet engine (half again the cost of a repaint,
        # and the grid repaints as the clock moves). Before the model: set after, each
        # measured the names of a large fight's first and last hundred rows again.
        font = self.font()
        font.setPointSize(13)
        self.setFont(font)
        header = self.horizontalHeader()
        header_font = header.font()
        header_font.setPointSize(12)
        header.setFont(header_font)
        names.setFont(header_font)
        self.grid_model = WarScrollModel(document, self, own_names=True)
        # The model first, then the header, which the view hands its model: handed the
        # view's empty model (a class private to Qt), PySide would load every model
        # class it has, and make their enums, to name it.
        self.setModel(self.grid_model)
        self.setVerticalHeader(names)
        names.follow(self.grid_model)
        self.watch_rows(self.grid_model)
        self.keep_scroll_bar()  # no column narrowed by a row more
        self.setItemDelegate(CellDelegate(self.grid_model, self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._dress_grid()  # the grid's colour, set directly too
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setDefaultSectionSize(CELL_WIDTH)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(cell_height(header_font))
        self.grid_model.columnsInserted.connect(self._size_gap)
        self.grid_model.columnsRemoved.connect(self._size_gap)
        self.grid_model.modelReset.connect(self._size_gap)
        self._size_gap()
        # Tied characters are the Host's to order: dragged by their name or a cell.
        self.row_drag = RowDrag(self)
        self.selectionModel().currentChanged.connect(lambda now, _: self._select(now.row()))
        names.sectionPressed.connect(self._select)

    def _select(self, row: int) -> None:
        combatant = self.grid_model.combatant_at(row) if row >= 0 else None
        if combatant is not None:
            self.combatant_selected.emit(combatant.id)

    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this combatant (None: nobody): its name is highlighted."""
        names = self.verticalHeader()
        if isinstance(names, NameHeader):
            names.show_selected(combatant_id)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt)
        """With no current cell, Qt makes the first row's current as the grid takes the
        keyboard, and that selected the first combatant: when the window came back after
        the Add form, the one just added lost the inspector to it. The current cell is
        the selected combatant's instead (its row, the first column in sight)."""
        names, model = self.verticalHeader(), self.grid_model
        chosen = names.selected_id if isinstance(names, NameHeader) else None
        if not self.currentIndex().isValid() and model is not None and chosen is not None:
            row = model.row_of(chosen)
            if row >= 0:
                index = model.index(row, max(0, self.columnAt(0)))
                self.selectionModel().setCurrentIndex(
                    index, QItemSelectionModel.SelectionFlag.NoUpdate
                )
        super().focusInEvent(event)

    def bring_into_sight(self, combatant_id: str) -> None:
        """The combatant's row scrolled into sight (one just added, below the fold);
        the columns in sight stay so."""
        row = self.grid_model.row_of(combatant_id)
        if row >= 0:
            column = max(0, self.columnAt(0))
            self.scrollTo(self.grid_model.index(row, column), self.ScrollHint.EnsureVisible)

    def _dress_grid(self) -> None:
        """The grid lines in the scheme's colour (set again when the window gives the
        view the scheme's palette)."""
        palette = self.palette()
        wanted = QColor(GRID_LINES[is_dark(palette)])
        if palette.color(QPalette.ColorRole.Mid) != wanted:
            palette.setColor(QPalette.ColorRole.Mid, wanted)
            self.setPalette(palette)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._dress_grid()

    def _size_gap(self, *_args: object) -> None:
        for column in range(self.grid_model.columnCount()):
            width = GAP_WIDTH if self.grid_model.is_gap(column) else CELL_WIDTH
            self.horizontalHeader().resizeSection(column, width)
