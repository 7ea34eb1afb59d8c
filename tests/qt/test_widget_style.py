"""A widget's style is never another object's stale wrapper: PySide keeps the wrapper
of a layout item Python has seen after Qt deletes the item, and hands it back for the
next object Qt makes at that address (CI once got a QWidgetItem for a label's
style-sheet style)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QLabel, QStyle, QVBoxLayout, QWidget

from tracker.qt.widget_style import style_of


def test_a_stale_wrapper_handed_back_for_a_style_is_let_go(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    gone = QLabel("gone")
    layout.addWidget(gone)
    stale = layout.itemAt(0)  # PySide keeps this wrapper on the layout
    gone.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert layout.count() == 0  # Qt deleted the item ...
    assert shiboken6.isValid(stale)  # ... and PySide still maps its address to it

    class HandedStale(QWidget):
        """Asked for its style, first gets what PySide handed back in CI."""

        handed: list[object] = [stale]

        def style(self) -> QStyle:  # type: ignore[override]
            return self.handed.pop() if self.handed else super().style()  # type: ignore[return-value]

    widget = HandedStale(host)
    style = style_of(widget)
    assert isinstance(style, QStyle) and style is QWidget.style(widget)
    assert not shiboken6.isValid(stale)  # let go of: its address maps to nothing now
