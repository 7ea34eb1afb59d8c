"""The roster's list repaints the rows a step changed and lays none out again: a
QListView lays out every row on any `dataChanged` (asking the model about each), which
in a fight of 300 cost 300 rows at every step (counts of work, not timings)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.table_speed import build
from tracker.engine import EditCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import RosterModel


def test_a_change_of_a_row_lays_out_none_of_the_roster(qtbot, tmp_path, monkeypatch):
    asked: list[int] = []
    original = RosterModel.rowCount

    def row_count(self, parent=None):  # Qt asks it for each row it lays out
        asked.append(1)
        return original(self) if parent is None else original(self, parent)

    monkeypatch.setattr(RosterModel, "rowCount", row_count)
    window = MainWindow(build("war_scroll", 300), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    try:
        roster = window.roster_view
        assert window.roster_model.rowCount() == 300
        for number in range(4):
            combatant = window.document.encounter.combatants[number]
            shown = roster.visualRect(window.roster_model.index(number, 0))
            assert roster.viewport().rect().intersects(shown)
            asked.clear()
            window.document.apply(EditCombatant(combatant.id, {"name": f"Renamed {number}"}))
            qtbot.wait(1)
            window.repaint()
            assert len(asked) < 100, f"the roster's rows were asked for {len(asked)} times"
            index = window.roster_model.index(number, 0)
            assert f"Renamed {number}" in index.data()
    finally:
        window.document.undo_stack.setClean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)
