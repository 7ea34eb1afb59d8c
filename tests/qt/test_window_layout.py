"""The main window at the table: one view of the fight, which messages and questions
never cover nor push (they take their own place in the inspector beside it), optional
panes off by default and a way back to the default layout; texts that do not fit elide
with a tooltip, and another encounter's ruleset brings its own wording."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QPushButton, QStyleOptionViewItem, QTableView, QToolTip, QWidget

from tests.qt.ap_countdown_fixtures import awindow  # noqa: F401 - fixture
from tests.qt.conftest import show_pane
from tracker.engine import Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow


def placed(widget: QWidget, window: MainWindow) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def test_a_refusal_does_not_move_the_view_and_long_text_shows_in_full(window, qtbot):
    window.resize(1366, 768)
    qtbot.wait(10)
    before = placed(window.central_view, window), placed(window.turn_panel, window)
    long = "A refusal that goes on " + "and on " * 40 + "until the end."
    window._on_refused(long, "")
    qtbot.waitUntil(window.banner.isVisible)
    assert (placed(window.central_view, window), placed(window.turn_panel, window)) == before
    label = window.banner.label
    assert label.text() == long
    assert label.height() >= label.heightForWidth(label.width())  # no line cut off
    assert not placed(window.banner, window).intersects(placed(window.central_view, window))
    assert window.inspector.isAncestorOf(window.banner)
    window.banner.hide()
    assert (placed(window.central_view, window), placed(window.turn_panel, window)) == before


def test_a_prompt_takes_its_own_place_beside_the_view(awindow, qtbot):  # noqa: F811
    window = awindow
    window.resize(1366, 768)
    qtbot.wait(10)
    assert not window.prompt_panel.isVisible()
    before = placed(window.central_view, window)
    window.document.apply(StartEncounter())
    qtbot.waitUntil(window.prompt_panel.isVisible)
    assert placed(window.central_view, window) == before
    panel, view = placed(window.prompt_panel, window), placed(window.central_view, window)
    assert not panel.intersects(view) and panel.left() >= view.right()
    for button in window.prompt_panel.findChildren(QPushButton):  # no answer scrolled away
        if button.isVisible():
            assert placed(button, window).bottom() <= window.inspector.height() + 100
            assert window.inspector.rect().contains(
                QRect(button.mapTo(window.inspector, QPoint(0, 0)), button.size())
            )


def test_the_default_window_shows_every_combatant_once(window, qtbot):
    """The ruleset's view and the inspector; the lists that repeat the combatants are
    optional panes, off by default, that the View menu shows."""
    assert window.central_view.isVisible() and window.inspector.isVisible()
    for name in ("combatants", "turn_order", "log"):
        assert not window.dock(f"dock_{name}").isVisible()
        toggle = window.actions_by_name[f"pane_{name}"]
        assert not toggle.isChecked()
        toggle.trigger()
        assert window.dock(f"dock_{name}").isVisible()


def test_reset_layout_brings_the_default_back(window, qtbot):
    window.resize(1366, 768)
    qtbot.wait(10)
    window.actions_by_name["pane_turn_order"].trigger()
    inspector = window.dock("dock_inspector")
    window.resizeDocks([inspector], [230], Qt.Orientation.Horizontal)  # squeezed once
    window.resize(700, 500)
    qtbot.wait(10)
    window.actions_by_name["reset_layout"].trigger()
    qtbot.waitUntil(lambda: inspector.width() >= 320)
    assert not window.dock("dock_turn_order").isVisible()
    assert window.width() >= 1000 or window.width() == window.screen().availableGeometry().width()


def _tooltip_of(view, row: int, column: int) -> str:
    QToolTip.hideText()
    index = view.model().index(row, column)
    rect = view.visualRect(index)
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    option.rect = rect
    option.widget = view
    event = QHelpEvent(
        QEvent.Type.ToolTip, rect.center(), view.viewport().mapToGlobal(rect.center())
    )
    view.itemDelegate().helpEvent(event, view, option, index)
    return QToolTip.text() if QToolTip.isVisible() else ""


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen tooltip
def test_a_name_too_long_for_its_column_has_a_tooltip_and_one_that_fits_has_none(window, qtbot):
    window.actions_by_name["pane_turn_order"].trigger()
    view = window.turn_order_view
    window.resize(1366, 768)
    qtbot.wait(10)
    header = view.horizontalHeader()
    model = view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "Echthra")
    header.setSectionResizeMode(0, header.ResizeMode.Interactive)
    header.resizeSection(0, 400)
    assert _tooltip_of(view, row, 0) == ""
    header.resizeSection(0, 30)
    assert _tooltip_of(view, row, 0) == "Echthra"


def test_another_ruleset_brings_its_own_effect_actions_and_print_wording(window):
    assert "maintain" in " ".join(b.text() for b in window.effects_panel.action_buttons.values())
    priority = Session(load_encounter(sample_path("priority_sample.json")))
    window.replace_session(priority, None)
    texts = [
        b.text() for b in window.effects_panel.findChildren(type(window.turn_panel.start_button))
    ]
    assert not any("maintain" in t for t in texts)
    assert "War Scroll" not in window.actions_by_name["print"].text()


def _turn_order_at_laptop_size(qtbot, tmp_path, sample: str) -> MainWindow:
    session = Session(load_encounter(sample_path(sample)))
    window = MainWindow(session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.actions_by_name["pane_turn_order"].trigger()
    window.show()
    qtbot.waitExposed(window)
    window.document.apply(StartEncounter())
    qtbot.wait(20)
    return window


def test_the_turn_order_keeps_room_for_the_names(qtbot, tmp_path):
    """Priority's "When" ("Round 1 · Priority 1 · Zeal 9") once took the whole dock at
    the laptop's size, leaving "A…" for Ayla: the names keep their room, "When" elides."""
    window = _turn_order_at_laptop_size(qtbot, tmp_path, "priority_sample.json")
    view = window.turn_order_view
    width = view.viewport().width()
    assert view.columnWidth(0) >= int(width * 0.35)
    metrics = view.fontMetrics()
    combatants = window.document.encounter.combatants
    widest = max(metrics.horizontalAdvance(c.name) for c in combatants)
    assert view.columnWidth(0) > widest + 24  # the colour mark and margins too
    assert sum(view.columnWidth(c) for c in range(view.model().columnCount())) <= width + 1


def test_the_turn_order_gives_what_the_names_leave_to_the_other_columns(qtbot, tmp_path):
    """Short names leave "When" ("Cycle 1 · Segment 1") room to show in full."""
    window = _turn_order_at_laptop_size(qtbot, tmp_path, "war_scroll_sample.json")
    view = window.turn_order_view
    for column in range(1, view.model().columnCount()):
        assert view.columnWidth(column) >= QTableView.sizeHintForColumn(view, column)


def test_the_newest_log_line_shows_in_the_status_bar_while_the_log_is_off(window, qtbot):
    window.document.apply(StartEncounter())
    newest = window.document.encounter.log[-1].text
    assert window.statusBar().currentMessage() == newest
    show_pane(window, "log", qtbot)
    view = window.log_view
    last = view.model().index(view.model().rowCount() - 1, 1)
    qtbot.waitUntil(lambda: view.viewport().rect().contains(view.visualRect(last)))  # its foot


def test_the_up_next_strip_names_the_turns_to_come(window, qtbot):
    def expected(first: int) -> list[str]:
        names = {c.id: c.name for c in window.document.encounter.combatants}
        turns = window.document.session.upcoming_turns(first + 5)[first:]
        return [names[t.combatant_id] if t.combatant_id else t.title for t in turns]

    label = window.up_next.label
    window.resize(1920, 1000)  # room for the whole line
    qtbot.wait(10)
    assert label.text() == "First: " + " · ".join(expected(0))
    window.actions_by_name["start"].trigger()
    assert label.text() == "Next: " + " · ".join(expected(1))
    before = label.text()
    window.actions_by_name["end_turn"].trigger()
    assert label.text() == "Next: " + " · ".join(expected(1)) != before
    assert label.textFormat() == Qt.TextFormat.PlainText


def test_a_click_in_the_war_scroll_selects_its_character_in_the_inspector(window, qtbot):
    """The fight view is where the GM picks whom to edit: a click on a cell or on a
    name, and the arrow keys, select the character everywhere."""
    grid = window.central_view
    model = grid.grid_model
    third = model.combatant_at(2)
    rect = grid.visualRect(model.index(2, 0))
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor.combatant_id == third.id == window.selected_combatant_id()
    names = grid.verticalHeader()
    top = names.sectionViewportPosition(4) + names.sectionSize(4) // 2
    qtbot.mouseClick(names.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(20, top))
    assert window.editor.combatant_id == model.combatant_at(4).id
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert window.editor.combatant_id == model.combatant_at(grid.currentIndex().row()).id


def test_ctrl_and_shift_click_in_the_fight_view_select_several_for_area_damage(window, qtbot):
    """Area damage from the fight view itself: Ctrl+click adds a character (or takes one
    added before out again), Shift+click adds the run from the last one picked; the
    damage box names them, and "-2" harms them all in one step."""
    grid = window.central_view
    model = grid.grid_model
    control, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier

    def click(row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        rect = grid.visualRect(model.index(row, 0))
        qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())

    names = [model.combatant_at(row).name for row in range(6)]
    click(0)
    click(2, control)
    assert [c for c in window.selected_combatant_ids()] == [
        model.combatant_at(0).id,
        model.combatant_at(2).id,
    ]
    assert window.health_box.targets.text() == f"For 2: {names[0]}, {names[2]}"
    click(4, control)
    click(2, control)  # out again
    assert window.selected_combatant_ids() == [model.combatant_at(r).id for r in (0, 4)]
    click(1)  # a plain click: that one alone
    assert window.selected_combatant_ids() == [model.combatant_at(1).id]
    assert window.health_box.targets.isHidden()
    click(3)
    click(5, shift)
    assert window.health_box.targets.text() == f"For 3: {', '.join(names[3:6])}"
    before = {c.id: c.stats.get("endurance_lost", 0) for c in window.document.encounter.combatants}
    window.actions_by_name["health"].trigger()
    qtbot.keyClicks(window.health_box.input, "-2")
    qtbot.keyClick(window.health_box.input, Qt.Key.Key_Return)
    hurt = [
        c.name
        for c in window.document.encounter.combatants
        if c.stats.get("endurance_lost", 0) != before[c.id]
    ]
    assert hurt == names[3:6]
    assert window.document.undo_stack.count() == 1  # one step for all three


def test_the_war_scroll_marks_the_inspectors_combatant(window, qtbot):
    """A click in the grid, or a pick elsewhere (the combatants list), highlights that
    character's name in the grid, and only that one."""
    grid = window.central_view
    names = grid.verticalHeader()
    model = grid.grid_model

    def ground(row: int) -> str:
        top = names.sectionViewportPosition(row) + names.sectionSize(row) // 2
        return names.viewport().grab().toImage().pixelColor(names.width() - 6, top).name()

    highlight = names.palette().color(names.palette().ColorRole.Highlight).name()
    rect = grid.visualRect(model.index(2, 0))
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert ground(2) == highlight and ground(3) != highlight
    window.select_combatant(model.combatant_at(5).id)  # as the list pane does
    assert ground(5) == highlight and ground(2) != highlight


@pytest.mark.parametrize("order", [("combatants", "turn_order"), ("turn_order", "combatants")])
def test_panes_stacked_on_one_side_share_its_height(qtbot, tmp_path, order):
    """On the laptop, the pane turned on second once had its least height (the turn
    order's two rows under a combatants list that kept the rest): stacked panes share
    the side's height evenly, whichever came first, and the side is as wide as the
    widest share of theirs (the turn order's)."""
    session = Session(load_encounter(sample_path("war_scroll_sample.json")))
    window = MainWindow(session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    for name in order:
        show_pane(window, name, qtbot)
    first, second = (window.dock(f"dock_{name}") for name in order)
    qtbot.waitUntil(lambda: abs(first.height() - second.height()) <= 12)
    assert second.height() > 250  # a turn order of eight rows shows them all
    assert first.width() == second.width() >= 1366 * 28 // 100 - 8
