"""The Players menu's "Share on the local network…": nothing of sharing is imported
until it is chosen, or until a fight that was shared when the app was cut off is
resumed (`share_again`)."""

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


def share_again(window: MainWindow, resumed: bool) -> None:
    """The app was cut off while sharing (`settings_file.SHARING` found set): the mark
    is cleared, and if the GM resumed the fight it is shared again where it was, on the
    same link (the players' pages, which keep trying, follow again by themselves); the
    banner says so, or why not."""
    from tracker.qt.settings_file import mark_sharing, settings_store
    from tracker.qt.share.kept_link import KeptLink

    mark_sharing(settings_store(), False)
    kept = KeptLink.load()
    if not resumed or not kept.host:
        return
    session = window_session(window)
    try:
        session.start(kept.host, kept.port)
    except OSError as error:
        reason = error.strerror or str(error)
        window.banner.announce(
            f"Sharing could not start again on {kept.host}, port {kept.port}: {reason}. "
            "Players → Share on the local network to choose another.",
            "error",
        )
        return
    window.banner.announce(
        f"Shared again on {session.link()}: the players' pages follow the fight again.",
        "info",
    )
