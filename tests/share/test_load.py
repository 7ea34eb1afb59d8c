"""A bounded load test: 50 pages, in a process of their own as phones are, follow a
fight on the loopback while it is played (40 steps). Each page gets each state, in
order, within 200 ms of the step that made it, and ends on the last one published. A
step the players cannot see (its state the same as the last) sends nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from benchmarks.fights import build, next_step
from tracker.qt.document import EncounterDocument
from tracker.qt.share.session import ShareSession

PAGES = 50
STEPS = 40
ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("ruleset_id", ["stamina_battle", "initiative_ticks"])
def test_fifty_pages_follow_a_fight(qtbot, ruleset_id):
    document = EncounterDocument(build(ruleset_id, 12))
    window = QWidget()
    qtbot.addWidget(window)
    share = ShareSession(document, window)
    share.start("127.0.0.1", 0)
    assert share.server is not None
    pages = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.share.sse_pages",
            str(share.server.port),
            share.server.hub.token,
            str(PAGES),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert pages.stdout is not None and pages.stdout.readline().strip() == "ready"
        assert share.device_count() == PAGES
        published: list[tuple[float, bytes]] = []
        for _ in range(STEPS):
            sent = time.perf_counter()  # from the step itself: the GUI's work counts too
            assert document.apply(next_step(document.session))
            qtbot.waitUntil(lambda: not share._publish_soon.isActive(), timeout=1000)
            published.append((sent, share.feed.state().to_json()))
            qtbot.wait(20)  # the pace of a quick GM, so each state is its own
        out, _ = pages.communicate("", timeout=30)
    finally:
        if pages.poll() is None:
            pages.kill()
        share.stop()
    received = json.loads(out)
    first = json.loads(received[0][0][1])  # the state when the pages connected
    sent_states = []  # each different from the one before
    for sent, body in published:
        state = json.loads(body)
        if state != (sent_states[-1][1] if sent_states else first):
            sent_states.append((sent, state))
    worst = 0.0
    for page in received:
        states = page[1:]  # the first: the state when it connected
        assert [json.loads(text) for _when, text in states] == [s for _, s in sent_states]
        for (arrived, _text), (sent, _state) in zip(states, sent_states, strict=True):
            worst = max(worst, arrived - sent)
    print(f"{ruleset_id}: {PAGES} pages, {STEPS} steps, slowest delivery {worst * 1000:.0f} ms")
    assert worst < 0.2
