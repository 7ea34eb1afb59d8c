"""The tick table's name cells drawn once and kept as pixmaps (issue 26).

An identity block costs about 300 µs of Python to draw, and the table repaints every
row shown when a combatant comes or goes (the rows under it move), when its columns
are fitted again or the window is active again after a dialog. A block is drawn only
when its combatant's summary or its look (size, state, palette, font) was not kept
yet; otherwise its pixmap is put back, a few microseconds. The table names the pixmaps
`kept` (`kept.keep = False`: drawn straight into the table, as tests spying on the
drawing need)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QWidget

from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 4 * 1024 * 1024  # bytes of pixmaps kept: a few screens of name cells
SELECTED = QStyle.StateFlag.State_Selected.value
ACTIVE = QStyle.StateFlag.State_Active.value
Index = QModelIndex | QPersistentModelIndex
# Width, height, state, features, palette, colour group, font, direction, pixel ratio.
Look = tuple[int, int, int, int, int, int, str, int, float]
NameKey = tuple[CombatantSummary, Look]


def look_of(option: QStyleOptionViewItem, ratio: float) -> Look:
    """All of the option a cell is drawn from but its summary. The window active or
    not draws alike unless the cell is selected and the palette's selection has
    colours of its own in an inactive window (the Add dialog closed draws nothing)."""
    palette = option.palette
    state = option.state.value
    roles = (QPalette.ColorRole.Highlight, QPalette.ColorRole.HighlightedText)
    active, inactive = QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive
    own = any(palette.color(active, role) != palette.color(inactive, role) for role in roles)
    if not (state & SELECTED and own):
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


class KeptNameDelegate(CombatantCellDelegate):
    """The identity block of `CombatantCellDelegate`, put back from `kept` while the
    combatant's summary and the cell's look are the same."""

    def __init__(self, kept: KeptPixmaps[NameKey], parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        summary = index.data(SummaryRole)
        if not self.kept.keep or not isinstance(summary, CombatantSummary):
            super().paint(painter, option, index)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (summary, look_of(option, ratio))
        pixmap = self.kept.pixmap(key, lambda: self._draw(painter, option, index, ratio))
        painter.drawPixmap(option.rect.topLeft(), pixmap)

    def _draw(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, ratio: float
    ) -> QPixmap:
        size = option.rect.size()
        pixmap = QPixmap(size * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        local = QStyleOptionViewItem(option)
        local.rect = QRect(QPoint(0, 0), size)
        inner = QPainter(pixmap)
        inner.setRenderHints(painter.renderHints())
        super().paint(inner, local, index)
        inner.end()
        return pixmap
