"""The turn panel asks the ruleset what is legal now (`Ruleset.legal_actions`) and greys
out the rest; it tries an action itself only to say why it is greyed out, when the GM
points at it or presses it: a refresh tries none."""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QEnterEvent, QHelpEvent
from PySide6.QtWidgets import QApplication, QPushButton

from tests.qt.conftest import by_name
from tracker.engine import EditCombatant, RulesetAction, StartEncounter
from tracker.engine.session import Session
from tracker.qt.rich_text import plain_tip


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


def _point_at(widget) -> None:
    """The Enter events Qt sends as the mouse comes over `widget`, a part of an action's
    chip, from outside the chip: the chip's first, then the widget's."""
    for entered in (widget.parentWidget(), widget):
        center = entered.rect().center()
        where = entered.mapToGlobal(center)
        QApplication.sendEvent(entered, QEnterEvent(center, where, where))


def _hover_tip(widget) -> None:
    """The tooltip event Qt sends when the mouse rests on the widget."""
    center = widget.rect().center()
    QApplication.sendEvent(
        widget, QHelpEvent(QEvent.Type.ToolTip, center, widget.mapToGlobal(center))
    )


def _out_of_ap(window) -> None:
    window.document.apply(StartEncounter())
    window.select_combatant(by_name(window.document, "Thomas").id)
    window.document.apply(RulesetAction("spend_ap", None, {"amount": 7}))


def test_a_refresh_asks_no_reason_yet_greys_out_what_is_not_offered(window, monkeypatch):
    panel = window.turn_panel
    _out_of_ap(window)
    tried = _refresh_counting_trials(window, monkeypatch)
    assert tried == []
    assert {"spend_ap", "stand_ready"} <= set(panel.unavailable)
    for name in panel.unavailable:
        assert not panel.action_buttons[name].isEnabled()


def test_pointing_at_a_greyed_action_works_out_its_reason_only(window, monkeypatch):
    panel = window.turn_panel
    palette = panel.palette_widget
    echthra = by_name(window.document, "Echthra")
    name = "<b>Echthra</b>"
    window.document.apply(EditCombatant(echthra.id, {"name": name}))
    _out_of_ap(window)
    tried = _refresh_counting_trials(window, monkeypatch)
    assert tried == []
    chip = palette.chips["spend_ap"]
    asked: list[str] = []
    real = panel._refused

    def refused(spec, target):
        asked.append(spec.name)
        return real(spec, target)

    monkeypatch.setattr(panel, "_refused", refused)
    window.document.encounter.memo = None
    panel.refresh()
    _point_at(chip.button)
    reason = f"{name} has no AP left this Turn."
    assert palette.reason_label.full_text() == f"Spend AP: {reason}"
    _hover_tip(chip.button)
    assert asked == ["spend_ap"]  # the action pointed at, once
    tip = QPushButton.toolTip(chip.button)  # as Qt shows it, not worked out on reading
    assert tip == plain_tip(f"Not now: {reason}")
    assert "&lt;b&gt;" in tip  # the name shows as typed, not in bold


def test_the_tooltip_of_a_greyed_action_shows_its_reason_when_hovered(window):
    panel = window.turn_panel
    _out_of_ap(window)
    button = panel.palette_widget.chips["stand_ready"].button
    _point_at(button)  # the mouse comes over it, then rests there
    _hover_tip(button)
    expected = "Not now: Echthra has no AP left to hold in reserve."
    assert QPushButton.toolTip(button) == expected


def test_pressing_a_greyed_action_still_tells_why(window, qtbot, monkeypatch):
    panel = window.turn_panel
    _out_of_ap(window)
    tried = _refresh_counting_trials(window, monkeypatch)
    assert tried == []
    before = window.document.encounter.to_dict()
    index = list(panel.action_buttons).index("spend_ap")
    qtbot.keyClick(window, Qt.Key.Key_1 + index, Qt.KeyboardModifier.AltModifier)
    assert window.banner.isVisible()
    assert window.banner.label.text() == "Echthra has no AP left this Turn."
    assert window.document.encounter.to_dict() == before


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
