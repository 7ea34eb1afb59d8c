"""The crash-recovery journal stopped, set aside and begun again: close, detach and
discard; what a pending journal says; a folder that cannot be written, an append that
fails and a disk that fails; a reset starts a fresh base."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.persistence.journal_views import (
    MakeSession,
    events_of,
    journaled_renames,
)
from tracker.engine import (
    AddCombatant,
    RenameEncounter,
    Session,
)
from tracker.engine.changes import ChangeSet
from tracker.engine.session import SessionEvent
from tracker.persistence.files import FileFormatError
from tracker.persistence.journal import Journal, JournalError, discard_journal
from tracker.persistence.paths import encounters_dir
from tracker.persistence.recovery import pending_journal, recover


# --- stopping ----------------------------------------------------------------------------
def test_close_deletes_the_journal_and_stops_listening(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    assert pending_journal(folder) is not None
    journal.close()
    assert not journal.active
    assert list(folder.iterdir()) == []
    assert pending_journal(folder) is None
    session.apply(RenameEncounter("Bridge"))  # no longer journaled, and no error
    assert list(folder.iterdir()) == []
    journal.close()  # twice is harmless


def test_detach_keeps_the_files_but_stops_journaling(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = journaled_renames(make_setup_session, folder, "Ford")
    session.apply(RenameEncounter("Bridge"))
    assert recover(folder)[0].encounter.name == "Ford"


def test_discard_journal(make_setup_session: MakeSession, folder: Path) -> None:
    Journal.begin(folder, make_setup_session()).detach()
    discard_journal(folder)
    assert pending_journal(folder) is None
    assert list(folder.iterdir()) == []
    discard_journal(folder)  # nothing there: harmless


def test_no_pending_journal(folder: Path, tmp_path: Path) -> None:
    assert pending_journal(folder) is None
    assert pending_journal(tmp_path / "does-not-exist") is None
    (folder / "events.jsonl").write_bytes(b"")  # an empty events file holds nothing
    assert pending_journal(folder) is None
    with pytest.raises(FileFormatError, match="no crash-recovery journal"):
        recover(folder)


def test_events_without_their_base_are_reported_not_ignored(folder: Path) -> None:
    """A lost base.json: the events are a journal that cannot be resumed (the app sets
    it aside and says so), never nothing to resume (the next journal wrote over them)."""
    (folder / "events.jsonl").write_text('{"op":"undo"}\n', encoding="utf-8")
    info = pending_journal(folder)
    assert info is not None and info.problem is not None and "base.json" in info.problem


def test_pending_journal_describes_what_can_be_resumed(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    session.undo()
    session.redo()
    journal.set_saved_path(encounters_dir() / "ford.tracker.json")
    journal.detach()
    info = pending_journal(folder)
    assert info is not None
    assert info.directory == folder
    assert info.name == "Ambush at the ford"  # the base's name; the events rename it
    assert info.ruleset_id == "war_scroll"
    assert info.events == 3  # the "saved" mark is not a change
    assert info.saved_path == encounters_dir() / "ford.tracker.json"
    assert info.problem is None
    assert info.modified.timestamp() == pytest.approx(
        (folder / "events.jsonl").stat().st_mtime, abs=1
    )


def test_beginning_again_replaces_the_journal(
    make_setup_session: MakeSession, folder: Path
) -> None:
    first = make_setup_session()
    journal = Journal.begin(folder, first)
    first.apply(RenameEncounter("First"))
    journal.close()
    second = Session.new("Second", "war_scroll")
    journal = Journal.begin(folder, second)
    second.apply(AddCombatant("Solo", "party", stats={"speed": 7, "swiftness": 1}))
    journal.detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == second.encounter.to_dict()
    assert recovered.undo_text == "Add Solo"


# --- when writing fails -------------------------------------------------------------------
def test_begin_reports_an_unwritable_folder(
    make_setup_session: MakeSession, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the journal folder should be", encoding="utf-8")
    with pytest.raises(JournalError, match="Crash recovery is off"):
        Journal.begin(blocker / "journal", make_setup_session())


def test_a_failed_append_starts_a_fresh_base(
    make_setup_session: MakeSession, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    journal.sync()  # synced before the disk fails
    real_fsync = os.fsync
    calls = {"count": 0}

    def fsync_failing_once(descriptor: int) -> None:
        calls["count"] += 1
        if calls["count"] == 1:
            raise OSError(5, "Input/output error")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync_failing_once)
    session.apply(RenameEncounter("Bridge"))  # the line is written, its sync fails ...
    journal.sync()  # ... on the syncing thread: a new base is written
    monkeypatch.undo()
    assert journal.error is None and journal.active
    session.apply(RenameEncounter("Tower"))
    journal.detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
    assert recovered.undo_text == "Rename encounter to Tower"
    recovered.undo()
    assert recovered.encounter.name == "Bridge"
    assert not recovered.can_undo  # history before the failure is no longer journaled


def test_when_the_disk_fails_the_session_goes_on_without_a_journal(
    make_setup_session: MakeSession, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_setup_session()
    reported: list[JournalError] = []
    journal = Journal.begin(folder, session, on_error=reported.append)
    session.apply(RenameEncounter("Ford"))
    journal.sync()  # synced before the disk fails

    def no_space(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    heard: list[str] = []
    session.subscribe(lambda event: heard.append(event.kind))
    session.apply(RenameEncounter("Bridge"))  # no exception reaches the session
    journal.sync()  # the sync failed on its thread; then so did a fresh base
    monkeypatch.undo()

    assert session.encounter.name == "Bridge"
    assert heard == ["apply"]  # later listeners still hear the change
    assert not journal.active
    assert journal.error is not None and reported == [journal.error]
    assert "No space left on device" in str(journal.error)
    session.apply(RenameEncounter("Tower"))  # journaling has stopped
    # The line was written, only its sync failed; nothing was written after the failure,
    # and the failed attempt to write a fresh base left no temporary file behind.
    assert recover(folder)[0].encounter.name == "Bridge"
    assert sorted(p.name for p in folder.iterdir()) == ["base.json", "events.jsonl"]


def test_a_reset_starts_a_fresh_base(make_setup_session: MakeSession, folder: Path) -> None:
    """The engine announces "reset" when a whole encounter is replaced; the journal then
    journals the new encounter from scratch."""
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    other = Session.new("Replacement", "war_scroll")
    other.apply(RenameEncounter("Replacement 2"))
    session.encounter = other.encounter
    # No public engine call emits "reset" yet; announce it as the session would.
    session._tell(SessionEvent("reset", ChangeSet()))
    journal.detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == other.encounter.to_dict()
    assert [event["op"] for event in events_of(folder)] == ["begin"]
