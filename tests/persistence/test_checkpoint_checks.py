"""How recovery checks the checkpoint it resumes at: the encounter replayed up to it is
compared with the bytes the checkpoint holds, written as the journal writes them, so
that its document need not be parsed (of the checkpoints, only the one the session is
built on is read); a checkpoint written otherwise (an older Roundkeeper's) is read and
compared as before, and one edited, even in the very form the journal writes, is
refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.fights import playthrough, view, walk_alike
from tests.persistence.test_checkpoints import _rewrite, checkpoints_in
from tracker.persistence import checkpoints
from tracker.persistence.files import encounter_from_document
from tracker.persistence.recovery import recover_journal


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the encounters built from checkpoint documents, as they are built."""
    read: list[str] = []

    def counted(document: dict[str, Any], path: Path) -> Any:
        encounter = encounter_from_document(document, path)
        read.append(encounter.name)
        return encounter

    monkeypatch.setattr(checkpoints, "encounter_from_document", counted)
    return read


@pytest.mark.parametrize("ruleset_id", ["initiative_ticks", "ap_countdown"])
def test_the_checkpoint_resumed_at_is_checked_without_being_parsed(
    ruleset_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "journal"
    session, _ = playthrough(ruleset_id, 2, folder, steps=80)
    marks = checkpoints_in(folder)
    assert len(marks) >= 2
    read = _count_reads(monkeypatch)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    assert len(read) == 1  # the checkpoint before, which the session is built on
    walk_alike(session, recovery.session)


def test_a_checkpoint_written_otherwise_is_read_and_compared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Members in another order and another form of its moment, as another writer may
    put them: not the journal's bytes, so the document is read, and it holds the
    encounter replayed."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)

    def reorder(entry: dict[str, Any]) -> None:
        document = entry["document"]
        encounter = dict(reversed(list(document["encounter"].items())))
        moment = "2026-11-28 00:12:00"
        entry["document"] = {"encounter": encounter, **document, "saved_at": moment}

    _rewrite(folder, marks[-1], reorder)
    read = _count_reads(monkeypatch)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    assert len(read) == 2
    walk_alike(session, recovery.session)


def test_a_checkpoint_edited_in_the_journals_own_form_is_refused(tmp_path: Path) -> None:
    """The name changed, every byte else as the journal writes it (checksum made anew):
    the lines before it replay to another encounter, so recovery goes back to the
    checkpoint before, a state the fight surely passed through."""
    folder = tmp_path / "journal"
    _, views = playthrough("initiative_ticks", 3, folder, steps=80)
    marks = checkpoints_in(folder)

    def rename(entry: dict[str, Any]) -> None:
        entry["document"]["encounter"]["name"] += " (edited)"

    _rewrite(folder, marks[-1], rename)
    line = (folder / "events.jsonl").read_bytes().splitlines()[marks[-1]]
    document = json.loads(line)["document"]
    assert document["encounter"]["name"].endswith(" (edited)")
    recovery = recover_journal(folder)
    assert recovery.failed_at == marks[-1] + 1 and recovery.lines == marks[-2] + 1
    assert recovery.problem is not None and "checkpoint" in recovery.problem
    assert view(recovery.session) == views[marks[-2]]


def test_a_checkpoint_that_cannot_be_read_is_passed_over_whatever_log_it_names(
    tmp_path: Path,
) -> None:
    """Its document no encounter and its log one entry longer: it cannot be used, and
    the replay across it from the checkpoint before passes it over as before."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=80)
    marks = checkpoints_in(folder)

    def spoil(entry: dict[str, Any]) -> None:
        entry["document"] = {"format": "something else"}
        entry["log"] += 1

    _rewrite(folder, marks[-1], spoil)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-2]
    walk_alike(session, recovery.session)
