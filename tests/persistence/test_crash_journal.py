"""The crash-recovery journal: every change is on disk as it happens, and `recover`
rebuilds the session exactly, undo and redo history included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    EndTurn,
    RenameEncounter,
    RulesetAction,
    Session,
)
from tracker.engine.changes import ChangeSet
from tracker.engine.session import SessionEvent
from tracker.persistence.files import SCHEMA_VERSION, FileFormatError, save_encounter
from tracker.persistence.journal import Journal, JournalError, discard_journal
from tracker.persistence.journal_lines import encode_line
from tracker.persistence.paths import encounters_dir, journal_dir
from tracker.persistence.recovery import pending_journal, recover, recover_journal

MakeSession = Callable[[], Session]
Play = Callable[[Session], None]


@pytest.fixture
def folder() -> Path:
    return journal_dir()


def view(session: Session) -> dict[str, Any]:
    """Everything a GM can see of a session, undo and redo included."""
    return {
        "encounter": session.encounter.to_dict(),
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "undo_text": session.undo_text,
        "redo_text": session.redo_text,
        "history": [applied.text for applied in session.history],
    }


def walk_history(session: Session) -> list[dict[str, Any]]:
    """Every state reached by undoing all the way, then redoing all the way."""
    states = [view(session)]
    while session.can_undo:
        session.undo()
        states.append(view(session))
    while session.can_redo:
        session.redo()
        states.append(view(session))
    return states


def events_of(folder: Path) -> list[dict[str, Any]]:
    """The entries of the events file, each checked for its number and checksum."""
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    entries = []
    for number, line in enumerate(lines):
        entry = json.loads(line)
        assert entry.pop("seq") == number
        assert len(entry.pop("crc")) == 8
        entries.append(entry)
    return entries


def fresh() -> Session:
    """The session a journal begins with when the GM creates an encounter."""
    return Session.new("Ambush at the ford", "war_scroll")


def mixed_history(session: Session, add_party: Play, play: Play) -> None:
    """Set up, play into the War, then undo, redo and branch."""
    add_party(session)
    play(session)
    session.undo()
    session.undo()
    session.undo()
    session.redo()
    session.apply(RulesetAction("spend_ap", None, {"amount": 1}))  # clears the redo stack
    session.apply(EndTurn())
    session.undo()
    session.undo()
    session.redo()  # one change left to redo


# --- writing -----------------------------------------------------------------------------
def test_begin_writes_a_base_and_an_events_file(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    saved = encounters_dir() / "ambush.tracker.json"
    journal = Journal.begin(folder, session, saved)
    base = json.loads((folder / "base.json").read_text(encoding="utf-8"))
    assert base["format"] == "tracker-encounter"
    assert base["schema_version"] == SCHEMA_VERSION
    assert base["encounter"] == session.encounter.to_dict()
    assert base["saved_path"] == str(saved)
    assert events_of(folder) == [{"op": "begin", "journal_id": base["journal_id"]}]
    assert journal.active and journal.saved_path == saved
    journal.close()


def test_each_change_is_one_line_on_disk_at_once(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(AddCombatant("Dusk", "neutral", stats={"speed": 7, "swiftness": 2}))
    (line,) = events_of(folder)[1:]
    record, log = line.pop("record"), line.pop("log")
    assert line == {
        "op": "apply",
        "record_size": len(json.dumps(record, separators=(",", ":"))),
        "command": {
            "type": "AddCombatant",
            "name": "Dusk",
            "side": "neutral",
            "hidden": False,
            "notes": "",
            "stats": {"speed": 7, "swiftness": 2},
            "count": 1,
        },
        "text": "Add Dusk",
    }
    # The undo record: the id counter moved on, Dusk was inserted, and a log line.
    assert record["touched"] == [[["encounter", None], {"next_id": 5}, {"next_id": 6}]]
    dusk = session.encounter.combatant("c5").to_dict()
    assert record["edits"] == [["insert", "combatants", 3, dusk]]
    assert log == [
        ["insert", 4, {"when": "setup", "text": "Dusk joins (neutral).", "kind": "change"}]
    ]
    session.undo()
    session.redo()
    target = encounters_dir() / "saved.tracker.json"
    journal.set_saved_path(target)
    assert [event["op"] for event in events_of(folder)] == [
        "begin",
        "apply",
        "undo",
        "redo",
        "saved",
    ]
    assert events_of(folder)[-1]["path"] == str(target)
    journal.close()


def test_a_refused_command_is_not_journaled(make_setup_session: MakeSession, folder: Path) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    with pytest.raises(Exception, match="start the encounter first"):
        session.apply(EndTurn())
    assert len(events_of(folder)) == 1
    journal.detach()


# --- recovering --------------------------------------------------------------------------
def test_recover_rebuilds_state_and_history(
    add_party: Play, play_into_war: Play, folder: Path
) -> None:
    session = fresh()
    journal = Journal.begin(folder, session)
    mixed_history(session, add_party, play_into_war)
    journal.detach()  # the files stay, as after a crash

    recovered, saved_path = recover(folder)
    assert saved_path is None
    assert view(recovered) == view(session)
    assert recovered.can_undo and recovered.can_redo
    assert recovered.encounter.clock.cycle == 2
    # Undoing and redoing after recovery passes through the same states as the original.
    assert walk_history(recovered) == walk_history(session)


def test_recover_in_setup_with_nothing_to_replay(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    Journal.begin(folder, session).detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
    assert not recovered.can_undo and not recovered.can_redo


def test_recover_never_writes(
    make_setup_session: MakeSession, play_into_war: Play, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    play_into_war(session)
    journal.detach()
    (folder / "events.jsonl").open("ab").write(b'{"op": "und')  # a torn tail
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    recover(folder)
    pending_journal(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_the_saved_path_is_recovered(make_setup_session: MakeSession, folder: Path) -> None:
    first = encounters_dir() / "first.tracker.json"
    second = encounters_dir() / "second.tracker.json"
    session = make_setup_session()
    journal = Journal.begin(folder, session, first)
    journal.detach()
    assert recover(folder)[1] == first

    journal = Journal.begin(folder, session, first)
    session.apply(RenameEncounter("Ford at dusk"))
    save_encounter(session.encounter, second)
    journal.set_saved_path(second)
    session.apply(RenameEncounter("Ford at night"))
    journal.detach()
    recovered, saved_path = recover(folder)
    assert saved_path == second
    assert recovered.encounter.name == "Ford at night"


def test_a_torn_last_line_is_ignored(add_party: Play, play_into_war: Play, folder: Path) -> None:
    session = fresh()
    journal = Journal.begin(folder, session)
    add_party(session)
    play_into_war(session)
    expected = view(session)
    journal.detach()
    torn = b'{"op":"apply","command":{"type":"EndTurn"'
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(torn)
    recovered, _ = recover(folder)
    assert view(recovered) == expected


def test_zero_bytes_left_by_a_power_cut_are_ignored(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    journal.detach()
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(b"\x00" * 64)
    assert recover(folder)[0].encounter.name == "Ford"


def test_a_bad_line_in_the_middle_stops_recovery_there(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    session.apply(RenameEncounter("Bridge"))
    session.apply(RenameEncounter("Tower"))
    journal.detach()
    path = folder / "events.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    lines[2] = b'{"op": "apply", "comm\n'
    path.write_bytes(b"".join(lines))
    with pytest.raises(FileFormatError, match=r"damaged at line 3 of events\.jsonl: it has no"):
        recover(folder)
    recovery = recover_journal(folder)
    assert recovery.session.encounter.name == "Ford"  # line 2, the last good one
    assert (recovery.changes, recovery.lines, recovery.unread) == (1, 2, 2)
    assert recovery.report() == (
        "Resumed at Setting up: the War has not begun; 2 later changes could not be read. "
        "Line 3: it has no checksum, it was cut or changed."
    )
    info = pending_journal(folder)
    assert info is not None and info.problem is None
    assert (info.events, info.unread) == (1, 2)


def _append_entry(folder: Path, entry: dict[str, Any]) -> None:
    """Append a well-formed line (right number, right checksum) holding `entry`."""
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    path = folder / "events.jsonl"
    count = len(path.read_bytes().splitlines())
    with path.open("ab") as handle:
        handle.write(encode_line(journal_id, count, entry))


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"op": "jump"}, r"line 2 of events\.jsonl: unknown entry 'jump'"),
        ({"op": "apply"}, r"line 2 of events\.jsonl: the change it records is missing"),
        ({"op": "saved", "path": 3}, r"line 2 of events\.jsonl: the saved file's name is not"),
        ({"op": "apply", "command": {"type": "Teleport"}}, r"Unknown command type"),
        ({"op": "undo"}, r"line 2 of events\.jsonl: .*replayed \(Nothing to undo"),
        ({"op": "apply", "command": {"type": "EndTurn"}}, r"start the encounter first"),
    ],
)
def test_entries_that_cannot_be_replayed_are_damage(
    make_setup_session: MakeSession, folder: Path, entry: dict[str, Any], expected: str
) -> None:
    session = make_setup_session()
    Journal.begin(folder, session).detach()
    _append_entry(folder, entry)
    _append_entry(folder, {"op": "apply", "command": RenameEncounter("Later").to_dict()})
    with pytest.raises(FileFormatError, match=expected):
        recover(folder)
    recovery = recover_journal(folder)
    assert recovery.session.encounter.to_dict() == session.encounter.to_dict()
    assert (recovery.lines, recovery.unread) == (1, 2)


def test_a_line_numbered_out_of_turn_stops_recovery(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    session.apply(RenameEncounter("Bridge"))
    journal.detach()
    path = folder / "events.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([lines[0], lines[1], lines[1], lines[2]]))  # repeated
    recovery = recover_journal(folder)
    assert recovery.session.encounter.name == "Ford"
    assert recovery.unread == 2 and "numbered 1 where 2 was expected" in (recovery.problem or "")
    path.write_bytes(b"".join([lines[0], lines[2], lines[1]]))  # swapped
    assert recover_journal(folder).session.encounter.name == "Ambush at the ford"


def test_events_of_an_older_journal_are_ignored(
    make_setup_session: MakeSession, folder: Path
) -> None:
    """Stopped between writing a new base and its new events file: the old events do not
    belong to the new base and must not be replayed on it."""
    old = make_setup_session()
    journal = Journal.begin(folder, old)
    old.apply(RenameEncounter("Old encounter"))
    journal.detach()
    old_events = (folder / "events.jsonl").read_bytes()

    new = Session.new("New encounter", "war_scroll")
    Journal.begin(folder, new).detach()
    (folder / "events.jsonl").write_bytes(old_events)
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == new.encounter.to_dict()
    assert not recovered.can_undo


def test_a_base_of_an_uninstalled_ruleset_cannot_be_recovered(
    make_setup_session: MakeSession, folder: Path
) -> None:
    Journal.begin(folder, make_setup_session()).detach()
    base = folder / "base.json"
    document = json.loads(base.read_text(encoding="utf-8"))
    document["encounter"]["ruleset_id"] = "chrono_wheel"
    base.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(FileFormatError, match="'chrono_wheel', which is not installed"):
        recover(folder)
    info = pending_journal(folder)
    assert info is not None
    assert info.name == "Ambush at the ford" and info.ruleset_id == "chrono_wheel"
    assert info.problem is not None and "not installed" in info.problem


# --- a real crash ------------------------------------------------------------------------
SCENARIO = textwrap.dedent(
    """
    from tracker.engine import (
        AddCombatant, AddEffect, EndTurn, RulesetAction, Session, StartEncounter,
    )

    def play(session):
        session.apply(AddCombatant("Aurel", "party",
                                   stats={"speed": 17, "swiftness": 9, "allegiance": "holy"}))
        session.apply(AddCombatant("Brakk", "enemy",
                                   stats={"speed": 10, "swiftness": 5, "allegiance": "fallen"}))
        session.apply(AddEffect("Blessed", "c1", duration={"cycles": 1}))
        session.apply(StartEncounter())
        session.apply(RulesetAction("spend_ap", None, {"amount": 3}))
        for _ in range(3):
            session.apply(EndTurn())
        session.apply(RulesetAction("bonus_ap", "c2", {"amount": 4, "turn": "next"}))
        session.apply(AddEffect("Stunned", "c2", creator_id="c1", duration={"cycles": 1}))
        session.undo()
        session.redo()
        for _ in range(4):
            session.apply(EndTurn())
        session.undo()
        session.undo()
        session.redo()
    """
)

CRASH = SCENARIO + textwrap.dedent(
    """
        import os, sys
        from pathlib import Path
        from tracker.persistence.journal import Journal

        session = Session.new("Killed mid-War", "war_scroll")
        Journal.begin(Path(sys.argv[1]), session, Path(sys.argv[2]))
        play(session)
        os._exit(1)  # killed: no clean-up, no close()
        """
)


def test_recover_after_the_process_was_killed(folder: Path) -> None:
    saved = encounters_dir() / "killed.tracker.json"
    result = subprocess.run(
        [sys.executable, "-c", CRASH, str(folder), str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert result.returncode == 1, result.stderr

    namespace: dict[str, Any] = {}
    exec(SCENARIO, namespace)
    expected = Session.new("Killed mid-War", "war_scroll")
    namespace["play"](expected)

    info = pending_journal(folder)
    assert info is not None
    assert info.name == "Killed mid-War"
    assert info.ruleset_id == "war_scroll"
    assert info.events == 19  # 16 applies and 3 undos, 2 redos: see SCENARIO
    assert info.saved_path == saved
    assert info.problem is None

    recovered, saved_path = recover(folder)
    assert saved_path == saved
    assert view(recovered) == view(expected)
    assert recovered.can_redo and recovered.redo_text == expected.redo_text != ""
    assert walk_history(recovered) == walk_history(expected)


# --- resuming after recovery -------------------------------------------------------------
def test_resume_keeps_the_whole_history_across_a_second_crash(
    add_party: Play, play_into_war: Play, folder: Path
) -> None:
    session = fresh()
    journal = Journal.begin(folder, session, encounters_dir() / "a.tracker.json")
    add_party(session)
    play_into_war(session)
    session.undo()
    journal.detach()
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(b'{"op":"re')  # torn by the first crash

    recovered, _ = recover(folder)
    journal = Journal.resume(folder, recovered)
    assert journal.saved_path == encounters_dir() / "a.tracker.json"
    for target in (session, recovered):
        target.apply(RulesetAction("spend_ap", None, {"amount": 2}))
        target.apply(EndTurn())
        target.undo()
    journal.detach()  # second crash

    again, saved_path = recover(folder)
    assert saved_path == encounters_dir() / "a.tracker.json"
    assert view(again) == view(session)
    assert walk_history(again) == walk_history(session)


def test_resume_goes_on_from_the_last_good_line(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    session.apply(RenameEncounter("Bridge"))
    journal.detach()
    path = folder / "events.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    lines[2] = b"garbage\n"
    path.write_bytes(b"".join(lines))
    recovered = recover_journal(folder).session
    journal = Journal.resume(folder, recovered)
    assert path.read_bytes() == b"".join(lines[:2])
    recovered.apply(RenameEncounter("Tower"))
    journal.detach()
    again = recover_journal(folder)
    assert again.complete and again.session.encounter.name == "Tower"
    again.session.undo()
    assert again.session.encounter.name == "Ford"


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
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    journal.detach()
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


def test_persistence_never_imports_qt() -> None:
    code = (
        "import sys, tracker.persistence, tracker.persistence.journal, "
        "tracker.persistence.files, tracker.persistence.paths; "
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))]"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_an_events_file_that_is_a_pipe_or_a_device_is_refused_never_read(
    make_setup_session: MakeSession, folder: Path
) -> None:
    """The events file is read only as a regular file (issue 22): a named pipe in its
    place would hang start-up for ever, /dev/zero exhaust its memory. Either makes the
    journal one that cannot be resumed (start-up sets it aside and says so)."""
    from tests.damage.special_paths import PipeGuard

    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(RenameEncounter("Ford"))
    journal.detach()
    events = folder / "events.jsonl"
    events.unlink()
    os.mkfifo(events)
    with PipeGuard(events) as guard:
        info = pending_journal(folder)
    assert not guard.hung
    assert (
        info is not None
        and info.problem
        == "The crash-recovery journal cannot be read: “events.jsonl” is a named pipe, "
        "not a Roundkeeper journal."
    )
    events.unlink()
    events.symlink_to("/dev/zero")
    info = pending_journal(folder)
    assert info is not None and info.problem is not None and "is a device" in info.problem
