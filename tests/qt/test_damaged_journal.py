"""A crash journal that cannot be used never stops Roundkeeper from starting: it is set
aside (kept, not deleted), the GM is told where, and the sample encounter opens."""

from __future__ import annotations

import json

from tests.qt.test_resume import _play
from tracker.engine import EndTurn, StartEncounter
from tracker.persistence.recovery import pending_journal, recover_journal
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.main_window import MainWindow


def _journal_with_damaged_base(tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    first.document.undo_stack.set_clean()
    base = journal / "base.json"
    document = json.loads(base.read_text(encoding="utf-8"))
    document["encounter"]["combatants"][0]["runtime"] = ["not", "a", "state"]
    base.write_text(json.dumps(document), encoding="utf-8")
    return journal, first


def test_a_damaged_journal_base_is_set_aside_and_the_app_starts(qtbot, tmp_path):
    journal, first = _journal_with_damaged_base(tmp_path)
    damaged_base = (journal / "base.json").read_bytes()
    asked: list[str] = []
    told: list[tuple[str, object]] = []
    window = open_main_window(
        journal, ask=lambda q: asked.append(q) or True, tell=lambda p, f: told.append((p, f))
    )
    qtbot.addWidget(window)
    assert asked == []  # nothing to resume: it was not offered
    assert window.document.encounter.to_dict() == sample_session().encounter.to_dict()
    ((problem, folder),) = told
    assert "could not be resumed" in problem and "damaged" in problem
    assert f"The journal was kept in {folder}." in problem
    assert folder is not None and folder.parent == journal
    assert (folder / "base.json").read_bytes() == damaged_base  # kept as it was
    assert (folder / "events.jsonl").is_file()
    # The new window journals afresh in the same folder, once it is whole on screen.
    window.show()
    qtbot.waitUntil(lambda: pending_journal(journal) is not None, timeout=5000)
    first.close()


def test_a_damaged_line_resumes_up_to_the_last_good_one_and_keeps_a_copy(qtbot, tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    document = first.document
    document.apply(StartEncounter())
    document.apply(EndTurn())
    good = document.encounter.to_dict()  # after lines 1 and 2
    status = document.session.status().rstrip(". ")
    for _ in range(3):
        document.apply(EndTurn())
    first.document.undo_stack.set_clean()
    events = journal / "events.jsonl"
    lines = events.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b"EndTurn", b"EndTurm")  # an editor changed line 4
    events.write_bytes(b"".join(lines))
    damaged = events.read_bytes()
    asked: list[str] = []
    told: list[tuple[str, object]] = []
    window = open_main_window(
        journal, ask=lambda q: asked.append(q) or True, tell=lambda m, f: told.append((m, f))
    )
    qtbot.addWidget(window)
    assert "3 of its last changes cannot be read" in asked[0]
    assert window.document.encounter.to_dict() == good
    ((message, folder),) = told
    assert message.startswith(f"Resumed at {status}; 3 later changes could not be read.")
    assert "Line 4: its checksum does not match" in message
    assert f"A copy of the journal as it was is kept in {folder}." in message
    assert folder is not None and folder.parent == journal and folder.name.startswith("damaged-")
    assert (folder / "events.jsonl").read_bytes() == damaged  # kept exactly as it was
    # Journaling goes on after the last good line: a second crash resumes the new turn.
    window.document.apply(EndTurn())
    again = recover_journal(journal)
    assert (
        again.complete and again.session.encounter.to_dict() == window.document.encounter.to_dict()
    )
    window.document.undo_stack.set_clean()
