"""The main window's commands for the library of combatants: opening it, saving to it,
adding from it (the party too, at a new encounter), import and export. A part of
`MainWindow`, kept apart so that a reader finds what touches the library in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

from tracker.engine.errors import TrackerError
from tracker.qt.dialogs import messages

# The library (SQLite) is imported at its first use: the window opens sooner without it.
if TYPE_CHECKING:
    from tracker.library import Library, LibraryEntry
    from tracker.qt.document import EncounterDocument
    from tracker.qt.library.library_dialog import LibraryDialog


class LibraryCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    _library: Library | None = None
    library_dialog: LibraryDialog | None = None

    def _on_refused(self, message: str, field: str) -> None:
        raise NotImplementedError  # the main window's banner

    def library(self) -> Library | None:
        """The GM's library, opened at the first use; None (after telling the GM why)
        when it cannot be opened. The next call tries again."""
        return self._open_library(tell=True)

    def _open_library(self, *, tell: bool) -> Library | None:
        if self._library is None:
            from tracker.library import LibraryError, open_library

            try:
                self._library = open_library()
            except LibraryError as error:
                if tell:
                    messages.warning(self, "Library", error.message)
                return None
        return self._library

    def close_library(self) -> None:
        if self.library_dialog is not None:
            self.library_dialog.close()
        if self._library is not None:
            self._library.close()
            self._library = None

    def open_library_dialog(self) -> None:
        """Library → Library…: find, edit and add entries (the fight stays in view)."""
        library = self.library()
        if library is None:
            return
        from tracker.qt.library.library_dialog import LibraryDialog

        dialog = LibraryDialog(library, self.document, self)
        dialog.finished.connect(dialog.deleteLater)
        dialog.finished.connect(lambda _result: setattr(self, "library_dialog", None))
        self.library_dialog = dialog
        dialog.open()

    if TYPE_CHECKING:  # another mixin's (a stub here would hide it)

        def selected_combatant_ids(self) -> list[str]: ...

    def save_selected_to_library(self) -> None:
        """Library → Save selected: every combatant selected in the side list, each as
        an entry of its name (replacing the library's entry of that name)."""
        selected = self.selected_combatant_ids()
        if not selected:
            self._on_refused("Select the combatants to save to the library first.", "")
            return
        library = self.library()
        if library is None:
            return
        encounter = self.document.encounter
        combatants = [encounter.combatant(combatant_id) for combatant_id in selected]
        from tracker.library.entries import entry_from_combatant

        ruleset_id = self.document.ruleset.id
        entries = [entry_from_combatant(ruleset_id, c) for c in combatants]
        try:
            _added, replaced = library.save_combatants(entries)
        except TrackerError as error:
            self._on_refused(str(error), "")
            return
        names = ", ".join(c.name for c in combatants)
        if replaced:
            self._tell(
                f"Saved in the library: {names}. Replaced the entries of the same name: "
                f"{', '.join(replaced)}."
            )
        else:
            self._tell(f"Saved in the library: {names}.")

    def save_party_to_library(self) -> None:
        """Every combatant on the party's side becomes the library's party for this
        ruleset: new encounters of it bring them along."""
        encounter = self.document.encounter
        members = [c for c in encounter.combatants if c.side == "party"]
        if not members:
            self._on_refused("No combatant is on the party's side.", "")
            return
        library = self.library()
        if library is None:
            return
        from tracker.library.entries import entry_from_combatant

        ruleset_id = self.document.ruleset.id
        try:
            library.save_party(ruleset_id, [entry_from_combatant(ruleset_id, c) for c in members])
        except TrackerError as error:
            self._on_refused(str(error), "")
            return
        names = ", ".join(c.name for c in members)
        self._tell(f"The party is in the library ({names}); new encounters can bring it.")

    def party_in_library(self, ruleset_id: str) -> list[LibraryEntry]:
        """The party saved for `ruleset_id` (none, quietly, if the library cannot be read:
        the GM hears of it when opening the library)."""
        library = self._open_library(tell=False)
        if library is None:
            return []
        try:
            return library.party(ruleset_id)
        except TrackerError:
            return []

    def bring_party(self, party: list[LibraryEntry]) -> None:
        """Add the library's party to the encounter, one undoable step."""
        if party:
            from tracker.library.entries import adding

            try:
                command = adding(self.document.ruleset, [(entry, 1) for entry in party])
            except TrackerError as error:
                self._on_refused(str(error), "")
                return
            self.document.apply(command)

    def import_to_library(self) -> None:
        library = self.library()
        if library is None:
            return
        from tracker.qt.library.import_dialog import ImportDialog

        dialog = ImportDialog(library, self.document.ruleset, self)
        if dialog.choose_file() and dialog.exec():
            self._tell(dialog.outcome)

    def export_library(self) -> None:
        """Every entry of the encounter's ruleset, to a CSV or JSON file."""
        library = self.library()
        if library is None:
            return
        from tracker.qt.library.files import export_with_dialog

        ruleset = self.document.ruleset
        try:
            outcome = export_with_dialog(self, ruleset, library.search(ruleset.id))
        except TrackerError as error:
            self._on_refused(str(error), "")
            return
        if outcome:
            self._tell(outcome)

    def _tell(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)
