"""Qt as the benchmarks run it: offscreen, on one screen the size of the GM's laptop
(1,366 × 768; the offscreen platform's default is an 800 × 800 screen, which the main
window would shrink itself to fit, a moment after it is shown), and without the
offscreen platform's notice on every dock layout (noise; every other message shows)."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

LAPTOP = (1366, 768)


def laptop_platform() -> str:
    """A `QT_QPA_PLATFORM` value: offscreen, one 1,366 × 768 screen at 96 dpi."""
    width, height = LAPTOP
    screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
    screen.update(logicalDpi=96, logicalBaseDpi=96, dpr=1)
    config = Path(tempfile.mkdtemp(prefix="roundkeeper-qpa-")) / "offscreen.json"
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}))
    return f"offscreen:configfile={config}"


def _show(_kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def quiet_qt() -> None:
    qInstallMessageHandler(_show)
