"""The lanes' marks (each lane's action bar, marker and word, right of the names), drawn
once and kept as pixmaps over a transparent ground: a step moves the lanes below the
one that acted up or down the order, and a lane repainted with the same mark at the same
scale draws the kept pixmap over its background (the grid, the values passed, the
count's line: painted as before, since the count moves at most steps) rather than its
antialiased bar, circle and texts again (issue 26: a third of the track's paint). A kept
lane is `track_paint.paint_track_lane`'s drawing, composed over the same background."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap

from tracker.engine.state import Combatant
from tracker.qt.rulesets.ap_countdown.texts import Mark
from tracker.qt.rulesets.ap_countdown.track_paint import RING_SPILL, Frame, paint_track_lane
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, NAME_W, TrackScale
from tracker.qt.views.kept_pixmaps import KeptPixmaps

LIMIT = 8 * 1024 * 1024  # bytes of lanes kept (a few screens' worth), the least recently drawn go
LEFT = NAME_W + 1  # where a lane's marks begin (its names end before)
HIGH = LANE_H + 2 * RING_SPILL  # a lane and the due ring's spill above and below


@dataclass(frozen=True)
class LaneKey:
    """All a lane's marks' pixels depend on."""

    mark: Hashable  # the engine's `TrackMark` (frozen)
    phase: str
    side: str  # the bar's and marker's colour
    hidden: bool  # a dashed, hollow marker
    scale: TrackScale
    dx: int  # horizontal scrolling
    width: int  # the viewport's (the marks are cut there)
    palette: int  # `QPalette.cacheKey`: the scheme and its colours
    font: str  # `QFont.key` of the application's font
    ratio: float  # the viewport's device pixel ratio


class LaneMarks(KeptPixmaps[LaneKey]):
    """Kept pixmaps of the lanes' marks, by what they show."""

    def __init__(self) -> None:
        super().__init__(LIMIT)

    def paint(
        self,
        painter: QPainter,
        frame: Frame,
        row: int,
        combatant: Combatant,
        mark: Mark,
        phase: str,
        font_key: str,
    ) -> None:
        """The lane's marks (`track_paint.paint_track_lane`) over what is painted."""
        if not self.keep or not isinstance(mark, Hashable):
            paint_track_lane(painter, frame, row, combatant, mark, phase)
            return
        ratio = painter.device().devicePixelRatioF()
        palette = frame.palette.cacheKey()
        key = LaneKey(
            mark,
            phase,
            combatant.side,
            combatant.hidden,
            frame.scale,
            frame.dx,
            frame.width,
            palette,
            font_key,
            ratio,
        )
        drawn = partial(self._drawn, frame, combatant, mark, phase, ratio)
        top = HEADER_H + row * LANE_H - frame.dy
        painter.drawPixmap(LEFT, top - RING_SPILL, self.pixmap(key, drawn))

    @staticmethod
    def _drawn(frame: Frame, combatant: Combatant, mark: Mark, phase: str, ratio: float) -> QPixmap:
        pixmap = QPixmap(round((frame.width - LEFT) * ratio), round(HIGH * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        # Drawn as the second lane of a frame unscrolled vertically: the ring's spill
        # above it lies inside the lanes' clip, as it does in place for any lane but the
        # first (whose spill the track's own clip cuts at the axis, kept pixmap or not).
        painter.translate(-LEFT, -(HEADER_H + LANE_H - RING_SPILL))
        lane = replace(frame, dy=0, height=HEADER_H + 3 * LANE_H)
        paint_track_lane(painter, lane, 1, combatant, mark, phase)
        painter.end()
        return pixmap
