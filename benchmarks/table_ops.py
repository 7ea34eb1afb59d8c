"""Every operation of the game master at the table, measured honestly (issue 26).

Run by hand (never timed in the test suite; the machine is shared and noisy):

    .venv/bin/python benchmarks/table_ops.py [--quick] [--rulesets war_scroll ...]
        [--repeats 15] [--sizes 10+0 30+10 1000+10 5000+10] [--no-memory]
        [--memory-steps 2000] [--pages 30]

For each ruleset a child process of its own (nothing of one ruleset's fight, caches or
memory is left for the next) opens the real main window (offscreen, 1,366 × 768) once
per size, "combatants+effects", all of them alive at once with a combatant selected,
and a bare-Qt yardstick window (`yardstick.py`). It then drives them in rounds: each
step of the game master (`gm_ops.Table.steps`: select, End Turn (on a line of its own
when the rules ask a new question after it) or the prompt's answer
with undo and redo, every action the turn allows, rename, damage, add and remove an
effect, add and remove a combatant) on every size in turn, then the yardstick; one
round unmeasured first (first-use costs: imports, the first dialog's style), then
`--repeats` rounds. So a busy moment of the shared machine slows every size and the
yardstick alike, and the ratios stay honest where absolute times drift. The windows are
built once, not per round: building a 5,000-combatant window each round would take
most of the run, and the GM's window lives all evening too. (A modal dialog blocks
every window of the process, so Ctrl+E's steps also pay for blocking and unblocking
the other sizes' windows and the yardstick: each widget of each is sent an event, a
few ms. The GM's only other window is the players' screen. The Add form is no dialog:
it stands in the window's inspector.)

A time is CPU (`time.process_time`) from just before the input until the event loop is
idle (`idle_timer.IdleClock`): the repaints, layouts, deferred deletes and short timers
the operation caused are counted.

`--pages N` (issue 25, point 3): the 30+10 window is shared as the Players menu shares
it, on the loopback, with N pages following it from a process of their own
(`shared_pages.SharedPages`, as phones are); each of its operations is then timed
until the page's state has been published and written to every page too (the
publish's timer, which fires once the window has painted, the server's threads making
the JSON and writing it: process CPU counts them, on whichever core they ran). The
yardstick of the same run is the budget's, as without pages. The pages' own process is
not counted (phones). Read the ratios knowing that the yardstick's CPU moves between
runs far more than the operations' do: a third of it is the raster engine's thread
pool filling its tall scroll bar (docs/architecture.md), and it read 2.0-2.2 ms in one
run and 1.4-1.6 in runs half an hour later, with or without pages, the operations'
figures unchanged. What sharing adds to an operation is its CPU beside that of the
same operation in a run without pages, the same minutes.

Prints, per ruleset: the median and the spread (interquartile range) of each operation
at each size, in ms; the ratios the issue asks for (each operation at 30+10 ÷ the
yardstick, target ≤ 4; 1000+10 ÷ 10+0, target ≤ 2; 5000+10 ÷ 10+0, target ≤ 3), with
"MISS" where a target is missed; the inputs that did nothing (not timed). Then, unless
`--no-memory`, in another child per ruleset, the long fight of `long_fight.py`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script, the checkout is not on the path

from benchmarks.own_home import own_home  # noqa: E402
from benchmarks.qt_setup import laptop_platform  # noqa: E402

if TYPE_CHECKING:
    from benchmarks.shared_pages import SharedPages

SIZES = ("10+0", "30+10", "1000+10", "5000+10")
QUICK_SIZES = ("10+0", "30+10")
FILE_SIZES = ("1000+10", "5000+10")
QUICK_FILE_SIZES = ("30+10",)
BASE, TABLE_SIZE = "10+0", "30+10"
# (numerator, denominator, target): the ratios of issue 26, point 2.
RATIOS = (
    (TABLE_SIZE, "yardstick", 4.0),
    ("1000+10", BASE, 2.0),
    ("5000+10", BASE, 3.0),
)


@dataclass
class Figures:
    """The samples of one ruleset's run: (size, operation) → CPU ms."""

    samples: dict[tuple[str, str], list[float]] = field(default_factory=lambda: defaultdict(list))
    misses: dict[tuple[str, str], int] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)  # operation → why it did nothing
    yardstick: list[float] = field(default_factory=list)
    gui: dict[tuple[str, str], list[float]] = field(default_factory=lambda: defaultdict(list))
    pages: SharedPages | None = None  # the 30+10 window's sharing, with `--pages`

    def median(self, size: str, operation: str) -> float | None:
        values = self.yardstick if size == "yardstick" else self.samples.get((size, operation))
        return statistics.median(values) if values else None


def measure(ruleset_id: str, sizes: list[str], repeats: int, pages: int = 0) -> Figures:
    """The rounds of one ruleset (in this process: the child's part); `pages`: the 30+10
    window shared with that many pages following it."""
    from contextlib import ExitStack

    from PySide6.QtWidgets import QApplication

    from benchmarks.gm_ops import Table
    from benchmarks.idle_timer import IdleClock
    from benchmarks.yardstick import Yardstick

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    clock = IdleClock(app)
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="roundkeeper-bench-") as folder, ExitStack() as shared:
        tables = []
        for size in sizes:
            combatants, effects = (int(part) for part in size.split("+"))
            tables.append(Table(ruleset_id, combatants, effects, Path(folder), clock))
        yardstick = Yardstick(clock)
        if pages:
            from benchmarks.shared_pages import SharedPages

            table = next(table for table in tables if table.label == TABLE_SIZE)
            figures.pages = shared.enter_context(SharedPages(table.window, pages, clock))
            clock.gui_ms = {}  # the GUI thread's part, reported beside
        try:
            for round_number in range(repeats + 1):
                all_steps = [table.steps() for table in tables]
                for step in range(len(all_steps[0])):
                    for table, steps in zip(tables, all_steps, strict=True):
                        samples = steps[step]()
                        if round_number > 0:  # the first round warms up
                            for operation, spent in samples:
                                figures.samples[table.label, operation].append(spent)
                                if clock.gui_ms is not None and spent in clock.gui_ms:
                                    gui = clock.gui_ms[spent]
                                    figures.gui[table.label, operation].append(gui)
                        if clock.gui_ms is not None:
                            clock.gui_ms.clear()
                    measured = yardstick.measure()
                    if round_number > 0:
                        figures.yardstick.extend(spent for _, spent in measured)
                        if clock.gui_ms is not None:
                            gui_stick = [clock.gui_ms.pop(spent) for _, spent in measured]
                            figures.gui["yardstick", "yardstick"].extend(gui_stick)
        finally:
            shared.close()  # sharing stopped before its window closes
            for table in tables:
                figures.misses.update(
                    {(table.label, name): count for name, count in table.misses.items()}
                )
                for name, reason in table.reasons.items():
                    figures.reasons.setdefault(name, reason)
                table.close()
            yardstick.close()
    return figures


def measure_file_ops(ruleset_id: str, sizes: list[str], repeats: int) -> str:
    """Save and open at each size (the child's part): `file_ops.py`'s report."""
    from PySide6.QtWidgets import QApplication

    from benchmarks.file_ops import measure_files, report_files
    from benchmarks.gm_ops import Table
    from benchmarks.idle_timer import IdleClock

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    clock = IdleClock(app)
    with tempfile.TemporaryDirectory(prefix="roundkeeper-bench-") as folder:
        tables = []
        for size in sizes:
            combatants, effects = (int(part) for part in size.split("+"))
            tables.append(Table(ruleset_id, combatants, effects, Path(folder), clock))
        try:
            return report_files(ruleset_id, measure_files(tables, Path(folder), repeats, clock))
        finally:
            for table in tables:
                table.close()


# --- printing ----------------------------------------------------------------------------
def _cell(values: list[float]) -> str:
    if not values:
        return "–"
    if len(values) < 4:
        return f"{statistics.median(values):.1f}"
    low, middle, high = statistics.quantiles(values, n=4)
    return f"{middle:.1f} [{low:.1f}–{high:.1f}]"


def _operations(figures: Figures) -> list[str]:
    found: list[str] = []
    for _size, operation in figures.samples:
        if operation not in found:
            found.append(operation)
    return found


def report(ruleset_id: str, sizes: list[str], figures: Figures) -> str:
    """The ruleset's table of medians [quartiles] and its ratios, as printed."""
    lines = [f"\n== {ruleset_id}: CPU ms until idle, median [interquartile range] =="]
    if figures.pages is not None:
        shared = figures.pages
        received = f"{min(shared.received)}–{max(shared.received)}" if shared.received else "0"
        lines.append(
            f"{TABLE_SIZE} shared with {shared.count} pages ({shared.connected} connected at"
            f" the end; each received {received} states), the publish counted until idle;"
            f" the pages' own process (not counted) used {shared.pages_cpu_s * 1000:.0f} ms"
        )
    width = 22
    lines.append(f"{'operation':24}" + "".join(f"{size:>{width}}" for size in sizes))
    operations = _operations(figures)
    for operation in operations:
        cells = "".join(
            f"{_cell(figures.samples.get((size, operation), [])):>{width}}" for size in sizes
        )
        lines.append(f"{operation:24}{cells}")
    lines.append(f"{'yardstick (bare Qt)':24}{_cell(figures.yardstick):>{width}}")
    lines.append("")
    heads = [f"{top} ÷ {bottom} (≤ {target:g})" for top, bottom, target in RATIOS]
    lines.append("ratios" + " " * 18 + "".join(f"{head:>{width + 2}}" for head in heads))
    missed = 0
    for operation in operations:
        ratios: list[str] = []
        for top, bottom, target in RATIOS:
            over = figures.median(top, operation)
            under = figures.median(bottom, operation)
            if over is None or under is None or under <= 0:
                ratios.append(f"{'–':>{width + 2}}")
                continue
            ratio = over / under
            flag = " MISS" if ratio > target else "     "
            missed += ratio > target
            ratios.append(f"{ratio:>{width - 3}.2f}{flag}")
        lines.append(f"{operation:24}" + "".join(ratios))
    lines.append(f"{missed} ratio(s) over target")
    if figures.gui:
        lines.append(gui_part(figures))
    if figures.misses:
        lines.append("inputs that did nothing (not timed):")
        for operation in dict.fromkeys(op for _size, op in figures.misses):
            counts = [
                f"{n}× at {size}" for (size, op), n in figures.misses.items() if op == operation
            ]
            why = figures.reasons.get(operation) or "no reason shown"
            lines.append(f"  {operation}: {', '.join(counts)} ({why})")
    return "\n".join(lines)


def gui_part(figures: Figures) -> str:
    """With `--pages`: the GUI thread's CPU of each operation at 30+10 and of the
    yardstick beside their process CPU (the rest ran on the server's threads, which
    make the page's JSON and write it, and on Qt's thread pool, which fills large
    areas of a whole-window repaint in parallel: the yardstick's)."""
    lines = [f"{TABLE_SIZE}'s operations, GUI thread's CPU / process CPU (medians, ms):"]
    for (size, operation), values in figures.gui.items():
        if size not in (TABLE_SIZE, "yardstick"):
            continue
        whole = figures.median(size, operation)
        lines.append(f"  {operation:24}{statistics.median(values):6.2f} / {whole or 0:6.2f}")
    return "\n".join(lines)


# --- the parent: one child process per ruleset -------------------------------------------
def run_child(arguments: list[str]) -> int:
    """A child process of this script (the same interpreter), its output passed on."""
    with tempfile.TemporaryDirectory(prefix="roundkeeper-bench-home-") as home:
        command = [sys.executable, str(Path(__file__).resolve()), *arguments, "--home", home]
        # A home of its own: no saved layout, scheme (a dark one draws a table four
        # times faster than the light one: the ratios to the yardstick would mean
        # nothing), library or journal of the GM's, nor of the child before.
        env = {**os.environ, "ROUNDKEEPER_HOME": home, "QT_QPA_PLATFORM": laptop_platform()}
        done = subprocess.run(command, cwd=ROOT, env=env, check=False)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes 10+0 and 30+10, 3 rounds")
    parser.add_argument("--rulesets", nargs="+", default=None)
    parser.add_argument("--repeats", type=int, default=None, help="rounds (default 15)")
    parser.add_argument("--sizes", nargs="+", default=None, help="combatants+effects")
    parser.add_argument("--no-memory", action="store_true", help="skip the long fights")
    parser.add_argument("--no-files", action="store_true", help="skip save and open")
    parser.add_argument("--file-sizes", nargs="+", default=None, help="default 1000+10 5000+10")
    parser.add_argument("--file-repeats", type=int, default=None, help="default 5")
    parser.add_argument("--no-resume", action="store_true", help="skip the resumed starts")
    parser.add_argument("--resume-turns", type=int, default=None, help="default 2000")
    parser.add_argument("--resume-runs", type=int, default=None, help="default 3")
    parser.add_argument("--memory-steps", type=int, default=None, help="default 2000")
    pages_help = f"the {TABLE_SIZE} window shared with this many pages following it"
    parser.add_argument("--pages", type=int, default=0, help=pages_help)
    parser.add_argument("--child", choices=("ops", "memory", "files"), help=argparse.SUPPRESS)
    parser.add_argument("--home", help=argparse.SUPPRESS)  # the child's, from the parent
    arguments = parser.parse_args(argv)
    if arguments.child:  # run by hand as a child: as the parent would have set it up
        own_home(arguments.home)  # the parent's, or (by hand) a new one
        os.environ.setdefault("QT_QPA_PLATFORM", laptop_platform())
    sizes = arguments.sizes or list(QUICK_SIZES if arguments.quick else SIZES)
    repeats = arguments.repeats or (3 if arguments.quick else 15)
    memory_steps = arguments.memory_steps or (300 if arguments.quick else 2000)
    file_sizes = arguments.file_sizes or list(QUICK_FILE_SIZES if arguments.quick else FILE_SIZES)
    file_repeats = arguments.file_repeats or (1 if arguments.quick else 5)
    resume_turns = arguments.resume_turns or (200 if arguments.quick else 2000)
    resume_runs = arguments.resume_runs or (1 if arguments.quick else 3)
    if arguments.child == "ops":
        from benchmarks.qt_setup import quiet_qt

        quiet_qt()
        (ruleset_id,) = arguments.rulesets
        figures = measure(ruleset_id, sizes, repeats, arguments.pages)
        print(report(ruleset_id, sizes, figures), flush=True)
        return 0
    if arguments.child == "files":
        from benchmarks.qt_setup import quiet_qt

        quiet_qt()
        (ruleset_id,) = arguments.rulesets
        print(measure_file_ops(ruleset_id, file_sizes, file_repeats), flush=True)
        return 0
    if arguments.child == "memory":
        from benchmarks.long_fight import measure_long_fight, report_long
        from benchmarks.qt_setup import quiet_qt

        quiet_qt()
        (ruleset_id,) = arguments.rulesets
        print(report_long(ruleset_id, measure_long_fight(ruleset_id, memory_steps)), flush=True)
        return 0

    from tracker.engine.registry import available_rulesets

    rulesets = arguments.rulesets or sorted(available_rulesets())
    print(
        f"Python {sys.version.split()[0]}; sizes {' '.join(sizes)}; {repeats} rounds;"
        f" one process per ruleset"
        + (f"; {TABLE_SIZE} shared with {arguments.pages} pages" if arguments.pages else ""),
        flush=True,
    )
    failed = 0
    common = ["--sizes", *sizes, "--repeats", str(repeats), "--pages", str(arguments.pages)]
    for ruleset_id in rulesets:
        failed += run_child(["--child", "ops", "--rulesets", ruleset_id, *common]) != 0
    if not arguments.no_files:
        print("\n== save and open, a process per ruleset ==", flush=True)
        for ruleset_id in rulesets:
            files = ["--file-sizes", *file_sizes, "--file-repeats", str(file_repeats)]
            failed += run_child(["--child", "files", "--rulesets", ruleset_id, *files]) != 0
    if not arguments.no_memory:
        print(
            f"\n== long fights: {memory_steps} steps, 50 combatants, a process each ==", flush=True
        )
        for ruleset_id in rulesets:
            steps = ["--memory-steps", str(memory_steps)]
            failed += run_child(["--child", "memory", "--rulesets", ruleset_id, *steps]) != 0
    if not arguments.no_resume:
        from benchmarks.resume_start import measure_resume

        head = f"\n== launch to a painted window: {resume_turns}-turn journal vs a plain start =="
        print(head, flush=True)
        for ruleset_id in rulesets:
            print(measure_resume(ruleset_id, resume_turns, resume_runs), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
