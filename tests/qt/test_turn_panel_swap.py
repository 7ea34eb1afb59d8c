"""Another encounter in the turn panel: of the same rules, its action buttons are kept
(building them again took 50-80 ms of the swap, issue 26) and their inputs are back to
their defaults; of other rules, they are built afresh."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from tracker.engine import AddCombatant, Session
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.turn_panel import TurnPanel


def _session(ruleset_id: str) -> Session:
    session = Session.new("Bridge", ruleset_id)
    session.apply(AddCombatant("Ayla", "party"))
    return session


def _spin(panel: TurnPanel, document: EncounterDocument) -> tuple[str, str, QSpinBox, int]:
    """An action's number input: (action, field, widget, default)."""
    for spec in document.ruleset.actions:
        for field in spec.params:
            widget = panel.action_inputs.get(spec.name, {}).get(field.name)
            if isinstance(widget, QSpinBox):
                return spec.name, field.name, widget, int(field.default)
    raise AssertionError("no number input")


def test_a_fight_of_the_same_rules_keeps_the_buttons_and_resets_the_inputs(qtbot):
    document = EncounterDocument(_session("classic_d20"))
    panel = TurnPanel(document, lambda: None)
    qtbot.addWidget(panel)
    buttons = dict(panel.action_buttons)
    _action, _field, spin, default = _spin(panel, document)
    spin.setValue(default + 3)
    document.replace_session(_session("classic_d20"))
    assert panel.action_buttons == buttons
    assert spin.value() == default
    document.replace_session(_session("war_scroll"))
    assert set(panel.action_buttons) != set(buttons)
    assert not set(panel.action_buttons.values()) & set(buttons.values())
