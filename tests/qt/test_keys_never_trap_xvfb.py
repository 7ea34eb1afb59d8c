"""Keys never trap, on a real X display with a window manager (Xvfb + openbox, the
GM's 1,366 × 768 laptop), for every ruleset's sample, driven with real key presses and
clicks (xdotool): Enter in an editor field applies and hands the keyboard to the fight
view; Escape leaves a field for it (keeping what was typed, unapplied); H, Space and
Ctrl+Z then reach the window; a click on the players' screen leaves the keyboard to the
GM and Escape never closes it. One display and one child process for the module: the
child runs every ruleset in turn and reports; each test reads one ruleset's report.

In CI (the CI environment variable is set) a missing Xvfb, xdotool or openbox fails
the tests; elsewhere they are skipped with the reason."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.plugins import built_in_rulesets
from tests.qt.real_display import RealInput, real_display, run_child

RULESETS = built_in_rulesets()  # every built-in, however many


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    """A fresh 1,366 × 768 Xvfb display with openbox managing it: its name."""
    with real_display([(1366, 768)], window_manager=True, tools=["xdotool"]) as name:
        yield name


@pytest.fixture(scope="module")
def reports(x_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("keys_home")
    report = run_child(__name__, x_display, home, "xcb", timeout=300)
    assert report.pop("platform") == "xcb"
    return report


def flags(*holds: str, fails: tuple[str, ...] = ()) -> dict[str, bool]:
    """A flow's expected report: each of `holds` is true, each of `fails` false."""
    return {**dict.fromkeys(holds, True), **dict.fromkeys(fails, False)}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_enter_hands_back_and_the_fight_keys_work_after_a_field(reports, ruleset):
    report = reports[ruleset]
    assert report["active"] is True
    # Enter in the Name field applies it; the keyboard is in the fight view.
    assert report["enter"] == {"renamed": True, "in_view": True}
    # H opens the damage box, Escape leaves it, Space ends the turn; nothing was typed
    # into an editor field.
    expected = flags("h_in_box", "escape_in_view", "space_ended_turn", "nothing_typed")
    assert report["keys_after"] == expected
    # Ctrl+Z then undoes the fight's last step.
    assert report["ctrl_z_undid"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_escape_leaves_a_field_and_keeps_what_was_typed(reports, ruleset):
    expected = flags("in_field", "in_view", "kept", "same_combatant", "space_ended_turn")
    assert reports[ruleset]["escape"] == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_click_on_the_players_screen_leaves_the_keyboard_to_the_gm(reports, ruleset):
    expected = flags(
        "shown",
        "gm_active",
        "space_ended_turn",
        "escape_kept_it",
        "closed_by_menu",
        fails=("clicked_took_keyboard",),
    )
    assert reports[ruleset]["players"] == expected


# --- the child process ----------------------------------------------------------------
def child_main() -> None:  # pragma: no cover - runs in the child process
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QScrollArea

    from tracker.engine import Session
    from tracker.persistence import load_encounter
    from tracker.qt.app import sample_path
    from tracker.qt.main_window import MainWindow
    from tracker.qt.players import launcher
    from tracker.qt.players.settings import PlayersScreenSettings

    app = QApplication([])
    report: dict[str, Any] = {"platform": app.platformName()}
    launcher.choose_players_screen = lambda _parent=None, _store=None: PlayersScreenSettings(
        fullscreen=False
    )

    real = RealInput(app, settle=0.25)
    pump, xdo, press, click = real.pump, real.xdo, real.press, real.click

    def one(ruleset: str, number: int) -> dict[str, Any]:
        """The flows on one ruleset's sample: its report."""
        session = Session(load_encounter(sample_path(f"{ruleset}_sample.json")))
        window = MainWindow(session, None, Path(os.environ["TRACKER_HOME"]) / f"journal{number}")
        window.resize(1366, 720)
        window.move(QPoint(0, 0))
        window.show()
        window.activateWindow()
        result: dict[str, Any] = {"active": pump(window.isActiveWindow, 10)}
        pump(seconds=0.3)
        document = window.document
        view = window.central_view
        window.actions_by_name["start"].trigger()
        first = document.encounter.combatants[0]
        window.select_combatant(first.id)
        pump(seconds=0.2)
        ends: list[bool] = []
        window.actions_by_name["end_turn"].triggered.connect(lambda *_: ends.append(True))

        def in_view() -> bool:
            focus = QApplication.focusWidget()
            return focus is not None and (focus is view or view.isAncestorOf(focus))

        # Enter in the Name field applies and hands the keyboard to the fight view.
        name = window.editor.form.editors["name"].input
        renamed = f"{first.name} X"
        click(name)
        press("End")
        xdo("type", " X")
        press("Return")
        result["enter"] = {
            "renamed": document.encounter.find(first.id).name == renamed,
            "in_view": pump(in_view, 1),
        }
        # H, Escape, Space: the damage box, the fight view, the turn ends.
        press("h")
        h_in_box = QApplication.focusWidget() is window.health_box.input
        press("Escape")
        escape_in_view = in_view()
        ends.clear()
        press("space")
        result["keys_after"] = {
            "h_in_box": h_in_box,
            "escape_in_view": escape_in_view,
            "space_ended_turn": ends == [True],
            "nothing_typed": window.editor.unapplied() == [],
        }
        steps = document.undo_stack.index()
        press("ctrl+z")
        result["ctrl_z_undid"] = document.undo_stack.index() == steps - 1

        # Escape in a number field: the keyboard leaves it, the typed text stays.
        window.select_combatant(first.id)
        pump(seconds=0.2)
        editor = next(e for e in window.editor.form.editors.values() if e.field.kind == "int")
        selected = window.editor.combatant_id
        scroller = editor.input.parentWidget()
        while scroller is not None and not isinstance(scroller, QScrollArea):
            scroller = scroller.parentWidget()
        if scroller is not None:  # the editor scrolls within its pane
            scroller.ensureWidgetVisible(editor.input)
        pump(seconds=0.2)
        click(editor.input)
        press("ctrl+a")
        xdo("type", "77")
        pump(seconds=0.2)
        in_field = QApplication.focusWidget() is editor.input
        press("Escape")
        result["escape"] = {
            "in_field": in_field,
            "in_view": in_view(),
            "kept": editor.input.text() == "77",
            "same_combatant": window.editor.combatant_id == selected,
        }
        window.editor.revert_button.click()  # (else the next turn would ask about it)
        pump(in_view, 1)
        ends.clear()
        press("space")
        result["escape"]["space_ended_turn"] = ends == [True]

        # The players' screen: a click on it leaves the keyboard to the GM.
        press("ctrl+shift+p", settle=0.8)
        players = window.players_window
        shown = players is not None and pump(players.isVisible)
        assert players is not None
        pump(seconds=0.5)
        click(players)
        took = pump(players.isActiveWindow, 0.8)
        gm_active = pump(window.isActiveWindow, 1)
        ends.clear()
        press("space")
        press("Escape")
        kept = not pump(lambda: not players.isVisible(), 0.5)
        press("ctrl+shift+p", settle=0.5)
        result["players"] = {
            "shown": shown,
            "clicked_took_keyboard": took,
            "gm_active": gm_active,
            "space_ended_turn": ends == [True],
            "escape_kept_it": kept,
            "closed_by_menu": pump(lambda: not players.isVisible()),
        }
        document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        pump(seconds=0.2)
        return result

    for number, ruleset in enumerate(RULESETS):
        report[ruleset] = one(ruleset, number)
    print(json.dumps(report))
