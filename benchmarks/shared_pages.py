"""A main window shared as the Players menu shares it, followed by pages from a process
of their own (`tests/share/sse_pages.py`, as phones are), for the benchmarks.

`SharedPages(window, count, clock)` starts the window's sharing session on the loopback
and connects `count` pages; while it is open the clock waits, after each operation,
until the server's threads have made the page's JSON and written it to every page
(`ShareServer.is_idle`), so process CPU counts that work too. On leaving, the pages
report how many states each received (`received`) and the CPU their process used
(`pages_cpu_s`: not the GM's, the phones'; on this machine it shares the two cores)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from types import TracebackType

from benchmarks.idle_timer import IdleClock
from tracker.qt.main_window import MainWindow
from tracker.qt.share.menu import window_session
from tracker.qt.share.session import ShareSession

ROOT = Path(__file__).resolve().parents[1]


class SharedPages:
    def __init__(self, window: MainWindow, count: int, clock: IdleClock) -> None:
        self.window, self.count, self.clock = window, count, clock
        self.session: ShareSession = window_session(window)
        self.connected = 0  # the live pages the server counted, read at the end
        self.received: list[int] = []  # the states each page received
        self.pages_cpu_s = 0.0  # the pages' process's CPU, user and system
        self._pages: subprocess.Popen[str] | None = None

    def __enter__(self) -> SharedPages:
        session = self.session
        session.start("127.0.0.1", 0)
        server = session.server
        assert server is not None
        if self.count:
            self._pages = subprocess.Popen(
                [sys.executable, "-m", "tests.share.sse_pages"]
                + [str(server.port), server.hub.token, str(self.count)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert self._pages.stdout is not None
            if self._pages.stdout.readline().strip() != "ready":
                raise RuntimeError("the pages did not connect")
        self.clock.background.append(server.is_idle)
        self.clock.settle()
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _error: BaseException | None,
        _trace: TracebackType | None,
    ) -> None:
        self.connected = self.session.device_count()
        server = self.session.server
        if server is not None and server.is_idle in self.clock.background:
            self.clock.background.remove(server.is_idle)
        if self._pages is not None:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out, _ = self._pages.communicate("", timeout=60)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)  # (it has been waited for)
            self.pages_cpu_s = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            self.received = [len(page) for page in json.loads(out.splitlines()[-1])]
        self.session.stop()
        self.clock.settle()
