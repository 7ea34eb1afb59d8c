"""The state at a step of the undo history is the same whenever the history is back
there: an undo or a redo finds what the rules allow as the turn panel found it then,
trying nothing again; a change applied after an undo replaces the steps undone."""

from __future__ import annotations

import pytest

from tests.qt.conftest import by_name
from tests.qt.test_turn_panel_words import _counting, _greyed
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.qt.main_window import MainWindow


def test_undo_and_redo_of_end_turn_ask_the_rules_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = window.document
    document.apply(StartEncounter())
    window.select_combatant(by_name(document, "Thomas").id)
    before = _greyed(window)
    assert document.apply(EndTurn())
    after = _greyed(window)
    asked = _counting(window, monkeypatch)

    document.undo_stack.undo()
    assert _greyed(window) == before
    document.undo_stack.redo()
    assert _greyed(window) == after

    assert asked == []


def test_a_change_after_an_undo_is_worked_out_afresh(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = window.document
    document.apply(StartEncounter())
    window.select_combatant(by_name(document, "Thomas").id)
    assert document.apply(EndTurn())
    document.undo_stack.undo()
    window.select_combatant(by_name(document, "Thomas").id)
    asked = _counting(window, monkeypatch)

    # The same step of the history as the End Turn undone, another state.
    assert document.apply(RulesetAction("spend_ap", None, {"amount": 7}))

    assert asked.count("legal") == 1
    assert not window.turn_panel.action_buttons["spend_ap"].isEnabled()  # none left
