"""A crash journal that cannot be used never stops Tracker from starting: it is set
aside (kept, not deleted), the GM is told where, and the sample encounter opens."""

from __future__ import annotations

import json

from tests.qt.test_resume import _play
from tracker.persistence.journal import pending_journal
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.main_window import MainWindow


def _journal_with_damaged_base(tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    first.document.undo_stack.setClean()
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
    assert "damaged" in problem
    assert folder is not None and folder.parent == journal
    assert (folder / "base.json").read_bytes() == damaged_base  # kept as it was
    assert (folder / "events.jsonl").is_file()
    # The new window journals afresh in the same folder.
    assert pending_journal(journal) is not None
    first.close()


def test_a_journal_that_fails_to_replay_is_set_aside(qtbot, tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    first.document.undo_stack.setClean()
    events = journal / "events.jsonl"
    lines = events.read_text(encoding="utf-8").splitlines()
    lines.insert(
        1, json.dumps({"op": "apply", "command": {"type": "EndEffect", "effect_id": "e404"}})
    )
    events.write_text("\n".join(lines) + "\n", encoding="utf-8")
    told: list[tuple[str, object]] = []
    window = open_main_window(journal, ask=lambda _q: True, tell=lambda p, f: told.append((p, f)))
    qtbot.addWidget(window)
    ((problem, folder),) = told
    assert "line 2" in problem
    assert (folder / "events.jsonl").read_text(encoding="utf-8").splitlines() == lines
    assert window.document.encounter.to_dict() == sample_session().encounter.to_dict()
