"""A dialog the GM opens from the window is deleted once it is closed: made with the
window as its parent, it used to live as long as the window, one more each time. Ctrl+E's
Add effect dialog is the one kept, once: built at its first use, shown again as new at
every Ctrl+E of the evening, and dropped when another encounter is loaded."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog

from benchmarks.fights import build
from tracker.engine import AddCombatant, EditCombatant, RemoveCombatant
from tracker.qt.dialogs.effect_dialog import EffectDialog


@pytest.mark.parametrize("action", ["options", "shortcuts", "about", "secret_fields", "new"])
def test_a_dialog_closed_is_not_kept(qtbot, window, action):
    window.document.apply(AddCombatant("Goblin", "enemy"))
    window.document.undo_stack.set_clean()  # New asks nothing first
    seen: list[type] = []

    def close() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog), action
        seen.append(type(dialog))
        dialog.reject()

    before = len(window.findChildren(QDialog))
    for _ in range(3):
        QTimer.singleShot(0, close)
        window.actions_by_name[action].trigger()
    assert len(seen) == 3
    qtbot.waitUntil(lambda: len(window.findChildren(QDialog)) == before)


def _ctrl_e(window, inside) -> EffectDialog:
    """Ctrl+E (the menu's action); `inside(dialog)` runs while it is shown."""
    shown: list[EffectDialog] = []

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, EffectDialog)
        shown.append(dialog)
        inside(dialog)

    QTimer.singleShot(0, act)
    window.actions_by_name["add_effect"].trigger()
    assert len(shown) == 1, "the dialog was shown"
    return shown[0]


def test_the_add_effect_dialog_is_kept_once_and_shown_as_new(qtbot, window):
    window.document.apply(AddCombatant("Goblin", "enemy"))
    before = len(window.findChildren(QDialog))

    def typed_then_cancelled(dialog: EffectDialog) -> None:
        dialog.name_edit.setText("Half typed")
        dialog.notes_edit.setText("a note")
        dialog.duration_form.show_error(next(iter(dialog.duration_form.editors)), "Wrong")
        dialog.reject()

    first = _ctrl_e(window, typed_then_cancelled)
    seen: list[tuple[str, str]] = []

    def looked_at(dialog: EffectDialog) -> None:
        editors = dialog.duration_form.editors.values()
        assert all(editor.error.isHidden() for editor in editors)
        seen.append((dialog.name_edit.text(), dialog.notes_edit.text()))
        dialog.reject()

    for _ in range(3):
        assert _ctrl_e(window, looked_at) is first
    assert seen == [("", "")] * 3
    qtbot.wait(1)
    assert len(window.findChildren(QDialog)) == before + 1


def test_the_kept_dialog_lists_the_combatants_of_now(qtbot, window):
    _ctrl_e(window, lambda dialog: dialog.reject())
    window.document.apply(AddCombatant("Late Goblin", "enemy"))
    goblin = next(c for c in window.document.encounter.combatants if c.name == "Late Goblin")
    window.select_combatant(goblin.id)

    def named(dialog: EffectDialog) -> None:
        assert dialog.carrier_combo.currentData() == goblin.id  # the one selected
        dialog.name_edit.setText("Dazed")
        dialog.accept()

    _ctrl_e(window, named)
    assert [e.name for e in window.document.encounter.effects if e.carrier_id == goblin.id] == [
        "Dazed"
    ]


def test_after_another_encounter_is_loaded_ctrl_e_works_on_it(qtbot, window):
    old = _ctrl_e(window, lambda dialog: dialog.reject())
    window.replace_session(build("priority", 4), None)  # as File → Open does
    qtbot.waitUntil(lambda: old not in window.findChildren(EffectDialog))
    session = window.document.session
    carrier = session.encounter.combatants[2]
    window.select_combatant(carrier.id)

    def named(dialog: EffectDialog) -> None:
        assert dialog is not old
        assert dialog.carrier_combo.count() == 4
        dialog.name_edit.setText("Marked")
        dialog.accept()

    _ctrl_e(window, named)
    assert [(e.name, e.carrier_id) for e in session.encounter.effects] == [("Marked", carrier.id)]


def _listed(combo) -> list[tuple[str, object]]:
    return [(combo.itemText(n), combo.itemData(n)) for n in range(combo.count())]


def test_the_kept_dialog_brings_its_lists_up_to_date_by_what_changed(qtbot, document):
    """A rename, a combatant added or removed changes those rows of the carrier and
    creator boxes, not every one (a 5,000-combatant fight refilled both at each
    Ctrl+E); the boxes then list the encounter as it is, the creator's "—" first."""
    for name in ("Ork", "Imp", "Hag"):
        document.apply(AddCombatant(name, "enemy"))
    dialog = EffectDialog(document)
    try:
        touched: list[str] = []
        for combo in (dialog.carrier_combo, dialog.creator_combo):
            model = combo.model()
            model.rowsInserted.connect(lambda *_args: touched.append("inserted"))
            model.rowsRemoved.connect(lambda *_args: touched.append("removed"))
            model.modelReset.connect(lambda: touched.append("reset"))
        encounter = document.encounter
        imp = next(c for c in encounter.combatants if c.name == "Imp")
        document.apply(EditCombatant(imp.id, {"name": "Big Imp"}))
        dialog.start_adding(None)
        assert touched == ["removed", "inserted"] * 2
        touched.clear()
        document.apply(AddCombatant("Elf", "ally"))
        dialog.start_adding(None)
        assert touched == ["inserted"] * 2
        touched.clear()
        document.apply(RemoveCombatant(imp.id))
        dialog.start_adding(None)
        assert touched == ["removed"] * 2

        wanted = [(c.name, c.id) for c in document.encounter.combatants]
        assert _listed(dialog.carrier_combo) == wanted
        assert _listed(dialog.creator_combo) == [("—", None), *wanted]
    finally:
        dialog.deleteLater()
