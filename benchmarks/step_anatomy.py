"""Where one step's time goes, with the main window open (offscreen).

Run by hand:

    .venv/bin/python benchmarks/step_anatomy.py RULESET {end,action,edit,undo}
        [--size 30] [--effects 10] [--steps 20] [--top 30] [--sort tottime]

Prints, per step: the CPU ms until the event loop is idle (`idle_timer.py`); the paint
events each widget received and the area of the region it painted (not the bounding
rect); the layout requests; and the cProfile of the steps (`processEvents`'s own time
is Qt's C++ painting and layout).
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.own_home import own_home  # noqa: E402

own_home()
from benchmarks.qt_setup import laptop_platform  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", laptop_platform())

from PySide6.QtCore import QEvent, QObject, QRect, QSettings  # noqa: E402
from PySide6.QtGui import QPaintEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from benchmarks.fights import add_effects, an_action, build, next_step  # noqa: E402
from benchmarks.idle_timer import IdleClock  # noqa: E402
from benchmarks.qt_setup import LAPTOP  # noqa: E402
from tracker.engine import Command, EditCombatant  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402
from tracker.qt.players.launcher import open_players_screen  # noqa: E402


def _name(widget: QObject) -> str:
    """The class and the nearest object name up the parents."""
    named: QObject | None = widget
    while named is not None and named.objectName().startswith("qt_") | (not named.objectName()):
        named = named.parent()
    suffix = named.objectName() if named is not None else ""
    return f"{type(widget).__name__}:{suffix}"


class Counter(QObject):
    """Counts paint events (with their painted area) and layout requests per widget."""

    def __init__(self) -> None:
        super().__init__()
        self.events: collections.Counter[str] = collections.Counter()
        self.area: collections.Counter[str] = collections.Counter()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        kind = event.type()
        if kind == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            name = _name(watched)
            self.events[name] += 1
            rects = cast("Iterable[QRect]", event.region())  # iterable; the stubs miss it
            self.area[name] += sum(r.width() * r.height() for r in rects)
        elif kind == QEvent.Type.LayoutRequest and isinstance(watched, QWidget):
            self.events["LayoutRequest " + _name(watched)] += 1
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("operation", choices=["end", "action", "edit", "undo"])
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--effects", type=int, default=10)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--players", action="store_true", help="the players' screen open too")
    arguments = parser.parse_args()
    rng = random.Random(3)
    app = QApplication([])
    clock = IdleClock(app)
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(build(arguments.ruleset, arguments.size), None, folder / "journal")
    window.resize(*LAPTOP)
    window.show()
    document = window.document
    if arguments.players:
        open_players_screen(
            document,
            window,
            ask=False,
            turn_order_model=window.turn_order_model,
            effects_model=window.effects_model,
            store=QSettings(str(folder / "players.ini"), QSettings.Format.IniFormat),
        )
    add_effects(document.session, document.apply, arguments.effects, rng)
    clock.settle()
    counter = Counter()
    profile = cProfile.Profile()
    times: list[float] = []
    for number in range(arguments.steps):
        command: Command | None
        if arguments.operation == "end":
            command = next_step(document.session)
        elif arguments.operation == "action":
            command = an_action(document.session)
        else:
            combatant = document.session.encounter.combatants[arguments.size // 2]
            command = EditCombatant(combatant.id, {"name": f"{combatant.name}{number % 2}"})
        if command is None or document.session.refusal(command) is not None:
            continue
        if arguments.operation == "undo":
            document.apply(command)
            clock.settle()
        app.installEventFilter(counter)
        started = time.process_time()
        profile.enable()
        if arguments.operation == "undo":
            document.undo_stack.undo()
        else:
            document.apply(command)
        clock.settle()
        profile.disable()
        times.append((time.process_time() - started) * 1000)
        app.removeEventFilter(counter)
    steps = max(len(times), 1)
    times.sort()
    print(
        f"{len(times)} steps, median {times[len(times) // 2] if times else 0:.2f} CPU ms"
        " (profiled: slower than the benchmark)"
    )
    print("\nper step: events, painted area (px²)")
    for name, count in counter.events.most_common(40):
        print(f"{count / steps:7.1f} {counter.area[name] / steps:10.0f}  {name}")
    print()
    stats = pstats.Stats(profile)
    stats.sort_stats(arguments.sort).print_stats(arguments.top)
    document.undo_stack.set_clean()
    window.close()


if __name__ == "__main__":
    main()
