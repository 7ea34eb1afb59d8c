"""The inspector's editor tabs in reading order (each field, its Roll button, then Revert
and Apply) from the order it sets itself, without looking through its objects at the
window's show (`CombatantEditor._order_tabs`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tests.qt.conftest import counted_reading_sorts, shown_window
from tests.qt.test_keys_never_trap import assert_reading_order, tab_walk
from tracker.engine import Session
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow


def sample(ruleset_id: str) -> Session:
    return Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))


@pytest.fixture
def priority(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    sorted_roots = counted_reading_sorts(monkeypatch)
    for window in shown_window(qtbot, sample("priority"), tmp_path / "journal", (1366, 768)):
        assert window.editor not in sorted_roots  # never sorted by its places on screen
        yield window


def editor_walk(window: MainWindow, qtbot) -> list[QWidget]:
    """The editor's widgets Tab visits from its name field, in turn."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    name = window.editor.form.editors["name"].input
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    seen = tab_walk(window, qtbot, name)
    return [widget for widget in seen if window.editor.isAncestorOf(widget)]


def test_the_editor_tabs_field_by_field_with_its_roll_button_then_its_buttons(priority, qtbot):
    window = priority
    window.select_combatant(window.document.encounter.combatants[0].id)
    editor = window.editor
    walked = editor_walk(window, qtbot)
    inputs = [field.input for field in editor.form.editors.values()]
    roll = editor.roll_buttons["zeal"]
    zeal = editor.form.editors["zeal"].input
    expected = [*inputs, editor.revert_button, editor.apply_button]
    expected.insert(expected.index(zeal) + 1, roll)
    assert walked == expected
    assert_reading_order(editor, walked)


def test_another_rulesets_form_tabs_in_reading_order_too(priority, qtbot):
    window = priority
    window.document.replace_session(sample("war_scroll"))  # another form: its fields
    QApplication.processEvents()
    window.select_combatant(window.document.encounter.combatants[0].id)
    editor = window.editor
    walked = editor_walk(window, qtbot)
    inputs = [field.input for field in editor.form.editors.values()]
    assert walked == [*inputs, editor.revert_button, editor.apply_button]
    assert_reading_order(editor, walked)
