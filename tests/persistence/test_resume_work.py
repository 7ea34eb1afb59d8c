"""What a resume works out, counted (issue 26, point 4: resuming a long fight to a
usable window at most 1.5x a plain start): the undo stacks and the log are worked out
at the checkpoints recovery uses, not at every one; a journal whose last checkpoint
cannot be used still resumes from the one before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.fights import playthrough, walk_alike
from tracker.persistence import checkpoints as checkpoints_module
from tracker.persistence.journal_lines import encode_line
from tracker.persistence.recovery import recover_journal


def _checkpoints(folder: Path) -> list[int]:
    lines = (folder / "events.jsonl").read_bytes().splitlines()
    return [i for i, line in enumerate(lines) if b'"op":"checkpoint"' in line]


def _count_folds(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The checkpoints (line indexes) each call of `_folds` works the stacks out at."""
    asked: list[list[int]] = []
    real = checkpoints_module._folds

    def counted(log: Any, records: Any, stops: list[int]) -> Any:
        asked.append(list(stops))
        return real(log, records, stops)

    monkeypatch.setattr(checkpoints_module, "_folds", counted)
    return asked


def test_a_resume_works_out_the_stacks_at_the_last_two_checkpoints_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each stop is a copy of the whole undo history and log (84 checkpoints in a
    2,000-turn fight, thousands of entries each): a sound journal resumes from its last
    checkpoint, checked from the one before, and no other is worked out."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=200)
    marks = _checkpoints(folder)
    assert len(marks) >= 4
    asked = _count_folds(monkeypatch)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-1]
    assert asked == [marks[-2:]]
    walk_alike(session, recovery.session)


def test_a_last_checkpoint_that_cannot_be_used_has_the_others_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last checkpoint edited (its clock unreadable, the checksum made anew): the
    one before is used, checked from the one before it, which is then worked out, and
    nothing of the fight is lost."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=200)
    marks = _checkpoints(folder)
    assert len(marks) >= 4
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    lines = (folder / "events.jsonl").read_bytes().splitlines(keepends=True)
    entry = json.loads(lines[marks[-1]])
    del entry["seq"], entry["crc"]
    entry["document"]["encounter"]["clock"] = {"cycle": "three"}
    lines[marks[-1]] = encode_line(journal_id, marks[-1], entry)
    (folder / "events.jsonl").write_bytes(b"".join(lines))
    asked = _count_folds(monkeypatch)
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start == marks[-2]
    assert asked == [marks[-2:], marks]
    walk_alike(session, recovery.session)
