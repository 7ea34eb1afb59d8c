"""A killed Roundkeeper resumes exactly where it stopped, undo history included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from tests.qt.conftest import by_name
from tracker.engine import AddEffect, EndTurn, RulesetAction, StartEncounter
from tracker.persistence import recovery as recovery_module
from tracker.persistence import resuming
from tracker.persistence.files import load_encounter
from tracker.persistence.recent import load_recent
from tracker.persistence.recovery import recover_journal
from tracker.qt.app import open_main_window, sample_session, single_instance_lock
from tracker.qt.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def _play(document) -> None:
    document.apply(StartEncounter())
    for _ in range(3):
        document.apply(EndTurn())
    document.apply(RulesetAction("spend_ap", None, {"amount": 4}))
    kandor = by_name(document, "Kandor").id
    document.apply(AddEffect("Shielded", kandor, kandor, {"cycles": 1}))
    document.undo_stack.undo()  # the effect is undone: redo must still be possible


def test_resume_after_the_window_was_never_closed(qtbot, tmp_path, questions):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    expected = first.document.encounter.to_dict()
    # No close: as if the process died here.
    second = open_main_window(journal, ask=lambda question: "Resume" in question)
    qtbot.addWidget(second)
    assert second.document.encounter.to_dict() == expected
    stack = second.document.undo_stack
    assert (stack.count(), stack.index()) == (first.document.undo_stack.count(), 5)
    assert stack.redo_text() == "Add Shielded to Kandor"
    stack.redo()
    assert [e.name for e in second.document.encounter.effects] == ["Shielded"]
    for _ in range(6):  # back through every command, to the encounter as it began
        stack.undo()
    assert second.document.encounter.to_dict() == sample_session().encounter.to_dict()
    second.document.undo_stack.set_clean()
    first.document.undo_stack.set_clean()


def test_declining_to_resume_keeps_the_fight_as_a_file_and_the_journal_aside(qtbot, tmp_path):
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    expected = first.document.encounter.to_dict()
    told: list[tuple[str, object]] = []
    second = open_main_window(
        journal, ask=lambda _question: False, tell=lambda m, f: told.append((m, f))
    )
    qtbot.addWidget(second)
    assert second.document.encounter.to_dict() == sample_session().encounter.to_dict()
    ((message, folder),) = told
    (kept,) = load_recent().recent
    assert kept.name.startswith("Recovered – Ambush at the Ruined Chapel ")
    assert load_encounter(kept).to_dict() == expected
    assert f"“{kept.name}” in {kept.parent}" in message and "File → Open Recent" in message
    assert folder is not None and folder.name.startswith("declined-") and str(folder) in message
    assert (folder / "base.json").is_file() and (folder / "events.jsonl").is_file()
    # The journal kept aside still resumes the fight, undo history included.
    recovered = recover_journal(folder).session
    assert recovered.encounter.to_dict() == expected and recovered.redo_text != ""
    # Open Recent brings the fight back.
    assert second.recent_menu.open_recent(kept)
    assert second.document.encounter.to_dict() == expected
    first.document.undo_stack.set_clean()


@pytest.mark.parametrize("answer", [True, False])
def test_the_fight_is_rebuilt_while_the_gm_reads_the_question(qtbot, tmp_path, monkeypatch, answer):
    """Either answer needs the rebuilt session (resumed, or saved as a file): it is
    worked out on a thread of its own while the question is up, and is the one used."""
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    _play(first.document)
    expected = first.document.encounter.to_dict()
    rebuilt = threading.Event()
    threads: list[threading.Thread] = []

    def recover(directory: Path) -> recovery_module.Recovery:
        threads.append(threading.current_thread())
        made = recovery_module.recover_journal(directory)
        rebuilt.set()
        return made

    monkeypatch.setattr(resuming, "recover_journal", recover)

    def ask(_question: str) -> bool:
        assert rebuilt.wait(10), "the fight was not rebuilt while the question was up"
        return answer

    second = open_main_window(journal, ask=ask, tell=lambda *_: None)
    qtbot.addWidget(second)
    assert threads and threads[0] is not threading.main_thread()
    assert len(threads) == 1  # rebuilt once, not again after the answer
    if answer:
        assert second.document.encounter.to_dict() == expected
        assert second.document.undo_stack.count() == first.document.undo_stack.count()
    else:
        (kept,) = load_recent().recent
        assert load_encounter(kept).to_dict() == expected
    first.document.undo_stack.set_clean()


def test_a_killed_tracker_process_resumes_where_it_was(qtbot, tmp_path):
    """The GUI in another process applies changes, then is killed with SIGKILL."""
    journal = tmp_path / "journal"
    script = textwrap.dedent(f"""
        import os, signal
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from pathlib import Path
        from tests.qt.test_resume import _play
        from tracker.qt.app import sample_session
        from tracker.qt.main_window import MainWindow
        window = MainWindow(sample_session(), None, Path({str(journal)!r}))
        _play(window.document)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=os.environ.copy())
    assert result.returncode == -signal.SIGKILL
    reference = MainWindow(sample_session(), None, tmp_path / "reference-journal")
    _play(reference.document)
    resumed = open_main_window(journal, ask=lambda _question: True)
    qtbot.addWidget(resumed)
    assert resumed.document.encounter.to_dict() == reference.document.encounter.to_dict()
    assert resumed.document.undo_stack.count() == reference.document.undo_stack.count()
    reference.document.undo_stack.set_clean()


def test_only_one_tracker_runs_at_a_time():
    first = single_instance_lock()
    assert first is not None
    assert single_instance_lock() is None
    first.unlock()
    again = single_instance_lock()
    assert again is not None
    again.unlock()
