"""CPU time from an input until the event loop has nothing left to do.

`IdleClock.timed(operation)` reads `time.process_time` just before the operation (a key
press, a click, a dialog's OK) and again once the event loop is idle, so the repaints,
re-layouts, deferred deletes and 0 ms timers the operation caused are counted however
many event-loop passes they take. "Idle" is decided by asking, never by counting passes:

1. the event dispatcher is asked to handle what is ready (posted events such as
   `UpdateRequest`, whose handling paints and flushes the offscreen backing store;
   timers that are due; window-system events) until it answers that it handled nothing;
2. deferred deletes (`deleteLater`, which `processEvents` outside a running loop never
   handles) are sent, and step 1 runs again: a deletion may post more;
3. a timer of `SHORT_MS` or less still registered on an object of the application (a
   coalescing 0–50 ms timer started by the operation: a delayed layout, a debounce) is
   work the operation left: wait for it (wall time, no CPU) and go back to step 1.
   Longer timers (the turn timer's second, a cursor blink, a message's fade) are not
   the operation's cost;
4. work the operation handed to threads of the process's own (`IdleClock.background`:
   the shared page's JSON and its writes to the pages, `table_ops.py --pages`) is
   waited for (wall time) until each says it is over, and step 1 runs again: process
   CPU counts those threads too.

The CPU spent looking for short timers (a walk over the application's objects) is
the harness's, not the operation's: it is subtracted, in the GUI thread's own CPU
(`time.thread_time`: in process CPU it would take with it whatever another thread did
meanwhile, the shared page's JSON for one). A loop that never goes idle
(a short timer re-armed for ever) is reported, never silently cut off.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject
from PySide6.QtWidgets import QApplication

SHORT_MS = 50  # a timer this short (or shorter) is the operation's pending work
LIMIT_S = 10.0  # wall time after which an event loop that stays busy is reported
POLL_S = 0.001  # how often a thread's background work is asked whether it is over

READY = QEventLoop.ProcessEventsFlag.AllEvents
WAIT = QEventLoop.ProcessEventsFlag.AllEvents | QEventLoop.ProcessEventsFlag.WaitForMoreEvents


class NeverIdleError(RuntimeError):
    """The event loop kept finding work for `LIMIT_S` seconds."""


class IdleClock:
    """Times operations in CPU milliseconds until the event loop is idle."""

    def __init__(self, app: QApplication | None = None) -> None:
        found = app or QApplication.instance()
        assert isinstance(found, QApplication), "make the QApplication first"
        self.app = found
        self.harness_cpu = 0.0  # seconds of CPU spent looking for timers (subtracted)
        # Each says whether the work an operation left on another thread is over.
        self.background: list[Callable[[], bool]] = []
        # Set to a dict: the GUI thread's CPU of each operation timed is kept in it, by
        # the process CPU `timed` gave (callers pop what they read).
        self.gui_ms: dict[float, float] | None = None

    @property
    def dispatcher(self) -> QAbstractEventDispatcher:
        # Asked each time: a nested loop (a modal dialog) runs on the same dispatcher.
        dispatcher = QAbstractEventDispatcher.instance()
        assert dispatcher is not None
        return dispatcher

    def settle(self) -> None:
        """Return once the event loop has nothing left (see the module's text)."""
        dispatcher = self.dispatcher
        deadline = time.perf_counter() + LIMIT_S
        while time.perf_counter() < deadline:
            if dispatcher.processEvents(READY):
                continue
            self.app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            if dispatcher.processEvents(READY):
                continue
            if self.short_timer_pending():
                dispatcher.processEvents(WAIT)  # sleeps until that timer (or anything) fires
            elif self.background_busy():
                while self.background_busy() and time.perf_counter() < deadline:
                    time.sleep(POLL_S)  # (no event handled meanwhile: that is the harness's)
            else:
                return
        raise NeverIdleError(f"the event loop was still busy after {LIMIT_S:.0f} s")

    def short_timer_pending(self) -> bool:
        started = time.thread_time()
        try:
            dispatcher = self.dispatcher
            for item in self._objects():
                for timer in dispatcher.registeredTimers(item):
                    if timer.interval <= SHORT_MS:
                        return True
            return False
        finally:
            self.harness_cpu += time.thread_time() - started

    def background_busy(self) -> bool:
        """Whether a thread still works for the operation (asking is the harness's CPU)."""
        started = time.thread_time()
        try:
            return not all(idle() for idle in self.background)
        finally:
            self.harness_cpu += time.thread_time() - started

    def _objects(self) -> list[QObject]:
        found: list[QObject] = [self.app, *self.app.findChildren(QObject)]
        for window in self.app.topLevelWidgets():
            found.append(window)
            found.extend(window.findChildren(QObject))
        return found

    def timed(self, operation: Callable[[], object]) -> float:
        """CPU milliseconds of `operation` and of everything it left to the event loop;
        the GUI thread's part of it is kept in `gui_ms` if set, by the figure returned."""
        self.settle()  # nothing of an earlier step is charged to this one
        harness = self.harness_cpu
        started, thread = time.process_time(), time.thread_time()
        operation()
        self.settle()
        harness_s = self.harness_cpu - harness
        spent = (time.process_time() - started - harness_s) * 1000
        if self.gui_ms is not None:
            self.gui_ms[spent] = (time.thread_time() - thread - harness_s) * 1000
        return spent

    def split(self) -> Split:
        """A clock to read at points of a longer drive (a modal dialog's own loop)."""
        return Split(self)


class Split:
    """CPU time of the stretches between `resume` and `pause` (harness time excluded):
    for a drive whose parts are not one call (typing into a dialog is not timed)."""

    def __init__(self, clock: IdleClock) -> None:
        self._clock = clock
        self._total = 0.0
        self._started: float | None = None
        self._harness = 0.0

    def resume(self) -> None:
        self._clock.settle()
        self._harness = self._clock.harness_cpu
        self._started = time.process_time()

    def pause(self) -> float:
        """Settle, stop the clock; returns the milliseconds of this stretch."""
        self._clock.settle()
        assert self._started is not None, "pause without resume"
        spent = time.process_time() - self._started - (self._clock.harness_cpu - self._harness)
        self._started = None
        self._total += spent
        return spent * 1000

    @property
    def total_ms(self) -> float:
        return self._total * 1000
