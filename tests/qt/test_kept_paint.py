"""A table whose cells are all kept puts them back itself (`KeptPaint`, issue 26): a
repaint of kept rows calls no delegate, looks as Qt's own paint of the cells drawn
straight (a selected row, the focused cell, the turn's gold; light and dark), leaves to
Qt only the rows not kept, and the whole paint to Qt during a drag."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QAbstractItemView, QTableView

from tests.qt.classic_d20_view_helpers import d20_view, ids_by_name, sample
from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import RulesetAction, StartEncounter
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.classic_d20.view import D20OrderTable
from tracker.qt.views.fresh_rows import FreshRows


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    session = sample()
    session.apply(StartEncounter())
    for shown in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        yield shown


@pytest.fixture
def qt_paints(monkeypatch: pytest.MonkeyPatch) -> list[QRegion]:
    """The regions Qt's own paint of a table is asked to paint from now on."""
    regions: list[QRegion] = []

    def paint(view: QTableView, event: QPaintEvent) -> None:
        regions.append(QRegion(event.region()))
        QTableView.paintEvent(view, event)

    monkeypatch.setattr(FreshRows, "paintEvent", paint, raising=False)
    return regions


def _focused_with_a_row_selected(window: MainWindow, qtbot) -> D20OrderTable:
    view = d20_view(window)
    last = window.document.encounter.combatants[-1]
    window.select_combatant(last.id)  # a row selected, not the one acting
    view.setFocus()  # the current cell focused
    settle(qtbot)
    view.viewport().grab()  # every cell in sight kept
    return view


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_kept_rows_are_put_back_as_qt_draws_them(window, qtbot, qt_paints, scheme):
    try:
        appearance().choose(scheme)
        view = _focused_with_a_row_selected(window, qtbot)
        assert view.hasFocus() and view.currentIndex().isValid()
        put_back, drawn = view.put_back, view.kept.drawn
        qt_paints.clear()

        kept = view.viewport().grab().toImage()

        assert view.put_back == put_back + 1
        assert view.kept.drawn == drawn
        assert not qt_paints, "no row left to Qt"
        view.kept.keep = False
        straight = view.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert qt_paints, "drawn straight by Qt"
    assert far_apart(kept, straight) == 0


def test_only_the_row_not_kept_is_left_to_qt(window, qtbot, qt_paints):
    """A creature damaged: the window's repaint leaves its row alone to Qt (which draws
    and keeps its cells anew); the next repaint puts it back too."""
    view = _focused_with_a_row_selected(window, qtbot)
    corin = ids_by_name(window.document.session)["Corin"]
    qt_paints.clear()
    drawn = view.kept.drawn

    assert window.document.apply(RulesetAction("damage", corin, {"amount": 3, "critical": False}))
    settle(qtbot)

    row = view.order_model.row_of(corin)
    strip = QRegion(0, view.rowViewportPosition(row), view.viewport().width(), view.rowHeight(row))
    assert qt_paints, "the row damaged painted by Qt"
    assert all(region.subtracted(strip).isEmpty() for region in qt_paints), "only that row"
    assert 1 <= view.kept.drawn - drawn <= len(view.order_model.COLUMNS)
    qt_paints.clear()
    put_back = view.put_back
    kept = view.viewport().grab().toImage()
    assert view.put_back == put_back + 1 and not qt_paints
    view.kept.keep = False
    assert far_apart(kept, view.viewport().grab().toImage()) == 0


def test_a_drag_leaves_the_paint_to_qt(window, qtbot, qt_paints):
    """Qt's paint draws the drop indicator: during a drag it paints the whole view."""
    view = _focused_with_a_row_selected(window, qtbot)
    put_back = view.put_back
    view.setState(QAbstractItemView.State.DraggingState)
    try:
        view.viewport().grab()
    finally:
        view.setState(QAbstractItemView.State.NoState)
    assert view.put_back == put_back
    assert qt_paints and qt_paints[-1] == QRegion(view.viewport().rect())
