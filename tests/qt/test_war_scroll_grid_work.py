"""The War Scroll grid does the work a step calls for, no more (counts and painted
areas, not timings: the machine is shared): an End Turn repaints the two rows that
changed (their cells and their blocks down the left), a repaint looks cells up
instead of asking the ruleset, the names down the left are announced only when one
changes, and what is on screen after a run of steps is what a fresh paint of the same
state shows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPaintEvent, QRegion
from PySide6.QtWidgets import QHeaderView

from benchmarks.fights import add_effects, an_action, build, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.conftest import by_name
from tests.qt.test_step_work import close, open_window
from tracker.engine import AddCombatant, EditCombatant, EndTurn, RemoveCombatant, StartEncounter
from tracker.engine.rulesets.war_scroll import WarScroll
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.war_scroll import grid as grid_module
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid
from tracker.qt.rulesets.war_scroll.model import StateRole, WarScrollModel

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    StateRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.ToolTipRole,
)


class PaintedRegion(QObject):
    """The region a widget was asked to paint, summed over its paint events."""

    def __init__(self) -> None:
        super().__init__()
        self.region = QRegion()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
        return False


@pytest.fixture
def war(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """War Scroll, 30 characters with 10 lasting effects, past its set-up."""
    session = build("war_scroll", 30)
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


def _grid(window: MainWindow) -> WarScrollGrid:
    grid = window.central_view
    assert isinstance(grid, WarScrollGrid)
    return grid


def _settle(qtbot) -> None:
    for _ in range(3):
        qtbot.wait(1)


def test_an_end_turn_repaints_only_the_two_rows_that_changed(war, qtbot):
    grid = _grid(war)
    model = grid.grid_model
    _settle(qtbot)
    announced: set[int] = set()
    model.dataChanged.connect(
        lambda top, bottom, *_: announced.update(range(top.row(), bottom.row() + 1))
    )
    for _ in range(4):
        announced.clear()
        painted = {part: PaintedRegion() for part in ("cells", "names", "segments")}
        grid.viewport().installEventFilter(painted["cells"])
        grid.verticalHeader().viewport().installEventFilter(painted["names"])
        grid.horizontalHeader().viewport().installEventFilter(painted["segments"])
        war.document.apply(next_step(war.document.session))
        _settle(qtbot)
        for part in painted.values():
            part.deleteLater()
        assert len(announced) == 2, "the Turn's holder before and after"
        rows = QRegion()
        for row in announced:
            top = grid.rowViewportPosition(row)
            rows = rows.united(QRect(0, top, grid.viewport().width(), grid.rowHeight(row) + 1))
        assert painted["cells"].region.subtracted(rows).isEmpty()
        # The turn marker moved: the two names' blocks, no other.
        names = grid.verticalHeader()
        blocks = QRegion()
        for row in announced:
            top = names.sectionViewportPosition(row)
            blocks = blocks.united(QRect(0, top, names.width(), names.sectionSize(row)))
        assert not painted["names"].region.isEmpty()
        assert painted["names"].region.subtracted(blocks).isEmpty()
        assert painted["segments"].region.isEmpty()


def test_a_repaint_looks_cells_up_and_a_step_reads_the_changed_rows(war, qtbot, monkeypatch):
    grid = _grid(war)
    asked: list[str] = []
    original = WarScroll.cell

    def cell(self, encounter, combatant, slot):
        asked.append(combatant.id)
        return original(self, encounter, combatant, slot)

    monkeypatch.setattr(WarScroll, "cell", cell)
    grid.viewport().repaint()
    asked.clear()
    grid.viewport().repaint()
    assert asked == [], "a repaint of unchanged cells asks the ruleset nothing"
    holder = war.document.session.current_turn().combatant_id
    war.document.apply(EndTurn())
    _settle(qtbot)
    grid.viewport().repaint()
    after = war.document.session.current_turn().combatant_id
    assert set(asked) <= {holder, after}
    assert len(asked) <= 2 * grid.grid_model.columnCount()


def test_only_a_rename_announces_a_name_down_the_left(document):
    grid = WarScrollModel(document)
    announced: list[tuple[Qt.Orientation, int, int]] = []
    grid.headerDataChanged.connect(lambda *args: announced.append(args))
    document.apply(StartEncounter())
    document.apply(EndTurn())
    document.apply(EndTurn())
    assert announced == []  # a new header makes Qt lay the whole grid out again
    thomas = by_name(document, "Thomas")
    row = [grid.combatant_at(r) for r in range(grid.rowCount())].index(thomas)
    document.apply(EditCombatant(thomas.id, {"name": "Thomas the Bold"}))
    assert announced == [(Qt.Orientation.Vertical, row, row)]
    assert grid.headerData(row, Qt.Orientation.Vertical) == "Thomas the Bold"
    document.undo_stack.undo()
    assert announced[-1] == (Qt.Orientation.Vertical, row, row)
    assert grid.headerData(row, Qt.Orientation.Vertical) == "Thomas"


def test_kept_cells_equal_a_fresh_models_through_a_war(war, qtbot):
    """Every role of every cell, after steps, actions, renames, undos and redos."""
    document = war.document
    grid = _grid(war).grid_model
    for number in range(40):
        command = next_step(document.session)
        if number % 5 == 1:
            command = an_action(document.session) or command
        elif number % 5 == 2:
            someone = document.encounter.combatants[number % 30]
            command = EditCombatant(someone.id, {"speed": (number * 3) % 40})
        if document.session.refusal(command) is None:
            document.apply(command)
        if number % 7 == 6:
            document.undo_stack.undo()
            document.undo_stack.undo()
            document.undo_stack.redo()
        _grid(war).viewport().repaint()  # cells read (and kept) between steps
    fresh = WarScrollModel(document)
    assert (grid.rowCount(), grid.columnCount()) == (fresh.rowCount(), fresh.columnCount())
    for row in range(fresh.rowCount()):
        vertical = Qt.Orientation.Vertical
        assert grid.headerData(row, vertical) == fresh.headerData(row, vertical)
        for column in range(fresh.columnCount()):
            for role in ROLES:
                assert grid.index(row, column).data(role) == fresh.index(row, column).data(role)


def test_the_grid_on_screen_is_what_a_fresh_paint_shows(war, qtbot):
    """Repainting only what changed leaves no stale cell: after each of a run of steps,
    the grid's pixels on screen equal a fresh rendering of it."""
    grid = _grid(war)
    viewport = grid.viewport()
    document = war.document
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
        corner = viewport.mapTo(war, QPoint(0, 0))
        screen = grid.screen().grabWindow(war.winId()).toImage()
        shown = screen.copy(QRect(corner, viewport.size()))
        fresh = viewport.grab().toImage()
        form = QImage.Format.Format_RGB32
        assert shown.convertToFormat(form) == fresh.convertToFormat(form), number


def test_a_rename_measures_that_name_alone_and_fits_the_names(war, qtbot, monkeypatch):
    grid = _grid(war)
    header = grid.verticalHeader()
    _settle(qtbot)
    measured: list[int] = []
    original = QHeaderView.sectionSizeFromContents

    def measure(self, logical_index):
        if self is header:  # the names' (the Turn order's steady header measures too)
            measured.append(logical_index)
        return original(self, logical_index)

    monkeypatch.setattr(QHeaderView, "sectionSizeFromContents", measure)
    someone = war.document.encounter.combatants[5]
    row = [grid.grid_model.combatant_at(r) for r in range(30)].index(someone)
    war.document.apply(EditCombatant(someone.id, {"name": "Someone with a very long name"}))
    _settle(qtbot)
    assert set(measured) == {row}, "the other names were measured before"
    fresh = WarScrollGrid(war.document)
    fresh.show()
    _settle(qtbot)
    try:
        assert header.width() == fresh.verticalHeader().width() > 0
    finally:
        fresh.close()
        fresh.deleteLater()


def test_a_combatant_added_or_removed_measures_no_other_name(war, qtbot, monkeypatch):
    """The names' column is sized from each name's room, kept by combatant: a row added
    measures its own name, a row removed none (not the 30 others again)."""
    measured: list[str] = []
    original = grid_module.cell_width

    def cell_width(summary, font):
        measured.append(summary.name)
        return original(summary, font)

    monkeypatch.setattr(grid_module, "cell_width", cell_width)
    grid = _grid(war)
    grid.verticalHeader().sizeHint()  # the sizes of now, as kept
    _settle(qtbot)
    measured.clear()
    war.document.apply(AddCombatant("Newcomer", "enemy", stats={"speed": 5, "swiftness": 5}))
    _settle(qtbot)
    assert set(measured) <= {"Newcomer"}
    added = next(c for c in war.document.encounter.combatants if c.name == "Newcomer")
    measured.clear()
    header = grid.verticalHeader()
    assert added.id in header._sizes
    war.document.apply(RemoveCombatant(added.id))
    _settle(qtbot)
    assert measured == []
    # The size of the one removed is forgotten; the others' are kept, and all are here.
    assert added.id not in header._sizes and header._sizes
    assert all(war.document.encounter.find(key) for key in header._sizes)


def test_the_grid_of_a_large_fight_measures_its_names_once_as_it_is_built(
    qtbot, tmp_path: Path, monkeypatch
):
    """Qt sizes the names' header from its first and last hundred rows: the grid's
    fonts are set before it holds its model, so an open of 1,000 characters measures
    them once, not again as each font was set (400 names measured, now 200)."""
    window = open_window(qtbot, tmp_path, "war_scroll", 1000, 4)
    path = tmp_path / "large.json"
    try:
        assert window.save_to(path)
        IdleClock().settle()
        measured: list[int] = []
        original = grid_module.cell_width

        def counted(*args: Any) -> int:
            measured.append(1)
            return original(*args)

        monkeypatch.setattr(grid_module, "cell_width", counted)
        assert window.open_path(path)
        IdleClock().settle()
        assert isinstance(window.central_view, WarScrollGrid)
        assert 0 < len(measured) <= 200, len(measured)
    finally:
        close(window, qtbot)
