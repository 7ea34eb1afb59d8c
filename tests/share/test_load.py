"""A bounded load test: 50 pages, in a process of their own as phones are, follow a
fight on the loopback while it is played (40 steps). Each page gets each state, in
order, and ends on the last one published. A step the players cannot see (its state
the same as the last) sends nothing. How soon the states arrive (target 200 ms) is
measured by `benchmarks/share_latency.py`, which plays the same fight."""

from __future__ import annotations

import pytest

from benchmarks.share_latency import follow_fight

PAGES = 50
STEPS = 40


@pytest.mark.parametrize("ruleset_id", ["stamina_battle", "initiative_ticks"])
def test_fifty_pages_follow_a_fight(qtbot, ruleset_id):
    def wait_until(condition) -> None:
        qtbot.waitUntil(condition, timeout=1000)

    delivery = follow_fight(ruleset_id, PAGES, STEPS, wait_until, qtbot.wait)

    assert len(delivery.sent) >= STEPS // 2  # most steps change what the players see
    states = [state for _sent, state in delivery.sent]
    assert len(delivery.received) == PAGES
    for page in delivery.received:
        assert [state for _arrived, state in page] == states
