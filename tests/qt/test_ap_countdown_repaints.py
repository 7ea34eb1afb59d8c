"""A step of the countdown repaints the lanes it changed, the axis and the strip the
count's line crossed, not the whole track (issue 26: Hold, Done for the round, a
free-form declaration and the prompt's answers move the count on and a lane down the
order, and repainted every lane, twice), and a lane's names already drawn come from a
kept pixmap. Regions painted and drawings counted, not timings: the machine is shared.
What the window shows afterwards is what a fresh paint of the track shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtGui import QFont, QImage, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication

from tests.qt.conftest import counted_cell_paints
from tests.qt.table_size import settle, table_window, widget_as_painted
from tracker.engine import RulesetAction
from tracker.qt.appearance import dark_palette, light_palette
from tracker.qt.main_window import MainWindow
from tracker.qt.models.badges import Badge
from tracker.qt.models.combatant_summary import CombatantSummary
from tracker.qt.rulesets.ap_countdown import track_paint
from tracker.qt.rulesets.ap_countdown.track_names import NameBlocks
from tracker.qt.rulesets.ap_countdown.track_paint import (
    Frame,
    paint_block,
    paint_lane_back,
    paint_name_edge,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, TrackScale
from tracker.qt.rulesets.ap_countdown.track_view import COUNT_MARGIN, CountdownTrack

Lane = tuple[str, object, object]  # who, their mark, their identity block


class Painted(QObject):
    """The region the watched widget painted, united over its paint events."""

    def __init__(self, watched: QObject) -> None:
        super().__init__()
        self.watched = watched
        self.region = QRegion()
        self.events = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self.watched and isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
            self.events += 1
        return False


@pytest.fixture
def fight(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The table's size: 30 combatants, 10 effects, in Resolution, someone due."""
    yield from table_window(qtbot, tmp_path / "journal", "ap_countdown")


def _track(window: MainWindow) -> CountdownTrack:
    view = window.central_view
    assert isinstance(view, CountdownTrack)
    return view


def _lanes(view: CountdownTrack) -> list[Lane]:
    model = view.track_model
    lanes: list[Lane] = []
    for row in range(model.rowCount()):
        combatant = model.combatant_at(row)
        assert combatant is not None
        lanes.append((combatant.id, model.mark_at(row), model.summary_of(row)))
    return lanes


def _allowed(view: CountdownTrack, before: list[Lane], count_before: int | None) -> QRegion:
    """The axis, every lane that shows something else than before (another combatant,
    a new mark or block) with its neighbours (a tie is marked on both), and the strip
    between the count's old and new lines."""
    viewport = view.viewport()
    allowed = QRegion(QRect(0, 0, viewport.width(), HEADER_H))
    after = _lanes(view)
    for row, lane in enumerate(after):
        if row >= len(before) or before[row] != lane:
            top = HEADER_H + (row - 1) * LANE_H - view.verticalOffset()
            allowed += QRect(0, top, viewport.width(), 3 * LANE_H)
    counts = [c for c in (count_before, view.track_model.count()) if c is not None]
    xs = [view.scale.x_of(c, view.horizontalOffset()) for c in counts]
    left, right = int(min(xs)) - COUNT_MARGIN, int(max(xs)) + 1 + COUNT_MARGIN
    allowed += QRect(left, HEADER_H, right - left, viewport.height())
    return allowed


def _due(window: MainWindow) -> str:
    ruleset = _track(window).track_model.ruleset
    assert ruleset is not None
    due = ruleset.due_now(window.document.encounter)
    assert due is not None and due[1] == "declare", "someone is due to declare"
    return due[0]


def _step(qtbot, window: MainWindow, action: str, params: dict[str, object]) -> Painted:
    view = _track(window)
    before, count = _lanes(view), view.track_model.count()
    painted = Painted(view.viewport())
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        assert window.document.apply(RulesetAction(action, _due(window), params))
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)
    assert view.track_model.count() != count, "the count moved on"
    beyond = painted.region.subtracted(_allowed(view, before, count))
    assert beyond.isEmpty(), f"the track painted beyond its changes: {list(beyond)}"
    return painted


def _shown_as_painted(window: MainWindow) -> None:
    """The window shows of the track what a fresh paint of it shows: nothing stale."""
    widget_as_painted(window, _track(window).viewport(), "the track")


@pytest.mark.parametrize(
    ("action", "params"),
    [("hold", {}), ("done", {}), ("declare_free", {"name": "Shove", "ap": 1})],
)
def test_a_step_that_moves_the_count_repaints_what_it_changed(fight, qtbot, action, params):
    painted = _step(qtbot, fight, action, params)  # within what changed

    assert painted.events == 1, "one paint of the track"
    _shown_as_painted(fight)


def test_undo_and_redo_of_a_step_repaint_what_they_changed(fight, qtbot):
    view = _track(fight)
    _step(qtbot, fight, "hold", {})
    for undo in (True, False, True):
        before, count = _lanes(view), view.track_model.count()
        painted = Painted(view.viewport())
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(painted)
        try:
            stack = fight.document.undo_stack
            stack.undo() if undo else stack.redo()
            settle(qtbot)
        finally:
            app.removeEventFilter(painted)
        beyond = painted.region.subtracted(_allowed(view, before, count))
        assert beyond.isEmpty(), f"the track painted beyond its changes: {list(beyond)}"
        _shown_as_painted(fight)


def test_a_step_that_leaves_the_count_leaves_the_axis(fight, qtbot):
    """A movement pace set (the count stays) repaints the lane it changed, not the axis
    over the lanes: it shows the scale, the count and the phase, none of which moved."""
    view = _track(fight)
    window = fight
    someone = view.track_model.combatant_at(view.verticalOffset() // LANE_H + 3)
    assert someone is not None
    count = view.track_model.count()
    painted = Painted(view.viewport())
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        assert window.document.apply(RulesetAction("pace", someone.id, {"penalty": -25}))
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)
    assert view.track_model.count() == count
    assert painted.events == 1, "the lane changed was repainted"
    axis = QRect(0, 0, view.viewport().width(), HEADER_H)
    assert not painted.region.intersects(axis), f"the axis repainted: {list(painted.region)}"
    _shown_as_painted(fight)


# --- the names kept as pixmaps ------------------------------------------------------------
SUMMARIES = [
    CombatantSummary("a", "Mirelle", "party", "Hits 30/30", details="base 15 · 4 AP left"),
    CombatantSummary(
        "b",
        "Orc Captain with a long name that is cut short",
        "enemy",
        "Hits -3/31",
        defeated="unconscious",
        hidden=True,
        acting=True,
        badges=(Badge("Stunned", "", "2 rounds left", True), Badge("Bleeding", "3", "", False)),
        details="base 13 · 2 AP left",
        markers=("parry 20",),
    ),
]


@pytest.mark.parametrize("dark", [False, True])
def test_kept_names_look_as_drawn_in_place(qapp, dark):
    """A lane's names from the kept pixmap are, pixel for pixel, the names drawn in place:
    on every lane background (due, selected, striped, plain), tied or not, drawn anew or
    kept."""
    light = light_palette(qapp.style().standardPalette())
    palette = dark_palette() if dark else light
    frame = Frame(TrackScale(0, 40, 10.0), 0, 0, 600, HEADER_H + 8 * LANE_H, None, palette)
    names = NameBlocks()
    form = QImage.Format.Format_RGB32
    ways = [(due, sel, row) for due in (False, True) for sel in (False, True) for row in (0, 1)]
    for summary in SUMMARIES:
        for tied in (False, True):
            for due, selected, row in ways:
                for _kept in range(2):  # drawn into the pixmap, then drawn from it
                    shown, fresh = QImage(600, frame.height, form), QImage(600, frame.height, form)
                    for image, kept in ((shown, True), (fresh, False)):
                        image.fill(frame.color("page"))
                        painter = QPainter(image)
                        back = paint_lane_back(painter, frame, row, due, selected)
                        top = HEADER_H + row * LANE_H
                        if kept:
                            key = QFont().key()
                            names.paint(painter, frame, row, summary, tied, back, selected, key)
                        else:
                            paint_block(painter, frame, 0, top, summary, tied)
                            paint_name_edge(painter, frame, top)
                        painter.end()
                    assert shown == fresh, (summary.name, tied, due, selected, row)
    # Kept once per look: due (with or without the selection's edge), selected, striped
    # and plain lanes; tied or not.
    assert len(names) == len(SUMMARIES) * 2 * 5


def test_undo_draws_no_names_again(fight, qtbot, monkeypatch):
    """Undo puts the lanes back as they were: their names come from the kept pixmaps."""
    view = _track(fight)
    assert fight.document.apply(RulesetAction("hold", _due(fight), {}))
    settle(qtbot)
    drawn = counted_cell_paints(monkeypatch, track_paint)
    painted = Painted(view.viewport())
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        fight.document.undo_stack.undo()
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)
    names = QRect(0, HEADER_H, 40, view.viewport().height() - HEADER_H)
    assert painted.region.intersects(names), "lanes moved back: their names repainted"
    assert drawn == []
    _shown_as_painted(fight)


def test_a_tie_coming_repaints_its_lanes_not_the_track(fight, qtbot, monkeypatch):
    """A lane gaining its grip (the engine now lets it be ordered among its ties)
    repaints that lane and its neighbour, not every lane (30 lanes fill the view: the
    hint on dragging, under the last lane, is out of it)."""
    view = _track(fight)
    model = view.track_model
    row = view.verticalOffset() // LANE_H + 2
    assert not view.tied_rows(row, row + 1) & {row, row + 1}, "a lane without a grip"
    plain = model.tied_with_next
    monkeypatch.setattr(model, "tied_with_next", lambda r: r == row or plain(r))
    painted = Painted(view.viewport())
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        model.track_changed.emit()  # as after an engine event that changed no lane
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)

    viewport = view.viewport()
    lanes = QRect(0, HEADER_H + row * LANE_H - view.verticalOffset(), viewport.width(), 2 * LANE_H)
    beyond = painted.region.subtracted(QRegion(lanes) + QRect(0, 0, viewport.width(), HEADER_H))
    assert beyond.isEmpty(), f"the track painted beyond the tie: {list(beyond)}"
    assert painted.region.intersected(lanes) == QRegion(lanes)
    _shown_as_painted(fight)


def test_a_lane_repainted_leaves_the_axis_alone(fight, qtbot, monkeypatch):
    """A lane repainted alone (the selection's, as the focus comes or goes) draws that
    lane, not the axis over the lanes; the track shows what a fresh paint shows (the
    due lane's ring, which spills a pixel into the next lane, was erased there)."""
    from tracker.qt.rulesets.ap_countdown import track_view

    view = _track(fight)
    axes: list[object] = []
    plain = track_view.paint_axis
    monkeypatch.setattr(track_view, "paint_axis", lambda *a: axes.append(a) or plain(*a))
    painted = Painted(view.viewport())
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        view.viewport().update(view.visualRect(view.track_model.index(1, 0)))
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)
    assert painted.events == 1
    assert axes == []
    view.viewport().update(QRect(0, 0, view.viewport().width(), HEADER_H))
    settle(qtbot)
    assert len(axes) == 1
    _shown_as_painted(fight)


def test_the_selection_region_is_its_lanes(fight):
    """A selection's region (repainted as the focus comes or goes) is a rectangle a
    range of rows: the union of every selected index's lane."""
    from PySide6.QtCore import QItemSelection

    view = _track(fight)
    model = view.track_model
    last = model.columnCount() - 1
    selection = QItemSelection(model.index(1, 0), model.index(2, last))
    selection.select(model.index(5, 0), model.index(5, last))
    expected = QRegion()
    for index in selection.indexes():
        expected += view.visualRect(index)
    assert view.visualRegionForSelection(selection) == expected
    assert view.visualRegionForSelection(QItemSelection()).isEmpty()
