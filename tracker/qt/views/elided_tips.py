"""Cells show their text in full where there is room; where there is not, the text is
elided and its tooltip shows all of it (and only then)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from tracker.qt.rich_text import plain_tip


def is_elided(option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> bool:
    """Whether the cell's text is wider than the room its cell gives it."""
    text = index.data(Qt.ItemDataRole.DisplayRole)
    if not isinstance(text, str) or not text:
        return False
    widget = option.widget
    style = widget.style() if widget is not None else QApplication.style()
    room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
    lines = text.splitlines() or [text]
    widest = max(option.fontMetrics.horizontalAdvance(line) for line in lines)
    return widest > room.width() - 2 * margin


class ElidedTipDelegate(QStyledItemDelegate):
    """The default delegate, plus: a cell whose text does not fit shows it in full as
    its tooltip; a cell that fits shows the model's own tooltip, if any."""

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        if event is None or event.type() != QEvent.Type.ToolTip or not index.isValid():
            return super().helpEvent(event, view, option, index)
        full = QStyleOptionViewItem(option)
        self.initStyleOption(full, index)
        if is_elided(full, index):
            QToolTip.showText(event.globalPos(), plain_tip(str(index.data())), view.viewport())
            return True
        if index.data(Qt.ItemDataRole.ToolTipRole):
            return super().helpEvent(event, view, option, index)
        QToolTip.hideText()
        event.ignore()
        return True


class FitWidthDelegate(ElidedTipDelegate):
    """For a list: rows as wide as the list, never wider (a long name elides, with its
    tooltip, rather than pushing the row out of sight behind a scroll bar)."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(1, hint.height())
