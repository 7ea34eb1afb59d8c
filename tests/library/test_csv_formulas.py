"""CSV export neutralises what a spreadsheet would run as a formula (a cell beginning
with "=", "+", "-", "@", a tab or a carriage return gets a single quote before it, as
OWASP advises) and the import takes it off again: every text comes back exactly, a text
that really begins with a quote too."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.engine.registry import get_ruleset
from tracker.library import Library, LibraryEntry, LibraryError, open_library
from tracker.library.csv_cells import FORMULA_STARTS, neutralised, restored
from tracker.library.sources import read_table
from tracker.library.transfer import export_csv, export_json, preview_import

WAR = get_ruleset("war_scroll")
PLAIN = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")  # storable
TRICKY = "=+-@\t\r'a, \"\n"
NAMES = [
    '=HYPERLINK("http://evil","x")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
    "'=already quoted",
    "''double",
    "'",
    "''",
    "'Twas a goblin",
    "O'Brien",
    "Goblin",
    "=",
    "'-",
    "'''=",
]


@pytest.fixture
def library(tmp_path: Path) -> Library:
    opened = open_library(tmp_path / "lib.sqlite3")
    yield opened
    opened.close()


def _cells(path: Path) -> list[list[str]]:
    text = path.read_bytes().decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline="")))


def test_formula_cells_are_written_as_text(library: Library, tmp_path: Path) -> None:
    library.save_entries(
        [
            LibraryEntry("war_scroll", "=1+1", notes="@import", tags=("-loot", "x")),
            LibraryEntry("war_scroll", "Goblin", notes="\tindented", stats={"speed": 12}),
        ]
    )
    path = tmp_path / "out.csv"
    export_csv(path, WAR, library.search("war_scroll"))
    header, first, second = _cells(path)
    row = dict(zip(header, first, strict=True))
    assert (row["name"], row["notes"], row["tags"]) == ("'=1+1", "'@import", "'-loot, x")
    row = dict(zip(header, second, strict=True))
    assert (row["name"], row["notes"], row["speed"]) == ("Goblin", "'\tindented", "12")
    for record in (first, second):
        assert all(cell[:1] not in FORMULA_STARTS for cell in record if not cell.isdigit())


def test_names_come_back_exactly(library: Library, tmp_path: Path) -> None:
    library.save_entries([LibraryEntry("war_scroll", name) for name in NAMES])
    path = tmp_path / "out.csv"
    export_csv(path, WAR, library.search("war_scroll"))
    preview = preview_import(read_table(path), WAR)
    assert sorted(entry.name for entry in preview.good) == sorted(NAMES)


def test_a_negative_number_is_left_as_it_is(library: Library, tmp_path: Path) -> None:
    example = get_ruleset("ap_countdown")
    number = next(f for f in example.stat_fields if f.kind == "int" and (f.minimum or 0) < 0)
    library.save_entry(LibraryEntry(example.id, "Ogre", stats={number.name: -2}))
    path = tmp_path / "out.csv"
    export_csv(path, example, library.search(example.id))
    header, row = _cells(path)
    assert dict(zip(header, row, strict=True))[number.name] == "-2"
    (entry,) = preview_import(read_table(path), example).good
    assert entry.stats[number.name] == -2


@given(st.text(alphabet=TRICKY, max_size=8))
def test_every_text_round_trips_through_a_cell(text: str) -> None:
    cell = neutralised(text)
    assert cell[:1] not in FORMULA_STARTS
    assert restored(cell) == text


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=PLAIN | st.sampled_from(TRICKY), max_size=200).filter(str.strip))
def test_every_note_comes_back_exactly_through_a_csv_file(note: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "out.csv"
        export_csv(path, WAR, [LibraryEntry("war_scroll", "Goblin", notes=note)])
        (entry,) = preview_import(read_table(path), WAR).good
    assert entry.notes == note


def test_an_entry_holding_a_lone_surrogate_is_not_exported(tmp_path: Path) -> None:
    entry = LibraryEntry("war_scroll", "Gob\ud800lin")
    for export in (export_csv, export_json):
        with pytest.raises(LibraryError, match="not valid Unicode"):
            export(tmp_path / "out.csv", WAR, [entry])
    assert not (tmp_path / "out.csv").exists()


def test_a_listed_tag_holding_a_comma_is_two_tags_as_its_csv_cell_reads() -> None:
    from tracker.library.entries import clean_tags

    assert clean_tags(["big, bad", "undead;boss"]) == ("big", "bad", "undead", "boss")
    assert clean_tags("big, bad") == clean_tags(["big, bad"])
