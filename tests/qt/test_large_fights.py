"""Views measure and paint the rows they show, not every row of a long fight: a few
steps with hundreds of combatants read a bounded number of rows of the central view's
model (a count of calls, not a timing: the machine is shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.table_speed import build, next_step
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.rulesets.initiative_ticks.model import TickModel
from tracker.qt.rulesets.war_scroll.model import WarScrollModel

SIZE = 400


@pytest.mark.parametrize(
    ("ruleset_id", "model_class"),
    [
        ("initiative_ticks", TickModel),
        ("war_scroll", WarScrollModel),
        ("highest_roll", RosterModel),  # the generic order table (and the side list)
    ],
)
def test_steps_read_only_the_rows_shown(ruleset_id, model_class, qtbot, tmp_path, monkeypatch):
    rows_read: set[int] = set()
    original = model_class.data

    def data(self, index, role=0):
        rows_read.add(index.row())
        return original(self, index, role)

    monkeypatch.setattr(model_class, "data", data)  # before the model exists
    if model_class is WarScrollModel:  # its grid paints from the kept cells
        original_cell = WarScrollModel.cell_at

        def cell_at(self, row, column):
            rows_read.add(row)
            return original_cell(self, row, column)

        monkeypatch.setattr(WarScrollModel, "cell_at", cell_at)
    window = MainWindow(build(ruleset_id, SIZE), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    document = window.document
    rows_read.clear()
    try:
        for _ in range(3):
            document.apply(next_step(document.session))
            window.repaint()
            qtbot.wait(1)
    finally:
        document.undo_stack.setClean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)
    assert 0 < len(rows_read) < SIZE // 4, f"{len(rows_read)} of {SIZE} rows read"
