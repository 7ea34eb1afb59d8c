"""`roundkeeper ENCOUNTER.json` starts on that encounter (a file it cannot read is
explained and the window stays on what it had), and the start moves the former user
folders first."""

from __future__ import annotations

import gc
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile
from PySide6.QtWidgets import QApplication

from tracker import cli
from tracker.persistence.files import load_encounter, save_encounter
from tracker.qt import app as app_module
from tracker.qt.dialogs import messages
from tracker.qt.main_window import MainWindow


@pytest.fixture
def started(qapp, qtbot, monkeypatch: pytest.MonkeyPatch) -> list[MainWindow]:
    """`start` runs as in the app, on the tests' application, returning at once
    instead of running the event loop; the windows it opened are recorded."""
    windows: list[MainWindow] = []
    opened = app_module.open_main_window

    def open_main_window(first: Path | None = None) -> MainWindow:
        window = opened(first=first)
        window.opened_on = window.document.path  # (its first frame's file)
        qtbot.addWidget(window)
        windows.append(window)
        return window

    monkeypatch.setattr(app_module, "make_application", lambda _argv: qapp)
    monkeypatch.setattr(app_module, "open_main_window", open_main_window)
    monkeypatch.setattr(QApplication, "exec", lambda *_: 0)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # start sets its own
    return windows


def test_the_encounter_named_is_opened(started, tmp_path):
    encounter = load_encounter(app_module.sample_path("priority_sample.json"))
    path = tmp_path / "ford.json"
    save_encounter(encounter, path)
    assert cli.main(["roundkeeper", str(path)]) == 0
    (window,) = started
    assert window.document.path == path
    assert window.opened_on == path  # its first frame, not the sample's replaced
    assert window.document.encounter.name == encounter.name


def test_an_unreadable_encounter_is_explained(started, tmp_path, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(
        messages, "warning", lambda _parent, _title, text, *a, **k: told.append(text)
    )
    path = tmp_path / "notes.json"
    path.write_text("Dear diary", encoding="utf-8")
    assert cli.main(["roundkeeper", str(path)]) == 0
    (window,) = started
    assert window.document.path is None  # still the sample
    assert told and "is not a Roundkeeper encounter" in told[0]


def test_the_start_moves_the_former_folders_before_any_window(started, monkeypatch):
    from tracker.persistence import migration, paths

    order: list[str] = []
    monkeypatch.setattr(paths, "former_folders_present", lambda: True)
    monkeypatch.setattr(
        migration, "migrate_user_folders", lambda: order.append("moved") or migration.Migration()
    )
    opened = app_module.open_main_window
    monkeypatch.setattr(
        app_module,
        "open_main_window",
        lambda first=None: order.append("window") or opened(first=first),
    )
    assert cli.main(["roundkeeper"]) == 0
    assert order == ["moved", "window"]


def test_what_the_start_made_is_given_back_to_the_collector_later(qtbot, monkeypatch):
    monkeypatch.setattr(app_module, "UNFREEZE_AFTER", 0)
    gc.disable()  # as tracker.cli leaves it for the start
    try:
        app_module.collect_from_now_on()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        qtbot.waitUntil(lambda: gc.get_freeze_count() == 0)
    finally:
        gc.unfreeze()
        gc.enable()


def test_the_icon_comes_with_the_rest_of_the_window(started, qapp):
    # Reading its PNGs and handing them to the window manager would delay the first
    # frame: the icon is set with the rest of the window, in the sizes windows use.
    from PySide6.QtGui import QIcon

    from tracker.qt.app_icon import WINDOW_SIZES

    qapp.setWindowIcon(QIcon())
    try:
        assert cli.main(["roundkeeper"]) == 0
        (window,) = started
        assert not window.whole and qapp.windowIcon().isNull()
        window.complete()
        sizes = sorted(size.width() for size in qapp.windowIcon().availableSizes())
        assert sizes == list(WINDOW_SIZES)
    finally:
        qapp.setWindowIcon(QIcon())


def test_the_lock_is_taken_off_the_main_thread_before_any_window(started, monkeypatch):
    # QLockFile syncs its file to disk (7-17 ms here): that wait overlaps the
    # application's making instead of delaying the first frame.
    taken: list[tuple[str, bool]] = []
    lock = app_module.single_instance_lock

    def single_instance_lock() -> QLockFile | None:
        taken.append(("lock", threading.current_thread() is threading.main_thread()))
        return lock()

    monkeypatch.setattr(app_module, "single_instance_lock", single_instance_lock)
    opened = app_module.open_main_window
    monkeypatch.setattr(
        app_module,
        "open_main_window",
        lambda first=None: taken.append(("window", True)) or opened(first=first),
    )
    assert cli.main(["roundkeeper"]) == 0
    assert taken == [("lock", False), ("window", True)]


def test_a_second_roundkeeper_is_told_and_opens_no_window(started, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(messages, "information", lambda _parent, title, _text: told.append(title))
    held = app_module.single_instance_lock()
    assert held is not None
    monkeypatch.setattr(QLockFile, "tryLock", lambda _self, _timeout=0: False)  # not 200 ms
    try:
        assert cli.main(["roundkeeper"]) == 1
    finally:
        held.unlock()
    assert told == ["Roundkeeper is already running"]
    assert not started


def test_a_lock_that_cannot_be_made_fails_the_start_as_before(started, monkeypatch):
    def single_instance_lock() -> QLockFile | None:
        raise PermissionError("the data folder is read-only")

    monkeypatch.setattr(app_module, "single_instance_lock", single_instance_lock)
    with pytest.raises(PermissionError, match="read-only"):
        app_module.start(cli.Options())
    assert not started
