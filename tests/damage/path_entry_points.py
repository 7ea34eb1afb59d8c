"""Every way a path reaches a file read, as the GM meets it: File → Open, the encounter
reopened at start, a journal's "saving" line, a library import, and the library file
itself. Each `through_*` function gives one special path to one entry point and says
what happened (`Outcome`); the caller has a QApplication and TRACKER_HOME set.

Used in-process by the Qt tests (a named pipe, with `special_paths.PipeGuard`) and in
a child process by the paths sweep (devices, which cannot be released once read)."""

from __future__ import annotations

import contextlib
import json
import shutil
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tracker.engine import AddCombatant
from tracker.engine.registry import get_ruleset
from tracker.persistence import paths
from tracker.persistence.files import dump, envelope
from tracker.persistence.journal import Journal
from tracker.persistence.recent import RecentFiles, save_recent
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.dialogs import messages
from tracker.qt.library.import_dialog import ImportDialog
from tracker.qt.main_window import MainWindow

# What the message must say, by the kind of path (the sweep's names).
SAYS = {
    "fifo": "named pipe",
    "/dev/zero": "a device",
    "/dev/urandom": "a device",
    "/dev/null": "a device",
    "socket": "a socket",
    "folder": "a folder",
    "link to a device": "a device",
    "huge file": "too large",
    "unreadable": "permission denied",
}
LIBRARY_SAYS = {**SAYS, "huge file": "not a Roundkeeper library"}


@dataclass(frozen=True)
class Outcome:
    entry: str
    result: str  # "refused" (with a clear message), "accepted", or "failure"
    detail: str


@contextlib.contextmanager
def boxes() -> Iterator[list[str]]:
    """Message boxes and questions recorded instead of shown (they would block)."""
    shown: list[str] = []
    saved = {name: getattr(messages, name) for name in ("warning", "information", "critical")}
    question = messages.question

    def record(_parent: Any, _title: str, text: str, *_a: Any, **_k: Any) -> Any:
        shown.append(text)
        return QMessageBox.StandardButton.Ok

    for name in saved:
        setattr(messages, name, record)
    messages.question = lambda *_a, **_k: QMessageBox.StandardButton.Discard
    try:
        yield shown
    finally:
        for name, function in saved.items():
            setattr(messages, name, function)
        messages.question = question


def _refused(entry: str, shown: list[str], says: str) -> Outcome:
    if len(shown) == 1 and says.casefold() in shown[0].casefold():
        return Outcome(entry, "refused", shown[0])
    return Outcome(entry, "failure", f"expected one message saying {says!r}, got {shown!r}")


def _close(window: MainWindow) -> None:
    window.document.undo_stack.set_clean()
    if window.journal is not None:
        window.journal.close()
    window.close()
    window.deleteLater()


def through_open(path: Path, kind: str, workdir: Path) -> Outcome:
    """File → Open on `path`: a message, the encounter open before stays."""
    window = MainWindow(sample_session(), None, workdir / "journal-open")
    before = window.document.encounter.to_dict()
    original = QFileDialog.getOpenFileName
    QFileDialog.getOpenFileName = staticmethod(  # type: ignore[method-assign]
        lambda *_a, **_k: (str(path), "")
    )
    try:
        with boxes() as shown:
            window.open_encounter()
    finally:
        QFileDialog.getOpenFileName = original  # type: ignore[method-assign]
    try:
        if window.document.encounter.to_dict() != before or window.document.path is not None:
            return Outcome("open", "failure", "the open encounter changed")
        return _refused("open", shown, SAYS[kind])
    finally:
        _close(window)


def through_last(path: Path, kind: str, workdir: Path) -> Outcome:
    """The encounter open at the last quit was `path`: the start says why and opens the
    sample."""
    save_recent(RecentFiles(last=path, recent=[path]))
    told: list[str] = []
    window = open_main_window(
        workdir / "journal-last", ask=lambda _q: True, tell=lambda m, _f: told.append(m)
    )
    try:
        if window.document.path is not None:
            return Outcome("last", "failure", f"started on {window.document.path}")
        return _refused("last", told, SAYS[kind])
    finally:
        _close(window)
        save_recent(RecentFiles())


def through_journal(path: Path, kind: str, workdir: Path) -> Outcome:
    """A journal whose last line says a save to `path` began: resuming never waits on
    it nor reads it whole, and does not take it for the saved file."""
    folder = workdir / "journal-saving"
    shutil.rmtree(folder, ignore_errors=True)
    session = sample_session()
    journal = Journal.begin(folder, session)
    session.apply(AddCombatant("Late arrival", "enemy"))
    journal.note_saving(path, dump(envelope(session.encounter)))
    journal.detach()  # killed before the save ended
    told: list[str] = []
    window = open_main_window(folder, ask=lambda _q: True, tell=lambda m, _f: told.append(m))
    try:
        names = [c.name for c in window.document.encounter.combatants]
        if "Late arrival" not in names:
            return Outcome("journal", "failure", f"not resumed ({told!r})")
        if window.document.path is not None:
            return Outcome("journal", "failure", f"took {window.document.path} as saved")
        return Outcome("journal", "accepted", "resumed, the path not taken as saved")
    finally:
        _close(window)


def through_import(path: Path, kind: str, workdir: Path) -> Outcome:
    """Library → Import on `path`: a message, nothing imported."""
    window = MainWindow(sample_session(), None, workdir / "journal-import")
    try:
        library = window.library()
        if library is None:
            return Outcome("import", "failure", "the library could not be opened")
        before = library.count()
        with boxes() as shown:
            dialog = ImportDialog(library, get_ruleset("war_scroll"), window)
            loaded = dialog.load(path)
            dialog.deleteLater()
        if loaded or library.count() != before:
            return Outcome("import", "failure", "the file was taken for an import")
        return _refused("import", shown, SAYS[kind])
    finally:
        window.close_library()
        _close(window)


def through_library(path: Path, kind: str, workdir: Path) -> Outcome:
    """The library file is (a link to) `path`: a message, the path left as it was."""
    library_file = paths.library_file()
    library_file.parent.mkdir(parents=True, exist_ok=True)
    library_file.unlink(missing_ok=True)
    library_file.symlink_to(path)
    mode = path.lstat().st_mode
    window = MainWindow(sample_session(), None, workdir / "journal-library")
    try:
        with boxes() as shown:
            library = window.library()
        if library is not None:
            return Outcome("library", "failure", "a special path was opened as the library")
        if stat.S_IFMT(path.lstat().st_mode) != stat.S_IFMT(mode):
            return Outcome("library", "failure", "the path was replaced")
        return _refused("library", shown, LIBRARY_SAYS[kind])
    finally:
        window.close_library()
        _close(window)
        library_file.unlink(missing_ok=True)


ENTRY_POINTS: dict[str, Callable[[Path, str, Path], Outcome]] = {
    "open": through_open,
    "last": through_last,
    "journal": through_journal,
    "import": through_import,
    "library": through_library,
}


def through(entry: str, path: Path, kind: str, workdir: Path) -> Outcome:
    """One entry point on one path; an exception escaping is a failure, not a crash."""
    try:
        return ENTRY_POINTS[entry](path, kind, workdir)
    except Exception as error:  # what a GM would have met: an uncaught exception
        return Outcome(entry, "failure", f"{type(error).__name__}: {error}")


def child_main(path: str, kind: str, workdir: str, entries: list[str]) -> None:
    """In a child process: every entry point of `entries` on `path`; prints the outcomes
    as one JSON line."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    outcomes = [asdict(through(entry, Path(path), kind, Path(workdir))) for entry in entries]
    print(json.dumps(outcomes))
    del app
