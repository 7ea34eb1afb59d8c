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
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "openbox")
RULESETS = ["war_scroll", "priority", "ap_countdown", "stamina_battle", "initiative_ticks"]


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    """A fresh 1,366 × 768 Xvfb display with openbox managing it: its name."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"{' and '.join(missing)} not installed (apt-get install xvfb xdotool openbox)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "1366x768x24"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()  # Xvfb picks a free display and tells which
    assert number.isdigit(), "Xvfb did not start"
    name = f":{number}"
    manager = subprocess.Popen(
        ["openbox"],
        env={**os.environ, "DISPLAY": name},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # openbox takes the screen before the first window maps
    try:
        yield name
    finally:
        for process in (manager, server):
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def reports(x_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("keys_home")
    env = {
        **os.environ,
        "DISPLAY": x_display,
        "QT_QPA_PLATFORM": "xcb",
        "TRACKER_HOME": str(home),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    code = "from tests.qt.test_keys_never_trap_xvfb import child_main; child_main()"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report.pop("platform") == "xcb"
    return report


@pytest.mark.parametrize("ruleset", RULESETS)
def test_enter_hands_back_and_the_fight_keys_work_after_a_field(reports, ruleset):
    report = reports[ruleset]
    assert report["active"] is True
    # Enter in the Name field applies it; the keyboard is in the fight view.
    assert report["enter"] == {"renamed": True, "in_view": True}
    # H opens the damage box, Escape leaves it, Space ends the turn; nothing was typed
    # into an editor field.
    assert report["keys_after"] == {
        "h_in_box": True,
        "escape_in_view": True,
        "space_ended_turn": True,
        "nothing_typed": True,
    }
    # Ctrl+Z then undoes the fight's last step.
    assert report["ctrl_z_undid"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_escape_leaves_a_field_and_keeps_what_was_typed(reports, ruleset):
    assert reports[ruleset]["escape"] == {
        "in_field": True,
        "in_view": True,
        "kept": True,
        "same_combatant": True,
        "space_ended_turn": True,
    }


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_click_on_the_players_screen_leaves_the_keyboard_to_the_gm(reports, ruleset):
    assert reports[ruleset]["players"] == {
        "shown": True,
        "clicked_took_keyboard": False,
        "gm_active": True,
        "space_ended_turn": True,
        "escape_kept_it": True,
        "closed_by_menu": True,
    }


# --- the child process ----------------------------------------------------------------
def child_main() -> None:  # pragma: no cover - runs in the child process
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

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

    def pump(until: Callable[[], bool] = lambda: False, seconds: float = 3.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            if until():
                return True
            time.sleep(0.01)
        app.processEvents()
        return until()

    def xdo(*args: str) -> None:
        subprocess.run(["xdotool", *args], check=True)

    def press(keys: str, settle: float = 0.25) -> None:
        xdo("key", "--clearmodifiers", keys)
        pump(seconds=settle)

    def click(widget: QWidget, at: QPoint | None = None) -> None:
        point = widget.mapToGlobal(at if at is not None else widget.rect().center())
        xdo("mousemove", str(point.x()), str(point.y()), "click", "1")
        pump(seconds=0.3)

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
        document.undo_stack.setClean()
        window.close()
        window.deleteLater()
        pump(seconds=0.2)
        return result

    for number, ruleset in enumerate(RULESETS):
        report[ruleset] = one(ruleset, number)
    print(json.dumps(report))
