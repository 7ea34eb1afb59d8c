"""Every installed ruleset at table speed, with the main window open (offscreen).

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/table_speed.py [--quick] [--rulesets war_scroll ...]
        [--sizes 10 30 100 1000] [--effects 0 1 10] [--steps 15] [--long-turns 2000]
        [--players]

`--players` opens the players' screen too (as at the table, on a second screen).

Two parts, for each ruleset:

1. The table: combatants (10/30/100/1,000) × active effects (0/1/10), the median CPU time
   of one End Turn (the next step of the fight: End Turn, or the answer the open prompt
   waits for), one action of the current turn, one undo and one edit (a rename). Then
   the ratios "1,000 with 10 effects" / "10 with none": the cost must follow what
   changed, not the size of the fight (at most 2×), and every cell at 30 combatants with
   10 effects must stay under one 60 Hz frame (16 ms).
2. A long fight (2,000 steps, 50 combatants, effects coming and going): the median step
   and undo at its start and at its end (the first and the last tenth of the steps, and
   the undos of those steps; at most 1.2× apart), the bytes a step keeps
   (tracemalloc over a stretch in the middle: the undo history, the log, the journal's
   and the views' share; of which the history's and the log's own objects, walked) and
   the process's resident memory at the start and the end.
   The fight holds about the same number of active effects at both ends (at most
   `LONG_EFFECTS`, topped up every 4th step as they expire; the mean counts over the
   steps timed are printed), so the ratios measure what the length of the fight costs,
   not a larger state: what more effects cost is the table's part.

A time is `time.process_time` around the command and the handling of the events it
posted (the views' updates and repaints), as the running app's event loop does them.
Compare ratios measured in one run rather than absolute times.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TRACKER_HOME", tempfile.mkdtemp(prefix="tracker-bench-"))

# Run as a script, the checkout is not on the path: the shared fights module needs it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QEvent, QSettings, QtMsgType, qInstallMessageHandler  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.fights import next_step, params_at_defaults, stats_for  # noqa: E402
from tracker.engine import (  # noqa: E402
    AddCombatant,
    AddEffect,
    Command,
    EditCombatant,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.registry import available_rulesets  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402
from tracker.qt.players.launcher import open_players_screen  # noqa: E402

OPERATIONS = ("End Turn", "action", "edit", "undo")
LONG_EFFECTS = 10  # active effects the long fight holds at most (as the table's largest)
FRAME_MS = 1000 / 60


def _quiet(kind: QtMsgType, _context: object, message: str) -> None:
    """The offscreen platform's notice on every dock layout is noise here."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


# --- building a fight --------------------------------------------------------------------
def build(ruleset_id: str, size: int, seed: int = 7) -> Session:
    """A started fight of `size` random combatants, past its set-up (a combatant acts)."""
    rng = random.Random(seed)
    session = Session.new(f"{ruleset_id} of {size}", ruleset_id)
    for number in range(size):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    for _ in range(3 * size):  # past the set-up (bases entered, ...): a combatant acts
        turn = session.current_turn()
        if turn is not None and turn.combatant_id is not None:
            break
        session.apply(next_step(session))
    return session


def an_action(session: Session) -> Command | None:
    """The first action of the current turn the state allows, with default parameters:
    one of the turn's own, else one by the one acting aimed at another combatant (an
    attack). Initiative ticks' turn has none of its own left once it has flurried and
    delayed (each once a turn): looking at those alone found no action at all."""
    for spec in session.ruleset.actions:
        if spec.on != "current":
            continue
        command = RulesetAction(spec.name, None, params_at_defaults(spec.params))
        if session.refusal(command) is None:
            return command
    turn = session.current_turn()
    if turn is None or turn.combatant_id is None:
        return None
    targets = [c.id for c in session.encounter.combatants if c.id != turn.combatant_id][:3]
    for spec in session.ruleset.actions:
        if spec.on != "any":
            continue
        for target in targets:
            command = RulesetAction(spec.name, target, params_at_defaults(spec.params))
            if session.refusal(command) is None:
                return command
    return None


def a_duration(session: Session, *, lasting: bool) -> dict[str, Any]:
    """A duration from the ruleset's fields: `lasting` (rounds, the most of them, so it
    stays for the whole measure) or the defaults (comes and goes)."""
    duration: dict[str, Any] = {}
    for spec in session.ruleset.duration_fields:
        value = spec.default
        if lasting and spec.kind == "choice" and "rounds" in spec.choices:
            value = "rounds"
        elif lasting and spec.kind == "int":
            value = min(spec.maximum if spec.maximum is not None else 99, 99)
        duration[spec.name] = value
    return duration


def add_effects(
    session: Session,
    apply: Callable[[Command], Any],
    wanted: int,
    rng,
    *,
    lasting: bool = True,
    name: str = "Effect",
) -> None:
    """Bring the active effects up to `wanted`, on random carriers by random creators
    (`lasting`: for the whole measure, else the ruleset's default duration)."""
    ids = [c.id for c in session.encounter.combatants]
    attempts = 0
    while len(session.encounter.effects) < wanted and attempts < 10 * wanted + 10:
        attempts += 1
        command = AddEffect(
            f"{name} {attempts}",
            rng.choice(ids),
            rng.choice(ids),
            duration=a_duration(session, lasting=lasting),
        )
        if session.refusal(command) is None:
            apply(command)


# --- measuring ---------------------------------------------------------------------------
class Table:
    """The main window on a fight, and a clock of CPU time around one operation."""

    players = False  # also the players' screen (`--players`)

    def __init__(self, session: Session, folder: Path, name: str) -> None:
        self.app = QApplication.instance() or QApplication([])
        self.window = MainWindow(session, None, folder / f"journal-{name}")
        self.window.resize(1366, 768)
        self.window.show()
        self.document = self.window.document
        self.players_window = None
        if Table.players:
            store = QSettings(str(folder / f"players-{name}.ini"), QSettings.Format.IniFormat)
            self.players_window = open_players_screen(
                self.document,
                self.window,
                ask=False,
                turn_order_model=self.window.turn_order_model,
                effects_model=self.window.effects_model,
                store=store,
            )
        self.settle()

    @property
    def session(self) -> Session:
        return self.document.session

    def settle(self) -> None:
        """Handle every posted event (updates, repaints) and delete what was deleted
        later, as the running app's event loop does (`processEvents` never deletes).
        One `processEvents` leaves what its own handling posts: a view's delayed layout
        (a 0 ms timer) posts its repaint, a header fits its contents on a 0 ms timer and
        repaints. Left there, an operation's repaints were paid by the next one (the
        side list's, after an End Turn) or merged with its own, so three passes (the
        third finds nothing)."""
        for _ in range(3):
            self.app.processEvents()
            self.app.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def timed(self, operation: Callable[..., Any], *arguments: Any) -> float:
        """CPU milliseconds of the operation and the events it posted."""
        started = time.process_time()
        operation(*arguments)
        self.settle()
        return (time.process_time() - started) * 1000

    def close(self) -> None:
        self.document.undo_stack.setClean()
        if self.players_window is not None:
            self.players_window.close()
        self.window.close()
        self.window.deleteLater()
        self.settle()


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def measure_cells(
    ruleset_id: str, size: int, effect_counts: list[int], steps: int, folder: Path
) -> dict[int, dict[str, float]]:
    """One window per size: the four operations with 0, then 1, then 10 effects."""
    rng = random.Random(size)
    table = Table(build(ruleset_id, size), folder, f"{ruleset_id}-{size}")
    results: dict[int, dict[str, float]] = {}
    try:
        for wanted in sorted(effect_counts):
            times: dict[str, list[float]] = {name: [] for name in OPERATIONS}
            for _ in range(steps):
                add_effects(table.session, table.document.apply, wanted, rng)  # not timed
                table.settle()
                command = next_step(table.session)
                if table.session.refusal(command) is None:
                    times["End Turn"].append(table.timed(table.document.apply, command))
                else:
                    table.document.apply(command)  # refused: nothing to time
                action = an_action(table.session)
                if action is not None:
                    times["action"].append(table.timed(table.document.apply, action))
                combatant = table.session.encounter.combatants[size // 2]
                edit = EditCombatant(combatant.id, {"name": f"{combatant.name} (renamed)"})
                times["edit"].append(table.timed(table.document.apply, edit))
                times["undo"].append(table.timed(table.document.undo_stack.undo))  # the edit
            results[wanted] = {name: _median(values) for name, values in times.items()}
    finally:
        table.close()
    return results


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
    effects_start: float = 0.0  # active effects, on average over the steps timed
    effects_end: float = 0.0
    notes: list[str] = field(default_factory=list)


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


def measure_long_fight(ruleset_id: str, turns: int, folder: Path) -> LongFight:
    """`turns` steps of 50 combatants with effects of the default duration (they come and
    go): `LONG_EFFECTS` from the start, then one added every 4th step while fewer are
    active, so both ends hold about as many. Steps timed over the first and last
    stretch, then the undos of that stretch."""
    rng = random.Random(11)
    table = Table(build(ruleset_id, 50), folder, f"{ruleset_id}-long")
    stretch = max(20, turns // 10)
    result = LongFight(rss_start_mb=_rss_mb())
    add_effects(table.session, table.document.apply, LONG_EFFECTS, rng, lasting=False)
    table.settle()

    def one_step(number: int) -> float | None:
        if number % 4 == 0:
            wanted = min(len(table.session.encounter.effects) + 1, LONG_EFFECTS)
            add_effects(
                table.session, table.document.apply, wanted, rng, lasting=False, name=f"E{number}"
            )
            table.settle()
        command = next_step(table.session)
        if table.session.refusal(command) is not None:
            return None
        return table.timed(table.document.apply, command)

    def timed_steps(numbers: range) -> tuple[list[float | None], float]:
        """The steps' times, and the mean number of active effects they began with."""
        times: list[float | None] = []
        active: list[int] = []
        for number in numbers:
            active.append(len(table.session.encounter.effects))
            times.append(one_step(number))
        return times, statistics.mean(active)

    def undos() -> float:
        """The undos of the last `stretch` changes (then redone): the same mix of states
        (prompts open or not, turns and rounds ending) as the steps timed."""
        times = [table.timed(table.document.undo_stack.undo) for _ in range(stretch)]
        for _ in range(stretch):
            table.document.undo_stack.redo()
        table.settle()
        return _median(times)

    try:
        start, result.effects_start = timed_steps(range(stretch))
        result.step_start = _median([t for t in start if t is not None])
        result.undo_start = undos()
        middle = turns - 2 * stretch
        traced_from = middle // 2
        traced = min(max(stretch, 50), middle - traced_from)
        for number in range(stretch, stretch + traced_from):
            one_step(number)
        held_before = history_and_log_bytes(table.session)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for number in range(stretch + traced_from, stretch + traced_from + traced):
            one_step(number)
        gc.collect()
        result.bytes_per_step = (tracemalloc.get_traced_memory()[0] - before) / max(traced, 1)
        tracemalloc.stop()
        held_after = history_and_log_bytes(table.session)
        result.history_bytes_per_step = (held_after[0] - held_before[0]) / max(traced, 1)
        result.log_bytes_per_step = (held_after[1] - held_before[1]) / max(traced, 1)
        for number in range(stretch + traced_from + traced, turns - stretch):
            one_step(number)
        end, result.effects_end = timed_steps(range(turns - stretch, turns))
        result.step_end = _median([t for t in end if t is not None])
        result.undo_end = undos()
        result.rss_end_mb = _rss_mb()
        result.log_entries = len(table.session.encounter.log)
    finally:
        table.close()
    return result


# --- printing ----------------------------------------------------------------------------
def print_cells(ruleset_id: str, cells: dict[int, dict[int, dict[str, float]]]) -> None:
    print(f"\n{ruleset_id}: median CPU ms per operation")
    header = f"{'combatants':>10} {'effects':>7}" + "".join(f"{n:>10}" for n in OPERATIONS)
    print(header)
    for size, by_effects in cells.items():
        for effects, figures in by_effects.items():
            row = "".join(f"{figures[n]:>10.2f}" for n in OPERATIONS)
            print(f"{size:>10} {effects:>7}{row}")
    sizes, counts = sorted(cells), sorted(next(iter(cells.values())))
    small, large = cells[sizes[0]][counts[0]], cells[sizes[-1]][counts[-1]]
    ratios = "".join(f"{large[n] / small[n]:>10.2f}" for n in OPERATIONS)
    print(f"{'ratio ' + str(sizes[-1]) + '+' + str(counts[-1]):>18}{ratios}   (target ≤ 2)")
    if 30 in cells and counts[-1] in cells[30]:
        at_30 = cells[30][counts[-1]]
        worst = max(at_30.values(), key=lambda v: -1 if v != v else v)
        verdict = "ok" if worst < FRAME_MS else "OVER"
        label = f"30+{counts[-1]} slowest"
        print(f"{label:>18}{worst:>10.2f}   (< {FRAME_MS:.1f}: {verdict})")


def print_long(ruleset_id: str, turns: int, fight: LongFight) -> None:
    step_ratio = fight.step_end / fight.step_start
    undo_ratio = fight.undo_end / fight.undo_start
    print(
        f"{ruleset_id:16} {turns} steps: step {fight.step_start:.2f} → {fight.step_end:.2f} ms"
        f" ({step_ratio:.2f}×), undo {fight.undo_start:.2f} → {fight.undo_end:.2f} ms"
        f" ({undo_ratio:.2f}×), {fight.bytes_per_step:,.0f} B/step"
        f" (history {fight.history_bytes_per_step:,.0f}, log {fight.log_bytes_per_step:,.0f}),"
        f" RSS {fight.rss_start_mb:.0f} → {fight.rss_end_mb:.0f} MB,"
        f" {fight.log_entries} log entries,"
        f" effects {fight.effects_start:.1f} → {fight.effects_end:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps, a 400-step fight")
    parser.add_argument("--rulesets", nargs="+", default=sorted(available_rulesets()))
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 30, 100, 1000])
    parser.add_argument("--effects", type=int, nargs="+", default=[0, 1, 10])
    parser.add_argument("--steps", type=int, default=None, help="per cell (default 15)")
    parser.add_argument("--long-turns", type=int, default=None, help="default 2000")
    parser.add_argument("--no-table", action="store_true")
    parser.add_argument("--no-long", action="store_true")
    parser.add_argument("--players", action="store_true", help="the players' screen open too")
    arguments = parser.parse_args()
    Table.players = arguments.players
    qInstallMessageHandler(_quiet)
    steps = arguments.steps or (5 if arguments.quick else 15)
    long_turns = arguments.long_turns or (400 if arguments.quick else 2000)
    print(
        f"Python {sys.version.split()[0]}, {steps} steps a cell, fights of {long_turns} steps"
        + (", the players' screen open" if arguments.players else "")
    )
    with tempfile.TemporaryDirectory() as folder:
        if not arguments.no_table:
            for ruleset_id in arguments.rulesets:
                cells = {
                    size: measure_cells(ruleset_id, size, arguments.effects, steps, Path(folder))
                    for size in sorted(arguments.sizes)
                }
                print_cells(ruleset_id, cells)
                sys.stdout.flush()
        if not arguments.no_long:
            stretch = max(20, long_turns // 10)
            print(f"\nLong fights (50 combatants; first and last {stretch} steps)")
            for ruleset_id in arguments.rulesets:
                fight = measure_long_fight(ruleset_id, long_turns, Path(folder))
                print_long(ruleset_id, long_turns, fight)
                sys.stdout.flush()


if __name__ == "__main__":
    main()
