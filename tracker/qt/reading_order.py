"""Tab follows what the eye reads: the fields of a form top to bottom (left to right on
one line), then its buttons, whatever order the widgets were made in.

Qt's Tab order is the order widgets joined their window, which drifts from the
layout as soon as a form is built in pieces (a ruleset's fields added after the
buttons were made, a row shown later). `ReadingOrder` sorts the Tab chain of a widget
by where its parts stand on screen, when it is shown and whenever its layout changes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

RELAYOUT = (QEvent.Type.Show, QEvent.Type.LayoutRequest)
# The focus policies with Tab in them: a look-up, not Qt's flags combined in Python (an
# enum made anew per widget: most of a sort of a form's sixty widgets).
TABBED = frozenset(
    policy
    for policy in Qt.FocusPolicy.__members__.values()
    if policy.value & Qt.FocusPolicy.TabFocus.value
)


def _takes_tab(widget: QWidget, root: QWidget) -> bool:
    return (
        widget.focusPolicy() in TABBED
        and widget.focusProxy() is None  # a box's inner text field: the box stands for it
        and widget.isVisibleTo(root)
    )


def reading_order(root: QWidget) -> list[QWidget]:
    """The widgets of `root` that Tab reaches, in reading order: by lines (widgets whose
    middles lie within the height of a line's first widget share its line), each line
    left to right."""
    placed = []
    for widget in root.findChildren(QWidget):
        if _takes_tab(widget, root):
            corner = widget.mapTo(root, QPoint(0, 0))
            placed.append((corner.y() + widget.height() / 2, corner, widget))
    placed.sort(key=lambda item: (item[0], item[1].x()))
    lines: list[list[tuple[int, QWidget]]] = []
    line_bottom = -1.0
    for middle, corner, widget in placed:
        if not lines or middle > line_bottom:
            lines.append([])
            line_bottom = corner.y() + widget.height()
        lines[-1].append((corner.x(), widget))
    return [widget for line in lines for _x, widget in sorted(line, key=lambda item: item[0])]


def follow_reading_order(root: QWidget) -> list[QWidget]:
    """Put the Tab chain of `root`'s widgets in reading order (other widgets of the
    window keep their places): the order, as set."""
    order = reading_order(root)
    for before, after in zip(order, order[1:], strict=False):
        if before.nextInFocusChain() is not after:
            QWidget.setTabOrder(before, after)
    return order


class ReadingOrder(QObject):
    """Keeps `root`'s Tab chain in reading order: sorted as it is shown (before a dialog
    gives its first widget the focus) and once its layout settles when it is laid out
    anew (a row appears, a ruleset brings other fields). A kept dialog shown again as it
    was is sorted once, not again after the show."""

    def __init__(self, root: QWidget) -> None:
        # Not a child of `root`: a child filter is deleted in the middle of the root's
        # own destruction, while the root still sends it events (a crash). The form
        # keeps this object as long as it lives; Qt drops the filter with the root.
        super().__init__()
        self._root = root
        self._due = False
        root.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        root = getattr(self, "_root", None)  # None while Python tears the object down
        if watched is not root or event.type() not in RELAYOUT:
            return False
        if event.type() == QEvent.Type.Show:  # laid out already: before the first focus
            follow_reading_order(self._root)
            return False  # a layout still to settle asks with its own request
        if not self._due:
            self._due = True
            QTimer.singleShot(0, self, self._sort)  # once the layout has placed them
        return False

    def _sort(self) -> None:
        self._due = False
        if isValid(self._root) and self._root.isVisible():
            follow_reading_order(self._root)
