"""A combo box whose list repaints only its marks on a change of focus or of the active
window (`quiet_focus`), made so as it first opens.

The list is a window of its own, hidden until the combo box opens it: it hears of no
change of focus or of the active window before that. Made quiet as the window is
built, the lists were found by a walk over the window's widgets, which made PySide
load the class of each widget met (~2 ms of the whole window)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


class QuietCombo(QComboBox):
    def showPopup(self) -> None:  # noqa: N802 (Qt)
        from tracker.qt.views.quiet_focus import quiet_focus  # with the rest of the window

        quiet_focus(self.view())  # (a list already quiet is left as it is)
        super().showPopup()
