"""The AP countdown track's lanes' marks (bar, marker, word) kept as pixmaps
(`track_lanes.LaneMarks`): they look as drawn in place, over every lane background,
and a step draws anew only the marks that changed, not those of the lanes it moved."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QImage, QPainter

from tests.qt.table_size import settle, table_window
from tracker.engine import RulesetAction
from tracker.engine.rulesets.ap_countdown.turns import TrackMark
from tracker.engine.state import Combatant
from tracker.qt.appearance import dark_palette, light_palette
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.ap_countdown import track_paint
from tracker.qt.rulesets.ap_countdown.track_lanes import LaneMarks
from tracker.qt.rulesets.ap_countdown.track_paint import (
    Frame,
    paint_background,
    paint_lane_back,
    paint_track_lane,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, TrackScale
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack

MARKS = [
    TrackMark("a", 31, 15, 2),  # waiting, no action
    TrackMark("a", 27, 15, 0, "Shove", 31, 31, 27, (4, 4), due="resolve"),
    TrackMark("a", 22, 12, 3, "Cast a long spell", 30, 30, None, (2, 8), -5, "declare"),
    TrackMark("a", 18, 13, 0, None, due="declare"),
    TrackMark("a", 12, 13, 0),  # done for the round (in Resolution)
]
SHADES = 2  # of 255


@pytest.mark.parametrize("dark", [False, True])
def test_kept_lane_marks_look_as_drawn_in_place(qapp, dark):
    """A lane's marks from the kept pixmap are the marks drawn in place, to `SHADES` of a
    colour, over the grid, the values passed and the count's line, on every lane
    background, hidden or not, drawn anew or kept; the due ring's spill into the lanes
    beside too. (Not bit for bit: an antialiased edge's coverage composed over the lane
    through the transparent pixmap rounds otherwise, by a shade or two.)"""
    light = light_palette(qapp.style().standardPalette())
    palette = dark_palette() if dark else light
    frame = Frame(TrackScale(0, 40, 10.0), 0, 0, 640, HEADER_H + 4 * LANE_H, 20, palette)
    lanes = LaneMarks()
    form = QImage.Format.Format_RGB32
    for mark in MARKS:
        for hidden in (False, True):
            combatant = Combatant("a", "Orc", "enemy", hidden=hidden)
            for due, selected, row in [(False, False, 1), (True, False, 2), (False, True, 1)]:
                for _kept in range(2):  # drawn into the pixmap, then drawn from it
                    shown, fresh = (QImage(640, frame.height, form) for _ in range(2))
                    for image, kept in ((shown, True), (fresh, False)):
                        painter = QPainter(image)
                        paint_background(painter, frame)
                        paint_lane_back(painter, frame, row, due, selected)
                        painter.setClipRect(QRect(0, HEADER_H, 640, frame.height - HEADER_H))
                        if kept:
                            key = QFont().key()
                            lanes.paint(painter, frame, row, combatant, mark, "resolution", key)
                        else:
                            paint_track_lane(painter, frame, row, combatant, mark, "resolution")
                        painter.end()
                    assert _apart(shown, fresh) <= SHADES, (mark, hidden, due, selected, row)
    assert len(lanes) == len(MARKS) * 2  # kept once a mark and look, whatever the lane


def _apart(one: QImage, other: QImage) -> int:
    """The largest difference of a colour channel between the two images."""
    pixels = zip(one.constBits(), other.constBits(), strict=True)
    return max((abs(a - b) for a, b in pixels), default=0)


@pytest.fixture
def fight(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The table's size: 30 combatants, 10 effects, in Resolution, someone due."""
    yield from table_window(qtbot, tmp_path / "journal", "ap_countdown")


def _drawn_marks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The combatants whose lane's marker is drawn from now on (anew: not from a kept
    pixmap)."""
    drawn: list[str] = []
    plain = track_paint._paint_marker

    def counted(painter: QPainter, frame: Frame, mark: TrackMark, *rest: Any) -> None:
        drawn.append(mark.combatant_id)
        plain(painter, frame, mark, *rest)

    monkeypatch.setattr(track_paint, "_paint_marker", counted)
    return drawn


def test_a_step_draws_the_marks_it_changed_and_undo_none(fight, qtbot, monkeypatch):
    """Done for the round moves the one due down the order and the lanes it passes up
    one (their marks the same: kept); it draws anew the marks it changed and of lanes
    that come into sight only; undo puts every lane back as it was: no mark drawn anew."""
    view = fight.central_view
    assert isinstance(view, CountdownTrack)
    model = view.track_model
    ruleset = model.ruleset
    assert ruleset is not None
    due = ruleset.due_now(fight.document.encounter)
    assert due is not None
    marks = {model.combatant_at(row).id: model.mark_at(row) for row in range(model.rowCount())}
    first, bottom = view.verticalOffset() // LANE_H, view.viewport().height() - HEADER_H
    last = min((view.verticalOffset() + bottom - 1) // LANE_H, len(marks) - 1)
    seen = {model.combatant_at(row).id for row in range(first, last + 1)}  # painted, kept
    drawn = _drawn_marks(monkeypatch)
    assert fight.document.apply(RulesetAction("done", due[0], {}))
    settle(qtbot)
    changed = {
        model.combatant_at(row).id
        for row in range(model.rowCount())
        if marks[model.combatant_at(row).id] != model.mark_at(row)
    }
    assert drawn, "lanes were repainted"
    assert set(drawn) <= changed | (set(marks) - seen), "marks that changed, or came into sight"
    assert len(drawn) <= 3 < len(seen)
    drawn.clear()
    fight.document.undo_stack.undo()
    settle(qtbot)
    assert drawn == []
