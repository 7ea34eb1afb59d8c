"""One file operation of the main window (a save, an open) that never freezes it.

The heavy steps run on a worker thread (`FileWork.run`) while a local event loop keeps
the window painting and answering; a step that must read the engine's state, which only
the GUI thread touches, runs there a slice at a time (`FileWork.pace`), handling events
between slices. Past `SHOW_AFTER_MS` the status bar says what is going on, with a busy
bar. While an open runs, the GM's keys and clicks are set aside (the encounter they
would change is about to be replaced); while a save runs, the window stays usable.

The worker and the GUI thread share the interpreter's lock: each Python call of the
GUI thread (a timer's slot, a delegate's paint, the input gate's filter: several for a
single repaint) waits for the worker to hand the lock over, which it does every
"switch interval" (5 ms by default). While a worker runs, the interval is
`WORKER_SWITCH_S`, so that the window never waits long for its turn; the worker makes no
long call that keeps the lock (`tracker.persistence.json_pieces`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QProgressBar

T = TypeVar("T")
SHOW_AFTER_MS = 300  # a shorter wait is not worth a word
WORKER_NICE = 10  # the worker's priority below the GUI thread's (Linux)
WORKER_SWITCH_S = 0.001  # how often a running worker hands the lock to the GUI thread
# The GM's input, set aside while an open runs (paints, timers and the rest go on).
INPUT_EVENTS = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
        QEvent.Type.ContextMenu,
        QEvent.Type.Drop,
    }
)


def _yield_to_the_window() -> None:
    """Lower the calling worker thread's priority (Linux: a thread's own nice value), so
    that the GUI thread, waking to paint or to take a key, gets a core first."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)


def _application() -> QCoreApplication:
    application = QCoreApplication.instance()
    assert application is not None  # a window exists
    return application


class _Relay(QObject):
    """Tells the GUI thread's local loop that the worker is done (a queued signal)."""

    done = Signal()


class _InputGate(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt
        return event.type() in INPUT_EVENTS


class FileWork(QObject):
    """The steps of one file operation for `window`; `label` is what the status bar
    says once it takes long. Call `finish` at the end (`window_files` does)."""

    def __init__(
        self, window: QMainWindow, label: str, *, block_input: bool, pause_collector: bool = False
    ) -> None:
        super().__init__(window)
        # With `pause_collector`, Python's cyclic garbage collector is off until
        # `finish`: for a save, whose snapshot and serialised text (some 100,000 objects
        # at 5,000 combatants) live only while it runs; for an open, whose new encounter
        # is frozen once loaded (`heap.settle_after_load`). Their allocations would set
        # off a full collection, which walks the whole heap with the interpreter's lock
        # held (15-300 ms at 5,000 combatants, on whichever thread allocates): the window
        # frozen. Off, a save's objects are freed by their reference counts at the end
        # (they hold no cycles) and count for no later collection either.
        self._collector_paused = pause_collector and gc.isenabled()
        if self._collector_paused:
            gc.disable()
        self._window = window
        self._label = label
        self._bar: QProgressBar | None = None
        self._gate: _InputGate | None = None
        self.worker_threads: list[str] = []  # the threads the heavy steps ran on
        self._shown = QTimer(self)
        self._shown.setSingleShot(True)
        self._shown.timeout.connect(self._show_progress)
        self._shown.start(SHOW_AFTER_MS)
        if block_input:
            self._gate = _InputGate(self)
            _application().installEventFilter(self._gate)

    def run(self, work: Callable[[], T]) -> T:
        """`work()` on a worker thread, the window's events handled meanwhile; its
        result, or the exception it raised (raised here, on the GUI thread)."""
        outcome: dict[str, Any] = {}
        relay = _Relay()
        loop = QEventLoop()
        relay.done.connect(loop.quit, Qt.ConnectionType.QueuedConnection)
        finished = threading.Event()

        def body() -> None:
            _yield_to_the_window()
            try:
                outcome["value"] = work()
            except BaseException as error:  # noqa: BLE001 - handed to the GUI thread
                outcome["error"] = error
            finally:
                finished.set()
                relay.done.emit()

        thread = threading.Thread(target=body, name="roundkeeper-files", daemon=True)
        switch = sys.getswitchinterval()
        sys.setswitchinterval(min(switch, WORKER_SWITCH_S))
        try:
            thread.start()
            self.worker_threads.append(thread.name)
            while not finished.is_set():
                loop.exec()
                if not finished.is_set() and QApplication.closingDown():
                    break
            thread.join()  # the loop may have been told to quit with the application
        finally:
            sys.setswitchinterval(switch)
        if "error" in outcome:
            raise outcome.pop("error")
        return outcome.pop("value")  # type: ignore[no-any-return]

    def pace(self, steps: Generator[None, None, T]) -> T:
        """Run `steps` on the GUI thread to its end, handling events at each `yield`;
        its return value."""
        loop = QEventLoop()
        outcome: dict[str, Any] = {}

        def step() -> None:
            try:
                next(steps)
            except StopIteration as end:
                outcome["value"] = end.value
            except BaseException as error:  # noqa: BLE001 - raised below
                outcome["error"] = error
            else:
                QTimer.singleShot(0, step)
                return
            loop.quit()

        try:
            next(steps)  # the first slice at once: a small encounter has no other
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
        QTimer.singleShot(0, step)
        loop.exec()
        # Taken out: `step` refers to itself, a cycle that would keep the value alive
        # until the next collection.
        if "error" in outcome:
            raise outcome.pop("error")
        return outcome.pop("value")  # type: ignore[no-any-return]

    def _show_progress(self) -> None:
        from PySide6.QtWidgets import QProgressBar  # a long save's: not at start-up

        status = self._window.statusBar()
        self._bar = QProgressBar(status)
        self._bar.setRange(0, 0)  # busy: no fraction is known
        self._bar.setMaximumWidth(160)
        # No taller than a line of the status bar's text: a taller bar would grow the
        # status bar, and so shrink and lay out again the encounter's view above it
        # (tens of ms with thousands of rows), once shown and again once gone.
        self._bar.setMaximumHeight(status.fontMetrics().height())
        self._bar.setTextVisible(False)
        status.addPermanentWidget(self._bar)
        status.showMessage(self._label)
        if self._gate is not None:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)

    def finish(self) -> None:
        """Remove the progress shown and let the GM's input through again."""
        self._shown.stop()
        if self._collector_paused:
            self._collector_paused = False
            gc.enable()
        if self._bar is not None:
            self._window.statusBar().removeWidget(self._bar)
            self._bar.deleteLater()
            self._bar = None
            self._window.statusBar().clearMessage()
            if self._gate is not None:
                QGuiApplication.restoreOverrideCursor()
        if self._gate is not None:
            _application().removeEventFilter(self._gate)
            self._gate = None
        self.deleteLater()
