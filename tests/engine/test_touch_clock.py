"""`tx.touch_clock(Clock)` hands the clock back typed as the ruleset's clock class, and a
clock of another class is refused before anything is kept or marked changed."""

from __future__ import annotations

import pytest

from tracker.engine import Session
from tracker.engine.changes import Transaction
from tracker.engine.rulesets.ap_countdown.state import Clock as CountdownClock
from tracker.engine.rulesets.war_scroll.state import WarClock


def _transaction() -> Transaction:
    session = Session.new("Typed", "war_scroll")
    return Transaction(session.encounter, lambda tx, point: None)


def test_the_clock_of_the_class_asked_for_is_touched_and_returned() -> None:
    tx = _transaction()
    clock = tx.touch_clock(WarClock)
    assert clock is tx.encounter.clock
    assert tx.changes.clock


def test_a_clock_of_another_class_is_refused_and_nothing_is_kept() -> None:
    tx = _transaction()
    with pytest.raises(TypeError, match="WarClock, not a Clock"):
        tx.touch_clock(CountdownClock)
    assert not tx.changes.clock
