"""The main window's file commands: new, open (and Open Recent), save, and the crash
journal that follows the open encounter. A part of `MainWindow`, kept apart so that a
reader finds the files in one place."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow, QMessageBox

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.persistence import paths
from tracker.persistence.files import UnreadableTargetError, load_encounter, save_encounter
from tracker.persistence.journal import Journal
from tracker.qt.dialogs import messages
from tracker.qt.dialogs.modal import run_modal
from tracker.qt.widgets.recent_menu import remember_recent

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMenu

    from tracker.library import LibraryEntry
    from tracker.qt.document import EncounterDocument
    from tracker.qt.widgets.banner import Banner
    from tracker.qt.widgets.sample_menu import SampleMenu

FILE_FILTER = "Roundkeeper encounters (*.json);;All files (*)"


class EncounterFiles(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    banner: Banner
    journal: Journal | None
    kept_from: Path | None  # the "Unsaved – …" file this encounter came from
    sample_menu: SampleMenu
    _journal_dir: Path
    party_in_library: Callable[[str], list[LibraryEntry]]  # see LibraryCommands
    bring_party: Callable[[list[LibraryEntry]], None]

    def _start_journal(self) -> None:
        """Journal the document's session afresh. The old journal is not deleted first:
        the new base replaces it in one rename (`Journal.begin`), so a kill at any
        instant leaves either the old fight or the new one to resume."""
        old, self.journal = self.journal, None
        if old is not None:
            old.detach()
        try:
            self.journal = Journal.begin(
                self._journal_dir, self.document.session, self.document.path, self._journal_failed
            )
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

    def replace_session(self, session: Session, path: Path | None) -> None:
        self.document.replace_session(session, path)
        self._start_journal()

    def new_encounter(self) -> None:
        if not self._may_discard():
            return
        from tracker.qt.dialogs.new_encounter import NewEncounterDialog

        dialog = NewEncounterDialog(self, self.party_in_library, self.document.ruleset.id)
        if run_modal(dialog) and dialog.session is not None:
            self.replace_session(dialog.session, None)
            self.bring_party(dialog.party())

    def open_encounter(self) -> None:
        if not self._may_discard():
            return
        from PySide6.QtWidgets import QFileDialog  # a dialog: imported at its first use

        filename, _ = QFileDialog.getOpenFileName(
            self, "Open encounter", str(paths.encounters_dir()), FILE_FILTER
        )
        if filename:
            self.open_path(Path(filename))

    def open_recent(self, path: Path) -> bool:
        return self._may_discard() and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        session = self._load(path)
        if session is None:
            return False
        self.replace_session(session, path)
        self.kept_from = None
        remember_recent(path)
        return True

    def add_sample_menu(self, file_menu: QMenu) -> None:
        """File → Open sample: one sample encounter per installed ruleset."""
        from tracker.qt.widgets.sample_menu import SampleMenu

        self.sample_menu = SampleMenu(self.open_sample, self)
        file_menu.addMenu(self.sample_menu)

    def open_sample(self, path: Path) -> bool:
        """A sample as a new unsaved encounter: Save asks where, never over the sample."""
        if not self._may_discard():
            return False
        session = self._load(path)
        if session is None:
            return False
        self.replace_session(session, None)
        self.kept_from = None
        return True

    def _load(self, path: Path) -> Session | None:
        try:
            return Session(load_encounter(path))
        except TrackerError as error:
            messages.warning(self, "Cannot open encounter", str(error))
            return None

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        default = paths.encounters_dir() / f"{self.document.encounter.name}.json"
        from PySide6.QtWidgets import QFileDialog

        filename, _ = QFileDialog.getSaveFileName(
            self, "Save encounter as", str(default), FILE_FILTER
        )
        return self.save_to(Path(filename)) if filename else False

    def save_to(self, path: Path) -> bool:
        journal = self.journal if self.journal is not None and self.journal.active else None
        note = journal.note_saving if journal else None
        kept: Path | None = None
        try:
            try:
                save_encounter(self.document.encounter, path, note)
            except UnreadableTargetError as unreadable:
                if not self._may_replace_unreadable(unreadable):
                    return False
                kept = save_encounter(self.document.encounter, path, note, replace_unreadable=True)
        except (TrackerError, OSError) as error:
            messages.warning(self, "Cannot save encounter", str(error))
            return False
        self.document.set_path(path)
        self.document.undo_stack.setClean()
        if self.journal is not None:
            self.journal.set_saved_path(path)
        self.kept_from = None
        remember_recent(path)
        kept_note = f"; the file it replaced is kept as {kept.name}" if kept else ""
        self.statusBar().showMessage(f"Saved to {path}{kept_note}", 0 if kept else 5000)
        return True

    def _may_replace_unreadable(self, error: UnreadableTargetError) -> bool:
        """Ask before saving over a file that could not be opened (default: No)."""
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
        if self.document.undo_stack.isClean():
            return True
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
