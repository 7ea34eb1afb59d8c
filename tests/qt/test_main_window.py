"""The game master's flows through the main window, driven as a user would."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox

from tests.qt.conftest import add_through_form, by_name, names
from tests.qt.priority_fixtures import displayed
from tracker.engine import AddEffect, EndTurn, StartEncounter
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.dialogs.new_encounter import NewEncounterDialog
from tracker.qt.dialogs.options_dialog import OptionsDialog
from tracker.qt.models.id_drags import MIME_TYPE
from tracker.qt.widgets.field_editors import FieldForm


def test_opens_on_the_sample_war_scroll(window):
    assert window.document.encounter.name == "Ambush at the Ruined Chapel"
    assert names(window.document)[:4] == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]
    grid = window.central_view.grid_model
    assert grid.rowCount() == 8
    assert "Ambush at the Ruined Chapel" in window.windowTitle()


def test_add_duplicate_and_remove_combatants(window, qtbot):
    before = len(window.document.encounter.combatants)
    assert add_through_form(window) == ["Enemy 1"]
    assert len(window.document.encounter.combatants) == before + 1
    added = window.selected_combatant_id()
    assert window.document.encounter.combatant(added).name == "Enemy 1"
    window.actions_by_name["duplicate"].trigger()
    assert "Enemy 2" in names(window.document)
    window.select_combatant(by_name(window.document, "Shade").id)
    window.actions_by_name["remove"].trigger()
    assert "Shade" not in names(window.document)
    assert len(window.document.encounter.combatants) == before + 1


def _editor_field(window, name: str) -> QLineEdit:
    return window.editor.form.editors[name].input


def _error_text(window, name: str) -> str:
    label: QLabel = window.editor.form.editors[name].error
    return label.text() if label.isVisibleTo(window) else ""


def test_editor_refuses_bad_values_next_to_the_field(window, qtbot):
    thomas = by_name(window.document, "Thomas")
    window.select_combatant(thomas.id)
    before = window.document.encounter.to_dict()
    depth = window.document.undo_stack.count()
    cases = [
        ("speed", "fast", "Speed must be a whole number, not 'fast'."),
        ("speed", "-3", "Speed must be between 0 and 60; -3 is out of range."),
        ("speed", "500", "Speed must be between 0 and 60; 500 is out of range."),
        ("name", "   ", "Name cannot be empty."),
    ]
    for field, typed, message in cases:
        qtbot.mouseClick(window.editor.revert_button, Qt.MouseButton.LeftButton)
        line_edit = _editor_field(window, field)
        line_edit.clear()
        qtbot.keyClicks(line_edit, typed)
        qtbot.mouseClick(window.editor.apply_button, Qt.MouseButton.LeftButton)
        assert _error_text(window, field) == message
        assert window.document.encounter.to_dict() == before
        assert window.document.undo_stack.count() == depth


def test_editor_applies_good_values_and_undo_restores(window, qtbot):
    kandor = by_name(window.document, "Kandor")
    window.select_combatant(kandor.id)
    speed = _editor_field(window, "speed")
    speed.clear()
    qtbot.keyClicks(speed, "20")
    qtbot.keyClick(speed, Qt.Key.Key_Return)
    assert kandor.stats["speed"] == 20
    assert _error_text(window, "speed") == ""
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert kandor.stats["speed"] == 11
    assert speed.text() == "11"


def test_a_rename_in_the_editor_reaches_the_effects_captions_and_undo_brings_it_back(window, qtbot):
    """The selection stays on a renamed combatant: the effects panel's caption names it
    as it is now, also after Ctrl+Z."""
    kandor = by_name(window.document, "Kandor")
    window.select_combatant(kandor.id)
    caption = window.effects_panel.caption
    assert caption.text() == "Effects on or by Kandor"
    name = _editor_field(window, "name")
    name.clear()
    qtbot.keyClicks(name, "Kandor <the Bold>")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert caption.text() == "Effects on or by Kandor <the Bold>"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert caption.text() == "Effects on or by Kandor"


def test_space_ends_the_turn_but_not_while_typing_a_name(window, qtbot):
    before = window.document.encounter.to_dict()
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Start
    assert (
        window.document.session.current_turn().combatant_id
        == by_name(window.document, "Echthra").id
    )
    window.roster_view.setFocus()
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Space)
    current = window.document.session.current_turn()
    assert current.combatant_id == by_name(window.document, "Tirzaiel").id
    assert displayed(window.turn_panel.turn_label) == "▶ Tirzaiel: 7 AP"
    window.select_combatant(by_name(window.document, "Thomas").id)
    name = _editor_field(window, "name")
    name.setFocus()
    qtbot.keyClick(name, Qt.Key.Key_Space)
    assert name.text() == "Thomas "
    assert window.document.session.current_turn() == current
    for _ in range(2):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.encounter.to_dict() == before
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert (
        window.document.session.current_turn().combatant_id
        == by_name(window.document, "Echthra").id
    )


def test_turn_actions_from_the_panel(window, qtbot):
    panel = window.turn_panel
    window.document.apply(StartEncounter())
    panel.action_inputs["spend_ap"]["amount"].setValue(3)
    qtbot.mouseClick(panel.action_buttons["spend_ap"], Qt.MouseButton.LeftButton)
    assert window.document.encounter.clock.spent == 3
    assert displayed(panel.turn_label) == "▶ Echthra: 7 AP, 4 left"
    panel.action_inputs["spend_ap"]["amount"].setValue(5)
    qtbot.mouseClick(panel.action_buttons["spend_ap"], Qt.MouseButton.LeftButton)
    assert window.document.encounter.clock.spent == 3
    assert window.banner.isVisible() and "only 4 AP left" in window.banner.label.text()
    # Bonus AP to the selected combatant's current Turn (Echthra holds it).
    window.select_combatant(by_name(window.document, "Echthra").id)
    panel.action_inputs["bonus_ap"]["amount"].setValue(2)
    qtbot.mouseClick(panel.action_buttons["bonus_ap"], Qt.MouseButton.LeftButton)
    assert window.document.session.current_turn().values["ap"] == 9
    qtbot.mouseClick(panel.action_buttons["rest"], Qt.MouseButton.LeftButton)
    assert (
        window.document.session.current_turn().combatant_id
        == by_name(window.document, "Tirzaiel").id
    )


def test_effect_added_in_dialog_expires_with_an_announcement(window, qtbot):
    document = window.document
    document.apply(StartEncounter())
    thomas = by_name(document, "Thomas")
    dialog = EffectDialog(document, thomas.id, window)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Blessed")
    dialog.duration_form.editors["cycles"].input.setText("1")
    dialog.accept()
    assert [e.name for e in document.encounter.effects] == ["Blessed"]
    assert (
        window.effects_model.index(0, 3)
        .data()
        .startswith("ends at the end of Echthra's Segment 1 Turn in Cycle 2")
    )
    turns_per_cycle = 18  # 8 in Segment 1, 2 in Segment 2, 8 in Segment A
    for _ in range(turns_per_cycle):
        document.apply(EndTurn())
    turn = document.session.current_turn()
    assert (turn.round, turn.phase) == (2, "Segment 1")  # Echthra's Turn, as when added
    assert document.encounter.effects
    assert not window.banner.isVisible() or window.banner.kind != "expiry"
    document.apply(EndTurn())
    assert document.encounter.effects == []
    assert window.banner.isVisible() and window.banner.kind == "expiry"
    assert "Blessed on Thomas expired" in window.banner.label.text()
    texts = [(entry.kind, entry.text) for entry in document.encounter.log[-3:]]
    assert texts == [
        ("turn", "Echthra's Turn ends, 7 AP unspent."),
        ("expiry", "Blessed on Thomas expired."),
        ("turn", "Tirzaiel's Turn: Segment 1, 7 AP."),
    ]
    document.undo_stack.undo()
    assert [e.name for e in document.encounter.effects] == ["Blessed"]


def test_effect_dialog_refuses_bad_duration(window, qtbot):
    dialog = EffectDialog(window.document, None, window)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Blessed")
    dialog.duration_form.editors["cycles"].input.setText("0")
    dialog.accept()
    assert window.document.encounter.effects == []
    assert dialog.duration_form.editors["cycles"].error.text() == (
        "Cycles must be between 1 and 99; 0 is out of range."
    )
    dialog.duration_form.editors["cycles"].input.setText("2")
    dialog.name_edit.setText("")
    dialog.accept()
    assert dialog.error.text() == "Effect name cannot be empty."


def test_every_option_can_be_set_per_encounter(window, qtbot):
    ruleset = window.document.ruleset
    dialog = OptionsDialog(window.document, window)
    qtbot.addWidget(dialog)
    # The ruleset's options, then those every encounter has (skipping the defeated).
    assert set(dialog.buttons) == {choice.name for choice in ruleset.choices()}
    assert "skip_defeated" in dialog.buttons
    for choice in ruleset.choices():
        assert dialog.chosen(choice.name) == choice.values[0][0]
        assert dialog.buttons[choice.name][choice.values[0][0]].text().endswith("(default)")
        dialog.buttons[choice.name][choice.values[-1][0]].click()
    dialog.accept()
    for choice in ruleset.choices():
        assert window.document.encounter.options[choice.name] == choice.values[-1][0]


def test_new_encounter_dialog_creates_an_empty_encounter(window, qtbot):
    dialog = NewEncounterDialog(window)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("war_scroll"))
    dialog.name_edit.setText("")
    dialog.accept()
    assert dialog.session is None and "cannot be empty" in dialog.error.text()
    dialog.name_edit.setText("Skirmish")
    dialog.accept()
    assert dialog.session is not None
    window.replace_session(dialog.session, None)
    assert window.document.encounter.name == "Skirmish"
    assert window.roster_model.rowCount() == 0
    assert window.central_view.grid_model.rowCount() == 0


def test_save_and_open_round_trip(window, tmp_path):
    document = window.document
    document.apply(StartEncounter())
    document.apply(EndTurn())
    document.apply(AddEffect("Shielded", by_name(document, "Kandor").id, None, {"cycles": 2}))
    path = tmp_path / "ambush.json"
    assert window.save_to(path)
    assert document.undo_stack.is_clean() and "ambush.json" in window.windowTitle()
    saved = document.encounter.to_dict()
    document.apply(EndTurn())
    document.undo_stack.set_clean()
    assert window.open_path(path)
    assert window.document.encounter.to_dict() == saved
    assert window.roster_model.rowCount() == 8


def test_damaged_file_gets_a_clear_error_and_is_not_overwritten(window, tmp_path, monkeypatch):
    warnings: list[str] = []
    monkeypatch.setattr(
        plain_messages, "warning", lambda _parent, _title, text: warnings.append(text)
    )
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "tracker-encounter", "schema_ver', encoding="utf-8")
    before = window.document.encounter.to_dict()
    assert not window.open_path(damaged)
    assert "damaged" in warnings[0]
    assert window.document.encounter.to_dict() == before
    asked: list[str] = []

    def decline() -> None:  # Save asks before replacing a file it cannot open: No
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):  # the save's own steps run events first
            QTimer.singleShot(10, decline)
            return
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(0, decline)
    assert not window.save_to(damaged)
    assert "Replace “damaged.json”" in asked[0]
    assert damaged.read_text(encoding="utf-8") == '{"format": "tracker-encounter", "schema_ver'


def test_drop_on_the_roster_moves_ties_once(window):
    model = window.roster_model
    shade2 = by_name(window.document, "Shade 2").id
    row = model.row_of(shade2)
    mime = model.mimeData([model.index(row, 0)])
    assert mime.hasFormat(MIME_TYPE)
    # The view's internal drop: returns False so the view never deletes the source.
    assert not model.dropMimeData(mime, Qt.DropAction.MoveAction, row - 1, 0, QModelIndex())
    assert model.row_of(shade2) == row - 1
    assert names(window.document).count("Shade 2") == 1
    assert len(window.document.encounter.combatants) == 8


def test_the_toolbar_keeps_its_width_whatever_there_is_to_undo(window, qtbot):
    from PySide6.QtWidgets import QToolBar, QToolButton

    from tracker.engine import EditCombatant

    toolbar = window.findChild(QToolBar, "play_toolbar")
    undo_button = toolbar.widgetForAction(window.actions_by_name["undo"])
    assert isinstance(undo_button, QToolButton)
    width = toolbar.sizeHint().width()
    shade = by_name(window.document, "Shade")
    window.document.apply(EditCombatant(shade.id, {"name": "A very long name indeed, truly"}))
    qtbot.wait(1)
    assert window.actions_by_name["undo"].toolTip() == "Undo Edit Shade"  # said in full
    assert undo_button.text() == "Undo"
    assert toolbar.sizeHint().width() == width


def test_an_encounter_of_the_same_ruleset_keeps_the_editor_form_emptied(window, qtbot):
    """Opening a fight of the same ruleset reuses the editor's form (building it was most
    of what an open cost the window) and shows nothing of the fight it replaced; another
    ruleset gets a form of its own fields."""
    editor = window.editor
    form = editor.form
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert editor.form.editors["name"].input.text() == "Kandor"
    dialog = NewEncounterDialog(window)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("war_scroll"))
    dialog.name_edit.setText("Skirmish")
    dialog.accept()
    assert dialog.session is not None
    window.replace_session(dialog.session, None)
    assert editor.form is form
    fields = tuple(e.field for e in form.editors.values())
    fresh = FieldForm(fields, multiline=frozenset({"notes"}))
    qtbot.addWidget(fresh)
    shown = {name: e.raw_value() for name, e in form.editors.items()}
    assert shown == {name: e.raw_value() for name, e in fresh.editors.items()}
    assert not form.isEnabled() and form.untouched()

    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("priority"))
    dialog.name_edit.setText("Duel")
    dialog.accept()
    assert dialog.session is not None
    window.replace_session(dialog.session, None)
    assert editor.form is not form
    assert [e.field for e in editor.form.editors.values()][-1] in (
        window.document.ruleset.stat_fields
    )
