"""The main window's file commands: new, open (and Open Recent), save, and the crash
journal that follows the open encounter. A part of `MainWindow`, kept apart so that a
reader finds the files in one place.

A save or an open never freezes the window (`file_work.FileWork`): a save takes a
snapshot of the encounter on the GUI thread a slice at a time, then serialises, checks
the file it replaces and writes it on a worker thread, the window usable meanwhile (the
journal's "saving" line is written on the GUI thread between the two, "saved" after);
an open reads, checks and builds the encounter on a worker thread, and the window then
swaps it in. One file operation runs at a time; closing during one waits for its end.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMainWindow, QMenu

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.persistence import paths
from tracker.persistence.files import (
    FileStamp,
    Opened,
    UnreadableTargetError,
    encode_document,
    envelope_in_steps,
    open_encounter,
    prepare_target,
    shown,
    write_encounter,
)
from tracker.persistence.recent import remember_later
from tracker.qt.dialogs import messages
from tracker.qt.dialogs.modal import run_modal

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from PySide6.QtGui import QCloseEvent

    from tracker.library import LibraryEntry
    from tracker.persistence.journal import Journal
    from tracker.qt.document import EncounterDocument
    from tracker.qt.file_work import FileWork
    from tracker.qt.widgets.banner import Banner

FILE_FILTER = "Roundkeeper encounters (*.json);;All files (*)"


class EncounterFiles(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    banner: Banner
    journal: Journal | None
    kept_from: Path | None  # the "Unsaved – …" file this encounter came from
    sample_menu: QMenu
    _journal_dir: Path
    party_in_library: Callable[[str], list[LibraryEntry]]  # see LibraryCommands
    bring_party: Callable[[list[LibraryEntry]], None]
    build_central_view: Callable[[], None]  # see MainWindow
    file_work: FileWork | None = None  # the save or open under way
    _close_after_files = False  # the GM closed the window during one
    _file_stamp: FileStamp | None = None  # the file this window last wrote or opened

    def _start_journal(
        self, encounter_json: bytes | None = None, work: FileWork | None = None
    ) -> None:
        """Journal the document's session afresh (`encounter_json`: its encounter
        already serialised, an opened file's). The old journal is not deleted first:
        the new base replaces it in one rename (`Journal.begin`), so a kill at any
        instant leaves either the old fight or the new one to resume. With `work` (an
        open, the GM's input set aside: the session does not change), the files are
        written on its worker thread."""
        old, self.journal = self.journal, None
        if old is not None:
            old.detach()
        directory, session, path = self._journal_dir, self.document.session, self.document.path
        from tracker.persistence.journal import Journal  # after the first frame
        from tracker.qt.journal_timing import after_the_change

        def begin() -> Journal:
            return Journal.begin(
                directory,
                session,
                path,
                self._journal_failed,
                encounter_json=encounter_json,
                start=False,
                later=after_the_change,
            )

        try:
            self.journal = begin() if work is None or encounter_json is None else work.run(begin)
            self.journal.start()
        except TrackerError as error:
            if old is not None:
                old.close()  # not the open fight's any more: not to be resumed
            self._journal_failed(error)

    def _journal_failed(self, error: TrackerError) -> None:
        """Crash recovery is off: say so plainly, and how to stay safe."""
        self.banner.announce(
            (
                f"Changes can no longer be journaled ({error}). Save the encounter now; "
                "if Roundkeeper were killed, unsaved changes would be lost."
            ),
            "error",
        )

    def replace_session(
        self,
        session: Session,
        path: Path | None,
        encounter_json: bytes | None = None,
        work: FileWork | None = None,
    ) -> None:
        self.document.replace_session(session, path)
        self._file_stamp = None
        self._start_journal(encounter_json, work)

    # --- one file operation at a time -----------------------------------------------------
    @contextmanager
    def _working(
        self, label: str, *, block_input: bool = False, pause_collector: bool = False
    ) -> Iterator[FileWork]:
        from tracker.qt.file_work import FileWork  # (a save's or an open's, when one runs)

        work = self.file_work = FileWork(
            self, label, block_input=block_input, pause_collector=pause_collector
        )
        try:
            yield work
        finally:
            self.file_work = None
            work.finish()
            if self._close_after_files:
                self._close_after_files = False
                QTimer.singleShot(0, self, self.close)

    def _busy(self) -> bool:
        """True (and the GM told so) while a save or an open is under way."""
        if self.file_work is None:
            return False
        self.statusBar().showMessage("Wait a moment: a file is being saved or opened.", 3000)
        return True

    def close_after_files(self, event: QCloseEvent) -> bool:
        """During a save or an open, a close waits for its end (then runs again): True
        if `event` was set aside for that (`MainWindow.closeEvent`)."""
        if self.file_work is None:
            return False
        self._close_after_files = True
        self.statusBar().showMessage("Roundkeeper closes once the file is written…")
        event.ignore()
        return True

    def new_encounter(self) -> None:
        if self._busy() or not self._may_discard():
            return
        from tracker.qt.dialogs.new_encounter import NewEncounterDialog

        dialog = NewEncounterDialog(self, self.party_in_library, self.document.ruleset.id)
        if run_modal(dialog) and dialog.session is not None:
            self.replace_session(dialog.session, None)
            self.bring_party(dialog.party())

    def open_encounter(self) -> None:
        if self._busy() or not self._may_discard():
            return
        from PySide6.QtWidgets import QFileDialog  # a dialog: imported at its first use

        filename, _ = QFileDialog.getOpenFileName(
            self, "Open encounter", str(paths.encounters_dir()), FILE_FILTER
        )
        if filename:
            self.open_path(Path(filename))

    def open_recent(self, path: Path) -> bool:
        return not self._busy() and self._may_discard() and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        opened = self._open_file(path, path)
        if opened is None:
            return False
        self._file_stamp = opened.stamp
        remember_later(path)
        return True

    def add_sample_menu(self, file_menu: QMenu) -> None:
        """File → Open sample: one sample encounter per installed ruleset, listed when
        it opens (its module imported then, not with the menus)."""
        self.sample_menu = menu = QMenu("Open sa&mple", self)
        menu.setObjectName("sample_menu")
        menu.setToolTipsVisible(True)
        menu.aboutToShow.connect(self._list_samples)
        file_menu.addMenu(menu)

    def _list_samples(self) -> None:
        from tracker.qt.widgets.sample_menu import list_samples

        list_samples(self.sample_menu, self.open_sample)

    def open_sample(self, path: Path) -> bool:
        """A sample as a new unsaved encounter: Save asks where, never over the sample."""
        if self._busy() or not self._may_discard():
            return False
        return self._open_file(path, None) is not None

    def _open_file(self, path: Path, saved_as: Path | None) -> Opened | None:
        """Read, check and build the encounter at `path` off the GUI thread, then show
        it (its file `saved_as`) and journal it; what was read, or None if it did not
        open (the GM told why)."""
        if self._busy():
            return None
        try:
            with self._working(
                f"Opening {shown(path)}…", block_input=True, pause_collector=True
            ) as work:
                opened, session = work.run(lambda: _read_ahead(path))
                self.replace_session(session, saved_as, opened.encounter_json, work)
                self.build_central_view()  # if no slot came for it yet
        except TrackerError as error:
            messages.warning(self, "Cannot open encounter", str(error))
            return None
        self.kept_from = None
        return opened

    def save(self) -> bool:
        if self._busy():
            return False
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        if self._busy():
            return False
        default = paths.encounters_dir() / f"{self.document.encounter.name}.json"
        from PySide6.QtWidgets import QFileDialog

        filename, _ = QFileDialog.getSaveFileName(
            self, "Save encounter as", str(default), FILE_FILTER
        )
        return self.save_to(Path(filename)) if filename else False

    def save_to(self, path: Path) -> bool:
        """Save the encounter as it is now to `path`; True once it is written."""
        if self._busy():
            return False
        try:
            with self._working(f"Saving to {shown(path)}…", pause_collector=True) as work:
                written = self._write(path, work)
        except (TrackerError, OSError) as error:
            messages.warning(self, "Cannot save encounter", str(error))
            return False
        if written is None:
            return False
        stamp, kept, generation = written
        self.document.set_path(path)
        self._file_stamp = stamp
        changed_since = self.document.generation != generation
        if not changed_since:
            self.document.undo_stack.set_clean()
        if self.journal is not None:
            self.journal.set_saved_path(path)
        self.kept_from = None
        remember_later(path)
        kept_note = f"; the file it replaced is kept as {kept.name}" if kept else ""
        later = "; the changes made while it was written are not saved yet" * changed_since
        self.statusBar().showMessage(f"Saved to {path}{kept_note}{later}", 0 if kept else 5000)
        return True

    def _write(
        self, path: Path, work: FileWork
    ) -> tuple[FileStamp | None, Path | None, int] | None:
        """The steps of `save_to` that hold the encounter's snapshot and its text (gone
        once this returns, before `work` ends): the file's stamp, the copy kept of an
        unreadable file it replaced, and the document's generation saved; None if the
        GM would not replace an unreadable file."""
        kept: Path | None = None
        document, generation = self._snapshot(work)
        known = self._file_stamp
        try:
            data = work.run(lambda: _checked_and_encoded(path, document, known))
        except UnreadableTargetError as unreadable:
            if not self._may_replace_unreadable(unreadable):
                return None
            kept = work.run(lambda: prepare_target(path, replace_unreadable=True))
            data = work.run(lambda: encode_document(document, path))
        journal = self.journal if self.journal is not None and self.journal.active else None
        if journal is not None:
            journal.note_saving(path, data)
        return work.run(lambda: write_encounter(path, data)), kept, generation

    def _snapshot(self, work: FileWork) -> tuple[dict[str, Any], int]:
        """The encounter's file document as it is now, and the document's generation
        then: built a slice at a time, again if the encounter changed meanwhile."""
        while True:
            generation = self.document.generation
            document = work.pace(envelope_in_steps(self.document.encounter))
            if self.document.generation == generation:
                return document, generation

    def _may_replace_unreadable(self, error: UnreadableTargetError) -> bool:
        """Ask before saving over a file that could not be opened (default: No)."""
        from PySide6.QtWidgets import QMessageBox  # with the first box, not at start-up

        name = error.path.name if error.path is not None else "the file"
        box = messages.plain_box(
            QMessageBox.Icon.Warning,
            self,
            "Replace a file Roundkeeper cannot open?",
            f"{error.reason}\n\nReplace “{name}” with this encounter? The file as it is "
            "now will be kept beside it, as "
            f"“{name.removesuffix('.json')}.unreadable-<date and time>.json”.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        box.setEscapeButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def _may_discard(self) -> bool:
        """Ask before dropping unsaved changes; True if the GM agrees or nothing is lost."""
        if self.document.undo_stack.is_clean():
            return True
        from PySide6.QtWidgets import QMessageBox  # with the first box, not at start-up

        answer = messages.question(
            self,
            "Unsaved changes",
            f"Save the changes to “{self.document.encounter.name}” first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard


def _checked_and_encoded(path: Path, document: dict[str, Any], known: FileStamp | None) -> bytes:
    """The bytes to write to `path`, once it is known that it may be replaced (a worker
    thread's step of `save_to`)."""
    prepare_target(path, known=known)
    return encode_document(document, path)


def _read_ahead(path: Path) -> tuple[Opened, Session]:
    """The encounter at `path` and its session, made on the open's worker with what the
    swap first asks of them (the turn, the rules' look at the order, who the players
    may see, what the ruleset's view asks first: kept in the encounter's memo until it
    changes; `RulesetUi.work_out_ahead`), and a large fight frozen (`heap.freeze_built`):
    each a pass over a large fight taken out of the window's slots of the event loop."""
    from tracker.qt.heap import freeze_built  # (an open's, when one runs)
    from tracker.qt.players.visibility import Visibility
    from tracker.qt.ruleset_ui import ui_for

    opened = open_encounter(path)
    session = Session(opened.encounter)
    session.current_turn()
    session.upcoming_turns(1)
    session.prompt()
    Visibility.kept(opened.encounter)
    ui_for(session.ruleset).work_out_ahead(session)
    freeze_built(len(opened.encounter.combatants))
    return opened, session
