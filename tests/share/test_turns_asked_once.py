"""With a page fed, a step asks the rules for the turns to come once: the GM's window's
glance, asked first, is the start of the page's round (`Session.foresee`), and it is
the same glance as asked alone (counts of calls, not timings)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QObject

from benchmarks.fights import add_effects, build
from tests.plugins import built_in_rulesets
from tests.qt.test_players_turn_reach import _hide_most, _step
from tests.share.feeds import page_feed
from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import TurnOrderModel


@pytest.mark.parametrize("ruleset_id", built_in_rulesets())
def test_a_step_asks_the_rules_for_the_turns_to_come_once(qtbot, monkeypatch, ruleset_id):
    rng = random.Random(7)
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, rng)
    document = EncounterDocument(session)
    owner = QObject()
    glance = TurnOrderModel(document, owner, lazy=True)  # the GM's window's, pane hidden
    feed = page_feed(document, owner, glance)
    asked: list[int] = []
    rules_upcoming = type(session.ruleset).upcoming_turns

    def counted(ruleset, encounter, limit: int = 20) -> list[Turn]:
        asked.append(limit)
        return rules_upcoming(ruleset, encounter, limit)

    monkeypatch.setattr(type(session.ruleset), "upcoming_turns", counted)
    _hide_most(document, rng)
    feed.state()
    answered = 0
    for number in range(30):
        asked.clear()
        _step(document, rng)  # the window's glance follows the change
        by_window = list(asked)
        asked.clear()
        assert feed.state().board.turns is not None
        # The page asks the rules only past what was foreseen (a round grown longer).
        assert all(limit > max(by_window) for limit in asked), (number, by_window, asked)
        answered += not asked
        # The glance is what the rules give when asked for it alone.
        kept = [glance.turn_at(row) for row in range(glance.rowCount())]
        assert kept == rules_upcoming(session.ruleset, session.encounter, len(kept))
    assert answered >= 20  # most steps: the page's turns were the window's ask
    feed.round_ahead.release()
    asked.clear()
    _step(document, rng)
    assert asked and max(asked) <= len(kept) + 1  # no page: the glance's ask alone
    owner.deleteLater()
