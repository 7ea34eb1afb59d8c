"""Painting the countdown track's lanes: the grid and the values the count has passed,
the names, the bars of actions under way and the combatants' markers at their current
values (the axis and what sits over the lanes: `track_axis`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen

from tracker.engine.state import Combatant
from tracker.qt.appearance import is_dark
from tracker.qt.brushes import fill, solid
from tracker.qt.models.combatant_summary import CombatantSummary
from tracker.qt.palette import SIDE_COLORS
from tracker.qt.rulesets.ap_countdown.texts import (
    Mark,
    action_labels,
    bar_start,
    number,
    state_word,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, NAME_W, TrackScale
from tracker.qt.views.combatant_cell import paint_cell

# The track's colours per scheme (False: light, True: dark); every text keeps a contrast
# of at least 4.5:1 on what is drawn behind it.
COLORS: dict[bool, dict[str, str]] = {
    False: {
        "page": "#ffffff",
        "ink": "#111111",
        "quiet": "#4a4f57",
        "grid": "#dde1e6",
        "axis": "#f1f3f6",
        "axis_edge": "#c3c8cf",
        "passed": "#14203216",  # over the values the count has passed (#RRGGBBAA)
        "due_lane": "#fff3c4",
        "due_word": "#6b4e00",
        "selected_lane": "#dce8ff",
        "stripe": "#f6f7f9",
        "done": "#ffffff",
        "refusal_fill": "#fff0ee",
        "refusal_ink": "#a8281f",
        "setup": "#e1e4e8",
        "initiative": "#c9dcff",
        "upkeep": "#e4d5f5",
    },
    True: {
        "page": "#1f2023",
        "ink": "#ececef",
        "quiet": "#b4b8c0",
        "grid": "#34373d",
        "axis": "#2b2d31",
        "axis_edge": "#4a4d55",
        "passed": "#ffffff14",
        "due_lane": "#3d3310",
        "due_word": "#ffd54a",
        "selected_lane": "#243653",
        "stripe": "#25272b",
        "done": "#2b2d31",
        "refusal_fill": "#4d1714",
        "refusal_ink": "#ffd9d5",
        "setup": "#3a3d44",
        "initiative": "#2d4a78",
        "upkeep": "#4a3a63",
    },
}
# The same in both schemes: the count's gold (dark text on it), the selection's edge.
COUNT_LINE = QColor("#c98f00")
COUNT_FILL = QColor("#ffd54a")
ON_GOLD = QColor("#111111")
SELECTED_EDGE = QColor("#2f6fd6")
MARKER = 28  # the marker's diameter
RING_SPILL = 2  # px the due marker's ring (MARKER + 10, its pen 3) spills out of its lane
BAR_H = 24


def font(pixels: int, bold: bool = False, italic: bool = False) -> QFont:
    chosen = QFont()
    chosen.setPixelSize(pixels)
    chosen.setBold(bold)
    chosen.setItalic(italic)
    return chosen


def side_color(combatant: Combatant) -> QColor:
    return QColor(SIDE_COLORS.get(combatant.side, SIDE_COLORS["neutral"]))


def _color(text: str) -> QColor:
    """#RRGGBB, or #RRGGBBAA with its alpha last (Qt reads #AARRGGBB)."""
    if len(text) == 9:
        color = QColor(text[:7])
        color.setAlpha(int(text[7:], 16))
        return color
    return QColor(text)


@dataclass(frozen=True)
class Frame:
    """What every part of one paint needs: the scale, the scrolling, the sizes and the
    palette (the view's: light or dark)."""

    scale: TrackScale
    dx: int  # horizontal scrolling
    dy: int  # vertical scrolling
    width: int
    height: int
    count: int | None
    palette: QPalette

    def x(self, value: int) -> float:
        return self.scale.x_of(value, self.dx)

    @cached_property
    def dark(self) -> bool:
        return is_dark(self.palette)

    def color(self, name: str) -> QColor:
        """One of the track's colours (`COLORS`) in the palette's scheme (made once:
        a paint asks for them lane by lane; never changed by those who paint with it)."""
        if name == "resolution":
            return COUNT_FILL
        key = (self.dark, name)
        made = _MADE.get(key)
        if made is None:
            made = _MADE[key] = _color(COLORS[self.dark][name])
        return made


_MADE: dict[tuple[bool, str], QColor] = {}  # `Frame.color`'s, by scheme and name


def paint_background(painter: QPainter, frame: Frame) -> None:
    """Grid lines at every multiple of 5, the passed values shaded, the count's line."""
    fill(painter, QRect(0, 0, frame.width, frame.height), solid(frame.color("page")))
    track = QRectF(NAME_W, HEADER_H, frame.width - NAME_W, frame.height - HEADER_H)
    painter.save()
    painter.setClipRect(track)
    if frame.count is not None:
        left = frame.x(frame.scale.high) - 12
        passed = frame.color("passed")
        fill(
            painter,
            QRectF(left, HEADER_H, frame.x(frame.count) - left, frame.height),
            solid(passed),
        )
    pens = {labelled: QPen(frame.color("grid"), 1.6 if labelled else 1.0) for labelled in (0, 1)}
    for value, labelled in frame.scale.ticks():
        painter.setPen(pens[labelled])
        x = frame.x(value)
        painter.drawLine(QPointF(x, HEADER_H), QPointF(x, frame.height))
    if frame.count is not None:
        painter.setPen(QPen(COUNT_LINE, 3))
        x = frame.x(frame.count)
        painter.drawLine(QPointF(x, HEADER_H), QPointF(x, frame.height))
    painter.restore()


def paint_lane_back(painter: QPainter, frame: Frame, row: int, due: bool, selected: bool) -> QColor:
    """The lane's background; returns its colour under the names (but the edge)."""
    top = HEADER_H + row * LANE_H - frame.dy
    lane = QRect(0, top, frame.width, LANE_H)
    back = frame.color("page")
    if due:
        fill(painter, lane, solid(back := frame.color("due_lane")))
    elif selected:
        fill(painter, lane, solid(back := frame.color("selected_lane")))
    elif row % 2:
        fill(painter, QRect(0, top, NAME_W, LANE_H), solid(back := frame.color("stripe")))
    painter.setPen(QPen(frame.color("grid"), 1))
    painter.drawLine(0, top + LANE_H - 1, frame.width, top + LANE_H - 1)
    if selected:
        fill(painter, QRect(0, top, 4, LANE_H), solid(SELECTED_EDGE))
    return back


def paint_block(
    painter: QPainter, frame: Frame, dx: int, top: int, summary: CombatantSummary, tied: bool
) -> None:
    """A lane's names: the combatant's identity block (side, turn marker, name and its
    marks, Hits, base and AP left or the ruleset's word, e.g. "joins in round 2",
    badges), then a grip when the lane is tied with a neighbour; `dx` right of their
    place (0, or a kept pixmap's: `track_names`), the lane's top at `top`."""
    block = QRect(1 + dx, top, NAME_W - (22 if tied else 2), LANE_H - 1)
    paint_cell(painter, block, summary, font(14), frame.palette)
    if tied:  # a grip: this lane may be dragged among its ties
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(frame.color("quiet"))
        for dot_row in range(3):
            for dot_column in range(2):
                center = QPointF(NAME_W - 15 + 6 * dot_column + dx, top + 14 + 7 * dot_row)
                painter.drawEllipse(center, 1.8, 1.8)
        painter.restore()


def paint_name_edge(painter: QPainter, frame: Frame, top: int) -> None:
    """The line between a lane's names and its track."""
    painter.setPen(QPen(frame.color("grid"), 1))
    painter.drawLine(NAME_W, top, NAME_W, top + LANE_H)


def lane_details(mark: Mark, summary: str) -> str:
    """The second line of a lane's block: base and AP left, or, without a value, the
    ruleset's summary ("joins in round 2")."""
    return f"base {number(mark.base)} · {mark.ap} AP left" if mark.value is not None else summary


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
    fill.setAlpha(90 if frame.dark else 58)
    pen = QPen(color, 3 if mark.due == "resolve" else 1.6)
    if mark.resolves_at is None:  # carries on into a later round
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 5, 5)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    labels, ink = action_labels(mark), frame.color("ink")
    _paint_bar_text(painter, rect, labels, font(13, bold=mark.due == "resolve"), ink)
    tick = QPen(color, 2)
    painter.setPen(tick)  # where it was declared: a short upright at the bar's start
    painter.drawLine(QPointF(left, y - BAR_H / 2 - 4), QPointF(left, y + BAR_H / 2 + 4))


def _paint_bar_text(
    painter: QPainter, bar: QRectF, labels: list[str], bar_font: QFont, ink: QColor
) -> None:
    """The longest label that fits inside the bar, else the full one just before the
    bar's start (the values the count has passed are free), else the shortest one,
    shortened with "…", inside."""
    if not labels:
        return
    metrics = QFontMetrics(bar_font)
    inside = bar.adjusted(8, 0, -(MARKER / 2 + 4), 0)
    before = QRectF(NAME_W + 6, bar.top(), bar.left() - 8 - NAME_W - 6, bar.height())
    painter.setFont(bar_font)
    painter.setPen(ink)
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
    quiet = frame.color("quiet")
    hollow = done or hidden  # done for the round, or hidden: a hollow marker
    edge = color.lighter(130) if frame.dark else color.darker(130)
    outline = QPen(quiet if done else edge, 2 if hidden else 1.5)
    if hidden:  # hidden from the players: a dashed outline
        outline.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(outline)
    painter.setBrush(frame.color("done") if hollow else color)
    painter.drawEllipse(circle)
    painter.setFont(font(13 if -10 < mark.value < 100 else 11, bold=True))
    hidden_ink = color.lighter(150) if frame.dark else color.darker(140)
    ink = quiet if done else hidden_ink if hidden else QColor("#ffffff")
    painter.setPen(ink)
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, number(mark.value))
    word = state_word(mark, phase)
    if word:
        painter.setFont(font(13, bold=mark.due is not None))
        painter.setPen(frame.color("due_word") if mark.due is not None else quiet)
        left = x + MARKER / 2 + (9 if mark.due is not None else 6)
        painter.drawText(QRectF(left, y - 11, 200, 22), Qt.AlignmentFlag.AlignVCenter, word)
