"""A table whose cells are all kept puts them back itself (`KeptPaint`, issue 26): a
repaint of kept rows calls no delegate, looks as Qt's own paint of the cells drawn
straight (a selected row, the focused cell, the turn's gold; light and dark), leaves to
Qt only the rows not kept, and the whole paint to Qt during a drag. Classic d20's view,
Priority's order table and the Initiative ticks table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QAbstractItemView, QTableView

from benchmarks.fights import build
from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import EditCombatant
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import IdRole
from tracker.qt.views.fresh_rows import FreshRows
from tracker.qt.views.kept_paint import KeptPaint

RULESETS = ["classic_d20", "priority", "initiative_ticks"]


def _fight(ruleset: str, size: int, qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The window on a started fight of `size`, at the laptop's size."""
    for shown in shown_window(qtbot, build(ruleset, size), tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        yield shown


@pytest.fixture(params=RULESETS)
def window(request, qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from _fight(request.param, 12, qtbot, tmp_path)


def kept_view(window: MainWindow) -> KeptPaint:
    """The fight view's table (Initiative ticks': inside its track view)."""
    central = window.central_view
    found = [v for v in (central, *central.findChildren(QTableView)) if isinstance(v, KeptPaint)]
    assert len(found) == 1
    return found[0]


@pytest.fixture
def qt_paints(monkeypatch: pytest.MonkeyPatch) -> list[QRegion]:
    """The regions Qt's own paint of a table is asked to paint from now on."""
    regions: list[QRegion] = []

    def paint(view: QTableView, event: QPaintEvent) -> None:
        regions.append(QRegion(event.region()))
        QTableView.paintEvent(view, event)

    monkeypatch.setattr(FreshRows, "paintEvent", paint, raising=False)
    return regions


def _focused_with_a_row_selected(window: MainWindow, qtbot) -> KeptPaint:
    view = kept_view(window)
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


def test_only_the_rows_not_kept_are_left_to_qt(window, qtbot, qt_paints):
    """The combatant of the second row renamed: the window's repaint leaves to Qt its
    row (whose cells are drawn and kept anew) and none under it; the next repaint puts
    every row back."""
    view = _focused_with_a_row_selected(window, qtbot)
    renamed = view.model().index(1, 0).data(IdRole)
    qt_paints.clear()
    drawn, put_back = view.kept.drawn, view.put_back

    assert window.document.apply(EditCombatant(renamed, {"name": "Renamed"}))
    settle(qtbot)

    assert view.model().index(1, 0).data(IdRole) == renamed
    below = QRegion(view.viewport().rect())
    below -= QRegion(0, 0, view.viewport().width(), view.rowViewportPosition(2))
    assert qt_paints, "the row renamed painted by Qt"
    assert all(region.intersected(below).isEmpty() for region in qt_paints), "no row under it"
    assert view.put_back > put_back, "the rows under it put back"
    assert 1 <= view.kept.drawn - drawn <= view.model().columnCount()
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


@pytest.fixture(params=RULESETS)
def fight_of_30(request, qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """A fight longer than the view holds at the laptop's size."""
    yield from _fight(request.param, 30, qtbot, tmp_path)


def test_a_combatant_added_leaves_only_its_row_to_qt(fight_of_30, qtbot, qt_paints):
    """Added through the Add form, the newcomer is brought into sight: the rows the
    view scrolls to are put back (the order table's values are kept by combatant, so a
    row moved down keeps its cells' keys), only the newcomer's row is left to Qt."""
    window = fight_of_30
    view = kept_view(window)
    window.select_combatant(window.document.encounter.combatants[0].id)
    view.scrollToTop()
    settle(qtbot)
    view.viewport().grab()  # the rows in sight kept
    view.scrollToBottom()
    settle(qtbot)
    view.viewport().grab()  # and those at the end
    view.scrollToTop()
    settle(qtbot)
    window.add_combatant()
    form = window.add_form
    assert form is not None
    settle(qtbot)
    before = {c.id for c in window.document.encounter.combatants}
    put_back = view.put_back
    qt_paints.clear()

    form.accept()
    settle(qtbot)

    row = view.currentIndex().row()
    assert view.model().index(row, 0).data(IdRole) not in before, "the newcomer selected"
    strip = QRegion(0, view.rowViewportPosition(row), view.viewport().width(), view.rowHeight(row))
    assert view.put_back > put_back, "the rows scrolled to put back"
    assert qt_paints, "the newcomer's row painted by Qt"
    assert all(region.subtracted(strip).isEmpty() for region in qt_paints), "only its row"
