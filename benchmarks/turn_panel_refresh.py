"""The turn panel's refresh with the main window open (offscreen): what is legal now
(`Ruleset.legal_actions`, for the selected combatant) and the state of every action
chip, worked out from scratch (nothing remembered from an earlier refresh).

Run by hand:

    .venv/bin/python benchmarks/turn_panel_refresh.py [RULESET ...] [--sizes 30 1000]
        [--repeat 15]

Prints, per ruleset and size, the median ms of a refresh, and its ratio to the bare-Qt
yardstick measured in the same run (absolute times are noisy on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.own_home import own_home  # noqa: E402

own_home()
from benchmarks.qt_setup import laptop_platform  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", laptop_platform())

from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.fights import build  # noqa: E402
from benchmarks.idle_timer import IdleClock  # noqa: E402
from benchmarks.qt_setup import LAPTOP  # noqa: E402
from benchmarks.yardstick import Yardstick  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402

RULESETS = ("war_scroll", "stamina_battle", "priority")


def refresh_ms(window: MainWindow, repeat: int) -> float:
    """The median CPU ms of `repeat` refreshes from scratch."""
    panel = window.turn_panel
    times: list[float] = []
    for _ in range(repeat):
        window.document.encounter.memo = None  # nothing worked out before
        started = time.process_time()
        panel.refresh()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 1000])
    parser.add_argument("--repeat", type=int, default=15)
    arguments = parser.parse_args()
    app = QApplication(sys.argv)
    clock = IdleClock(app)
    yardstick = Yardstick(clock)
    yard = statistics.median(ms for _ in range(15) for _name, ms in yardstick.measure())
    yardstick.close()
    print(f"yardstick {yard:.2f} ms")
    for ruleset_id in arguments.rulesets:
        for size in arguments.sizes:
            session = build(ruleset_id, size)
            window = MainWindow(session, None, Path(tempfile.mkdtemp()) / "journal")
            window.resize(*LAPTOP)
            window.show()
            clock.settle()
            window.select_combatant(session.encounter.combatants[-1].id)
            clock.settle()
            ms = refresh_ms(window, arguments.repeat)
            print(f"{ruleset_id:<15} {size:>5}: refresh {ms:8.2f} ms = {ms / yard:7.1f} yardsticks")
            window.document.undo_stack.set_clean()
            window.close()
            window.deleteLater()
            clock.settle()


if __name__ == "__main__":
    main()
