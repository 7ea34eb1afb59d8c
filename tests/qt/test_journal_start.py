"""Start-up with a journal that was edited or lost a file: Tracker always starts, keeps
every byte of the journal it found, tells the GM, and a resumed window's undo never
raises."""

from __future__ import annotations

import json
from pathlib import Path

from tests.damage.sweep_journal import Fight, _encode, _key
from tracker.persistence.recovery import pending_journal
from tracker.qt.app import open_main_window, sample_session

Told = list[tuple[str, Path | None]]


def _start(journal: Path, told: Told):  # noqa: ANN202 - MainWindow
    """The window start-up opens, whole (as once its first frame is painted: the journal
    is begun with the rest of the window)."""
    window = open_main_window(journal, ask=lambda _: True, tell=lambda m, f: told.append((m, f)))
    window.complete()
    return window


def test_events_without_their_base_are_set_aside_and_the_gm_told(qtbot, tmp_path: Path) -> None:
    fight = Fight("war_scroll", 0, tmp_path / "fight")
    journal = tmp_path / "journal"
    journal.mkdir()
    (journal / "events.jsonl").write_bytes(fight.events)  # base.json lost
    told: Told = []
    window = _start(journal, told)
    qtbot.addWidget(window)
    ((message, folder),) = told
    assert "base.json is missing" in message and f"kept in {folder}" in message
    assert folder is not None and (folder / "events.jsonl").read_bytes() == fight.events
    assert window.document.encounter.to_dict() == sample_session().encounter.to_dict()
    window.show()  # the sample is journaled afresh once the window is on screen
    qtbot.waitUntil(lambda: pending_journal(journal) is not None, timeout=5000)
    window.journal.detach()


def test_an_edited_journal_never_stops_start_up(qtbot, tmp_path: Path) -> None:
    """The first change dropped and the lines renumbered, checksums made anew: the app
    replayed the rest and failed at every start in the ruleset's status text."""
    fight = Fight("war_scroll", 2, tmp_path / "fight")
    journal = tmp_path / "journal"
    journal.mkdir()
    events = _encode(fight, [fight.records[0], *fight.records[2:]])
    (journal / "base.json").write_bytes(fight.base)
    (journal / "events.jsonl").write_bytes(events)
    told: Told = []
    window = _start(journal, told)
    qtbot.addWidget(window)
    assert window.document.encounter.to_dict() == json.loads(fight.base)["encounter"]
    ((message, folder),) = told
    assert "Line 2: the change could not be replayed" in message
    assert folder is not None and (folder / "events.jsonl").read_bytes() == events
    window.journal.detach()


def test_undo_after_resuming_an_edited_journal_never_raises(qtbot, tmp_path: Path) -> None:
    """Two lines swapped and renumbered: the app resumed to a state the fight never
    reached, and undo in the window raised IndexError (then out of a QUndoCommand)."""
    fight = Fight("war_scroll", 1, tmp_path / "fight")
    records = list(fight.records)
    records[9], records[10] = records[10], records[9]
    journal = tmp_path / "journal"
    journal.mkdir()
    (journal / "base.json").write_bytes(fight.base)
    (journal / "events.jsonl").write_bytes(_encode(fight, records))
    told: Told = []
    window = _start(journal, told)
    qtbot.addWidget(window)
    document = window.document
    assert _key(document.encounter.to_dict()) in fight.encounters
    refused: list[str] = []
    document.refused.connect(lambda message, _: refused.append(message))
    for _ in range(len(fight.records)):  # pytest-qt fails the test on what undo raises
        if not document.undo_stack.can_undo():
            break
        document.undo_stack.undo()
    window.journal.detach()
