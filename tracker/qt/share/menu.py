"""The Players menu's "Share on the local network…": nothing of sharing is imported
until it is chosen."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument


def share_on_network(window: QWidget, document: EncounterDocument) -> None:
    """Show the window's sharing dialog (one session and dialog per window)."""
    from tracker.qt.share.dialog import ShareDialog
    from tracker.qt.share.session import ShareSession

    session = window.findChild(ShareSession)
    if session is None:
        session = ShareSession(document, window)
    dialog = window.findChild(ShareDialog)
    if dialog is None:
        dialog = ShareDialog(session, window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
