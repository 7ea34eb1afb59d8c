"""The order table (Priority's central view) does the work a step calls for (counts and
painted areas, not timings: the machine is shared). The roster announces every row
when the clock moves; the table repaints the rows that look different, measures only
cells that changed to fit its columns, keeps each value it read until its row changes,
and what is on screen after a run of steps is what a fresh paint shows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractProxyModel, QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPaintEvent, QRegion

from benchmarks.fights import add_effects, an_action, build, next_step
from tracker.engine import AddCombatant, EditCombatant, RemoveCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.models.badges import BadgesRole
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.order_table import OrderTable

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.ToolTipRole,
    BadgesRole,
)


class PaintedRegion(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.region = QRegion()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
        return False


def open_fight(qtbot, tmp_path: Path, size: int = 30) -> Iterator[MainWindow]:
    """Priority, 30 creatures (or `size`) with 10 lasting effects, past its set-up."""
    session = build("priority", size)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


@pytest.fixture
def fight(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from open_fight(qtbot, tmp_path)


def _table(window: MainWindow) -> OrderTable:
    table = window.central_view
    assert isinstance(table, OrderTable)
    return table


def _settle(qtbot) -> None:
    for _ in range(3):
        qtbot.wait(1)


def _shown(table: OrderTable) -> range:
    last = table.rowAt(table.viewport().height() - 1)
    return range(table.rowAt(0), (last if last >= 0 else table.model().rowCount() - 1) + 1)


def _looks(model, row: int) -> tuple:
    return tuple(model.index(row, c).data(role) for c in range(3) for role in ROLES)


def test_a_step_repaints_only_the_rows_that_look_different(fight, qtbot):
    table = _table(fight)
    model = table.model()
    roster = model.sourceModel() if isinstance(model, QAbstractProxyModel) else model
    announced: list[int] = []
    roster.dataChanged.connect(lambda top, bottom, *_: announced.append(bottom.row() - top.row()))
    resized: list[int] = []
    table.horizontalHeader().sectionResized.connect(lambda column, *_: resized.append(column))
    _settle(qtbot)
    quiet_steps = 0
    for _ in range(8):
        announced.clear()
        resized.clear()
        fresh = RosterModel(fight.document)
        before = [_looks(fresh, row) for row in _shown(table)]
        painted = PaintedRegion()
        table.viewport().installEventFilter(painted)
        fight.document.apply(next_step(fight.document.session))
        _settle(qtbot)
        painted.deleteLater()
        assert max(announced) + 1 == fresh.rowCount(), "the roster announced every row"
        if resized:  # a column's width followed a new marker: everything moved
            continue
        different = QRegion()
        for number, row in enumerate(_shown(table)):
            if _looks(fresh, row) != before[number]:
                top = table.rowViewportPosition(row)
                width = table.viewport().width()
                different = different.united(QRect(0, top, width, table.rowHeight(row) + 1))
        assert painted.region.subtracted(different).isEmpty()
        quiet_steps += not different.isEmpty()  # the turn passed among the rows shown
    assert quiet_steps >= 3


def test_fitting_the_columns_measures_kept_widths(qtbot, tmp_path, monkeypatch):
    asked: list[int] = []
    original = RosterModel.cell_value

    def cell_value(self, row, column, role):
        asked.append(row)
        return original(self, row, column, role)

    monkeypatch.setattr(RosterModel, "cell_value", cell_value)  # before the models exist
    windows = open_fight(qtbot, tmp_path)
    fight = next(windows)
    try:
        table = _table(fight)
        _settle(qtbot)
        for _ in range(3):
            fight.document.apply(next_step(fight.document.session))
            _settle(qtbot)
            asked.clear()
            table.sizeHintForColumn(0)
            table.sizeHintForColumn(2)
            assert asked == [], "cells measured before are not measured (nor read) again"
    finally:
        next(windows, None)


def test_the_table_reads_the_roster_without_model_indexes(qtbot, tmp_path, monkeypatch):
    """The table reads and compares the roster's values by row, column and role
    (`RosterModel.cell_value`), never through Qt's model indexes and `data`: the clock
    moving announces every row, and the table compares some twenty values a row in
    sight (through `data`, most of a Priority step's time)."""
    through_data: list[int] = []
    read: list[int] = []
    data, cell_value = RosterModel.data, RosterModel.cell_value

    def counted_data(self, index, role=Qt.ItemDataRole.DisplayRole):
        through_data.append(index.row())
        return data(self, index, role)

    def counted_value(self, row, column, role):
        read.append(row)
        return cell_value(self, row, column, role)

    monkeypatch.setattr(RosterModel, "data", counted_data)  # before the models exist
    monkeypatch.setattr(RosterModel, "cell_value", counted_value)
    windows = open_fight(qtbot, tmp_path)
    fight = next(windows)
    try:
        _settle(qtbot)
        for _ in range(4):
            through_data.clear()
            read.clear()
            fight.document.apply(next_step(fight.document.session))
            _settle(qtbot)
            assert read, "the table compared the rows announced"
            assert through_data == []
    finally:
        next(windows, None)


def test_the_table_keeps_what_the_roster_says_through_a_fight(fight, qtbot):
    """Every value the table read equals what a fresh roster model says, after steps,
    actions, renames, undos and redos."""
    document = fight.document
    table = _table(fight)
    for number in range(40):
        command = next_step(document.session)
        if number % 5 == 1:
            command = an_action(document.session) or command
        elif number % 5 == 2:
            someone = document.encounter.combatants[(number * 7) % 30]
            command = EditCombatant(someone.id, {"name": f"{someone.name}!"})
        if document.session.refusal(command) is None:
            document.apply(command)
        if number % 7 == 6:
            document.undo_stack.undo()
            document.undo_stack.undo()
            document.undo_stack.redo()
        table.viewport().repaint()
        fresh = RosterModel(document)
        for row in _shown(table):
            assert _looks(table.order_model, row) == _looks(fresh, row), (number, row)


def test_the_table_on_screen_is_what_a_fresh_paint_shows(fight, qtbot):
    table = _table(fight)
    viewport = table.viewport()
    document = fight.document
    for number in range(12):
        if number % 4 == 2:
            someone = document.encounter.combatants[number]
            document.apply(EditCombatant(someone.id, {"name": someone.name + " the Bold"}))
        elif number % 4 == 3:
            document.undo_stack.undo()
        elif number % 4 == 1:
            document.apply(an_action(document.session) or next_step(document.session))
        else:
            document.apply(next_step(document.session))
        _settle(qtbot)
        corner = viewport.mapTo(fight, QPoint(0, 0))
        screen = table.screen().grabWindow(fight.winId()).toImage()
        shown = screen.copy(QRect(corner, viewport.size()))
        form = QImage.Format.Format_RGB32
        assert shown.convertToFormat(form) == viewport.grab().toImage().convertToFormat(form)


def test_the_kept_rows_pass_qtmodeltester_through_a_fight(fight, qtmodeltester):
    document = fight.document
    model = _table(fight).order_model
    qtmodeltester.check(model, force_py=True)
    for number in range(20):
        command = next_step(document.session)
        if number % 3 == 1:
            command = an_action(document.session) or command
        if document.session.refusal(command) is None:
            document.apply(command)
        if number % 6 == 5:
            document.undo_stack.undo()
    qtmodeltester.check(model, force_py=True)


def test_a_combatant_added_or_removed_measures_no_row_kept(qtbot, tmp_path, monkeypatch):
    """The widths kept of the rows in sight stay kept (they move with their rows) when a
    combatant is added at the end and removed again: only rows the model says changed
    are measured (every row in sight was, at each)."""
    measured: list[int] = []
    original = CombatantCellDelegate.sizeHint

    def size_hint(self, option, index):
        measured.append(index.row())
        return original(self, option, index)

    monkeypatch.setattr(CombatantCellDelegate, "sizeHint", size_hint)  # before the views
    windows = open_fight(qtbot, tmp_path)
    fight = next(windows)
    try:
        table = _table(fight)
        document = fight.document
        told: set[int] = set()
        table.order_model.dataChanged.connect(
            lambda top, bottom, *_: told.update(range(top.row(), bottom.row() + 1))
        )
        _settle(qtbot)
        shown = len(_shown(table))
        for command in (AddCombatant("Late Ogre"), None):
            if command is None:
                command = RemoveCombatant(document.encounter.combatants[-1].id)
            measured.clear()
            told.clear()
            document.apply(command)
            _settle(qtbot)
            assert set(measured) <= told, (measured, told)
            assert len(told) < shown
    finally:
        next(windows, None)


def test_every_row_announced_looks_up_the_rows_in_sight_only(qtbot, tmp_path, monkeypatch):
    """The clock moving announces every row of the roster: the table forgets the values
    it keeps (the rows it showed), and looks up those, not each of a long fight's rows
    (5,000 look-ups a step at 5,000 creatures)."""
    looked_up: list[int] = []
    key_at = RosterModel.key_at

    def counted(self, row):
        looked_up.append(row)
        return key_at(self, row)

    monkeypatch.setattr(RosterModel, "key_at", counted)  # before the models exist
    windows = open_fight(qtbot, tmp_path, 400)
    window = next(windows)
    try:
        table = _table(window)
        _settle(qtbot)
        announced: list[int] = []
        window.roster_model.dataChanged.connect(
            lambda first, last, *_: announced.append(last.row() - first.row() + 1)
        )
        for _ in range(4):
            looked_up.clear()
            announced.clear()
            window.document.apply(next_step(window.document.session))
            _settle(qtbot)
            if 400 in announced:  # the clock moved: every row announced
                assert looked_up, "the rows in sight were compared"
                beyond = sorted(set(looked_up) - set(_shown(table)))
                assert not beyond, f"rows out of sight looked up: {beyond[:10]}…"
                break
        else:
            pytest.fail("no step announced every row")
    finally:
        next(windows, None)
