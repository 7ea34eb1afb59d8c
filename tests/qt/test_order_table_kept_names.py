"""The order table's identity blocks are drawn once and put back from `kept` (issue 26):
a combatant added below the fold is brought into sight, which repainted every block in
sight (some 200 µs of Python each); now only its own block is drawn, the rows scrolled
into sight are put back, and what is put back looks as the blocks drawn straight, light
and dark (the turn's gold, a selected row, a hidden and a defeated combatant)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractItemView

from benchmarks.fights import build
from tests.qt.conftest import add_through_form, counted_cell_paints, shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import EditCombatant, RemoveCombatant
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.views import combatant_cell
from tracker.qt.views.order_table import OrderTable


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, build("priority", 30), tmp_path / "journal", (1366, 768))


def order_table(window: MainWindow) -> OrderTable:
    view = window.central_view
    assert isinstance(view, OrderTable)
    return view


def _top_selected(window: MainWindow, qtbot) -> None:
    view = order_table(window)
    window.select_combatant(window.document.encounter.combatants[1].id)
    view.scrollTo(view.model().index(1, 0), QAbstractItemView.ScrollHint.PositionAtTop)
    settle(qtbot)


def test_a_combatant_added_below_the_fold_draws_its_own_block_only(window, qtbot, monkeypatch):
    view = order_table(window)
    # Once as at the table: the rows at the end drawn (and kept) when an add showed them.
    _top_selected(window, qtbot)
    add_through_form(window)
    settle(qtbot)
    window.document.apply(RemoveCombatant(window.selected_combatant_id() or ""))
    _top_selected(window, qtbot)
    drawn = counted_cell_paints(monkeypatch, combatant_cell)
    top = view.verticalScrollBar().value()

    added = add_through_form(window)
    settle(qtbot)

    assert view.verticalScrollBar().value() > top  # scrolled: the rows in sight changed
    # Its own block only (selected, and then with the keyboard's focus too); on main
    # every block in sight was drawn again (12).
    assert set(drawn) == set(added) and len(drawn) <= 2


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_blocks_look_as_the_blocks_drawn_straight(window, qtbot, scheme):
    view = order_table(window)
    encounter = window.document.encounter
    first, second = encounter.combatants[2], encounter.combatants[3]
    try:
        appearance().choose(scheme)
        window.document.apply(EditCombatant(first.id, {"hidden": True}))
        window.document.apply(EditCombatant(second.id, {"damage": 999}))
        window.select_combatant(encounter.combatants[4].id)
        settle(qtbot)
        view.viewport().grab()  # kept
        kept = view.viewport().grab().toImage()
        assert view.kept.drawn >= 8
        view.kept.keep = False
        straight = view.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert far_apart(kept, straight) == 0
