"""The keyboard and focus flows on a real X display (offscreen, focus and activation
behave differently): Xvfb with two screens, the GM's window on the 1,366 × 768 one,
driven with real key presses and clicks (xdotool) from a child process running
Roundkeeper on the xcb platform.

In CI (the CI environment variable is set) a missing Xvfb or xdotool fails the test;
elsewhere it is skipped with the reason."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.qt.real_display import RealInput, real_display, run_child


@pytest.fixture
def x_display() -> Iterator[str]:
    """A fresh Xvfb display with two screens (1366×768 and 1920×1080): its name."""
    with real_display([(1366, 768), (1920, 1080)], tools=["xdotool"]) as name:
        yield name


def test_keyboard_and_focus_on_a_real_display(x_display: str, tmp_path: Path):
    report = run_child(__name__, x_display, tmp_path / "home", "xcb", timeout=180)
    assert report["platform"] == "xcb" and report["screens"] == 2

    assert report["start"] == {"started": True, "current": "Echthra"}
    # Clicking Spend AP, then Space: the turn ends, AP is not spent again.
    assert report["spend_then_space"] == {"spends": 1, "current": "Tirzaiel"}
    # Enter in the Spend box spends what was typed; Space then ends the turn.
    assert report["enter_in_box"]["log"].startswith("Tirzaiel spends 3 AP")
    assert report["enter_in_box"]["current"] != "Tirzaiel"
    # Escape closes the effect dialog; Space then ends the turn (spends nothing).
    assert report["effect_dialog"] == {"opened": True, "spends": 0, "turn_ended": True}
    # A click on a check box, then Space: the turn ends, the box stays as clicked.
    assert report["check_box"] == {
        "ticked": True,
        "still_ticked": True,
        "turn_ended": True,
        "unapplied": ["Hidden from players"],
    }

    # H, then Escape leaves the damage box and Space ends the turn; Ctrl+E in it adds
    # an effect.
    assert report["damage_box"] == {
        "typing": True,
        "left": True,
        "turn_ended": True,
        "ctrl_e_adds_effect": True,
    }
    # The screen dialog offers the players' own screen, not the GM's.
    assert report["dialog_screen_is_gms"] is False
    players = report["players"]
    assert players["shown"] and players["on_second_screen"] and players["full_screen"]
    assert players["gm_active"] is True  # the GM keeps the keyboard
    assert players["space_ended_turn"] and players["ctrl_z_undid"]
    assert players["menu_text"] == "Close players' &screen"
    # A click on the players' screen leaves the keyboard to the GM; Escape never closes it.
    assert players["players_took_keyboard"] is False
    assert players["gm_active_after_click"] and players["space_after_click"]
    assert players["escape_kept_it"] is True
    assert players["closed_by_menu_key"] is True
    assert players["gm_active_after"] is True
    assert players["menu_text_after"] == "Players' &screen…"
    assert players["reopened_by_key"] and players["closed_by_key"]


# --- the child process ----------------------------------------------------------------
def child_main() -> None:  # pragma: no cover - runs in the child process
    from PySide6.QtCore import QPoint, QTimer
    from PySide6.QtWidgets import QApplication

    from tracker.engine import EndTurn
    from tracker.qt.app import sample_session
    from tracker.qt.main_window import MainWindow
    from tracker.qt.players import launcher
    from tracker.qt.players.screen_dialog import PlayersScreenDialog
    from tracker.qt.players.screens import screen_key
    from tracker.qt.players.settings import PlayersScreenSettings

    app = QApplication([])
    report: dict[str, object] = {
        "platform": app.platformName(),
        "screens": len(app.screens()),
    }

    real = RealInput(app, settle=0.3, screen=0)
    pump, xdo, press, click = real.pump, real.xdo, real.press, real.click

    window = MainWindow(sample_session(), None, Path(os.environ["TRACKER_HOME"]) / "journal")
    window.resize(1366, 740)
    window.move(QPoint(0, 0))
    window.show()
    window.activateWindow()
    assert pump(window.isActiveWindow, 10), "the GM's window never became active"
    pump(seconds=0.5)
    document = window.document
    panel = window.turn_panel

    def current() -> str:
        turn = document.session.current_turn()
        return document.encounter.combatant(turn.combatant_id).name if turn else ""

    def spends() -> int:
        stack = document.undo_stack
        return sum(stack.text(i).startswith("Spend AP") for i in range(stack.count()))

    press("ctrl+Return")
    report["start"] = {
        "started": document.session.ruleset.is_started(document.encounter),
        "current": current(),
    }

    click(panel.action_buttons["spend_ap"])
    press("space")
    report["spend_then_space"] = {"spends": spends(), "current": current()}

    box = panel.action_inputs["spend_ap"]["amount"]
    click(box)
    press("ctrl+a")
    press("3")
    press("Return")
    log = document.encounter.log[-1].text
    press("space")
    report["enter_in_box"] = {"log": log, "current": current()}

    before = spends()
    turn_before = current()
    opened: list[bool] = []

    def note_dialog() -> None:
        opened.append(QApplication.activeModalWidget() is not None)

    QTimer.singleShot(800, note_dialog)  # runs inside the dialog's own event loop
    # Escape from another process, since the dialog blocks this one until it closes.
    escape = subprocess.Popen(["sh", "-c", "sleep 1.2; xdotool key Escape"])
    press("ctrl+e")
    escape.wait(timeout=10)
    pump(lambda: QApplication.activeModalWidget() is None)
    pump(window.isActiveWindow)
    press("space")
    report["effect_dialog"] = {
        "opened": opened == [True],
        "spends": spends() - before,
        "turn_ended": current() != turn_before,
    }

    window.select_combatant(document.encounter.combatants[0].id)
    pump(seconds=0.3)
    hidden = window.editor.form.editors["hidden"].input
    was = hidden.isChecked()
    click(hidden, QPoint(8, hidden.height() // 2))  # on the tick box itself
    ticked = hidden.isChecked() != was
    turn_before = current()
    press("space")
    report["check_box"] = {
        "ticked": ticked,
        "still_ticked": hidden.isChecked() != was,
        "turn_ended": current() != turn_before,
    }
    report["check_box"]["unapplied"] = window.editor.unapplied()  # kept, never lost
    window.editor.revert_button.click()

    # The damage box: H types into it, Escape leaves it (Space then ends the turn), and
    # Ctrl+E there adds an effect (the text field takes it as "end of line" on X11).
    box = window.health_box.input
    press("h")
    typing = QApplication.focusWidget() is box
    press("5")
    press("Escape")
    left = QApplication.focusWidget() is not box and box.text() == ""
    turn_before = current()
    press("space")
    ended = current() != turn_before
    press("h")
    opened.clear()
    QTimer.singleShot(800, note_dialog)
    escape = subprocess.Popen(["sh", "-c", "sleep 1.2; xdotool key Escape"])
    press("ctrl+e")
    escape.wait(timeout=10)
    pump(lambda: QApplication.activeModalWidget() is None)
    pump(window.isActiveWindow)
    press("Escape")  # back in the box after the dialog: leave it again
    report["damage_box"] = {
        "typing": typing,
        "left": left,
        "turn_ended": ended,
        "ctrl_e_adds_effect": opened == [True],
    }

    # The players' screen: the dialog's choice, shown without taking the keyboard.
    gm_screen = window.screen()
    dialog = PlayersScreenDialog(
        PlayersScreenSettings(screen=screen_key(gm_screen), fullscreen=True), gm_screen, window
    )
    chosen = dialog.settings()
    report["dialog_screen_is_gms"] = chosen.screen == screen_key(gm_screen)
    dialog.deleteLater()
    launcher.choose_players_screen = lambda _parent=None, _store=None: chosen
    press("ctrl+shift+p", settle=0.8)
    players = window.players_window
    shown = players is not None and pump(players.isVisible)
    assert players is not None
    pump(seconds=0.5)
    players_report: dict[str, object] = {
        "shown": shown,
        "on_second_screen": players.screen() is not gm_screen and players.screen() in app.screens(),
        "full_screen": players.isFullScreen(),
        "gm_active": window.isActiveWindow(),
        "menu_text": window.actions_by_name["players_screen"].text(),
    }
    turn_before = current()
    press("space")
    players_report["space_ended_turn"] = current() != turn_before
    press("ctrl+z")
    players_report["ctrl_z_undid"] = current() == turn_before
    # The GM clicks the players' screen: it takes no keyboard, Space ends the turn.
    spot = players.geometry().center()
    xdo("mousemove", "--screen", "1", str(spot.x()), str(spot.y()), "click", "1")
    players_report["players_took_keyboard"] = pump(players.isActiveWindow, 1.0)
    players_report["gm_active_after_click"] = window.isActiveWindow()
    turn_before = current()
    press("space")
    players_report["space_after_click"] = current() != turn_before
    press("Escape")
    players_report["escape_kept_it"] = not pump(lambda: not players.isVisible(), 0.5)
    press("ctrl+shift+p", settle=0.8)  # the menu's toggle closes it
    players_report["closed_by_menu_key"] = pump(lambda: not players.isVisible())
    players_report["gm_active_after"] = pump(window.isActiveWindow)
    players_report["menu_text_after"] = window.actions_by_name["players_screen"].text()
    press("ctrl+shift+p", settle=0.8)
    players_report["reopened_by_key"] = pump(players.isVisible)
    pump(window.isActiveWindow)
    press("ctrl+shift+p", settle=0.5)
    players_report["closed_by_key"] = pump(lambda: not players.isVisible())
    report["players"] = players_report

    document.apply(EndTurn())
    document.undo_stack.set_clean()
    window.close()
    print(json.dumps(report))
