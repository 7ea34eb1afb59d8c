"""What sharing the players' view costs the GM's window's GUI thread, beside the same
window unshared in the same process: End Turn (Space, or the open question's first
answer), its undo and redo at 30+10, with 30 pages following the shared page.

    .venv/bin/python benchmarks/share_cost.py [--quick] [--rulesets war_scroll ...]
        [--pages 30] [--raw]

Issue 25's figure (a step with the pages connected over the bare-Qt yardstick, target
≤ 4, issue 26's budget) is `table_ops.py --pages 30`'s: the same harness, yardstick and
process CPU as every other operation. This script says what that one cannot: which
part of it is the GUI thread's, against a window without sharing driven in turn in
the same process (the difference is small next to what moves between two runs).

Two windows on the same fight (`gm_ops.Table`), one shared as the Players menu shares
it with `--pages` pages from a process of their own (`shared_pages.SharedPages`; 0:
sharing on, no page connected, no state made at all), driven in turn, step by step.
Each operation is timed until the event loop is idle and the server's threads have
written the page's state to every page (`IdleClock`), in CPU of the GUI thread (the
target: the extra of sharing ≤ 1 ms) and of the whole process (the server's threads
too: they make the JSON and write to the sockets). Also what making the page's state
took (`time_states`: the feed's `state()` as the session asks it in the steps, GUI
thread CPU).

With pages connected, the window without sharing runs the same timer after each change
(one of the publish's delay that does nothing, `same_wait`), unless `--raw`. When that
delay was 30 ms, the wait alone, with nothing done when it fired, measured +0.5–2 ms
of GUI-thread CPU on undo and redo (the step itself costs more CPU once the thread has
slept: a cold core on a busy machine); the publish now waits for the window's paint
only (0 ms). `table_ops.py --pages` has no such twin: its figure includes what the
publish costs the GM's window."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the repository's packages
    sys.path.insert(0, str(ROOT))

from benchmarks.idle_timer import IdleClock  # noqa: E402
from benchmarks.qt_setup import laptop_platform  # noqa: E402

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow
    from tracker.qt.share.feed import PageFeed
    from tracker.qt.share.page_state import PageState

RULESETS = (
    "war_scroll",
    "priority",
    "ap_countdown",
    "stamina_battle",
    "initiative_ticks",
    "classic_d20",
)
COMBATANTS, EFFECTS, PAGES = 30, 10, 30
END_TURN = ("End Turn", "answer prompt")  # and gm_ops.END_TURN_ASKING: one figure
OPERATIONS = ("End Turn", "undo", "redo")


def same_wait(window: MainWindow) -> None:
    """A timer of the publish's delay, started at each change of `window`'s document,
    that does nothing: the window without sharing waits as the shared one does."""
    from PySide6.QtCore import QTimer

    from tracker.qt.share.session import PUBLISH_DELAY_MS

    timer = QTimer(window)  # the window's: it goes with it
    timer.setSingleShot(True)
    timer.setInterval(PUBLISH_DELAY_MS)
    window.document.changed.connect(timer.start)


def time_states(feed: PageFeed) -> list[float]:
    """The GUI-thread CPU (ms) of each page state `feed` makes from now on (the session
    asks it), in the list returned."""
    spent: list[float] = []
    make = feed.state

    def timed() -> PageState:
        started = time.thread_time()
        try:
            return make()
        finally:
            spent.append((time.thread_time() - started) * 1000)

    vars(feed)["state"] = timed  # the session asks the feed's attribute each time
    return spent


def measure(ruleset_id: str, repeats: int, count: int = PAGES, raw: bool = False) -> str:
    """`count` pages connected (0: sharing on, no page connected); `raw`: the window
    without sharing does not wait as the shared one does (`same_wait`)."""
    from benchmarks.gm_ops import END_TURN_ASKING, Table
    from benchmarks.shared_pages import SharedPages

    clock = IdleClock()
    clock.gui_ms = {}
    folder = Path(tempfile.mkdtemp(prefix="roundkeeper-share-cost-"))
    plain = Table(ruleset_id, COMBATANTS, EFFECTS, folder / "plain", clock)
    shared = Table(ruleset_id, COMBATANTS, EFFECTS, folder / "shared", clock)
    if count and not raw:  # (with no page connected nothing is published: no wait)
        same_wait(plain.window)
    gui: dict[tuple[str, str], list[float]] = {}  # (operation, without/with) → GUI ms
    process: dict[tuple[str, str], list[float]] = {}
    try:
        with SharedPages(shared.window, count, clock) as pages:
            assert pages.session.feed is not None
            states = time_states(pages.session.feed)
            for number in range(repeats + 1):
                if number == 1:  # the first round warms up
                    states.clear()
                for name, table in (("without", plain), ("with", shared)):
                    table.ready()
                    for operation, spent in table.end_turn():
                        if number:
                            ended = operation in (*END_TURN, END_TURN_ASKING)
                            kind = "End Turn" if ended else operation
                            gui.setdefault((kind, name), []).append(clock.gui_ms.pop(spent))
                            process.setdefault((kind, name), []).append(spent)
                    clock.gui_ms.clear()
    finally:
        for table in (plain, shared):
            table.close()
    lines = [
        f"{ruleset_id} at {COMBATANTS}+{EFFECTS}, {pages.connected} pages"
        f"{', raw' if raw else ''}: GUI-thread CPU medians without / with sharing, extra "
        "(target ≤ 1 ms); process CPU without / with (the rest on the server's threads)"
    ]
    for kind in OPERATIONS:
        if (kind, "with") not in gui or (kind, "without") not in gui:
            continue
        without, with_ = (statistics.median(gui[kind, name]) for name in ("without", "with"))
        cpu = [statistics.median(process[kind, name]) for name in ("without", "with")]
        lines.append(
            f"  {kind:8} {without:6.2f} / {with_:6.2f} ms, extra {with_ - without:+.2f} ms; "
            f"process {cpu[0]:.2f} / {cpu[1]:.2f} ms ({len(gui[kind, 'with'])} samples)"
        )
    if states:
        made = statistics.median(states)
        lines.append(f"  the page's state made in {made:.2f} ms (median of {len(states)})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds (default 15)")
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--pages", type=int, default=PAGES, help="0: no page connected")
    raw_help = "the window without sharing runs no publish timer after a change as the shared one"
    parser.add_argument("--raw", action="store_true", help=raw_help)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    repeats = arguments.repeats or (5 if arguments.quick else 15)
    if arguments.child:
        from PySide6.QtWidgets import QApplication

        from benchmarks.qt_setup import quiet_qt

        quiet_qt()
        app = QApplication.instance() or QApplication([])
        for ruleset_id in arguments.rulesets:
            print(measure(ruleset_id, repeats, arguments.pages, arguments.raw), flush=True)
        del app
        return 0
    failed = 0
    for ruleset_id in arguments.rulesets:  # a process each, with a home of its own
        with tempfile.TemporaryDirectory(prefix="roundkeeper-bench-home-") as home:
            env = {**os.environ, "ROUNDKEEPER_HOME": home, "QT_QPA_PLATFORM": laptop_platform()}
            command = [sys.executable, str(Path(__file__).resolve()), "--child"]
            command += ["--rulesets", ruleset_id, "--repeats", str(repeats)]
            command += ["--pages", str(arguments.pages)] + (["--raw"] if arguments.raw else [])
            failed |= subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    return failed


if __name__ == "__main__":
    sys.exit(main())
