"""Issue 24 point 1 (conditions): the effect dialog of a Classic d20 encounter offers
the conditions of its own flavour (5e: blinded … unconscious and exhaustion; PF2e: its
conditions, the valued ones and persistent damage), and a valued condition picked
counts down as the rules say."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from tests.qt.test_conditions_gui import dialog_on, field_text, listed
from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter

FIVE_E = [
    "Blinded",
    "Charmed",
    "Deafened",
    "Frightened",
    "Grappled",
    "Incapacitated",
    "Invisible",
    "Paralyzed",
    "Petrified",
    "Poisoned",
    "Prone",
    "Restrained",
    "Stunned",
    "Unconscious",
    "Exhaustion",
]
PF2E_VALUED = [
    "Frightened",
    "Sickened",
    "Clumsy",
    "Enfeebled",
    "Stupefied",
    "Drained",
    "Doomed",
    "Slowed",
    "Stunned",
]


def _fight(flavour: str) -> Session:
    session = Session.new("Crypt", "classic_d20", options={"flavour": flavour})
    session.apply(AddCombatant("Ayla", "party", stats={"initiative": 18, "hp_max": 20}))
    session.apply(AddCombatant("Ghoul", "enemy", stats={"initiative": 12, "hp_max": 22}))
    session.apply(StartEncounter())
    return session


def test_a_5e_encounter_offers_the_5e_conditions_only(qtbot):
    dialog = dialog_on(qtbot, _fight("5e"), carrier="Ghoul")
    assert listed(dialog) == [f"{name} (5e)" for name in FIVE_E]


def test_a_pf2e_encounter_offers_the_pf2e_conditions_with_the_valued_ones(qtbot):
    names = listed(dialog_on(qtbot, _fight("pf2e"), carrier="Ghoul"))
    assert not [name for name in names if name.endswith("(5e)")]
    assert all(name.endswith("(PF2e)") for name in names)
    for name in ["Off-guard", "Quickened", "Persistent damage", *PF2E_VALUED]:
        assert f"{name} (PF2e)" in names


def test_exhaustion_picked_carries_its_level(qtbot):
    session = _fight("5e")
    dialog = dialog_on(qtbot, session, carrier="Ayla")
    dialog.pick(dialog.name_box.entry_named("Exhaustion (5e)"))
    assert dialog.notes_edit.text().startswith("Levels 1–6")
    dialog.duration_form.editors["amount"].set_value(3)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    [effect] = session.encounter.effects
    assert (effect.name, effect.duration["until"], effect.duration["amount"]) == (
        "Exhaustion (5e)",
        "until_ended",
        3,
    )


def test_frightened_2_picked_lowers_at_the_end_of_the_carriers_turns(qtbot):
    session = _fight("pf2e")
    dialog = dialog_on(qtbot, session, carrier="Ghoul")
    dialog.pick(dialog.name_box.entry_named("Frightened (PF2e)"))
    assert field_text(dialog, "until") == "countdown"
    dialog.duration_form.editors["amount"].set_value(2)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error.text()
    session.apply(EndTurn())  # Ayla's turn ends: nothing yet
    assert [e.name for e in session.encounter.effects] == ["Frightened (PF2e)"]
    session.apply(EndTurn())  # the Ghoul's turn ends: 2 → 1
    assert [e.name for e in session.encounter.effects] == ["Frightened 1"]
