"""Edits the GM typed are never lost without a word, and an effect goes where the GM
expects: on the selected combatant (or the one whose turn it is), by the one acting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.qt.conftest import by_name
from tracker.engine import EditCombatant, EndTurn, StartEncounter
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.dialogs.effect_dialog import EffectDialog

Button = QMessageBox.StandardButton


@pytest.fixture
def answer_with(monkeypatch: pytest.MonkeyPatch):
    """Answer the next questions with the given button; returns what was asked."""
    asked: list[str] = []

    def use(button: QMessageBox.StandardButton) -> list[str]:
        def question(_parent, _title, text, *_args, **_kwargs):
            asked.append(text)
            return button

        monkeypatch.setattr(plain_messages, "question", question)
        return asked

    return use


def _type_speed(window, qtbot, name: str, speed: str) -> None:
    window.select_combatant(by_name(window.document, name).id)
    line = window.editor.form.editors["speed"].input
    line.clear()
    qtbot.keyClicks(line, speed)


def test_selecting_another_combatant_asks_and_apply_keeps_the_edit(window, qtbot, answer_with):
    asked = answer_with(Button.Apply)
    _type_speed(window, qtbot, "Thomas", "9")
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert asked and "Thomas" in asked[0] and "Speed" in asked[0]
    assert by_name(window.document, "Thomas").stats["speed"] == 9
    assert window.editor.combatant.name == "Kandor"


def test_cancel_stays_on_the_combatant_with_the_edit_still_typed(window, qtbot, answer_with):
    answer_with(Button.Cancel)
    _type_speed(window, qtbot, "Thomas", "9")
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert window.editor.combatant.name == "Thomas"
    assert window.selected_combatant_id() == by_name(window.document, "Thomas").id
    assert window.editor.form.editors["speed"].input.text() == "9"
    assert by_name(window.document, "Thomas").stats["speed"] != 9


def test_discard_drops_the_edit_and_moves_on(window, qtbot, answer_with):
    answer_with(Button.Discard)
    speed = by_name(window.document, "Thomas").stats["speed"]
    _type_speed(window, qtbot, "Thomas", "9")
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert window.editor.combatant.name == "Kandor"
    assert by_name(window.document, "Thomas").stats["speed"] == speed


def test_no_question_without_unapplied_edits(window, answer_with):
    asked = answer_with(Button.Cancel)
    window.select_combatant(by_name(window.document, "Thomas").id)
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert asked == [] and window.editor.combatant.name == "Kandor"


def test_a_change_from_the_fight_keeps_what_the_gm_is_typing(window, qtbot):
    _type_speed(window, qtbot, "Thomas", "9")
    thomas = by_name(window.document, "Thomas")
    window.document.apply(EditCombatant(thomas.id, {"notes": "hurt"}))
    assert window.editor.form.editors["speed"].input.text() == "9"  # still typed
    assert window.editor.form.editors["notes"].input.toPlainText() == "hurt"  # followed
    assert window.editor.unapplied() == ["Speed"]


def test_an_effect_goes_on_the_selected_one_by_the_one_acting(window, qtbot):
    window.document.apply(StartEncounter())
    acting = window.document.session.current_turn().combatant_id
    kandor = by_name(window.document, "Kandor").id
    window.select_combatant(kandor)
    dialog = EffectDialog(window.document, window.selected_combatant_id(), window)
    qtbot.addWidget(dialog)
    assert dialog.carrier_combo.currentData() == kandor
    assert dialog.creator_combo.currentData() == acting


def test_without_a_selection_the_effect_goes_on_the_one_acting(window, qtbot):
    window.document.apply(StartEncounter())
    window.document.apply(EndTurn())
    acting = window.document.session.current_turn().combatant_id
    assert acting != window.document.encounter.combatants[0].id  # not merely the first
    dialog = EffectDialog(window.document, None, window)
    qtbot.addWidget(dialog)
    assert dialog.carrier_combo.currentData() == acting


def test_the_empty_name_message_goes_once_a_name_is_typed(window, qtbot):
    dialog = EffectDialog(window.document, None, window)
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.error.isVisibleTo(dialog) and "cannot be empty" in dialog.error.text()
    qtbot.keyClicks(dialog.name_edit, "Blessed")
    assert not dialog.error.isVisibleTo(dialog)


def test_enter_in_the_inspector_fills_its_form_once(window, qtbot, monkeypatch):
    """The GM's own edit applied (Enter in the name) fills the form once, with what
    the fight now holds: not once as the change is told and again once it is applied."""
    window.select_combatant(by_name(window.document, "Thomas").id)
    form = window.editor.form
    fills: list[dict] = []
    original = form.set_values

    def set_values(values, keep_edited=False):
        fills.append(dict(values))
        original(values, keep_edited=keep_edited)

    monkeypatch.setattr(form, "set_values", set_values)
    line = form.editors["name"].input
    line.selectAll()
    qtbot.keyClicks(line, "Tomas")
    qtbot.keyClick(line, Qt.Key.Key_Return)

    assert by_name(window.document, "Tomas").id == window.editor.combatant_id
    assert [values["name"] for values in fills] == ["Tomas"]
    assert line.text() == "Tomas" and form.edited() == []
