"""Keys never trap, for every ruleset: Enter applies an editor field or the damage box
and hands the keyboard back to the fight view; Escape leaves any field for it; Space,
H and Ctrl+Z then reach the window; Tab follows reading order in every form; the
players' screen never keeps the keyboard and Escape there never closes it. The same
on a real X display with a window manager: test_keys_never_trap_xvfb.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QWidget

from tests.plugins import built_in_rulesets
from tests.qt.conftest import shown_window
from tests.qt.test_keyboard import (
    _spied,
    back_to,
    close_dialog_soon,
    players_screen_answers_dark,
    shortcuts_missed,
)
from tracker.engine import EditCombatant, Session
from tracker.engine.health_commands import ChangeHealth
from tracker.persistence import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.keyboard import fight_view
from tracker.qt.main_window import MainWindow

RULESETS = built_in_rulesets()  # every built-in, however many
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(params=RULESETS)
def fight(request, qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The ruleset's sample, started, in an active window, its first combatant selected."""
    session = Session(load_encounter(sample_path(f"{request.param}_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        window.actions_by_name["start"].trigger()
        window.select_combatant(window.document.encounter.combatants[0].id)
        yield window


def in_fight_view(window: MainWindow) -> bool:
    focus = QApplication.focusWidget()
    view = window.central_view
    return focus is not None and (focus is view or view.isAncestorOf(focus))


def fired(window: MainWindow, name: str) -> list[bool]:
    hits: list[bool] = []
    window.actions_by_name[name].triggered.connect(lambda *_: hits.append(True))
    return hits


def press(qtbot, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None
    qtbot.keyClick(target, key, modifiers)


def test_enter_applies_an_editor_field_and_hands_the_keyboard_to_the_fight_view(fight, qtbot):
    window = fight
    name = window.editor.form.editors["name"].input
    qtbot.mouseClick(name, LEFT)
    assert QApplication.focusWidget() is name
    name.end(False)
    qtbot.keyClicks(name, " X")
    press(qtbot, Qt.Key.Key_Return)
    assert window.document.encounter.combatants[0].name.endswith(" X")
    assert in_fight_view(window), QApplication.focusWidget()
    # The fight's keys are the window's again: H opens the damage box, Space ends the
    # turn, Ctrl+Z undoes (the rename first).
    damage, end_turn = fired(window, "health"), fired(window, "end_turn")
    press(qtbot, Qt.Key.Key_H)
    assert damage == [True] and QApplication.focusWidget() is window.health_box.input
    press(qtbot, Qt.Key.Key_Escape)
    assert in_fight_view(window)
    press(qtbot, Qt.Key.Key_Space)
    assert end_turn == [True]
    assert window.editor.unapplied() == []  # nothing was typed into a field
    while window.document.undo_stack.undo_text().startswith("End"):
        window.document.undo_stack.undo()
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.document.encounter.combatants[0].name.endswith(" X")


def test_a_wrong_value_keeps_the_keyboard_in_its_field_with_the_whole_message(fight, qtbot):
    window = fight
    editor = next(
        e for e in window.editor.form.editors.values() if e.field.kind == "int"
    )  # every ruleset has a number among its stats
    selected = window.editor.combatant_id
    qtbot.mouseClick(editor.input, LEFT)
    editor.input.selectAll()
    qtbot.keyClicks(editor.input, "many")
    press(qtbot, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is editor.input  # the GM mends it
    error = editor.error
    assert error.isVisible() and error.text()
    assert error.wordWrap()
    # The message wraps across the form's width, every line shown.
    error.setText(error.text() + " " + "and a much longer explanation of it " * 4)
    qtbot.waitUntil(lambda: error.height() >= error.heightForWidth(error.width()))
    form = window.editor.form
    assert editor.input.width() < error.width() <= form.width()
    # Escape leaves the field; the typed value stays, unapplied, never lost unasked.
    press(qtbot, Qt.Key.Key_Escape)
    assert in_fight_view(window)
    assert window.editor.combatant_id == selected  # the view's focus selects no other
    assert editor.input.text() == "many"
    assert editor.field.label in window.editor.unapplied()


@pytest.mark.parametrize("field", ["name", "side", "hidden", "notes", "effects"])
def test_escape_leaves_any_field_and_space_ends_the_turn(fight, qtbot, field):
    window = fight
    editors = window.editor.form.editors
    widget = window.effects_view if field == "effects" else editors[field].input
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() is widget
    press(qtbot, Qt.Key.Key_Escape)
    assert in_fight_view(window)
    end_turn = fired(window, "end_turn")
    press(qtbot, Qt.Key.Key_Space)
    assert end_turn == [True]


def test_enter_on_the_side_choice_applies_it(fight, qtbot):
    window = fight
    side = window.editor.form.editors["side"].input
    was = window.document.encounter.combatants[0].side
    side.setFocus(Qt.FocusReason.MouseFocusReason)
    side.setCurrentIndex((side.currentIndex() + 1) % side.count())
    press(qtbot, Qt.Key.Key_Return)
    assert window.document.encounter.combatants[0].side != was
    assert in_fight_view(window)


def test_enter_in_the_damage_box_applies_and_hands_the_keyboard_back(fight, qtbot):
    window = fight
    box = window.health_box.input
    first = window.document.encounter.combatants[0]
    if window.document.ruleset.id == "war_scroll":  # its sample has no Endurance yet
        window.document.apply(EditCombatant(first.id, {"endurance": 10}))
    text = next(
        text
        for text in ("-1", "-20")
        if window.document.session.refusal(ChangeHealth((first.id,), text, ())) is None
    )
    window.actions_by_name["health"].trigger()
    qtbot.keyClicks(box, text)
    steps = window.document.undo_stack.count()
    press(qtbot, Qt.Key.Key_Return)
    assert window.document.undo_stack.count() == steps + 1
    assert in_fight_view(window)
    # Refused text stays in the box with its reason; Escape then drops it and leaves.
    window.actions_by_name["health"].trigger()
    qtbot.keyClicks(box, "abc")
    press(qtbot, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is box
    press(qtbot, Qt.Key.Key_Escape)
    assert in_fight_view(window) and box.text() == ""


def test_escape_leaves_a_turn_panel_box(fight, qtbot):
    window = fight
    boxes = [w for inputs in window.turn_panel.action_inputs.values() for w in inputs.values()]
    shown = [w for w in boxes if w.isVisible() and w.isEnabled()]
    for widget in shown[:1]:
        widget.setFocus()
        press(qtbot, Qt.Key.Key_Escape)
        assert in_fight_view(window)


class FocusLost(QObject):
    """Counts the focus leaving any widget (an event filter on the application)."""

    def __init__(self) -> None:
        super().__init__()
        self.lost: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.FocusOut:
            self.lost.append(type(watched).__name__)
        return False


def test_clicking_an_action_leaves_the_keyboard_in_the_fight_view(fight, qtbot):
    """An action's button (and End Turn) takes no keyboard focus from a click (Tab
    still reaches it), nor does the turn panel around it: the fight view keeps the
    focus, so it is not repainted twice over (focus out, handed back) at every click."""
    window = fight
    window.central_view.setFocus(Qt.FocusReason.OtherFocusReason)
    assert in_fight_view(window)
    panel = window.turn_panel
    buttons = [b for b in panel.action_buttons.values() if b.isVisible() and b.isEnabled()]
    assert buttons, "no action to click"
    assert all(b.focusPolicy() & Qt.FocusPolicy.TabFocus for b in buttons)
    spy = FocusLost()
    QApplication.instance().installEventFilter(spy)
    try:
        qtbot.mouseClick(buttons[0], LEFT)
        assert spy.lost == []
        assert in_fight_view(window)
        if panel.end_turn_button.isEnabled():  # End Turn alike
            qtbot.mouseClick(panel.end_turn_button, LEFT)
    finally:
        QApplication.instance().removeEventFilter(spy)
    assert spy.lost == []
    assert in_fight_view(window)


def test_escape_in_a_floating_dock_gives_the_keyboard_to_the_main_window(fight, qtbot):
    window = fight
    dock = window.editor.parentWidget()
    while not isinstance(dock, QDockWidget):
        dock = dock.parentWidget()
    dock.setFloating(True)
    qtbot.waitExposed(dock)
    dock.activateWindow()
    qtbot.waitUntil(dock.isActiveWindow)
    name = window.editor.form.editors["name"].input
    name.setFocus()
    assert fight_view(name) is window.central_view
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(window.isActiveWindow)
    assert in_fight_view(window)
    assert fight_view(QWidget()) is None


@pytest.mark.parametrize("after", ["Enter in a field", "Escape from a field", "a dialog"])
def test_every_shortcut_of_the_help_window_works_after_a_field_or_a_dialog(fight, qtbot, after):
    window = fight
    name = window.editor.form.editors["name"].input
    name.setFocus(Qt.FocusReason.MouseFocusReason)
    if after == "Enter in a field":
        press(qtbot, Qt.Key.Key_Return)
    elif after == "Escape from a field":
        qtbot.keyClicks(name, "typed")
        press(qtbot, Qt.Key.Key_Escape)
    else:  # Ctrl+E from the field: the effect dialog opens, Escape closes it
        closed = close_dialog_soon(qtbot)
        press(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        assert closed, "the effect dialog did not open"
        back_to(window, qtbot)
        press(qtbot, Qt.Key.Key_Escape)  # the field had the focus before the dialog
    landed = QApplication.focusWidget()
    assert in_fight_view(window)
    spies = _spied(window)
    assert set(dict(window.shortcut_rows())) >= {
        action.text().replace("&", "") for action, _ in spies.values()
    }
    assert not shortcuts_missed(qtbot, spies, landed)


# --- Tab follows reading order ----------------------------------------------------------
def tab_walk(dialog: QWidget, qtbot, start: QWidget | None = None) -> list[QWidget]:
    """The widgets Tab visits from the focus, once round."""
    first = start or QApplication.focusWidget()
    assert first is not None
    seen = [first]
    for _ in range(60):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is first or now in seen:
            break
        seen.append(now)
    return seen


def assert_reading_order(dialog: QWidget, seen: list[QWidget]) -> None:
    """Each widget Tab reaches stands below the one before, or on its line to the right."""
    spots = []
    for widget in seen:
        corner = widget.mapTo(dialog, QPoint(0, 0))
        spots.append((corner.y(), corner.y() + widget.height(), corner.x(), widget))
    for (top, bottom, x, widget), (top2, _b, x2, widget2) in zip(spots, spots[1:], strict=False):
        middle = top2 + widget2.height() / 2
        same_line = top <= middle <= bottom
        assert (same_line and x2 > x) or (not same_line and middle > bottom), (
            f"Tab goes from {widget.objectName() or widget} to {widget2.objectName() or widget2}"
        )


def show_dialog(dialog: QDialog, qtbot) -> QDialog:
    dialog.show()
    qtbot.waitExposed(dialog)
    # (Offscreen, the window a dialog closed before may take the keyboard back late.)
    qtbot.wait(50)
    qtbot.waitUntil(lambda: dialog.isActiveWindow() or dialog.activateWindow())
    qtbot.wait(10)  # the order settles once the layout has placed everything
    return dialog


def test_add_combatant_tabs_through_every_field_before_the_buttons(fight, qtbot):
    """The Add form in the inspector: the name first, then every field in reading order,
    then Add and Cancel; Tab then goes on out of the form into the window."""
    window = fight
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.actions_by_name["add"].trigger()
    form = window.add_form
    assert form is not None
    qtbot.wait(10)  # the order settles once the layout has placed everything
    walked = tab_walk(form, qtbot)
    seen = [
        w
        for w in walked[
            : next((i for i, w in enumerate(walked) if not form.isAncestorOf(w)), len(walked))
        ]
    ]
    assert seen[0] is form.name_edit
    fields = [e.input for e in form.stats_form.editors.values()]
    assert seen == [
        form.name_edit,
        form.count_box,
        form.side_combo,
        form.hidden_box,
        *fields,
        form.add_button,
        form.cancel_button,
    ]
    assert_reading_order(form, seen)
    form.reject()


def test_the_effect_dialog_starts_on_the_name_and_tabs_in_reading_order(fight, qtbot):
    from tracker.qt.dialogs.effect_dialog import EffectDialog

    window = fight
    dialog = show_dialog(EffectDialog(window.document, parent=window), qtbot)
    assert QApplication.focusWidget() in (dialog.name_box, dialog.name_edit)
    qtbot.keyClicks(QApplication.focusWidget(), "Dazed")
    assert dialog.name_edit.text() == "Dazed"
    assert all(
        e.raw_value() in ("", e.field.default, str(e.field.default)) or e.raw_value() == e.loaded
        for e in dialog.duration_form.editors.values()
    )
    seen = tab_walk(dialog, qtbot)
    assert_reading_order(dialog, seen)
    dialog.reject()


def test_the_kept_effect_dialog_shown_again_is_sorted_once(fight, qtbot, monkeypatch):
    """Shown again as it was (Ctrl+E at every turn), the effect dialog puts its Tab
    chain in reading order once, at the show (it sorted again once the loop came back,
    with nothing moved), and still tabs in reading order."""
    from tests.qt.conftest import counted_reading_sorts
    from tracker.qt.dialogs.effect_dialog import EffectDialog

    sorts = counted_reading_sorts(monkeypatch)
    window = fight
    dialog = show_dialog(EffectDialog(window.document, parent=window), qtbot)
    dialog.reject()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    qtbot.wait(10)
    sorts.clear()
    dialog.start_adding(None)
    show_dialog(dialog, qtbot)
    assert sorts == [dialog]
    assert_reading_order(dialog, tab_walk(dialog, qtbot))
    dialog.reject()


def test_the_other_forms_tab_in_reading_order(fight, qtbot, tmp_path):
    from tracker.qt.dialogs.new_encounter import NewEncounterDialog
    from tracker.qt.dialogs.options_dialog import OptionsDialog
    from tracker.qt.dialogs.secret_fields_dialog import SecretFieldsDialog
    from tracker.qt.players import PlayersScreenSettings
    from tracker.qt.players.screen_dialog import PlayersScreenDialog

    window = fight
    dialogs = [
        NewEncounterDialog(window),
        SecretFieldsDialog(window.document, window),
        PlayersScreenDialog(PlayersScreenSettings(), window.screen(), window),
    ]
    if window.document.ruleset.choices():
        dialogs.append(OptionsDialog(window.document, window))
    for dialog in dialogs:
        show_dialog(dialog, qtbot)
        seen = tab_walk(dialog, qtbot)
        assert len(seen) >= 2, type(dialog).__name__
        assert_reading_order(dialog, seen)
        dialog.reject()


def test_the_library_entry_form_tabs_in_reading_order(fight, qtbot):
    window = fight
    window.actions_by_name["library"].trigger()
    dialog = window.library_dialog
    assert dialog is not None
    show_dialog(dialog, qtbot)
    form = dialog.form
    inputs = [e.input for e in form.editors.values()]
    inputs[0].setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is inputs[0])
    seen = tab_walk(dialog, qtbot, inputs[0])
    assert seen[: len(inputs)] == inputs
    assert_reading_order(form, inputs)
    dialog.reject()


# --- the players' screen ----------------------------------------------------------------
def test_the_players_screen_takes_no_focus_and_escape_leaves_full_screen_only(
    fight, qtbot, monkeypatch
):
    from tracker.qt.players.screens import show_full_screen

    players_screen_answers_dark(monkeypatch)
    window = fight
    window.actions_by_name["players_screen"].trigger()
    players = window.players_window
    assert players is not None and players.isVisible()
    assert players.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert players.keyboard_home is window
    show_full_screen(players)
    qtbot.waitUntil(players.isFullScreen)
    qtbot.keyClick(players, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not players.isFullScreen())
    qtbot.keyClick(players, Qt.Key.Key_Escape)
    assert players.isVisible()  # never closed by a key on it
    qtbot.mouseClick(players, LEFT)
    end_turn = fired(window, "end_turn")
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    press(qtbot, Qt.Key.Key_Space)
    assert end_turn == [True]
    window.actions_by_name["players_screen"].trigger()
    assert not players.isVisible()
