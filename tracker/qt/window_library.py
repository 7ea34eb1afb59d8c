"""The main window's commands for the library of combatants: opening it, saving to it,
adding from it, import and export. A part of `MainWindow`, kept apart so that a reader
finds what touches the library in one place."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QMessageBox

from tracker.library import Library, LibraryError, open_library


class LibraryCommands(QMainWindow):
    """Mixed into `MainWindow`."""

    _library: Library | None = None

    def library(self) -> Library | None:
        """The GM's library, opened at the first use; None (after telling the GM why)
        when it cannot be opened. The next call tries again."""
        if self._library is None:
            try:
                self._library = open_library()
            except LibraryError as error:
                QMessageBox.warning(self, "Library", error.message)
                return None
        return self._library

    def close_library(self) -> None:
        if self._library is not None:
            self._library.close()
            self._library = None
