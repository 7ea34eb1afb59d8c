"""A step of Initiative ticks (End Turn, an action, an edit, an undo) lays out none of
the main window (the tick track's tick and "who acts" lines change at every step, in
steady boxes), and the tick table announces the rows that changed (counts of events,
not timings: the machine is shared)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QTableView

from benchmarks.fights import an_action, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.conftest import EventCounter
from tests.qt.test_chrome_steps import close, counted_steps, open_window
from tracker.engine import AddCombatant, EditCombatant, RemoveCombatant
from tracker.qt.appearance import dark_palette
from tracker.qt.rulesets.initiative_ticks.model import DeltaRole, MarkRole, TickModel
from tracker.qt.rulesets.initiative_ticks.track_view import FITTED
from tracker.qt.views.widest_rows import CANDIDATES


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
    touched, came or went, the turn's holders before and after): over steps, actions,
    side changes, combatants added and removed, undos and redos they stay those of the
    whole track."""
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
            if number % 11 == 5:
                document.apply(AddCombatant(f"Newcomer {number}", "enemy"))
            if number % 11 == 9:  # the one acting, or another
                gone = session.current_turn() if number % 2 else None
                gone_id = gone.combatant_id if gone else session.encounter.combatants[3].id
                document.apply(RemoveCombatant(gone_id or session.encounter.combatants[3].id))
            if number % 5 == 4:
                document.undo_stack.undo()
                document.undo_stack.undo()
                document.undo_stack.redo()
            whole = {m.combatant_id: m for m in ruleset.track(session.encounter)}
            assert model._marks == whole, number
    finally:
        close(window, qtbot)


def _add_and_select(window) -> str:
    """A combatant added as the Add dialog adds one: it is selected at once."""
    document = window.document
    before = {c.id for c in document.encounter.combatants}
    document.apply(AddCombatant("Newcomer", "enemy"))
    added = next(c.id for c in document.encounter.combatants if c.id not in before)
    window.select_combatant(added)
    return added


def test_a_combatant_added_or_removed_repaints_the_tick_table_once(qtbot, tmp_path):
    """A row that comes or goes makes the table lay its rows out again, which repaints
    all of them: done at once, with the change's own repaints (the row that was current,
    a scroll to the row selected), it is one paint at most, not a second one a pass
    later; none when no row in sight moved (a latecomer at the bottom: `FreshRows`)
    (counts of paint events, not timings)."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    clock = IdleClock()
    try:
        viewport = window.central_view.table.viewport()
        paints = EventCounter(QEvent.Type.Paint)
        viewport.installEventFilter(paints)
        for number in range(3):
            clock.settle()
            paints.count = 0
            added = _add_and_select(window)
            clock.settle()
            assert paints.count <= 1, f"add {number}: {paints.count} paints"
            assert window.selected_combatant_id() == added
            paints.count = 0
            window.remove_combatant()
            clock.settle()
            assert paints.count <= 1, f"remove {number}: {paints.count} paints"
        viewport.removeEventFilter(paints)
    finally:
        close(window, qtbot)


def test_a_row_that_comes_or_goes_leaves_what_the_table_kept_of_the_others(
    qtbot, tmp_path, monkeypatch
):
    """What the table read of each row is kept by combatant: a combatant added or
    removed works out its own row's values and those of the rows the change announced,
    not every row shown again; and what it gives stays what is worked out afresh, undo
    and redo (a removed combatant back in its row) too."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    clock = IdleClock()
    try:
        model = window.central_view.tick_model
        document = window.document
        worked: set[str] = set()
        announced: set[str] = set()
        work_out = model._work_out

        def counted(index, role):
            worked.add(model.id_at(index.row()))
            return work_out(index, role)

        def heard(top, bottom, *_args) -> None:
            announced.update(model.id_at(row) for row in range(top.row(), bottom.row() + 1))

        monkeypatch.setattr(model, "_work_out", counted)
        model.dataChanged.connect(heard)
        _add_and_select(window)  # once, untold: the rows at the end shown a first time
        window.remove_combatant()
        window.central_view.table.scrollToBottom()  # where the rows come and go
        clock.settle()
        _shown(model, model.data)
        for step in range(4):
            worked.clear()
            announced.clear()
            if step % 2 == 0:
                changed = {_add_and_select(window)}
            else:
                changed = {window.selected_combatant_id()}
                window.remove_combatant()
            clock.settle()
            window.repaint()
            assert step % 2 or changed <= worked, "the row added, shown, was not read"
            assert worked <= announced | changed, worked - announced - changed
            assert _shown(model, model.data) == _shown(model, work_out), step
        for undo in (True, True, False, True):
            (document.undo_stack.undo if undo else document.undo_stack.redo)()
            clock.settle()
            window.repaint()
            assert _shown(model, model.data) == _shown(model, work_out)
    finally:
        close(window, qtbot)


def test_the_fitted_columns_measure_each_text_once_and_as_qt_does(qtbot, tmp_path):
    """The header fits Initiative, Onslaught and Motes to every row after every step:
    the widths are Qt's own measuring every row (the widest cell, a pixel for the grid),
    in both schemes, but only the rows in sight and the likeliest widest are measured
    (`widest_rows`), each text once, not each cell's every role asked through Qt again
    at each step, nor again while the rows stay as they were (counts of the model's
    answers, not timings); another font measures them again."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    clock = IdleClock()
    try:
        table = window.central_view.table
        model = table.model()
        header = table.horizontalHeader()
        document = window.document
        asked = Counter()
        data = model.data

        def counted(index, role=Qt.ItemDataRole.DisplayRole):
            asked[index.row()] += 1
            return data(index, role)

        for number in range(12):
            session = document.session
            command = (an_action(session) if number % 2 else None) or next_step(session)
            if session.refusal(command) is None:
                document.apply(command)
            if number == 6:
                window.document.apply(AddCombatant("A much longer name", "enemy"))
                table.setPalette(dark_palette())  # the other scheme: the same widths
            if number == 9:  # another font: measured again
                font = table.font()
                font.setPointSize(font.pointSize() + 4)
                table.setFont(font)
            clock.settle()
            for column in FITTED:
                header.setResizeContentsPrecision(-1)  # Qt's measure of every row
                every_row = QTableView.sizeHintForColumn(table, column)
                header.setResizeContentsPrecision(0)
                assert table.sizeHintForColumn(column) == every_row, (number, column)
            model.data = counted
            asked.clear()
            header.resizeSections()  # the rows as they were: their widths kept
            kept = sum(asked.values())
            model.layoutAboutToBeChanged.emit()  # told the rows changed: measured again
            model.layoutChanged.emit()
            header.resizeSections()
            model.data = data
            assert kept == 0, number
            shown = table.rowAt(table.viewport().height()) - table.rowAt(0) + 1
            measured = shown + CANDIDATES  # a text and its font read of each
            assert 0 < sum(asked.values()) <= 2 * len(FITTED) * measured, number
    finally:
        close(window, qtbot)
