"""Launch to a painted, usable window: resuming a long fight against a plain start
(issue 26, point 4: at most 1.5×), for `table_ops.py`.

A fight of 2,000 turns (50 combatants, effects coming and going: `resume.play`) is
journaled into a home of its own and left as a kill leaves it. Each run starts a fresh
Python process through Roundkeeper's real entry point (`tracker.qt.app.main`) in a
fresh copy of that home, the "Resume?" question answered Yes at once; the plain start
runs the same way in an empty home (the sample encounter). The kinds alternate, so a
busy moment of the shared machine slows both. A run ends when the main window is
exposed and its event loop idle (`idle_timer.IdleClock`: everything painted); only
`QApplication.exec` is replaced, by that wait. The wall time is from launching the
process to then (interpreter start-up included), the CPU time the child's own. The
children keep their bytecode, as an installed Roundkeeper has it (pip and PyInstaller
compile it), in a folder of the measurement, written by the first (warm-up) runs:
compiling every module at every start (``PYTHONDONTWRITEBYTECODE``, set where the
benchmarks are run by tools) costs 0.2 s of CPU a start, which hid a third of what a
resume costs more.

The target's baseline is that plain start of the sample; a third kind of start, the
same fight opened plainly from its file (the encounter open at the last clean quit: no
journal, no undo history), is measured with them and its ratio printed apart: it tells
what resuming costs beyond the size of the fight.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.qt_setup import laptop_platform

ROOT = Path(__file__).resolve().parent.parent
# The home each start runs in: the variable the app reads first (a `ROUNDKEEPER_HOME`
# set where the benchmark is run would otherwise win over a `TRACKER_HOME` set here).
HOME, OLD_HOME = "ROUNDKEEPER_HOME", "TRACKER_HOME"
TARGET = 1.5

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox
from tracker.qt.dialogs import messages

def _exec(app):
    from benchmarks.idle_timer import IdleClock
    window = next(
        w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible()
    )
    while window.windowHandle() is None or not window.windowHandle().isExposed():
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    IdleClock(app).settle()
    print("shown", time.process_time(), window.document.undo_stack.count(), flush=True)
    return 0

QApplication.exec = _exec
messages.question = lambda *_a, **_k: QMessageBox.StandardButton.Yes  # Resume? Yes
from tracker.qt.app import main
main(["roundkeeper"])
"""


def make_home(ruleset_id: str, turns: int, home: Path, fight: Path | None = None) -> None:
    """A home whose journal holds the fight, as a kill leaves it; the fight as it ends
    saved in the file `fight` too, if given."""
    saved = os.environ.get(HOME)
    os.environ[HOME] = str(home)
    try:
        from benchmarks.resume import play
        from tracker.persistence import paths
        from tracker.persistence.files import save_encounter

        session = play(ruleset_id, 50, turns, paths.journal_dir())
        if fight is not None:
            save_encounter(session.encounter, fight)
    finally:
        if saved is None:
            del os.environ[HOME]
        else:
            os.environ[HOME] = saved


def launch(home: Path, bytecode: Path) -> tuple[float, float, int]:
    """(wall s, CPU s, undo entries) of one start in `home`, bytecode cached in
    `bytecode`."""
    env = {**os.environ, HOME: str(home), "QT_QPA_PLATFORM": laptop_platform()}
    env.pop(OLD_HOME, None)
    env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT))],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    wall = time.perf_counter() - started
    _out, errors = process.communicate(timeout=120)
    if not line.startswith("shown ") or process.returncode != 0:
        raise RuntimeError(f"the start failed ({process.returncode}):\n{line}{errors}")
    _, cpu, entries = line.split()
    return wall, float(cpu), int(entries)


def file_home(home: Path, fight: Path) -> None:
    """A home whose last clean quit left `fight` open: a plain start opens it."""
    from tracker.persistence.recent import RecentFiles, save_recent

    recent = RecentFiles()
    recent.remember(fight)
    recent.last = fight
    home.mkdir()
    saved = os.environ.get(HOME)
    os.environ[HOME] = str(home)
    try:
        save_recent(recent)
    finally:
        if saved is None:
            del os.environ[HOME]
        else:
            os.environ[HOME] = saved


def measure_resume(ruleset_id: str, turns: int, runs: int) -> str:
    with tempfile.TemporaryDirectory(prefix="roundkeeper-resume-") as folder:
        pristine = Path(folder) / "pristine"
        fight = Path(folder) / "fight.json"
        make_home(ruleset_id, turns, pristine, fight)
        results: dict[str, list[tuple[float, float, int]]] = {"plain": [], "resume": [], "file": []}
        for number in range(runs + 1):  # the first of each warms the caches
            for kind in results:
                home = Path(folder) / f"{kind}-{number}"
                if kind == "resume":
                    shutil.copytree(pristine, home)
                elif kind == "file":
                    file_home(home, fight)
                else:
                    home.mkdir()
                result = launch(home, Path(folder) / "bytecode")
                if number > 0:
                    results[kind].append(result)
                shutil.rmtree(home, ignore_errors=True)
    plain, resumed, opened = results["plain"], results["resume"], results["file"]
    wall = [statistics.median(r[0] for r in kind) for kind in (plain, resumed, opened)]
    cpu = [statistics.median(r[1] for r in kind) for kind in (plain, resumed, opened)]
    ratio = wall[1] / wall[0]
    flag = " MISS" if ratio > TARGET else ""
    return (
        f"{ruleset_id:16} plain {wall[0] * 1000:.0f} ms (CPU {cpu[0] * 1000:.0f}),"
        f" resumed {wall[1] * 1000:.0f} ms (CPU {cpu[1] * 1000:.0f}):"
        f" {ratio:.2f}× (≤ {TARGET:g}){flag}, CPU {cpu[1] / cpu[0]:.2f}×;"
        f" {resumed[0][2]} entries on the undo stack; median of {runs}; the fight opened"
        f" from its file {wall[2] * 1000:.0f} ms (CPU {cpu[2] * 1000:.0f}): resumed"
        f" {wall[1] / wall[2]:.2f}×, CPU {cpu[1] / cpu[2]:.2f}×"
    )
