"""The turn panel asks the ruleset what is legal now (`Ruleset.legal_actions`) and tries
an action itself only to say why it is greyed out: one trial per greyed action."""

from __future__ import annotations

import sys

from tests.qt.conftest import by_name
from tracker.engine import RulesetAction, StartEncounter
from tracker.engine.session import Session


def _refresh_counting_trials(window, monkeypatch) -> list[str]:
    """Refresh the panel from scratch; the actions the panel tried itself."""
    tried: list[str] = []
    panel_module = "tracker.qt.widgets.turn_panel"
    real = Session.refusal

    def counting(session, command):
        caller = sys._getframe(1)  # who asks: the panel, or the ruleset's own trials
        if caller.f_code.co_name == "refusal":  # through remembered_refusal: its caller
            caller = sys._getframe(2)
        if caller.f_globals.get("__name__") == panel_module and isinstance(command, RulesetAction):
            tried.append(command.action)
        return real(session, command)

    monkeypatch.setattr(Session, "refusal", counting)
    window.document.encounter.memo = None  # nothing worked out before
    window.turn_panel.refresh()
    monkeypatch.setattr(Session, "refusal", real)
    return tried


def test_only_the_greyed_out_actions_are_tried_for_their_reason(window, monkeypatch):
    panel = window.turn_panel
    window.document.apply(StartEncounter())
    window.select_combatant(by_name(window.document, "Thomas").id)
    window.document.apply(RulesetAction("spend_ap", None, {"amount": 7}))
    tried = _refresh_counting_trials(window, monkeypatch)
    assert sorted(tried) == sorted(panel.unavailable)
    assert {"spend_ap", "stand_ready"} <= set(panel.unavailable)
    assert panel.unavailable["spend_ap"] == "Echthra has no AP left this Turn."


def test_what_the_ruleset_offers_is_enabled_without_a_trial(window, monkeypatch):
    panel = window.turn_panel
    window.document.apply(StartEncounter())
    window.select_combatant(by_name(window.document, "Thomas").id)
    tried = _refresh_counting_trials(window, monkeypatch)
    offered = {
        legal.action for legal in window.document.ruleset.legal_actions(window.document.encounter)
    }
    assert offered & set(panel.action_buttons)
    for name in offered & set(panel.action_buttons):
        assert panel.action_buttons[name].isEnabled()
        assert name not in tried
