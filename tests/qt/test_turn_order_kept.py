"""The turn order keeps what it worked out of each turn until that turn changes: an End
Turn shifts every row, and the repaint that follows works out only the turns that
changed or came, not every row shown (counts of work, not timings); what it keeps is
always what the state says."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QTableView

from benchmarks.fights import an_action, next_step
from tests.qt.conftest import show_pane
from tests.qt.test_chrome_steps import close, open_window
from tracker.engine import EditCombatant
from tracker.engine.health_commands import ChangeHealth, MarkDefeated
from tracker.qt.appearance import appearance
from tracker.qt.models.turn_order_model import TurnOrderModel, TurnRole

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ToolTipRole,
    TurnRole,
)


def _plain(value: object) -> object:
    if isinstance(value, QBrush):
        return ("brush", value.color().name())
    if isinstance(value, QColor):
        return ("color", value.name())
    if isinstance(value, QFont):
        return ("font", value.bold(), value.strikeOut())
    return value


def _shown(model: TurnOrderModel, read: Callable[[QModelIndex, int], Any]) -> list[object]:
    return [
        _plain(read(model.index(row, column), role))
        for row in range(model.rowCount())
        for column in range(model.columnCount())
        for role in ROLES
    ]


def _fresh(model: TurnOrderModel) -> Callable[[QModelIndex, int], Any]:
    def read(index: QModelIndex, role: int) -> Any:
        turn = model.turn_at(index.row())
        assert turn is not None
        return model._work_out(turn, index.row(), index.column(), role)

    return read


def test_the_values_the_turn_order_keeps_are_those_of_the_state(qtbot, tmp_path):
    """After End Turns, attacks and flurries, delays, renames, defeats and undos, every
    value the turn order gives is the one worked out afresh."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        model = window.turn_order_model
        document = window.document
        for number in range(24):
            session = document.session
            command = (an_action(session) if number % 2 else None) or next_step(session)
            if session.refusal(command) is None:
                document.apply(command)
            fighter = session.encounter.combatants[number % 7 + 3]
            if number % 5 == 4:
                document.apply(EditCombatant(fighter.id, {"name": f"Renamed {number}"}))
            if number % 6 == 5:
                document.apply(ChangeHealth((fighter.id,), "+99"))  # defeated: struck out
            if number % 7 == 6:
                document.undo_stack.undo()
            qtbot.wait(1)
            window.repaint()  # the view reads (and keeps) what it shows
            assert _shown(model, model.data) == _shown(model, _fresh(model)), number
    finally:
        close(window, qtbot)


def test_an_end_turn_works_out_only_the_turns_that_changed(qtbot, tmp_path, monkeypatch):
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    show_pane(window, "turn_order", qtbot)  # an optional pane (hidden, it reads nothing)
    try:
        model = window.turn_order_model
        document = window.document
        worked_out: set[Hashable] = set()
        ever: set[Hashable] = set()  # every turn read so far
        original = TurnOrderModel._work_out

        def work_out(self, turn, row, column, role):
            worked_out.add(turn.key)
            ever.add(turn.key)
            return original(self, turn, row, column, role)

        monkeypatch.setattr(TurnOrderModel, "_work_out", work_out)
        announced: set[Hashable] = set()

        def announce(first: QModelIndex, last: QModelIndex, *_: object) -> None:
            for row in range(first.row(), last.row() + 1):
                turn = model.turn_at(row)
                assert turn is not None
                announced.add(turn.key)

        model.dataChanged.connect(announce)
        model.rowsInserted.connect(
            lambda _parent, first, last: announce(model.index(first, 0), model.index(last, 0))
        )
        shown = window.turn_order_view.viewport().height() // window.turn_order_view.rowHeight(0)
        assert shown >= 6
        steps = 0
        for _ in range(12):
            document.apply(next_step(document.session))
            qtbot.wait(20)  # every row shown is read, and kept
            worked_out.clear()
            announced.clear()
            read_before = set(ever)
            document.apply(next_step(document.session))  # an End Turn: the rows move up
            qtbot.wait(20)
            window.repaint()
            assert worked_out, "the view read nothing"
            # A turn read before is read again only if it changed (a row moving up into
            # view for the first time is read once, of course).
            again = worked_out & read_before
            assert again <= announced, (again - announced, announced)
            assert len(worked_out) < shown // 2
            steps += 1
        assert steps == 12
    finally:
        close(window, qtbot)


def test_the_turn_order_pane_off_reads_nothing_and_fits_when_shown(qtbot, tmp_path, monkeypatch):
    """An optional pane that is off measures none of its rows at a step (its header
    fitted its columns to every row, 2,400 reads a step at 30 combatants); turned on,
    it fits its columns to what it shows."""
    reads: list[int] = []
    original = TurnOrderModel.data

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        reads.append(index.row())
        return original(self, index, role)

    monkeypatch.setattr(TurnOrderModel, "data", data)  # before the view is made
    window = open_window(qtbot, tmp_path, "war_scroll")
    try:
        qtbot.wait(20)
        reads.clear()
        for _ in range(4):
            window.document.apply(next_step(window.document.session))
            qtbot.wait(5)
        assert reads == []
        show_pane(window, "turn_order", qtbot)
        view = window.turn_order_view
        qtbot.waitUntil(lambda: bool(reads))
        for column in range(1, view.model().columnCount()):
            wanted = QTableView.sizeHintForColumn(view, column)
            qtbot.waitUntil(lambda c=column, w=wanted: view.columnWidth(c) >= min(w, 60))
    finally:
        close(window, qtbot)


def test_the_kept_values_follow_a_change_of_scheme(qtbot, tmp_path):
    """A defeated combatant's muted row, read in light, then the scheme turns dark: the
    values read are the dark scheme's, not the kept light ones."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    model = window.turn_order_model
    try:
        third = window.document.encounter.combatants[2].id
        assert window.document.apply(MarkDefeated(third))
        appearance().choose("light")
        before = _shown(model, lambda index, role: index.data(role))
        appearance().choose("dark")
        after = _shown(model, lambda index, role: index.data(role))
        assert after == _shown(model, _fresh(model))
        assert after != before  # the muted rows' ink is the scheme's
    finally:
        appearance().choose("light")
        close(window, qtbot)
