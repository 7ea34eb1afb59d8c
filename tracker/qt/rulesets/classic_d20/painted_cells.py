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

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from tracker.qt.rulesets.classic_d20.rows import D20Row, Drawn
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 8 * 1024 * 1024  # bytes of pixmaps kept: three screens of rows and more
SELECTED = QStyle.StateFlag.State_Selected.value
ACTIVE = QStyle.StateFlag.State_Active.value
Index = QModelIndex | QPersistentModelIndex
Draw = Callable[[QPainter, QStyleOptionViewItem, Index, D20Row], None]
Look = tuple[int, int, int, int, int, int, str, int, float]


def look_of(option: QStyleOptionViewItem, ratio: float) -> Look:
    """All of the option a delegate paints from, but the row's own values. A cell is
    drawn alike in an active window and an inactive one unless it is selected and the
    palette's selection has colours of its own in an inactive window: a dialog closed
    (the window active again) draws nothing anew."""
    palette = option.palette
    state = option.state.value
    if not (state & SELECTED and _inactive_selection(palette)):
        state &= ~ACTIVE
    return (
        option.rect.width(),
        option.rect.height(),
        state,
        option.features.value,
        palette.cacheKey(),
        palette.currentColorGroup().value,
        option.font.key(),
        option.direction.value,
        ratio,
    )


_INACTIVE_SELECTION: dict[int, bool] = {}  # palette's cache key → its answer


def _inactive_selection(palette: QPalette) -> bool:
    """Whether the selection looks otherwise in an inactive window (not in the
    application's own palettes: asked once per palette)."""
    key = palette.cacheKey()
    known = _INACTIVE_SELECTION.get(key)
    if known is None:
        if len(_INACTIVE_SELECTION) > 32:
            _INACTIVE_SELECTION.clear()
        roles = (QPalette.ColorRole.Highlight, QPalette.ColorRole.HighlightedText)
        active, inactive = QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive
        known = any(palette.color(active, r) != palette.color(inactive, r) for r in roles)
        _INACTIVE_SELECTION[key] = known
    return known


class CellPixmaps(KeptPixmaps[tuple[Drawn, int, Look]]):
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
        """Put the cell's pixmap at `option.rect`, drawn first with `draw` (on a
        transparent pixmap, the cell at its origin) if this row was not kept so."""
        if not self.keep:
            draw(painter, option, index, row)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        column = index.column()
        slot = (row.drawn[column], column, look_of(option, ratio))
        pixmap = self.pixmap(slot, lambda: self._draw(painter, option, index, row, ratio, draw))
        painter.drawPixmap(option.rect.topLeft(), pixmap)

    def _draw(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: Index,
        row: D20Row,
        ratio: float,
        draw: Draw,
    ) -> QPixmap:
        size = option.rect.size()
        pixmap = QPixmap(size * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        local = QStyleOptionViewItem(option)
        local.rect = QRect(QPoint(0, 0), size)
        inner = QPainter(pixmap)
        inner.setRenderHints(painter.renderHints())
        draw(inner, local, index, row)
        inner.end()
        return pixmap
