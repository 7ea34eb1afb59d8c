"""What a resume works out, counted (issue 26, point 4: resuming a long fight to a
usable window at most 1.5x a plain start): the undo stacks and the log are worked out
at the checkpoints recovery uses, not at every one; a journal whose last checkpoint
cannot be used still resumes from the one before; the entries of the undo history are
made as the GM reaches them, and a damaged line of it is still found at the resume."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.fights import playthrough, walk_alike
from tracker.engine.commands import Command
from tracker.engine.session import Applied
from tracker.persistence import checkpoints as checkpoints_module
from tracker.persistence import restored as restored_module
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


def _edited(folder: Path, index: int, change: Any) -> None:
    """Line `index` of the events file changed by `change` (on its JSON), its checksum
    made anew: an edit only replay can tell."""
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    lines = (folder / "events.jsonl").read_bytes().splitlines(keepends=True)
    entry = json.loads(lines[index])
    del entry["seq"], entry["crc"]
    change(entry)
    lines[index] = encode_line(journal_id, index, entry)
    (folder / "events.jsonl").write_bytes(b"".join(lines))


def test_a_resume_makes_the_entries_of_its_history_as_they_are_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history before the checkpoint recovery starts at is thousands of entries in
    a long fight: none is made at the resume; an undo makes the one it undoes."""
    folder = tmp_path / "journal"
    session, _ = playthrough("war_scroll", 1, folder, steps=200)
    made: list[object] = []
    real = restored_module.StoredRecord

    def counted(*args: Any) -> Any:
        made.append(args)
        return real(*args)

    monkeypatch.setattr(restored_module, "StoredRecord", counted)
    recovery = recover_journal(folder)
    assert recovery.complete and made == []
    resumed = recovery.session
    while resumed.can_undo and not made:
        assert resumed.undo_text == session.undo_text
        resumed.undo()
        session.undo()
    assert len(made) == 1
    walk_alike(session, resumed)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda entry: entry.update(command={"type": "Teleport"}),
            "the change could not be replayed (Unknown command type 'Teleport'.)",
        ),
        (
            lambda entry: entry.pop("text"),
            "the change could not be replayed (it does not follow from the changes before it:"
            " the journal was edited)",
        ),
    ],
)
def test_a_damaged_line_of_the_history_is_refused_at_the_resume(
    tmp_path: Path, change: Any, problem: str
) -> None:
    """A line of the history before the checkpoints recovery could start at, its
    command or text edited: found at the resume (the entries are made later), the
    fight resumed at the checkpoint before it, the line named."""
    folder = tmp_path / "journal"
    playthrough("war_scroll", 1, folder, steps=200)
    marks = _checkpoints(folder)
    lines = (folder / "events.jsonl").read_bytes().splitlines()
    index = next(i for i in range(marks[0] + 1, marks[1]) if b'"op":"apply"' in lines[i])
    _edited(folder, index, change)
    recovery = recover_journal(folder)
    assert (recovery.start, recovery.lines) == (marks[0], marks[0] + 1)
    assert (recovery.failed_at, recovery.problem) == (index + 1, problem)
    assert recovery.unread == len(lines) - marks[0] - 1


def test_a_resume_reads_each_command_of_its_history_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long fight ends a turn thousands of times: a command whose data is the very
    data the last command of its type had is not read again (the command is frozen,
    and shared); every entry still has the command of its line, to the JSON type of
    each value."""
    folder = tmp_path / "journal"
    session, _ = playthrough("initiative_ticks", 1, folder, steps=200)
    read: list[dict[str, Any]] = []
    real = Command.from_dict

    def counted(data: dict[str, Any]) -> Command:
        read.append(data)
        return real(data)

    monkeypatch.setattr(Command, "from_dict", staticmethod(counted))
    resumed = recover_journal(folder).session
    assert len(read) < (len(resumed.history) + len(resumed.undone)) / 2

    def commands(entries: list[Applied]) -> list[str]:
        return [json.dumps(entry.command.to_dict()) for entry in entries]

    assert commands(resumed.history) == commands(session.history)
    assert commands(resumed.undone) == commands(session.undone)
