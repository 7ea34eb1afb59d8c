"""`roundkeeper --self-test`: is this Roundkeeper whole? Meant for a freshly built bundle
(CI runs it on the Linux one) and for a GM whose copy misbehaves.

Offscreen, in a temporary Roundkeeper home (the GM's own files are never touched), it
checks that every installed ruleset and its views load and are consistent, that every
built-in ruleset (registered by the `roundkeeper` distribution) has its views and a
bundled sample (a third-party ruleset needs neither), and then opens every bundled sample
in the GM's window and the players' window and plays a few turns through the window's
own actions and prompt buttons, undoes and redoes, switches the players' theme and
exports the sheets to PDF. Any refusal, exception or Qt warning on the way is a failure.
It prints one line per check and returns 0 if all passed, else 1 (the failures repeated
at the end).
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QMessageLogContext, QtMsgType
    from PySide6.QtWidgets import QApplication

    from tracker.engine import Session

import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

TURNS = 8  # changes of turn played in each sample
MAX_STEPS = 80  # End Turns and prompt answers to get there, at most
SAMPLE_SUFFIX = "_sample.json"
# Harmless on the offscreen platform: it cannot resize native windows.
IGNORED_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)
NATIVE_PLATFORM_PLUGINS = {
    "linux": ("libqxcb.so", "libqwayland.so"),
    "win32": ("qwindows.dll",),
    "darwin": ("libqcocoa.dylib",),
}


@dataclass
class Report:
    out: TextIO
    failures: list[str] = field(default_factory=list)

    def ok(self, text: str) -> None:
        print(f"ok    {text}", file=self.out, flush=True)

    def fail(self, text: str) -> None:
        self.failures.append(text)
        print(f"FAIL  {text}", file=self.out, flush=True)


def default_samples_dir() -> Path:
    from importlib.resources import files

    return Path(str(files("tracker") / "assets" / "samples"))


def run_self_test(
    qt_argv: list[str] | None = None,
    *,
    samples_dir: Path | None = None,
    turns: int = TURNS,
    out: TextIO | None = None,
) -> int:
    """Run every check; 0 if all passed, else 1. `samples_dir` and `out` are for tests."""
    out = out if out is not None else _output()
    report = Report(out)
    with (
        _temporary_home() as home,
        _offscreen_application(qt_argv) as app,
        _problems_reported_to(report),
    ):
        _check_icon(app, report)
        _check_platform_plugins(app, report)
        _check_frozen(report)
        built_in = _check_rulesets(report)
        samples = _check_samples(report, samples_dir or default_samples_dir(), built_in)
        for sample in samples:
            _play_sample(app, report, sample, home, turns)
    if report.failures:
        print(f"\nSelf-test FAILED ({len(report.failures)}):", file=out)
        for failure in report.failures:
            print(f"  - {failure}", file=out)
        out.flush()
        return 1
    print("\nSelf-test passed.", file=out, flush=True)
    return 0


# --- the checks ---------------------------------------------------------------------------
def _check_icon(app: QApplication, report: Report) -> None:
    from tracker.qt.app_icon import SIZES, application_icon

    icon = application_icon()
    app.setWindowIcon(icon)
    sizes = {size.width() for size in icon.availableSizes()}
    missing = sorted(set(SIZES) - sizes)
    if icon.isNull() or missing:
        report.fail(f"application icon: sizes missing {missing}")
    else:
        report.ok(f"application icon: {len(sizes)} sizes")


def _check_platform_plugins(app: QApplication, report: Report) -> None:
    """The plugin that shows windows on this system's own display is there (the self-test
    itself runs offscreen)."""
    wanted = NATIVE_PLATFORM_PLUGINS.get(sys.platform)
    if wanted is None:
        return
    folders = [Path(folder) / "platforms" for folder in app.libraryPaths()]
    found = [name for name in wanted for folder in folders if (folder / name).is_file()]
    if found:
        report.ok(f"Qt platform plugin: {found[0]}")
    else:
        report.fail(f"Qt platform plugin: none of {list(wanted)} in {[str(f) for f in folders]}")


def _check_frozen(report: Report) -> None:
    """In a bundle, nothing comes from a Python installation outside it."""
    bundle = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or bundle is None:
        return
    root = Path(bundle).resolve()
    # Modules from a file on disk (some of PySide6's are embedded in its libraries and
    # name no real file).
    files = [str(getattr(module, "__file__", None) or "") for module in list(sys.modules.values())]
    outside = [path for path in files if _on_disk(path) and not _inside(path, root)]
    outside += [path for path in _mapped_files() if _pythonish(path) and not _inside(path, root)]
    if outside:
        report.fail(f"bundle: loaded from outside {root}: {sorted(set(outside))[:10]}")
    else:
        report.ok(f"bundle: every module and library from {root}")


def _mapped_files() -> list[str]:
    """The files this process has mapped (Linux: its shared libraries), else none."""
    maps = Path("/proc/self/maps")
    if not maps.exists():
        return []
    fields = (line.split(maxsplit=5) for line in maps.read_text(errors="replace").splitlines())
    return sorted({parts[5] for parts in fields if len(parts) == 6 and parts[5].startswith("/")})


def _pythonish(path: str) -> bool:
    return "libpython" in path or "/site-packages/" in path or "/lib/python3" in path


def _on_disk(path: str) -> bool:
    return os.path.isabs(path) and os.path.isfile(path)


def _inside(path: str, root: Path) -> bool:
    return Path(path).resolve().is_relative_to(root)


def _has_own_views(ruleset_id: str) -> bool:
    """Whether Tracker ships a Qt package of the built-in ruleset (one without uses the
    generic views)."""
    from importlib.util import find_spec

    return find_spec(f"tracker.qt.rulesets.{ruleset_id}") is not None


def _check_rulesets(report: Report) -> list[str]:
    """Every installed ruleset and its views load; returns the built-in rulesets' ids.

    A built-in ruleset (one the `roundkeeper` distribution registers) must bring a
    bundled sample, and its views if Roundkeeper ships a Qt package for it; a third-party
    one needs neither (without views it gets the generic ones), but what it installs must
    load and be consistent."""
    from tracker.engine import registry
    from tracker.qt import ruleset_ui

    installed = registry.installed_rulesets()
    if not installed:
        report.fail(
            f"rulesets: none installed (no entry points in {registry.GROUP!r}: "
            "is Roundkeeper's package metadata bundled?)"
        )
    views = {entry.name for entry in ruleset_ui.entry_points(group=ruleset_ui.GROUP)}
    view_problems = ruleset_ui.ui_problems({item.registered_as for item in installed})
    for ruleset_id, problems in view_problems.items():
        for problem in problems:
            report.fail(f"ruleset {ruleset_id}: {problem}")
    built_in: list[str] = []
    for item in installed:
        package = registry.distribution_key(item.distribution) or item.value
        where = "built in" if item.built_in else f"from {package}"
        if not item.usable:
            for problem in item.problems:
                report.fail(f"ruleset {item.registered_as} ({where}): {problem}")
            continue
        if item.built_in:
            built_in.append(item.registered_as)
            if item.registered_as not in views and _has_own_views(item.registered_as):
                report.fail(f"ruleset {item.registered_as}: its views are not installed")
                continue
        if item.registered_as in view_problems:
            continue
        kind = "views" if item.registered_as in views else "the generic views"
        report.ok(f"ruleset {item.registered_as} ({where}): rules and {kind} load")
    return built_in


def _check_samples(report: Report, folder: Path, built_in: list[str]) -> list[Path]:
    """The bundled samples; every built-in ruleset must have one."""
    samples = sorted(folder.glob(f"*{SAMPLE_SUFFIX}"))
    if not samples:
        report.fail(f"samples: none in {folder}")
    names = {path.name for path in samples}
    for ruleset_id in built_in:
        if f"{ruleset_id}{SAMPLE_SUFFIX}" not in names:
            report.fail(f"samples: none for the ruleset {ruleset_id} in {folder}")
    return samples


def _play_sample(app: QApplication, report: Report, sample: Path, home: Path, turns: int) -> None:
    """Open the sample in both windows and play it; report what happened."""
    from tracker.engine import Session
    from tracker.engine.errors import TrackerError
    from tracker.persistence.files import load_encounter

    try:
        session = Session(load_encounter(sample))
    except TrackerError as error:
        report.fail(f"{sample.name}: cannot be opened: {error}")
        return
    failures_before = len(report.failures)
    outcome = _SamplePlay(app, session, home / "journals" / sample.stem, home / sample.stem)
    try:
        summary = outcome.play(turns)
    except _StuckError as stuck:
        report.fail(f"{sample.name}: {stuck}")
        return
    finally:
        outcome.close()
    if len(report.failures) == failures_before:
        report.ok(f"{sample.name} ({session.ruleset.name}): {summary}")


class _StuckError(Exception):
    """The sample could not be played on: the reason."""


class _SamplePlay:
    """One sample in the GM's and the players' windows, played through the GUI."""

    def __init__(
        self, app: QApplication, session: Session, journal_dir: Path, scratch: Path
    ) -> None:
        from tracker.qt.main_window import MainWindow
        from tracker.qt.players.launcher import open_players_screen

        self.app = app
        self.scratch = scratch
        self.refusals: list[str] = []
        self.window = MainWindow(session, None, journal_dir)
        self.document = self.window.document
        self.document.refused.connect(lambda message, _field: self.refusals.append(message))
        self.window.show()
        self.players = open_players_screen(
            self.document,
            self.window,
            ask=False,
            turn_order_model=self.window.turn_order_model,
            effects_model=self.window.effects_model,
        )
        self._settle()

    def play(self, turns: int) -> str:
        from tracker.qt.players.settings import PlayersScreenSettings
        from tracker.qt.printing import export_pdf

        if self.players is None:
            raise _StuckError("the players' window did not open")
        self._grab("opened")
        self._act(self.window.actions_by_name["start"].trigger, "Start")
        # Play on as a GM in a hurry: the first answer to every question, else End Turn.
        ended = answered = changes = 0
        where = self._where()
        while changes < turns and ended + answered < MAX_STEPS:
            panel = self.window.prompt_panel
            if self.document.session.prompt() is not None:
                if not panel.answer_buttons or panel.prompt is None:
                    raise _StuckError("a prompt is open but the prompt panel shows no answer")
                self._act(panel.answer_buttons[0].click, f"answer “{panel.prompt.title}”")
                answered += 1
            else:
                self._act(self.window.actions_by_name["end_turn"].trigger, "End turn")
                ended += 1
            if self._where() != where:
                changes, where = changes + 1, self._where()
        if changes < turns:
            raise _StuckError(f"the turn changed only {changes} times in {MAX_STEPS} steps")
        self._grab("played")
        stack = self.document.undo_stack
        steps = stack.count()
        stack.undo()
        stack.redo()
        if stack.count() != steps or stack.index() != steps:
            raise _StuckError("undo and redo of the last step lost history")
        self.players.apply_settings(PlayersScreenSettings(fullscreen=False, theme="light"))
        self._grab("light theme")
        self.scratch.mkdir(parents=True, exist_ok=True)
        pdf = self.scratch / "sheets.pdf"
        export_pdf(self.document, pdf)
        if not pdf.is_file() or pdf.stat().st_size == 0:
            raise _StuckError("the sheets could not be exported to PDF")
        turn = self.document.session.current_turn()
        now = self.document.ruleset.clock_label(self.document.encounter)
        holder = "the GM" if turn is None or turn.combatant_id is None else "a combatant"
        return (
            f"GM's and players' windows, {changes} turns played ({ended} End Turns, "
            f"{answered} prompts answered), "
            f"now {now}, {holder} acting; undo/redo, light theme, PDF of "
            f"{pdf.stat().st_size // 1024} KiB"
        )

    def _where(self) -> tuple[str | None, str]:
        """Whose turn it is and the clock: a change of either is a turn played."""
        turn = self.document.session.current_turn()
        holder = turn.combatant_id if turn is not None else None
        return holder, self.document.ruleset.clock_label(self.document.encounter)

    def _act(self, action: Callable[[], object], what: str) -> None:
        steps = self.document.undo_stack.count()
        self.refusals.clear()
        action()
        self._settle()
        if self.refusals:
            raise _StuckError(f"{what} was refused: {self.refusals[0]}")
        if self.document.undo_stack.count() == steps:
            raise _StuckError(f"{what} changed nothing")

    def _grab(self, when: str) -> None:
        for widget in (self.window, self.players):
            if widget is not None and widget.grab().isNull():
                raise _StuckError(f"{widget.windowTitle()} could not be drawn ({when})")

    def _settle(self) -> None:
        for _ in range(3):
            self.app.processEvents()

    def close(self) -> None:
        self.document.undo_stack.set_clean()  # no "save changes?" question
        if self.players is not None:
            self.players.close()
            self.players.deleteLater()
        self.window.close()
        self.window.deleteLater()
        self._settle()


# --- the setting ----------------------------------------------------------------------------
def _output() -> TextIO:
    """Standard output; a windowed program on Windows has none: then a file in Roundkeeper's
    data folder (its path printed nowhere else, so it is named here)."""
    if sys.stdout is not None:
        return sys.stdout
    from tracker.persistence import paths

    return (paths.data_dir() / "self-test.txt").open("w", encoding="utf-8")  # noqa: SIM115


@contextmanager
def _temporary_home() -> Iterator[Path]:
    """Roundkeeper's files (journal, settings, lock) go to a temporary folder meanwhile."""
    from tracker.persistence.paths import HOME_VARIABLE

    before = os.environ.get(HOME_VARIABLE)
    with tempfile.TemporaryDirectory(prefix="tracker-self-test-") as folder:
        os.environ[HOME_VARIABLE] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(HOME_VARIABLE, None)
            else:
                os.environ[HOME_VARIABLE] = before


@contextmanager
def _offscreen_application(qt_argv: list[str] | None) -> Iterator[QApplication]:
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if isinstance(existing, QApplication):  # the tests' application (offscreen already)
        yield existing
        return
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = QApplication(qt_argv or ["tracker"])
    app.setApplicationName("Roundkeeper")
    app.setOrganizationName("Roundkeeper")
    yield app


@contextmanager
def _problems_reported_to(report: Report) -> Iterator[None]:
    """Exceptions (also those raised in Qt's slots) and Qt warnings are failures."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def on_exception(
        kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        text = "".join(traceback.format_exception(kind, error, tb)).strip()
        report.fail(f"exception: {text}")

    def on_message(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        if kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            return
        if not any(message.startswith(ignored) for ignored in IGNORED_QT_MESSAGES):
            report.fail(f"Qt {kind.name.removeprefix('Qt').removesuffix('Msg')}: {message}")

    previous_hook = sys.excepthook
    sys.excepthook = on_exception
    previous_handler = qInstallMessageHandler(on_message)
    try:
        yield
    except Exception:  # anything unforeseen is reported, never a crash
        on_exception(*sys.exc_info())
    finally:
        sys.excepthook = previous_hook
        qInstallMessageHandler(previous_handler)


__all__ = ["Report", "default_samples_dir", "run_self_test"]
