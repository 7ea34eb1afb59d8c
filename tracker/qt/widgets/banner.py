"""The strip over the top of the ruleset's view that announces expiries and refusals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QWidget

from tracker.qt.appearance import is_dark
from tracker.qt.palette import MESSAGE_COLORS

# A mark before the message, by its kind: a glyph DejaVu Sans has (the one font a plain
# Linux desktop is sure to have; the hourglass ⏳ is in none of its fonts: an empty box).
MARKS = {"expiry": "\u25f7"}  # ◷, a clock face


class Banner(QWidget):
    """A strip at the top of the window announcing expiries and refusals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setObjectName("banner_text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # names may hold < or &
        self.label.setWordWrap(True)
        close = QPushButton("Dismiss")
        close.setFlat(True)
        close.clicked.connect(self.hide)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self.setObjectName("banner")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.kind = ""
        self.hide()

    def announce(self, text: str, kind: str) -> None:
        """Show `text` (with its kind's mark, if it has one)."""
        self.kind = kind
        mark = MARKS.get(kind)
        self.label.setText(f"{mark} {text}" if mark else text)
        self.restyle()
        self.show()

    def restyle(self) -> None:
        """Colours of the message's kind, in the scheme in force."""
        if not self.kind:
            return
        background, ink, border = MESSAGE_COLORS[is_dark(QApplication.palette())][self.kind]
        self.setStyleSheet(
            f"#banner {{ background: {background}; border: 1px solid {border}; }}"
            f"#banner_text {{ color: {ink}; font-size: 11pt; }}"
            f"#banner QPushButton {{ color: {ink}; }}"
        )
