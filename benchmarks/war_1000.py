"""A War of 1,000 combatants: build, end a Turn with the window open, save, load.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/war_1000.py [--sizes 100 1000] [--turns 200]

For each size it prints medians. Compare the ratio between sizes measured in the
same run rather than absolute times: ending a Turn should cost about the same for
100 and for 1,000 combatants (the work follows the rows that changed).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TRACKER_HOME", tempfile.mkdtemp(prefix="tracker-bench-"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter  # noqa: E402
from tracker.persistence.files import load_encounter, save_encounter  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402


def build(size: int, seed: int = 7) -> Session:
    rng = random.Random(seed)
    session = Session.new(f"War of {size}", "war_scroll")
    for number in range(size):
        session.apply(
            AddCombatant(
                f"Soldier {number}",
                rng.choice(["party", "enemy"]),
                stats={
                    "speed": rng.randint(0, 40),
                    "swiftness": rng.randint(0, 30),
                    "allegiance": rng.choice(["holy", "fallen", "other"]),
                },
            )
        )
    session.apply(StartEncounter())
    return session


def measure(size: int, turns: int, folder: Path) -> dict[str, float]:
    started = time.perf_counter()
    session = build(size)
    build_seconds = time.perf_counter() - started

    app = QApplication.instance() or QApplication([])
    window = MainWindow(session, None, folder / f"journal-{size}")
    window.show()
    app.processEvents()
    resets: list[str] = []
    for model in (window.roster_model, window.turn_order_model, window.central_view.grid_model):
        model.modelReset.connect(lambda m=model: resets.append(type(m).__name__))
    end_turn: list[float] = []
    engine_only: list[float] = []
    for _ in range(turns):
        started = time.perf_counter()
        window.document.apply(EndTurn())
        window.repaint()  # synchronous repaint of the whole window
        app.processEvents()
        end_turn.append(time.perf_counter() - started)
    # The engine alone, on a copy without observers or journal, for comparison.
    bare = Session(load_encounter(_saved(session, folder / "bare.json")))
    for _ in range(turns):
        started = time.perf_counter()
        bare.apply(EndTurn())
        engine_only.append(time.perf_counter() - started)

    path = folder / f"war-{size}.json"
    started = time.perf_counter()
    save_encounter(session.encounter, path)
    save_seconds = time.perf_counter() - started
    started = time.perf_counter()
    load_encounter(path)
    load_seconds = time.perf_counter() - started
    window.document.undo_stack.setClean()
    window.close()
    assert not resets, f"a model was reset while ending Turns: {resets}"
    return {
        "build (s)": build_seconds,
        "end Turn, window open (ms, median)": statistics.median(end_turn) * 1000,
        "end Turn, engine only (ms, median)": statistics.median(engine_only) * 1000,
        "save (ms)": save_seconds * 1000,
        "load (ms)": load_seconds * 1000,
        "file size (kB)": path.stat().st_size / 1024,
    }


def _saved(session: Session, path: Path) -> Path:
    save_encounter(session.encounter, path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--turns", type=int, default=200)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = {size: measure(size, arguments.turns, Path(folder)) for size in arguments.sizes}
    names = list(next(iter(results.values())))
    print(f"{'':40}" + "".join(f"{size:>12}" for size in results))
    for name in names:
        print(f"{name:40}" + "".join(f"{results[size][name]:>12.2f}" for size in results))
    if len(results) > 1:
        small, large = min(results), max(results)
        ratio = (
            results[large]["end Turn, window open (ms, median)"]
            / results[small]["end Turn, window open (ms, median)"]
        )
        print(f"\nend Turn cost ratio {large} vs {small} combatants: {ratio:.2f}×")


if __name__ == "__main__":
    main()
