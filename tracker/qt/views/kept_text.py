"""Text cells drawn once and kept as pixmaps (issue 26).

`QStyledItemDelegate` reads each text cell's roles from the model (Python: a call into
it per role) and lays its text out at every paint: some 50 µs a cell, most of a
table's repaint where the rows move or come into sight (a combatant added scrolls the
fight view to it). `KeptTextDelegate` draws a cell as that delegate does, once per
what it shows (its text, font, alignment and colours: `shown_of`) and its look (size,
state, palette, font: `kept_pixmaps.look_of`), and puts the pixmap back after that.

A model that keeps what its cells show may answer `shown(index)` itself (read once per
change of the row, not once per paint); any other is read through `data()`."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tracker.qt.views.kept_pixmaps import KeptCells

Index = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
# What a text cell draws (ints, worked out once: an enum's conversion costs more than
# the look-up in the function every cell's paint calls).
TEXT_ROLES = tuple(
    int(role)
    for role in (
        _ROLE.DisplayRole,
        _ROLE.FontRole,
        _ROLE.TextAlignmentRole,
        _ROLE.ForegroundRole,
        _ROLE.BackgroundRole,
    )
)


def shown_of(model: QAbstractItemModel, index: Index) -> Hashable:
    """What a text cell draws, read through `data()`: a brush by its colour and style,
    a font by its description."""
    return tuple(_hashable(model.data(index, role)) for role in TEXT_ROLES)


def _hashable(value: object) -> Hashable:
    if isinstance(value, QBrush):
        return ("brush", value.color().rgba(), value.style().value)
    if isinstance(value, QFont):
        return ("font", value.key())
    return value if isinstance(value, Hashable) else repr(value)


class KeptTextDelegate(QStyledItemDelegate):
    """A text cell as `QStyledItemDelegate` draws it, put back from `kept` while its
    text, font, alignment and colours and its look are the same."""

    def __init__(self, kept: KeptCells, parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        model = index.model()
        kept: Callable[[Index], Hashable] | None = getattr(model, "shown", None)
        shown = kept(index) if kept is not None else shown_of(model, index)

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            QStyledItemDelegate.paint(self, inner, local, index)

        self.kept.put(painter, option, index.column(), shown, draw)
