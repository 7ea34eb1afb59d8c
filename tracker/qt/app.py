"""Starting Tracker: `tracker` (gui-script) or `python -m tracker`."""

from __future__ import annotations

import argparse
import logging
import sys
import traceback
from importlib.resources import files
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QLockFile
from PySide6.QtWidgets import QApplication, QMessageBox

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.persistence import paths
from tracker.persistence.files import load_encounter
from tracker.persistence.journal import (
    Journal,
    discard_journal,
    pending_journal,
    recover,
    set_aside_journal,
)
from tracker.qt.app_icon import application_icon
from tracker.qt.main_window import MainWindow

SAMPLE = "war_scroll_sample.json"
log = logging.getLogger("tracker")


def sample_path(name: str = SAMPLE) -> Path:
    """A sample encounter bundled inside the package."""
    return Path(str(files("tracker") / "assets" / "samples" / name))


def sample_session() -> Session:
    return Session(load_encounter(sample_path()))


def _report_unexpected(
    kind: type[BaseException], error: BaseException, tb: TracebackType | None
) -> None:
    """Last line of defence: an unexpected error is logged and shown, never a crash."""
    text = "".join(traceback.format_exception(kind, error, tb))
    log.error("Unexpected error:\n%s", text)
    try:
        crash_log = paths.data_dir() / "errors.log"
        crash_log.parent.mkdir(parents=True, exist_ok=True)
        with crash_log.open("a", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except OSError:
        pass
    if QApplication.instance() is not None:
        QMessageBox.critical(
            None,
            "Tracker hit an unexpected problem",
            f"{error}\n\nYour encounter is safe: every change is journaled. "
            "The details were written to errors.log in Tracker's data folder.",
        )


def open_main_window(journal_dir: Path | None = None, ask=None, tell=None) -> MainWindow:
    """The window Tracker opens on: the journaled encounter if the last run was cut off
    and the GM wants it back, otherwise the bundled sample encounter. A journal that
    cannot be used is set aside (never deleted) and the GM is told where it went."""
    journal_dir = journal_dir if journal_dir is not None else paths.journal_dir()
    ask = ask if ask is not None else _ask_resume
    tell = tell if tell is not None else _tell_set_aside
    info = pending_journal(journal_dir)
    if info is not None and info.problem is None:
        question = (
            f"Tracker was closed without finishing “{info.name}”.\nResume exactly where it stopped?"
        )
        if not ask(question):
            discard_journal(journal_dir)
            return MainWindow(sample_session(), None, journal_dir)
        try:
            session, saved_path = recover(journal_dir)
        except TrackerError as error:
            tell(str(error), set_aside_journal(journal_dir))
        else:
            return MainWindow(session, saved_path, journal_dir, resume=True)
    elif info is not None:
        tell(info.problem or "", set_aside_journal(journal_dir))
    return MainWindow(sample_session(), None, journal_dir)


def _ask_resume(question: str) -> bool:
    answer = QMessageBox.question(None, "Resume encounter?", question)
    return answer == QMessageBox.StandardButton.Yes


def _tell_set_aside(problem: str, folder: Path | None) -> None:
    where = (
        f"It was kept in {folder}."
        if folder is not None
        else "It could not be moved and was left where it was."
    )
    QMessageBox.warning(
        None,
        "Cannot resume",
        f"The last encounter could not be resumed: {problem}\n\n{where} "
        "Tracker starts with the sample encounter.",
    )


def single_instance_lock() -> QLockFile | None:
    """One Tracker at a time: two would write over each other's crash journal."""
    lock = QLockFile(str(paths.data_dir() / "tracker.lock"))
    lock.setStaleLockTime(0)  # a lock left by a killed Tracker is stale at once
    return lock if lock.tryLock(200) else None


def parse_arguments(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Tracker's own options, and the arguments left for Qt (`-platform`, `-style`, …)
    after the program name."""
    parser = argparse.ArgumentParser(
        prog="tracker", description="Initiative tracker for tabletop role-playing games."
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="open every bundled sample in the GM's and the players' windows offscreen, "
        "play a few turns of each, and exit: 0 if all went well, else 1 with the reasons",
    )
    options, rest = parser.parse_known_args(argv[1:])
    return options, argv[:1] + rest


def main(argv: list[str] | None = None) -> int:
    options, qt_argv = parse_arguments(sys.argv if argv is None else argv)
    if options.self_test:
        from tracker.qt.self_test import run_self_test

        return run_self_test(qt_argv)
    app = QApplication(qt_argv)
    app.setApplicationName("Tracker")
    app.setOrganizationName("Tracker")
    app.setDesktopFileName("tracker")  # the desktop entry: its icon and name on Wayland
    app.setWindowIcon(application_icon())
    sys.excepthook = _report_unexpected
    lock = single_instance_lock()
    if lock is None:
        QMessageBox.information(
            None, "Tracker is already running", "Tracker is already open: switch to its window."
        )
        return 1
    window = open_main_window()
    window.show()
    status = app.exec()
    lock.unlock()
    return status


__all__ = ["Journal", "main", "open_main_window", "sample_path", "sample_session"]
