"""The countdown track, a view on `TrackModel`: one lane per combatant in the order they
act next, initiative values across (the highest on the left, the count running down
to the right), each combatant's marker at its current value and the bar of its action
under way from where it starts to where it resolves.

A click selects a combatant (`combatant_selected`). A lane dragged up or down among its
ties lands through the model's `moveRows`, i.e. the engine's `MoveCombatant`: while
dragging, the drop line is green where the engine allows the move and red, with its
reason, where it would refuse it (a refused drop changes nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
)
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtGui import QFont, QMouseEvent, QPainter, QPaintEvent, QRegion, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.rulesets.ap_countdown.model import TrackModel
from tracker.qt.rulesets.ap_countdown.texts import phase_hint, phase_tag, phase_text
from tracker.qt.rulesets.ap_countdown.track_axis import (
    HINT_BELOW,
    HINT_H,
    paint_axis,
    paint_drop,
    paint_hint,
)
from tracker.qt.rulesets.ap_countdown.track_lanes import LaneMarks
from tracker.qt.rulesets.ap_countdown.track_names import NameBlocks
from tracker.qt.rulesets.ap_countdown.track_paint import (
    RING_SPILL,
    Frame,
    paint_background,
    paint_lane_back,
)
from tracker.qt.rulesets.ap_countdown.track_scale import (
    HEADER_H,
    LANE_H,
    NAME_W,
    TrackScale,
    lane_top,
    row_at,
    slot_at,
)
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.views.viewports import viewport_of

Cursor = QAbstractItemView.CursorAction
TIE_HINT = "Lanes with a grip are tied: drag one up or down to order them."


COUNT_MARGIN = 4  # px either side of the count's line (3 px wide) a move repaints


@dataclass(frozen=True)
class Shown:
    """What every lane shows, or what shows below them, as last painted: a change of
    any but the count and the ties repaints the whole track (see
    `CountdownTrack._follow_due`)."""

    scale: TrackScale
    count: int | None
    tag: str  # the phase in the corner
    hint: str  # under the lanes while there is no count
    tied: frozenset[int]  # the lanes in view with a grip (any: the hint on dragging)


class CountdownTrack(QAbstractItemView):
    """The GM's central view; `combatant_selected` carries the id of the lane clicked."""

    combatant_selected = QtSignal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Wrapped now: `viewport()` below never looks its class up. Opaque: `paintEvent`
        # fills all it is asked to paint (Qt need not fill it with the palette first).
        viewport_of(self).setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setObjectName("countdown_track")
        self.document = document
        self.track_model = model = TrackModel(document, self)
        self.scale = TrackScale(0, 20, 10.0)
        self._press: tuple[int, QPoint] | None = None  # row and where the mouse went down
        self.drag_row = -1  # the lane being dragged, -1: none
        self.drop_slot = -1  # where it would land (the row it goes before)
        self.drop_refusal: str | None = None
        self.kept = NameBlocks()  # the lanes' names, drawn once
        self.lanes = LaneMarks()  # the lanes' bars and markers, drawn once
        self.setModel(model)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setMinimumHeight(HEADER_H + 2 * LANE_H)
        self._due_row = -1  # the lane acting now, followed into view when it changes
        self._shown: Shown | None = None  # see `_follow_due`
        model.track_changed.connect(self._follow_due)  # once per engine event: the scale
        model.rowsInserted.connect(self._rows_came_or_went)
        model.rowsRemoved.connect(self._rows_came_or_went)
        model.rowsMoved.connect(self._rows_moved)
        model.modelReset.connect(self._rows_changed)
        model.layoutChanged.connect(self._rows_changed)
        self.relayout()

    # --- geometry -----------------------------------------------------------------------
    def relayout(self, *_args: object) -> None:
        """The scale fitted to the values on the track and the viewport's width."""
        self._show(self._shown_everywhere())

    def _show(self, shown: Shown) -> None:
        self._shown = shown
        self.scale = shown.scale
        self.updateGeometries()
        self.viewport().update()

    def _shown_everywhere(self) -> Shown:
        """What every lane shows, or what shows below them: the scale, the count, the
        phase and whether the tie's hint shows (for the lanes in view)."""
        model = self.track_model
        count = model.count()
        low, high = model.marks.value_range(count)  # kept: no look at every mark
        scale = TrackScale.fitted(low, high, self.viewport().width())
        _full, tag, hint = self.phase_texts()
        tied = frozenset(self.tied_rows(*self._lanes_in_view()))
        return Shown(scale, count, tag, hint, tied)

    def _lanes_in_view(self) -> tuple[int, int]:
        """The first and last lanes the viewport shows (the last may be past the end)."""
        first = self.verticalOffset() // LANE_H
        return first, first + self.viewport().height() // LANE_H + 1

    def _update_lanes(self, first: int, last: int | None = None) -> None:
        """Repaint lanes `first` to `last` (None: to the bottom, with what shows below the
        last lane), each with its neighbours: a tie with the next lane is marked on both."""
        viewport = self.viewport()
        top = max(lane_top(max(first - 1, 0), self.verticalOffset()), HEADER_H)
        bottom = viewport.height() if last is None else lane_top(last + 2, self.verticalOffset())
        if bottom > top:
            viewport.update(QRect(0, top, viewport.width(), bottom - top))

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        """The lanes changed, and their neighbours (a tie with the next lane is marked on
        both)."""
        super().dataChanged(top_left, bottom_right, roles)
        self._update_lanes(top_left.row(), bottom_right.row())

    def _rows_changed(self, *_args: object) -> None:
        """A new set of lanes: the scroll range and a repaint (the scale follows once the
        whole engine event is in, on `track_changed`)."""
        self.updateGeometries()
        self.viewport().update()

    def _rows_came_or_went(self, parent: QModelIndex, first: int, _last: int) -> None:
        """A lane came or went: the scroll range, and the lanes from there down (those
        above stay as they are)."""
        if not parent.isValid():
            self.updateGeometries()
            self._update_lanes(first)

    def _rows_moved(
        self, parent: QModelIndex, start: int, end: int, _to: QModelIndex, row: int
    ) -> None:
        """A lane moved (its value changed, or a drag among ties): the lanes from where it
        was to where it went, the rest stays put."""
        if not parent.isValid():  # `row`: the row they went before (Qt's numbering)
            self._update_lanes(min(start, row), row - 1 if row > end else end)

    def doItemsLayout(self) -> None:
        """Qt's layout after rows moved, came or went repaints the whole viewport: the
        lanes they changed are repainted already (`_rows_moved`, `_rows_came_or_went`),
        and a lane has no layout of its own."""
        self.updateGeometries()

    def _follow_due(self) -> None:
        """After each engine event: the scale again, and the lane acting now brought into
        view when another one acts (the GM's own scrolling is left alone otherwise). The
        whole track is repainted only when what every lane shows changed (the scale, the
        phase, the hint); a count moving on repaints the axis and the strip its line left
        and reached (the shading of the values passed lies between), and a step that
        leaves the count leaves the axis (it shows nothing else that may change); a
        lane gaining or losing its grip repaints that lane, and the hint on dragging
        its line (if in view: 30 lanes fill the view, and a tie coming or going at a
        step repainted them all); the lanes changed are the model's."""
        shown, before = self._shown_everywhere(), self._shown
        if before is None or replace(before, count=shown.count, tied=shown.tied) != shown:
            self._show(shown)
        else:
            self._shown = shown
            if shown.count != before.count:  # the axis shows the count, else as before
                viewport = self.viewport()
                viewport.update(QRect(0, 0, viewport.width(), HEADER_H))
                self._update_count_strip(before.count, shown.count)
            if shown.tied != before.tied:
                self._update_ties(before.tied, shown.tied, shown.hint)
        model = self.track_model
        due = model.due_row()
        if due >= 0 and due != self._due_row:
            self.scrollTo(model.index(due, 0))
        self._due_row = due

    def _update_ties(self, old: frozenset[int], new: frozenset[int], hint: str) -> None:
        """The lanes whose grip came or went, and the tie's hint under the last lane
        when it comes or goes (the phase's own hint, if any, stands instead)."""
        viewport, scrolled = self.viewport(), self.verticalOffset()
        for row in old ^ new:
            viewport.update(QRect(0, lane_top(row, scrolled), viewport.width(), LANE_H))
        if bool(old) != bool(new) and not hint:
            top = lane_top(self.track_model.rowCount(), scrolled)
            line = QRect(0, top, viewport.width(), HINT_BELOW + HINT_H)
            viewport.update(line.intersected(viewport.rect()))

    def _update_count_strip(self, old: int | None, new: int | None) -> None:
        """The lanes between the count's old and new lines (both lines with them)."""
        values = [value for value in (old, new) if value is not None]
        if not values:
            return
        xs = [self.scale.x_of(value, self.horizontalOffset()) for value in values]
        left = int(min(xs)) - COUNT_MARGIN
        right = int(max(xs)) + 1 + COUNT_MARGIN
        if old is None or new is None:  # the shading comes or goes: from its left edge
            left = int(self.scale.x_of(self.scale.high, self.horizontalOffset())) - 12 - 1
        viewport = self.viewport()
        strip = QRect(left, HEADER_H, right - left, viewport.height() - HEADER_H)
        viewport.update(strip.intersected(viewport.rect()))

    def updateGeometries(self) -> None:
        rows = self.track_model.rowCount()
        visible = max(self.viewport().height() - HEADER_H, 0)
        vertical = self.verticalScrollBar()
        vertical.setRange(0, max(rows * LANE_H - visible, 0))
        vertical.setPageStep(max(visible, LANE_H))
        vertical.setSingleStep(LANE_H // 2)
        horizontal = self.horizontalScrollBar()
        horizontal.setRange(0, max(self.scale.content_width - self.viewport().width(), 0))
        horizontal.setPageStep(self.viewport().width())
        horizontal.setSingleStep(20)
        super().updateGeometries()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()  # the axis and the names stay put: repaint, never blit

    def horizontalOffset(self) -> int:
        return self.horizontalScrollBar().value()

    def verticalOffset(self) -> int:
        return self.verticalScrollBar().value()

    def visualRect(self, index: QModelIndex | QPersistentModelIndex) -> QRect:
        if not index.isValid():
            return QRect()
        top = lane_top(index.row(), self.verticalOffset())
        return QRect(0, top, self.viewport().width(), LANE_H)

    def indexAt(self, point: QPoint) -> QModelIndex:
        row = row_at(point.y(), self.verticalOffset(), self.track_model.rowCount())
        return self.track_model.index(row, 0) if row >= 0 else QModelIndex()

    def isIndexHidden(self, index: QModelIndex | QPersistentModelIndex) -> bool:
        return False

    def scrollTo(
        self,
        index: QModelIndex | QPersistentModelIndex,
        hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible,
    ) -> None:
        if not index.isValid():
            return
        top = index.row() * LANE_H
        visible = self.viewport().height() - HEADER_H
        bar = self.verticalScrollBar()
        if top < bar.value():
            bar.setValue(top)
        elif top + LANE_H > bar.value() + visible:
            bar.setValue(top + LANE_H - visible)

    def moveCursor(self, action: Cursor, modifiers: Qt.KeyboardModifier) -> QModelIndex:
        rows = self.track_model.rowCount()
        if rows == 0:
            return QModelIndex()
        row = self.currentIndex().row() if self.currentIndex().isValid() else 0
        page = max((self.viewport().height() - HEADER_H) // LANE_H, 1)
        steps = {
            Cursor.MoveUp: row - 1,
            Cursor.MovePrevious: row - 1,
            Cursor.MoveDown: row + 1,
            Cursor.MoveNext: row + 1,
            Cursor.MovePageUp: row - page,
            Cursor.MovePageDown: row + page,
            Cursor.MoveHome: 0,
            Cursor.MoveEnd: rows - 1,
        }
        return self.track_model.index(max(0, min(steps.get(action, row), rows - 1)), 0)

    def setSelection(self, rect: QRect, command: QItemSelectionModel.SelectionFlag) -> None:
        index = self.indexAt(rect.center())
        if index.isValid():
            self.selectionModel().select(
                QItemSelection(index, index.siblingAtColumn(self.track_model.columnCount() - 1)),
                command,
            )

    def visualRegionForSelection(self, selection: QItemSelection) -> QRegion:
        """The lanes of the rows selected, a rectangle a range (not a lane per index:
        every column of a row is its one lane)."""
        region, width, scrolled = QRegion(), self.viewport().width(), self.verticalOffset()
        for number in range(selection.size()):
            span = selection.at(number)
            top = lane_top(span.top(), scrolled)
            region += QRect(0, top, width, (span.bottom() - span.top() + 1) * LANE_H)
        return region

    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this combatant: its lane is the current one."""
        row = self.track_model.row_of(combatant_id) if combatant_id else -1
        show_selected_row(self, row)

    def currentChanged(
        self,
        current: QModelIndex | QPersistentModelIndex,
        previous: QModelIndex | QPersistentModelIndex,
    ) -> None:
        super().currentChanged(current, previous)
        combatant = self.track_model.combatant_at(current.row()) if current.isValid() else None
        if combatant is not None:
            self.combatant_selected.emit(combatant.id)
        viewport = self.viewport()
        for index in (previous, current):  # their lanes only (`paintEvent` paints those)
            if index.isValid():
                viewport.update(self.visualRect(index))

    # --- painting -----------------------------------------------------------------------
    def frame(self) -> Frame:
        viewport = self.viewport()
        return Frame(
            self.scale,
            self.horizontalOffset(),
            self.verticalOffset(),
            viewport.width(),
            viewport.height(),
            self.track_model.count(),
            self.palette(),
        )

    def tied_rows(self, first: int = 0, last: int | None = None) -> set[int]:
        """Lanes (from `first` to `last`) the GM may order among their ties by dragging."""
        model = self.track_model
        last = model.rowCount() - 1 if last is None else last
        tied: set[int] = set()
        for row in range(max(first - 1, 0), min(last + 1, model.rowCount() - 1)):
            if model.tied_with_next(row):
                tied |= {row, row + 1}
        return tied

    def paintEvent(self, event: QPaintEvent) -> None:
        model, frame = self.track_model, self.frame()
        painter = QPainter(self.viewport())
        paint_background(painter, frame)
        # The lanes in the region asked for (a lane changed repaints that lane alone),
        # and a due lane beside it: its ring spills a pixel over (drawn in the same order
        # as a paint of the whole track, the spill lies where that paint leaves it).
        asked = event.rect()
        top_row = (frame.dy + asked.top() - RING_SPILL - HEADER_H) // LANE_H
        first = max(top_row, frame.dy // LANE_H, 0)
        last = min(
            (frame.dy + asked.bottom() + RING_SPILL - HEADER_H) // LANE_H,
            (frame.dy + frame.height - HEADER_H) // LANE_H + 1,
            model.rowCount() - 1,
        )
        current = self.currentIndex().row() if self.currentIndex().isValid() else -1
        tied, phase = self.tied_rows(first, last), model.phase()
        painter.setClipRect(QRect(0, HEADER_H, frame.width, frame.height - HEADER_H))
        region, font_key = event.region(), QFont().key()
        for row in range(first, last + 1):
            combatant, mark = model.combatant_at(row), model.mark_at(row)
            top = lane_top(row, frame.dy)
            if combatant is None or mark is None:
                continue
            spill = RING_SPILL if mark.due is not None else 0
            if not region.intersects(QRect(0, top - spill, frame.width, LANE_H + 2 * spill)):
                continue  # e.g. a lane the count's strip passes by
            selected = row == current or row == self.drag_row
            back = paint_lane_back(painter, frame, row, mark.due is not None, selected)
            summary = model.summary_of(row)
            # The names only where asked (a count moving on repaints a strip of lanes).
            if summary is not None and region.intersects(QRect(0, top, NAME_W + 1, LANE_H)):
                tie = row in tied
                self.kept.paint(painter, frame, row, summary, tie, back, selected, font_key)
            self.lanes.paint(painter, frame, row, combatant, mark, phase, font_key)
        if self.drag_row >= 0 and self.drop_slot >= 0:
            paint_drop(painter, frame, self.drop_slot, self.drop_refusal)
        _full, tag, hint = self.phase_texts()
        # The hint on dragging follows the ties in view, however few lanes are painted.
        hint = hint or (TIE_HINT if self.tied_rows(*self._lanes_in_view()) else "")
        if hint and self.drag_row < 0:
            paint_hint(painter, frame, model.rowCount(), hint)
        painter.setClipping(False)
        if asked.top() < HEADER_H:  # the axis, over the lanes, where asked only
            paint_axis(painter, frame, tag, model.phase())
        painter.end()

    def phase_texts(self) -> tuple[str, str, str]:
        """The phase in full ("Round 1 · Resolution at count 35"), short (in the corner:
        "Round 1 · Resolution") and what it is about while there is no count."""
        ruleset = self.track_model.ruleset
        if ruleset is None:  # another system's encounter: this view is being replaced
            return "", "", ""
        encounter = self.document.encounter
        turn = self.document.session.current_turn()
        number = turn.round if turn else 0
        return (
            phase_text(ruleset, encounter, number),
            phase_tag(ruleset, encounter, number),
            phase_hint(ruleset, encounter, number),
        )

    # --- dragging among ties ------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        row = row_at(event.position().toPoint().y(), self.verticalOffset(), self._rows())
        pressed = event.button() == Qt.MouseButton.LeftButton and row >= 0
        self._press = (row, event.position().toPoint()) if pressed else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            super().mouseMoveEvent(event)
            return
        row, start = self._press
        point = event.position().toPoint()
        if self.drag_row < 0:
            if (point - start).manhattanLength() < QApplication.startDragDistance():
                return
            self.drag_row = row
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self._aim(point.y())

    def _aim(self, y: int) -> None:
        slot = slot_at(y, self.verticalOffset(), self._rows())
        if slot != self.drop_slot:
            self.drop_slot = slot
            self.drop_refusal = self.track_model.move_refusal(self.drag_row, slot)
        self.viewport().update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.drag_row < 0:
            self._press = None
            super().mouseReleaseEvent(event)
            return
        row, slot = self.drag_row, self.drop_slot
        self._press, self.drag_row, self.drop_slot, self.drop_refusal = None, -1, -1, None
        self.unsetCursor()
        self.viewport().update()
        if slot not in (row, row + 1):
            self.drop(row, slot)

    def drop(self, row: int, slot: int) -> bool:
        """Move the lane at `row` to land before `slot` (the engine decides)."""
        combatant = self.track_model.combatant_at(row)
        moved = self.track_model.moveRows(QModelIndex(), row, 1, QModelIndex(), slot)
        if moved and combatant is not None:
            self.setCurrentIndex(self.track_model.index(self.track_model.row_of(combatant.id), 0))
        return moved

    def _rows(self) -> int:
        return self.track_model.rowCount()
