"""An operation of the GM repaints only what it changed (issue 26): every paint event of
the window's widgets is counted, with its region, while the GM ends a turn, renames a
combatant in the inspector, damages one in the health box and adds an effect through
Ctrl+E's dialog, each the way the GM does it (a key, Enter, the dialog's OK). Counts
and regions, not timings: the machine is shared.

Qt repainted the whole fight view (and its names) at every change of the keyboard focus
or of the active window: Enter in the inspector hands the keyboard back to the fight
view, and a dialog deactivates the window and activates it again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QLineEdit,
    QTableView,
)

from benchmarks.fights import a_duration, add_effects, build
from tests.qt.table_size import Painted, painted_by, settle, shown_as_painted, table_window
from tracker.engine import AddCombatant, AddEffect, EditCombatant
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid


@pytest.fixture
def war(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """War Scroll at the table's size: 30 characters, 10 effects, one selected."""
    yield from table_window(qtbot, tmp_path / "journal", "war_scroll", selected=3)


def _grid(window: MainWindow) -> WarScrollGrid:
    grid = window.central_view
    assert isinstance(grid, WarScrollGrid)
    return grid


def _rows(grid: WarScrollGrid, ids: set[str]) -> tuple[QRegion, QRegion]:
    """The cells' rows and the names' blocks of these combatants, in their viewports."""
    cells, names = QRegion(), QRegion()
    header = grid.verticalHeader()
    for combatant_id in ids:
        row = grid.grid_model.row_of(combatant_id)
        top = grid.rowViewportPosition(row)
        cells += QRect(0, top, grid.viewport().width(), grid.rowHeight(row) + 1)
        names += QRect(0, top, header.viewport().width(), header.sectionSize(row) + 1)
    return cells, names


def _within(painted: QRegion, allowed: QRegion, what: str) -> None:
    beyond = painted.subtracted(allowed)
    told = f"{what} painted beyond its changes: {list(beyond)} (of {list(painted)})"
    assert beyond.isEmpty(), told


def _only_rows(window: MainWindow, painted: Painted, ids: set[str]) -> None:
    """The fight view painted these combatants' rows at most, with the marks: the row of
    the turn (its marker) and the current cell's focus frame; not the rest of it."""
    grid = _grid(window)
    turn = window.document.session.current_turn()
    cells, names = _rows(grid, ids | ({turn.combatant_id} if turn is not None else set()))
    cells += grid.visualRect(grid.currentIndex())
    _within(painted.of(grid.viewport()), cells, "the grid's cells")
    _within(painted.of(grid.verticalHeader().viewport()), names, "the names")
    _within(painted.of(grid.horizontalHeader().viewport()), QRegion(), "the Segments")


def _effect_rows(window: MainWindow, ids: set[str]) -> QRegion:
    """The effects panel's rows that name one of these combatants."""
    view = window.effects_view
    model = view.model()
    rows = QRegion()
    for row in range(model.rowCount()):
        effect = window.effects_panel.effect_at(row)
        if effect is not None and ids & {effect.carrier_id, effect.creator_id}:
            rect = view.visualRect(model.index(row, 0))  # with the grid lines about it
            rows += QRect(0, rect.top() - 1, view.viewport().width(), rect.height() + 3)
    return rows


def test_a_rename_in_the_inspector_repaints_its_row_only(war, qtbot):
    combatant = war.editor.combatant
    assert combatant is not None
    name_input = war.editor.form.editors["name"].input
    assert isinstance(name_input, QLineEdit)
    name_input.setFocus()
    name_input.selectAll()
    name_input.insert("Kit")  # shorter: the names' column need not change
    settle(qtbot)

    painted = painted_by(qtbot, lambda: QTest.keyClick(name_input, Qt.Key.Key_Return))

    assert war.document.encounter.find(combatant.id).name == "Kit"
    assert QApplication.focusWidget() is war.central_view  # the keyboard back on the fight
    _only_rows(war, painted, {combatant.id})
    _within(painted.of(war.log_view.viewport()), QRegion(), "the log")
    effects = painted.of(war.effects_view.viewport())
    _within(effects, _effect_rows(war, {combatant.id}), "the effects panel")


def test_damage_in_the_health_box_repaints_its_row_only(war, qtbot):
    combatant = war.editor.combatant
    assert combatant is not None
    box = war.health_box
    box.input.setFocus()
    box.input.setText("-1")
    settle(qtbot)
    steps = war.document.undo_stack.index()

    painted = painted_by(qtbot, lambda: QTest.keyClick(box.input, Qt.Key.Key_Return))

    assert war.document.undo_stack.index() == steps + 1
    _only_rows(war, painted, {combatant.id})
    _within(painted.of(war.effects_view.viewport()), QRegion(), "the effects panel")


def test_end_turn_repaints_the_rows_of_the_turn_only(war, qtbot):
    session = war.document.session
    before = session.current_turn()
    assert before is not None

    painted = painted_by(qtbot, lambda: QTest.keyClick(war.central_view, Qt.Key.Key_Space))

    after = session.current_turn()
    assert after is not None and after != before
    _only_rows(war, painted, {before.combatant_id, after.combatant_id})


def test_an_effect_added_through_ctrl_e_repaints_its_carrier_only(war, qtbot):
    carrier = war.editor.combatant
    assert carrier is not None
    war.dock("dock_combatants").toggleViewAction().trigger()  # the side list on
    roster = war.roster_view
    qtbot.waitUntil(roster.viewport().isVisible)
    settle(qtbot)
    shown: list[QDialog] = []

    def fill_and_accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, EffectDialog)
        shown.append(dialog)
        dialog.name_edit.setText("Marked")
        dialog.accept()

    def ctrl_e() -> None:
        QTimer.singleShot(0, fill_and_accept)
        QTest.keyClick(war.central_view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)

    painted = painted_by(qtbot, ctrl_e)

    assert shown, "Ctrl+E showed the dialog"
    effects = war.document.encounter.effects
    assert ("Marked", carrier.id) in [(e.name, e.carrier_id) for e in effects]
    _only_rows(war, painted, {carrier.id})
    # The side list: the carrier's row, and its creator's, to whose turn the effect is
    # anchored (the engine names that turn's holder as changed), not the rest.
    rows = QRegion()
    marked = next(e for e in effects if e.name == "Marked")
    assert marked.creator_id is not None
    for combatant_id in (carrier.id, marked.creator_id):
        row = roster.visualRect(war.roster_model.index(war.roster_model.row_of(combatant_id), 0))
        rows += row.adjusted(0, 0, 0, 1)
    assert not painted.of(roster.viewport()).isEmpty(), "the side list shows the effect"
    _within(painted.of(roster.viewport()), rows, "the side list")


@pytest.mark.parametrize("ruleset_id", ["ap_countdown", "priority", "classic_d20"])
def test_selecting_another_combatant_repaints_the_two_rows(qtbot, tmp_path, ruleset_id):
    """The fight view marks the inspector's combatant (`show_selected`, as the window
    tells it): another one marked repaints the row left and the row marked, not the
    whole view. (Through the window, the turn panel above may change its height with
    the actions the one picked allows, which moves the view.)"""
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    try:
        view = window.central_view
        assert isinstance(view, QAbstractItemView)
        ids = [session.encounter.combatants[n].id for n in (2, 4)]
        show = getattr(view, "show_selected", None)
        assert show is not None
        show(ids[0])
        settle(qtbot)
        before = view.selectionModel().selection()

        painted = painted_by(qtbot, lambda: show(ids[1]))

        after = view.selectionModel().selection()
        assert after != before, "the view marks the combatant picked"
        rows = view.visualRegionForSelection(before) + view.visualRegionForSelection(after)
        assert not rows.isEmpty()
        marks = QRegion()
        for rect in rows:  # with the grid lines about them
            marks += rect.adjusted(0, -1, 0, 2)
        _within(painted.of(view.viewport()), marks, "the fight view")
    finally:
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)


def test_a_change_to_one_lane_of_the_countdown_repaints_that_lane(qtbot, tmp_path):
    """AP countdown: an engine event that moves neither the scale nor the count repaints
    the lane changed and the lane due (the model's), with their neighbours (which may
    tie with them), and the axis; not every lane."""
    session = build("ap_countdown", 30)
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    try:
        track = window.central_view
        assert isinstance(track, CountdownTrack)
        model = track.track_model
        row = 6
        combatant = model.combatant_at(row)
        assert combatant is not None
        settle(qtbot)

        def edit() -> None:
            window.document.apply(EditCombatant(combatant.id, {"notes": "Limping"}))

        painted = painted_by(qtbot, edit)

        lanes = QRegion()
        for changed in (row, model.due_row()):
            for near in (changed - 1, changed, changed + 1):
                lanes += track.visualRect(model.index(near, 0)).adjusted(0, -1, 0, 1)
        axis = QRect(0, 0, track.viewport().width(), track.visualRect(model.index(0, 0)).top())
        _within(painted.of(track.viewport()), lanes + axis, "the track")
    finally:
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)


def _open(qtbot, tmp_path: Path, ruleset_id: str, size: int = 30) -> MainWindow:
    session = build(ruleset_id, size)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def _close(window: MainWindow, qtbot) -> None:
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def _last_selected(window, qtbot, *, at_end: bool) -> tuple[QTableView, int]:
    """The fight view with the last combatant selected, scrolled to its top or its end
    and settled; and where its scroll bar stands."""
    view = window.central_view
    assert isinstance(view, QTableView)
    settle(qtbot)  # laid out as shown (the turn panel's chips polished): the view's height
    window.select_combatant(window.document.encounter.combatants[-1].id)
    if at_end:
        view.scrollToBottom()
    else:
        view.scrollToTop()
    settle(qtbot)
    return view, view.verticalScrollBar().value()


@pytest.mark.parametrize("ruleset_id", ["war_scroll", "priority"])
def test_the_last_combatant_removed_out_of_sight_repaints_no_row(qtbot, tmp_path, ruleset_id):
    """The GM removes the last combatant (the one just added, say) while the fight view
    shows the top of the fight: the view neither scrolls to the row after it (Qt makes
    that one current, and scrolled to it) nor repaints the rows in sight, unchanged
    (Qt repainted the whole view once rows came or went)."""
    window = _open(qtbot, tmp_path, ruleset_id)
    try:
        last = window.document.encounter.combatants[-1]
        view, scrolled = _last_selected(window, qtbot, at_end=False)
        rows = view.model().rowCount()
        assert view.visualRect(view.model().index(rows - 1, 0)).top() > view.viewport().height()

        painted = painted_by(qtbot, window.remove_combatant)

        assert window.document.encounter.find(last.id) is None
        assert view.model().rowCount() == rows - 1
        assert view.verticalScrollBar().value() == scrolled, "the view stays where it was"
        _within(painted.of(view.viewport()), QRegion(), "the fight view")
        names = view.verticalHeader()
        _within(painted.of(names.viewport()), QRegion(), "the names")
        shown_as_painted(window, view)
        view.scrollToBottom()  # the rows after it, moved up
        settle(qtbot)
        shown_as_painted(window, view)
    finally:
        _close(window, qtbot)


@pytest.mark.parametrize("ruleset_id", ["war_scroll", "priority"])
def test_a_combatant_added_repaints_from_its_row_down(qtbot, tmp_path, ruleset_id):
    """A combatant added to a fight that fits in the view (here without being selected)
    repaints the rows from its own down, not the rows above it."""
    window = _open(qtbot, tmp_path, ruleset_id, size=6)
    try:
        view = window.central_view
        assert isinstance(view, QTableView)
        settle(qtbot)
        model = view.model()
        rows = model.rowCount()
        last = view.visualRect(model.index(rows - 1, 0))
        assert last.bottom() + last.height() < view.viewport().height(), "room for one more"

        painted = painted_by(qtbot, lambda: window.document.apply(AddCombatant("Late Ogre")))

        assert model.rowCount() == rows + 1
        top = view.visualRect(model.index(rows, 0)).top() - 1  # with the line above it
        below = QRect(0, top, view.viewport().width(), view.viewport().height())
        _within(painted.of(view.viewport()), QRegion(below), "the fight view")
        shown_as_painted(window, view)
    finally:
        _close(window, qtbot)


def _rename_in_inspector(window: MainWindow, qtbot, name: str) -> Painted:
    name_input = window.editor.form.editors["name"].input
    assert isinstance(name_input, QLineEdit)
    name_input.setFocus()
    name_input.selectAll()
    name_input.insert(name)
    settle(qtbot)
    return painted_by(qtbot, lambda: QTest.keyClick(name_input, Qt.Key.Key_Return))


def test_a_title_one_line_longer_moves_nothing_in_the_inspector(qtbot, tmp_path):
    """The inspector's title keeps the most lines it has needed: a rename that makes it
    a line longer again (after a combatant with a shorter one was picked) does not move
    the form under it, only the name's box repaints; nor is the turn label (rich text,
    someone else's turn) repainted as the turn panel lays out again (Priority's actions
    name the combatant picked: their chips rewrap)."""
    window = _open(qtbot, tmp_path, "priority")
    try:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        first, second = window.document.encounter.combatants[3:5]
        title, form = window.editor.title, window.editor.form
        window.select_combatant(first.id)
        settle(qtbot)
        lines = title.height()
        _rename_in_inspector(window, qtbot, "Kit of the Long Name Who Takes a Second Line")
        assert title.height() > lines, "the longer name took another line"
        window.select_combatant(second.id)
        settle(qtbot)
        turn = window.document.session.current_turn()
        assert turn is not None and turn.combatant_id != second.id

        painted = _rename_in_inspector(window, qtbot, "Pip of the Long Name Who Takes Two Lines")

        assert window.document.encounter.combatant(second.id).name.startswith("Pip")
        for name, editor in form.editors.items():
            if name != "name":
                _within(painted.of(editor.input), QRegion(), f"the {name} field")
        _within(painted.of(window.turn_panel.turn_label), QRegion(), "the turn label")
    finally:
        _close(window, qtbot)


@pytest.mark.parametrize("ruleset_id", ["war_scroll", "priority"])
def test_a_combatant_added_to_a_view_at_its_end_leaves_nothing_stale(qtbot, tmp_path, ruleset_id):
    """The view scrolled to its end: the rows in sight move as one is added (the last
    row stays against the bottom), and all of them are painted where they now are."""
    window = _open(qtbot, tmp_path, ruleset_id)
    try:
        view = window.central_view
        assert isinstance(view, QTableView)
        view.scrollToBottom()
        settle(qtbot)

        window.document.apply(AddCombatant("Late Ogre"))
        settle(qtbot)

        shown_as_painted(window, view)
    finally:
        _close(window, qtbot)


def test_an_effect_added_or_ended_repaints_the_effects_from_its_row_down(war, qtbot):
    """Every effect shown ("All"): one added at the end, out of sight, repaints none of
    the effects in sight; ended again, likewise (Qt repainted the whole list)."""
    war.effects_panel.show_all.setChecked(True)
    view = war.effects_view
    assert isinstance(view, QTableView)
    model = view.model()
    settle(qtbot)
    rows = model.rowCount()
    assert view.visualRect(model.index(rows - 1, 0)).bottom() > view.viewport().height()
    session = war.document.session
    carrier = war.document.encounter.combatants[0].id
    effect = AddEffect("Marked", carrier, duration=a_duration(session, lasting=True))

    added = painted_by(qtbot, lambda: war.document.apply(effect))

    assert model.rowCount() == rows + 1
    assert war.effects_panel.effect_at(rows).name == "Marked", "added at the end"
    _within(added.of(view.viewport()), QRegion(), "the effects")
    shown_as_painted(war, view)

    ended = painted_by(qtbot, war.document.undo_stack.undo)

    assert model.rowCount() == rows
    _within(ended.of(view.viewport()), QRegion(), "the effects")
    shown_as_painted(war, view)


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "priority"])
def test_the_last_combatant_removed_at_the_views_end_scrolls_rather_than_repaints(
    qtbot, tmp_path, ruleset_id
):
    """The view at its end, the last combatant (the one just added, in sight) removed:
    the view scrolls back a row, what it showed moved rather than repainted (Qt's
    delayed layout ran in the viewport's paint, where a scroll repaints it whole; and a
    scroll repainted every row in sight): a strip a few rows tall is painted."""
    window = _open(qtbot, tmp_path, ruleset_id)
    try:
        last = window.document.encounter.combatants[-1]
        view, scrolled = _last_selected(window, qtbot, at_end=True)
        assert scrolled > 0

        painted = painted_by(qtbot, window.remove_combatant)

        assert window.document.encounter.find(last.id) is None
        assert view.verticalScrollBar().value() < scrolled, "the view scrolled back"
        row = view.rowHeight(0)
        repainted = sum(rect.height() for rect in painted.of(view.viewport()))
        assert 0 < repainted <= 3 * row, f"{repainted} px of rows of {row} px repainted"
        shown_as_painted(window, view)
    finally:
        _close(window, qtbot)


def test_the_window_active_again_repaints_no_dock_title(qtbot, tmp_path):
    """A dialog closed (the Add form, Ctrl+E's) and the window active again: the docks'
    titles look the same in an active and an inactive window (the palette's colours
    alike), and are not repainted (Qt repainted the inspector's title then: after
    each add, a paint of the window of its own, for a title unchanged)."""
    window = _open(qtbot, tmp_path, "classic_d20", size=6)
    try:
        form = QDialog(window)
        form.show()
        qtbot.waitUntil(form.isActiveWindow)
        settle(qtbot)

        def back_to_the_window() -> None:
            form.hide()
            window.activateWindow()
            qtbot.waitUntil(window.isActiveWindow)

        painted = painted_by(qtbot, back_to_the_window)

        dock = window.dock("dock_inspector")
        assert not dock.isFloating()
        assert painted.events.get(id(dock), 0) == 0, "the inspector's title repainted"
        assert window.editor.isVisible()  # the pane in the dock, shown as it was
    finally:
        _close(window, qtbot)
