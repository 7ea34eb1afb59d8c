"""The journal's syncs to disk, off the thread that writes it.

A journal line is written (and flushed to the operating system) as its change happens,
so a killed app loses nothing; `os.fsync`, which makes it survive a power cut too, costs
milliseconds of the GUI's time at every change. A `Syncer` runs it on a thread of its
own after each write, several writes in one sync when they come faster than the disk;
`wait` returns once every write asked about is synced (a save, the journal closed). The
thread ends when it has had nothing to do for a while (a journal dropped without being
closed leaves none behind) and starts again at the next write."""

from __future__ import annotations

import os
import threading

IDLE_S = 5.0  # the syncing thread ends after this long without a sync to do


class Syncer:
    """Syncs one open file descriptor on a background thread, when asked."""

    def __init__(self, descriptor: int) -> None:
        self._descriptor = descriptor
        self._lock = threading.Condition()
        self._asked = 0  # syncs asked for
        self._done = 0  # of those, how many a finished sync covers
        self._error: OSError | None = None  # the first failed sync not yet reported
        self._stopping = False
        self._thread: threading.Thread | None = None  # while it runs

    def ask(self) -> None:
        """Sync what was written so far (soon, on the syncing thread)."""
        with self._lock:
            self._asked += 1
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
        with self._lock:
            while self._done < self._asked:
                self._lock.wait()
        return self.failure()

    def stop(self) -> None:
        """Sync what is pending, then end the thread (before the file is closed)."""
        with self._lock:
            self._stopping = True
            thread = self._thread
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
