"""The main window's library: opened once when first needed, a clear message when it
cannot be."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.library import Library, SavedCondition
from tracker.persistence import paths
from tracker.qt.dialogs import messages as plain_messages


def test_the_window_opens_the_library_once(window) -> None:
    library = window.library()
    assert isinstance(library, Library)
    assert library.path == paths.library_file()
    assert window.library() is library
    library.save_condition(SavedCondition("war_scroll", "Stunned", {}))
    assert [c.name for c in window.library().saved_conditions("war_scroll")] == ["Stunned"]


def test_a_library_that_cannot_be_opened_is_a_message(
    window, monkeypatch: pytest.MonkeyPatch, tracker_home: Path
) -> None:
    paths.library_file().write_bytes(b"not a library at all")
    warned: list[str] = []
    monkeypatch.setattr(
        plain_messages, "warning", lambda _p, _t, text, *a, **k: warned.append(text)
    )
    assert window.library() is None
    assert len(warned) == 1 and "is not a Roundkeeper library" in warned[0]
    assert paths.library_file().read_bytes() == b"not a library at all"


def test_every_selected_combatant_is_saved_to_the_library(window) -> None:
    from PySide6.QtCore import QItemSelectionModel

    encounter = window.document.encounter
    first, second = encounter.combatants[0], encounter.combatants[2]
    window.select_combatant(first.id)
    row = window.roster_model.row_of(second.id)
    window.roster_view.selectionModel().select(
        window.roster_model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
    )
    window.actions_by_name["save_to_library"].trigger()
    saved = {entry.name: entry for entry in window.library().search("war_scroll")}
    assert set(saved) == {first.name, second.name}
    assert saved[second.name].stats == second.stats
    assert (
        f"Saved in the library: {first.name}, {second.name}." in window.statusBar().currentMessage()
    )
    window.select_combatant(first.id)  # saved again: replaces, never a copy
    window.actions_by_name["save_to_library"].trigger()
    assert [e.name for e in window.library().search("war_scroll")].count(first.name) == 1
    assert "Replaced the entries of the same name" in window.statusBar().currentMessage()
