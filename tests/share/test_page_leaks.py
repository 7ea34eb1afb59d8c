"""The players' leak tests, run against the shared page: what the page is sent is read
from a players' board by `page_state`, so the page shows exactly what the players'
screen may show.

- The lock-step fights of `tests/qt/test_players_leaks.py` (with and without hidden
  combatants) compare the page's state too: alike whenever a visible turn is on.
- The crowd of `tests/qt/players_crowd.py`: during a hidden turn the page names nobody
  as acting and no hidden name is anywhere in what is sent.
"""

from __future__ import annotations

import json

import pytest

from tests.qt import test_players_leaks
from tests.qt.players_crowd import RULESETS, crowd_document, is_hidden_turn, play_to_hidden_turn
from tests.qt.players_views import first_difference
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import DARK
from tracker.qt.share.page_state import page_state


@pytest.mark.parametrize("ruleset_id", test_players_leaks.RULESETS)
def test_the_page_is_the_same_with_or_without_hidden_combatants(qtbot, ruleset_id, monkeypatch):
    compared: list[int] = []
    real = test_players_leaks.Lockstep.check_alike

    def check_alike(fight: test_players_leaks.Lockstep) -> None:
        real(fight)  # the board and the printouts
        with_, without = page_state(fight.with_.board), page_state(fight.without.board)
        assert with_ == without, f"pages differ: {first_difference(with_, without)}\n" + (
            fight.story()
        )
        compared.append(1)

    monkeypatch.setattr(test_players_leaks.Lockstep, "check_alike", check_alike)
    test_players_leaks.test_the_players_see_the_same_with_or_without_hidden_combatants(
        qtbot, ruleset_id
    )
    assert len(compared) > 20  # the page was compared at every step


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_during_a_hidden_turn_the_page_names_nobody_and_no_hidden_name(qtbot, ruleset_id):
    document = crowd_document(ruleset_id)
    board = PlayersBoard(document, DARK)
    qtbot.addWidget(board)
    hidden = [c.name for c in document.encounter.combatants if c.hidden]
    assert hidden
    play_to_hidden_turn(document)
    assert is_hidden_turn(document)
    state = page_state(board)
    assert state.now.name == NEUTRAL
    sent = json.dumps(json.loads(state.to_json()), ensure_ascii=False)
    assert not [name for name in hidden if name in sent], sent
    visible = [c.name for c in document.encounter.combatants if not c.hidden]
    assert sum(card.name in visible for card in state.turns) >= 1
