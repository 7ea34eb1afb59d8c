"""Save and open never freeze the window (issue 26): their heavy steps run on a worker
thread, the window goes on meanwhile, and what is saved is the encounter as it was when
the save began. Structural checks (which thread did what, what the GUI thread runs
between two events), not timings: the machine is shared."""

from __future__ import annotations

import gc
import json
import sys
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QProgressBar, QWidget

from tests.qt.conftest import by_name
from tracker.engine import EditCombatant
from tracker.persistence import files
from tracker.persistence.files import FileFormatError, SaveError
from tracker.qt import window_files
from tracker.qt.dialogs import messages as plain_messages

SHOTS = Path("/tmp/file-work-shots")
SHOTS.mkdir(parents=True, exist_ok=True)


def _on_thread(monkeypatch: pytest.MonkeyPatch, name: str, seen: dict[str, str]) -> None:
    """Record the thread `window_files.<name>` runs on."""
    original = getattr(window_files, name)

    def recorded(*args, **kwargs):
        seen[name] = threading.current_thread().name
        return original(*args, **kwargs)

    monkeypatch.setattr(window_files, name, recorded)


def test_the_heavy_steps_run_off_the_gui_thread(window, tmp_path, monkeypatch):
    seen: dict[str, str] = {}
    for name in ("encode_document", "prepare_target", "write_encounter", "open_encounter"):
        _on_thread(monkeypatch, name, seen)
    path = tmp_path / "off.json"
    assert window.save_to(path)
    assert window.open_path(path)
    main = threading.main_thread().name
    assert set(seen) == {"encode_document", "prepare_target", "write_encounter", "open_encounter"}
    assert all(thread != main for thread in seen.values()), seen
    assert json.loads(path.read_text(encoding="utf-8"))["encounter"]["name"] == (
        window.document.encounter.name
    )


def test_the_gui_thread_snapshots_a_slice_at_a_time(window, tmp_path, monkeypatch):
    """Between two events the GUI thread writes at most `per_step` combatants."""
    sliced: list[int] = []
    original = files.envelope_in_steps

    def counted(encounter, per_step=100):
        steps = original(encounter, per_step=2)
        sliced.append(0)
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value
            sliced[-1] += 1
            yield

    monkeypatch.setattr(window_files, "envelope_in_steps", counted)
    assert window.save_to(tmp_path / "sliced.json")
    combatants = len(window.document.encounter.combatants)
    assert sliced and sliced[-1] >= combatants // 2  # 8 combatants: 4 slices and more


class _Gate:
    """Holds the save's write on its worker thread until the test lets it go."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.writing = threading.Event()
        self.go = threading.Event()
        original = window_files.write_encounter

        def held(path: Path, data: bytes):
            self.writing.set()
            assert self.go.wait(10)
            return original(path, data)

        monkeypatch.setattr(window_files, "write_encounter", held)

    def when_writing(self, then) -> QTimer:
        """Run `then()` on the GUI thread once the write is held, then let it go."""
        poll = QTimer()
        poll.setInterval(5)

        def check() -> None:
            if self.writing.is_set():
                poll.stop()
                then()
                self.go.set()

        poll.timeout.connect(check)
        poll.start()
        return poll


def test_a_change_during_a_save_is_not_saved_and_the_window_stays_modified(
    window, tmp_path, monkeypatch
):
    document = window.document
    kandor = by_name(document, "Kandor")
    gate = _Gate(monkeypatch)
    changed: list[bool] = []
    poll = gate.when_writing(
        lambda: changed.append(document.apply(EditCombatant(kandor.id, {"name": "Renamed"})))
    )
    path = tmp_path / "during.json"
    assert window.save_to(path)
    poll.stop()
    assert changed == [True]  # the window took the change while the file was written
    saved = json.loads(path.read_text(encoding="utf-8"))["encounter"]
    assert "Kandor" in [c["name"] for c in saved["combatants"]]
    assert "Renamed" not in [c["name"] for c in saved["combatants"]]
    assert not document.undo_stack.is_clean()
    assert window.journal is not None
    events = (window.journal.directory / "events.jsonl").read_text(encoding="utf-8")
    ops = [json.loads(line)["op"] for line in events.splitlines()]
    assert ops[-3:] == ["saving", "apply", "saved"]  # the change journaled, in its place


def test_closing_during_a_save_waits_for_it(window, tmp_path, monkeypatch, qtbot):
    gate = _Gate(monkeypatch)
    closed: list[bool] = []
    poll = gate.when_writing(lambda: closed.append(window.close()))
    path = tmp_path / "closing.json"
    assert window.save_to(path)
    poll.stop()
    assert closed == [False]  # set aside while the file was written
    assert path.exists()
    qtbot.waitUntil(lambda: not window.isVisible())  # then closed, nothing to ask


def test_a_second_file_command_during_a_save_is_refused(window, tmp_path, monkeypatch):
    gate = _Gate(monkeypatch)
    second: list[object] = []

    def again() -> None:
        second.append(window.save_to(tmp_path / "second.json"))
        second.append(window.open_path(tmp_path / "first.json"))
        second.append(window.statusBar().currentMessage())

    poll = gate.when_writing(again)
    assert window.save_to(tmp_path / "first.json")
    poll.stop()
    assert second[:2] == [False, False]
    assert "being saved or opened" in str(second[2])
    assert not (tmp_path / "second.json").exists()


def test_errors_on_the_worker_reach_the_gm(window, tmp_path, monkeypatch):
    warnings: list[str] = []
    monkeypatch.setattr(plain_messages, "warning", lambda _p, _t, text: warnings.append(text))

    def full(path: Path, data: bytes):
        raise SaveError(f"Could not save {path.name}: No space left on device.", path)

    monkeypatch.setattr(window_files, "write_encounter", full)
    window.document.apply(EditCombatant(by_name(window.document, "Kandor").id, {"name": "K"}))
    assert not window.save_to(tmp_path / "full.json")
    assert warnings == ["Could not save full.json: No space left on device."]
    assert not window.document.undo_stack.is_clean()

    def unreadable(path: Path):
        raise FileFormatError("“x.json” is damaged.", path)

    monkeypatch.setattr(window_files, "open_encounter", unreadable)
    before = window.document.encounter.to_dict()
    assert not window.open_path(tmp_path / "x.json")
    assert warnings[-1] == "“x.json” is damaged."
    assert window.document.encounter.to_dict() == before
    assert window.file_work is None  # nothing left under way


def test_a_save_over_its_own_file_loads_it_once(window, tmp_path, monkeypatch):
    """The file the window wrote is not loaded again to be saved over; a file changed
    since is, and one that no longer opens is not replaced unasked."""
    loads: list[Path] = []
    original = files.load_encounter
    monkeypatch.setattr(files, "load_encounter", lambda p: loads.append(p) or original(p))
    path = tmp_path / "own.json"
    assert window.save_to(path)
    assert window.save_to(path)
    assert loads == []
    path.write_text(path.read_text(encoding="utf-8") + " ", encoding="utf-8")  # changed
    assert window.save_to(path)
    assert loads == [path]
    monkeypatch.setattr(plain_messages, "warning", lambda *_a: None)
    path.write_text('{"format": "tracker-encounter"', encoding="utf-8")
    monkeypatch.setattr(window, "_may_replace_unreadable", lambda _error: False)
    assert not window.save_to(path)
    assert path.read_text(encoding="utf-8") == '{"format": "tracker-encounter"'


def test_an_opened_file_starts_the_journal_from_its_own_data(window, tmp_path):
    from tracker.persistence.recovery import recover_journal

    path = tmp_path / "opened.json"
    assert window.save_to(path)
    assert window.open_path(path)
    journal = window.journal
    assert journal is not None
    recovered = recover_journal(journal.directory)
    assert recovered.session.encounter.to_dict() == window.document.encounter.to_dict()


def test_keys_during_an_open_are_set_aside(window, tmp_path, monkeypatch, qtbot):
    """The encounter being replaced takes no change while the file is read."""
    path = tmp_path / "opening.json"
    assert window.save_to(path)
    reading, go = threading.Event(), threading.Event()
    original = window_files.open_encounter

    def held(target: Path):
        reading.set()
        assert go.wait(10)
        return original(target)

    monkeypatch.setattr(window_files, "open_encounter", held)
    poll = QTimer()
    poll.setInterval(5)
    generations: list[int] = []

    def press() -> None:
        if reading.is_set():
            poll.stop()
            generations.append(window.document.generation)
            QTest.keyClick(window.central_view, Qt.Key.Key_Space)  # End Turn, if let through
            QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
            generations.append(window.document.generation)
            go.set()

    poll.timeout.connect(press)
    poll.start()
    assert window.open_path(path)
    assert generations[0] == generations[1]
    assert window.document.undo_stack.is_clean() and window.document.undo_stack.count() == 0
    assert window.file_work is None


def test_a_long_save_shows_its_progress(window, tmp_path, monkeypatch, qtbot):
    from tracker.qt import file_work

    gate = _Gate(monkeypatch)
    seen: list[str] = []

    def look() -> None:
        seen.append(window.statusBar().currentMessage())
        window.grab().save(str(SHOTS / "saving.png"))

    def later() -> None:
        QTimer.singleShot(file_work.SHOW_AFTER_MS + 100, lambda: (look(), gate.go.set()))

    poll = QTimer()
    poll.setInterval(5)
    poll.timeout.connect(lambda: gate.writing.is_set() and (poll.stop(), later()))
    poll.start()
    assert window.save_to(tmp_path / "long.json")
    assert seen == ["Saving to “long.json”…"]
    qtbot.waitUntil(lambda: window.statusBar().findChildren(QProgressBar) == [])  # gone


def test_the_progress_bar_leaves_the_window_laid_out_as_it_was(window, tmp_path, monkeypatch):
    """Shown, the busy bar keeps the status bar's height: a taller one would shrink the
    encounter's view and lay it out again (costly with thousands of rows), twice."""
    from tracker.qt import file_work

    window.resize(1366, 768)
    window.show()
    status, central = window.statusBar(), window.centralWidget()
    before = (status.height(), central.height())
    gate = _Gate(monkeypatch)
    during: list[tuple[int, int]] = []

    def look() -> None:
        assert status.findChildren(QProgressBar)  # shown by now
        during.append((status.height(), central.height()))

    def later() -> None:
        QTimer.singleShot(file_work.SHOW_AFTER_MS + 100, lambda: (look(), gate.go.set()))

    poll = QTimer()
    poll.setInterval(5)
    poll.timeout.connect(lambda: gate.writing.is_set() and (poll.stop(), later()))
    poll.start()
    assert window.save_to(tmp_path / "long.json")
    assert during == [before]


class _Snapshot(dict):  # type: ignore[type-arg]
    """A file document that a weak reference can follow."""


def _followed_snapshots(monkeypatch: pytest.MonkeyPatch) -> list[weakref.ref[_Snapshot]]:
    """Weak references to the documents the saves snapshot from now on."""
    original = window_files.envelope_in_steps
    snapshots: list[weakref.ref[_Snapshot]] = []

    def followed(encounter, per_step=100):
        document = _Snapshot((yield from original(encounter, per_step=2)))
        snapshots.append(weakref.ref(document))
        return document

    monkeypatch.setattr(window_files, "envelope_in_steps", followed)
    return snapshots


def test_a_save_pauses_the_collector(window, tmp_path, monkeypatch):
    """While a save runs, Python's cyclic collector is off: the snapshot's objects would
    set off a full collection, the window frozen meanwhile. After it, back on."""
    enabled: list[bool] = []
    written = window_files.write_encounter

    def write(path: Path, data: bytes):
        enabled.append(gc.isenabled())
        return written(path, data)

    monkeypatch.setattr(window_files, "write_encounter", write)
    assert gc.isenabled()
    assert window.save_to(tmp_path / "paused.json")
    assert enabled == [False] and gc.isenabled()


def test_the_worker_hands_the_gui_thread_its_turn_often(window, tmp_path, monkeypatch):
    """While a save's or an open's worker runs, the interpreter's lock goes back to the
    GUI thread every `WORKER_SWITCH_S` (a repaint's Python calls each wait for it),
    not every 5 ms; after it, the interval is what it was."""
    from tracker.qt import file_work

    intervals: list[float] = []
    for name in ("write_encounter", "open_encounter"):
        original = getattr(window_files, name)

        def recorded(*args: Any, _original: Any = original) -> Any:
            intervals.append(sys.getswitchinterval())
            return _original(*args)

        monkeypatch.setattr(window_files, name, recorded)
    before = sys.getswitchinterval()
    path = tmp_path / "turns.json"
    assert window.save_to(path)
    assert window.open_path(path)
    assert intervals == [file_work.WORKER_SWITCH_S] * 2
    assert before > file_work.WORKER_SWITCH_S
    assert sys.getswitchinterval() == before


def test_a_saved_snapshot_is_freed_without_a_collection(window, tmp_path, monkeypatch):
    """Once saved, the snapshot is freed by its reference count: nothing (a cycle of the
    steps that built it) keeps it for a collection to find."""
    snapshots = _followed_snapshots(monkeypatch)
    gc.disable()
    try:
        assert window.save_to(tmp_path / "freed.json")
        assert snapshots and snapshots[-1]() is None
    finally:
        gc.enable()


def test_an_open_builds_the_fight_view_in_a_slot_of_its_own(window, tmp_path):
    """The swap's listeners and the new fight view (100 ms for thousands of rows) are
    not one slot of the event loop: a blank stands in for the view meanwhile."""
    path = Path(tmp_path) / "fight.json"
    assert window.save_to(path)
    old = window.central_view
    seen: list[QWidget] = []

    def heard() -> None:
        seen.append(window.central_view)

    window.document.replaced.connect(heard)
    assert window.open_path(path)
    window.document.replaced.disconnect(heard)
    assert len(seen) == 1 and seen[0] is not old
    assert type(seen[0]) is QWidget  # the blank, while the listeners run
    assert type(window.central_view) is type(old)  # the fight view, once the open is over
    assert window.central_view.isVisible()


def test_an_open_shows_the_fight_view_a_slot_after_building_it(window, tmp_path, monkeypatch):
    """The new fight view is built in one slot and put in the window in a later one:
    its first layout and paint (which follow its insertion in the loop's next turn) are
    not added to the slot that built it."""
    from tracker.qt import window_central

    path = Path(tmp_path) / "fight.json"
    assert window.save_to(path)
    beats = [0]
    heartbeat = QTimer()
    heartbeat.setInterval(0)
    heartbeat.timeout.connect(lambda: beats.__setitem__(0, beats[0] + 1))
    built: list[int] = []
    shown: list[int] = []
    real_ui_for = window_central.ui_for

    class CountedUi:
        def __init__(self, ui: Any) -> None:
            self.ui = ui

        def __getattr__(self, name: str) -> object:
            return getattr(self.ui, name)

        def central_view(self, document: object) -> QWidget:
            built.append(beats[0])
            return self.ui.central_view(document)

    monkeypatch.setattr(window_central, "ui_for", lambda ruleset: CountedUi(real_ui_for(ruleset)))
    set_view = window._set_central_view

    def set_central_view(view: QWidget) -> None:
        if type(view) is not QWidget:  # not the blank
            shown.append(beats[0])
        set_view(view)

    monkeypatch.setattr(window, "_set_central_view", set_central_view)
    heartbeat.start()
    try:
        assert window.open_path(path)
    finally:
        heartbeat.stop()
    assert len(built) == 1 and len(shown) == 1
    assert shown[0] > built[0]  # the event loop ran in between
    assert window.central_view.isVisible()


def test_an_open_pauses_the_collector(window, tmp_path, monkeypatch):
    """While an open builds the new encounter, the cyclic collector is off (its objects
    would set off a full collection on the worker, the window frozen); after, on."""
    path = Path(tmp_path) / "fight.json"
    assert window.save_to(path)
    enabled: list[bool] = []
    opened = window_files.open_encounter

    def open_encounter(source: Path):
        enabled.append(gc.isenabled())
        return opened(source)

    monkeypatch.setattr(window_files, "open_encounter", open_encounter)
    assert gc.isenabled()
    assert window.open_path(path)
    assert enabled == [False] and gc.isenabled()
