"""When the journal's lines are synced to disk in the app: a moment after the change.

A journal line is in the file as its change happens (a killed app loses nothing); its
`os.fsync`, against a power cut, runs on a thread of its own (`journal_sync.Syncer`).
Woken at once, that thread took turns with the GUI thread at the interpreter's lock
while the window drew the change. Woken `SYNC_AFTER_MS` later instead, it finds the
window idle: the change has been drawn (a frame, 16 ms; a slow step's repaint, well
under 100 ms), a burst of keys (a key repeats every 30-40 ms) is synced once, and a
power cut can lose at most that quarter of a second."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer

SYNC_AFTER_MS = 250


def after_the_change(wake: Callable[[], None]) -> None:
    """Run `wake` `SYNC_AFTER_MS` from now, on the GUI thread (`Syncer`'s `later`)."""
    QTimer.singleShot(SYNC_AFTER_MS, wake)
