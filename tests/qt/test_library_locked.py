"""A library another program holds locked never freezes the window: opening it, typing a
search and saving answer at once with a message, and nothing changes."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt

from tests.library.test_locked_library import AT_ONCE, locked
from tracker.library import LibraryEntry
from tracker.persistence import paths
from tracker.qt.dialogs import messages

IN_USE = "is in use by another Roundkeeper window or program; nothing was changed."


def test_opening_a_locked_library_is_a_message_at_once(window, monkeypatch) -> None:
    window.library().save_entry(LibraryEntry("war_scroll", "Goblin"))
    window.close_library()
    warned: list[str] = []
    monkeypatch.setattr(messages, "warning", lambda _p, _t, text, *a, **k: warned.append(text))
    with locked(paths.library_file()):
        started = time.monotonic()
        window.actions_by_name["library"].trigger()
        assert time.monotonic() - started < AT_ONCE
    assert len(warned) == 1 and IN_USE in warned[0]
    assert window.library_dialog is None
    window.actions_by_name["library"].trigger()  # the lock let go: it opens
    assert window.library_dialog is not None and window.library_dialog.isVisible()
    window.library_dialog.close()


@pytest.mark.parametrize("action", ["search", "save"])
def test_a_library_locked_while_open_answers_at_once(window, qtbot, action: str) -> None:
    window.library().save_entry(LibraryEntry("war_scroll", "Goblin"))
    window.actions_by_name["library"].trigger()
    dialog = window.library_dialog
    with locked(paths.library_file()):
        started = time.monotonic()
        if action == "search":
            qtbot.keyClicks(dialog.search_edit, "gob")  # a search at every key
        else:
            dialog.form.editors["name"].input.setText("Orc")
            qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
        assert time.monotonic() - started < AT_ONCE
        assert dialog.error.isVisible() and IN_USE in dialog.error.text()
        if action == "search":  # not "0 found": the search did not run
            assert dialog.found_label.text() == (
                "Nothing is listed: the library cannot be read now."
            )
    assert [e.name for e in window.library().search("war_scroll")] == ["Goblin"]
    dialog.close()
