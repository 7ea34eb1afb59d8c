"""A change of the GM's words alone (a rename, a note) cannot alter what the rules
allow: the turn panel keeps what it found and asks the ruleset nothing again; any other
change has it work the legal actions out anew, once."""

from __future__ import annotations

from collections.abc import Collection

import pytest

from tests.qt.conftest import by_name
from tracker.engine import (
    Command,
    CommandError,
    EditCombatant,
    EndTurn,
    RulesetAction,
    StartEncounter,
)
from tracker.engine.ruleset import AnyRuleset, LegalAction
from tracker.engine.session import Session
from tracker.engine.state import Encounter
from tracker.qt.main_window import MainWindow


def _counting(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, what the panel asks: "legal" for each `legal_actions`, "end" for
    each trial of End Turn."""
    asked: list[str] = []
    ruleset = window.document.ruleset
    real_legal = type(ruleset).legal_actions
    real_refusal = Session.refusal

    def legal(
        self: AnyRuleset, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        asked.append("legal")
        return real_legal(self, encounter, targets)

    def refusal(session: Session, command: Command) -> CommandError | None:
        if isinstance(command, EndTurn):
            asked.append("end")
        return real_refusal(session, command)

    monkeypatch.setattr(type(ruleset), "legal_actions", legal)
    monkeypatch.setattr(Session, "refusal", refusal)
    return asked


def _greyed(window: MainWindow) -> dict[str, bool]:
    buttons = window.turn_panel.action_buttons
    return {name: button.isEnabled() for name, button in buttons.items()}


def test_a_rename_or_a_note_asks_the_rules_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = window.document
    document.apply(StartEncounter())
    thomas = by_name(document, "Thomas").id
    window.select_combatant(thomas)
    before = _greyed(window)
    end_before = window.turn_panel.end_turn_button.isEnabled()
    asked = _counting(window, monkeypatch)
    assert document.apply(EditCombatant(thomas, {"name": "Tomas"}))
    assert document.apply(EditCombatant(thomas, {"notes": "limps"}))
    assert asked == []
    assert _greyed(window) == before
    assert window.turn_panel.end_turn_button.isEnabled() == end_before
    caption = window.turn_panel.palette_widget.selected_caption
    assert caption is not None and "Tomas" in caption.text()


def test_any_other_change_works_the_legal_actions_out_again_once(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = window.document
    document.apply(StartEncounter())
    window.select_combatant(by_name(document, "Thomas").id)
    asked = _counting(window, monkeypatch)
    assert document.apply(RulesetAction("spend_ap", None, {"amount": 7}))
    assert asked.count("legal") == 1
    assert not window.turn_panel.action_buttons["spend_ap"].isEnabled()  # none left
