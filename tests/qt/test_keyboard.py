"""The GM's keys whatever widget has the focus: Space ends the turn after a click on any
kind of widget (buttons never repeat), every shortcut of the help window reaches the
window, typing in a text field types, Enter in an action's box performs it. The same
flows on a real X display: test_keyboard_xvfb.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget

from tests.qt import priority_fixtures as pf
from tests.qt.conftest import by_name
from tracker.engine import EndTurn, StartEncounter
from tracker.qt.keyboard import WindowKeys
from tracker.qt.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
pwindow = pf.pwindow


@pytest.fixture
def active(window: MainWindow, qtbot) -> MainWindow:
    """The sample War Scroll fight in an active window (keys go to its focus)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def key(qtbot, keys: str | QKeySequence) -> None:
    """Press `keys` where the keyboard is now: the focused widget (else the window)."""
    combination = QKeySequence(keys)[0]
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None
    qtbot.keyClick(target, combination.key(), combination.keyboardModifiers())


def current(window: MainWindow) -> str:
    turn = window.document.session.current_turn()
    return window.document.encounter.combatant(turn.combatant_id).name


def commands(window: MainWindow) -> list[str]:
    stack = window.document.undo_stack
    return [stack.text(i) for i in range(stack.count())]


def last_log(window: MainWindow) -> str:
    return window.document.encounter.log[-1].text


def back_to(window: MainWindow, qtbot) -> None:
    """Offscreen, no window is active once a dialog closes (a window system gives the
    keyboard back to the GM's window, see test_keyboard_xvfb.py): activate it."""
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    qtbot.wait(20)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def close_dialog_soon(qtbot) -> list[str]:
    """Close the next modal dialog as soon as it shows; returns the titles closed."""
    closed: list[str] = []

    def close() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            closed.append(dialog.windowTitle())
            dialog.reject()
        else:
            QTimer.singleShot(20, close)

    QTimer.singleShot(0, close)
    return closed


def players_screen_answers_dark(monkeypatch: pytest.MonkeyPatch) -> None:
    """The players' screen dialog, when asked, answers at once: the dark theme."""
    from tracker.qt.players import PlayersScreenSettings

    monkeypatch.setattr(
        "tracker.qt.players.launcher.choose_players_screen",
        lambda _parent, _store=None: PlayersScreenSettings(theme="dark"),
    )


# --- Space after clicking each kind of widget ----------------------------------------
def test_space_after_start_ends_the_first_turn_and_leaves_the_spend_box(active, qtbot):
    window = active
    spend = window.turn_panel.action_inputs["spend_ap"]["amount"]
    spend.setValue(3)
    qtbot.mouseClick(window.turn_panel.start_button, LEFT)
    assert current(window) == "Echthra"
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"
    assert spend.value() == 3 and spend.text() == "3"
    assert commands(window)[-2:] == ["Start", "End Echthra's turn"]


def test_space_after_clicking_spend_ends_the_turn_instead_of_spending_again(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    qtbot.mouseClick(window.turn_panel.action_buttons["spend_ap"], LEFT)
    assert window.document.undo_stack.undo_text().startswith("Spend AP")
    key(qtbot, "Space")
    assert commands(window)[-1] == "End Echthra's turn"
    assert sum(text.startswith("Spend AP") for text in commands(window)) == 1
    assert current(window) == "Tirzaiel"


def test_space_after_closing_the_effect_dialog_ends_the_turn(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    qtbot.mouseClick(window.turn_panel.action_buttons["spend_ap"], LEFT)
    closed = close_dialog_soon(qtbot)
    key(qtbot, "Ctrl+E")  # Add effect…, cancelled
    assert closed, "the effect dialog did not open"
    back_to(window, qtbot)
    key(qtbot, "Space")
    assert sum(text.startswith("Spend AP") for text in commands(window)) == 1
    assert current(window) == "Tirzaiel"
    add_effect = next(b for b in window.findChildren(QPushButton) if b.text() == "Add…")
    closed = close_dialog_soon(qtbot)
    qtbot.mouseClick(add_effect, LEFT)  # the focus comes back to this button
    assert closed
    back_to(window, qtbot)
    assert QApplication.focusWidget() is add_effect
    key(qtbot, "Space")
    assert current(window) != "Tirzaiel"
    assert not window.document.encounter.effects


def test_space_after_a_priority_wait_does_not_make_the_next_creature_wait(pwindow, qtbot):
    window = pwindow
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    pf.press_start(qtbot, window)
    qtbot.mouseClick(window.turn_panel.action_buttons["wait"], LEFT)
    assert pf.by_name(window, "Ayla").runtime.waiting
    assert pf.current_name(window) == "Bren"
    key(qtbot, "Space")
    assert not pf.by_name(window, "Bren").runtime.waiting
    assert window.document.undo_stack.undo_text() == "End Bren's turn"


@pytest.mark.parametrize("kind", ["check box", "combo box", "table", "list", "number box"])
def test_space_ends_the_turn_after_clicking_any_other_widget(active, qtbot, kind):
    window = active
    window.document.apply(StartEncounter())
    window.select_combatant(by_name(window.document, "Thomas").id)
    hidden_box = window.editor.form.editors["hidden"].input
    widget = {
        "check box": hidden_box,
        "combo box": window.editor.form.editors["side"].input,
        "table": window.turn_order_view,
        "list": window.roster_view,
        "number box": window.turn_panel.action_inputs["spend_ap"]["amount"],
    }[kind]
    if kind == "check box":
        qtbot.mouseClick(widget, LEFT, pos=widget.rect().center())
        ticked = widget.isChecked()
    elif kind in ("table", "list"):
        viewport = widget.viewport()
        qtbot.mouseClick(viewport, LEFT, pos=widget.visualRect(widget.model().index(1, 0)).center())
    else:
        widget.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() in (
        widget,
        widget.focusProxy(),
        *widget.findChildren(QWidget),
    )
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"
    if kind == "check box":
        assert widget.isChecked() == ticked  # Space did not tick it again
    if kind == "number box":
        assert widget.text() == "1"  # not emptied


# --- every shortcut of the help window ------------------------------------------------
def _spied(window: MainWindow) -> dict[str, tuple[QAction, list[int]]]:
    """Every action of the help window, its slots replaced by a counter (no dialogs)."""
    spies: dict[str, tuple[QAction, list[int]]] = {}
    for action in [*window.actions_by_name.values(), *window.turn_panel.shortcut_actions]:
        if not action.shortcuts():
            continue
        hits: list[int] = []
        action.triggered.disconnect()
        action.triggered.connect(lambda *_a, h=hits: h.append(1))
        action.setEnabled(True)
        spies[action.text()] = (action, hits)
    return spies


def shortcuts_missed(
    qtbot, spies: dict[str, tuple[QAction, list[int]]], focus: QWidget
) -> list[str]:
    """Each shortcut of the spied actions, pressed with the keyboard in `focus` (given
    it again before each): those that did not trigger their action once."""
    missed = []
    for text, (action, hits) in spies.items():
        for sequence in action.shortcuts():
            focus.setFocus(Qt.FocusReason.MouseFocusReason)
            before = len(hits)
            key(qtbot, sequence)
            if len(hits) != before + 1:
                missed.append(f"{text}: {sequence.toString()}")
    return missed


FOCUS_KINDS = ["button", "check box", "combo box", "table", "number box", "nothing"]


@pytest.mark.parametrize("kind", FOCUS_KINDS)
def test_every_shortcut_of_the_help_window_works_whatever_has_the_focus(active, qtbot, kind):
    window = active
    rows = dict(window.shortcut_rows())
    spies = _spied(window)
    assert {action.text().replace("&", "") for action, _ in spies.values()} <= set(rows)
    window.select_combatant(by_name(window.document, "Thomas").id)
    widget = {
        "button": window.turn_panel.action_buttons["rest"],
        "check box": window.editor.form.editors["hidden"].input,
        "combo box": window.editor.form.editors["side"].input,
        "table": window.turn_order_view,
        "number box": window.turn_panel.action_inputs["spend_ap"]["amount"],
        "nothing": window.turn_panel,
    }[kind]
    widget.setEnabled(True)
    assert not shortcuts_missed(qtbot, spies, widget)


def test_typing_in_a_text_field_types_and_ctrl_z_undoes_the_typing_first(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    window.select_combatant(by_name(window.document, "Thomas").id)
    name = window.editor.form.editors["name"].input
    qtbot.mouseClick(name, LEFT)
    qtbot.keyClicks(name, " X")
    assert name.text() == "Thomas X"
    assert window.document.undo_stack.undo_text() == "Start"  # Space typed, no turn ended
    key(qtbot, "Ctrl+Z")
    assert name.text() == "Thomas"  # the field's own typing is undone first
    key(qtbot, "Ctrl+Z")  # nothing left to undo in the field: the fight's last step
    assert not window.document.session.ruleset.is_started(window.document.encounter)
    key(qtbot, "Ctrl+Shift+Z")
    assert window.document.session.ruleset.is_started(window.document.encounter)


def test_ctrl_z_in_a_number_box_undoes_the_fight(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    window.document.apply(EndTurn())
    spend = window.turn_panel.action_inputs["spend_ap"]["amount"]
    spend.setFocus()
    key(qtbot, "Ctrl+Z")
    assert current(window) == "Echthra"


# --- Enter in an action's parameter box -----------------------------------------------
def test_enter_in_the_spend_box_spends_and_space_then_ends_the_turn(active, qtbot):
    window = active
    qtbot.mouseClick(window.turn_panel.start_button, LEFT)
    spend = window.turn_panel.action_inputs["spend_ap"]["amount"]
    qtbot.mouseClick(spend, LEFT)
    spend.selectAll()
    qtbot.keyClicks(QApplication.focusWidget(), "3")
    key(qtbot, "Return")
    assert window.document.undo_stack.undo_text() == "Spend AP"
    assert last_log(window).startswith("Echthra spends 3 AP"), last_log(window)
    assert spend.value() == 3
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: no raise, no grab
def test_enter_in_a_popup_parameter_performs_its_action(pwindow, qtbot):
    window = pwindow
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "begin_turn")
    chip = window.turn_panel.palette_widget.chips["major"]
    assert chip.more_button is not None and chip.popup is not None
    qtbot.mouseClick(chip.more_button, LEFT)
    qtbot.waitUntil(chip.popup.isVisible)
    what = chip.inputs["what"]
    assert QApplication.focusWidget() is what
    qtbot.keyClicks(what, "Cleave the knight")
    qtbot.keyClick(what, Qt.Key.Key_Return)
    assert not chip.popup.isVisible()
    assert "Cleave the knight" in pf.log_texts(window)[-1]
    key(qtbot, "Space")
    assert pf.current_name(window) == "Bren"


def test_enter_on_a_focused_action_button_presses_it(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    button = window.turn_panel.action_buttons["spend_ap"]
    button.setFocus(Qt.FocusReason.TabFocusReason)
    key(qtbot, "Return")
    assert window.document.undo_stack.undo_text().startswith("Spend AP")
    assert QApplication.focusWidget() is not button  # Space will not press it again


def test_after_start_and_end_turn_the_arrows_move_through_the_fight(active, qtbot):
    """A click on Start or End Turn leaves the keyboard on the fight view, not on the
    turn panel: the arrows go on choosing whom the inspector shows."""
    window = active
    qtbot.mouseClick(window.turn_panel.start_button, LEFT)
    session = window.document.session
    assert session.ruleset.is_started(session.encounter)
    assert window.central_view.isAncestorOf(QApplication.focusWidget()) or (
        QApplication.focusWidget() is window.central_view
    )
    for button in (window.turn_panel.end_turn_button, None):
        if button is not None:
            qtbot.mouseClick(button, LEFT)
            assert QApplication.focusWidget() is not button
        before = window.selected_combatant_id()
        key(qtbot, "Down")
        assert window.selected_combatant_id() not in (None, before)


# --- the players' screen --------------------------------------------------------------
def test_players_screen_leaves_the_keyboard_to_the_gm_and_closes_by_the_menu(
    active, qtbot, monkeypatch
):
    players_screen_answers_dark(monkeypatch)
    window = active
    toggle = window.actions_by_name["players_screen"]
    assert toggle.text() == "Players' &screen…"
    key(qtbot, "Ctrl+Shift+P")
    players = window.players_window
    assert players is not None and players.isVisible()
    assert toggle.text() == "Close players' &screen"
    qtbot.wait(250)  # the GM's window takes the keyboard back at once and again later
    assert QApplication.activeWindow() is window
    key(qtbot, "Ctrl+Return")
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"
    key(qtbot, "Ctrl+Shift+P")  # the toggle closes it
    assert not players.isVisible()
    assert toggle.text() == "Players' &screen…"
    key(qtbot, "Ctrl+Shift+P")
    assert players.isVisible() and window.players_window is players
    qtbot.wait(250)
    qtbot.keyClick(players, Qt.Key.Key_Escape)  # never closes it (it takes no focus)
    assert players.isVisible()
    assert toggle.text() == "Close players' &screen"
    assert QApplication.activeWindow() is window


def test_players_screen_dialog_on_one_screen_offers_it(active):
    from tracker.qt.players import PlayersScreenSettings
    from tracker.qt.players.screen_dialog import PlayersScreenDialog

    dialog = PlayersScreenDialog(PlayersScreenSettings(), active.screen(), active)
    assert dialog.screen_combo.count() == 1
    assert dialog.screen_combo.currentIndex() == 0  # two screens: test_keyboard_xvfb.py
    dialog.deleteLater()


def test_the_keys_filter_watches_the_focused_widget_alone(active, qtbot):
    """Keys go to the focused widget first: the filter sits there, never on the whole
    application (where every paint of every widget would pass through Python)."""
    window = active
    seen: list[QWidget] = []

    class Counting(WindowKeys):
        def eventFilter(self, watched, event) -> bool:
            seen.append(watched)
            return super().eventFilter(watched, event)

    window.keys.stop()
    window.keys = Counting(window)
    window.document.apply(StartEncounter())
    spend = window.turn_panel.action_inputs["spend_ap"]["amount"]
    spend.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is spend)
    seen.clear()
    QApplication.sendEvent(window.log_view.viewport(), QEvent(QEvent.Type.UpdateRequest))
    QApplication.sendEvent(spend, QEvent(QEvent.Type.UpdateRequest))
    assert set(seen) == {spend}
    window.log_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.log_view)
    seen.clear()
    QApplication.sendEvent(spend, QEvent(QEvent.Type.UpdateRequest))
    assert spend not in seen
    # And the keys still reach the window from the new focus: Space ends the turn.
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"


def test_escape_leaves_the_damage_box_and_space_then_ends_the_turn(active, qtbot):
    window = active
    window.document.apply(StartEncounter())
    box = window.health_box.input
    key(qtbot, "H")
    assert QApplication.focusWidget() is box
    key(qtbot, "5")
    key(qtbot, "Escape")
    assert QApplication.focusWidget() is not box
    assert box.text() == ""  # what was typed is dropped, nothing applied
    assert commands(window) == ["Start"]
    key(qtbot, "Space")
    assert current(window) == "Tirzaiel"
