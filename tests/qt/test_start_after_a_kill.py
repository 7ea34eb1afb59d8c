"""Started again after it was killed, Roundkeeper finds the lock file the killed one
left; its lock is taken on a thread while the application is made (`LockTaking`).
Qt takes the first thread that asks for its own data as the main one, and reading a
lock file left behind made the lock's thread ask first: Qt warned "QApplication was
not created in the main() thread", and on X the question whether to resume the fight
took no click and no key. The app's own thread is Qt's main thread however long the
lock takes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The real start (`tracker.cli.main`), the lock's thread held in its work until the
# application is made: the order the race took most of the time, every time.
START = """
import threading
from tracker.qt import app as app_module

made = threading.Event()
real_lock, real_make = app_module.single_instance_lock, app_module.make_application

def lock_held_until_the_application_is_made():
    lock = real_lock()  # reads the lock file the killed Roundkeeper left ...
    made.wait(10)  # ... and is still at it while the application is made
    return lock

def make(argv):
    application = real_make(argv)
    made.set()
    return application

app_module.single_instance_lock = lock_held_until_the_application_is_made
app_module.make_application = make
from tracker.cli import main
raise SystemExit(main(["roundkeeper"]))
"""


def a_dead_pid() -> int:
    """The id of a process that has ended (the killed Roundkeeper's)."""
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    return ended.pid


def test_the_app_is_made_on_qts_main_thread_after_a_kill(tmp_path: Path) -> None:
    lock = tmp_path / "data" / "tracker.lock"
    lock.parent.mkdir(parents=True)
    lock.write_text(f"{a_dead_pid()}\nroundkeeper\n{socket.gethostname()}\n", encoding="utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "ROUNDKEEPER_HOME": str(tmp_path),
        "ROUNDKEEPER_STARTUP_PROBE": "1",  # the window closes once it is whole
    }
    started = subprocess.run(
        [sys.executable, "-c", START],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode == 0, started.stderr
    assert "ready" in started.stdout  # the lock was taken, the window whole
    assert "not created in the main() thread" not in started.stderr
