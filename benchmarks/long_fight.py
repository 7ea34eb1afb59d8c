"""A long fight in the main window: what the length of a fight costs in time and memory
(issue 26, point 5). `table_ops.py` runs it in a child process per ruleset, so no other
fight's memory hides in its figures.

2,000 steps of 50 combatants with effects of the default duration coming and going
(`LONG_EFFECTS` from the start, one added every 4th step while fewer are active, so both
ends hold about as many). Each step is the GM's next move (answer the open prompt, else
End Turn) applied through the window's document, as its buttons do (the step, not the
key, is what this measures); its time is CPU until the event loop is idle.

Measured: the median step and undo over the first and the last tenth (at most 1.2×
apart); the bytes a step keeps against the bytes the history and the log hold of their
own, the ratio of the two (target ≤ 1.5: nothing else keeps a copy, the Qt side
included); the process's resident memory at the start and the end, and the undo
history's entries.

- The bytes a step keeps: tracemalloc's traced memory over a stretch in the middle of
  the fight, its growth divided by the steps. Tracing starts a few steps before the
  stretch, so what is worked out again at every step (the memo of `Encounter.derived`,
  the views' rows) was allocated under tracing and is freed in it: only what stays
  counts, not the working set each step replaces.
- The history and log bytes: what the undo and redo history (`Session.history` and
  `undone`: each `Applied`, its command, text and undo record, the values its
  snapshots keep) and the encounter's log (its `LogEntry`s) reach that the encounter's
  state does not (`sys.getsizeof` of each object, walked with `gc.get_referents`; an
  object the state shares is the state's), their growth over the same stretch.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import tempfile
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.fights import add_effects, build, next_step
from benchmarks.idle_timer import IdleClock
from tracker.engine import Session

LONG_EFFECTS = 10  # active effects the long fight holds at most
SIZE = 50


@dataclass
class LongFight:
    step_start: float = 0.0
    step_end: float = 0.0
    undo_start: float = 0.0
    undo_end: float = 0.0
    bytes_per_step: float = 0.0
    history_bytes_per_step: float = 0.0  # of which the undo history's own objects
    log_bytes_per_step: float = 0.0  # and the log's
    rss_start_mb: float = 0.0
    rss_end_mb: float = 0.0
    log_entries: int = 0
    undo_entries: int = 0  # in the undo history at the end (done and undone)
    effects_start: float = 0.0  # active effects, on average over the steps timed
    effects_end: float = 0.0

    @property
    def kept_ratio(self) -> float:
        """Bytes a step keeps ÷ the history's and the log's own (target ≤ 1.5)."""
        own = self.history_bytes_per_step + self.log_bytes_per_step
        return self.bytes_per_step / own if own > 0 else float("nan")


def _rss_mb() -> float:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return float("nan")
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _deep_bytes(roots: list[Any], seen: set[int]) -> int:
    """The bytes of the objects reachable from `roots` not already in `seen` (added)."""
    total, stack = 0, list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def history_and_log_bytes(session: Session) -> tuple[int, int]:
    """The bytes the undo history (redo included) and the log hold of their own: what
    the encounter's state shares with them is the state's."""
    encounter = session.encounter
    seen = {id(session), id(encounter), id(session.ruleset)}  # never walked through
    state = [encounter.combatants, encounter.effects, encounter.clock, encounter.options]
    _deep_bytes(state, seen)
    log = _deep_bytes([encounter.log], seen)
    return _deep_bytes([session.history, session.undone], seen), log


def measure_long_fight(ruleset_id: str, turns: int) -> LongFight:
    from PySide6.QtWidgets import QApplication

    from benchmarks.qt_setup import LAPTOP
    from tracker.qt.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    clock = IdleClock(app)
    rng = random.Random(11)
    folder = Path(tempfile.mkdtemp(prefix="roundkeeper-long-"))
    window = MainWindow(build(ruleset_id, SIZE), None, folder / "journal")
    window.resize(*LAPTOP)
    window.show()
    document = window.document
    clock.settle()
    stretch = max(20, turns // 10)
    result = LongFight(rss_start_mb=_rss_mb())
    add_effects(document.session, document.apply, LONG_EFFECTS, rng, lasting=False)
    clock.settle()

    def one_step(number: int) -> float | None:
        session = document.session
        if number % 4 == 0:
            wanted = min(len(session.encounter.effects) + 1, LONG_EFFECTS)
            add_effects(session, document.apply, wanted, rng, lasting=False, name=f"E{number}")
            clock.settle()
        command = next_step(session)
        if session.refusal(command) is not None:
            return None
        return clock.timed(lambda: document.apply(command))

    def timed_steps(numbers: range) -> tuple[list[float], float]:
        """The steps' times, and the mean number of active effects they began with."""
        times: list[float] = []
        active: list[int] = []
        for number in numbers:
            active.append(len(document.encounter.effects))
            spent = one_step(number)
            if spent is not None:
                times.append(spent)
        return times, statistics.mean(active)

    def undos() -> float:
        """The undos of the last `stretch` changes (then redone)."""
        times = [clock.timed(document.undo_stack.undo) for _ in range(stretch)]
        for _ in range(stretch):
            document.undo_stack.redo()
        clock.settle()
        return statistics.median(times)

    try:
        start, result.effects_start = timed_steps(range(stretch))
        result.step_start = statistics.median(start)
        result.undo_start = undos()
        middle = turns - 2 * stretch
        traced_from = middle // 2
        traced = min(max(stretch, 50), middle - traced_from)
        lead_in = traced_from  # steps traced before the stretch (see above)
        for number in range(stretch, stretch + traced_from - lead_in):
            one_step(number)
        tracemalloc.start()
        for number in range(stretch + traced_from - lead_in, stretch + traced_from):
            one_step(number)
        held_before = history_and_log_bytes(document.session)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for number in range(stretch + traced_from, stretch + traced_from + traced):
            one_step(number)
        gc.collect()
        result.bytes_per_step = (tracemalloc.get_traced_memory()[0] - before) / max(traced, 1)
        tracemalloc.stop()
        held_after = history_and_log_bytes(document.session)
        result.history_bytes_per_step = (held_after[0] - held_before[0]) / max(traced, 1)
        result.log_bytes_per_step = (held_after[1] - held_before[1]) / max(traced, 1)
        for number in range(stretch + traced_from + traced, turns - stretch):
            one_step(number)
        end, result.effects_end = timed_steps(range(turns - stretch, turns))
        result.step_end = statistics.median(end)
        result.undo_end = undos()
        result.rss_end_mb = _rss_mb()
        result.log_entries = len(document.encounter.log)
        result.undo_entries = document.undo_stack.count()
    finally:
        document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        clock.settle()
    return result


def report_long(ruleset_id: str, fight: LongFight) -> str:
    step_ratio = fight.step_end / fight.step_start
    undo_ratio = fight.undo_end / fight.undo_start
    kept = fight.kept_ratio
    flag = " MISS" if kept > 1.5 else ""
    return (
        f"{ruleset_id:16} step {fight.step_start:.2f} → {fight.step_end:.2f} ms"
        f" ({step_ratio:.2f}×), undo {fight.undo_start:.2f} → {fight.undo_end:.2f} ms"
        f" ({undo_ratio:.2f}×); {fight.bytes_per_step:,.0f} B/step kept"
        f" vs history {fight.history_bytes_per_step:,.0f} + log {fight.log_bytes_per_step:,.0f}"
        f" = {kept:.2f}× (≤ 1.5){flag};"
        f" RSS {fight.rss_start_mb:.0f} → {fight.rss_end_mb:.0f} MB;"
        f" {fight.log_entries} log entries, {fight.undo_entries} in the undo history;"
        f" effects {fight.effects_start:.1f} → {fight.effects_end:.1f}"
    )
