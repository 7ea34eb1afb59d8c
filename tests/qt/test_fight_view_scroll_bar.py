"""A fight view keeps its vertical scroll bar whatever its rows: the combatant that made
the table longer than its room (the eleventh on the laptop) brought the bar in, which
narrowed the stretched column and had the whole table painted again, twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractItemView

from benchmarks.fights import build
from tracker.engine import AddCombatant, RemoveCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.views.fresh_rows import FreshRows

FIGHT_VIEWS = ["priority", "classic_d20", "initiative_ticks", "war_scroll"]  # tables of rows


@pytest.mark.parametrize("ruleset_id", FIGHT_VIEWS)
def test_combatants_coming_and_going_leave_the_columns_their_room(
    qtbot, tmp_path: Path, ruleset_id: str
):
    window = MainWindow(build(ruleset_id, 3), None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(600)  # the window whole (the panes follow the first frame), the docks placed
    try:
        central = window.central_view
        views = [central] if isinstance(central, QAbstractItemView) else []
        views += central.findChildren(QAbstractItemView)
        table = next(v for v in views if isinstance(v, FreshRows))
        bar = table.verticalScrollBar()
        assert bar.isVisible() and bar.maximum() == 0  # three rows: no scrolling, kept
        room = table.viewport().width()
        for count in range(30):  # past the table's room
            assert window.document.apply(AddCombatant(f"Newcomer {count}"))
        qtbot.wait(10)
        assert bar.maximum() > 0  # it scrolls now
        assert table.viewport().width() == room  # the columns share the same room
        newcomers = [c.id for c in window.document.encounter.combatants if "Newcomer" in c.name]
        for combatant_id in newcomers:
            assert window.document.apply(RemoveCombatant(combatant_id))
        qtbot.wait(10)
        assert bar.isVisible() and table.viewport().width() == room
    finally:
        window.document.undo_stack.set_clean()
        window.close()
