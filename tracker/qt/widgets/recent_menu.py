"""File → Open Recent, and what the main window remembers of its files: the encounters
opened or saved lately, and the one to reopen at the next start (see
`tracker.persistence.recent`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from tracker.engine.errors import TrackerError
from tracker.persistence.files import save_encounter
from tracker.persistence.recent import load_recent, save_recent, unsaved_path
from tracker.qt.dialogs import messages
from tracker.qt.rich_text import plain_tip

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow


class RecentMenu(QMenu):
    """The last encounters opened or saved, newest first; a file that is gone is taken
    off the list with a word to the GM; "Clear list" empties it."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__("Open &Recent", window)
        self.setObjectName("recent_menu")
        self._window = window
        self.setToolTipsVisible(True)
        # Filled as it opens (the list read then), not with the window: its file read
        # and its actions were part of the rest of the window's build.
        self.aboutToShow.connect(self.refresh)

    def refresh(self) -> None:
        self.clear()
        recent = load_recent().recent
        for number, path in enumerate(recent, start=1):
            shown = f"{path.name}   —   {path.parent}".replace("&", "&&")  # not a mnemonic
            action = QAction(f"&{number}  {shown}", self)
            action.setToolTip(plain_tip(str(path)))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
            self.addAction(action)
        if not recent:
            empty = self.addAction("No recent encounters")
            empty.setEnabled(False)
        self.addSeparator()
        clear = self.addAction("&Clear list")
        clear.setObjectName("clear_recent")
        clear.setEnabled(bool(recent))
        clear.triggered.connect(self.clear_list)

    def open_recent(self, path: Path) -> bool:
        if not path.is_file():
            recent = load_recent()
            recent.forget(path)
            save_recent(recent)
            self.refresh()
            messages.information(
                self._window,
                "Encounter not found",
                f"“{path.name}” is no longer in {path.parent}: it may have been moved, "
                "renamed or deleted. It was taken off the list of recent encounters.",
            )
            return False
        return self._window.open_recent(path)

    def clear_list(self) -> None:
        recent = load_recent()
        recent.recent = []
        save_recent(recent)
        self.refresh()


def keep_at_quit(
    window: MainWindow, kept_from: Path | None, may_discard: Callable[[], bool]
) -> bool:
    """At a clean quit, remember the encounter to reopen next time; False if the quit is
    called off. A saved encounter with changes is asked about (`may_discard`). One that
    was never saved is kept as a file in the data folder ("Unsaved – …") rather than
    asked about: the GM finds it again at the next start (asked only if it cannot be
    kept). An untouched new encounter or the sample is not kept."""
    document = window.document
    recent = load_recent()
    if document.path is not None:
        if not may_discard():
            return False
        recent.last = document.path
    elif document.undo_stack.is_clean() and kept_from is None:
        recent.last = None
    else:
        unsaved = unsaved_path(document.encounter.name)
        target: Path | None = unsaved
        try:
            save_encounter(document.encounter, unsaved)
        except (TrackerError, OSError):
            if not may_discard():
                return False
            target = None
        document.undo_stack.set_clean()
        recent.last = target
    save_recent(recent)
    return True


def unsaved_kept_message(path: Path) -> str:
    return (
        f"This encounter was never saved: Roundkeeper kept it for you in {path.parent}. "
        "Use File → Save As… to give it a name of your own."
    )
