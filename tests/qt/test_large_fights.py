"""Views measure and paint the rows they show, not every row of a long fight: a few
steps with hundreds of combatants read a bounded number of rows of the central view's
model, and lay out none of the side list (counts of calls, not timings: the machine is
shared)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject

from benchmarks.fights import build, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.conftest import show_pane
from tracker.engine import AddCombatant, EditCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.rulesets.initiative_ticks.model import TickModel
from tracker.qt.rulesets.war_scroll.model import WarScrollModel
from tracker.qt.views.side_tables import RosterList

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
    if model_class is RosterModel:  # the order table reads its rows by cell, not index
        original_value = RosterModel.cell_value

        def cell_value(self, row, column, role):
            rows_read.add(row)
            return original_value(self, row, column, role)

        monkeypatch.setattr(RosterModel, "cell_value", cell_value)
    window = MainWindow(build(ruleset_id, SIZE), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    IdleClock().settle()  # the view built (its rows ranked by width a slice at a time)
    document = window.document
    rows_read.clear()
    try:
        for _ in range(3):
            document.apply(next_step(document.session))
            window.repaint()
            qtbot.wait(1)
    finally:
        document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)
    assert 0 < len(rows_read) < SIZE // 4, f"{len(rows_read)} of {SIZE} rows read"


class Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.count += event.type() == QEvent.Type.Paint
        return False


def test_a_step_lays_out_none_of_the_side_list(qtbot, tmp_path, monkeypatch):
    """Qt's list view lays every row out again on any change of data (a visit of every
    row); the side list's rows share one size, so a step repaints the rows it changed
    and lays out none. Rows that come or go are laid out as before."""
    layouts: list[int] = []
    original = RosterList.doItemsLayout

    def do_items_layout(self):
        layouts.append(1)
        original(self)

    monkeypatch.setattr(RosterList, "doItemsLayout", do_items_layout)
    window = MainWindow(build("war_scroll", SIZE), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    show_pane(window, "combatants", qtbot)
    document = window.document
    view = window.roster_view
    try:
        qtbot.wait(1)
        layouts.clear()
        for _ in range(3):
            document.apply(next_step(document.session))
            window.repaint()
            qtbot.wait(1)
        fighter = document.encounter.combatants[0]  # the row that sets the rows' size
        paints = Paints()
        view.viewport().installEventFilter(paints)
        document.apply(EditCombatant(fighter.id, {"name": "Someone with a longer name"}))
        qtbot.wait(1)
        view.viewport().removeEventFilter(paints)
        assert layouts == []
        assert paints.count > 0  # the renamed row is repainted
        assert view.model().index(0, 0).data().startswith("Someone with a longer name")
        document.apply(AddCombatant("Latecomer", "enemy"))
        qtbot.wait(1)
        assert layouts != []
        assert view.visualRect(view.model().index(SIZE, 0)).height() > 0
    finally:
        document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)


@pytest.mark.parametrize("ruleset_id", ["priority", "war_scroll"])
def test_a_step_late_in_a_long_fight_reads_only_the_log_rows_shown(
    ruleset_id, qtbot, tmp_path, monkeypatch
):
    """Thousands of log lines: a step, an undo and a redo read the few lines the log
    view shows (its rows are never measured to fit their text), and each one adds or
    takes away the log's rows by themselves, never resetting the log."""
    session = build(ruleset_id, 30)
    for _ in range(1200):
        session.apply(next_step(session))
    assert len(session.encounter.log) > 2000
    rows_read: set[int] = set()
    original = LogModel.data

    def data(self, index, role=0):
        rows_read.add(index.row())
        return original(self, index, role)

    monkeypatch.setattr(LogModel, "data", data)
    window = MainWindow(session, None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    show_pane(window, "log", qtbot)
    document = window.document
    resets: list[int] = []
    window.log_model.modelReset.connect(lambda: resets.append(1))
    try:
        for operation in ("step", "step", "undo", "redo"):
            rows_read.clear()
            if operation == "step":
                document.apply(next_step(document.session))
            else:
                getattr(document.undo_stack, operation)()
            window.repaint()
            qtbot.waitUntil(lambda: bool(rows_read))  # the log painted (now or a moment on)
            assert window.log_model.rowCount() == len(document.encounter.log)
            assert len(rows_read) < 40, f"{operation}: {len(rows_read)} log rows read"
            assert min(rows_read) > len(document.encounter.log) - 40  # the newest, shown
        assert resets == []
    finally:
        document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)
