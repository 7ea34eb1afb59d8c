"""Import from CSV and JSON (mapping, preview, per-row errors, confirm) and export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tracker.engine.registry import get_ruleset
from tracker.library import Library, LibraryEntry, LibraryError, open_library
from tracker.library.sources import read_csv, read_json, read_table
from tracker.library.transfer import (
    confirm_import,
    export_csv,
    export_json,
    guess_mapping,
    preview_import,
)

WAR = get_ruleset("war_scroll")

BESTIARY_CSV = """\
Name,Side,Speed,Swiftness,Allegiance,Tags,Colour
Goblin,enemy,5,3,fallen,"goblin, small",green
Troll,Enemy,12,2,other,giant,grey
Ghost,villain,9,4,other,undead,white
Giant,enemy,99,1,other,giant,brown
Imp,enemy,fast,7,fallen,,red
,enemy,5,5,other,,none
"""


@pytest.fixture
def library(tmp_path: Path) -> Library:
    opened = open_library(tmp_path / "lib.sqlite3")
    yield opened
    opened.close()


def test_columns_are_mapped_by_field_name_or_label_ignoring_case() -> None:
    columns = ("NAME", "Hidden from players", "speed", "Swift ness", "tags", "Colour", "Name")
    assert guess_mapping(columns, WAR) == (
        "name",
        "hidden",
        "speed",
        "swiftness",
        "tags",
        None,
        None,  # a field is read from its first column only
    )


def test_the_preview_lists_good_rows_and_clear_errors_per_row() -> None:
    preview = preview_import(read_csv(BESTIARY_CSV.encode()), WAR)
    assert preview.problems == ()
    assert [entry.name for entry in preview.good] == ["Goblin", "Troll"]
    goblin = preview.good[0]
    assert (goblin.stats, goblin.tags, goblin.side) == (
        {"speed": 5, "swiftness": 3, "allegiance": "fallen", "endurance": 0, "endurance_lost": 0},
        ("goblin", "small"),
        "enemy",
    )
    assert {row.label: row.errors for row in preview.rows if row.errors} == {
        "Row 4": ("Row 4: Side must be one of: party, ally, enemy, neutral.",),
        "Row 5": ("Row 5: Speed must be between 0 and 60; 99 is out of range.",),
        "Row 6": ("Row 6: Speed must be a whole number, not 'fast'.",),
        "Row 7": ("Row 7: Name cannot be empty.",),
    }
    assert preview.summary == "2 rows ready, 4 with errors (left out)."
    assert preview.notes == (
        "Not imported: “Colour”.",
        "Not in the file, so set to their defaults: Hidden from players, Notes, In the party, "
        "Endurance, Endurance lost.",
    )


def test_every_error_of_a_row_is_listed() -> None:
    table = read_csv(b"name,speed,swiftness\nOgre,-1,100\n")
    (row,) = preview_import(table, WAR).rows
    assert row.errors == (
        "Row 2: Speed must be between 0 and 60; -1 is out of range.",
        "Row 2: Swiftness must be between 0 and 99; 100 is out of range.",
    )


def test_empty_cells_take_the_defaults() -> None:
    (entry,) = preview_import(read_csv(b"name,speed,hidden\nOgre,,\n"), WAR).good
    assert (entry.stats["speed"], entry.hidden) == (7, False)


def test_a_missing_name_column_stops_the_import_with_a_clear_message(library: Library) -> None:
    preview = preview_import(read_csv(b"Creature,Speed\nGoblin,5\n"), WAR)
    assert preview.problems == (
        "No column is read as the Name: choose the column that holds the names.",
    )
    assert preview.good == []
    with pytest.raises(LibraryError, match="No column is read as the Name"):
        confirm_import(library, preview)
    assert library.count() == 0
    mapped = preview_import(preview.table, WAR, ("name", "speed"))  # the GM maps it
    assert [e.name for e in mapped.good] == ["Goblin"]


def test_two_columns_read_as_one_field_is_a_problem() -> None:
    preview = preview_import(
        read_csv(b"name,speed,ap\nGoblin,5,6\n"), WAR, ("name", "speed", "speed")
    )
    assert preview.problems == ("Columns “speed” and “ap” are both read as Speed: keep one.",)


def test_nothing_is_written_before_the_gm_confirms(library: Library) -> None:
    preview = preview_import(read_csv(BESTIARY_CSV.encode()), WAR)
    assert library.count() == 0
    assert confirm_import(library, preview) == (2, 0)  # added, replaced
    assert [e.name for e in library.search("war_scroll")] == ["Goblin", "Troll"]


def test_an_import_with_nothing_good_is_refused(library: Library) -> None:
    preview = preview_import(read_csv(b"name,speed\nGoblin,99\n"), WAR)
    with pytest.raises(LibraryError, match="0 rows ready, 1 with errors"):
        confirm_import(library, preview)
    assert library.count() == 0


def test_csv_with_semicolons_and_a_byte_order_mark() -> None:
    data = "\ufeffName;Speed;Notes\nGoblin;5;likes, cheese\n".encode()
    (entry,) = preview_import(read_csv(data), WAR).good
    assert (entry.name, entry.stats["speed"], entry.notes) == ("Goblin", 5, "likes, cheese")


def test_a_row_with_too_many_cells_is_an_error_of_that_row() -> None:
    preview = preview_import(read_csv(b"name,speed\nGoblin,5,9\nOrc,6\n"), WAR)
    assert [e.name for e in preview.good] == ["Orc"]
    assert preview.rows[0].errors == ("Row 2 has 3 cells; the first row names 2 columns.",)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.csv", b"", "is empty"),
        ("binary.csv", b"\x00\x01\x02name", "is not a text file"),
        ("broken.json", b'[{"name": "Goblin",]', r"is not valid JSON \(line 1, column 20"),
        ("object.json", b'{"name": "Goblin"}', "holds no list of combatants"),
        ("number.json", b"42", "holds no list of combatants"),
        (
            "newer.json",
            b'{"format": "tracker-combatants", "version": 9, "combatants": []}',
            "exported by a newer Roundkeeper",
        ),
        ("notes.docx", b"PK\x03\x04", "neither a CSV nor a JSON file"),
    ],
)
def test_a_file_that_cannot_be_read_is_a_clear_message(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(LibraryError, match=message):
        read_table(path)


def test_json_lists_of_objects_with_native_values() -> None:
    data = json.dumps(
        [
            {"name": "Aurel", "side": "party", "speed": 17, "tags": ["hero", "paladin"]},
            {"name": "Brakk", "hidden": True, "speed": 10.0, "allegiance": "FALLEN"},
            "Cira",
        ]
    ).encode()
    preview = preview_import(read_json(data), WAR)
    aurel, brakk = preview.good
    assert (aurel.side, aurel.tags, aurel.stats["speed"]) == ("party", ("hero", "paladin"), 17)
    assert (brakk.hidden, brakk.stats["speed"], brakk.stats["allegiance"]) == (
        True,
        10,
        "fallen",
    )
    assert preview.rows[2].errors == ("Item 3 is not an object.",)


def test_an_export_of_another_ruleset_is_not_imported_into_this_one(tmp_path: Path) -> None:
    path = tmp_path / "ticks.json"
    export_json(path, get_ruleset("highest_roll"), [LibraryEntry("highest_roll", "Imp")])
    preview = preview_import(read_table(path), WAR)
    assert preview.problems == (
        "The file holds combatants of another ruleset (highest_roll); import it into that one.",
    )


ENTRIES = [
    LibraryEntry(
        "war_scroll",
        "Aurel, the Bright",
        "party",
        False,
        'Says "hi"\nand leaves',
        {"speed": 17, "swiftness": 9, "allegiance": "holy"},
        ("hero", "paladin"),
        True,
    ),
    LibraryEntry(
        "war_scroll",
        "Ærwyn",
        "enemy",
        True,
        "",
        {"speed": 0, "swiftness": 99, "allegiance": "fallen"},
        (),
        False,
    ),
]


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_an_export_imports_back_unchanged(library: Library, tmp_path: Path, suffix: str) -> None:
    stored = library.save_entries(ENTRIES)
    path = tmp_path / f"bestiary{suffix}"
    (export_csv if suffix == ".csv" else export_json)(path, WAR, library.search("war_scroll"))
    preview = preview_import(read_table(path), WAR)
    assert preview.problems == () and preview.notes == ()
    assert sorted(preview.good, key=lambda e: e.name) == sorted(
        [LibraryEntry(**{**e.__dict__, "id": None}) for e in stored], key=lambda e: e.name
    )


def test_a_sixth_ruleset_imports_by_declaring_its_fields(library: Library) -> None:
    example = get_ruleset("highest_roll")
    preview = preview_import(read_csv(b"Name,Roll\nImp,12\nDjinn,120\n"), example)
    assert [e.stats for e in preview.good] == [{"roll": 12, "hp": 10, "damage": 0}]
    assert preview.rows[1].errors == ("Row 3: Roll must be between 0 and 99; 120 is out of range.",)
    confirm_import(library, preview)
    assert [e.name for e in library.search("highest_roll")] == ["Imp"]


def test_an_export_that_cannot_be_written_is_a_message(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="could not be written"):
        export_csv(tmp_path / "missing" / "out.csv", WAR, ENTRIES)
