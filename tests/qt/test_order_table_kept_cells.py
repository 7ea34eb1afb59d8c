"""The order table's text cells are drawn once and put back from `kept` (issue 26), as
its name blocks are: a repaint of unchanged rows draws no cell anew, and what is put
back looks as the cells drawn straight, light and dark (the turn's gold, a selected
row, a cut text ending in "…")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.fights import build, next_step
from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import EditCombatant
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.views.order_table import OrderTable


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, build("priority", 8), tmp_path / "journal", (1366, 768))


def order_table(window: MainWindow) -> OrderTable:
    view = window.central_view
    assert isinstance(view, OrderTable)
    return view


def test_a_repaint_of_unchanged_rows_draws_no_cell_anew(window, qtbot):
    table = order_table(window)
    settle(qtbot)
    table.viewport().grab()  # every row in sight drawn (and kept)
    drawn = table.kept.drawn
    rows, columns = table.model().rowCount(), table.model().columnCount()
    assert len(table.kept) >= rows * columns  # the text cells too, not only the names

    table.viewport().grab()

    assert table.kept.drawn == drawn


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_cells_look_as_the_cells_drawn_straight(window, qtbot, scheme):
    table = order_table(window)
    document = window.document
    last = document.encounter.combatants[-1]
    window.select_combatant(last.id)  # a selected row too (not the one acting)
    try:
        appearance().choose(scheme)
        settle(qtbot)
        # Each step's cells kept, then the next: the turn moves on (the gold moves), a
        # name too long for its column (its state cut short, the rows fitted anew).
        steps = (
            next_step(document.session),
            EditCombatant(last.id, {"name": "Fighter of the Very Long Name " * 2}),
        )
        for step in steps:
            table.viewport().grab()
            assert document.apply(step)
            settle(qtbot)
        kept = table.viewport().grab().toImage()
        assert table.kept.drawn >= table.model().rowCount()
        table.kept.keep = False
        straight = table.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert far_apart(kept, straight) == 0


def test_the_names_start_at_the_tables_edge(window, qtbot):
    """No blank rows header beside the names (it said nothing, and was painted whole
    each time the rows scrolled or the selection moved): the cells start at the edge."""
    table = order_table(window)
    settle(qtbot)
    assert table.viewport().geometry().left() == table.frameWidth()
    assert table.columnViewportPosition(0) == 0
