"""Start-up: Roundkeeper's main window with the sample against a bare PySide6 window with a
table, side by side in one run.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/startup.py [--runs 15] [--platform offscreen|xcb]
                                           [--before /path/to/another/checkout]

Each run starts a fresh Python process, the kinds in turn (bare, Roundkeeper, bare, …) so
that a busy machine slows them alike. Two moments are timed, as wall time from just
before the process is started (interpreter start-up included) on the monotonic clock
the child reads too:

- first frame: the first paint of the window's central view has run and the event
  loop is idle again (the whole frame is painted then). Roundkeeper's shows the encounter's
  name (its title), the acting combatant (the turn panel) and the ruleset's view; the
  bare window its table.
- ready: Roundkeeper's whole window (menus, inspector, panes) is built and painted; for the
  bare window, its first frame.

Roundkeeper reports both itself when ROUNDKEEPER_STARTUP_PROBE is set (tracker/qt/first_frame.py)
and then closes its window; it starts through its real entry point, `tracker.cli.main` (the
`roundkeeper` command's: it reads the command line, then imports the app),
in empty user folders (no journal to resume; the platform's folders, XDG on Linux,
under a fresh folder: `user_folders`). The bare child reports the same way.
Both start without `site` (`python -S`, the packages' folder on PYTHONPATH): an
editable install (the developers' venv) makes `site` import pathlib, re, enum and more
in every Python started, some 10 ms that an installed app (a wheel's, PyInstaller's
bundle, which has no `site` at all) does not pay, and that would pad the bare window's
time.
Also printed: the CPU time up to the first frame (steadier than wall time on a shared
machine), split into its stages (imports; building the application, the encounter and
the window; its first paint: both report `imported` and `built` too), and peak memory
(the process's maximum resident set size, at its exit).
Medians, their spread (min-max), and the ratios Roundkeeper / bare: targets, first frame
at most 1.5x, ready at most 2x, memory at most 1.3x. `--before` also measures the
Roundkeeper of another checkout (e.g. main) the same way, in the same run: one without
the probe is timed at its central view's first paint, the same way.

`--count` adds one untimed run of each that counts the work done up to the first frame,
the same from run to run however busy the machine: the modules imported, the Python
enums PySide made (all of a Qt class's enums when Python first touches the class; the
`Qt` namespace has 93) and the dataclasses made (each compiles its methods as it is
made). The counter imports `dataclasses` (and `copy`) itself: two of the bare window's
modules. It also names the classes whose enums Roundkeeper made and the bare window did
not, with their counts: what a first frame might leave for later.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTableWidget, QTableWidgetItem

def report(stage):
    print(stage, time.monotonic_ns(), time.process_time_ns(), flush=True)

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

def done():
    report("first-paint")
    report("ready")
    window.close()

app = QApplication(sys.argv)
window = QMainWindow()
table = QTableWidget(8, 5)
for row in range(8):
    for column in range(5):
        table.setItem(row, column, QTableWidgetItem(f"{row}, {column}"))
window.setCentralWidget(table)
window.resize(1366, 740)
report("built")
AfterPaint(table, done)
window.show()
sys.exit(app.exec())
"""

TRACKER = """
from tracker.cli import main
raise SystemExit(main(["roundkeeper"]))
"""

# A checkout from before the probe (its window built whole before it is shown): timed
# the same way, at its central view's first paint.
TRACKER_UNPROBED = """
import sys, time
from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

painted = []

class AfterPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, lambda: painted.append(True))
        return False

def _exec(app):
    window = next(w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible())
    probe = AfterPaint(window)
    window.central_view.installEventFilter(probe)
    while not painted:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    for stage in ("first-paint", "ready"):
        print(stage, time.monotonic_ns(), time.process_time_ns(), flush=True)
    return 0

QApplication.exec = _exec
from tracker.qt.app import main
main(["tracker"])
"""


@dataclass
class Run:
    first_frame: float  # seconds from the launch
    ready: float
    cpu: float  # the child's CPU seconds up to its first frame
    peak_kib: int
    # The CPU seconds of each stage up to the first frame: imports (from the launch),
    # building (the application, the encounter, the window: up to its show) and the
    # first paint; empty for a checkout whose probe reports no stages.
    stages: dict[str, float]


STAGES = {"imports": "imported", "building": "built", "first paint": "first-paint"}


# Prefixed to a child's code by `--count`: counts as it goes, and prints the counts when
# the child reports its first frame (its "first-paint" line).
COUNTING = """
import dataclasses, enum, sys

counted = {"enums": 0, "dataclasses": 0}
made = []
make_enum = enum.EnumType._create_
make_dataclass = dataclasses._process_class

def counting_enum(cls, *args, **kwargs):
    counted["enums"] += 1
    made.append(make_enum(cls, *args, **kwargs))
    return made[-1]

def counting_dataclass(cls, *args):
    counted["dataclasses"] += 1
    return make_dataclass(cls, *args)

enum.EnumType._create_ = counting_enum
dataclasses._process_class = counting_dataclass

class CountingOut:
    def __init__(self, out):
        self.out = out

    def write(self, text):
        if text.startswith("first-paint"):
            owners = {}
            for one in made:  # named after its class by then: `Qt.AlignmentFlag`
                name = getattr(one, "__qualname__", "?")
                owner = name.rpartition(".")[0] or name
                owners[owner] = owners.get(owner, 0) + 1
            self.out.write(
                f"counted {len(sys.modules)} {counted['enums']} {counted['dataclasses']}\\n"
                + "owners " + " ".join(f"{o}={n}" for o, n in owners.items()) + "\\n"
            )
        return self.out.write(text)

    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = CountingOut(sys.stdout)
"""


class Counted(NamedTuple):
    """What a child made up to its first frame."""

    modules: int
    enums: int
    dataclasses: int
    # The enums made, by the class PySide made them for (all of a class's at its first
    # touch): `Qt`, `QStyle`, …
    owners: dict[str, int]


def user_folders(home: str) -> dict[str, str]:
    """A start in the user's own folders, as an installed app makes it (platformdirs
    asked for them, the former name's folders looked for), all of them empty: the
    platform's folders put under `home` (XDG on Linux), not `ROUNDKEEPER_HOME`, which
    a portable start sets and which spares it that work."""
    return {
        variable: os.path.join(home, folder)
        for variable, folder in (
            ("XDG_DATA_HOME", "data"),
            ("XDG_CONFIG_HOME", "config"),
            ("XDG_CACHE_HOME", "cache"),
            ("XDG_STATE_HOME", "state"),
        )
    }


def count_once(code: str, env: dict[str, str], source: Path = ROOT) -> tuple[int, int, int]:
    """The modules imported, the enums and the dataclasses made up to the first frame of
    `code` (run as `run_once` runs it, untimed)."""
    counted = count_work(code, env, source)
    return counted.modules, counted.enums, counted.dataclasses


def count_work(code: str, env: dict[str, str], source: Path = ROOT) -> Counted:
    """`count_once`'s counts, with the enums made by the class they were made for."""
    with tempfile.TemporaryDirectory(prefix="tracker-startup-") as home:
        done = subprocess.run(
            [sys.executable, "-S", "-c", COUNTING + code],
            cwd=source,
            env={**env, **user_folders(home)},
            capture_output=True,
            text=True,
            check=False,
        )
    lines = done.stdout.splitlines()
    counts = [line.split()[1:] for line in lines if line.startswith("counted")]
    if done.returncode != 0 or len(counts) != 1:
        raise SystemExit(f"The child failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    modules, enums, dataclasses = (int(n) for n in counts[0])
    owned = next(line for line in lines if line.startswith("owners")).split()[1:]
    owners = {owner: int(n) for owner, _, n in (word.rpartition("=") for word in owned)}
    return Counted(modules, enums, dataclasses, owners)


def beyond(owners: dict[str, int], bare: dict[str, int]) -> str:
    """The classes whose enums `owners` made and the bare window did not, most first."""
    extra = sorted(
        ((n, owner) for owner, n in owners.items() if owner not in bare), key=lambda e: -e[0]
    )
    return ", ".join(f"{owner} {n}" for n, owner in extra)


def run_once(code: str, env: dict[str, str], source: Path = ROOT) -> Run:
    """Start `code` in a fresh interpreter in `source` (whose `tracker` it imports) and
    read the moments it reports."""
    with (
        tempfile.TemporaryDirectory(prefix="tracker-startup-") as home,
        tempfile.TemporaryFile("w+") as errors,
    ):
        launched = time.monotonic_ns()
        process = subprocess.Popen(
            [sys.executable, "-S", "-c", code],
            cwd=source,
            env={**env, **user_folders(home)},
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        assert process.stdout is not None
        output = process.stdout.read()  # until the child exits
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        stages = {}
        for line in output.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] in ("imported", "built", "first-paint", "ready"):
                stages[parts[0]] = (int(parts[1]), int(parts[2]))
        if process.returncode != 0 or not {"first-paint", "ready"} <= stages.keys():
            raise SystemExit(f"The child failed ({process.returncode}):\n{output}{errors.read()}")
    first, cpu = stages["first-paint"]
    ready, _ = stages["ready"]
    # ru_maxrss is in KiB on Linux, in bytes on macOS.
    peak = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    cpu_by_stage: dict[str, float] = {}
    if all(stage in stages for stage in STAGES.values()):
        before = 0
        for name, stage in STAGES.items():
            cpu_by_stage[name] = (stages[stage][1] - before) / 1e9
            before = stages[stage][1]
    return Run((first - launched) / 1e9, (ready - launched) / 1e9, cpu / 1e9, peak, cpu_by_stage)


def _spread(values: list[float], unit: float, digits: int = 0) -> str:
    """Median (min-max), scaled by `unit`."""
    scaled = [v * unit for v in values]
    return (
        f"{statistics.median(scaled):.{digits}f} "
        f"({min(scaled):.{digits}f}-{max(scaled):.{digits}f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM (default offscreen)"
    )
    parser.add_argument(
        "--before", type=Path, help="another checkout to measure too (its tracker package)"
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help="also count the modules, enums and dataclasses made up to the first frame",
    )
    args = parser.parse_args()
    # Bytecode as an installed Roundkeeper has it (pip compiles it; so does PyInstaller):
    # cached in a folder of this run, written by the warm-up runs.
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": args.platform,
        "PYTHONPYCACHEPREFIX": tempfile.mkdtemp(prefix="tracker-startup-pycache-"),
        "ROUNDKEEPER_STARTUP_PROBE": "1",
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for variable in ("TRACKER_HOME", "ROUNDKEEPER_HOME"):  # set per run, below
        env.pop(variable, None)
    # Without `site` (see above): the packages' folder alone, after the current folder
    # (each child imports the tracker of its own checkout).
    env["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
    kinds: dict[str, tuple[str, Path]] = {"bare": (BARE, ROOT), "tracker": (TRACKER, ROOT)}
    if args.before is not None:
        before = args.before.resolve()
        probed = (before / "tracker" / "qt" / "first_frame.py").exists()
        kinds["before"] = (TRACKER if probed else TRACKER_UNPROBED, before)
    runs: dict[str, list[Run]] = {name: [] for name in kinds}
    for code, source in kinds.values():  # warm the disk cache and write the bytecode
        run_once(code, env, source)
    for _ in range(args.runs):
        for name, (code, source) in kinds.items():
            runs[name].append(run_once(code, env, source))
    print(f"{args.runs} runs each, QT_QPA_PLATFORM={args.platform}: median (min-max)")
    for name, kind in runs.items():
        print(
            f"{name:8} first frame {_spread([r.first_frame for r in kind], 1000)} ms   "
            f"ready {_spread([r.ready for r in kind], 1000)} ms   "
            f"CPU to first frame {_spread([r.cpu for r in kind], 1000)} ms   "
            f"peak memory {_spread([r.peak_kib for r in kind], 1 / 1024, 1)} MiB"
        )
    for name, kind in runs.items():
        if all(r.stages for r in kind):
            print(
                f"{name:8} CPU by stage: "
                + ", ".join(
                    f"{stage} {_spread([r.stages[stage] for r in kind], 1000)} ms"
                    for stage in STAGES
                )
            )
    if args.count:
        print("up to the first frame (counted, one untimed run each):")
        counted = {name: count_work(code, env, source) for name, (code, source) in kinds.items()}
        for name, (modules, enums, dataclasses, _) in counted.items():
            print(f"{name:8} {modules} modules, {enums} enums, {dataclasses} dataclasses")
        for name in [n for n in counted if n != "bare"]:
            print(
                f"{name:8} enums of classes the bare window does not touch: "
                + beyond(counted[name].owners, counted["bare"].owners)
            )
    bare = runs["bare"]
    for name in [n for n in runs if n != "bare"]:
        kind = runs[name]
        # Run by run (each beside the bare run started just before it), then the median.
        ratios = {
            "first frame": [r.first_frame / b.first_frame for r, b in zip(kind, bare, strict=True)],
            "ready": [r.ready / b.ready for r, b in zip(kind, bare, strict=True)],
            "CPU": [r.cpu / b.cpu for r, b in zip(kind, bare, strict=True)],
            "memory": [r.peak_kib / b.peak_kib for r, b in zip(kind, bare, strict=True)],
        }
        targets = {"first frame": 1.5, "ready": 2.0, "memory": 1.3}
        print(
            f"{name} / bare: "
            + ", ".join(
                f"{what} {_spread(values, 1, 2)}x"
                + (f" (target <= {targets[what]}x)" if what in targets else "")
                for what, values in ratios.items()
            )
        )


if __name__ == "__main__":
    main()
