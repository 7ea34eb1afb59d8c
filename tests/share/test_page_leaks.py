"""The players' leak tests, run against the shared page: the page is sent the board's
projection (`tracker.qt.players.projection`, which the players' screen shows too) and
the ruleset's panel's page content, read by a `PageFeed` (no widget) beside the board.

- The lock-step fights of `tests/qt/test_players_leaks.py` (with and without hidden
  combatants) compare the page's state too: alike whenever a visible turn is on.
- The crowd of `tests/qt/players_crowd.py`: during a hidden turn the page names nobody
  as acting and no hidden name is anywhere in what is sent.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QSettings

from tests.qt import test_players_leaks
from tests.qt.players_crowd import RULESETS, crowd_document, is_hidden_turn, play_to_hidden_turn
from tests.qt.players_views import first_difference
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.share.feed import PageFeed
from tracker.qt.widgets.turn_timer import TurnTimerSetting


def store(qtbot: Any) -> QSettings:
    """A settings file of the test's own (the timer off)."""
    folder = tempfile.mkdtemp()
    return QSettings(str(Path(folder) / "t.ini"), QSettings.Format.IniFormat)


@pytest.mark.parametrize("ruleset_id", test_players_leaks.RULESETS)
def test_the_page_is_the_same_with_or_without_hidden_combatants(qtbot, ruleset_id, monkeypatch):
    compared: list[int] = []
    real = test_players_leaks.Lockstep.check_alike
    real_world = test_players_leaks.World.__init__

    def world(self: test_players_leaks.World, qtbot: Any, ruleset_id: str, *args: Any) -> None:
        real_world(self, qtbot, ruleset_id, *args)
        timer, now = args[1], args[2]
        self.feed = PageFeed(self.document, self.board, health=DEFAULT_HEALTH, timer=timer, now=now)

    def check_alike(fight: test_players_leaks.Lockstep) -> None:
        real(fight)  # the board and the printouts
        # The page's timer is the board's seconds on the wall clock: compared as seconds.
        with_, without = (
            (state.board, state.panel)
            for state in (fight.with_.feed.state(), fight.without.feed.state())
        )
        assert with_ == without, f"pages differ: {first_difference(with_, without)}\n" + (
            fight.story()
        )
        # One code path: the page's projection is the players' screen's.
        assert with_[0] == fight.with_.board.projection()
        compared.append(1)

    monkeypatch.setattr(test_players_leaks.World, "__init__", world)
    monkeypatch.setattr(test_players_leaks.Lockstep, "check_alike", check_alike)
    test_players_leaks.test_the_players_see_the_same_with_or_without_hidden_combatants(
        qtbot, ruleset_id
    )
    assert len(compared) > 20  # the page was compared at every step


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_during_a_hidden_turn_the_page_names_nobody_and_no_hidden_name(qtbot, ruleset_id):
    document = crowd_document(ruleset_id)
    parent = QObject()
    feed = PageFeed(document, parent, health=DEFAULT_HEALTH, timer=TurnTimerSetting(store(qtbot)))
    hidden = [c.name for c in document.encounter.combatants if c.hidden]
    assert hidden
    play_to_hidden_turn(document)
    assert is_hidden_turn(document)
    state = feed.state()
    assert state.board.now_name == NEUTRAL
    sent = json.dumps(json.loads(state.to_json()), ensure_ascii=False)
    assert not [name for name in hidden if name in sent], sent
    visible = [c.name for c in document.encounter.combatants if not c.hidden]
    assert sum(card.name in visible for card in state.board.turns) >= 1
