"""How often start-up reads a journal: the sweep of leftovers, the "Resume?" question,
the recovery and journaling on each ask for it, and its files are read, parsed and
checked once (issue 26, point 4) unless they changed since, even a journal written a
moment before (a restart right after a crash), as long as the file system's clock has
moved on since; until it has, a change keeps a file's times and its bytes are
compared instead (`journal_cache`). A journal read keeps its lines once."""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.fights import playthrough, walk_alike
from tracker.engine.session import Session
from tracker.persistence import files as files_module
from tracker.persistence import journal_cache
from tracker.persistence import recovery as recovery_module
from tracker.persistence.journal import Journal
from tracker.persistence.journal_lines import read_lines
from tracker.persistence.recovery import journal_folders, pending_journal, recover_journal


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Path], list[Path], list[int]]:
    """The files read (base and events), the encounters built from a base and the
    events files whose lines were checked, from now on."""
    reads: list[Path] = []
    built: list[Path] = []
    checked: list[int] = []
    real_read, real_build = files_module.read_regular, recovery_module.encounter_from_document
    real_lines = recovery_module.read_lines

    def counted_read(path: Path, *args: Any) -> bytes:
        reads.append(Path(path))
        return real_read(path, *args)

    def counted_build(document: Any, path: Path) -> Any:
        built.append(path)
        return real_build(document, path)

    def counted_lines(data: bytes, journal_id: str) -> Any:
        checked.append(len(data))
        return real_lines(data, journal_id)

    for module in (files_module, recovery_module):
        monkeypatch.setattr(module, "read_regular", counted_read)
    monkeypatch.setattr(recovery_module, "encounter_from_document", counted_build)
    monkeypatch.setattr(recovery_module, "read_lines", counted_lines)
    recovery_module.forget_last_read()
    return reads, built, checked


def _start_up(folder: Path) -> Session:
    """What start-up does with a journal the GM resumes: the sweep of leftovers, the
    question, the recovery, journaling on."""
    journal_folders(folder)
    assert pending_journal(folder) is not None
    resumed = recover_journal(folder).session
    Journal.resume(folder, resumed).detach()
    return resumed


def test_start_up_reads_and_checks_the_journal_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up reads the journal four times in turn: its files (the base is the
    encounter opened, which may be large; the events file megabytes for a long fight)
    are read, parsed and checked once (issue 26, point 4) when they were last changed
    some seconds before, as a kill leaves them; a file changed since is read anew."""
    folder = tmp_path / "journal"
    session, _ = playthrough("priority", 2, folder, steps=40)
    base, events = folder / "base.json", folder / "events.jsonl"
    past = time.time() - 60
    for path in (base, events):
        os.utime(path, (past, past))
    reads, built, checked = _count_reads(monkeypatch)
    walk_alike(session, _start_up(folder))
    assert reads.count(base) == reads.count(events) == 1
    assert len(built) == len(checked) == 1
    # A file changed since it was read (its times put back: its size and change time
    # tell) is read anew.
    for path in (base, events):
        os.utime(path, (past, past))
    assert pending_journal(folder) == pending_journal(folder)
    assert reads.count(events) == 2
    with events.open("ab") as handle:
        handle.write(b'{"seq":1000}\n')
    os.utime(events, (past, past))
    info = pending_journal(folder)
    assert info is not None and info.unread == 1 and reads.count(events) == 3


def test_a_journal_written_just_now_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM who starts again a moment after a crash: the journal's files, modified a
    moment ago, are read once all the same (the file system's clock has moved on since:
    a file made in their folder now has a later time), and nothing is left in the
    folder by finding that out."""
    folder = tmp_path / "journal"
    session, _ = playthrough("priority", 2, folder, steps=40)
    base, events = folder / "base.json", folder / "events.jsonl"
    assert time.time_ns() - events.stat().st_mtime_ns < journal_cache.RACY_NS
    _wait_for_the_clock(folder, events)
    reads, built, checked = _count_reads(monkeypatch)
    walk_alike(session, _start_up(folder))
    assert reads.count(base) == reads.count(events) == 1
    assert len(built) == len(checked) == 1
    assert sorted(path.name for path in folder.iterdir()) == ["base.json", "events.jsonl"]


def _wait_for_the_clock(folder: Path, path: Path) -> None:
    """Until the file system's clock has moved on since `path` was last modified (a
    tick is a few milliseconds; a restart takes longer)."""
    modified = path.stat().st_mtime_ns
    present = journal_cache._present(folder)
    while present is not None and present[1] <= modified:
        present = journal_cache._present(folder)
    assert present is not None


def _clock_not_moved_on(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """The journal's files modified in the present tick of the file system's clock (2 s
    on FAT): a file made now has the same time as they."""
    now = time.time_ns()
    for name in ("base.json", "events.jsonl"):
        os.utime(folder / name, ns=(now, now))
    monkeypatch.setattr(journal_cache, "_present", lambda place: (place.stat().st_dev, now))


def test_a_journal_written_in_the_present_tick_is_compared_by_its_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files changed in the present tick of the file system's clock (a change in the
    same tick keeps their times) are read each time, but parsed and checked once while
    their bytes are the same."""
    folder = tmp_path / "journal"
    session, _ = playthrough("priority", 2, folder, steps=40)
    _clock_not_moved_on(monkeypatch, folder)
    reads, built, checked = _count_reads(monkeypatch)
    walk_alike(session, _start_up(folder))
    assert reads.count(folder / "base.json") == reads.count(folder / "events.jsonl") == 4
    assert len(built) == len(checked) == 1


def test_a_change_that_keeps_a_files_identity_in_the_present_tick_is_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change the file's identity cannot tell (its times and size the same, as on a
    file system whose clock ticks every 2 s) made before the clock moved on: the file is
    read again and its new bytes are used, never the lines read before."""
    folder = tmp_path / "journal"
    playthrough("priority", 2, folder, steps=40)
    _clock_not_moved_on(monkeypatch, folder)
    same = (1, 2, 3, time.time_ns(), 4)
    monkeypatch.setattr(recovery_module, "identity", lambda _path: same)
    recovery_module.forget_last_read()
    assert recover_journal(folder).complete
    events = folder / "events.jsonl"
    data = bytearray(events.read_bytes())
    data[len(data) // 2] ^= 0x01
    events.write_bytes(bytes(data))
    assert not recover_journal(folder).complete


def test_a_file_system_whose_clock_cannot_be_read_leaves_files_racily_clean(
    tmp_path: Path,
) -> None:
    """No file can be made in the folder (it cannot be written): a file modified a
    moment ago is compared by its bytes; one modified long ago is known by its
    identity."""
    path = tmp_path / "events.jsonl"
    path.write_bytes(b"{}\n")
    known = journal_cache.identity(path)
    assert known is not None
    _wait_for_the_clock(tmp_path, path)
    assert journal_cache.lasting(path, known)
    unwritable = tmp_path / "gone" / "events.jsonl"
    assert not journal_cache.lasting(unwritable, known)
    past = time.time() - 60
    os.utime(path, (past, past))
    old = journal_cache.identity(path)
    assert old is not None and journal_cache.lasting(unwritable, old)


def test_reading_keeps_each_line_once(tmp_path: Path) -> None:
    """The lines as written (`Lines.raw`, which journaling on checks against the file)
    are sliced from the file's bytes when asked, not copied as it is read: a long
    fight's journal is megabytes, and each copy as many new pages for the process to
    fault in (issue 26, point 4). A last line whose newline was lost reads with it."""
    folder = tmp_path / "journal"
    playthrough("initiative_ticks", 2, folder, steps=120)
    data = (folder / "events.jsonl").read_bytes()
    journal_id = json.loads((folder / "base.json").read_bytes())["journal_id"]
    tracemalloc.start()
    try:
        read = read_lines(data, journal_id)
        held = tracemalloc.get_traced_memory()[0]
        read.raw = type(read.raw)()  # what the lines as written hold, let go
        freed = held - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert freed < len(data) / 4
    lines = read_lines(data, journal_id)
    written = data.splitlines(keepends=True)
    assert list(lines.raw) == written and len(lines.records) == len(written)
    torn = read_lines(data[:-1], journal_id)
    assert list(torn.raw) == written and len(torn.records) == len(written)


def test_reading_marks_the_lines_other_than_applies(tmp_path: Path) -> None:
    """A long fight's journal is thousands of apply lines and a few hundred others (the
    header, undos, redos, saves, checkpoints): reading notes where those are
    (`Lines.marks`), and what counts changes or looks for saves and checkpoints (the
    question, the recovery, the sweep, journaling on) reads those only."""
    folder = tmp_path / "journal"
    playthrough("priority", 3, folder, steps=150)
    data = (folder / "events.jsonl").read_bytes()
    journal_id = json.loads((folder / "base.json").read_bytes())["journal_id"]
    for events in (data, data[:-1]):  # (the last line's newline lost: read too)
        lines = read_lines(events, journal_id)
        records = lines.records
        others = [i for i, record in enumerate(records) if i == 0 or record["op"] != "apply"]
        assert {"undo", "saved", "checkpoint"} <= {records[i]["op"] for i in others}
        assert set(others) <= set(lines.marks) and lines.marks == sorted(lines.marks)
        for start, stop in ((0, len(records)), (1, len(records) // 2), (7, 40), (30, 9)):
            changes = [r for r in records[start:stop] if r["op"] in ("apply", "undo", "redo")]
            assert lines.changes(start, stop) == len(changes)
            assert [r for r in lines.marked(start, stop) if r["op"] != "apply"] == [
                records[i] for i in others if start <= i < stop and records[i]["op"] != "apply"
            ]
