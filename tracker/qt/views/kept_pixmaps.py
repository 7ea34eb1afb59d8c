"""Pixmaps a view draws once and puts back while what they show is the same (issue 26:
a ruleset view's rows or blocks drawn in Python cost most of a step's paint, and Qt
repaints them far more often than they change). Kept by a key holding everything
their pixels depend on, the least recently shown going first past a budget in bytes.

A view that keeps its drawing so names its `KeptPixmaps` `kept`; with `keep` False it
draws straight into itself, kept nowhere (as a test spying on the drawing needs)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import partial
from typing import Generic, TypeVar

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFont, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

K = TypeVar("K", bound=Hashable)


class KeptPixmaps(Generic[K]):
    """`pixmap(key, draw)`: the pixmap kept for `key`, else `draw()`'s, then kept.
    `drawn` counts the pixmaps drawn afresh (what a repaint of unchanged things should
    not add to)."""

    def __init__(self, limit: int) -> None:
        self._kept: OrderedDict[K, QPixmap] = OrderedDict()
        self._limit = limit  # bytes
        self._bytes = 0
        self.drawn = 0
        self.keep = True

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def bytes(self) -> int:
        return self._bytes

    def clear(self) -> None:
        self._kept.clear()
        self._bytes = 0

    def pixmap(self, key: K, draw: Callable[[], QPixmap]) -> QPixmap:
        found = self.kept_pixmap(key)
        if found is not None:
            return found
        self.drawn += 1
        pixmap = self._kept[key] = draw()
        self._bytes += _size(pixmap)
        while self._bytes > self._limit and len(self._kept) > 1:
            self._bytes -= _size(self._kept.popitem(last=False)[1])
        return pixmap

    def kept_pixmap(self, key: K) -> QPixmap | None:
        """The pixmap kept for `key` (now the most recently shown), or None."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found


def _size(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4


# --- cells of an item view -------------------------------------------------------------
# Width, height, state, features, palette, colour group, font, direction, pixel ratio.
Look = tuple[int, int, int, int, int, int, str, int, float]
CellKey = tuple[int, Hashable, Look]  # column, what the cell shows, look
DrawCell = Callable[[QPainter, QStyleOptionViewItem], None]
_SELECTED = QStyle.StateFlag.State_Selected.value
_ACTIVE = QStyle.StateFlag.State_Active.value


class KeptCells(KeptPixmaps[CellKey]):
    """An item view's cells, kept by column, what the cell shows (a key of the caller's
    that changes whenever the cell's pixels may) and its look (`look_of`)."""

    def put(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        column: int,
        shown: Hashable,
        draw: DrawCell,
    ) -> None:
        """Put the cell's pixmap at `option.rect`, drawn first with `draw` (on a
        transparent pixmap, the cell at its origin) if it was not kept in this look;
        straight into the view if nothing is kept."""
        if not self.keep:
            draw(painter, option)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (column, shown, look_of(option, ratio))
        pixmap = self.pixmap(key, partial(_drawn, painter, option, ratio, draw))
        painter.drawPixmap(option.rect.topLeft(), pixmap)


def look_of(option: QStyleOptionViewItem, ratio: float) -> Look:
    """All of the option a delegate paints from but what the cell shows. A cell is
    drawn alike in an active window and an inactive one unless it is selected and the
    palette's selection has colours of its own in an inactive window: a dialog closed
    (the window active again) draws nothing anew."""
    palette = option.palette
    return (
        option.rect.width(),
        option.rect.height(),
        kept_state(option.state.value, inactive_selection(palette)),
        option.features.value,
        palette.cacheKey(),
        palette.currentColorGroup().value,
        font_key(option.font),
        option.direction.value,
        ratio,
    )


def kept_state(state: int, inactive: bool) -> int:
    """The state a cell is kept by: an active window's and an inactive one's are one,
    but for a selected cell where the selection has colours of its own in an inactive
    window (`inactive`: `inactive_selection` of the cell's palette)."""
    return state if state & _SELECTED and inactive else state & ~_ACTIVE


_INACTIVE_SELECTION: dict[int, bool] = {}  # a palette's cache key → its answer
_LAST_FONT: list[tuple[QFont, str]] = []  # the font last asked about, and its key


def font_key(font: QFont) -> str:
    """`font.key()`, built by Qt once per font, not once per cell painted: a string
    made anew at each call (0.2 ms of a repaint of 50 cells), where a comparison with
    the font before costs a tenth of it (every cell of a view shares a font)."""
    if _LAST_FONT and _LAST_FONT[0][0] == font:
        return _LAST_FONT[0][1]
    key = font.key()
    _LAST_FONT[:] = [(QFont(font), key)]
    return key


def inactive_selection(palette: QPalette) -> bool:
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


def _drawn(
    painter: QPainter, option: QStyleOptionViewItem, ratio: float, draw: DrawCell
) -> QPixmap:
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
