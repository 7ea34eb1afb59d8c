"""The GM's window fits its screen, frame included, on a real X display with a window
manager (offscreen there is no frame to forget): a 1,366 × 768 laptop and a 4K
monitor, opened fresh, resumed after a kill, and restored after a clean quit.

Each opening is a child process running Roundkeeper on the xcb platform under Xvfb with
openbox; it prints the window's frame and the screen's available area once the window
manager framed it. In CI (the CI environment variable is set) a missing Xvfb or openbox
fails the test; elsewhere it is skipped with the reason."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.qt.real_display import real_display, run_child

SCREENS = {"laptop": (1366, 768), "4k": (3840, 2160)}


@pytest.fixture(params=sorted(SCREENS))
def framed_display(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh Xvfb display of one size with openbox managing its windows: its name."""
    with real_display([SCREENS[request.param]], window_manager=True, settle=0.5) as name:
        yield name


def _open(display: str, home: Path, how: str) -> dict:
    return run_child(__name__, display, home, "xcb", how, timeout=120)


def _inside(report: dict) -> bool:
    left, top, width, height = report["frame"]
    a_left, a_top, a_width, a_height = report["available"]
    return (
        left >= a_left
        and top >= a_top
        and left + width <= a_left + a_width
        and top + height <= a_top + a_height
    )


def test_the_window_opens_inside_the_screen_frame_included(framed_display: str, tmp_path):
    home = tmp_path / "home"
    fresh = _open(framed_display, home, "fresh")  # killed: its journal stays
    assert fresh["framed"], fresh  # the window manager drew a frame (a title bar)
    assert _inside(fresh), fresh
    assert fresh["frame"][3] >= fresh["available"][3] * 3 // 4 or fresh["frame"][3] >= 760
    resumed = _open(framed_display, home, "resume")  # resumes, then quits cleanly
    assert resumed["resumed"] and _inside(resumed), resumed
    restored = _open(framed_display, home, "restore")  # the layout saved at the quit
    assert _inside(restored), restored
    assert restored["status_bar_on_screen"] and fresh["status_bar_on_screen"]


def child_main(how: str) -> None:
    """In the child: open as `how` says, report the frame once the window manager drew
    it, then leave as a kill would ("fresh") or as a clean quit would (otherwise)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    from tracker.engine import StartEncounter
    from tracker.qt.app import open_main_window

    app = QApplication(sys.argv[:1])
    window = open_main_window(ask=lambda _question: how == "resume", tell=lambda *_: None)
    window.show()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the frame comes, then the fit after it
        app.processEvents()
        time.sleep(0.02)
        framed = window.frameGeometry() != window.geometry()
        if framed and time.monotonic() > deadline - 9:
            break
    for _ in range(30):  # the fit, once framed
        app.processEvents()
        time.sleep(0.02)
    frame, available = window.frameGeometry(), window.screen().availableGeometry()
    bar = window.statusBar()
    bottom = bar.mapToGlobal(QPoint(0, bar.height())).y()
    report = {
        "framed": window.frameGeometry() != window.geometry(),
        "frame": [frame.left(), frame.top(), frame.width(), frame.height()],
        "available": [available.left(), available.top(), available.width(), available.height()],
        "resumed": window.document.undo_stack.count() > 0,  # the killed run's history
        "status_bar_on_screen": bottom <= available.bottom() + 1,
    }
    if how == "fresh":
        window.document.apply(StartEncounter())
        print(json.dumps(report), flush=True)
        os._exit(0)  # as a kill: the journal stays for the next start to resume
    window.document.undo_stack.set_clean()
    window.close()
    print(json.dumps(report), flush=True)
