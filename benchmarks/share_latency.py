"""How soon a change reaches the pages that follow a shared fight (issue 25, point 3:
every change within 200 ms on the loopback).

    .venv/bin/python benchmarks/share_latency.py [--rulesets stamina_battle ...]
        [--pages 50] [--steps 40] [--runs 3]

A fight of 12 (`fights.build`) is shared on the loopback; `--pages` pages follow it
from a process of their own (`tests/share/sse_pages.py`, as phones are) while it is
played step by step at a quick GM's pace. A delivery is timed from just before the step
(the GUI's work counts too) to the moment the page's socket has the state, on the same
monotonic clock. Prints, per ruleset, the median and the slowest delivery of each run
against the target. `tests/share/test_load.py` plays the same fight (`follow_fight`)
and checks what arrives, not when: times belong here, not in the test suite."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the repository's packages
    sys.path.insert(0, str(ROOT))

from benchmarks.fights import build, next_step  # noqa: E402

TARGET_MS = 200.0
PACE_MS = 20  # a quick GM: each state is its own


@dataclass(frozen=True)
class Delivery:
    """What the pages were sent and what each of them got."""

    first: object  # the state when the pages connected
    sent: list[tuple[float, object]]  # each state different from the one before, when
    received: list[list[tuple[float, object]]]  # per page, after its first state

    def delays_ms(self) -> list[float]:
        """Each state's slowest arrival over the pages."""
        return [
            max(page[number][0] for page in self.received) * 1000 - sent * 1000
            for number, (sent, _state) in enumerate(self.sent)
        ]


def follow_fight(
    ruleset_id: str,
    pages: int,
    steps: int,
    wait_until: Callable[[Callable[[], bool]], None],
    wait_ms: Callable[[int], None],
) -> Delivery:
    """Share a fight of 12 on the loopback, have `pages` pages follow it while `steps`
    steps are played (`wait_until(condition)`, `wait_ms(ms)`: the caller's event loop),
    and return what was sent and received. Needs a QApplication."""
    from PySide6.QtWidgets import QWidget

    from tracker.qt.document import EncounterDocument
    from tracker.qt.share.session import ShareSession

    document = EncounterDocument(build(ruleset_id, 12))
    window = QWidget()
    share = ShareSession(document, window)
    share.start("127.0.0.1", 0)
    assert share.server is not None
    crowd = subprocess.Popen(
        [sys.executable, "-m", "tests.share.sse_pages", str(share.server.port)]
        + [share.server.hub.token, str(pages)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    published: list[tuple[float, bytes]] = []
    try:
        assert crowd.stdout is not None and crowd.stdout.readline().strip() == "ready"
        assert share.device_count() == pages
        feed = share.feed
        assert feed is not None  # made when the sharing started
        for _ in range(steps):
            sent = time.perf_counter()  # from the step itself: the GUI's work counts too
            assert document.apply(next_step(document.session))
            wait_until(lambda: not share._publish_soon.isActive())
            published.append((sent, feed.state().to_json()))
            wait_ms(PACE_MS)
        out, _ = crowd.communicate("", timeout=30)
    finally:
        if crowd.poll() is None:
            crowd.kill()
        share.stop()
        window.deleteLater()
    received = json.loads(out)
    first = json.loads(received[0][0][1])
    sent_states: list[tuple[float, object]] = []
    for sent, body in published:
        state = json.loads(body)
        if state != (sent_states[-1][1] if sent_states else first):
            sent_states.append((sent, state))
    return Delivery(
        first,
        sent_states,
        [[(when, json.loads(text)) for when, text in page[1:]] for page in received],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulesets", nargs="+", default=["stamina_battle", "initiative_ticks"])
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from benchmarks.qt_setup import laptop_platform, quiet_qt

    os.environ["QT_QPA_PLATFORM"] = laptop_platform()
    quiet_qt()
    from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])

    def wait_ms(ms: int) -> None:
        deadline = QDeadlineTimer(ms)
        while not deadline.hasExpired():
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)

    def wait_until(condition: Callable[[], bool]) -> None:
        deadline = time.perf_counter() + 5
        while not condition():
            assert time.perf_counter() < deadline, "the page's state was never published"
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)

    print(f"{args.pages} pages, {args.steps} steps; delivery in ms (target ≤ {TARGET_MS:.0f})")
    for ruleset_id in args.rulesets:
        for run in range(args.runs):
            delivery = follow_fight(ruleset_id, args.pages, args.steps, wait_until, wait_ms)
            delays = delivery.delays_ms()
            worst = max(delays)
            verdict = "" if worst <= TARGET_MS else "  MISS"
            print(
                f"{ruleset_id:18} run {run + 1}: {len(delays)} states, "
                f"median {statistics.median(delays):6.1f}, slowest {worst:6.1f}{verdict}"
            )
    del app


if __name__ == "__main__":
    main()
