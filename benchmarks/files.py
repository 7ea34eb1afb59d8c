"""Save and open of large encounters through the real main window (offscreen, 1,366 × 768).

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/files.py [--sizes 1000 5000] [--effects 10] [--runs 3]
        [--ruleset war_scroll] [--players]

For each size (combatants, plus `--effects` active effects), `window.save_to(path)` (a
first save, then a save over the file the window itself wrote) and `window.open_path(path)`
are run `--runs` times, sizes interleaved, and for each the median of:

- GUI-thread CPU (`time.thread_time` on the GUI thread, from the call until the event
  loop is idle again: the events handled meanwhile and the work the call left to the
  event loop, such as a large fight's rows ranked a slice a turn after the open
  returned, are what the game master's window pays);
- wall time, from the call until the event loop is idle again;
- the longest event-loop stall: a 1 ms `QTimer` heartbeat runs throughout, and the
  longest gap between two of its beats (or from the call to the first beat, and from the
  last beat to the end) is how long the window could not repaint or take a key.

"Idle" is asked, never counted in passes (`settled`): a pass of the event loop that
handled nothing but the heartbeat, with no 0–50 ms timer of the application's pending
(`idle_timer.IdleClock`'s test), three times in a row. Each measure starts from idle.

With `--players`, each window has the players' screen up (opened as the GM's menu does,
through `open_players_screen`, its settings in a temporary ini) before anything is
measured: that is the table's case, the players' screen on the TV while the GM saves or
opens a file, and the figures that count.

Targets (issue 26): GUI-thread CPU < 100 ms at 1,000 combatants, < 500 ms at 5,000;
no stall over 50 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.own_home import own_home  # noqa: E402

own_home()

from PySide6.QtCore import (  # noqa: E402
    QElapsedTimer,
    QEvent,
    QSettings,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,  # noqa: E402
)
from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.fights import next_step, stats_for  # noqa: E402
from benchmarks.idle_timer import LIMIT_S, READY, WAIT, IdleClock, NeverIdleError  # noqa: E402
from tracker.engine import AddCombatant, AddEffect, Session, StartEncounter  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402
from tracker.qt.players.launcher import open_players_screen  # noqa: E402


def _quiet(kind: QtMsgType, _context: object, message: str) -> None:
    if kind != QtMsgType.QtDebugMsg:
        sys.stderr.write(f"Qt: {message}\n")


def large_session(ruleset_id: str, size: int, effects: int, seed: int = 7) -> Session:
    """A started fight of `size` combatants with `effects` active effects."""
    rng = random.Random(seed)
    session = Session.new(f"{ruleset_id} of {size}", ruleset_id)
    for number in range(size):
        side = rng.choice(["party", "enemy"])
        stats = stats_for(session, rng)
        session.apply(AddCombatant(f"Fighter {number}", side, stats=stats))
    session.apply(StartEncounter())
    for _ in range(3 * size):
        turn = session.current_turn()
        if turn is not None and turn.combatant_id is not None:
            break
        session.apply(next_step(session))
    ids = [c.id for c in session.encounter.combatants]
    attempts = 0
    while len(session.encounter.effects) < effects and attempts < 20 * effects + 10:
        attempts += 1
        command = AddEffect(f"Effect {attempts}", rng.choice(ids), rng.choice(ids))
        if session.refusal(command) is None:
            session.apply(command)
    return session


class Heartbeat:
    """A 1 ms timer on the GUI thread; `longest` is the longest gap since `start`."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(self.beat)
        self.last = 0
        self.longest = 0

    def start(self) -> None:
        self.clock.start()
        self.last, self.longest = 0, 0
        self.timer.start()

    def beat(self) -> None:
        now = self.clock.elapsed()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def stop(self) -> int:
        self.beat()
        self.timer.stop()
        return self.longest


@dataclass
class Figures:
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    stall: list[float] = field(default_factory=list)

    def row(self) -> str:
        med = statistics.median
        return f"{med(self.cpu):>10.1f}{med(self.wall):>10.1f}{med(self.stall):>10.1f}"


QUIET_PASS_S = 0.0002  # a pass of the event loop this short handled only the heartbeat
QUIET_PASSES = 3


def settled(clock: IdleClock) -> float:
    """Run the event loop until it is idle while the heartbeat beats (`IdleClock.settle`
    would take the heartbeat for work for ever); the GUI-thread CPU spent looking for
    short timers, which is the harness's."""
    dispatcher = clock.dispatcher
    harness, quiet = 0.0, 0
    deadline = time.perf_counter() + LIMIT_S
    while quiet < QUIET_PASSES:
        if time.perf_counter() > deadline:
            raise NeverIdleError(f"the event loop was still busy after {LIMIT_S:.0f} s")
        started = time.thread_time()
        dispatcher.processEvents(READY)
        clock.app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        handled = time.thread_time() - started
        looked = time.thread_time()
        pending = clock.short_timer_pending()
        harness += time.thread_time() - looked
        if pending:
            dispatcher.processEvents(WAIT)  # the timer (or the next beat) wakes it
        quiet = quiet + 1 if handled < QUIET_PASS_S and not pending else 0
    return harness


def measured(
    clock: IdleClock, heartbeat: Heartbeat, figures: Figures, run: Callable[[], object]
) -> None:
    clock.settle()  # nothing of an earlier measure is charged to this one
    heartbeat.start()
    wall = time.perf_counter()
    cpu = time.thread_time()
    result = run()
    harness = settled(clock)
    figures.cpu.append((time.thread_time() - cpu - harness) * 1000)
    figures.wall.append((time.perf_counter() - wall) * 1000)
    figures.stall.append(heartbeat.stop())
    if not result:
        raise RuntimeError(f"{run} failed")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--effects", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ruleset", default="war_scroll")
    parser.add_argument(
        "--players", action="store_true", help="the players' screen up on each window"
    )
    arguments = parser.parse_args()
    qInstallMessageHandler(_quiet)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)  # widgets: never a core application here
    heartbeat = Heartbeat()
    clock = IdleClock(app)
    folder = Path(tempfile.mkdtemp(prefix="tracker-files-"))
    windows: dict[int, MainWindow] = {}
    for size in arguments.sizes:
        session = large_session(arguments.ruleset, size, arguments.effects)
        window = MainWindow(session, None, folder / f"journal-{size}")
        window.resize(1366, 768)
        window.show()
        if arguments.players:
            store = QSettings(str(folder / "players.ini"), QSettings.Format.IniFormat)
            shown = open_players_screen(
                window.document,
                window,
                ask=False,
                turn_order_model=window.turn_order_model,
                effects_model=window.effects_model,
                store=store,
            )
            if shown is not None:  # closed with the GM's window, as from the menu
                window.players_window = shown
                shown.closed.connect(window._on_players_closed)
        windows[size] = window
    kinds = ("first save", "save again", "open")
    results = {size: {kind: Figures() for kind in kinds} for size in arguments.sizes}
    for run in range(arguments.runs):
        for size, window in windows.items():  # sizes interleaved
            path = folder / f"fight-{size}-{run}.json"
            figures = results[size]
            measured(clock, heartbeat, figures["first save"], partial(window.save_to, path))
            measured(clock, heartbeat, figures["save again"], partial(window.save_to, path))
            measured(clock, heartbeat, figures["open"], partial(window.open_path, path))
    screen = ", players' screen up" if arguments.players else ""
    title = f"{arguments.ruleset}, {arguments.effects} effects{screen}"
    print(f"{title}, median of {arguments.runs} runs (ms)")
    print(f"{'combatants':>10} {'':12}{'GUI CPU':>10}{'wall':>10}{'stall':>10}")
    for size in arguments.sizes:
        for kind in kinds:
            print(f"{size:>10} {kind:12}{results[size][kind].row()}")
    for window in windows.values():
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


if __name__ == "__main__":
    main()
