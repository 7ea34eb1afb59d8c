"""Start-up floor: what any first frame of Roundkeeper's design pays, without Roundkeeper's
window, against the bare PySide6 window with a table, side by side in one run.

Run by hand (never in the test suite):

    .venv/bin/python benchmarks/startup_floor.py [--runs 15] [--platform offscreen|xcb]

The floor child is `benchmarks/startup.py`'s bare window with three changes, each a
thing Roundkeeper's first frame cannot do without (issue 23, point 6):

- the sample encounter read through the engine (`persistence.files.load_encounter`: the
  file check, the engine's state and the ruleset's own dataclasses);
- the table is a `QTableView` over a model written in Python (`data`, `headerData`,
  `flags`: PySide hands them Qt's roles, orientations and flags as Python enums, so the
  `Qt` namespace's enums are built), its rows the encounter's combatants' names;
- its cells painted by a delegate written in Python that reads the option's state
  (`QStyle`'s enums), as every ruleset's view paints its rows.

Nothing else of the app is imported: no window of ours, no turn panel, no menus. The
ratio floor / bare is the part of the 1.5x target that the platform (Python 3.11's enum
and dataclass creation, PySide's Python enums) takes before a line of Roundkeeper's
window runs; what is left of 1.5x is the room for the window itself. Timed and counted as
`startup.py` times and counts (its `run_once`, `count_once`: fresh processes, alternated,
`python -S`, bytecode cached).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import sysconfig
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

import tracker  # noqa: E402
from benchmarks.startup import BARE, ROOT, count_once, run_once  # noqa: E402
from tracker.qt.app import SAMPLE  # noqa: E402

# How the floor reads the sample's combatants' names: as plain JSON ("qt": Python's and
# PySide's part alone), or as the app does, through the engine ("engine").
READ_JSON = """
import json

def names():
    with open("{sample}", encoding="utf-8") as handle:
        return [c["name"] for c in json.load(handle)["encounter"]["combatants"]]
"""

READ_ENGINE = """
from pathlib import Path
from tracker.persistence.files import load_encounter

def names():
    return [c.name for c in load_encounter(Path("{sample}")).combatants]
"""

FLOOR = """
import sys, time
from PySide6.QtCore import QAbstractTableModel, QEvent, QObject, QTimer, Qt
from PySide6.QtWidgets import (
    QApplication, QMainWindow, QStyle, QStyledItemDelegate, QTableView,
)

def report(stage):
    print(stage, time.monotonic_ns(), time.process_time_ns(), flush=True)

READ

report("imported")

class AfterPaint(QObject):  # as tracker/qt/first_frame.py
    def __init__(self, widget, then):
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False

class Names(QAbstractTableModel):
    def __init__(self, names):
        super().__init__()
        self._names = names

    def rowCount(self, parent=None):
        return len(self._names)

    def columnCount(self, parent=None):
        return 5

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{self._names[index.row()]}, {index.column()}"
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return str(section + 1)
        return None

    def flags(self, index):
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

class Cells(QStyledItemDelegate):
    def paint(self, painter, option, index):
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        super().paint(painter, option, index)

def done():
    report("first-paint")
    report("ready")
    window.close()

app = QApplication(sys.argv)
window = QMainWindow()
table = QTableView()
model = Names(names())
table.setModel(model)
table.setItemDelegate(Cells(table))
window.setCentralWidget(table)
window.resize(1366, 740)
report("built")
AfterPaint(table, done)
window.show()
sys.exit(app.exec())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM (default offscreen)"
    )
    args = parser.parse_args()
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": args.platform,
        "PYTHONPYCACHEPREFIX": tempfile.mkdtemp(prefix="tracker-startup-pycache-"),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for variable in ("TRACKER_HOME", "ROUNDKEEPER_HOME"):
        env.pop(variable, None)
    env["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
    sample = Path(tracker.__file__).parent / "assets" / "samples" / SAMPLE
    kinds = {
        "bare": BARE,
        "qt": FLOOR.replace("READ", READ_JSON.replace("{sample}", str(sample))),
        "engine": FLOOR.replace("READ", READ_ENGINE.replace("{sample}", str(sample))),
    }
    runs: dict[str, list[float]] = {name: [] for name in kinds}
    for code in kinds.values():  # warm the disk cache and write the bytecode
        run_once(code, env, ROOT)
    for _ in range(args.runs):
        for name, code in kinds.items():
            runs[name].append(run_once(code, env, ROOT).cpu)
    print(f"{args.runs} runs each, QT_QPA_PLATFORM={args.platform}, CPU to the first frame:")
    for name, values in runs.items():
        print(
            f"{name:6} median {statistics.median(values) * 1000:.0f} ms "
            f"({min(values) * 1000:.0f}-{max(values) * 1000:.0f})"
        )
    for name in ("qt", "engine"):
        # Run by run (each beside the bare run started just before it), then the median.
        ratios = [f / b for f, b in zip(runs[name], runs["bare"], strict=True)]
        print(
            f"{name} / bare: {statistics.median(ratios):.2f}x "
            f"({min(ratios):.2f}-{max(ratios):.2f}) (the whole first frame's target: 1.5x)"
        )
    for name, code in kinds.items():
        modules, enums, dataclasses = count_once(code, env, ROOT)
        print(f"{name:6} {modules} modules, {enums} enums, {dataclasses} dataclasses")


if __name__ == "__main__":
    main()
