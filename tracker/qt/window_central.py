"""The main window's fight view in the middle: the ruleset's view (`RulesetUi.central_view`)
swapped for another encounter's, built out of sight when a file opens, and dressed for
the colour scheme. A part of `MainWindow`, kept apart like its files and health commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QMainWindow, QVBoxLayout, QWidget

from tracker.qt.appearance import appearance
from tracker.qt.heap import release_when_deleted
from tracker.qt.ruleset_ui import ui_for

if TYPE_CHECKING:
    from tracker.qt.document import EncounterDocument


class CentralView(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    central_view: QWidget
    fight_layout: QVBoxLayout
    _blank: QWidget | None = None  # stands in for the fight view while an open builds it
    _built: QWidget | None = None  # the fight view built for it, not shown yet
    dressed_dark: bool | None = None  # the scheme the fight view was last dressed for

    def _follow_central_selection(self) -> None:
        raise NotImplementedError  # the main window's selection

    def _show_selected_in_view(self) -> None:
        raise NotImplementedError  # the main window's selection

    def _build_hidden_view(self) -> None:
        """The open encounter's fight view, built but not shown yet (`build_central_view`
        shows it, in a later slot)."""
        if self._blank is not None and self.central_view is self._blank and self._built is None:
            self._built = ui_for(self.document.ruleset).central_view(self.document)
            QTimer.singleShot(1, self, self.build_central_view)

    def build_central_view(self) -> None:
        """The fight view of the encounter open, if a blank stands in for it."""
        if self._blank is not None and self.central_view is self._blank:
            self._blank = None
            view, self._built = self._built, None
            if view is None:
                view = ui_for(self.document.ruleset).central_view(self.document)
            self._set_central_view(view)
            view.show()  # now, not in a queued call after the open ends

    def _drop_built_view(self) -> None:
        """A fight view built for an encounter replaced before it was shown: deleted."""
        built, self._built = self._built, None
        if built is not None:
            release_when_deleted(built)
            shiboken6.delete(built)

    def _set_central_view(self, view: QWidget) -> None:
        old, self.central_view = self.central_view, view
        self._follow_central_selection()
        self.fight_layout.replaceWidget(old, view)
        release_when_deleted(old)  # no cycle of its keeps the old encounter (`heap`)
        # Deleted at once, so its models never work on the encounter replacing theirs
        # (40-60 ms of the swap at 5,000 combatants), nor see one of another ruleset;
        # hidden first (the keyboard focus moves on as before), not taken out of the
        # window (a window of its own, restyled and polished again: ~8 ms at 1,000).
        old.hide()
        shiboken6.delete(old)
        from tracker.qt.views.quiet_focus import quiet_focus

        quiet_focus(view)
        self._show_selected_in_view()
        self._dress_central_view()

    def _dress_central_view(self) -> None:
        """A ruleset view that paints with colours of its own for a light page keeps a
        light page in the dark scheme (readable, like a printed sheet)."""
        ui = ui_for(self.document.ruleset)
        self.dressed_dark = appearance().dark
        if self.dressed_dark and not ui.follows_dark_scheme:
            self.central_view.setPalette(QApplication.style().standardPalette())
        else:
            self.central_view.setPalette(QPalette())
