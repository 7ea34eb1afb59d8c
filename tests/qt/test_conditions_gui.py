"""Conditions in the effect dialog: the name box lists the system's conditions and the
GM's saved ones with completion by any part of a name; picking one fills the duration
and the note, or asks a rule's action; saving keeps a condition for later encounters of
the same system (not another's); the manager deletes it; an effect's note is limited
and shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from tests.engine import stamina_helpers, ticks_helpers
from tests.engine.helpers import started as war_started
from tests.engine.test_ap_countdown_helpers import fight as countdown_fight
from tests.engine.test_priority_helpers import started as priority_started
from tracker.engine import AddCombatant, Session, StartEncounter
from tracker.engine.commands import MAX_NOTE_LENGTH
from tracker.engine.rulesets.initiative_ticks.state import rt as ticks_runtime
from tracker.library import Library, SavedCondition, open_library
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.dialogs.saved_conditions import SavedConditionsDialog
from tracker.qt.document import EncounterDocument


def example_session() -> Session:
    session = Session.new("Example", "highest_roll")
    session.apply(AddCombatant("Ann", "party", stats={"roll": 12}))
    session.apply(StartEncounter())
    return session


SESSIONS = {
    "war_scroll": lambda: war_started()[0],
    "ap_countdown": lambda: countdown_fight([("Hauser", 15, 1), ("Orc", 10, 0)]),
    "priority": lambda: priority_started()[0],
    "stamina_battle": lambda: stamina_helpers.battle()[0],
    "initiative_ticks": lambda: ticks_helpers.fight(
        [("Kaoru", "party", 4), ("Bandit", "enemy", 2)]
    )[0],
    "highest_roll": example_session,
}


@pytest.fixture
def library(tmp_path: Path) -> Library:
    found = open_library(tmp_path / "lib.sqlite3")
    yield found
    found.close()


def dialog_on(
    qtbot, session: Session, library: Library | None = None, carrier: str | None = None
) -> EffectDialog:
    document = EncounterDocument(session)
    carrier_id = None
    if carrier is not None:
        carrier_id = next(c.id for c in session.encounter.combatants if c.name == carrier)
    getter = (lambda: library) if library is not None else None
    dialog = EffectDialog(document, carrier_id, None, library=getter)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def listed(dialog: EffectDialog) -> list[str]:
    box = dialog.name_box
    return [box.itemText(row) for row in range(box.count())]


def completions(dialog: EffectDialog) -> list[str]:
    model = dialog.name_box.completer().completionModel()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def pick_by_keys(qtbot, dialog: EffectDialog, typed: str, name: str) -> None:
    """Type `typed`, then choose `name` in the completion popup with the arrow keys."""
    qtbot.keyClicks(dialog.name_edit, typed)
    popup = dialog.name_box.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    rows = completions(dialog)
    assert name in rows, rows
    for _ in range(rows.index(name) + 1):
        qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)


def field_text(dialog: EffectDialog, name: str) -> str:
    return dialog.duration_form.editors[name].raw_value()


# --- the list and completion ---------------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", list(SESSIONS))
def test_the_name_box_lists_the_systems_conditions(qtbot, ruleset_id):
    session = SESSIONS[ruleset_id]()
    dialog = dialog_on(qtbot, session)
    assert listed(dialog) == [c.name for c in session.ruleset.conditions]
    assert dialog.name_edit.text() == ""


def test_completion_finds_any_part_of_a_name_whatever_its_case(qtbot):
    dialog = dialog_on(qtbot, SESSIONS["ap_countdown"](), carrier="Orc")
    qtbot.keyClicks(dialog.name_edit, "UNNED")
    qtbot.waitUntil(dialog.name_box.completer().popup().isVisible)
    assert completions(dialog) == ["Stunned/Unable to Parry", "Stunned"]
    dialog.name_edit.clear()
    qtbot.keyClicks(dialog.name_edit, "a")
    assert completions(dialog) == ["Stunned/Unable to Parry", "Dazed", "Staggered"]


def test_picking_fills_the_duration_and_the_note(qtbot):
    dialog = dialog_on(qtbot, SESSIONS["ap_countdown"](), carrier="Orc")
    dialog.duration_form.editors["rounds"].set_value(7)
    pick_by_keys(qtbot, dialog, "daz", "Dazed")
    assert dialog.name_edit.text() == "Dazed"
    assert (field_text(dialog, "kind"), field_text(dialog, "rounds")) == ("dazed", "1")
    assert dialog.notes_edit.text().startswith("Loses a round at Upkeep")
    dialog.duration_form.editors["rounds"].set_value(3)  # the critical's rounds
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    [effect] = dialog._document.encounter.effects
    assert (effect.name, effect.duration["kind"], effect.duration["rounds"]) == (
        "Dazed",
        "dazed",
        3,
    )
    assert effect.notes.startswith("Loses a round at Upkeep")


def test_a_name_of_the_gms_own_still_makes_an_effect(qtbot):
    dialog = dialog_on(qtbot, SESSIONS["war_scroll"](), carrier="Thomas")
    qtbot.keyClicks(dialog.name_edit, "Weakened by poison")
    dialog.duration_form.editors["cycles"].set_value(2)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    [effect] = dialog._document.encounter.effects
    assert (effect.name, effect.duration["cycles"], effect.notes) == ("Weakened by poison", 2, "")


# --- a rule, not an effect ---------------------------------------------------------------
def test_a_guard_picked_goes_through_the_guard_action(qtbot):
    session = SESSIONS["stamina_battle"]()
    dialog = dialog_on(qtbot, session, carrier="Mira")
    pick_by_keys(qtbot, dialog, "armor", "Guard: Armor (Strength)")
    assert dialog.rule_info.isVisible() and "not an effect" in dialog.rule_info.text()
    assert not dialog.notes_edit.isVisible() and not dialog.creator_combo.isVisible()
    assert not dialog.duration_form.editors["until"].isVisible()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.text() == "Apply Guard"
    form = dialog.action_form
    assert form is not None
    assert form.editors["stat"].raw_value() == "strength"
    assert form.editors["roll"].raw_value() == ""  # the GM's roll
    dialog.accept()
    assert "Roll must be a whole number" in form.editors["roll"].error.text()
    form.editors["roll"].set_value(4)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    assert [e.name for e in session.encounter.effects] == ["Guard: Armor +4"]
    assert stamina_helpers.pool(session, "Mira") == 5


def test_a_rule_refused_says_why_and_changes_nothing(qtbot):
    session = SESSIONS["stamina_battle"]()
    dialog = dialog_on(qtbot, session, carrier="Grub")  # not Grub's turn
    dialog.pick(dialog.name_box.entry_named("Guard: Resistances (Will)"))
    dialog.action_form.editors["roll"].set_value(3)
    dialog.accept()
    assert dialog.isVisible() and dialog.error.text()
    assert session.encounter.effects == []


def test_typing_over_a_rules_name_makes_an_effect_again(qtbot):
    session = SESSIONS["initiative_ticks"]()
    dialog = dialog_on(qtbot, session, carrier="Bandit")
    dialog.pick(dialog.name_box.entry_named("Onslaught"))
    assert dialog.mechanic is not None
    qtbot.keyClicks(dialog.name_edit, " of doubt")
    assert dialog.mechanic is None and dialog.notes_edit.isVisible()


def test_onslaught_picked_is_the_rules_count(qtbot):
    session = SESSIONS["initiative_ticks"]()
    dialog = dialog_on(qtbot, session, carrier="Bandit")
    dialog.pick(dialog.name_box.entry_named("onslaught"))
    assert dialog.action_form.editors["amount"].raw_value() == "1"
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    bandit = next(c for c in session.encounter.combatants if c.name == "Bandit")
    assert ticks_runtime(bandit).onslaught == 1 and session.encounter.effects == []


def test_editing_an_effect_offers_no_rules(qtbot):
    session = SESSIONS["initiative_ticks"]()
    assert dialog_on(qtbot, session).name_box.count() == 3
    from tracker.engine import AddEffect

    session.apply(AddEffect("Aim", session.encounter.combatants[0].id))
    document = EncounterDocument(session)
    edit = EffectDialog(document, None, None, effect_id=session.encounter.effects[0].id)
    qtbot.addWidget(edit)
    assert edit.name_box.count() == 0


# --- saved conditions ----------------------------------------------------------------------
def test_a_saved_condition_is_offered_in_later_encounters_of_its_system_only(qtbot, library):
    dialog = dialog_on(qtbot, SESSIONS["war_scroll"](), library, carrier="Thomas")
    qtbot.keyClicks(dialog.name_edit, "Blinded")
    dialog.duration_form.editors["cycles"].set_value(2)
    dialog.notes_edit.setText("Cannot see: −3 to Strikes")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.saved_line.text() == (
        "Saved “Blinded” for later encounters of Allies of Majesty — War Scroll."
    )
    assert library.saved_conditions("war_scroll") == [
        SavedCondition(
            "war_scroll",
            "Blinded",
            {"cycles": 2, "ongoing_song": False},
            "Cannot see: −3 to Strikes",
        )
    ]
    assert listed(dialog)[-1] == "Blinded"  # offered at once, after the system's own
    later = dialog_on(qtbot, SESSIONS["war_scroll"](), library, carrier="Kandor")
    assert listed(later) == ["Weakened", "Falter", "Blinded"]
    pick_by_keys(qtbot, later, "BLIN", "Blinded")
    assert field_text(later, "cycles") == "2"
    assert later.notes_edit.text() == "Cannot see: −3 to Strikes"
    other = dialog_on(qtbot, SESSIONS["priority"](), library)
    assert "Blinded" not in listed(other)


def test_saving_again_replaces_and_a_rules_name_is_refused(qtbot, library):
    dialog = dialog_on(qtbot, SESSIONS["initiative_ticks"](), library)
    qtbot.keyClicks(dialog.name_edit, "Blinded")
    dialog.save_condition()
    dialog.duration_form.editors["until"].set_value("rounds")
    dialog.save_condition()
    assert dialog.saved_line.text().startswith("Replaced the saved “Blinded”")
    [saved] = library.saved_conditions("initiative_ticks")
    assert saved.duration["until"] == "rounds"
    dialog.name_edit.setText("crashed")
    dialog.save_condition()
    assert dialog.error.text() == (
        "Crashed is a rule of Initiative ticks (Venture / Exalted 3e): save it under another name."
    )
    assert len(library.saved_conditions("initiative_ticks")) == 1


def test_a_saved_condition_replaces_a_plain_one_of_the_same_name(qtbot, library):
    library.save_condition(SavedCondition("war_scroll", "weakened", {"cycles": 3}, "Mine"))
    dialog = dialog_on(qtbot, SESSIONS["war_scroll"](), library)
    assert listed(dialog) == ["Falter", "weakened"]
    dialog.pick(dialog.name_box.entry_named("Weakened"))
    assert field_text(dialog, "cycles") == "3"


def test_the_manager_lists_and_deletes_saved_conditions(qtbot, library):
    library.save_condition(SavedCondition("war_scroll", "Blinded", {"cycles": 2}, "−3"))
    library.save_condition(SavedCondition("war_scroll", "Song of Valour", {"cycles": 3}))
    library.save_condition(SavedCondition("priority", "Hexed", {"amount": 2}))
    manager = SavedConditionsDialog(library, "war_scroll")
    qtbot.addWidget(manager)
    manager.show()
    table = manager.table
    rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert rows == [["Blinded", "Cycles 2", "−3"], ["Song of Valour", "Cycles 3", ""]]
    assert not manager.delete_button.isEnabled()
    table.selectionModel().select(
        table.model().index(0, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    qtbot.mouseClick(manager.delete_button, Qt.MouseButton.LeftButton)
    assert [c.name for c in library.saved_conditions("war_scroll")] == ["Song of Valour"]
    assert table.rowCount() == 1
    manager.system_combo.setCurrentIndex(manager.system_combo.findData("priority"))
    assert table.item(0, 0).text() == "Hexed" and table.rowCount() == 1
    manager.system_combo.setCurrentIndex(manager.system_combo.findData("stamina_battle"))
    assert manager.empty.isVisible() and not table.isVisible()


def test_the_menu_opens_the_manager_on_the_encounters_system(window, monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(
        SavedConditionsDialog, "exec", lambda self: opened.append(self.ruleset_id()) or 0
    )
    window.actions_by_name["saved_conditions"].trigger()
    assert opened == ["war_scroll"]


# --- the note ----------------------------------------------------------------------------
def test_a_note_too_long_is_explained_and_nothing_is_added(qtbot):
    session = SESSIONS["war_scroll"]()
    dialog = dialog_on(qtbot, session, carrier="Thomas")
    qtbot.keyClicks(dialog.name_edit, "Aegis")
    dialog.notes_edit.setText("x" * (MAX_NOTE_LENGTH + 1))
    assert dialog.notes_error.isVisible()
    assert dialog.notes_error.text() == "A note holds at most 200 characters; this one has 201."
    dialog.accept()
    assert dialog.isVisible() and session.encounter.effects == []
    dialog.notes_edit.setText("x" * MAX_NOTE_LENGTH)
    assert not dialog.notes_error.isVisible()
    dialog.accept()
    assert [e.notes for e in session.encounter.effects] == ["x" * MAX_NOTE_LENGTH]


def test_the_exact_name_and_enter_picks_the_condition(qtbot):
    """Typed in full (any case) and Enter: the condition with its usual duration is added."""
    session = SESSIONS["ap_countdown"]()
    dialog = dialog_on(qtbot, session, carrier="Orc")
    dialog.duration_form.editors["rounds"].set_value(7)
    qtbot.keyClicks(dialog.name_edit, "dazed")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    [effect] = session.encounter.effects
    assert (effect.name, effect.duration["kind"], effect.duration["rounds"]) == (
        "Dazed",
        "dazed",
        1,
    )
