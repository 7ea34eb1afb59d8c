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
   the operation's cost.

The CPU spent looking for short timers (a walk over the application's objects) is
the harness's, not the operation's: it is subtracted. A loop that never goes idle
(a short timer re-armed for ever) is reported, never silently cut off.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject
from PySide6.QtWidgets import QApplication

SHORT_MS = 50  # a timer this short (or shorter) is the operation's pending work
LIMIT_S = 10.0  # wall time after which an event loop that stays busy is reported

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
            if not self.short_timer_pending():
                return
            dispatcher.processEvents(WAIT)  # sleeps until that timer (or anything) fires
        raise NeverIdleError(f"the event loop was still busy after {LIMIT_S:.0f} s")

    def short_timer_pending(self) -> bool:
        started = time.process_time()
        try:
            dispatcher = self.dispatcher
            for item in self._objects():
                for timer in dispatcher.registeredTimers(item):
                    if timer.interval <= SHORT_MS:
                        return True
            return False
        finally:
            self.harness_cpu += time.process_time() - started

    def _objects(self) -> list[QObject]:
        found: list[QObject] = [self.app, *self.app.findChildren(QObject)]
        for window in self.app.topLevelWidgets():
            found.append(window)
            found.extend(window.findChildren(QObject))
        return found

    def timed(self, operation: Callable[[], object]) -> float:
        """CPU milliseconds of `operation` and of everything it left to the event loop."""
        self.settle()  # nothing of an earlier step is charged to this one
        harness = self.harness_cpu
        started = time.process_time()
        operation()
        self.settle()
        spent = time.process_time() - started - (self.harness_cpu - harness)
        return spent * 1000

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
