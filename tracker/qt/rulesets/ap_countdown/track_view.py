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
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QRegion, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.rulesets.ap_countdown.model import TrackModel
from tracker.qt.rulesets.ap_countdown.texts import phase_hint, phase_tag, phase_text
from tracker.qt.rulesets.ap_countdown.track_axis import paint_axis, paint_drop, paint_hint
from tracker.qt.rulesets.ap_countdown.track_paint import (
    Frame,
    paint_background,
    paint_lane_back,
    paint_name,
    paint_track_lane,
)
from tracker.qt.rulesets.ap_countdown.track_scale import (
    HEADER_H,
    LANE_H,
    TrackScale,
    lane_top,
    row_at,
    slot_at,
)
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.views.viewports import viewport_of

Cursor = QAbstractItemView.CursorAction
TIE_HINT = "Lanes with a grip are tied: drag one up or down to order them."


Shown = tuple[TrackScale, int | None, tuple[str, str, str], bool]


class CountdownTrack(QAbstractItemView):
    """The GM's central view; `combatant_selected` carries the id of the lane clicked."""

    combatant_selected = QtSignal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        viewport_of(self)  # wrapped now: `viewport()` below never looks its class up
        self.setObjectName("countdown_track")
        self.document = document
        self.track_model = model = TrackModel(document, self)
        self.scale = TrackScale(0, 20, 10.0)
        self._press: tuple[int, QPoint] | None = None  # row and where the mouse went down
        self.drag_row = -1  # the lane being dragged, -1: none
        self.drop_slot = -1  # where it would land (the row it goes before)
        self.drop_refusal: str | None = None
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
        for signal in (model.rowsInserted, model.rowsRemoved, model.rowsMoved, model.modelReset):
            signal.connect(self._rows_changed)
        self.relayout()

    # --- geometry -----------------------------------------------------------------------
    def relayout(self, *_args: object) -> None:
        """The scale fitted to the values on the track and the viewport's width."""
        self._shown = self._shown_everywhere()
        self.scale = self._shown[0]
        self.updateGeometries()
        self.viewport().update()

    def _shown_everywhere(self) -> Shown:
        """What every lane shows, or what shows below them: the scale, the count, the
        phase and whether the tie's hint shows (for the lanes in view)."""
        model = self.track_model
        low, high = model.marks.value_range(model.count())  # kept: no look at every mark
        scale = TrackScale.fitted(low, high, self.viewport().width())
        first = self.verticalOffset() // LANE_H
        last = first + self.viewport().height() // LANE_H + 1
        return scale, model.count(), self.phase_texts(), bool(self.tied_rows(first, last))

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        """The lanes changed, and their neighbours (a tie with the next lane is marked on
        both)."""
        super().dataChanged(top_left, bottom_right, roles)
        first, last = top_left.row() - 1, bottom_right.row() + 1
        top = lane_top(max(first, 0), self.verticalOffset())
        bottom = lane_top(last + 1, self.verticalOffset())
        self.viewport().update(QRect(0, top, self.viewport().width(), bottom - top))

    def _rows_changed(self, *_args: object) -> None:
        """Lanes came, went or moved: the scroll range and a repaint (the scale follows
        once the whole engine event is in, on `track_changed`)."""
        self.updateGeometries()
        self.viewport().update()

    def _follow_due(self) -> None:
        """After each engine event: the scale again, and the lane acting now brought into
        view when another one acts (the GM's own scrolling is left alone otherwise). The
        whole track is repainted only when what every lane shows moved (the scale, the
        count's line, the phase); else the axis, the lanes changed being the model's."""
        if self._shown_everywhere() != self._shown:
            self.relayout()
        else:
            self.viewport().update(QRect(0, 0, self.viewport().width(), HEADER_H))
        model = self.track_model
        due = model.due_row()
        if due >= 0 and due != self._due_row:
            self.scrollTo(model.index(due, 0))
        self._due_row = due

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
        region = QRegion()
        for index in selection.indexes():
            region = region.united(self.visualRect(index))
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
        # The lanes in the region asked for (a lane changed repaints that lane alone).
        asked = event.rect()
        first = max((frame.dy + asked.top() - HEADER_H) // LANE_H, frame.dy // LANE_H, 0)
        last = min(
            (frame.dy + asked.bottom() - HEADER_H) // LANE_H,
            (frame.dy + frame.height - HEADER_H) // LANE_H + 1,
            model.rowCount() - 1,
        )
        current = self.currentIndex().row() if self.currentIndex().isValid() else -1
        tied, phase = self.tied_rows(first, last), model.phase()
        painter.setClipRect(QRect(0, HEADER_H, frame.width, frame.height - HEADER_H))
        for row in range(first, last + 1):
            combatant, mark = model.combatant_at(row), model.mark_at(row)
            if combatant is None or mark is None:
                continue
            selected = row == current or row == self.drag_row
            paint_lane_back(painter, frame, row, mark.due is not None, selected)
            summary = model.summary_of(row)
            if summary is not None:
                paint_name(painter, frame, row, summary, row in tied)
            paint_track_lane(painter, frame, row, combatant, mark, phase)
        if self.drag_row >= 0 and self.drop_slot >= 0:
            paint_drop(painter, frame, self.drop_slot, self.drop_refusal)
        hint = self.phase_texts()[2] or (TIE_HINT if tied else "")
        if hint and self.drag_row < 0:
            paint_hint(painter, frame, model.rowCount(), hint)
        painter.setClipping(False)
        paint_axis(painter, frame, self.phase_texts()[1], model.phase())
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
