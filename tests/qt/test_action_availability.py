"""The turn panel offers only what the state allows: an action the rules would refuse is
greyed out, says why on hover, and its key says why in the banner; nothing changes."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.qt.conftest import by_name
from tracker.engine import RulesetAction, StartEncounter


def _reason(panel, name: str) -> str:
    button = panel.action_buttons[name]
    assert not button.isEnabled()
    assert button.toolTip() == f"Not now: {panel.unavailable[name]}"
    return panel.unavailable[name]


def test_before_the_war_turn_actions_wait_for_a_turn(window):
    panel = window.turn_panel
    assert _reason(panel, "spend_ap") == "There is no current turn: start the encounter first."
    assert not panel.end_turn_button.isEnabled()


def test_actions_on_the_selected_combatant_need_a_selection(window):
    panel = window.turn_panel
    window.document.apply(StartEncounter())
    window.roster_view.selectionModel().clearCurrentIndex()
    assert _reason(panel, "bonus_ap") == "Select a combatant first."
    window.select_combatant(by_name(window.document, "Thomas").id)
    assert panel.action_buttons["bonus_ap"].isEnabled()


def test_spending_every_ap_greys_out_spending_with_the_rules_reason(window, qtbot):
    panel = window.turn_panel
    window.document.apply(StartEncounter())
    assert panel.action_buttons["spend_ap"].isEnabled()
    window.document.apply(RulesetAction("spend_ap", None, {"amount": 7}))
    assert _reason(panel, "spend_ap") == "Echthra has no AP left this Turn."
    assert _reason(panel, "stand_ready") == "Echthra has no AP left to hold in reserve."
    before = window.document.encounter.to_dict()
    index = list(panel.action_buttons).index("spend_ap")
    qtbot.keyClick(window, Qt.Key.Key_1 + index, Qt.KeyboardModifier.AltModifier)
    assert panel.trigger("spend_ap") is False
    assert window.banner.isVisible()
    assert window.banner.label.text() == "Echthra has no AP left this Turn."
    assert window.document.encounter.to_dict() == before
    window.document.undo_stack.undo()  # the AP come back, and so does the button
    assert panel.action_buttons["spend_ap"].isEnabled()
    assert "spend_ap" not in panel.unavailable
