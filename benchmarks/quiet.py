"""Qt's messages for a benchmark: the offscreen platform's notice on every dock layout
is noise; every other message is shown."""

from __future__ import annotations

import sys

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler


def _show(_kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def quiet_qt() -> None:
    qInstallMessageHandler(_show)
