"""The library in the GUI: the Library dialog (search, edit, delete, add several with
numbered names), saving the party and bringing it to a new encounter, import and export."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.qt.conftest import names
from tracker.engine import RemoveCombatant
from tracker.engine.registry import get_ruleset
from tracker.library import LibraryEntry
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.dialogs.new_encounter import NewEncounterDialog
from tracker.qt.library.entries_model import COUNT_COLUMN, LibraryEntriesModel
from tracker.qt.library.import_dialog import ImportDialog
from tracker.qt.library.library_dialog import LibraryDialog
from tracker.qt.library.preview_model import ImportPreviewModel

WAR = get_ruleset("war_scroll")
BESTIARY = [
    LibraryEntry("war_scroll", "Goblin", stats={"speed": 5}, tags=("goblin", "small")),
    LibraryEntry("war_scroll", "Goblin Archer", stats={"speed": 6}, tags=("goblin",)),
    LibraryEntry("war_scroll", "Skeleton", stats={"speed": 4}, tags=("undead",)),
    LibraryEntry("war_scroll", "Lich", stats={"speed": 9}, tags=("undead", "boss")),
    LibraryEntry("priority", "Goblin", stats={"zeal": 3}),
]


@pytest.fixture
def stocked(window):
    library = window.library()
    library.save_entries(BESTIARY)
    return library


@pytest.fixture
def dialog(window, stocked, qtbot) -> LibraryDialog:
    window.actions_by_name["library"].trigger()
    shown = window.library_dialog
    assert shown is not None and shown.isVisible()
    return shown


def listed(dialog: LibraryDialog) -> list[str]:
    return [dialog.model.entry_at(row).name for row in range(dialog.model.rowCount())]


def select(dialog: LibraryDialog, *entry_names: str) -> None:
    dialog.view.clearSelection()
    for row in range(dialog.model.rowCount()):
        if dialog.model.entry_at(row).name in entry_names:
            dialog.view.selectionModel().select(
                dialog.model.index(row, 0),
                dialog.view.selectionModel().SelectionFlag.Select
                | dialog.view.selectionModel().SelectionFlag.Rows,
            )
            dialog.view.selectionModel().setCurrentIndex(
                dialog.model.index(row, 0), dialog.view.selectionModel().SelectionFlag.NoUpdate
            )


def test_the_dialog_lists_the_encounter_s_ruleset_and_filters_as_you_type(dialog, qtbot):
    assert listed(dialog) == ["Goblin", "Goblin Archer", "Lich", "Skeleton"]
    qtbot.keyClicks(dialog.search_edit, "GOB")
    assert listed(dialog) == ["Goblin", "Goblin Archer"]
    assert dialog.found_label.text() == "2 found for “GOB”."
    dialog.search_edit.setText("undead boss")
    assert listed(dialog) == ["Lich"]
    dialog.search_edit.clear()
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("priority"))
    assert listed(dialog) == ["Goblin"]
    assert dialog.model.headerData(5, Qt.Orientation.Horizontal) == "Zeal"
    select(dialog, "Goblin")
    assert not dialog.add_button.isEnabled()  # not this encounter's ruleset
    assert "Only entries of" in dialog.add_button.toolTip()


def test_add_three_goblins_numbered_and_undo_takes_them_back(window, dialog):
    before = names(window.document)
    select(dialog, "Goblin")
    assert dialog.model.setData(dialog.model.index(0, COUNT_COLUMN), 3)
    assert dialog.add_button.text() == "Add 3 to the encounter"
    assert dialog.add_selected()
    added = [n for n in names(window.document) if n not in before]
    assert sorted(added) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    goblin = next(c for c in window.document.encounter.combatants if c.name == "Goblin 1")
    assert goblin.stats["speed"] == 5
    assert "Add 3 × Goblin to the encounter" in dialog.message.text()
    window.document.undo_stack.undo()
    assert names(window.document) == before


def test_several_entries_each_with_a_count_are_one_undo_step(window, dialog):
    before = names(window.document)
    depth = window.document.undo_stack.index()
    select(dialog, "Goblin", "Skeleton")
    skeleton_row = listed(dialog).index("Skeleton")
    dialog.model.setData(dialog.model.index(skeleton_row, COUNT_COLUMN), 2)
    assert dialog.add_button.text() == "Add 3 to the encounter"
    assert dialog.add_selected()
    assert sorted(set(names(window.document)) - set(before)) == [
        "Goblin",
        "Skeleton 1",
        "Skeleton 2",
    ]
    assert window.document.undo_stack.index() == depth + 1
    window.document.undo_stack.undo()
    assert names(window.document) == before


def test_edit_an_entry_with_a_bad_value_then_a_good_one(dialog, stocked):
    select(dialog, "Lich")
    dialog._on_selection()
    assert dialog.form_title.text() == "Edit Lich"
    dialog.form.editors["speed"].input.setText("61")
    assert not dialog.save_entry()
    assert "Speed must be between 0 and 60" in dialog.form.editors["speed"].error.text()
    dialog.form.editors["speed"].input.setText("12")
    dialog.form.editors["tags"].input.setText("undead, boss, caster")
    assert dialog.save_entry()
    (lich,) = stocked.search("war_scroll", "lich")
    assert (lich.stats["speed"], lich.tags) == (12, ("undead", "boss", "caster"))
    assert listed(dialog) == ["Goblin", "Goblin Archer", "Lich", "Skeleton"]


def test_a_new_entry_is_typed_in_the_form(dialog, stocked):
    dialog.new_entry()
    dialog.form.editors["name"].input.setText("Hobgoblin")
    dialog.form.editors["speed"].input.setText("8")
    assert dialog.save_entry()
    assert [e.stats["speed"] for e in stocked.search("war_scroll", "hobgoblin")] == [8]
    assert "Hobgoblin" in listed(dialog)


def test_delete_asks_first(dialog, stocked, monkeypatch):
    select(dialog, "Skeleton", "Lich")
    asked: list[str] = []

    def answer(_parent, _title, text, *_args, **_kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.No if len(asked) == 1 else QMessageBox.StandardButton.Yes

    monkeypatch.setattr(plain_messages, "question", answer)
    dialog.delete_selected()
    assert stocked.count("war_scroll") == 4  # the GM said no
    dialog.delete_selected()
    assert asked[0] == "Delete Lich, Skeleton from the library? This cannot be undone."
    assert listed(dialog) == ["Goblin", "Goblin Archer"]
    assert stocked.count("war_scroll") == 2


def test_the_entries_model_passes_the_model_tester(dialog, qtmodeltester):
    qtmodeltester.check(dialog.model, force_py=True)
    dialog.search_edit.setText("undead")
    qtmodeltester.check(dialog.model, force_py=True)
    empty = LibraryEntriesModel(WAR)
    qtmodeltester.check(empty, force_py=True)


def test_save_the_party_then_a_new_encounter_brings_it(window, monkeypatch):
    party = [c.name for c in window.document.encounter.combatants if c.side == "party"]
    window.actions_by_name["save_party"].trigger()
    assert [e.name for e in window.library().party("war_scroll")] == sorted(party)

    def create(dialog: NewEncounterDialog) -> int:
        assert not dialog.party_box.isHidden() and dialog.party_box.isChecked()
        assert dialog.party_box.text() == "Bring the party (4 from the library)"
        dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("priority"))
        assert dialog.party_box.isHidden()  # no party kept for Priority
        dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("war_scroll"))
        dialog.name_edit.setText("Next fight")
        dialog.accept()
        return 1

    monkeypatch.setattr(NewEncounterDialog, "exec", create)
    window.actions_by_name["new"].trigger()
    document = window.document
    assert document.encounter.name == "Next fight"
    assert sorted(names(document)) == sorted(party)
    assert {c.side for c in document.encounter.combatants} == {"party"}
    document.undo_stack.undo()  # bringing the party is one step, undone like any add
    assert names(document) == []


def test_save_the_selected_combatant(window):
    window.select_combatant(window.document.encounter.combatants[4].id)  # Fallen Watcher
    window.actions_by_name["save_to_library"].trigger()
    (saved,) = window.library().search("war_scroll", "watcher")
    watcher = window.document.encounter.combatants[4]
    assert (saved.name, saved.side, saved.stats) == (watcher.name, "enemy", watcher.stats)
    assert "Saved in the library" in window.statusBar().currentMessage()


CSV = "Name,Speed,Tags\nOgre,12,giant\nTroll,99,giant\nImp,fast,\n"


def test_import_preview_then_confirm(window, tmp_path, qtmodeltester):
    source = tmp_path / "bestiary.csv"
    source.write_text(CSV, encoding="utf-8")
    library = window.library()
    dialog = ImportDialog(library, WAR, window)
    assert dialog.load(source)
    assert not dialog.import_button.isHidden() and dialog.import_button.isEnabled()
    assert dialog.summary.text() == "1 row ready, 2 with errors (left out)."
    model = dialog.model
    qtmodeltester.check(model, force_py=True)
    status = model.columnCount() - 1
    assert [model.index(r, status).data() for r in range(3)] == [
        "ready",
        "Row 3: Speed must be between 0 and 60; 99 is out of range.",
        "Row 4: Speed must be a whole number, not 'fast'.",
    ]
    assert model.index(1, status).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, status).data(Qt.ItemDataRole.ForegroundRole) is None
    assert library.count() == 0  # nothing before Import
    dialog.combos[0].setCurrentIndex(0)  # the GM reads no column as the Name
    assert not dialog.import_button.isEnabled()
    assert "No column is read as the Name" in dialog.summary.text()
    dialog.combos[0].setCurrentIndex(dialog.combos[0].findData("name"))
    dialog.accept()
    assert dialog.result() == 1
    assert [e.name for e in library.search("war_scroll")] == ["Ogre"]
    assert dialog.outcome.startswith("Imported 1 entry into the library")


def test_a_bad_file_is_a_message_and_changes_nothing(window, tmp_path, monkeypatch):
    source = tmp_path / "broken.json"
    source.write_text('[{"name": "Ogre",', encoding="utf-8")
    warned: list[str] = []
    monkeypatch.setattr(
        plain_messages, "warning", lambda _p, _t, text, *a, **k: warned.append(text)
    )
    dialog = ImportDialog(window.library(), WAR, window)
    assert not dialog.load(source)
    assert len(warned) == 1 and warned[0].startswith(
        "broken.json is not valid JSON (line 1, column 18"
    )
    assert not dialog.import_button.isEnabled()
    assert window.library().count() == 0


def test_the_preview_model_passes_the_model_tester_empty(qapp, qtmodeltester):
    qtmodeltester.check(ImportPreviewModel(), force_py=True)


def test_export_the_entries_found(dialog, tmp_path, monkeypatch):
    target = tmp_path / "undead"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "JSON (*.json)")
    )
    dialog.search_edit.setText("undead")
    dialog.export_found()
    assert dialog.message.text() == "Exported 2 entries to undead.json."
    assert '"name": "Lich"' in (tmp_path / "undead.json").read_text(encoding="utf-8")


def test_a_library_that_cannot_be_opened_leaves_new_encounters_alone(window, tracker_home: Path):
    from tracker.persistence import paths

    paths.library_file().write_bytes(b"garbage")
    dialog = NewEncounterDialog(window, window.party_in_library)
    assert dialog.party_box.isHidden() and dialog.party() == []
    dialog.deleteLater()


def test_enemies_added_from_the_library_start_hidden_if_the_gm_says_so(window, dialog):
    window.actions_by_name["enemies_start_hidden"].trigger()  # on
    select(dialog, "Goblin")
    dialog.model.setData(dialog.model.index(0, COUNT_COLUMN), 2)
    assert dialog.add_selected()
    goblins = [c for c in window.document.encounter.combatants if c.name.startswith("Goblin ")]
    assert [c.hidden for c in goblins] == [True, True]
    window.actions_by_name["enemies_start_hidden"].trigger()  # off again


def test_unsaved_edits_are_saved_when_asked_before_another_entry(dialog, stocked, monkeypatch):
    select(dialog, "Lich")
    dialog._on_selection()
    dialog.form.editors["notes"].input.setPlainText("Phylactery in the crypt")
    monkeypatch.setattr(plain_messages, "question", lambda *a, **k: QMessageBox.StandardButton.Save)
    select(dialog, "Skeleton")
    dialog._on_selection()
    assert dialog.form_title.text() == "Edit Skeleton"
    (lich,) = stocked.search("war_scroll", "lich")
    assert lich.notes == "Phylactery in the crypt"


def test_saving_needs_a_selection_or_a_party(window, monkeypatch):
    window.roster_view.setCurrentIndex(window.roster_model.index(-1, 0))
    window.actions_by_name["save_to_library"].trigger()
    assert "Select the combatant" in window.banner.label.text()
    for combatant in [c for c in window.document.encounter.combatants if c.side == "party"]:
        window.document.apply(RemoveCombatant(combatant.id))
    window.actions_by_name["save_party"].trigger()
    assert "No combatant is on the party's side" in window.banner.label.text()
    assert window.library().count() == 0


def test_the_library_dialog_fits_the_laptop_screen(dialog):
    screen = dialog.screen().availableGeometry()
    assert dialog.width() <= screen.width() and dialog.height() <= screen.height()
    assert dialog.minimumSizeHint().width() <= screen.width()


def test_flags_read_yes_or_no_in_the_list(window, qapp):
    library = window.library()
    library.save_entry(LibraryEntry("stamina_battle", "Knight", stats={"shield": True}))
    model = LibraryEntriesModel(get_ruleset("stamina_battle"))
    model.set_entries(get_ruleset("stamina_battle"), library.search("stamina_battle"))
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert model.index(0, headers.index("Shield")).data() == "yes"
    assert model.index(0, headers.index("Warrior's Prowess")).data() == "no"
