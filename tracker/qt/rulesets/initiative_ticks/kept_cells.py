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
from PySide6.QtGui import QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.rulesets.initiative_ticks.model import TickModel, shown_of
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 8 * 1024 * 1024  # bytes of pixmaps kept: a few screens of rows
SELECTED = QStyle.StateFlag.State_Selected.value
ACTIVE = QStyle.StateFlag.State_Active.value
Index = QModelIndex | QPersistentModelIndex
# Width, height, state, features, palette, colour group, font, direction, pixel ratio.
Look = tuple[int, int, int, object, int, object, str, object, float]
CellKey = tuple[int, Hashable, Look]  # column, what it shows, look
Draw = Callable[[QPainter, QStyleOptionViewItem], None]


def look_of(option: QStyleOptionViewItem, ratio: float) -> Look:
    """All of the option a cell is drawn from but what it shows. The window active or
    not draws alike unless the cell is selected and the palette's selection has
    colours of its own in an inactive window (the Add dialog closed draws nothing)."""
    palette = option.palette
    key = palette.cacheKey()
    state = option.state.value
    if not (state & SELECTED and _inactive_selection(palette, key)):
        state &= ~ACTIVE
    return (
        option.rect.width(),
        option.rect.height(),
        state,
        option.features,
        key,
        palette.currentColorGroup(),
        option.font.key(),
        option.direction,
        ratio,
    )


_INACTIVE_SELECTION: dict[int, bool] = {}  # a palette's cache key → its answer


def _inactive_selection(palette: QPalette, key: int) -> bool:
    """Whether the selection looks otherwise in an inactive window (asked once per
    palette: a few a session)."""
    known = _INACTIVE_SELECTION.get(key)
    if known is None:
        if len(_INACTIVE_SELECTION) > 32:
            _INACTIVE_SELECTION.clear()
        roles = (QPalette.ColorRole.Highlight, QPalette.ColorRole.HighlightedText)
        active, inactive = QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive
        known = any(palette.color(active, r) != palette.color(inactive, r) for r in roles)
        _INACTIVE_SELECTION[key] = known
    return known


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
        shown = model.shown(index) if isinstance(model, TickModel) else shown_of(model, index)

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            QStyledItemDelegate.paint(self, inner, local, index)

        put_kept(self.kept, painter, option, (index.column(), shown), draw)
