"""Save and open of a large fight through the window (issue 26, point 3), for
`table_ops.py`'s child of a ruleset: how long the GUI thread works and how long the
event loop is frozen.

Save is Ctrl+S on a window whose encounter has a file (after an End Turn, untimed, so
there is something new to save); open is File → Open Recent → that file (the menu's own
action: the native file chooser cannot be driven offscreen, the recent list opens the
same way). The sizes are interleaved, each save followed by its open.

Measured, from just before the key (or the menu action) until the work is done (the
undo stack clean and the file written; the file's encounter in the window) and the
event loop idle: the GUI thread's CPU (`time.thread_time` of the main thread: work
moved to another thread is not counted, as the target intends) and the longest stall:
the longest wall-clock gap between two beats of a 5 ms timer running through it (the
event loop's longest stretch without handling an event, as the GM feels it).
Targets: GUI thread < 100 ms at 1,000 combatants, < 500 ms at 5,000; no stall > 50 ms.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, Qt, QTimer

from benchmarks.gm_ops import CTRL, Table, key
from benchmarks.idle_timer import LIMIT_S, IdleClock, NeverIdleError

BEAT_MS = 5
TARGETS_MS = {1000: 100.0, 5000: 500.0}  # GUI-thread time, by combatants
STALL_MS = 50.0


@dataclass
class Frozen:
    """One operation: the GUI thread's CPU and the longest stall, in ms."""

    gui_ms: float
    stall_ms: float


@dataclass
class FileFigures:
    saves: dict[str, list[Frozen]] = field(default_factory=dict)
    opens: dict[str, list[Frozen]] = field(default_factory=dict)


def frozen(clock: IdleClock, operation: Callable[[], object], done: Callable[[], bool]) -> Frozen:
    """Run `operation`; wait until `done()` and the event loop is idle (see the module)."""
    beats: list[float] = []
    beat = QTimer()  # no parent: the idle clock's look for short timers never sees it
    beat.setInterval(BEAT_MS)
    beat.setTimerType(Qt.TimerType.PreciseTimer)
    beat.timeout.connect(lambda: beats.append(time.perf_counter()))
    clock.settle()
    beat.start()
    harness = clock.harness_cpu
    started_cpu, started = time.thread_time(), time.perf_counter()
    operation()
    deadline = started + LIMIT_S
    dispatcher = QAbstractEventDispatcher.instance()
    assert dispatcher is not None
    while True:
        clock.settle()
        if done():
            break
        if time.perf_counter() > deadline:
            raise NeverIdleError("the file operation never finished")
        dispatcher.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    gui = time.thread_time() - started_cpu - (clock.harness_cpu - harness)
    ended = time.perf_counter()
    beat.stop()
    marks = [started, *beats, ended]
    stall = max(later - earlier for earlier, later in zip(marks, marks[1:], strict=False))
    return Frozen(gui * 1000, stall * 1000)


def save_and_open(table: Table, path: Path, clock: IdleClock) -> tuple[Frozen, Frozen]:
    window, document = table.window, table.document
    table.ready()
    key(window, Qt.Key.Key_Space)  # something new to save (untimed)
    clock.settle()
    written = path.stat().st_mtime_ns if path.exists() else 0
    table.ready()
    saved = frozen(
        clock,
        lambda: key(window, Qt.Key.Key_S, CTRL),
        lambda: (
            document.undo_stack.is_clean() and path.exists() and path.stat().st_mtime_ns != written
        ),
    )
    table.ready()
    menu = window.recent_menu
    menu.refresh()  # as showing the menu does (untimed: the GM opening the menu)
    action = next(a for a in menu.actions() if a.toolTip() == str(path))
    old = document.session
    opened = frozen(
        clock,
        action.trigger,
        lambda: document.session is not old and document.path == path,
    )
    return saved, opened


def measure_files(tables: list[Table], folder: Path, repeats: int, clock: IdleClock) -> FileFigures:
    """`repeats` saves and opens of each table's encounter, sizes interleaved. The
    windows are given a file first (untimed)."""
    figures = FileFigures()
    paths: dict[str, Path] = {}
    for table in tables:
        path = folder / f"encounter-{table.label}.json"
        table.window.save_to(path)  # the first save: Save As would ask where
        paths[table.label] = path
    clock.settle()
    for _ in range(repeats):
        for table in tables:
            saved, opened = save_and_open(table, paths[table.label], clock)
            figures.saves.setdefault(table.label, []).append(saved)
            figures.opens.setdefault(table.label, []).append(opened)
    return figures


def report_files(ruleset_id: str, figures: FileFigures) -> str:
    lines = [f"\n{ruleset_id}: save and open (median of {_runs(figures)}; max stall of all)"]
    lines.append(
        f"{'size':>10}{'save GUI ms':>14}{'stall ms':>10}{'open GUI ms':>14}{'stall ms':>10}"
    )
    for size, saves in figures.saves.items():
        opens = figures.opens[size]
        combatants = int(size.split("+")[0])
        target = TARGETS_MS.get(combatants)
        cells = []
        for runs in (saves, opens):
            gui = statistics.median(run.gui_ms for run in runs)
            stall = max(run.stall_ms for run in runs)
            over = target is not None and gui >= target
            cells.append(f"{gui:>10.0f}{' MISS' if over else '     '}")
            cells.append(f"{stall:>6.0f}{' MISS' if stall > STALL_MS else '     '}")
        lines.append(f"{size:>10}" + "".join(cells))
    targets = ", ".join(f"{n:,}: < {ms:.0f} ms" for n, ms in TARGETS_MS.items())
    lines.append(f"targets: GUI thread {targets}; no stall over {STALL_MS:.0f} ms")
    return "\n".join(lines)


def _runs(figures: FileFigures) -> int:
    return min((len(runs) for runs in figures.saves.values()), default=0)
