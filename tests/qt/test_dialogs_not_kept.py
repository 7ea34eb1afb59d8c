"""A dialog the GM opens from the window is deleted once it is closed: made with the
window as its parent, it used to live as long as the window, one more each time (Ctrl+E
at every turn of an evening)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog

from tracker.engine import AddCombatant


@pytest.mark.parametrize(
    "action", ["add_effect", "options", "shortcuts", "about", "secret_fields", "new"]
)
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
