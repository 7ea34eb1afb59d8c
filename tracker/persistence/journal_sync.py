"""The journal's syncs to disk, off the thread that writes it.

A journal line is written (and flushed to the operating system) as its change happens,
so a killed app loses nothing; `os.fsync`, which makes it survive a power cut too, costs
milliseconds of the GUI's time at every change. A `Syncer` runs it on a thread of its
own after each write, several writes in one sync when they come faster than the disk;
`wait` returns once every write asked about is synced (a save, the journal closed). The
thread ends when it has had nothing to do for a while (a journal dropped without being
closed leaves none behind) and starts again at the next write.

Woken at once, the thread runs its few lines of Python while the GUI thread draws the
change, and the two take turns at the interpreter's lock: adding a combatant cost the
GUI thread 0.35-0.85 ms more, and the process 0.7-1.4 ms (issue 26). Given `later`, a
`Syncer` hands its wake to it instead (the app's: once the window has drawn the change,
`tracker.qt.journal_timing`): the lines are still in the file at once, the sync follows
a moment later, one sync for every change made meanwhile."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

IDLE_S = 5.0  # the syncing thread ends after this long without a sync to do

# Runs the callable it is given a little later, on the thread that writes the journal.
Later = Callable[[Callable[[], None]], None]


class Syncer:
    """Syncs one open file descriptor on a background thread, when asked."""

    def __init__(self, descriptor: int, later: Later | None = None) -> None:
        self._descriptor = descriptor
        self._later = later
        self._waking = False  # a wake handed to `later` that has not run yet
        self._lock = threading.Condition()
        self._asked = 0  # syncs asked for
        self._done = 0  # of those, how many a finished sync covers
        self._error: OSError | None = None  # the first failed sync not yet reported
        self._stopping = False
        self._thread: threading.Thread | None = None  # while it runs

    def ask(self) -> None:
        """Sync what was written so far, on the syncing thread: at once, or once `later`
        runs the wake (one wake for every ask until then)."""
        with self._lock:
            self._asked += 1
            if self._later is not None:
                if self._waking:
                    return
                self._waking = True
        if self._later is not None:
            self._later(self._wake)
        else:
            self._wake()

    def _wake(self) -> None:
        """Start the syncing thread, or tell it there is more to sync."""
        with self._lock:
            self._waking = False
            if self._stopping or self._done == self._asked:
                return  # synced meanwhile (a save waited), or stopped (`stop` synced)
            if self._thread is not None:
                self._lock.notify_all()
                return
            thread = threading.Thread(target=self._run, name="journal sync", daemon=True)
            try:
                thread.start()
            except RuntimeError:  # no thread to be had: sync here, as it was done before
                self._sync(self._asked)
                return
            self._thread = thread

    def failure(self) -> OSError | None:
        """A sync that failed since the last report (without waiting)."""
        with self._lock:
            error, self._error = self._error, None
        return error

    def wait(self) -> OSError | None:
        """Wait until everything asked about is synced; a sync that failed, if any."""
        self._wake()  # a wake left for later runs now
        with self._lock:
            while self._done < self._asked:
                self._lock.wait()
        return self.failure()

    def stop(self) -> None:
        """Sync what is pending, then end the thread (before the file is closed)."""
        with self._lock:
            self._stopping = True
            thread = self._thread
            if thread is None and self._done < self._asked:
                self._sync(self._asked)  # its wake left for later: synced here
            self._lock.notify_all()
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._done == self._asked and not self._stopping:
                    self._lock.wait(IDLE_S)
                if self._done == self._asked:  # idle, or stopping: nothing left to sync
                    self._thread = None
                    return
                covered = self._asked
            self._sync(covered)

    def _sync(self, covered: int) -> None:
        """Sync the file: the syncs asked for up to `covered` are done."""
        try:
            os.fsync(self._descriptor)
            error = None
        except OSError as failed:
            error = failed
        with self._lock:
            self._done = covered
            if error is not None and self._error is None:
                self._error = error
            self._lock.notify_all()
