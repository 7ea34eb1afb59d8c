"""Special paths (a named pipe, devices, a socket, a folder, a link to a device, a huge
file, an unreadable file) and a guard that turns a read stuck on a named pipe into a
failure instead of a test suite that never ends.

A reader stuck opening a named pipe waits for a writer: `PipeGuard` becomes that writer
after `seconds`, so the read returns (with nothing) and the guard records that it hung.
A device read for ever cannot be stopped that way: those cases run in a child process
with a memory limit and a time-out (`run_limited`).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

REPO = Path(__file__).resolve().parents[2]
HUGE_BYTES = 65 * 1024 * 1024  # over the encounter files' 64 MB (a sparse file: no disk)


def make_special_paths(folder: Path) -> dict[str, Path]:
    """Every kind of path no reader may wait on or read whole, by name, made in `folder`
    (the devices are the system's own, reached through links where a name must end in
    ".json"/".csv" for the reader to try it)."""
    folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, Path] = {}
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    made["fifo"] = fifo
    for device in ("zero", "urandom", "null"):
        link = folder / f"dev-{device}.json"
        link.symlink_to(f"/dev/{device}")
        made[f"/dev/{device}"] = link
    sock = folder / "socket.json"
    server = socket.socket(socket.AF_UNIX)
    with contextlib.chdir(folder):  # a socket's path must be short: bind it by name
        server.bind(sock.name)  # its file stays after the socket is closed
    server.close()
    made["socket"] = sock
    directory = folder / "folder.json"
    directory.mkdir()
    made["folder"] = directory
    chain = folder / "link-to-link.json"
    chain.symlink_to(made["/dev/zero"])
    made["link to a device"] = chain
    huge = folder / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(HUGE_BYTES)
    made["huge file"] = huge
    if os.geteuid() != 0:  # root reads any file: nothing to test then
        unreadable = folder / "unreadable.json"
        unreadable.write_text("{}", encoding="utf-8")
        unreadable.chmod(0)
        made["unreadable"] = unreadable
    return made


class PipeGuard:
    """Within `with PipeGuard(fifo):`, a reader stuck on `fifo` for `seconds` is
    released (the guard opens the pipe for writing and closes it) and `hung` is set."""

    def __init__(self, fifo: Path, seconds: float = 5.0) -> None:
        self.fifo = fifo
        self.seconds = seconds
        self.hung = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> PipeGuard:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        if self._stop.wait(self.seconds):
            return
        while not self._stop.is_set():  # a reader is waiting: the open succeeds
            try:
                descriptor = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                self._stop.wait(0.05)
                continue
            self.hung = True
            os.close(descriptor)
            self._stop.wait(0.05)


@contextlib.contextmanager
def no_hang(fifo: Path, seconds: float = 5.0) -> Iterator[PipeGuard]:
    """`PipeGuard` that fails the test if a reader waited on `fifo`."""
    with PipeGuard(fifo, seconds) as guard:
        yield guard
    assert not guard.hung, f"a reader waited on the named pipe {fifo} until it was released"


def run_limited(code: str, env: dict[str, str], timeout: float = 60) -> tuple[str, str]:
    """Run Python `code` in a child with at most 1 GB of memory; its standard output,
    or ("", why) when it hung, was killed or failed."""
    limited = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n" + code
    child_env = {
        **os.environ,
        **env,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    try:
        done = subprocess.run(
            [sys.executable, "-c", limited],
            cwd=REPO,
            env=child_env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "", f"hung (no answer within {timeout:.0f} s)"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing)"])[-1]
        return "", f"failed ({last})"
    return done.stdout, ""


def last_json(output: str) -> object:
    return json.loads(output.strip().splitlines()[-1])
