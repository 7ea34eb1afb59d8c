"""The Players menu's "Share on the local network…": nothing of sharing is imported
until it is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow


def share_on_network(window: MainWindow) -> None:
    """Show the window's sharing dialog (one session and dialog per window); the page's
    board shares the window's turn order and effects models."""
    from tracker.qt.share.dialog import ShareDialog
    from tracker.qt.share.session import ShareSession

    session = window.findChild(ShareSession)
    if session is None:
        session = ShareSession(
            window.document,
            window,
            turn_order_model=window.turn_order_model,
            effects_model=window.effects_model,
            central_view=lambda: window.central_view,
        )
    dialog = window.findChild(ShareDialog)
    if dialog is None:
        dialog = ShareDialog(session, window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
