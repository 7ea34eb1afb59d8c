"""Importing what was exported: the GM is asked whether the rows the library already
has replace its entries or are kept beside them (or nothing is imported), never a
silent copy of every entry; an import file holding a value no entry can keep is a
message at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton

from tracker.library import Library, LibraryEntry
from tracker.qt.dialogs import messages
from tracker.qt.library.import_dialog import ImportDialog

BESTIARY = [
    LibraryEntry("war_scroll", "Goblin", notes="=cmd|' /C calc'!A0", tags=("small",)),
    LibraryEntry("war_scroll", "Lich", side="enemy", stats={"speed": 7}),
    LibraryEntry("war_scroll", "Troll", stats={"speed": 11}),
]


@pytest.fixture
def stocked(window) -> Library:
    library = window.library()
    library.save_entries(BESTIARY)
    return library


def export_then_edit(window, stocked: Library, tmp_path: Path, monkeypatch) -> Path:
    """The library exported to CSV through Library → Export, then the Troll's speed
    changed in the file (as a GM edits a spreadsheet) and an Ogre added."""
    path = tmp_path / "bestiary.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    window.actions_by_name["export_library"].trigger()
    text = path.read_bytes().decode("utf-8-sig")
    assert "'=cmd" in text  # the formula is kept from running in a spreadsheet
    lines = text.splitlines()
    lines = [line.replace(",11,", ",12,") if line.startswith("Troll") else line for line in lines]
    ogre = lines[-1].replace("Troll", "Ogre")
    path.write_bytes(("\r\n".join([*lines, ogre]) + "\r\n").encode("utf-8-sig"))
    return path


def answer_with(qtbot, button_text: str, asked: list[str]) -> None:
    """Click `button_text` in the question about clashes when it shows."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)
            return
        asked.append(box.text())
        (button,) = [b for b in box.findChildren(QPushButton) if b.text() == button_text]
        button.click()

    QTimer.singleShot(0, click)


def _import(window, stocked: Library, path: Path) -> ImportDialog:
    dialog = ImportDialog(stocked, window.document.ruleset, window)
    assert dialog.load(path)
    assert dialog.summary.text() == "4 rows ready."
    return dialog


def _table(library: Library) -> list[tuple[str, int, str]]:
    return sorted((e.name, e.stats["speed"], e.notes) for e in library.search("war_scroll"))


@pytest.mark.parametrize("answer", ["Replace existing", "Keep both", "Cancel"])
def test_reimporting_an_export_asks_first(
    window, stocked: Library, tmp_path: Path, monkeypatch, qtbot, answer: str
) -> None:
    before = _table(stocked)
    path = export_then_edit(window, stocked, tmp_path, monkeypatch)
    dialog = _import(window, stocked, path)
    asked: list[str] = []
    answer_with(qtbot, answer, asked)
    dialog.import_button.click()
    assert asked == [
        "3 of the 4 combatants to import are already in the library: 2 exactly as in the "
        "file (Goblin, Lich); 1 with other values (Troll).\n\nReplace the library's entries "
        "of the same name with the file's, or keep both (the library then lists each name "
        "twice)?"
    ]
    goblin = ("Goblin", 7, "=cmd|' /C calc'!A0")  # the formula came back as it was
    if answer == "Replace existing":
        assert _table(stocked) == sorted(
            [goblin, ("Lich", 7, ""), ("Ogre", 12, ""), ("Troll", 12, "")]
        )
        assert dialog.outcome == (
            "Imported 4 entries into the library for Allies of Majesty — War Scroll (3 "
            "replacing entries of the same name)."
        )
        assert dialog.result() == 1
    elif answer == "Keep both":
        assert _table(stocked) == sorted(
            [*before, goblin, ("Lich", 7, ""), ("Ogre", 12, ""), ("Troll", 12, "")]
        )
        assert (
            dialog.outcome
            == "Imported 4 entries into the library for Allies of Majesty — War Scroll."
        )
    else:
        assert _table(stocked) == before  # nothing imported; the preview stays open
        assert dialog.result() == 0 and dialog.import_button.isEnabled()
    dialog.deleteLater()


def test_an_import_with_no_clash_asks_nothing(window, stocked, tmp_path, qtbot) -> None:
    path = tmp_path / "new.csv"
    path.write_text("Name,Speed\nImp,3\n", encoding="utf-8")
    dialog = ImportDialog(stocked, window.document.ruleset, window)
    assert dialog.load(path)
    dialog.import_button.click()  # a question would block here
    assert dialog.result() == 1 and stocked.count() == 4
    dialog.deleteLater()


def test_a_json_import_with_a_lone_surrogate_is_a_message(window, stocked, tmp_path, monkeypatch):
    path = tmp_path / "broken.json"
    path.write_text('[{"name": "Gob\\ud800lin"}, {"name": "Orc"}]', encoding="utf-8")
    warned: list[str] = []
    monkeypatch.setattr(messages, "warning", lambda _p, _t, text, *a, **k: warned.append(text))
    dialog = ImportDialog(stocked, window.document.ruleset, window)
    assert not dialog.load(path)
    assert warned == [
        "broken.json holds a text that is not valid Unicode ('Gob\\ud800lin'); nothing was "
        "imported."
    ]
    assert not dialog.import_button.isEnabled() and stocked.count() == 3
    dialog.deleteLater()


def test_the_file_s_words_are_shown_as_plain_text(window, stocked, tmp_path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    path = tmp_path / "<b>bold<b>.csv"  # a name may not hold "/"
    path.write_text("Name,<img src=/dev/zero>\nImp,1\n", encoding="utf-8")
    dialog = ImportDialog(stocked, window.document.ruleset, window)
    assert dialog.load(path)
    labels = [dialog.file_label, dialog.summary, dialog.notes, dialog.error]
    labels += [label for label in dialog.mapping_holder.findChildren(QLabel)]
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    assert dialog.notes.text().startswith("Not imported: “<img src=/dev/zero>”.")
    dialog.deleteLater()


def test_the_library_s_own_lines_show_names_as_plain_text(window, stocked) -> None:
    from PySide6.QtCore import Qt

    window.actions_by_name["library"].trigger()
    dialog = window.library_dialog
    dialog.search_edit.setText("<b>")
    lines = [dialog.found_label, dialog.form_title, dialog.message, dialog.error]
    assert all(line.textFormat() == Qt.TextFormat.PlainText for line in lines)
    assert dialog.found_label.text() == "0 found for “<b>”."
    dialog.close()
