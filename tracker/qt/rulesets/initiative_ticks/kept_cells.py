"""The tick table's cells drawn once and kept as pixmaps (issue 26).

A row costs about a millisecond of Python to draw (the identity block alone some
300 µs), and the table repaints every row shown when a combatant comes or goes (the
rows under it move), when its columns are fitted again or the window is active again
after a dialog. A cell is drawn only when what it shows (its texts and colours, its
mark, its combatant's summary) or its look (size, state, palette, font) was not kept
yet; otherwise its pixmap is put back, a few microseconds. The table names the pixmaps
`kept` (`kept.keep = False`: drawn straight into the table, as tests spying on the
drawing need)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QBrush, QFont, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 8 * 1024 * 1024  # bytes of pixmaps kept: a few screens of rows
SELECTED = QStyle.StateFlag.State_Selected.value
ACTIVE = QStyle.StateFlag.State_Active.value
_ROLE = Qt.ItemDataRole
# What a text cell is drawn from, but its look.
TEXT_ROLES = tuple(
    map(
        int,
        (
            _ROLE.DisplayRole,
            _ROLE.FontRole,
            _ROLE.TextAlignmentRole,
            _ROLE.ForegroundRole,
            _ROLE.BackgroundRole,
        ),
    )
)
Index = QModelIndex | QPersistentModelIndex
# Width, height, state, features, palette, colour group, font, direction, pixel ratio.
Look = tuple[int, int, int, int, int, int, str, int, float]
CellKey = tuple[int, Hashable, Look]  # column, what it shows, look
Draw = Callable[[QPainter, QStyleOptionViewItem], None]


def look_of(option: QStyleOptionViewItem, ratio: float) -> Look:
    """All of the option a cell is drawn from but what it shows. The window active or
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


def put_kept(
    kept: KeptPixmaps[CellKey],
    painter: QPainter,
    option: QStyleOptionViewItem,
    shown: tuple[int, Hashable],
    draw: Draw,
) -> None:
    """Put the cell's pixmap at `option.rect`, drawn first with `draw` (on a
    transparent pixmap, the cell at its origin) if `shown` (its column and what it
    shows) was not kept in this look; straight into the table if `kept` does not keep."""
    if not kept.keep:
        draw(painter, option)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    key = (shown[0], shown[1], look_of(option, ratio))
    pixmap = kept.pixmap(key, lambda: _drawn(painter, option, ratio, draw))
    painter.drawPixmap(option.rect.topLeft(), pixmap)


def _drawn(painter: QPainter, option: QStyleOptionViewItem, ratio: float, draw: Draw) -> QPixmap:
    size = option.rect.size()
    pixmap = QPixmap(size * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    local = QStyleOptionViewItem(option)
    local.rect = QRect(QPoint(0, 0), size)
    inner = QPainter(pixmap)
    inner.setRenderHints(painter.renderHints())
    draw(inner, local)
    inner.end()
    return pixmap


def _hashable(value: object) -> Hashable:
    """A role's value as a key: a brush by its colour, a font by its description."""
    if isinstance(value, QBrush):
        return ("brush", value.color().rgba(), value.style().value)
    if isinstance(value, QFont):
        return ("font", value.key())
    return value if isinstance(value, Hashable) else repr(value)


class KeptNameDelegate(CombatantCellDelegate):
    """The identity block of `CombatantCellDelegate`, put back from `kept` while the
    combatant's summary and the cell's look are the same."""

    def __init__(self, kept: KeptPixmaps[CellKey], parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        summary = index.data(SummaryRole)
        if not isinstance(summary, CombatantSummary):
            super().paint(painter, option, index)
            return

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            CombatantCellDelegate.paint(self, inner, local, index)

        put_kept(self.kept, painter, option, (index.column(), summary), draw)


class KeptTextDelegate(QStyledItemDelegate):
    """A text cell as `QStyledItemDelegate` draws it, put back from `kept` while its
    text, font, alignment and colours and its look are the same."""

    def __init__(self, kept: KeptPixmaps[CellKey], parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        model = index.model()
        shown = tuple(_hashable(model.data(index, role)) for role in TEXT_ROLES)

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            QStyledItemDelegate.paint(self, inner, local, index)

        put_kept(self.kept, painter, option, (index.column(), shown), draw)
