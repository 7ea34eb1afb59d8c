"""Resuming from checkpoints: a fight resumed from its journal equals the one killed, its
whole undo and redo history included, for every installed ruleset and wherever the
checkpoints fell; a checkpoint that cannot be used is passed over for the one before (or
the base); a kill while a checkpoint is written loses nothing; journals of unnumbered
lines (older Trackers) resume too."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.fights import play_on_alike, playthrough, view, walk_alike
from tracker.engine import AddCombatant
from tracker.engine.registry import available_rulesets
from tracker.engine.session import Applied, Session
from tracker.engine.state import LogEntry
from tracker.persistence import checkpoints as checkpoints_module
from tracker.persistence import recovery as recovery_module
from tracker.persistence.checkpoints import LogDigests, log_digest
from tracker.persistence.journal import Journal
from tracker.persistence.journal_lines import (
    CRC_SUFFIX,
    checksum,
    dumps,
    encode_line,
    parse_record,
    read_lines,
)
from tracker.persistence.paths import journal_dir
from tracker.persistence.recovery import pending_journal, recover_journal

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(available_rulesets())
SEEDS = range(4)


def lines_of(folder: Path) -> list[bytes]:
    return (folder / "events.jsonl").read_bytes().splitlines(keepends=True)


def checkpoints_in(folder: Path) -> list[int]:
    return [i for i, line in enumerate(lines_of(folder)) if b'"op":"checkpoint"' in line]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_resumed_fight_equals_the_killed_one_undo_and_redo_included(
    ruleset_id: str, tmp_path: Path
) -> None:
    started_late = 0
    for seed in SEEDS:
        folder = tmp_path / f"journal-{seed}"
        session, _ = playthrough(ruleset_id, seed, folder, steps=100)
        recovery = recover_journal(folder)
        assert recovery.complete, recovery.problem
        marks = checkpoints_in(folder)
        assert recovery.start == (marks[-1] if marks else 0)
        started_late += recovery.start > 0
        walk_alike(session, recovery.session)
        play_on_alike(session, recovery.session, seed)
    assert started_late > 0


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_journaling_on_after_a_resume_survives_a_second_kill(
    ruleset_id: str, tmp_path: Path
) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough(ruleset_id, 7, folder, steps=60)
    resumed = recover_journal(folder).session
    journal = Journal.resume(folder, resumed, checkpoint_lines=3)
    play_on_alike(session, resumed, 7, steps=12)
    for _ in range(3):  # undone before the kill: recovery must keep them to redo
        if session.can_undo:
            session.undo()
            resumed.undo()
    journal.detach()
    again = recover_journal(folder)
    assert again.complete and again.start > 0
    walk_alike(session, again.session)


def _rewrite(folder: Path, index: int, change: Any) -> None:
    """Rewrite line `index` of the journal with its checksum made good again."""
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    lines = lines_of(folder)
    entry = json.loads(lines[index])
    del entry["seq"], entry["crc"]
    change(entry)
    lines[index] = encode_line(journal_id, index, entry)
    (folder / "events.jsonl").write_bytes(b"".join(lines))


@pytest.mark.parametrize("damage", ["the clock cannot be read", "not an encounter"])
def test_a_checkpoint_that_cannot_be_used_is_passed_over(damage: str, tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)
    assert len(marks) >= 2

    def spoil(entry: dict[str, Any]) -> None:
        if damage == "the clock cannot be read":
            entry["document"]["encounter"]["clock"] = {"cycle": "three"}
        elif damage == "the log does not match":
            entry["log"] += 1
        else:
            entry["document"] = {"format": "something else"}

    _rewrite(folder, marks[-1], spoil)
    recovery = recover_journal(folder)
    # The lines after the one before are replayed across the spoilt one: nothing is lost.
    assert recovery.complete and recovery.start == marks[-2]
    walk_alike(session, recovery.session)


def test_a_checkpoint_that_holds_another_encounter_stops_replay_there(tmp_path: Path) -> None:
    """A checkpoint that reads but is not what the lines before it replay to (here its
    log is one entry longer): either it or a line before it was edited, so recovery
    goes back to the checkpoint before, a state the fight surely passed through."""
    folder = tmp_path / "journal"
    _, views = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)

    def lengthen(entry: dict[str, Any]) -> None:
        entry["log"] += 1

    _rewrite(folder, marks[-1], lengthen)
    recovery = recover_journal(folder)
    assert recovery.failed_at == marks[-1] + 1 and recovery.lines == marks[-2] + 1
    assert recovery.problem is not None and "checkpoint" in recovery.problem
    assert view(recovery.session) == views[marks[-2]]


def test_checkpoints_that_all_hold_other_encounters_resume_from_the_base(
    tmp_path: Path,
) -> None:
    """Every checkpoint edited (its name changed, the checksum made anew): none is used,
    and recovery starts from the base as it is in the file, not from the base replayed
    onto while checking the first checkpoint (the journal, cut after the lines used,
    would then follow a state the session is not in)."""
    folder = tmp_path / "journal"
    _, views = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)
    assert len(marks) >= 2

    for mark in marks:  # each of its own name: none holds what the one before replays to

        def rename(entry: dict[str, Any], mark: int = mark) -> None:
            entry["document"]["encounter"]["name"] = f"Fight {mark}"

        _rewrite(folder, mark, rename)
    recovery = recover_journal(folder)
    assert recovery.start == 0 and recovery.failed_at == marks[0] + 1
    assert recovery.lines == 1 and view(recovery.session) == views[0]


def test_a_damaged_checkpoint_line_resumes_from_the_one_before(tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    _, views = playthrough("priority", 2, folder, steps=80)
    marks = checkpoints_in(folder)
    lines = lines_of(folder)
    spoilt = bytearray(lines[marks[-1]])
    spoilt[len(spoilt) // 2] ^= 0x04
    lines[marks[-1]] = bytes(spoilt)
    (folder / "events.jsonl").write_bytes(b"".join(lines))
    recovery = recover_journal(folder)
    assert recovery.start == marks[-2] and recovery.lines == marks[-1]
    assert "checksum" in (recovery.problem or "")
    assert view(recovery.session) == views[marks[-1] - 1]


def test_a_checkpoint_is_read_only_where_recovery_starts(tmp_path: Path) -> None:
    """A checkpoint's encounter is framed by its length, as an apply line's record:
    reading the journal checks the line but leaves the encounter as it was written, in
    the file's bytes, not even copied (read for the last two checkpoints at most, when
    recovery starts there: a fight of 50 combatants writes 30 KB a checkpoint)."""
    folder = tmp_path / "journal"
    session, _ = playthrough("initiative_ticks", 2, folder, steps=80)
    marks = checkpoints_in(folder)
    assert len(marks) >= 2
    assert all(b'"op":"checkpoint","document_size":' in lines_of(folder)[i] for i in marks)
    data = (folder / "events.jsonl").read_bytes()
    journal_id = json.loads((folder / "base.json").read_bytes())["journal_id"]
    documents = [json.loads(lines_of(folder)[i])["document"] for i in marks]
    tracemalloc.start()
    try:
        records = read_lines(data, journal_id).records
        held = tracemalloc.get_traced_memory()[0]
        for i in marks:  # what the documents hold, let go
            records[i]["document"] = None
        freed = held - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert freed < sum(len(dumps(document)) for document in documents) / 10
    records = recovery_module.read_journal(folder).lines.records
    assert [parse_record(records[i]["document"]) for i in marks] == documents
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    walk_alike(session, recovery.session)


@pytest.mark.parametrize(
    "document",
    [b"[" * 100_000 + b"]" * 100_000, b'"an encounter"', b'{"format":"something else"}'],
)
def test_a_framed_checkpoint_that_is_no_encounter_is_passed_over(
    document: bytes, tmp_path: Path
) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)

    def replace(entry: dict[str, Any]) -> None:
        entry["document"] = document

    _rewrite(folder, marks[-1], replace)
    assert document in lines_of(folder)[marks[-1]]
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-2]
    walk_alike(session, recovery.session)


def test_a_checkpoint_framed_with_a_wrong_length_stops_recovery_there(tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    _, views = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    lines = lines_of(folder)
    size = re.search(rb'"document_size":(\d+)', lines[marks[-1]])
    assert size is not None
    longer = int(size.group(1)) + 1
    line = lines[marks[-1]].replace(size.group(0), b'"document_size":%d' % longer, 1)
    payload = CRC_SUFFIX.sub(b"}", line.rstrip(b"\n"))
    lines[marks[-1]] = payload[:-1] + b',"crc":"%08x"}\n' % checksum(journal_id, payload)
    (folder / "events.jsonl").write_bytes(b"".join(lines))
    recovery = recover_journal(folder)
    assert recovery.start == marks[-2] and recovery.lines == marks[-1]
    assert "not valid JSON" in (recovery.problem or "")
    assert view(recovery.session) == views[marks[-1] - 1]


def test_an_unnumbered_journal_resumes_and_is_rewritten_numbered(tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough("ap_countdown", 3, folder, steps=50)
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    old = [b'{"op":"begin","journal_id":"%s"}\n' % journal_id.encode()]
    for line in lines_of(folder)[1:]:  # as Trackers wrote before lines were numbered
        entry = json.loads(line)
        kept = {key: entry[key] for key in ("op", "command", "path") if key in entry}
        if entry["op"] not in ("checkpoint", "saving"):
            old.append(json.dumps(kept, separators=(",", ":")).encode() + b"\n")
    (folder / "events.jsonl").write_bytes(b"".join(old) + b'{"op":"apply","comm')

    recovery = recover_journal(folder)
    assert recovery.complete and recovery.lines == len(old)
    walk_alike(session, recovery.session)
    journal = Journal.resume(folder, recovery.session)
    journal.detach()
    numbered = lines_of(folder)
    assert len(numbered) == len(old) and all(b'"crc":"' in line for line in numbered)
    walk_alike(session, recover_journal(folder).session)


KILL = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path
    from tests.persistence.fights import playthrough, view
    from tracker.persistence import journal as journal_module

    folder, how = Path(sys.argv[1]), sys.argv[2]
    real = journal_module.Journal._append

    def append(self, record):
        if record["op"] != "checkpoint" or self._seq < 40:
            return real(self, record)
        Path(sys.argv[3]).write_text(json.dumps(view(self.session)))
        line = journal_module.encode_line(self._journal_id, self._seq, record)
        Path(sys.argv[4]).write_text(str(self._seq))
        self._handle.write(line if how == "written" else line[: len(line) // 2])
        self._handle.flush()
        os._exit(9)

    journal_module.Journal._append = append
    playthrough("initiative_ticks", 5, folder, steps=200)
    os._exit(0)
    """
)


@pytest.mark.parametrize("how", ["torn", "written"])
def test_a_kill_while_a_checkpoint_is_written_loses_nothing(how: str, tmp_path: Path) -> None:
    folder = journal_dir()
    expected, at = tmp_path / "expected.json", tmp_path / "seq.txt"
    result = subprocess.run(
        [sys.executable, "-c", KILL, str(folder), how, str(expected), str(at)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert result.returncode == 9, result.stderr
    seq = int(at.read_text())
    recovery = recover_journal(folder)
    assert recovery.complete
    assert json.loads(json.dumps(view(recovery.session))) == json.loads(expected.read_text())
    if how == "torn":  # the piece was dropped: recovery started from the one before
        assert recovery.lines == seq and 0 < recovery.start < seq
    else:
        assert recovery.lines == seq + 1 and recovery.start == seq


def test_the_question_recovery_and_journaling_on_check_the_lines_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough("stamina_battle", 4, folder, steps=40)
    readings: list[int] = []
    real = recovery_module.read_lines

    def counted(data: bytes, journal_id: str) -> Any:
        readings.append(len(data))
        return real(data, journal_id)

    monkeypatch.setattr(recovery_module, "read_lines", counted)
    pending_journal(folder)
    resumed = recover_journal(folder).session
    Journal.resume(folder, resumed).detach()
    assert len(readings) == 1
    walk_alike(session, resumed)
    # A file changed since (the same length: one bit) is read anew, as is one read after
    # journaling on.
    data = bytearray((folder / "events.jsonl").read_bytes())
    data[len(data) // 2] ^= 0x01
    (folder / "events.jsonl").write_bytes(bytes(data))
    pending_journal(folder)
    assert len(readings) == 2 and not recover_journal(folder).complete


def test_log_digests_equal_log_digest_whatever_the_logs_share() -> None:
    entries = [LogEntry(f"Round {i}", f"Step {i} of é\u2028", "turn") for i in range(40)]
    other = LogEntry("Round 9", "Something else", "note")
    digests = LogDigests()
    for log in (
        entries,  # the longest first, as recovery asks
        entries[:25],  # a beginning of it
        entries[:9] + [other] + entries[10:30],  # the same up to an entry changed
        [],
        entries,  # longer again
        [LogEntry("Round 1", "Step 1 of é\u2028", "turn")],  # equal, not the same object
    ):
        assert digests(log) == log_digest(log)


def test_recovery_hashes_the_log_the_checkpoints_share_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The logs at the last checkpoint and at the one before begin alike: their
    fingerprints (a hash of every entry, thousands in a long fight) share that work."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)
    lengths = [json.loads(lines_of(folder)[mark])["log"] for mark in marks[-2:]]
    hashed: list[LogEntry] = []
    real = checkpoints_module._hash_entry

    def counted(entry: LogEntry, state: int) -> int:
        hashed.append(entry)
        return real(entry, state)

    monkeypatch.setattr(checkpoints_module, "_hash_entry", counted)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    assert max(lengths) <= len(hashed) < sum(lengths)
    walk_alike(session, recovery.session)


def test_a_journal_hashes_each_log_entry_once_for_its_checkpoints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each checkpoint names its log's fingerprint: a journal hashes the entries added
    since its last checkpoint, not the whole log again (thousands of entries, 3 ms at
    each checkpoint of a 2,000-turn fight), and its checkpoints are used."""
    hashed: list[LogEntry] = []
    real = checkpoints_module._hash_entry

    def counted(entry: LogEntry, state: int) -> int:
        hashed.append(entry)
        return real(entry, state)

    monkeypatch.setattr(checkpoints_module, "_hash_entry", counted)
    folder = tmp_path / "journal"
    session = Session.new("Ford", "priority")
    journal = Journal.begin(folder, session, checkpoint_lines=1)
    for number in range(6):
        session.apply(AddCombatant(f"Fighter {number}", "party"))
    journal.detach()
    marks = checkpoints_in(folder)
    assert len(marks) >= 3
    logged = json.loads(lines_of(folder)[marks[-1]])["log"]
    assert len(hashed) == len(set(map(id, hashed))) == logged
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]


def test_recovery_rebuilds_the_undo_history_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The session resumed is the one replayed from the checkpoint before the last to
    check the last: the history is rebuilt at one checkpoint, not at both (a long
    fight's thousands of entries, issue 26, point 4), and still equals the fight's."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)
    assert len(marks) >= 2
    rebuilt: list[int] = []
    real = Session.restore_history

    def counted(self: Session, done: list[Applied], undone: list[Applied]) -> None:
        rebuilt.append(len(done))
        real(self, done, undone)

    monkeypatch.setattr(Session, "restore_history", counted)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    assert len(rebuilt) == 1
    walk_alike(session, recovery.session)
