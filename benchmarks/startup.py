"""Start-up: Roundkeeper's main window with the sample against a bare PySide6 window with a
table, side by side in one run.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/startup.py [--runs 15] [--platform offscreen|xcb]
                                           [--before /path/to/another/checkout]

Each run starts a fresh Python process; the kinds alternate so that a busy machine
slows them alike. A process counts as started when its window is shown and exposed
(it prints a line then, and exits); the wall time is from launching the process to
that line, interpreter start-up included, and the CPU time is the process's own up to
then (steadier than wall time on a shared machine). Peak memory is the process's
maximum resident set size. Prints the medians and the ratios Roundkeeper / bare (targets:
time at most 1.5x, memory at most 1.3x). `--before` also measures the Roundkeeper of
another checkout (e.g. main) the same way, in the same run.

Roundkeeper starts through its real entry point, `tracker.qt.app.main`, in an empty
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
    import time
    print("shown", time.process_time(), flush=True)
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
    cpu_seconds: float
    peak_kib: int


def run_once(code: str, env: dict[str, str], source: Path = ROOT) -> Run:
    """Start `code` in a fresh interpreter in `source` (whose `tracker` it imports);
    time until it prints "shown"."""
    with tempfile.TemporaryDirectory(prefix="tracker-startup-") as home:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=source,
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
        if not line.startswith("shown ") or process.returncode != 0:
            raise SystemExit(f"The child failed ({process.returncode}):\n{line}{errors}")
    # ru_maxrss is in KiB on Linux, in bytes on macOS.
    peak = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return Run(seconds, float(line.split()[1]), peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM (default offscreen)"
    )
    parser.add_argument(
        "--before", type=Path, help="another checkout to measure too (its tracker package)"
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
    kinds: dict[str, tuple[str, Path]] = {"bare": (BARE, ROOT), "tracker": (TRACKER, ROOT)}
    if args.before is not None:
        kinds["before"] = (TRACKER, args.before.resolve())
    runs: dict[str, list[Run]] = {name: [] for name in kinds}
    for code, source in kinds.values():  # warm the disk cache and write the bytecode
        run_once(code, env, source)
    for _ in range(args.runs):
        for name, (code, source) in kinds.items():
            runs[name].append(run_once(code, env, source))
    medians = {
        name: Run(
            statistics.median(r.seconds for r in kind),
            statistics.median(r.cpu_seconds for r in kind),
            int(statistics.median(r.peak_kib for r in kind)),
        )
        for name, kind in runs.items()
    }
    print(f"medians of {args.runs} runs each, QT_QPA_PLATFORM={args.platform}")
    for name, run in medians.items():
        print(
            f"{name:8} wall {run.seconds * 1000:6.0f} ms   CPU {run.cpu_seconds * 1000:6.0f} ms   "
            f"peak memory {run.peak_kib / 1024:6.1f} MiB"
        )
    bare = medians["bare"]
    for name in [n for n in medians if n != "bare"]:
        run = medians[name]
        print(
            f"{name} / bare: wall {run.seconds / bare.seconds:.2f}x, "
            f"CPU {run.cpu_seconds / bare.cpu_seconds:.2f}x (target <= 1.5x), "
            f"memory {run.peak_kib / bare.peak_kib:.2f}x (target <= 1.3x)"
        )


if __name__ == "__main__":
    main()
