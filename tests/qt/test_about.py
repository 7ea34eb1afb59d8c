"""Help → About Roundkeeper: the version, the licence and the third-party notices, as
plain text in a scrollable box, in a dialog that fits the GM's 1,366 × 768 screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPlainTextEdit

from tracker import __version__
from tracker.qt.dialogs import about_dialog
from tracker.qt.dialogs.about_dialog import AboutDialog

ROOT = Path(__file__).resolve().parents[2]


def test_help_about_shows_the_version_licence_and_notices(qtbot, window):
    seen: list[tuple[str, str, str]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, AboutDialog)
        seen.append((dialog.windowTitle(), dialog.version.text(), dialog.notices.toPlainText()))
        dialog.reject()

    QTimer.singleShot(0, look)
    window.actions_by_name["about"].trigger()
    ((title, version, text),) = seen
    assert title == "About Roundkeeper"
    assert f"Version {__version__}" in version
    assert "MIT License" in text and "The Roundkeeper authors" in text
    assert "LGPL-3.0" in text and "PySide6" in text and "platformdirs" in text
    assert text.startswith((ROOT / "LICENSE").read_text(encoding="utf-8").strip()[:40])
    qtbot.waitUntil(lambda: not window.findChildren(AboutDialog))  # not kept once closed


def test_the_notices_are_plain_text_and_scroll(qtbot, monkeypatch):
    monkeypatch.setattr(about_dialog, "legal_text", lambda: "<b>not bold</b>\n" * 300)
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert isinstance(dialog.notices, QPlainTextEdit) and dialog.notices.isReadOnly()
    assert dialog.notices.toPlainText().startswith("<b>not bold</b>")
    assert dialog.notices.verticalScrollBar().maximum() > 0


def test_the_dialog_fits_the_laptop_screen(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    frame = dialog.frameGeometry()
    assert frame.width() <= 1366 and frame.height() <= 768
    assert dialog.minimumSizeHint().height() <= 768
