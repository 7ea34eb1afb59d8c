"""The turn panel works out what the selected combatant may do once per change, after
the change has settled: a combatant removed or added moves the selection, and the panel
is not refreshed first for the combatant selected before (removed, or left)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from tests.qt.conftest import add_through_form, by_name
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.action_reasons import Reasons
from tracker.qt.widgets.turn_panel import TurnPanel

Button = QMessageBox.StandardButton


def _asked_for(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """From now on, whom the panel works out the legal actions for, each time it does."""
    asked: list[str | None] = []
    real = TurnPanel._work_out_availability

    def counting(panel: TurnPanel) -> tuple[str | None, Reasons]:
        asked.append(window.selected_combatant_id())
        return real(panel)

    monkeypatch.setattr(TurnPanel, "_work_out_availability", counting)
    return asked


def test_removing_the_selected_combatant_works_out_the_actions_once_for_the_next(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    removed = by_name(window.document, "Thomas").id
    window.select_combatant(removed)
    asked = _asked_for(window, monkeypatch)
    window.remove_combatant()
    after = window.selected_combatant_id()
    assert after is not None and after != removed
    assert asked == [after]


def test_adding_a_combatant_works_out_the_actions_once_for_the_one_added(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.select_combatant(by_name(window.document, "Thomas").id)
    asked = _asked_for(window, monkeypatch)
    [name] = add_through_form(window, "Newcomer")
    added = by_name(window.document, name).id
    assert window.selected_combatant_id() == added
    assert asked == [added]


def test_edits_applied_on_the_way_to_the_one_added_still_refresh_the_panel_once(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Speed typed for Thomas and not applied; the form adds a combatant, whose
    selection asks about the edit: Apply is a change of its own, inside the one of
    the form. The panel is refreshed once both are done, for the one added."""
    asked_gm: list[str] = []

    def apply_edits(_parent: object, _title: str, text: str, *_args: object) -> Button:
        asked_gm.append(text)
        return Button.Apply

    monkeypatch.setattr(plain_messages, "question", apply_edits)
    thomas = by_name(window.document, "Thomas").id
    window.select_combatant(thomas)
    speed = window.editor.form.editors["speed"].input
    assert isinstance(speed, QLineEdit)
    speed.clear()
    qtbot.keyClicks(speed, "9")
    asked = _asked_for(window, monkeypatch)
    [name] = add_through_form(window, "Newcomer")
    added = by_name(window.document, name).id
    assert asked_gm and by_name(window.document, "Thomas").stats["speed"] == 9
    assert window.selected_combatant_id() == added
    assert asked == [added]
