"""The main window's first frame: what runs once it is on screen (the rest of the window
is built then, see `MainWindow.complete`), and the start-up probe that
benchmarks/startup.py reads.

With the environment variable `ROUNDKEEPER_STARTUP_PROBE` set, the app prints
`<stage> <monotonic ns> <CPU ns>` at each stage of its start: `imported` once its modules
are imported (tracker/qt/app.py `start`), `built` once the application, the encounter and
the first frame's widgets are made, `first-paint` once its first frame is painted (the
fight view with the turn over it) and `ready` once the whole window is built and
painted; it then closes the window (and so quits)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

PROBE = "ROUNDKEEPER_STARTUP_PROBE"
# The menu bar's titles, in their order: the menus are filled by tracker/qt/main_menus.py.
MENU_TITLES = {
    "file": "&File",
    "edit": "&Edit",
    "play": "&Play",
    "view": "&View",
    "players": "P&layers",
    "library": "&Library",
    "help": "&Help",
}


def title_menus(bar: QMenuBar, complete: Callable[[], None]) -> dict[str, QMenu]:
    """The menu bar with its titles in the first frame (it has its height then); a menu
    opened before the rest of the window is built builds it (`complete`) first, and so
    opens filled."""
    menus = {}
    for name, title in MENU_TITLES.items():
        menu = bar.addMenu(title)
        menu.aboutToShow.connect(complete)
        menus[name] = menu
    return menus


class AfterPaint(QObject):
    """Calls `then` once, when the event loop is next idle after `widget` is first
    painted: the whole frame it is part of is painted and on screen by then (Qt paints
    a window's widgets in one pass)."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


class EarlyKeys(QObject):
    """Until the rest of `window` is built: a key that reaches the window (Qt asks the
    focused widget and its parents whether they take a key before it looks for a
    shortcut) builds it first (`complete`), so that the menus' shortcuts and the
    window's keys are there to take it."""

    def __init__(self, window: QWidget, complete: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._complete = complete
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            self._complete()
        return False

    def stop(self) -> None:
        self._window.removeEventFilter(self)
        self.deleteLater()


def probing() -> bool:
    return bool(os.environ.get(PROBE))


def report(stage: str) -> None:
    """One line of the probe: the stage, the monotonic clock and the process's CPU time,
    both in nanoseconds (the benchmark compares them with its own clock)."""
    sys.stdout.write(f"{stage} {time.monotonic_ns()} {time.process_time_ns()}\n")
    sys.stdout.flush()
