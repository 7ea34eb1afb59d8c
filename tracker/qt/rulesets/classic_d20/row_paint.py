"""How the d20 initiative view draws its rows: the initiative count large, with a bracket
down the rows of a group that acts together (filled in on the group's turn, so the
whole group reads as the one acting); the identity block (the generic one, the lair's
row tinted as a place, not a creature); what is left of the turn and the states as
small pills, each kind in its own colour and words (never colour alone). Each cell is
drawn once per row value and look, then put back as a pixmap (`painted_cells`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from tracker.qt.appearance import is_dark
from tracker.qt.brushes import fill, solid
from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.rulesets.classic_d20.order_model import RowRole
from tracker.qt.rulesets.classic_d20.painted_cells import CellPixmaps
from tracker.qt.rulesets.classic_d20.rows import Chip, D20Row
from tracker.qt.views.combatant_cell import (
    TAG_PAD,
    CombatantCellDelegate,
    cell_height,
    cell_width,
    small_font,
    tag_font,
)

Index = QModelIndex | QPersistentModelIndex

BRACKET_W = 5
PILL_PAD = 5
PILL_GAP = 4
INIT_WIDTH = 56
ONE_LINE_MAX = 560  # an identity block on one line asks for no more

# Per scheme (False: light, True: dark): the group's bracket and band, the lair's tint,
# and each kind of pill's ink (at least 4.5:1 on the table's base in its scheme).
TINTS: dict[bool, dict[str, str]] = {
    False: {"bracket": "#6a4fa3", "band": "#eee8f7", "lair": "#ece7dc"},
    True: {"bracket": "#b8a1ee", "band": "#2d2640", "lair": "#39342a"},
}
PILL_INK: dict[bool, dict[str, str]] = {
    False: {
        "concentration": "#6a1b9a",
        "death": "#b3261e",
        "ready": "#1d4f91",
        "delay": "#6b4e00",
        "surprise": "#8a4100",
        "roll": "#4a4f57",
        "spent": "#5f6368",
        "left": "#1e6b2a",
    },
    True: {
        "concentration": "#dcb6ff",
        "death": "#ff8a80",
        "ready": "#8ab4ff",
        "delay": "#ffd36b",
        "surprise": "#ffb870",
        "roll": "#c7cad1",
        "spent": "#a8abb2",
        "left": "#8fd694",
    },
}
ON_GOLD = "#000000"  # every pill's ink on the turn's gold


def _row(index: Index) -> D20Row | None:
    row = index.data(RowRole)
    return row if isinstance(row, D20Row) else None


def _tint(painter: QPainter, option: QStyleOptionViewItem, row: D20Row) -> None:
    """The lair's row and a group's rows (but on its turn: the gold) have a tint."""
    if row.acting or option.state & QStyle.StateFlag.State_Selected:
        return
    kind = "lair" if row.is_lair else "band" if row.group else ""
    if kind:
        fill(painter, option.rect, solid(TINTS[is_dark(option.palette)][kind]))


def _panel(
    delegate: QStyledItemDelegate, painter: QPainter, option: QStyleOptionViewItem, index: Index
) -> None:
    """The cell's own background (the turn's gold, the selection), without its text."""
    item = QStyleOptionViewItem(option)
    delegate.initStyleOption(item, index)
    item.text = ""
    widget = option.widget
    style = widget.style() if widget is not None else QApplication.style()
    style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, item, painter, widget)


def _ink(option: QStyleOptionViewItem, row: D20Row) -> QColor:
    if option.state & QStyle.StateFlag.State_Selected:
        return option.palette.color(QPalette.ColorRole.HighlightedText)
    if row.acting:
        return QColor(ON_GOLD)
    return option.palette.color(QPalette.ColorRole.Text)


class KeptCells(QStyledItemDelegate):
    """A delegate whose rows' cells are drawn by `paint_row` once per row value and
    look (`cells`, the view's, shared by its columns) and put back as pixmaps."""

    def __init__(self, cells: CellPixmaps, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells = cells

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        row = _row(index)
        if row is None:
            super().paint(painter, option, index)
            return
        self._cells.paint(painter, option, index, row, self.paint_row)

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, row: D20Row
    ) -> None:
        raise NotImplementedError


class InitDelegate(KeptCells):
    """The initiative count, large and bold; a group's bracket at the left."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(INIT_WIDTH, super().sizeHint(option, index).width()), 0)

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, row: D20Row
    ) -> None:
        painter.save()
        _tint(painter, option, row)
        _panel(self, painter, option, index)
        rect = option.rect
        if row.group:
            self._bracket(painter, rect, row, is_dark(option.palette))
        font = QFont(option.font)
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3 if font.pointSizeF() > 0 else 15.0)
        painter.setFont(font)
        painter.setPen(_ink(option, row))
        text_rect = rect.adjusted(BRACKET_W + 2, 0, 0, 0)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, row.initiative)
        painter.restore()

    @staticmethod
    def _bracket(painter: QPainter, rect: QRect, row: D20Row, dark: bool) -> None:
        """A bar down the group's rows, closed at its first and last: on the group's
        turn it is drawn in ink on the gold."""
        color = QColor(ON_GOLD if row.group_acting else TINTS[dark]["bracket"])
        top = rect.top() + (4 if row.group == "first" else 0)
        bottom = rect.bottom() - (4 if row.group == "last" else 0)
        left = rect.left() + 3
        fill(painter, QRect(left, top, BRACKET_W - 1, bottom - top + 1), solid(color))
        cap = 7
        if row.group == "first":
            fill(painter, QRect(left, top, cap, 2), solid(color))
        if row.group == "last":
            fill(painter, QRect(left, bottom - 1, cap, 2), solid(color))


class WhoDelegate(KeptCells, CombatantCellDelegate):
    """The generic identity block over the row's tint. In rows of one line (`one_line`
    says so: a long fight) its second line follows the name: the cell asks for both."""

    def __init__(
        self, cells: CellPixmaps, one_line: Callable[[], bool], parent: QWidget | None = None
    ) -> None:
        super().__init__(cells, parent)
        self._one_line = one_line

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """The block's (`CombatantCellDelegate`); in one line, the name's line and the
        second line side by side (the block's own width is not measured then)."""
        summary = index.data(SummaryRole)
        if not self._one_line() or not isinstance(summary, CombatantSummary):
            return super().sizeHint(option, index)
        first = cell_width(replace(summary, health="", details=""), option.font)
        second = QFontMetrics(small_font(option.font)).horizontalAdvance(summary.second_line)
        width = min(first + second + 2 * TAG_PAD, ONE_LINE_MAX)
        return QSize(width, cell_height(option.font))  # as the block's

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, row: D20Row
    ) -> None:
        _tint(painter, option, row)
        CombatantCellDelegate.paint(self, painter, option, index)


class PillsDelegate(KeptCells):
    """A row of pills (`turn` or `states` of the row); those that do not fit are left
    out (the cell's tooltip says them all)."""

    def __init__(self, cells: CellPixmaps, states: bool, parent: QWidget | None = None) -> None:
        super().__init__(cells, parent)
        self._states = states

    def _chips(self, row: D20Row) -> tuple[Chip, ...]:
        return row.states if self._states else row.turn

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        row = _row(index)
        if row is None:
            return super().sizeHint(option, index)
        metrics = QFontMetrics(tag_font(option.font))
        width = sum(
            metrics.horizontalAdvance(c.text) + 2 * PILL_PAD + PILL_GAP for c in self._chips(row)
        )
        return QSize(width + 2 * PILL_GAP, metrics.height() + 6)

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, row: D20Row
    ) -> None:
        painter.save()
        _tint(painter, option, row)
        _panel(self, painter, option, index)
        font = tag_font(option.font)
        metrics = QFontMetrics(font)
        painter.setFont(font)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        dark = is_dark(option.palette)
        height = metrics.height() + 4
        top = option.rect.top() + (option.rect.height() - height) // 2
        x = option.rect.left() + PILL_GAP
        for chip in self._chips(row):
            width = metrics.horizontalAdvance(chip.text) + 2 * PILL_PAD
            if x + width > option.rect.right() - PILL_GAP:
                break
            if selected:
                ink = option.palette.color(QPalette.ColorRole.HighlightedText)
            elif row.acting:
                ink = QColor(ON_GOLD)
            else:
                ink = QColor(PILL_INK[dark][chip.kind])
            pen = QPen(ink, 1.2)
            if chip.kind == "spent":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            box = QRect(x, top, width, height)
            painter.drawRoundedRect(box.adjusted(0, 0, -1, -1), height / 2, height / 2)
            painter.setPen(ink)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, chip.text)
            x += width + PILL_GAP
        painter.restore()
