"""The plumbing of the tests that run Roundkeeper in a child process: a fresh real X display
(Xvfb, with openbox managing its windows if asked), the child's run and its JSON report,
and, in the child, real key presses and clicks (xdotool).

A test module that runs a child defines `child_main(*args)`; the child calls it and
prints its JSON report as the last line of its standard output. In CI (the CI
environment variable is set) a missing X tool fails the test; elsewhere it is skipped
with the reason."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QWidget

REPO = Path(__file__).resolve().parents[2]
PACKAGES = {"Xvfb": "xvfb", "xdotool": "xdotool", "openbox": "openbox"}
"""The Debian package of each X tool (for the message when one is missing)."""


def require_tools(tools: Sequence[str]) -> None:
    """Fail (in CI) or skip the test unless every tool is installed."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        packages = " ".join(PACKAGES[tool] for tool in tools)
        message = f"{' and '.join(missing)} not installed (apt-get install {packages})"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@contextmanager
def real_display(
    screens: Sequence[tuple[int, int]],
    *,
    window_manager: bool = False,
    tools: Sequence[str] = (),
    settle: float = 1.0,
) -> Iterator[str]:
    """A fresh Xvfb display with one 24-bit screen per (width, height) in `screens`, and
    openbox managing its windows if `window_manager` (given `settle` seconds to take the
    screen): its name (":N"), until the block ends. `tools` are the other X tools the
    test needs (such as "xdotool"): missing, they skip (or fail, in CI) the test."""
    require_tools(["Xvfb", *tools, *(["openbox"] if window_manager else [])])
    read_end, write_end = os.pipe()
    command = ["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp"]
    for screen, (width, height) in enumerate(screens):
        command += ["-screen", str(screen), f"{width}x{height}x24"]
    server = subprocess.Popen(
        command, pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()  # Xvfb picks a free display and tells which
    assert number.isdigit(), "Xvfb did not start"
    name = f":{number}"
    processes = [server]
    if window_manager:
        manager = subprocess.Popen(
            ["openbox"],
            env={**os.environ, "DISPLAY": name},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        processes.insert(0, manager)
        time.sleep(settle)  # openbox takes the screen before the first window maps
    try:
        yield name
    finally:
        for process in processes:  # the window manager first, then its display
            process.terminate()
            process.wait(timeout=10)


def run_child(
    module: str,
    display: str | None,
    home: Path,
    platform: str,
    *args: object,
    timeout: float = 120,
) -> dict[str, Any]:
    """Run `module.child_main(*args)` in a child Python on Qt's `platform` (on X
    `display` if given), with `home` as its TRACKER_HOME and the repository importable;
    assert it succeeded (its standard error as the message) and return the JSON report
    it printed last."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": platform,
        "TRACKER_HOME": str(home),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    if display is not None:
        env["DISPLAY"] = display
    call = ", ".join(repr(arg) for arg in args)
    done = subprocess.run(
        [sys.executable, "-c", f"from {module} import child_main; child_main({call})"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


class RealInput:
    """In the child: the event loop run while waiting, and real key presses and clicks
    (xdotool), each followed by a pause for the window to take it. `screen`, if given, is
    the X screen whose coordinates a click's position is in."""

    def __init__(self, app: QApplication, settle: float, screen: int | None = None) -> None:
        self.app = app
        self.settle = settle
        self.screen = screen

    def pump(self, until: Callable[[], bool] = lambda: False, seconds: float = 3.0) -> bool:
        """Run the event loop until `until()` holds or `seconds` pass: whether it holds."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.processEvents()
            if until():
                return True
            time.sleep(0.01)
        self.app.processEvents()
        return until()

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], check=True)

    def press(self, keys: str, settle: float | None = None) -> None:
        self.xdo("key", "--clearmodifiers", keys)
        self.pump(seconds=self.settle if settle is None else settle)

    def click(self, widget: QWidget, at: QPoint | None = None) -> None:
        """A left click on `widget`, at `at` in it (its centre if not given)."""
        point = widget.mapToGlobal(at if at is not None else widget.rect().center())
        screen = [] if self.screen is None else ["--screen", str(self.screen)]
        self.xdo("mousemove", *screen, str(point.x()), str(point.y()), "click", "1")
        self.pump(seconds=0.3)
