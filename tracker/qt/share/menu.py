"""The Players menu's "Share on the local network…": nothing of sharing is imported
until it is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow
    from tracker.qt.share.session import ShareSession


def share_on_network(window: MainWindow) -> None:
    """Show the window's sharing dialog (one session and dialog per window)."""
    from tracker.qt.share.dialog import ShareDialog

    session = window_session(window)
    dialog = window.findChild(ShareDialog)
    if dialog is None:
        dialog = ShareDialog(session, window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


def window_session(window: MainWindow) -> ShareSession:
    """The window's sharing session, made at its first use; the page's board shares the
    window's turn order and effects models and its central view's."""
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
    return session
