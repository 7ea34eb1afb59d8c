"""Start-up: Tracker's main window with the sample against a bare PySide6 window with a
table, side by side in one run.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/startup.py [--runs 15] [--platform offscreen|xcb]

Each run starts a fresh Python process; the two kinds alternate so that a busy machine
slows both alike. A process counts as started when its window is shown and exposed
(it prints a line then, and exits); the time is wall time from launching the process to
that line, interpreter start-up included. Peak memory is the process's maximum
resident set size. Prints the medians and the ratios Tracker / bare (targets: time at
most 1.5x, memory at most 1.3x).

Tracker starts through its real entry point, `tracker.qt.app.main`, in an empty
TRACKER_HOME (no journal to resume); only `QApplication.exec` is replaced, by a loop that
returns once the window is exposed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Shared by both children: wait until the window is exposed, then say so.
_WAIT = """
def _wait_shown(app, window):
    from PySide6.QtCore import QEventLoop
    while window.windowHandle() is None or not window.windowHandle().isExposed():
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    app.processEvents()
    print("shown", flush=True)
"""

BARE = (
    _WAIT
    + """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow, QTableWidget, QTableWidgetItem
app = QApplication(sys.argv)
window = QMainWindow()
table = QTableWidget(8, 5)
for row in range(8):
    for column in range(5):
        table.setItem(row, column, QTableWidgetItem(f"{row}, {column}"))
window.setCentralWidget(table)
window.resize(1400, 860)
window.show()
_wait_shown(app, window)
"""
)

TRACKER = (
    _WAIT
    + """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow

def _exec(app):
    window = next(w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible())
    _wait_shown(app, window)
    return 0

QApplication.exec = _exec
from tracker.qt.app import main
main(["tracker"])
"""
)


@dataclass
class Run:
    seconds: float
    peak_kib: int


def run_once(code: str, env: dict[str, str]) -> Run:
    """Start `code` in a fresh interpreter; time until it prints "shown"."""
    with tempfile.TemporaryDirectory(prefix="tracker-startup-") as home:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={**env, "TRACKER_HOME": home},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        seconds = time.perf_counter() - started
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        errors = process.stderr.read() if process.stderr else ""
        if line.strip() != "shown" or process.returncode != 0:
            raise SystemExit(f"The child failed ({process.returncode}):\n{line}{errors}")
    # ru_maxrss is in KiB on Linux, in bytes on macOS.
    peak = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return Run(seconds, peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM (default offscreen)"
    )
    args = parser.parse_args()
    # Bytecode as an installed Tracker has it (pip compiles it; so does PyInstaller):
    # cached in a folder of this run, written by the warm-up runs.
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": args.platform,
        "PYTHONPYCACHEPREFIX": tempfile.mkdtemp(prefix="tracker-startup-pycache-"),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs: dict[str, list[Run]] = {"bare": [], "tracker": []}
    run_once(BARE, env)  # warm the disk cache for both before measuring
    run_once(TRACKER, env)
    for _ in range(args.runs):
        runs["bare"].append(run_once(BARE, env))
        runs["tracker"].append(run_once(TRACKER, env))
    medians = {
        name: (
            statistics.median(r.seconds for r in kind),
            statistics.median(r.peak_kib for r in kind),
        )
        for name, kind in runs.items()
    }
    for name, (seconds, peak) in medians.items():
        print(f"{name:8} median {seconds * 1000:7.0f} ms   peak memory {peak / 1024:6.1f} MiB")
    time_ratio = medians["tracker"][0] / medians["bare"][0]
    memory_ratio = medians["tracker"][1] / medians["bare"][1]
    print(
        f"ratio    time {time_ratio:.2f}x (target <= 1.5x)   memory {memory_ratio:.2f}x "
        "(target <= 1.3x)"
    )


if __name__ == "__main__":
    main()
