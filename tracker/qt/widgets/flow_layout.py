"""A layout that places its widgets left to right and wraps them onto a new line when
the width runs out, so a row of many small widgets never forces a wide window."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items keep their size hints; a line holds as many as fit. The minimum width is
    that of the widest item, the height follows the width (height-for-width) and, for
    a width, only grows: chips whose texts change ("Roll for Bugbear", then "Roll for
    Ayla") may wrap onto one line less, but what sits below them does not move up and
    down with every selection (the whole fight view moved and was repainted)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        # Heights for widths, until an item changes: Qt asks the same width many times
        # while a window is laid out (dozens before the first frame).
        self._heights: dict[int, int] = {}
        self._tallest: dict[int, int] = {}  # the most each width has needed, kept
        self.setContentsMargins(0, 0, 0, 0)

    # --- QLayout's item list ------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()  # as Qt's own layouts do

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self.invalidate()
        return self._items.pop(index)

    # --- geometry -----------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            needed = self._place(QRect(0, 0, width, 0), move=False)
            self._tallest[width] = max(needed, self._tallest.get(width, 0))
            self._heights[width] = self._tallest[width]
        return self._heights[width]

    def invalidate(self) -> None:
        """An item was added, taken, shown, hidden or changed its size hint."""
        self._heights.clear()
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        """As wide as every item on one line (the layout wraps when given less)."""
        visible = [item for item in self._items if not item.isEmpty()]
        width = sum(item.sizeHint().width() for item in visible)
        width += self._spacing * max(0, len(visible) - 1)
        height = max((item.sizeHint().height() for item in visible), default=0)
        return QSize(width, height) + self._margin_size()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        return size + self._margin_size()

    def _margin_size(self) -> QSize:
        margins: QMargins = self.contentsMargins()
        return QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in `rect` (moving them when `move`); return the height used."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line_height = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            hint.setWidth(min(hint.width(), max(area.width(), item.minimumSize().width())))
            if x > area.x() and x + hint.width() > area.right() + 1:
                x = area.x()
                y += line_height + self._spacing
                line_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y() + margins.bottom()
