"""Importing what was exported: `clashes` names the rows the library already has (the
same or with other values), Replace gives each row an entry of its name once, the
oldest first, so an export imported back with Replace leaves the library as it was,
duplicates included; Keep both adds every row."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tracker.engine.registry import get_ruleset
from tracker.library import Library, LibraryEntry, open_library
from tracker.library.sources import read_table
from tracker.library.transfer import clashes, confirm_import, export_csv, preview_import

WAR = get_ruleset("war_scroll")
ENTRIES = [
    LibraryEntry("war_scroll", "Goblin", notes="first"),
    LibraryEntry("war_scroll", "goblin", notes="second"),  # the same name, ignoring case
    LibraryEntry("war_scroll", "=Lich", tags=("undead", "boss"), in_party=True),
    LibraryEntry("priority", "Goblin"),  # another ruleset's: never a clash
]


@pytest.fixture
def library(tmp_path: Path) -> Library:
    opened = open_library(tmp_path / "lib.sqlite3")
    opened.save_entries(ENTRIES)
    yield opened
    opened.close()


def _exported(library: Library, tmp_path: Path):
    path = tmp_path / "out.csv"
    export_csv(path, WAR, library.search("war_scroll"))
    return preview_import(read_table(path), WAR)


def _everything(library: Library) -> list[LibraryEntry]:
    return sorted(library.search(None), key=lambda e: e.id or 0)


def test_an_export_imported_back_with_replace_leaves_the_library_as_it_was(
    library: Library, tmp_path: Path
) -> None:
    before = _everything(library)
    preview = _exported(library, tmp_path)
    found = clashes(library, preview)
    assert sorted(found.identical) == ["=Lich", "Goblin", "goblin"] and found.differing == ()
    assert confirm_import(library, preview, replace_same_name=True) == (0, 3)
    assert _everything(library) == before


def test_keep_both_adds_every_row(library: Library, tmp_path: Path) -> None:
    preview = _exported(library, tmp_path)
    assert confirm_import(library, preview) == (3, 0)
    assert library.count("war_scroll") == 6


def test_rows_with_other_values_replace_and_new_ones_are_added(
    library: Library, tmp_path: Path
) -> None:
    goblins = [e for e in library.search("war_scroll", "goblin")]
    path = tmp_path / "in.csv"
    path.write_text("name,notes\nGOBLIN,changed\nImp,new\n", encoding="utf-8")
    preview = preview_import(read_table(path), WAR)
    found = clashes(library, preview)
    assert (found.identical, found.differing) == ((), ("GOBLIN",))
    assert confirm_import(library, preview, replace_same_name=True) == (1, 1)
    oldest = min(goblins, key=lambda e: e.id or 0)
    assert library.entry(oldest.id or 0) == replace(oldest, name="GOBLIN", notes="changed")
    assert [e.name for e in library.search("war_scroll", "imp")] == ["Imp"]
