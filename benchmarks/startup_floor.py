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

# The Python model and the delegate that stand in for the bare window's table: what every
# ruleset's view is made of (the names are the sample's, read by `names`).
MODEL_AND_DELEGATE = """
from PySide6.QtCore import QAbstractTableModel, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QTableView

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
"""

# The bare window's table, and what the floor makes instead.
BARE_TABLE = """table = QTableWidget(8, 5)
for row in range(8):
    for column in range(5):
        table.setItem(row, column, QTableWidgetItem(f"{row}, {column}"))
"""
FLOOR_TABLE = """table = QTableView()
table.setModel(Names(names()))
table.setItemDelegate(Cells(table))
"""


def floor(read: str) -> str:
    """The bare window's code (`startup.BARE`, so that both are timed alike) with its
    table a view of the Python model, painted by the Python delegate, the model's rows
    read by `read`'s `names` (imported before the `imported` report, called as the
    window is built)."""
    imported = 'report("imported")\n'
    if BARE_TABLE not in BARE or imported not in BARE:
        raise SystemExit("benchmarks/startup.py's bare window changed: update the floor")
    code = BARE.replace(imported, MODEL_AND_DELEGATE + read + imported)
    return code.replace(BARE_TABLE, FLOOR_TABLE)


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
        "qt": floor(READ_JSON.replace("{sample}", str(sample))),
        "engine": floor(READ_ENGINE.replace("{sample}", str(sample))),
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
