"""A step of Initiative ticks (End Turn, an action, an edit, an undo) lays out none of
the main window (the tick track's tick and "who acts" lines change at every step, in
steady boxes), and the tick table announces the rows that changed (counts of events,
not timings: the machine is shared)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from benchmarks.fights import an_action, next_step
from tests.qt.test_chrome_steps import close, counted_steps, open_window
from tracker.engine import EditCombatant
from tracker.qt.rulesets.initiative_ticks.model import DeltaRole, MarkRole, TickModel


def test_a_step_of_the_tick_track_lays_out_nothing_around_it(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        track = window.central_view
        acting = track.acting_label.text()
        requests = counted_steps(window, qtbot, 4)
        assert track.acting_label.text() != acting  # the texts changed
        assert requests.counts["MainWindow"] == 0, requests.named
        assert requests.counts["TickTrackView"] == 0, requests.named
    finally:
        close(window, qtbot)


def _texts(model) -> list[list[object]]:
    return [
        [model.index(row, column).data() for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def test_a_step_announces_the_rows_whose_marks_changed(qtbot, tmp_path):
    """The clock moves at every End Turn; the tick table's rows show no markers, so only
    the rows whose marks (acting, acted, Initiative...) changed are announced, and what
    they show is what a table made afresh shows."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        model = window.central_view.tick_model
        announced: set[int] = set()
        model.dataChanged.connect(
            lambda top, bottom, *_: announced.update(range(top.row(), bottom.row() + 1))
        )
        session = window.document.session
        few = 0
        for _ in range(12):
            round_before = session.ruleset.round_number(session.encounter)
            announced.clear()
            window.document.apply(next_step(session))
            qtbot.wait(1)
            if session.ruleset.round_number(session.encounter) == round_before:
                assert len(announced) < 10, f"{len(announced)} of 30 rows announced"
                few += 1
            assert _texts(model) == _texts(TickModel(window.document))
        assert few >= 6
    finally:
        close(window, qtbot)


ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.FontRole,
    MarkRole,
    DeltaRole,
)


def _shown(model, read) -> list[object]:
    values = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            for role in ROLES:
                value = read(model.index(row, column), role)
                values.append(value.color().name() if isinstance(value, QBrush) else value)
    return values


def test_the_values_the_table_keeps_are_those_of_the_state(qtbot, tmp_path):
    """The tick table keeps what it read of each row until the row is announced: after
    End Turns, attacks and flurries, delays, renames and undos, every value it gives is
    the one worked out afresh."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        model = window.central_view.tick_model
        document = window.document
        for number in range(16):
            session = document.session
            command = (an_action(session) if number % 2 else None) or next_step(session)
            if session.refusal(command) is None:
                document.apply(command)
            if number % 5 == 4:
                fighter = session.encounter.combatants[number]
                document.apply(EditCombatant(fighter.id, {"name": f"Renamed {number}"}))
            if number % 7 == 6:
                document.undo_stack.undo()
            qtbot.wait(1)
            window.repaint()  # the table reads (and keeps) what it shows
            assert _shown(model, model.data) == _shown(model, model._work_out), number
    finally:
        close(window, qtbot)


def test_the_marks_worked_out_from_what_changed_are_those_of_the_whole_track(qtbot, tmp_path):
    """A change works out again only the marks it may have changed (the combatants it
    touched, the turn's holders before and after): over steps, actions, side changes,
    undos and redos they stay those of the whole track."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        model = window.central_view.tick_model
        document = window.document
        ruleset = document.session.ruleset
        for number in range(60):
            session = document.session
            command = (an_action(session) if number % 3 == 1 else None) or next_step(session)
            if session.refusal(command) is None:
                document.apply(command)
            if number % 7 == 3:
                fighter = session.encounter.combatants[number % 10]
                side = "enemy" if fighter.side == "party" else "party"
                document.apply(EditCombatant(fighter.id, {"side": side}))
            if number % 5 == 4:
                document.undo_stack.undo()
                document.undo_stack.undo()
                document.undo_stack.redo()
            whole = {m.combatant_id: m for m in ruleset.track(session.encounter)}
            assert model._marks == whole, number
    finally:
        close(window, qtbot)
