"""The saved conditions of the library (the API the conditions dialogs use)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.engine.errors import CommandError
from tracker.library import Library, LibraryError, SavedCondition, open_library


@pytest.fixture
def library(tmp_path: Path) -> Library:
    opened = open_library(tmp_path / "lib.sqlite3")
    yield opened
    opened.close()


def test_a_saved_condition_comes_back_cleaned_with_defaults(library: Library) -> None:
    library.save_condition(SavedCondition("war_scroll", "  Stunned ", {"cycles": "2"}, "Dazed"))
    assert library.saved_conditions("war_scroll") == [
        SavedCondition("war_scroll", "Stunned", {"cycles": 2, "ongoing_song": False}, "Dazed")
    ]
    assert library.saved_conditions("priority") == []


def test_conditions_are_listed_by_name_and_kept_per_ruleset(library: Library) -> None:
    for name in ("Stunned", "blessed", "Afraid"):
        library.save_condition(SavedCondition("war_scroll", name, {}))
    library.save_condition(SavedCondition("priority", "Stunned", {}))
    assert [c.name for c in library.saved_conditions("war_scroll")] == [
        "Afraid",
        "blessed",
        "Stunned",
    ]
    assert [c.name for c in library.saved_conditions("priority")] == ["Stunned"]


def test_saving_the_same_name_replaces_it(library: Library) -> None:
    library.save_condition(SavedCondition("war_scroll", "Stunned", {"cycles": 1}))
    library.save_condition(SavedCondition("war_scroll", "stunned", {"cycles": 3}, "longer"))
    (condition,) = library.saved_conditions("war_scroll")
    assert (condition.name, condition.duration["cycles"], condition.note) == (
        "stunned",
        3,
        "longer",
    )


def test_delete_a_condition(library: Library) -> None:
    library.save_condition(SavedCondition("war_scroll", "Stunned", {}))
    library.save_condition(SavedCondition("war_scroll", "Afraid", {}))
    library.delete_condition("war_scroll", "STUNNED")
    assert [c.name for c in library.saved_conditions("war_scroll")] == ["Afraid"]
    library.delete_condition("war_scroll", "nothing of that name")  # no error


def test_a_bad_duration_is_refused_with_the_fields_message(library: Library) -> None:
    with pytest.raises(CommandError, match=r"Cycles must be between 1 and 99; 0 is out of range"):
        library.save_condition(SavedCondition("war_scroll", "Stunned", {"cycles": 0}))
    with pytest.raises(CommandError, match="Unknown field"):
        library.save_condition(SavedCondition("war_scroll", "Stunned", {"rounds": 2}))
    with pytest.raises(CommandError, match="Condition name cannot be empty"):
        library.save_condition(SavedCondition("war_scroll", " ", {}))
    with pytest.raises(CommandError, match="A note holds at most 200 characters; this one has 201"):
        library.save_condition(SavedCondition("war_scroll", "Stunned", {}, "x" * 201))
    assert library.saved_conditions("war_scroll") == []


def test_conditions_survive_closing_the_library(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    first = open_library(path)
    first.save_condition(SavedCondition("priority", "Slowed", {}, "half speed"))
    first.close()
    again = open_library(path)
    assert [(c.name, c.note) for c in again.saved_conditions("priority")] == [
        ("Slowed", "half speed")
    ]
    again.close()


def test_the_default_library_lives_in_the_data_folder(tracker_home: Path) -> None:
    library = open_library()
    library.save_condition(SavedCondition("war_scroll", "Stunned", {}))
    library.close()
    assert (tracker_home / "data" / "library.sqlite3").is_file()


def test_a_library_error_is_a_tracker_error_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("my notes, not a library\n", encoding="utf-8")
    with pytest.raises(LibraryError) as caught:
        open_library(path)
    assert "is not a Roundkeeper library" in caught.value.message
