"""The lanes' names (each lane's identity block and grip, left of the track), drawn
once and kept as pixmaps: a step moves lanes up or down the order and the count's line
past them, and a lane repainted with the same block on the same background draws the
kept pixmap, not the block's text and badges again (issue 26: the blocks were most of
a step's paint). A kept block is `track_paint.paint_block`'s drawing, pixel for pixel."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPainter, QPixmap

from tracker.qt.brushes import fill, solid
from tracker.qt.models.combatant_summary import CombatantSummary
from tracker.qt.rulesets.ap_countdown.track_paint import (
    SELECTED_EDGE,
    Frame,
    paint_block,
    paint_name_edge,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, NAME_W
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 4 * 1024 * 1024  # bytes of blocks kept (a few screens' worth), the least recently drawn go


@dataclass(frozen=True)
class BlockKey:
    """All a block's pixels depend on."""

    summary: CombatantSummary
    tied: bool
    back: int  # the lane's colour under the block (`QColor.rgba`)
    edge: bool  # the selection's edge at its left
    palette: int  # `QPalette.cacheKey`: the scheme and its colours
    font: str  # `QFont.key` of the application's font: the block's font follows it
    ratio: float  # the viewport's device pixel ratio


class NameBlocks(KeptPixmaps[BlockKey]):
    """Kept pixmaps of the lanes' identity blocks, by what they show."""

    def __init__(self) -> None:
        super().__init__(LIMIT)

    def paint(
        self,
        painter: QPainter,
        frame: Frame,
        row: int,
        summary: CombatantSummary,
        tied: bool,
        back: QColor,
        selected: bool,
        font_key: str,
    ) -> None:
        """The lane's names (`track_paint.paint_block`) and the line after them, on
        `back` (the lane's colour under them, as `paint_lane_back` left it, with the
        selection's edge when `selected`)."""
        top = HEADER_H + row * LANE_H - frame.dy
        if not self.keep:
            painter.save()
            painter.setClipRect(QRect(1, top, NAME_W - 1, LANE_H - 1))
            fill(painter, QRect(1, top, NAME_W - 1, LANE_H - 1), solid(back))
            if selected:
                fill(painter, QRect(1, top, 3, LANE_H - 1), solid(SELECTED_EDGE))
            paint_block(painter, frame, 0, top, summary, tied)
            painter.restore()
        else:
            ratio = painter.device().devicePixelRatioF()
            palette = frame.palette.cacheKey()
            key = BlockKey(summary, tied, back.rgba(), selected, palette, font_key, ratio)
            drawn = partial(self._drawn, frame, summary, tied, back, selected, ratio)
            painter.drawPixmap(1, top, self.pixmap(key, drawn))
        paint_name_edge(painter, frame, top)

    @staticmethod
    def _drawn(
        frame: Frame,
        summary: CombatantSummary,
        tied: bool,
        back: QColor,
        selected: bool,
        ratio: float,
    ) -> QPixmap:
        pixmap = QPixmap(round((NAME_W - 1) * ratio), round((LANE_H - 1) * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(back)
        painter = QPainter(pixmap)
        if selected:  # the part of the selection's edge under the block (x 1 to 3)
            fill(painter, QRect(0, 0, 3, LANE_H - 1), solid(SELECTED_EDGE))
        paint_block(painter, frame, -1, 0, summary, tied)
        painter.end()
        return pixmap
