"""The strip at the top of the main window that announces expiries and refusals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

BANNER_COLORS = {  # background, text, border
    "expiry": ("#fff3c4", "#3b2f00", "#d9b200"),
    "error": ("#fde2e0", "#5c1010", "#c8372d"),
    "info": ("#e3eefc", "#0f2d57", "#6d9be0"),
}


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
        self.kind = kind
        background, ink, border = BANNER_COLORS[kind]
        self.setStyleSheet(
            f"#banner {{ background: {background}; border: 1px solid {border}; }}"
            f"#banner_text {{ color: {ink}; font-size: 11pt; }}"
        )
        self.label.setText(text)
        self.show()
