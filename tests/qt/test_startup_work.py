"""Start-up does only what the first window needs (benchmarks/startup.py measures it)."""

from __future__ import annotations

import linecache
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import tracker.qt

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path("tracker", "assets", "samples")


@pytest.fixture
def fresh_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module never imported before, whose source names PySide6."""
    source = tmp_path / "tracker_probe_module.py"
    source.write_text("import PySide6  # PySide6 used here\nVALUE = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield source
    sys.modules.pop("tracker_probe_module", None)
    linecache.checkcache()


def test_pyside_reads_no_source_of_the_modules_imported_after_it(fresh_module: Path) -> None:
    # PySide's import hook (which every `import` statement goes through) would read the
    # whole source of each new module, keeping it in linecache; with Tracker's Qt layer
    # imported, the module is imported and its source is never read.
    assert "PySide6.support.feature" in sys.modules
    tracker.qt.skip_feature_source_scan()
    exec("import tracker_probe_module", {})
    assert sys.modules["tracker_probe_module"].VALUE == 1
    assert str(fresh_module) not in linecache.cache


# What the first window never needs, and what importing it would cost the start-up.
NOT_AT_START = {
    "hashlib": "OpenSSL, 3.5 MiB (saving and recovery import it)",
    "sqlite3": "the library's database (imported at the library's first use)",
    "html": "a table of 2,000 named entities (rich_text.escape does without)",
    "tracker.library": "the library of combatants",
    "tracker.qt.printing": "printing",
    "tracker.qt.players.window": "the players' screen",
    "PySide6.QtSvg": "the SVG renderer, 1 MiB (icons at menu and toolbar sizes are masks)",
    "tracker.qt.views.order_table": "the default view (the sample's War Scroll has its own)",
    "tracker.engine.add_group": "adding several combatants (tracker.engine names it lazily)",
    # (a start in the platform's user folders needs it to find them: ~3.5 ms)
    "platformdirs": "the platform's folders, in a start in ROUNDKEEPER_HOME (portable, tests)",
}

PROBE = """
import sys
from PySide6.QtWidgets import QApplication
from tracker.qt.app import open_main_window
app = QApplication(["tracker"])
window = open_main_window()
window.show()
app.processEvents()
print(",".join(sorted(name for name in sys.argv[1:] if name in sys.modules)))
window.close()
"""


def _loaded_in_a_child(probe: str, names: Iterable[str], home: Path) -> list[str]:
    """The lines `probe` prints, run in a fresh Python asked about `names`: each line
    the modules of `names` imported at that point, comma-separated."""
    done = subprocess.run(
        [sys.executable, "-c", probe, *names],
        cwd=ROOT,
        env={**os.environ, "TRACKER_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.split("\n")


def test_the_first_window_opens_without_what_it_does_not_show(tmp_path: Path) -> None:
    (line, *_rest) = _loaded_in_a_child(PROBE, NOT_AT_START, tmp_path)
    imported = [name for name in line.strip().split(",") if name]
    assert imported == [], {name: NOT_AT_START[name] for name in imported}


# What the first frame does without: built (and imported) once it is painted.
NOT_IN_FIRST_FRAME = {
    "tracker.qt.window_rest": "the inspector and the optional panes",
    "tracker.qt.main_menus": "the menus and the toolbar",
    "tracker.qt.keyboard": "the window's keys",
    "tracker.qt.widgets.combatant_editor": "the inspector's editor",
    "tracker.qt.widgets.health_box": "the damage box",
    "tracker.qt.models.log_model": "the log",
    "tracker.qt.players.reveal": "the players' first-turn reveals (none before a change)",
    "tracker.qt.players.turn_memory": "the turn the players were shown (from a change on)",
    "tracker.qt.action_icons": "the menus' and the toolbar's icons",
}

# The journal's: begun once the whole window is painted (nothing to journal before).
WITH_THE_JOURNAL = {
    "tracker.persistence.journal": "the crash journal",
    "tracker.persistence.journal_paths": "its files",
}

# Nor when it begins or is closed (and discarded): only reading one back (a resume) or
# the first change and checkpoint need these (~1.4 MiB of the start-up's peak memory).
NOT_WITH_THE_JOURNAL = {
    "tracker.persistence.recovery": "reading a journal back (none waits to be resumed)",
    "tracker.persistence.checkpoints": "a change's line and the checkpoints",
    "tracker.persistence.restored": "a resumed undo history",
    "tracker.persistence.journal_cache": "recovery's cache of the files it read",
    "tracker.engine.stored": "a change's record as stored",
}

# What even the whole window does without, until the GM asks for it.
NOT_IN_WHOLE_WINDOW = {
    "tracker.qt.widgets.add_form": "the add form (the menus read its one setting)",
    "tracker.qt.dialogs.rulesets_dialog": "Help → Rulesets (QTableWidget, QDialog…)",
    "tracker.engine.effect_commands": "adding and ending effects (made when applied)",
    "tracker.engine.rolls": "a rolled action's or edit's command (made when rolled)",
    "tracker.engine.health_commands": "damage and healing (made when applied)",
    "importlib.resources": "a plugin's samples (Roundkeeper's own files are found beside it)",
    # Made when the rules first ask (none does in the sample's set-up): ~0.4 MiB.
    "tracker.qt.widgets.prompt_panel": "the rules' questions",
    "tracker.qt.widgets.prompt_answers": "their answers",
    "tracker.qt.widgets.prompt_sizes": "their sizes",
    # Read through `tracker.qt.settings_file` (the Players menu's one setting too).
    "tracker.qt.players.settings": "the players' screen's settings (a dataclass made)",
    "tracker.qt.players.visibility": "what the players may know (a dataclass made)",
    "tracker.qt.share.menu": "Players → Share on the local network",
    "tracker.qt.widgets.sample_menu": "File → Open sample (listed when it opens)",
    # The optional panes' lists and tables, made when their pane is first shown (all
    # off by default; the side list's selection, the inspector's, is made without it).
    "tracker.qt.views.side_tables": "the optional panes' lists",
    "tracker.qt.views.roster_delegate": "the side list's rows",
    "tracker.qt.views.fitting_header": "the turn order's header",
    "tracker.qt.views.log_view": "the log's table",
}

FIRST_FRAME_PROBE = """
import sys
from PySide6.QtWidgets import QApplication
from tracker.qt.app import open_main_window
app = QApplication(["tracker"])
window = open_main_window()
print(",".join(sorted(name for name in sys.argv[1:] if name in sys.modules)))
window.complete()
print(",".join(sorted(name for name in sys.argv[1:] if name in sys.modules)))
window.show()
while window.journal is None:  # begun once the whole window is painted
    app.processEvents()
print(",".join(sorted(name for name in sys.argv[1:] if name in sys.modules)))
journal = window.journal
window.close()  # nothing changed: its journal is discarded
assert not journal.active and not any(journal.directory.iterdir())
print(",".join(sorted(name for name in sys.argv[1:] if name in sys.modules)))
"""


def test_the_first_frame_is_built_without_the_rest_of_the_window(tmp_path: Path) -> None:
    asked = {
        **NOT_IN_FIRST_FRAME,
        **WITH_THE_JOURNAL,
        **NOT_WITH_THE_JOURNAL,
        **NOT_IN_WHOLE_WINDOW,
    }
    lines = _loaded_in_a_child(FIRST_FRAME_PROBE, asked, tmp_path)
    first, whole, journaling, closed = lines[:4]
    imported = [name for name in first.split(",") if name]
    assert imported == [], {name: asked[name] for name in imported}
    assert whole.split(",") == sorted(NOT_IN_FIRST_FRAME)  # built once it is painted
    assert journaling.split(",") == sorted({**NOT_IN_FIRST_FRAME, **WITH_THE_JOURNAL})
    assert closed == journaling  # the journal discarded without recovery's code


def test_the_probe_reports_each_stage_then_the_whole_window(tmp_path: Path) -> None:
    env = {**os.environ, "TRACKER_HOME": str(tmp_path), "ROUNDKEEPER_STARTUP_PROBE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", "from tracker.qt.app import main; raise SystemExit(main())"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = [line.split() for line in done.stdout.splitlines()]
    # Imported, then the window built, its first frame painted, the whole window.
    assert [line[0] for line in lines] == ["imported", "built", "first-paint", "ready"]
    clocks = [int(clock) for _, clock, _ in lines]
    cpu = [int(cpu) for _, _, cpu in lines]
    assert clocks == sorted(clocks) and cpu == sorted(cpu)
    assert clocks[0] < clocks[-1] and cpu[0] < cpu[-1]


# Classes the window never uses (QtWidgets' first). PySide6 loads its classes when
# first used, but loads them all (and makes their enums: ~40 ms) the first time it hands
# Python a plain QWidget it made no wrapper for, as `view.viewport()` does
# (tracker/qt/views/viewports.py).
NEVER_IN_THE_WINDOW = ("QWizard", "QInputDialog", "QCalendarWidget")
# Nor, until a box is shown or a long save runs, these (and their enums); nor the
# application's own session manager and event dispatcher (`appearance()` keeps its
# object: a `findChild` over the application's children handed Python both).
# Nor QGradient (its 180 presets): the side panes' models' brushes are made by
# `brushes.solid` and the action icons tinted through `brushes.fill` (QBrush(QColor) and
# fillRect make PySide load it to rule out the overloads taking one).
NEVER_UNTIL_ASKED = (
    "QMessageBox",
    "QProgressBar",
    "QSessionManager",
    "QAbstractEventDispatcher",
    "QGradient",
)

LAZY_CLASSES_PROBE = """
import os, sys
from pathlib import Path
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtWidgets import QApplication
import tracker.qt.main_window as main_window
from tracker.engine import Session
from tracker.persistence.files import load_encounter
from tracker.qt.app import _window, sample_path

def report(stage):  # the start-up probe's moments (tracker/qt/first_frame.py)
    loaded = {**vars(QtCore), **vars(QtGui), **vars(QtWidgets)}
    print(stage, *[name for name in sys.argv[2:] if name in loaded])

main_window.report = report
app = QApplication(["tracker"])
session = Session(load_encounter(sample_path(sys.argv[1])))
window = _window(session, None, Path(os.environ["TRACKER_HOME"]) / "journal")
window.show()
app.exec()  # the probe closes the window once the whole of it is painted
"""


@pytest.mark.parametrize("sample", sorted(p.name for p in (ROOT / SAMPLES).glob("*.json")))
def test_the_window_makes_pyside_load_no_widget_classes_it_does_not_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str
) -> None:
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    asked = [sample, *NEVER_IN_THE_WINDOW, *NEVER_UNTIL_ASKED]
    lines = _loaded_in_a_child(LAZY_CLASSES_PROBE, asked, tmp_path)
    # Nothing loaded once the first frame is painted, nor once the whole window is.
    assert lines[:2] == ["first-paint", "ready"], sample


# Widget classes only the rest of the window uses (each class PySide loads makes its
# enums, the slowest part of loading it): loaded once the first frame is painted.
# (The inspector's form; the icons: the War Scroll's cells and every name's block are
# filled without PySide loading QGradient and QImage to rule out the overloads taking
# them: `brushes.solid`, `brushes.fill`; the chips' parameter popups, with their forms,
# are made when first opened: `action_popup`.)
WITH_THE_REST = ("QFormLayout", "QImage")
# Nor, once the whole window is painted, classes of what it does not show yet: the keys
# watch dialogs and text edits (`tracker.qt.keyboard`), an effect's text is measured
# (`fitted_rows.wrapped_lines`), a combo box's list is made quiet as it first opens
# (`QuietCombo`), and no walk over the inspector's widgets (a scroll bar's animation)
# to find item views.
NOT_IN_THE_WHOLE_WINDOW = (
    "QDialog",
    "QTextEdit",
    "QTextLayout",
    "QTextOption",
    "QAbstractAnimation",
)


def test_the_first_frame_makes_pyside_load_no_class_only_the_rest_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    sample = "war_scroll_sample.json"
    lines = _loaded_in_a_child(LAZY_CLASSES_PROBE, [sample, *WITH_THE_REST], tmp_path)
    assert lines[:2] == ["first-paint", "ready " + " ".join(WITH_THE_REST)]


@pytest.mark.parametrize("sample", sorted(p.name for p in (ROOT / SAMPLES).glob("*.json")))
def test_the_whole_window_makes_pyside_load_no_class_of_what_it_does_not_show_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str
) -> None:
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    asked = [sample, *NOT_IN_THE_WHOLE_WINDOW]
    if not sample.startswith("stamina_battle"):  # (its sides' lists are list views)
        asked.append("QListView")
    lines = _loaded_in_a_child(LAZY_CLASSES_PROBE, asked, tmp_path)
    assert lines[:2] == ["first-paint", "ready"], sample


@pytest.mark.parametrize("sample", sorted(p.name for p in (ROOT / SAMPLES).glob("*.json")))
def test_no_first_frame_makes_pyside_load_qgradient_qimage_or_qkeysequence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str
) -> None:
    # Every ruleset's cells, lanes and brackets are filled through brushes.fill and its
    # models' brushes made by brushes.solid (fillRect and QBrush(QColor) make PySide load
    # the rival overloads' QGradient, with its presets, and QImage).
    # Nor QKeySequence: the turn panel's keys come with the rest (the Classic d20 view
    # still gives its Roll all button its key itself).
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    asked = ["QImage"]  # (QGradient: not even with the rest, NEVER_UNTIL_ASKED)
    if not sample.startswith("classic_d20"):
        asked.append("QKeySequence")
    lines = _loaded_in_a_child(LAZY_CLASSES_PROBE, [sample, *asked], tmp_path)
    assert lines[:2] == ["first-paint", "ready " + " ".join(asked)], sample


# The Initiative Ticks track still gives itself its header before its model: set after
# it, its header lays its columns out otherwise (left to that ruleset's own work).
HEADER_FIRST = {"initiative_ticks_sample.json"}


@pytest.mark.parametrize(
    "sample",
    sorted(p.name for p in (ROOT / SAMPLES).glob("*.json") if p.name not in HEADER_FIRST),
)
def test_the_window_makes_pyside_load_no_model_class_to_name_an_empty_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str
) -> None:
    # A header handed the view's empty model (a class private to Qt) in a Python
    # override makes PySide load every model class it has (QFileSystemModel among them):
    # the ruleset's view (first frame) and the Turn order pane (the rest) set their
    # model before their header.
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    lines = _loaded_in_a_child(LAZY_CLASSES_PROBE, [sample, "QFileSystemModel"], tmp_path)
    assert lines[:2] == ["first-paint", "ready"], sample


# What the first frame imported and used nothing of (each is imported where it is first
# used: with the rest of the window, at the first save or open, or never on a plain start).
NOT_BEFORE_THE_FIRST_PAINT = {
    "tracker.engine.prompts": "a rule's question (the session names it for its types)",
    "tracker.qt.players.visibility": "what the players may know (the settings' modes)",
    "tracker.qt.models.effects_model": "the effects pane's model (the badges' tooltip)",
    "tracker.qt.file_work": "a save or an open under way",
    "tracker.qt.widgets.recent_menu": "File → Open Recent and the question at quit",
    "tracker.persistence.migration": "moving the former name's folders (none here)",
    "concurrent.futures": "the recent-files list's writer (its first write)",
    "datetime": "a save's time stamp",
}

START_PROBE = """
import sys
import tracker.qt.main_window as main_window
from tracker.cli import main

def report(stage):  # the start-up probe's moments (tracker/qt/first_frame.py)
    if stage == "first-paint":
        print("at the first frame:", *sorted(n for n in sys.argv[1:] if n in sys.modules))

main_window.report = report
raise SystemExit(main(["roundkeeper"]))
"""


def _start_in_user_folders(tmp_path: Path, names: Iterable[str]) -> list[str]:
    """The modules of `names` imported at the first frame of Roundkeeper started as the GM
    starts it (its entry point, the platform's user folders: XDG's, in `tmp_path`)."""
    env = {k: v for k, v in os.environ.items() if k not in ("TRACKER_HOME", "ROUNDKEEPER_HOME")}
    env.update(
        XDG_DATA_HOME=str(tmp_path / "share"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        ROUNDKEEPER_STARTUP_PROBE="1",  # (the window closes once whole)
    )
    done = subprocess.run(
        [sys.executable, "-c", START_PROBE, *names],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("at the first")]
    return line.split()[4:]


def test_a_plain_start_paints_its_first_frame_without_what_it_leaves_for_later(
    tmp_path: Path,
) -> None:
    imported = _start_in_user_folders(tmp_path, NOT_BEFORE_THE_FIRST_PAINT)
    assert imported == [], {name: NOT_BEFORE_THE_FIRST_PAINT[name] for name in imported}


def test_a_start_with_the_former_folders_still_moves_them_first(tmp_path: Path) -> None:
    old = tmp_path / "config" / "tracker"
    old.mkdir(parents=True)
    (old / "tracker.ini").write_text("[players_screen]\ntheme=light\n", encoding="utf-8")
    imported = _start_in_user_folders(tmp_path, ["tracker.persistence.migration"])
    assert imported == ["tracker.persistence.migration"]
    moved = tmp_path / "config" / "roundkeeper" / "tracker.ini"
    assert "theme=light" in moved.read_text(encoding="utf-8")
    assert not old.exists()


COLLECTOR_PROBE = """
import gc
import tracker.qt.main_window as main_window
from tracker.qt.app import main

def report(stage):  # the start-up probe's moments (tracker/qt/first_frame.py)
    print(stage, gc.isenabled(), gc.get_freeze_count() > 0)  # the window closes at "ready"

main_window.report = report
raise SystemExit(main(["roundkeeper"]))
"""


def test_the_garbage_collector_is_off_until_the_window_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    told = _loaded_in_a_child(COLLECTOR_PROBE, [], tmp_path)
    # (the earlier stages are printed by the app's own probe, tracker/qt/app.py)
    first, ready = [line for line in told if line.startswith(("first-paint", "ready"))]
    assert first == "first-paint False False"
    # Then on, with what the start-up made frozen out of its reach.
    assert ready == "ready True True"


UNDOCUMENTED_PROBE = """
import dataclasses
from PySide6.QtWidgets import QApplication

made = dataclasses._process_class

def process_class(cls, *args):
    if not cls.__dict__.get("__doc__"):
        print(f"{cls.__module__}.{cls.__qualname__}")
    return made(cls, *args)

dataclasses._process_class = process_class
from tracker.qt.app import open_main_window
app = QApplication(["tracker"])
window = open_main_window()
"""


def test_the_first_frame_makes_no_dataclass_without_a_docstring(tmp_path: Path) -> None:
    # A dataclass without a docstring gets its signature as one, worked out by
    # `inspect.signature` as the class is made (~0.2 ms each, at import).
    lines = _loaded_in_a_child(UNDOCUMENTED_PROBE, [], tmp_path)
    assert [line for line in lines if line] == []


WHOLE_WINDOW_DATACLASSES_PROBE = """
import dataclasses
import tracker.qt.main_window as main_window
from tracker.qt.app import main

made = dataclasses._process_class
painted = []

def process_class(cls, *args):
    if painted:
        print("dataclass", f"{cls.__module__}.{cls.__qualname__}")
    return made(cls, *args)

def report(stage):  # the start-up probe's moments (tracker/qt/first_frame.py)
    painted.append(stage)
    print(stage)

dataclasses._process_class = process_class
main_window.report = report
raise SystemExit(main(["roundkeeper"]))
"""


def test_the_rest_of_the_window_makes_no_dataclass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each dataclass compiles its methods as it is made (~0.25 ms); the rest of the
    # window's own records are named tuples (~0.04 ms).
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    lines = _loaded_in_a_child(WHOLE_WINDOW_DATACLASSES_PROBE, [], tmp_path)
    made = [line for line in lines if line.startswith(("first-paint", "dataclass", "ready"))]
    # (the journal's, begun once the whole window is painted, after "ready")
    assert made[: made.index("ready") + 1] == ["first-paint", "ready"]


def test_the_benchmark_counts_the_work_up_to_the_first_frame() -> None:
    # benchmarks/startup.py --count: the modules, enums and dataclasses each window makes
    # before its first frame (counts, steady on a busy machine; the clocks are not).
    done = subprocess.run(
        [sys.executable, "benchmarks/startup.py", "--runs", "1", "--count"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    counted = {
        line.split()[0]: [int(word) for word in line.split()[1::2]]
        for line in done.stdout.splitlines()
        if line.endswith(" dataclasses")
    }
    (bare_modules, bare_enums, bare_dataclasses) = counted["bare"]
    (modules, enums, dataclasses) = counted["tracker"]
    assert bare_dataclasses == 0 < dataclasses
    assert bare_modules < modules and bare_enums < enums


def test_the_whole_window_makes_no_label_for_an_error_not_shown(window) -> None:
    # Each field's error label (a style sheet of its own each) is made when the field
    # first shows an error: the inspector's editor made one per field at every start.
    from tracker.qt.widgets.field_editors import WrappedLabel

    assert window.editor.form.editors  # (the sample's fields)
    assert window.findChildren(WrappedLabel) == []
