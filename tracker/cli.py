"""Roundkeeper's command line, read before Qt is imported (so `--version` and `--help`
answer at once, and a mistyped option never reaches Qt to be ignored).

    roundkeeper [ENCOUNTER.json]
    roundkeeper --version | --help | --self-test
    roundkeeper --install-desktop-entry | --uninstall-desktop-entry

Anything else is an error with exit status 2. Qt's own options (`-platform`, `-style`)
are not taken: Qt reads the same settings from its environment variables
(`QT_QPA_PLATFORM`, `QT_STYLE_OVERRIDE`, `QT_SCALE_FACTOR`).

The command is a GUI program (a gui-script; a windowed bundle): on Windows it has no
console, so what it would print (the version, the help, an error) is shown in a message
box instead.
"""

from __future__ import annotations

import gc
import io
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tracker import APP_NAME, COMMAND, __version__

if TYPE_CHECKING:
    import argparse

EPILOG = (
    "Qt's own options are not taken on the command line; set them in the environment "
    "instead (QT_QPA_PLATFORM, QT_STYLE_OVERRIDE, QT_SCALE_FACTOR). ROUNDKEEPER_HOME "
    "names a folder to keep every file in (data and settings) instead of the user folders."
)

# Qt's command-line options a user might try, and the environment variable that does
# the same.
QT_OPTIONS = {
    "-platform": "QT_QPA_PLATFORM",
    "-style": "QT_STYLE_OVERRIDE",
    "-stylesheet": "QT_STYLE_OVERRIDE",
    "-reverse": "QT_LAYOUT_DIRECTION",
    "-qwindowgeometry": "QT_QPA_PLATFORM",
    "-display": "DISPLAY",
}


@dataclass(frozen=True)
class Options:
    """What the command line asks for (at most one of the actions)."""

    encounter: Path | None = None
    self_test: bool = False
    install_desktop_entry: bool = False
    uninstall_desktop_entry: bool = False


def parser() -> argparse.ArgumentParser:
    import argparse  # only when there are options to read: the usual start has none

    parser = argparse.ArgumentParser(
        prog=COMMAND,
        description=f"{APP_NAME}: an initiative tracker for tabletop role-playing games.",
        epilog=EPILOG,
        allow_abbrev=False,
    )
    parser.add_argument("encounter", nargs="?", type=Path, help="an encounter file (.json) to open")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    actions = parser.add_mutually_exclusive_group()
    actions.add_argument(
        "--self-test",
        action="store_true",
        help="open every bundled sample in the GM's and the players' windows offscreen, "
        "play a few turns of each, and exit: 0 if all went well, else 1 with the reasons",
    )
    actions.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="Linux: add Roundkeeper to the desktop's application menu for this user "
        "(desktop entry, icon and AppStream metainfo under ~/.local/share), and exit",
    )
    actions.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help="Linux: remove what --install-desktop-entry added, and exit",
    )
    return parser


def parse(argv: list[str], say: Callable[[str, bool], None] | None = None) -> Options | int:
    """The options of `argv` (program name first), or the exit status when the command
    line is answered already (`--version`, `--help`: 0) or wrong (2); `say(text, error)`
    shows what argparse printed."""
    arguments = argv[1:]
    if not arguments:  # the usual start, from a menu or an icon: no parser to build
        return Options()
    if len(arguments) == 1 and not arguments[0].startswith("-"):
        return Options(encounter=Path(arguments[0]))
    say = say if say is not None else show
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            for argument in argv[1:]:
                variable = QT_OPTIONS.get(argument.partition("=")[0])
                if variable is not None:
                    parser().error(
                        f"Qt's option {argument} is not taken here: set {variable} in the "
                        "environment instead"
                    )
            namespace = parser().parse_args(argv[1:])
            if namespace.encounter is not None and (
                namespace.self_test
                or namespace.install_desktop_entry
                or namespace.uninstall_desktop_entry
            ):
                parser().error("an encounter file cannot be given with that option")
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 2
        text = out.getvalue() + err.getvalue()
        if text:
            say(text, status != 0)
        return status
    return Options(
        encounter=namespace.encounter,
        self_test=namespace.self_test,
        install_desktop_entry=namespace.install_desktop_entry,
        uninstall_desktop_entry=namespace.uninstall_desktop_entry,
    )


def show(text: str, error: bool) -> None:
    """Print `text` to the console, or, where there is none (a windowed program on
    Windows), show it in a message box."""
    stream = sys.stderr if error else sys.stdout
    if stream is not None:
        stream.write(text)
        stream.flush()
        return
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication([COMMAND])
    box = QMessageBox(
        QMessageBox.Icon.Warning if error else QMessageBox.Icon.Information, APP_NAME, text
    )
    box.exec()
    del app


def run_command(options: Options, say: Callable[[str, bool], None] | None = None) -> int | None:
    """Run a command-line action that needs no window (the desktop entry); None when
    the app itself is to start."""
    say = say if say is not None else show
    if not (options.install_desktop_entry or options.uninstall_desktop_entry):
        return None
    from tracker import desktop_entry

    try:
        if options.install_desktop_entry:
            installed = desktop_entry.install(desktop_entry.launcher())
            say("Installed:\n" + "".join(f"  {path}\n" for path in installed), False)
        else:
            removed = desktop_entry.uninstall()
            listed = "".join(f"  {path}\n" for path in removed)
            say(f"Removed:\n{listed}" if removed else "Nothing to remove.\n", False)
    except desktop_entry.DesktopEntryError as error:
        say(f"{COMMAND}: {error}\n", True)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """The `roundkeeper` command: read the command line, answer what needs no window,
    then start the app (Qt is imported only then)."""
    options = parse(sys.argv if argv is None else argv)
    if isinstance(options, int):
        return options
    status = run_command(options)
    if status is not None:
        return status
    collecting = gc.isenabled()
    if not options.self_test:
        # The start-up makes some 300,000 objects, nearly all kept: the cyclic garbage
        # collector would go over them again and again, for a twentieth of it. The app
        # switches it on again once its window is whole (tracker.qt.app.start).
        gc.disable()
    try:
        return _start(options)
    finally:
        if collecting:
            gc.enable()


def _start(options: Options) -> int:
    """The app, once the system's libraries Qt needs are known to be there, and a
    display to open its window on."""
    from tracker import system_libraries, x_display

    # (The self-test runs offscreen: it needs neither.)
    missing = None if options.self_test else system_libraries.problem() or x_display.problem()
    if missing is not None:
        show(missing, True)
        return 1
    try:
        from tracker.qt.app import start
    except ImportError as error:
        missing = system_libraries.import_problem(error)
        if missing is None:
            raise
        show(missing, True)
        return 1
    return start(options)
