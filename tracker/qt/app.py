"""Starting Roundkeeper: `roundkeeper` (gui-script) or `python -m tracker`, after the
command line is read (`tracker.cli.main` calls `start`)."""

from __future__ import annotations

import gc
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QThread, QTimer
from PySide6.QtWidgets import QApplication

import tracker
from tracker import APP_ID, APP_NAME, COMMAND, __version__, cli
from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.persistence import paths
from tracker.persistence.atomic import remove_leftover_temporaries
from tracker.persistence.files import load_encounter, save_encounter
from tracker.persistence.recent import UNSAVED_FOLDER, load_recent, remember_later
from tracker.qt import heap
from tracker.qt.appearance import appearance
from tracker.qt.dialogs import messages
from tracker.qt.first_frame import probing, report
from tracker.qt.main_window import MainWindow
from tracker.qt.settings_file import settings_store, was_sharing

if TYPE_CHECKING:
    from tracker.persistence.recovery import JournalInfo
    from tracker.persistence.resuming import RecoveryAhead

SAMPLE = "war_scroll_sample.json"
# How long after the window is whole what the start made is given back to the garbage
# collector (`collect_from_now_on`), in milliseconds.
UNFREEZE_AFTER = 10_000
log = logging.getLogger("tracker")


def sample_path(name: str = SAMPLE) -> Path:
    """A sample encounter bundled inside the package (beside its modules, as
    `importlib.resources.files` finds it: not imported for it at start-up)."""
    return Path(tracker.__file__).parent / "assets" / "samples" / name


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
        messages.critical(
            None,
            "Roundkeeper hit an unexpected problem",
            f"{error}\n\nYour encounter is safe: every change is journaled. "
            "The details were written to errors.log in Roundkeeper's data folder.",
        )


# Asks the GM a yes/no question; tells the GM something (with the folder it names).
Ask = Callable[[str], bool]
Tell = Callable[[str, Path | None], None]


def open_main_window(
    journal_dir: Path | None = None,
    ask: Ask | None = None,
    tell: Tell | None = None,
    first: Path | None = None,
) -> MainWindow:
    """The window Roundkeeper opens on: the journaled encounter if the last run was cut off
    and the GM wants it back, otherwise `first` (the file the command line names) if it
    opens, the encounter open at the last clean quit, or the bundled sample. Nothing is
    ever deleted: a journal that cannot be used is set aside, one used only up to its
    last good line is copied aside first, one the GM declines is saved as an encounter
    file and set aside; the GM is told where (`tell`). The caller opens `first` itself
    when the window is not on it (`document.path`): after a resume, or to tell why it
    would not open."""
    journal_dir = journal_dir if journal_dir is not None else paths.journal_dir()
    ask = ask if ask is not None else _ask_resume
    tell = tell if tell is not None else _tell
    remove_leftovers(journal_dir)
    if not _holds_anything(journal_dir):  # the usual start: the journal's code stays unread
        return _open_first_or_last(journal_dir, tell, first)
    from tracker.persistence.recovery import pending_journal, set_aside_journal
    from tracker.persistence.resuming import RecoveryAhead, kept_in

    info = pending_journal(journal_dir)
    if info is not None and info.problem is not None:
        folder = set_aside_journal(journal_dir)
        tell(f"The last encounter could not be resumed: {info.problem} {kept_in(folder)}", folder)
    elif info is not None:
        # Rebuilt while the GM reads the question: either answer needs it.
        ahead = RecoveryAhead(journal_dir)
        if ask(resume_question(info)):
            window = _resume(journal_dir, tell, ahead)
            if window is not None:
                return window
        else:
            _keep_declined(journal_dir, info, tell, ahead)
    return _open_first_or_last(journal_dir, tell, first)


def _holds_anything(folder: Path) -> bool:
    """The folder exists and is not empty: a journal (or what is left of one) may be in
    it. The last run closed cleanly leaves none, and start-up then imports none of the
    journal's modules before the first frame."""
    try:
        with os.scandir(folder) as entries:
            return any(True for _ in entries)
    except OSError:
        return False


def resume_question(info: JournalInfo) -> str:
    name = info.name or "the last encounter"
    question = (
        f"Roundkeeper was closed without finishing “{name}”.\nResume exactly where it stopped?"
    )
    if info.unread:
        count = info.unread
        question += (
            f"\n\nThe journal is damaged: {count} of its last change"
            f"{'s' * (count != 1)} cannot be read. Roundkeeper resumes up to the last good one "
            "and keeps a copy of the journal as it is."
        )
    return question + (
        "\n\nIf you answer No, nothing is lost: the encounter is saved as a file you can "
        "open later (File → Open Recent)."
    )


def _resume(journal_dir: Path, tell: Tell, ahead: RecoveryAhead) -> MainWindow | None:
    from tracker.persistence.resuming import resume_journal

    resumed = resume_journal(journal_dir, ahead)
    if resumed.message is not None:
        tell(resumed.message, resumed.folder)
    if resumed.session is None:
        return None
    return _window(resumed.session, resumed.saved_path, journal_dir, resume=resumed.journal_on)


def _keep_declined(journal_dir: Path, info: JournalInfo, tell: Tell, ahead: RecoveryAhead) -> None:
    """The GM declined to resume: save the encounter as it was (`ahead` rebuilt it) as a
    file of its own and keep the journal (undo history included) aside; a mis-click never
    loses a fight."""
    from tracker.persistence.recovery import set_aside_journal

    kept: Path | None = None
    try:
        recovery = ahead.result()
        stamp = info.modified.strftime("%Y-%m-%d %H.%M")
        kept = recovered_path(recovery.session.encounter.name, stamp)
        save_encounter(recovery.session.encounter, kept)
        remember_later(kept)
    except Exception:  # a journal beyond reading is still kept, below
        kept = None
    folder = set_aside_journal(journal_dir, "declined")
    where = f"Its journal, with its undo history, is kept in {folder}." if folder else ""
    if kept is not None:
        tell(
            f"“{info.name}” was not resumed, and nothing is lost: it was saved as "
            f"“{kept.name}” in {kept.parent}; open it with File → Open Recent. {where}",
            folder,
        )
    else:
        tell(f"“{info.name}” was not resumed. {where}", folder)


def recovered_path(name: str, stamp: str) -> Path:
    safe = "".join(c if c.isalnum() or c in " -_()'" else "_" for c in name).strip()
    path = paths.encounters_dir() / f"Recovered – {safe or 'encounter'} {stamp}.json"
    number = 2
    while path.exists():
        path = path.with_name(f"Recovered – {safe or 'encounter'} {stamp} ({number}).json")
        number += 1
    return path


def _open_first_or_last(journal_dir: Path, tell: Tell, first: Path | None = None) -> MainWindow:
    """`first` if it opens (its first frame the GM's file, not another's before it), else
    the encounter open at the last clean quit, or the sample (saying why)."""
    if first is not None:
        try:
            session = Session(load_encounter(first))
        except (TrackerError, OSError):
            pass  # opened again by the caller, which tells the GM why it does not open
        else:
            remember_later(first)
            return _window(session, first, journal_dir)
    last = load_recent().last
    if last is not None:
        unsaved = last.parent == paths.data_dir() / UNSAVED_FOLDER
        try:
            session = Session(load_encounter(last))
        except TrackerError as error:
            tell(
                f"The last encounter could not be opened: {error} Roundkeeper opens the sample.",
                None,
            )
        else:
            window = _window(session, None if unsaved else last, journal_dir)
            if unsaved:
                from tracker.qt.widgets.recent_menu import unsaved_kept_message

                window.kept_from = last
                window.statusBar().showMessage(unsaved_kept_message(last), 15000)
            return window
    return _window(sample_session(), None, journal_dir)


def _window(
    session: Session, path: Path | None, journal_dir: Path, *, resume: bool = False
) -> MainWindow:
    """The window, on screen at once: its first frame shows the fight, the rest (the
    inspector, the panes, the menus) is built once that frame is painted. Once it is, a
    resumed fight that was being shared when the app was cut off is shared again."""
    window = MainWindow(session, path, journal_dir, resume=resume, first_frame_only=True)
    window.completed.connect(partial(_share_again, window, resume))
    return window


def _share_again(window: MainWindow, resumed: bool) -> None:
    """The mark a run cut off while sharing left (`settings_file.SHARING`): acted on,
    and only then is anything of sharing loaded."""
    if was_sharing(settings_store()):
        from tracker.qt.share.menu import share_again

        share_again(window, resumed)


def remove_leftovers(journal_dir: Path) -> None:
    """Temporary files of saves cut off by a kill, where Roundkeeper writes: the journal,
    the data folders, the folders of the encounters it knows, and every folder the
    journal says a save went to or began in (a Save As into a new folder)."""
    folders = {journal_dir, paths.encounters_dir(), paths.data_dir() / UNSAVED_FOLDER}
    folders.add(paths.config_dir())
    recent = load_recent()
    folders.update(p.parent for p in recent.recent)
    if _holds_anything(journal_dir):
        from tracker.persistence.recovery import journal_folders

        folders.update(journal_folders(journal_dir))
    for folder in folders:
        remove_leftover_temporaries(folder)


def _ask_resume(question: str) -> bool:
    give_icon()  # asked before the window is on screen
    answer = messages.question(None, "Resume encounter?", question)
    from PySide6.QtWidgets import QMessageBox  # asked: loaded with the question's box

    return answer == QMessageBox.StandardButton.Yes


def _tell(message: str, folder: Path | None) -> None:
    give_icon()  # told before the window is on screen, or from it
    messages.information(None, "Roundkeeper", message)


def single_instance_lock() -> QLockFile | None:
    """One Roundkeeper at a time: two would write over each other's crash journal."""
    lock = QLockFile(str(paths.data_dir() / "tracker.lock"))
    lock.setStaleLockTime(0)  # a lock left by a killed Tracker is stale at once
    return lock if lock.tryLock(200) else None


class LockTaking:
    """`single_instance_lock` taken on a thread of its own while the start goes on:
    QLockFile syncs its file to disk (fdatasync: 7-17 ms, more on a busy disk, with
    Python's lock released), which the application's making overlaps instead of
    waiting for. `result` waits for it and gives what it gave (or raises what it
    raised)."""

    def __init__(self) -> None:
        self._lock: QLockFile | None = None
        self._error: BaseException | None = None
        # Qt takes the first thread that asks for its own data as the main one. A lock
        # file a killed Roundkeeper left is read (a QFile), and the lock's thread asked
        # first while the application was being made: Qt then warned "QApplication was
        # not created in the main() thread", and on X the question whether to resume
        # took no click and no key. Asked here first, this thread is Qt's main one.
        QThread.currentThread()
        self._thread = threading.Thread(target=self._take, name="single-instance lock")
        self._thread.start()

    def _take(self) -> None:
        try:
            self._lock = single_instance_lock()
        except BaseException as error:  # handed to the main thread by `result`
            self._error = error

    def result(self) -> QLockFile | None:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._lock


def make_application(qt_argv: list[str]) -> QApplication:
    """Roundkeeper's application, its names set, in the GM's colour scheme before any
    window or question paints (its icon follows the first frame: `give_icon`)."""
    app = QApplication(qt_argv)
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName(APP_ID)  # the desktop entry: its icon and name on Wayland
    appearance()
    return app


def give_icon() -> None:
    """The application's icon, for its windows and the taskbar, in the sizes windows
    use (`app_icon.WINDOW_SIZES`): set once the main window's first frame is on screen
    (with the rest of the window), since reading its PNGs and, on X, handing every size
    to the window manager at the window's show would delay that frame."""
    from tracker.qt.app_icon import WINDOW_SIZES, application_icon

    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setWindowIcon(application_icon(WINDOW_SIZES))


def main(argv: list[str] | None = None) -> int:
    """The command line first (tracker.cli), then the app."""
    return cli.main(argv)


def collect_from_now_on() -> None:
    """The window is whole: the start-up is over, and the cyclic garbage collector, off
    since `tracker.cli.main`, runs again. What the start made (mostly the app itself) is
    frozen out of its reach first, so that its first collections go over what comes
    after, not over it; some seconds later it is given back (`gc.unfreeze`) as the
    oldest generation, whose collections are rare, so that nothing is kept for good
    (unless a large fight froze it with itself since: `tracker.qt.heap`)."""
    if not gc.isenabled():  # (unless the start is over already: a test's)
        gc.freeze()
        gc.enable()
        QTimer.singleShot(UNFREEZE_AFTER, heap.unfreeze_start_up)


def start(options: cli.Options) -> int:
    """Start the app as the command line asks (tracker.cli has read it)."""
    if probing():  # the start-up's stages (benchmarks/startup.py): its modules imported
        report("imported")
    if options.self_test:
        from tracker.qt.self_test import run_self_test

        return run_self_test([COMMAND])
    if paths.former_folders_present():  # the usual start: nothing to move (nor imported)
        from tracker.persistence.migration import migrate_user_folders

        for problem in migrate_user_folders().problems:
            log.warning("Moving the former user folders: %s", problem)
    taking = LockTaking()  # the folders moved, before the encounter or journal is read
    app = make_application([COMMAND])
    sys.excepthook = _report_unexpected
    lock = taking.result()
    if lock is None:
        give_icon()
        messages.information(
            None,
            "Roundkeeper is already running",
            "Roundkeeper is already open: switch to its window.",
        )
        return 1
    wanted = options.encounter.absolute() if options.encounter is not None else None
    window = open_main_window(first=wanted)
    if probing():  # the application, the encounter and the first frame's widgets made
        report("built")
    if window.whole:
        give_icon()
    else:
        window.completed.connect(give_icon)
    if not gc.isenabled():  # tracker.cli switched it off for the start-up
        if window.whole:
            collect_from_now_on()
        else:
            window.completed.connect(collect_from_now_on)
    window.show()
    if wanted is not None and window.document.path != wanted:  # resumed, or it would not open
        window.open_recent(wanted)
    status = app.exec()
    lock.unlock()
    return status


__all__ = ["main", "open_main_window", "sample_path", "sample_session"]
