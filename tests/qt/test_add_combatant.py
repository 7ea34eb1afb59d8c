"""Edit → Add combatant: a short form with a unique default name; "Goblin ×5" adds five
numbered Goblins in one undo step; new enemies may start hidden."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QHeaderView, QWidget
from shiboken6 import getCppPointer

from benchmarks.fights import build
from tests.plugins import built_in_rulesets
from tests.qt.conftest import add_through_form, names, shown_window
from tests.qt.table_size import settle, table_window
from tracker.engine import Session
from tracker.persistence import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.settings_file import enemies_start_hidden, settings_store
from tracker.qt.widgets.add_form import split_count


def test_the_form_offers_a_name_no_one_has_and_typing_replaces_it(window, qtbot):
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    assert dialog.name_edit.text() == "Enemy 1"
    assert dialog.name_edit.selectedText() == "Enemy 1"  # typing replaces it
    qtbot.keyClicks(dialog.name_edit, "Ogre")
    assert dialog.name_edit.text() == "Ogre"
    dialog.accept()
    assert names(window.document)[-1] == "Ogre"
    assert add_through_form(window) == ["Enemy 1"]
    assert add_through_form(window) == ["Enemy 2"]  # never the same name twice


def test_the_default_name_follows_the_side_until_the_gm_types_one(window):
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    dialog.side_combo.setCurrentText("party")
    assert dialog.name_edit.text() == "Party 1"
    dialog.name_edit.setText("Bram")
    dialog.side_combo.setCurrentText("ally")
    assert dialog.name_edit.text() == "Bram"
    dialog.reject()


def test_goblin_times_five_adds_five_numbered_goblins_undone_as_one(window):
    before = names(window.document)
    added = add_through_form(window, "Goblin ×5")
    assert added == [f"Goblin {n}" for n in range(1, 6)]
    assert window.document.encounter.combatant(window.selected_combatant_id()).name == "Goblin 1"
    assert add_through_form(window, "Goblin", count=2) == ["Goblin 6", "Goblin 7"]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert names(window.document) == before


def test_the_ruleset_fields_are_in_the_form_and_a_bad_value_changes_nothing(window):
    before = names(window.document)
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    speed = dialog.stats_form.editors["speed"]
    speed.input.setText("500")
    dialog.accept()
    assert dialog.isVisible()
    assert "Speed" in speed.error.text()
    assert names(window.document) == before
    speed.input.setText("9")
    dialog.accept()
    assert not dialog.isVisible()
    added = window.document.encounter.combatant(window.selected_combatant_id())
    assert added.stats["speed"] == 9


def test_an_empty_name_is_explained_and_the_message_goes_once_a_name_is_typed(window, qtbot):
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    dialog.name_edit.clear()
    dialog.accept()
    assert dialog.error.isVisibleTo(dialog) and "cannot be empty" in dialog.error.text()
    qtbot.keyClicks(dialog.name_edit, "Wight")
    assert not dialog.error.isVisibleTo(dialog)
    dialog.reject()


@pytest.mark.parametrize("on", [True, False])
def test_new_enemies_start_hidden_when_the_gm_chose_so(window, on: bool):
    toggle = window.actions_by_name["enemies_start_hidden"]
    if toggle.isChecked() != on:
        toggle.trigger()
    assert enemies_start_hidden(settings_store()) is on  # kept for the next start
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    assert dialog.hidden_box.isChecked() is on
    dialog.side_combo.setCurrentText("party")
    assert not dialog.hidden_box.isChecked()  # the party is never hidden by default
    dialog.side_combo.setCurrentText("enemy")
    dialog.accept()
    added = window.document.encounter.combatant(window.selected_combatant_id())
    assert added.hidden is on


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Goblin ×5", ("Goblin", 5)),
        ("Goblin x5", ("Goblin", 5)),
        ("Goblin*3", ("Goblin", 3)),
        ("Goblin", ("Goblin", None)),
        ("×5", ("×5", None)),
        ("Orc x", ("Orc x", None)),
    ],
)
def test_split_count(text: str, expected: tuple[str, int | None]):
    assert split_count(text) == expected


def test_the_form_is_kept_once_and_shown_as_new_each_time(window, qtbot):
    """Built at the first Add, then kept hidden: the next Add shows the same form with
    nothing left of the last (a name no one has, one, an enemy, no message)."""
    window.actions_by_name["add"].trigger()
    first = window.add_form
    assert first is not None
    first.side_combo.setCurrentText("party")
    first.name_edit.setText("")
    first.count_box.setValue(3)
    first.accept()  # refused: no name
    assert first.isVisible() and not first.error.isHidden()
    first.reject()
    window.actions_by_name["add"].trigger()
    assert window.add_form is first and first.isVisible()
    assert (first.name_edit.text(), first.count_box.value()) == ("Enemy 1", 1)
    assert first.side_combo.currentText() == "enemy"
    assert first.error.isHidden()
    first.accept()
    assert names(window.document)[-1] == "Enemy 1"
    assert window.selected_combatant_id() == window.document.encounter.combatants[-1].id
    assert add_through_form(window) == ["Enemy 2"]
    assert window.add_form is first


def test_the_form_takes_the_editors_place_and_covers_nothing(window, qtbot):
    """The form is in the window, in the inspector beside the fight: nothing is laid over
    the fight view. While it is open it stands in the editor's place (the damage box and
    the effects stay); Escape, Cancel, Enter and Add each put it away and bring the
    editor back, with the keyboard back in the fight view (Space ends the turn)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    parts = [window.health_box, window.editor, window.effects_panel]
    shown = [part.isVisible() for part in parts]
    assert shown[1]
    view = window.central_view
    ways = [
        lambda form: qtbot.keyClick(form.name_edit, Qt.Key.Key_Escape),
        lambda form: form.cancel_button.click(),
        lambda form: qtbot.keyClick(form.name_edit, Qt.Key.Key_Return),
        lambda form: form.add_button.click(),
    ]
    for way in ways:
        window.actions_by_name["add"].trigger()
        form = window.add_form
        assert form is not None and form.isVisible()
        assert form.window() is window and window.inspector_column.isAncestorOf(form)
        placed = QRect(form.mapTo(window, QPoint(0, 0)), form.size())
        fight = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
        assert not placed.intersects(fight)
        assert [part.isVisible() for part in parts] == [shown[0], False, shown[2]]
        assert QApplication.focusWidget() is form.name_edit
        way(form)
        assert not form.isVisible()
        assert [part.isVisible() for part in parts] == shown
        focus = QApplication.focusWidget()
        assert focus is view or view.isAncestorOf(focus), focus
    assert names(window.document)[-2:] == ["Enemy 1", "Enemy 2"]


def test_enter_on_the_hidden_box_adds_rather_than_ticking_it(window, qtbot):
    """Enter adds from every field of the form, the check box too (Space ticks it)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.actions_by_name["add"].trigger()
    form = window.add_form
    form.hidden_box.setFocus()
    ticked = form.hidden_box.isChecked()
    qtbot.keyClick(form.hidden_box, Qt.Key.Key_Return)
    assert not form.isVisible()
    added = window.document.encounter.combatants[-1]
    assert added.name == "Enemy 1" and added.hidden == ticked


def test_another_encounter_loaded_drops_the_kept_form(window, qtbot):
    window.actions_by_name["add"].trigger()
    old = window.add_form
    assert old is not None
    old.reject()
    window.replace_session(build("priority", 3), None)  # as File → Open does
    assert window.add_form is None
    qtbot.waitUntil(lambda: old not in window.findChildren(type(old)))
    added = add_through_form(window)
    assert added == ["Enemy 1"]
    assert window.add_form is not old
    assert [c.name for c in window.document.encounter.combatants][-1] == "Enemy 1"


@pytest.mark.parametrize("ruleset_id", built_in_rulesets())
def test_enter_in_the_form_adds_and_hands_the_keyboard_to_the_fight_view(
    ruleset_id: str, qtbot, tmp_path
):
    """Enter adds, and Space then ends the turn: the keyboard is in the fight view (in its
    list that shows the one added: not a side's list with nothing current), not in the
    side list (hidden) nor in a box Qt picked after it (the initiative prompt's)."""
    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        window.actions_by_name["start"].trigger()
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitUntil(dialog.isActiveWindow)
        before = len(window.document.encounter.combatants)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
        assert len(window.document.encounter.combatants) == before + 1
        qtbot.waitUntil(window.isActiveWindow)
        focus = QApplication.focusWidget()
        view = window.central_view
        assert focus is view or view.isAncestorOf(focus), focus
        if isinstance(focus, QAbstractItemView):  # the list that shows the one added
            assert focus.currentIndex().isValid(), focus.objectName()


class _Blocking(QObject):
    """Counts the window-blocked and -unblocked events sent to the widgets of `window`."""

    def __init__(self, window: QWidget) -> None:
        super().__init__()
        self.window = window
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        blocking = (QEvent.Type.WindowBlocked, QEvent.Type.WindowUnblocked)
        if event.type() in blocking and isinstance(watched, QWidget):
            self.count += watched.window() is self.window
        return False


def test_the_form_blocks_nothing_and_leaves_the_fight_in_reach(window, qtbot):
    """Opening and closing the form sends no blocked/unblocked event to the window's
    widgets (a modal form sent one to each of its some 300 widgets, each way), and the
    fight can be used while it is open."""
    blocking = _Blocking(window)
    app = QApplication.instance()
    app.installEventFilter(blocking)
    try:
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitExposed(dialog)
        assert QApplication.activeModalWidget() is None
        first = window.document.encounter.combatants[0].id
        window.select_combatant(first)  # the fight in reach, the form still open
        assert window.selected_combatant_id() == first and dialog.isVisible()
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
        assert not dialog.isVisible()
        assert names(window.document)[-1] == "Enemy 1"
    finally:
        app.removeEventFilter(blocking)
    assert blocking.count == 0


def test_the_keyboard_lands_in_the_list_that_shows_the_one_added(qtbot, tmp_path):
    """A fight view of several lists (Stamina battle: one a side): the keyboard goes to the
    list the enemy added shows in, its row current (the arrows move from it), not back
    to the party's list it was in, where nothing is current (and which, given the
    keyboard so, repainted whole)."""
    session = Session(load_encounter(sample_path("stamina_battle_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        view = window.central_view
        party = view.findChild(QAbstractItemView, "side_units_party")
        enemies = view.findChild(QAbstractItemView, "side_units_enemy")
        party.setFocus(Qt.FocusReason.MouseFocusReason)
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitUntil(dialog.isActiveWindow)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
        qtbot.waitUntil(window.isActiveWindow)
        assert QApplication.focusWidget() is enemies
        added = window.document.encounter.find(window.selected_combatant_id())
        assert added is not None and added.name == "Enemy 1"
        assert enemies.currentIndex().isValid() and not party.currentIndex().isValid()


def test_the_row_added_is_laid_out_at_once_not_after_the_paint(qtbot, tmp_path):
    """Enter lays the fight view's list out before the event loop runs again: its scroll
    bar takes its new range with the row, so the window paints it with the rest, not in
    a second paint after Qt's 0 ms layout timer (a pass more, about 0.6 ms)."""
    session = build("classic_d20", 30)
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        bar = window.central_view.verticalScrollBar()
        assert bar.isVisible()  # 30 rows: the list scrolls
        before = bar.maximum()
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitUntil(dialog.isActiveWindow)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)  # no event loop after it
        assert len(window.document.encounter.combatants) == 31
        assert bar.maximum() > before


@pytest.mark.parametrize("ruleset_id", built_in_rulesets())
def test_the_combatant_added_is_brought_into_sight(ruleset_id: str, qtbot, tmp_path):
    """In a fight longer than the window, the combatant added (selected) is scrolled
    into sight in the list that shows it, wherever it was placed."""
    session = build(ruleset_id, 60)
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitUntil(dialog.isActiveWindow)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
        added = window.selected_combatant_id()
        assert window.document.encounter.combatant(added).name == "Enemy 1"
        lists = [window.central_view, *window.central_view.findChildren(QAbstractItemView)]
        showing = [
            shown
            for shown in lists
            if isinstance(shown, QAbstractItemView)
            and not isinstance(shown, QHeaderView)
            and shown.isVisible()
            and shown.currentIndex().isValid()
        ]
        if not showing:  # a grid that shows it by its name (War Scroll): its row
            view = window.central_view
            top = view.rowViewportPosition(view.model().row_of(added))
            assert 0 <= top < view.viewport().height()
        for shown in showing:
            place = shown.visualRect(shown.currentIndex())
            assert shown.viewport().rect().intersects(place), shown.objectName()


@pytest.mark.parametrize("ruleset_id", built_in_rulesets())
def test_the_one_added_stays_selected_as_the_window_takes_the_keyboard_back(
    ruleset_id: str, qtbot, tmp_path
):
    """Each sample with nobody selected yet: the Add form's Enter hands the keyboard
    back to the fight view as the window is active again. War Scroll's grid, given the
    keyboard with no current cell, made the first row's current: the first combatant
    took the inspector from the one just added."""
    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        assert window.selected_combatant_id() is None
        window.actions_by_name["add"].trigger()
        dialog = window.add_form
        qtbot.waitUntil(dialog.isActiveWindow)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
        qtbot.waitUntil(window.isActiveWindow)
        qtbot.wait(20)  # the focus handed back as the window is active again
        added = window.document.encounter.find(window.selected_combatant_id())
        assert added is not None and added.name == "Enemy 1"
        assert window.editor.combatant_id == added.id


def test_a_refusal_of_the_rules_brings_the_form_back_with_the_reason(window, qtbot):
    """ "Goblin ×500" gets past the form but not the rules: the form is back in the
    editor's place, as it was typed, with the reason; nothing was added; the keyboard
    is in the name field again."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    before = names(window.document)
    window.actions_by_name["add"].trigger()
    form = window.add_form
    form.name_edit.setText("Goblin ×500")
    qtbot.keyClick(form.name_edit, Qt.Key.Key_Return)
    assert form.isVisible() and not window.editor.isVisible()
    assert "at once" in form.error.text() and form.error.isVisibleTo(form)
    assert form.name_edit.text() == "Goblin ×500"
    assert QApplication.focusWidget() is form.name_edit
    assert names(window.document) == before
    form.name_edit.setText("Goblin ×2")
    qtbot.keyClick(form.name_edit, Qt.Key.Key_Return)
    assert not form.isVisible() and window.editor.isVisible()
    assert names(window.document) == [*before, "Goblin 1", "Goblin 2"]


def test_under_a_tall_question_the_effects_step_aside_for_the_form(qtbot, tmp_path):
    """AP countdown's Initiative phase question on a laptop's window: the form keeps
    room for its first fields (the effects step aside while it is open) and the
    effects come back with the editor when it is put away."""
    from tracker.qt.inspector_column import FORM_LEAST

    session = Session(load_encounter(sample_path("ap_countdown_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal", size=(1366, 740)):
        window.actions_by_name["start"].trigger()
        qtbot.wait(10)
        effects = window.effects_panel
        assert window.prompt_panel.isVisible() and effects.isVisible()
        window.actions_by_name["add"].trigger()
        form = window.add_form
        qtbot.wait(10)
        assert not effects.isVisible()
        assert form.height() >= FORM_LEAST
        form.reject()
        qtbot.wait(10)
        assert effects.isVisible() and window.editor.isVisible() and not form.isVisible()


class _Placed(QObject):
    """How often each widget was moved or resized."""

    def __init__(self) -> None:
        super().__init__()
        self.times: dict[int, int] = {}
        self.names: dict[int, str] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            key = getCppPointer(watched)[0] * 2 + (event.type() == QEvent.Type.Move)
            self.times[key] = self.times.get(key, 0) + 1
            self.names[key] = f"{watched.objectName() or type(watched).__name__} {event.type()}"
        return False


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "initiative_ticks", "ap_countdown"])
def test_an_add_lays_the_inspector_out_once(ruleset_id: str, qtbot, tmp_path):
    """Enter in the form under way: the editor comes back, the question the newcomer
    brings is shown, and the inspector's column is laid out once for both (showing the
    editor laid it out at once, then the question again: the editor and the effects
    moved and resized twice)."""
    for window in table_window(qtbot, tmp_path / "journal", ruleset_id, selected=3):
        add_through_form(window)  # the form and the question's panel made
        window.document.undo_stack.undo()
        window.actions_by_name["add"].trigger()
        settle(qtbot)
        form = window.add_form
        placed = _Placed()
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(placed)
        try:
            qtbot.keyClick(form.name_edit, Qt.Key.Key_Return)
            settle(qtbot)
        finally:
            app.removeEventFilter(placed)
        assert not form.isVisible(), form.error.text()
        assert window.prompt_panel.isVisible()  # a question (the newcomer's, or the one up)
        twice = [placed.names[key] for key, times in placed.times.items() if times > 1]
        assert twice == [], twice
