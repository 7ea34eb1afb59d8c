"""Rows of a word-wrapped table as tall as their texts need, between a least and a most
number of lines: a long text (Classic d20's "until the start of Fighter 17's turn in
round 99 (99 rounds) (concentration)") is shown whole instead of cut at the row's height.
Past the most, the text is elided and its tooltip holds all of it (`ElidedTipDelegate`).

Only the columns given are measured, and only the rows in sight told changed (inserted,
their data changed), each cell once per text, font and column width (kept): a change of
one effect measures one cell, a step that changes every effect's time left reads the
rows in sight alone, and a text seen before is not laid out again. A row is fitted as
it comes into sight (scrolled to, the view grown).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView, QWidget

from tracker.qt.views.viewports import viewport_of
from tracker.qt.widget_style import style_of

Index = QModelIndex | QPersistentModelIndex
KEPT_TEXTS = 512  # measured cells kept (forgotten all at once past it)


class FittedRows(QObject):
    """Fits `view`'s rows (its vertical header in Fixed mode: sized here, not by Qt) to
    the texts of `columns`, cells of a text alone (no icon, no check box); the other
    columns keep to the least lines, elided."""

    def __init__(self, view: QTableView, columns: tuple[int, ...], least: int, most: int) -> None:
        super().__init__(view)
        self._view = view
        self._columns = columns
        self._least, self._most = least, most
        self._told_width: tuple[int, int] | None = None  # (column, width) being resized
        # (column, width, font, text) → lines
        self._lines: dict[tuple[int, int, str, str], int] = {}
        model = view.model()
        model.rowsInserted.connect(self._on_rows)
        model.dataChanged.connect(self._on_data)
        for signal in (model.modelReset, model.layoutChanged, model.rowsMoved):
            signal.connect(self.fit_all)
        view.horizontalHeader().sectionResized.connect(self._on_column_resized)
        view.verticalScrollBar().valueChanged.connect(self.fit_all)  # other rows in sight
        viewport_of(view).installEventFilter(self)

    def line_height(self, lines: int) -> int:
        """A row's height for so many lines of text."""
        return lines * self._view.fontMetrics().lineSpacing() + 6

    def fit_all(self, *_args: object) -> None:
        """Fit the rows in sight."""
        self.fit(0, self._view.model().rowCount() - 1)

    def _on_rows(self, _parent: Index, first: int, last: int) -> None:
        self.fit(first, last)

    def _on_data(self, top_left: Index, bottom_right: Index, *_roles: object) -> None:
        self.fit(top_left.row(), bottom_right.row())

    def _on_column_resized(self, column: int, old: int, new: int) -> None:
        """Told while the header resizes its sections: `columnWidth` may not say the
        new width yet, so it is taken from the signal."""
        if old != new and column in self._columns:
            self._told_width = (column, new)
            try:
                self.fit_all()
            finally:
                self._told_width = None

    def fit(self, first: int, last: int) -> None:
        """Fit the rows `first` to `last` (the model's rows, inclusive) that are in
        sight; rows fitted shorter may bring more of them into sight."""
        header = self._view.verticalHeader()
        row = max(first, self._sight()[0])
        while row <= min(last, self._sight()[1]):
            height = self.line_height(max(self._least, min(self._most, self._needed(row))))
            if header.sectionSize(row) != height:
                header.resizeSection(row, height)
            row += 1

    def _sight(self) -> tuple[int, int]:
        """The first and last rows in sight (a row out of sight is fitted as it comes
        into sight: scrolled to, the view grown)."""
        view = self._view
        top = view.rowAt(0)
        bottom = view.rowAt(viewport_of(view).height() - 1)
        return max(top, 0), bottom if bottom >= 0 else view.model().rowCount() - 1

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Resize:
            self.fit_all()  # rows came into sight
        return False

    def _needed(self, row: int) -> int:
        """The lines of the row's tallest text (its display text, in its font), wrapped
        as the style paints it."""
        view = self._view
        model = view.model()
        lines = 1
        for column in self._columns:
            index = model.index(row, column)
            text = index.data(Qt.ItemDataRole.DisplayRole)
            font = index.data(Qt.ItemDataRole.FontRole)  # bold when ending soon
            if not isinstance(text, str) or not text:
                continue
            font = font if isinstance(font, QFont) else view.font()
            told = self._told_width
            width = told[1] if told is not None and told[0] == column else view.columnWidth(column)
            key = (column, width, font.key(), text)
            found = self._lines.get(key)
            if found is None:  # laid out as the style paints a text alone
                option = QStyleOptionViewItem()
                option.initFrom(view)
                option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
                option.font, option.text = font, text
                option.rect = QRect(0, 0, width, self.line_height(self._most))
                found = wrapped_lines(option, view)
                if len(self._lines) >= KEPT_TEXTS:
                    self._lines.clear()
                self._lines[key] = found
            lines = max(lines, found)
        return lines


def wrapped_lines(option: QStyleOptionViewItem, widget: QWidget) -> int:
    """The lines `option.text` takes in `option.rect`, wrapped as Qt's style wraps an
    item view's text (`QCommonStyle`'s viewItemDrawText: its margins, line separators,
    breaks at a word or anywhere). (QTextLayout and QTextOption imported at the first
    text measured: PySide loads a class, and makes its enums, as it is first imported;
    the whole window opens with no effect to measure.)"""
    from PySide6.QtGui import QTextLayout, QTextOption

    style = style_of(widget)
    room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
    layout = QTextLayout(option.text.replace("\n", "\u2028"), option.font)
    wrap = QTextOption()
    wrap.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(wrap)
    layout.beginLayout()
    lines = 0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(room.width() - 2 * margin)
        lines += 1
    layout.endLayout()
    return max(lines, 1)
