"""A window left open when Python exits is destroyed after the interpreter is gone; its
deactivation then must not call the views' quiet-focus filters (a segmentation fault:
`benchmarks/resume_start.py` ends its runs that way)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CHILD = """
from PySide6.QtWidgets import QApplication, QMainWindow, QTableWidget
from tracker.qt.views.quiet_focus import quiet_focus

app = QApplication([])
window = QMainWindow()
window.setCentralWidget(QTableWidget(3, 2))
quiet_focus(window)
window.show()
window.activateWindow()
app.processEvents()
print("shown", flush=True)
"""


def test_python_exits_cleanly_with_a_quiet_window_still_open() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=Path(__file__).parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip() == "shown"
    assert done.returncode == 0, done.stderr[-2000:]
