"""The window's journal syncs its lines to disk a moment after the change, never while
the window draws it (`tracker.qt.journal_timing`): the line is in the file at once, the
sync follows on the syncing thread once the window has had time to draw the change. So
in a window started afresh and in one that resumed a journal."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.qt.conftest import PaintSeen, add_through_form
from tracker.engine import EndTurn, StartEncounter
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.journal_timing import SYNC_AFTER_MS
from tracker.qt.main_window import MainWindow


def _synced_after(
    window: MainWindow, change: Callable[[], object], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`change` is in the journal's file at once, and synced on the syncing thread
    `SYNC_AFTER_MS` later, not while the window draws it."""
    qtbot.waitUntil(lambda: window.journal is not None and window.journal.active)
    journal = window.journal
    assert journal is not None
    journal.sync()
    synced: list[tuple[str, float]] = []
    real_fsync = os.fsync

    def recorded(descriptor: int) -> None:
        synced.append((threading.current_thread().name, time.monotonic()))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recorded)
    events = journal.directory / "events.jsonl"
    before = events.stat().st_size
    painted = PaintSeen()
    window.installEventFilter(painted)
    changed = time.monotonic()
    change()
    assert events.stat().st_size > before  # in the file at once: a kill loses nothing
    qtbot.waitUntil(lambda: painted.seen or not window.isVisible())
    QApplication.processEvents()  # the window has drawn the change ...
    if time.monotonic() - changed < SYNC_AFTER_MS / 1000 * 0.9:  # (a slow machine's turn)
        assert synced == []  # ... and the sync has not begun meanwhile
    qtbot.waitUntil(lambda: bool(synced), timeout=5000)
    thread, at = synced[0]
    assert thread != threading.main_thread().name  # on the syncing thread
    assert at - changed >= SYNC_AFTER_MS / 1000 * 0.95  # (a coarse timer: up to 5 % early)
    assert len(synced) == 1  # one sync for the change's lines


def test_a_new_windows_journal_syncs_once_the_change_is_drawn(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def add() -> None:
        assert add_through_form(window, "Newcomer") == ["Newcomer"]

    _synced_after(window, add, qtbot, monkeypatch)


def test_a_resumed_windows_journal_syncs_once_the_change_is_drawn(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    first.document.apply(StartEncounter())
    assert first.journal is not None
    first.journal.sync()  # (as if killed once on disk: its syncs are not the ones timed)
    resumed = open_main_window(journal, ask=lambda question: "Resume" in question)
    qtbot.addWidget(resumed)
    resumed.show()
    _synced_after(resumed, lambda: resumed.document.apply(EndTurn()), qtbot, monkeypatch)
    resumed.document.undo_stack.set_clean()
    first.document.undo_stack.set_clean()
