"""Painting the countdown track's lanes: the grid and the values the count has passed,
the names, the bars of actions under way and the combatants' markers at their current
values (the axis and what sits over the lanes: `track_axis`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen

from tracker.engine.state import Combatant
from tracker.qt.palette import SIDE_COLORS
from tracker.qt.rulesets.ap_countdown.texts import (
    Mark,
    action_labels,
    bar_start,
    number,
    state_word,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, NAME_W, TrackScale

INK = QColor("#111111")
QUIET = QColor("#4a4f57")
GRID = QColor("#dde1e6")
AXIS_BG = QColor("#f1f3f6")
PASSED = QColor(20, 30, 50, 22)  # over the values the count has passed
COUNT_LINE = QColor("#c98f00")
COUNT_FILL = QColor("#ffd54a")
DUE_LANE = QColor("#fff3c4")
SELECTED_LANE = QColor("#dce8ff")
SELECTED_EDGE = QColor("#2f6fd6")
HIDDEN_INK = QColor("#7a7a7a")
DONE_FILL = QColor("#ffffff")
PHASE_COLORS = {
    "resolution": QColor("#ffd54a"),
    "initiative": QColor("#c9dcff"),
    "upkeep": QColor("#e4d5f5"),
    "setup": QColor("#e1e4e8"),
}
MARKER = 28  # the marker's diameter
BAR_H = 24


def font(pixels: int, bold: bool = False, italic: bool = False) -> QFont:
    chosen = QFont()
    chosen.setPixelSize(pixels)
    chosen.setBold(bold)
    chosen.setItalic(italic)
    return chosen


def side_color(combatant: Combatant) -> QColor:
    return QColor(SIDE_COLORS.get(combatant.side, SIDE_COLORS["neutral"]))


@dataclass(frozen=True)
class Frame:
    """What every part of one paint needs: the scale, the scrolling and the sizes."""

    scale: TrackScale
    dx: int  # horizontal scrolling
    dy: int  # vertical scrolling
    width: int
    height: int
    count: int | None

    def x(self, value: int) -> float:
        return self.scale.x_of(value, self.dx)


def paint_background(painter: QPainter, frame: Frame) -> None:
    """Grid lines at every multiple of 5, the passed values shaded, the count's line."""
    painter.fillRect(QRect(0, 0, frame.width, frame.height), QColor("#ffffff"))
    track = QRectF(NAME_W, HEADER_H, frame.width - NAME_W, frame.height - HEADER_H)
    painter.save()
    painter.setClipRect(track)
    if frame.count is not None:
        left = frame.x(frame.scale.high) - 12
        painter.fillRect(QRectF(left, HEADER_H, frame.x(frame.count) - left, frame.height), PASSED)
    for value, labelled in frame.scale.ticks():
        painter.setPen(QPen(GRID, 1.6 if labelled else 1.0))
        x = frame.x(value)
        painter.drawLine(QPointF(x, HEADER_H), QPointF(x, frame.height))
    if frame.count is not None:
        painter.setPen(QPen(COUNT_LINE, 3))
        x = frame.x(frame.count)
        painter.drawLine(QPointF(x, HEADER_H), QPointF(x, frame.height))
    painter.restore()


def paint_lane_back(painter: QPainter, frame: Frame, row: int, due: bool, selected: bool) -> None:
    top = HEADER_H + row * LANE_H - frame.dy
    lane = QRect(0, top, frame.width, LANE_H)
    if due:
        painter.fillRect(lane, DUE_LANE)
    elif selected:
        painter.fillRect(lane, SELECTED_LANE)
    elif row % 2:
        painter.fillRect(QRect(0, top, NAME_W, LANE_H), QColor("#f6f7f9"))
    painter.setPen(QPen(GRID, 1))
    painter.drawLine(0, top + LANE_H - 1, frame.width, top + LANE_H - 1)
    if selected:
        painter.fillRect(QRect(0, top, 4, LANE_H), SELECTED_EDGE)


def paint_name(
    painter: QPainter,
    frame: Frame,
    row: int,
    combatant: Combatant,
    mark: Mark,
    tied: bool,
    summary: str,
) -> None:
    """The side stripe, the name (bold; grey and "hidden" for the GM's eyes only), the
    base and AP left under it (without a value: the ruleset's summary, e.g. "joins in
    round 2"), a grip when the lane is tied with a neighbour."""
    top = HEADER_H + row * LANE_H - frame.dy
    painter.fillRect(QRect(6, top + 6, 6, LANE_H - 12), side_color(combatant))
    left, right = 20, NAME_W - (26 if tied else 8)
    name_font = font(15, bold=True, italic=combatant.hidden)
    name = combatant.name + (" (hidden)" if combatant.hidden else "")
    name = QFontMetrics(name_font).elidedText(name, Qt.TextElideMode.ElideRight, right - left)
    painter.setFont(name_font)
    painter.setPen(HIDDEN_INK if combatant.hidden else INK)
    painter.drawText(QRect(left, top + 3, right - left, 20), Qt.AlignmentFlag.AlignVCenter, name)
    painter.setFont(font(12))
    painter.setPen(QUIET)
    detail = f"base {number(mark.base)} · {mark.ap} AP left" if mark.value is not None else summary
    painter.drawText(QRect(left, top + 22, right - left, 16), Qt.AlignmentFlag.AlignVCenter, detail)
    if tied:  # a grip: this lane may be dragged among its ties
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QUIET)
        for dot_row in range(3):
            for dot_column in range(2):
                center = QPointF(NAME_W - 18 + 6 * dot_column, top + 14 + 7 * dot_row)
                painter.drawEllipse(center, 1.8, 1.8)
        painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(GRID, 1))
    painter.drawLine(NAME_W, top, NAME_W, top + LANE_H)


def paint_track_lane(
    painter: QPainter, frame: Frame, row: int, combatant: Combatant, mark: Mark, phase: str
) -> None:
    """The action's bar from where it starts to where it resolves, then the marker at
    the current value and what the combatant does there."""
    top = HEADER_H + row * LANE_H - frame.dy
    middle = top + LANE_H / 2
    painter.save()
    painter.setClipRect(QRect(NAME_W + 1, HEADER_H, frame.width - NAME_W, frame.height))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = side_color(combatant)
    start = bar_start(mark)
    end = mark.resolves_at if mark.resolves_at is not None else mark.value
    if start is not None and end is not None:
        _paint_bar(painter, frame, mark, color, start, end, middle)
    if mark.value is not None:
        _paint_marker(painter, frame, mark, color, middle, phase, combatant.hidden)
    painter.restore()


def _paint_bar(
    painter: QPainter, frame: Frame, mark: Mark, color: QColor, start: int, end: int, y: float
) -> None:
    left, right = frame.x(start), frame.x(end)
    rect = QRectF(left, y - BAR_H / 2, max(right - left, 4), BAR_H)
    fill = QColor(color)
    fill.setAlpha(58)
    pen = QPen(color, 3 if mark.due == "resolve" else 1.6)
    if mark.resolves_at is None:  # carries on into a later round
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 5, 5)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _paint_bar_text(painter, rect, action_labels(mark), font(13, bold=mark.due == "resolve"))
    tick = QPen(color, 2)
    painter.setPen(tick)  # where it was declared: a short upright at the bar's start
    painter.drawLine(QPointF(left, y - BAR_H / 2 - 4), QPointF(left, y + BAR_H / 2 + 4))


def _paint_bar_text(painter: QPainter, bar: QRectF, labels: list[str], bar_font: QFont) -> None:
    """The longest label that fits inside the bar, else the full one just before the
    bar's start (the values the count has passed are free), else the shortest one,
    shortened with "…", inside."""
    if not labels:
        return
    metrics = QFontMetrics(bar_font)
    inside = bar.adjusted(8, 0, -(MARKER / 2 + 4), 0)
    before = QRectF(NAME_W + 6, bar.top(), bar.left() - 8 - NAME_W - 6, bar.height())
    painter.setFont(bar_font)
    painter.setPen(INK)
    middle = Qt.AlignmentFlag.AlignVCenter
    full = metrics.horizontalAdvance(labels[0])
    if inside.width() < full <= before.width():
        painter.drawText(before, middle | Qt.AlignmentFlag.AlignRight, labels[0])
        return
    fitting = [text for text in labels if metrics.horizontalAdvance(text) <= inside.width()]
    text = fitting[0] if fitting else labels[-1]
    text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(inside.width()))
    if len(text) > 1:
        painter.drawText(inside, middle | Qt.AlignmentFlag.AlignLeft, text)


def _paint_marker(
    painter: QPainter, frame: Frame, mark: Mark, color: QColor, y: float, phase: str, hidden: bool
) -> None:
    assert mark.value is not None
    x = frame.x(mark.value)
    done = mark.action is None and mark.ap == 0 and phase == "resolution"
    circle = QRectF(x - MARKER / 2, y - MARKER / 2, MARKER, MARKER)
    if mark.due is not None:  # a ring in the count's colour
        painter.setPen(QPen(COUNT_LINE, 3))
        painter.setBrush(COUNT_FILL)
        painter.drawEllipse(circle.adjusted(-5, -5, 5, 5))
    hollow = done or hidden  # done for the round, or hidden: a white marker
    outline = QPen(QUIET if done else color.darker(130), 2 if hidden else 1.5)
    if hidden:  # hidden from the players: a dashed outline
        outline.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(outline)
    painter.setBrush(DONE_FILL if hollow else color)
    painter.drawEllipse(circle)
    painter.setFont(font(13 if -10 < mark.value < 100 else 11, bold=True))
    ink = QUIET if done else color.darker(140) if hidden else QColor("#ffffff")
    painter.setPen(ink)
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, number(mark.value))
    word = state_word(mark, phase)
    if word:
        painter.setFont(font(13, bold=mark.due is not None))
        painter.setPen(QColor("#6b4e00") if mark.due is not None else QUIET)
        left = x + MARKER / 2 + (9 if mark.due is not None else 6)
        painter.drawText(QRectF(left, y - 11, 200, 22), Qt.AlignmentFlag.AlignVCenter, word)
