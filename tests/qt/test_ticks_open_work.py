"""Opening a large Initiative ticks fight works out on the window's thread only what it
shows (issue 26): the cells of the rows in sight and of the likeliest widest, no meters
noted of every combatant, no tick track (worked out while the file is read, off it);
and what it shows is right at once: the columns fitted as Qt's measure of every row,
the change of Initiative each command makes (counts of calls, not timings)."""

from __future__ import annotations

import threading
from collections import Counter

from PySide6.QtWidgets import QTableView

from benchmarks.fights import an_action, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.test_chrome_steps import close, window_and_large_file
from tracker.engine import Command, RulesetAction, Session
from tracker.engine.ruleset import Ruleset
from tracker.engine.rulesets.initiative_ticks import turns
from tracker.qt.rulesets.initiative_ticks.model import DeltaRole, TickModel
from tracker.qt.rulesets.initiative_ticks.track_view import FITTED

SIZE = 600


def _on_gui_thread(counter: Counter[str], name: str, original):
    """`original`, counting its calls on the window's thread as `name`."""

    def counted(*args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            counter[name] += 1
        return original(*args, **kwargs)

    return counted


def test_an_open_works_out_only_the_rows_in_sight(qtbot, tmp_path, monkeypatch):
    window, path = window_and_large_file(qtbot, tmp_path, "initiative_ticks", SIZE)
    clock = IdleClock()
    calls: Counter[str] = Counter()
    rows_read: set[int] = set()
    work_out = TickModel._work_out

    def worked_out(self, index, role):
        rows_read.add(index.row())
        return work_out(self, index, role)

    monkeypatch.setattr(TickModel, "_work_out", worked_out)
    monkeypatch.setattr(turns, "_mark", _on_gui_thread(calls, "marks", turns._mark))
    meters = _on_gui_thread(calls, "meters", Ruleset.shown_meters)
    monkeypatch.setattr(Ruleset, "shown_meters", meters)
    try:
        clock.settle()
        assert window.open_path(path)
        clock.settle()
        table = window.central_view.table
        assert table.model().rowCount() == SIZE
        # Read: the rows in sight, the likeliest widest of three columns; no meters
        # noted of every combatant (the first change of Initiative shows all the same:
        # below), no mark worked out of each (the track was, as the file was read).
        assert 0 < len(rows_read) < SIZE // 4, f"{len(rows_read)} of {SIZE} rows read"
        assert calls["meters"] < SIZE // 10, calls
        assert calls["marks"] < SIZE // 10, calls
        header = table.horizontalHeader()
        for column in FITTED:  # fitted as Qt's measure of every row (or to its title)
            fitted = header.sectionSize(column)
            header.setResizeContentsPrecision(-1)
            every_row = QTableView.sizeHintForColumn(table, column)
            header.setResizeContentsPrecision(0)
            least = max(header.sectionSizeHint(column), header.minimumSectionSize())
            assert fitted == max(every_row, least), column
    finally:
        close(window, qtbot)


def _delta_expected(before: dict[str, turns.TickMark], after: turns.TickMark) -> int:
    old = before.get(after.combatant_id)
    if old is None or old.initiative is None or after.initiative is None:
        return 0
    return after.initiative - old.initiative


def _a_command(session: Session, number: int) -> Command:
    """A withering attack, an adjustment of Initiative or the next step, in turn."""
    others = [c.id for c in session.encounter.combatants]
    target = others[(7 * number) % len(others)]
    if number % 3 == 1:
        return RulesetAction("withering", target, {"hit": True, "damage": 2})
    if number % 3 == 2:
        return RulesetAction("adjust", target, {"amount": 3 if number % 2 else -2})
    return an_action(session) or next_step(session)


def test_each_row_shows_the_change_of_initiative_of_the_last_command(qtbot, tmp_path):
    """From the first command after an open on (no meters noted beforehand), through
    attacks, End Turns, undos and redos: each row's change is its Initiative after the
    command less before it, and goes at the next command."""
    window, path = window_and_large_file(qtbot, tmp_path, "initiative_ticks", 40)
    try:
        assert window.open_path(path)
        document = window.document
        model = window.central_view.tick_model
        ruleset = document.session.ruleset
        shown_a_change = 0
        for number in range(40):
            session = document.session
            before = {m.combatant_id: m for m in ruleset.track(session.encounter)}
            if number % 6 == 5:
                document.undo_stack.undo()
            elif number % 6 == 0 and number:
                document.undo_stack.undo()
                before = {m.combatant_id: m for m in ruleset.track(session.encounter)}
                document.undo_stack.redo()
            else:
                command = _a_command(session, number)
                if session.refusal(command) is not None:
                    continue
                document.apply(command)
            qtbot.wait(1)
            for row in range(model.rowCount()):
                mark = model.mark_at(row)
                assert mark is not None
                expected = _delta_expected(before, mark)
                assert model.index(row, 0).data(DeltaRole) == expected, (number, row)
                shown_a_change += bool(expected)
        assert shown_a_change > 5  # attacks moved Initiative, shown as changes
    finally:
        close(window, qtbot)


def test_an_open_measures_each_fitted_column_once_while_the_rows_stay(qtbot, tmp_path, monkeypatch):
    """Qt asks a column's width at each section another column is given, each layout
    of the rows and each fit: measured once per column and rows in sight (24 measures
    of 3 columns as a resumed fight of 50 opened), then kept until the rows change."""
    from tracker.qt.rulesets.initiative_ticks import track_view

    window, path = window_and_large_file(qtbot, tmp_path, "initiative_ticks", SIZE)
    clock = IdleClock()
    measured: Counter[int] = Counter()
    measure = track_view.rows_to_measure

    def counted(count, sight, ranked):
        measured[len(sight)] += 1
        return measure(count, sight, ranked)

    monkeypatch.setattr(track_view, "rows_to_measure", counted)
    try:
        clock.settle()
        assert window.open_path(path)
        clock.settle()
        # Built hidden (no rows in sight), then shown (the rows in sight as the table
        # is first laid out, then scrolled to the one acting): thrice a column at most.
        assert 0 < sum(measured.values()) <= 3 * len(FITTED), measured
        before = sum(measured.values())
        table = window.central_view.table
        table.sizeHintForColumn(FITTED[0])
        assert sum(measured.values()) == before  # kept
        table.model().layoutAboutToBeChanged.emit()  # the rows changed: measured afresh
        table.model().layoutChanged.emit()
        table.sizeHintForColumn(FITTED[0])
        assert sum(measured.values()) == before + 1
    finally:
        close(window, qtbot)
