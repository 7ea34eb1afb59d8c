"""Help → About Roundkeeper: the name, the version (with Qt's and PySide's), the
licence, and the notices of the third-party software it carries, as plain text in a
scrollable box."""

from __future__ import annotations

import sys
from importlib.resources import files

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tracker import APP_NAME, __version__
from tracker.qt.app_icon import application_icon
from tracker.qt.layout_items import add_layout

LEGAL_FILES = ("LICENSE", "THIRD-PARTY-NOTICES")


def legal_text() -> str:
    """The licence and the third-party notices, as shipped in the package."""
    folder = files("tracker") / "assets" / "legal"
    return "\n\n".join((folder / name).read_text(encoding="utf-8").strip() for name in LEGAL_FILES)


def version_line() -> str:
    python = ".".join(str(part) for part in sys.version_info[:3])
    return (
        f"Version {__version__} · Qt {qVersion()} · PySide6 {PySide6.__version__} · Python {python}"
    )


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {APP_NAME}")
        layout = QVBoxLayout(self)
        heading = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(application_icon().pixmap(64, 64))
        heading.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        title = QLabel(APP_NAME)
        title.setTextFormat(Qt.TextFormat.PlainText)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        self.version = QLabel(version_line())
        summary = QLabel(
            "An initiative tracker for tabletop role-playing games.\n"
            "Free software under the MIT licence; the software it runs on keeps its own "
            "licences, below."
        )
        for label in (self.version, summary):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        words = QVBoxLayout()
        words.addWidget(title)
        words.addWidget(self.version)
        words.addWidget(summary)
        add_layout(heading, words, 1)
        add_layout(layout, heading)
        self.notices = QPlainTextEdit(legal_text())  # plain text by construction
        self.notices.setReadOnly(True)
        self.notices.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.notices.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.notices, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 600)
