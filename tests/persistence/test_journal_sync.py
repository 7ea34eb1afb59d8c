"""The journal's lines are written as each change happens and synced to disk on a thread
of their own (`journal_sync.Syncer`): the GUI does not wait for the disk, a killed app
loses nothing, and a save or `detach` waits for the sync."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tracker.engine import RenameEncounter, Session
from tracker.persistence.journal import Journal
from tracker.persistence.paths import journal_dir
from tracker.persistence.recovery import recover

MakeSession = Callable[[], Session]
WAIT_S = 10.0  # a bound on the waits below, never reached when the code is right


@dataclass
class HeldSyncs:
    """`os.fsync` replaced: each call records its thread, says it began (`entered`),
    waits until `release` is set and records the file's length."""

    entered: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)
    synced_lengths: list[int] = field(default_factory=list)

    def __call__(self, descriptor: int) -> None:
        self.threads.append(threading.current_thread())
        self.entered.set()
        self.release.wait(WAIT_S)
        self.synced_lengths.append(os.fstat(descriptor).st_size)


@pytest.fixture
def held() -> Iterator[HeldSyncs]:
    """Put in place of `os.fsync` once the journal has begun (its base is written and
    synced as before)."""
    syncs = HeldSyncs()
    yield syncs
    syncs.release.set()  # no syncing thread is left waiting


def last_op(folder: Path) -> dict[str, object]:
    """The last line of the events file, read through a handle of its own."""
    with open(folder / "events.jsonl", "rb") as events:
        line = events.read().splitlines()[-1]
    record: dict[str, object] = json.loads(line)
    return record


def test_a_change_is_in_the_file_at_once_while_its_sync_is_still_pending(
    make_setup_session: MakeSession, held: HeldSyncs, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = journal_dir()
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    monkeypatch.setattr(os, "fsync", held)
    session.apply(RenameEncounter("Ford"))  # returns while the sync waits on its thread
    assert not held.release.is_set()
    assert last_op(folder)["op"] == "apply"  # what a kill -9 leaves behind
    assert recover(folder)[0].encounter.name == "Ford"
    assert held.entered.wait(WAIT_S)  # the sync has begun, on another thread
    assert threading.main_thread() not in held.threads
    held.release.set()
    journal.detach()


def test_a_save_and_detach_wait_until_every_line_is_synced(
    make_setup_session: MakeSession,
    held: HeldSyncs,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    held.release.set()  # syncs go through, on the syncing thread
    folder = journal_dir()
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    monkeypatch.setattr(os, "fsync", held)
    session.apply(RenameEncounter("Ford"))
    session.apply(RenameEncounter("Bridge"))
    journal.note_saving(tmp_path / "ford.json", b"{}")
    events = folder / "events.jsonl"
    # The "saving" line is on disk before the save may replace the file.
    assert held.synced_lengths[-1] == events.stat().st_size
    assert last_op(folder)["op"] == "saving"
    session.apply(RenameEncounter("Tower"))
    journal.detach()
    assert held.synced_lengths[-1] == events.stat().st_size
    assert threading.main_thread() not in held.threads


@dataclass
class Wakes:
    """A `later` that keeps the wakes handed to it, to run them when the test says."""

    handed: list[Callable[[], None]] = field(default_factory=list)

    def __call__(self, wake: Callable[[], None]) -> None:
        self.handed.append(wake)

    def run(self) -> None:
        handed, self.handed = self.handed, []
        for wake in handed:
            wake()


@dataclass
class Deferred:
    """A journal begun with `later` (its wakes kept in `wakes`), its syncs held."""

    session: Session
    journal: Journal
    wakes: Wakes
    events: Path


def deferred(
    make_setup_session: MakeSession, held: HeldSyncs, monkeypatch: pytest.MonkeyPatch
) -> Deferred:
    held.release.set()  # syncs go through, on the syncing thread, once woken
    wakes = Wakes()
    folder = journal_dir()
    session = make_setup_session()
    journal = Journal.begin(folder, session, later=wakes)
    monkeypatch.setattr(os, "fsync", held)
    return Deferred(session, journal, wakes, folder / "events.jsonl")


def test_with_later_the_sync_waits_for_the_wake_and_covers_every_change_made_meanwhile(
    make_setup_session: MakeSession, held: HeldSyncs, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = deferred(make_setup_session, held, monkeypatch)
    session, journal, wakes, folder = made.session, made.journal, made.wakes, journal_dir()
    session.apply(RenameEncounter("Ford"))
    session.apply(RenameEncounter("Bridge"))
    assert last_op(folder)["op"] == "apply"  # in the file at once: a kill loses nothing
    assert recover(folder)[0].encounter.name == "Bridge"
    assert len(wakes.handed) == 1  # one wake for both changes
    assert not held.entered.is_set()  # nothing synced before the wake runs
    wakes.run()
    assert held.entered.wait(WAIT_S)
    journal.sync()
    assert held.synced_lengths == [made.events.stat().st_size]  # one sync, both lines
    assert threading.main_thread() not in held.threads
    session.apply(RenameEncounter("Tower"))
    assert len(wakes.handed) == 1  # the next change hands a wake again
    journal.detach()


def test_with_later_a_save_and_detach_sync_without_waiting_for_the_wake(
    make_setup_session: MakeSession,
    held: HeldSyncs,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    made = deferred(make_setup_session, held, monkeypatch)
    session, journal, events = made.session, made.journal, made.events
    session.apply(RenameEncounter("Ford"))
    journal.note_saving(tmp_path / "ford.json", b"{}")
    assert held.synced_lengths[-1] == events.stat().st_size  # before the save replaces it
    session.apply(RenameEncounter("Tower"))
    journal.detach()
    assert held.synced_lengths[-1] == events.stat().st_size
    synced = len(held.synced_lengths)
    made.wakes.run()  # a wake that runs after the journal stopped does nothing
    assert len(held.synced_lengths) == synced
