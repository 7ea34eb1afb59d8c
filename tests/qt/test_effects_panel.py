"""The GM's effects panel pieces: editing an effect in `EffectDialog`, and the effects
model making effects that end this turn or the next stand out.

The War Scroll sample's Cycle 1 (18 Turns): Segment 1: Echthra, Tirzaiel, Thomas,
Kandor, Fallen Watcher, Shade, Shade 2, Lurking Nephil · Segment 2: Echthra, Tirzaiel ·
Segment A: the eight again.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from tests.qt.conftest import by_name
from tests.qt.table_size import painted_by, table_window
from tests.qt.test_players_proxies import Players
from tracker.engine import (
    AddEffect,
    EditEffect,
    EndEffect,
    EndTurn,
    RemoveCombatant,
    RenameEncounter,
    StartEncounter,
)
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.models.effects_model import EffectRole, EffectsModel, EndsSoonRole

Role = Qt.ItemDataRole


def add_effect(document, name, carrier, creator=None, notes="", **duration) -> str:
    creator_id = by_name(document, creator).id if creator else None
    carrier_id = by_name(document, carrier).id
    assert document.apply(AddEffect(name, carrier_id, creator_id, duration, notes))
    return document.encounter.effects[-1].id


def edit_dialog(document, qtbot, effect_id) -> EffectDialog:
    dialog = EffectDialog(document, None, None, effect_id=effect_id)
    qtbot.addWidget(dialog)
    return dialog


def whose_turn(document) -> tuple[int, str]:
    turn = document.session.current_turn()
    return (turn.round, document.encounter.combatant(turn.combatant_id).name)


@pytest.fixture
def blessed(document):
    """The War begun (Echthra's Segment 1 Turn of Cycle 1) and Blessed, 1 Cycle, by
    Echthra, on Thomas."""
    assert document.apply(StartEncounter())
    return add_effect(document, "Blessed", "Thomas", "Echthra", notes="+1 to rolls", cycles=1)


# --- editing -----------------------------------------------------------------------------
def test_the_edit_dialog_is_filled_in_from_the_effect(document, qtbot, blessed):
    dialog = edit_dialog(document, qtbot, blessed)
    assert dialog.windowTitle() == "Edit effect"
    assert dialog.name_edit.text() == "Blessed"
    assert dialog.carrier_combo.currentData() == by_name(document, "Thomas").id
    assert dialog.creator_combo.currentData() == by_name(document, "Echthra").id
    assert dialog.duration_form.editors["cycles"].input.text() == "1"
    assert not dialog.duration_form.editors["ongoing_song"].input.isChecked()
    assert dialog.notes_edit.text() == "+1 to rolls"
    add = EffectDialog(document, None, None)
    qtbot.addWidget(add)
    assert add.windowTitle() == "Add effect" and add.notes_edit.text() == ""


def test_rename_in_the_dialog_applies_only_the_name(document, qtbot, blessed):
    model = EffectsModel(document)
    dialog = edit_dialog(document, qtbot, blessed)
    dialog.name_edit.setText("Aegis")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert document.session.history[-1].command == EditEffect(blessed, {"name": "Aegis"})
    assert document.undo_stack.undo_text() == "Edit Blessed"
    assert model.index(0, 0).data() == "Aegis"
    assert document.encounter.log[-1].text == "Blessed on Thomas: renamed to Aegis."


def test_a_new_duration_in_the_dialog_counts_from_now(document, qtbot, blessed):
    model = EffectsModel(document)
    document.apply(EndTurn())
    document.apply(EndTurn())
    assert whose_turn(document) == (1, "Thomas")
    dialog = edit_dialog(document, qtbot, blessed)
    dialog.duration_form.editors["cycles"].input.setText("2")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert document.session.history[-1].command == EditEffect(blessed, {"duration": {"cycles": 2}})
    assert model.index(0, 3).data() == (
        "ends at the end of Thomas's Segment 1 Turn in Cycle 3 (2 Cycles left)"
    )


def test_a_new_carrier_and_notes_in_the_dialog(document, qtbot, blessed):
    model = EffectsModel(document)
    dialog = edit_dialog(document, qtbot, blessed)
    kandor = by_name(document, "Kandor").id
    dialog.carrier_combo.setCurrentIndex(dialog.carrier_combo.findData(kandor))
    dialog.notes_edit.setText("+2 to rolls")
    dialog.accept()
    assert document.session.history[-1].command == EditEffect(
        blessed, {"carrier_id": kandor, "notes": "+2 to rolls"}
    )
    assert model.index(0, 1).data() == "Kandor"
    assert model.index(0, 0).data(EffectRole).notes == "+2 to rolls"


def test_ok_without_changes_just_closes(document, qtbot, blessed):
    history = len(document.session.history)
    dialog = edit_dialog(document, qtbot, blessed)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert len(document.session.history) == history


def test_refusals_are_shown_in_the_dialog_and_change_nothing(document, qtbot, blessed):
    before = document.encounter.to_dict()
    dialog = edit_dialog(document, qtbot, blessed)
    # The engine refuses: an Ongoing Song needs its Minstrel.
    dialog.creator_combo.setCurrentIndex(dialog.creator_combo.findData(None))
    dialog.duration_form.editors["ongoing_song"].input.setChecked(True)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.text() == "An Ongoing Song needs its Minstrel as the creator."
    assert not dialog.error.isHidden()
    assert document.encounter.to_dict() == before
    # A bad value is explained next to its field.
    dialog.duration_form.editors["ongoing_song"].input.setChecked(False)
    dialog.duration_form.editors["cycles"].input.setText("0")
    dialog.accept()
    assert dialog.duration_form.editors["cycles"].error.text() == (
        "Cycles must be between 1 and 99; 0 is out of range."
    )
    dialog.duration_form.editors["cycles"].input.setText("1")
    dialog.name_edit.setText(" ")
    dialog.accept()
    assert dialog.error.text() == "Effect name cannot be empty."
    assert document.encounter.to_dict() == before


def test_an_effect_that_ended_meanwhile_is_refused_in_the_dialog(document, qtbot, blessed):
    dialog = edit_dialog(document, qtbot, blessed)
    assert document.apply(EndEffect(blessed))
    before = document.encounter.to_dict()
    dialog.name_edit.setText("Aegis")
    dialog.accept()
    assert dialog.error.text() == f"No active effect with id '{blessed}'."
    assert document.encounter.to_dict() == before


def test_undo_restores_the_effect_as_it_was(document, qtbot, blessed):
    model = EffectsModel(document)
    before = document.encounter.to_dict()
    remaining = model.index(0, 3).data()
    dialog = edit_dialog(document, qtbot, blessed)
    dialog.name_edit.setText("Aegis")
    dialog.carrier_combo.setCurrentIndex(
        dialog.carrier_combo.findData(by_name(document, "Kandor").id)
    )
    dialog.duration_form.editors["cycles"].input.setText("3")
    dialog.accept()
    after = document.encounter.to_dict()
    assert model.index(0, 3).data() != remaining
    document.undo_stack.undo()
    assert document.encounter.to_dict() == before
    assert [model.index(0, c).data() for c in range(4)] == [
        "Blessed",
        "Thomas",
        "Echthra",
        remaining,
    ]
    document.undo_stack.redo()
    assert document.encounter.to_dict() == after
    assert model.index(0, 0).data() == "Aegis"


def test_a_departed_creator_stays_unless_changed(document, qtbot, blessed):
    assert document.apply(RemoveCombatant(by_name(document, "Echthra").id))
    dialog = edit_dialog(document, qtbot, blessed)
    assert dialog.creator_combo.currentText() == "(left the encounter)"
    dialog.name_edit.setText("Aegis")
    dialog.accept()
    assert document.session.history[-1].command == EditEffect(blessed, {"name": "Aegis"})


def test_notes_given_when_adding(document, qtbot):
    dialog = EffectDialog(document, by_name(document, "Kandor").id, None)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Shielded")
    dialog.notes_edit.setText("cover")
    dialog.accept()
    effect = document.encounter.effects[-1]
    assert (effect.name, effect.notes) == ("Shielded", "cover")


# --- ending soon -------------------------------------------------------------------------
def soon_rows(model) -> list[str]:
    return [model.index(r, 0).data() for r in range(model.rowCount()) if model.ends_soon(r)]


def three_effects(document) -> None:
    """Now / Next / Later, 1 Cycle each, added during Echthra's, Tirzaiel's and Thomas's
    Segment 1 Turns of Cycle 1: they end with those Turns of Cycle 2."""
    assert document.apply(StartEncounter())
    for name in ("Now", "Next", "Later"):
        add_effect(document, name, "Kandor", None, cycles=1)
        document.apply(EndTurn())


def test_effects_ending_this_turn_or_the_next_stand_out(document, qtbot):
    model = EffectsModel(document)
    three_effects(document)
    assert soon_rows(model) == []
    for _ in range(14):  # to Lurking Nephil's Segment A Turn, the last of Cycle 1
        document.apply(EndTurn())
    assert whose_turn(document) == (1, "Lurking Nephil")
    assert soon_rows(model) == ["Now"]  # it ends with the next Turn
    repainted: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, *_: repainted.append((top.row(), bottom.row())))
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    document.apply(EndTurn())
    assert whose_turn(document) == (2, "Echthra")
    assert soon_rows(model) == ["Now", "Next"]
    assert repainted == [(0, 2)] and resets == []

    now, nxt, later = (model.index(r, 0) for r in range(3))
    assert now.data(EndsSoonRole) is True and later.data(EndsSoonRole) is False
    for index in (now, nxt, model.index(1, 3)):
        assert index.data(Role.BackgroundRole).color().name() == "#ffcf66"
        assert index.data(Role.ForegroundRole).color().name() == "#000000"
        assert index.data(Role.FontRole).bold()
        assert "Ends this turn or the next" in index.data(Role.ToolTipRole)
    assert model.index(1, 3).data(Role.ToolTipRole).startswith("ends at the end of Tirzaiel's")
    assert later.data(Role.BackgroundRole) is None and later.data(Role.FontRole) is None
    assert later.data(Role.ForegroundRole) is None
    assert later.data(Role.ToolTipRole) == "Later"

    document.apply(EndTurn())  # "Now" expires
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["Next", "Later"]
    assert soon_rows(model) == ["Next", "Later"]
    document.apply(EndTurn())
    assert soon_rows(model) == ["Later"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert soon_rows(model) == ["Now", "Next"]


def test_an_edit_can_make_an_effect_stand_out_or_not(document, qtbot):
    model = EffectsModel(document)
    three_effects(document)
    for _ in range(15):
        document.apply(EndTurn())
    assert soon_rows(model) == ["Now", "Next"]
    repainted: list[int] = []
    model.dataChanged.connect(lambda top, *_: repainted.append(top.row()))
    assert document.apply(EditEffect(document.encounter.effects[0].id, {"duration": {"cycles": 2}}))
    assert soon_rows(model) == ["Next"] and repainted


def test_only_clock_effect_or_combatant_changes_repaint(document, qtbot):
    model = EffectsModel(document)
    three_effects(document)
    repainted: list[int] = []
    model.dataChanged.connect(lambda top, *_: repainted.append(top.row()))
    assert document.apply(RenameEncounter("Ambush at the ford"))
    assert repainted == []


def test_the_model_passes_qtmodeltester_with_effects_ending_soon(document, qtmodeltester):
    model = EffectsModel(document)
    three_effects(document)
    for _ in range(15):
        document.apply(EndTurn())
    assert soon_rows(model)
    qtmodeltester.check(model, force_py=True)
    document.apply(EndTurn())
    qtmodeltester.check(model, force_py=True)


def test_the_players_follow_a_new_carrier_or_creator(document, qtbot, blessed):
    players = Players(document)
    assert players.effects_proxy.rowCount() == 1
    assert document.apply(EditEffect(blessed, {"carrier_id": by_name(document, "Shade").id}))
    assert players.effects_proxy.rowCount() == 0  # on an enemy now
    nephil = by_name(document, "Lurking Nephil").id  # hidden
    thomas = by_name(document, "Thomas").id
    assert document.apply(EditEffect(blessed, {"carrier_id": thomas, "creator_id": nephil}))
    assert players.effects_proxy.rowCount() == 0  # made by a hidden combatant
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert players.effects_proxy.rowCount() == 1
    assert players.effects_proxy.index(0, 0).data() == "Blessed"


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "initiative_ticks"])
def test_the_effects_of_another_combatant_are_laid_out_with_the_selection(
    qtbot, tmp_path, ruleset_id
):
    """The effects' rows of the combatant selected are laid out as it is selected: left
    to Qt's timer of 0 ms, the layout came after the window's paint (an add, a removal)
    and repainted them all in a paint of their own."""
    windows = table_window(qtbot, tmp_path / "journal", ruleset_id, selected=1)
    window = next(windows)
    panel = window.effects_panel

    def shown() -> list[str]:
        effects = (panel.effect_at(row) for row in range(panel.shown.rowCount()))
        return [effect.id for effect in effects if effect is not None]

    try:
        viewport = panel.view.viewport()
        changes = 0
        for combatant in window.document.encounter.combatants[:12]:
            before = shown()
            window.select_combatant(combatant.id)
            window.repaint()  # the window's paint, before the event loop runs again
            painted = painted_by(qtbot, lambda: None)
            if shown() != before:
                changes += 1
                assert painted.events.get(id(viewport), 0) == 0, combatant.id
        assert changes >= 3
    finally:
        next(windows, None)
