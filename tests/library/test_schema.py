"""The library file: its version, migrations, and the files it refuses untouched."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from tracker.library import LibraryEntry, LibraryError, SavedCondition, open_library
from tracker.library.schema import APPLICATION_ID, MIGRATIONS, VERSION, migrate


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pragma(path: Path, name: str) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        connection.close()


def _siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def test_a_new_library_is_marked_as_tracker_s_at_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    open_library(path).close()
    assert _pragma(path, "user_version") == VERSION >= 2
    assert _pragma(path, "application_id") == APPLICATION_ID
    assert _pragma(path, "foreign_keys") == 0  # per connection: ours turns it on
    assert _siblings(path) == ["lib.sqlite3"]  # one file: no journal left beside it


def test_an_empty_file_becomes_a_library(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    path.touch()
    open_library(path).close()
    assert _pragma(path, "user_version") == VERSION


def test_a_version_1_library_is_migrated_and_keeps_its_entries(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    migrate(connection, 0, 1)
    connection.execute(
        "INSERT INTO entries (ruleset_id, name, name_key, side, stats)"
        " VALUES ('war_scroll', 'Old Guard', 'old guard', 'ally', '{\"speed\": 12}')"
    )
    connection.execute("INSERT INTO tags VALUES (1, 0, 'Veteran', 'veteran')")
    connection.close()
    assert _pragma(path, "user_version") == 1

    library = open_library(path)
    (entry,) = library.search("war_scroll")
    assert (entry.name, entry.side, entry.stats, entry.tags) == (
        "Old Guard",
        "ally",
        {"speed": 12},
        ("Veteran",),
    )
    library.save_condition(SavedCondition("war_scroll", "Stunned", {}))  # version 2's table
    library.close()
    assert _pragma(path, "user_version") == VERSION


def test_a_failed_migration_leaves_the_old_version(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    migrate(connection, 0, 1)
    connection.close()
    broken = MIGRATIONS[1].__class__(
        MIGRATIONS[1].creates, MIGRATIONS[1].script + "; CREATE TABLE entries (x)"
    )
    monkeypatch.setattr("tracker.library.schema.MIGRATIONS", (MIGRATIONS[0], broken))
    with pytest.raises(LibraryError, match="could not be brought up to date.*left at version 1"):
        open_library(path)
    assert _pragma(path, "user_version") == 1
    tables = sqlite3.connect(path).execute("SELECT name FROM sqlite_schema").fetchall()
    assert ("conditions",) not in tables


def test_a_library_from_a_newer_tracker_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    open_library(path).close()
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {VERSION + 1}")
    connection.close()
    before = _digest(path)
    expected = rf"newer Roundkeeper \(library version {VERSION + 1}; this one reads up to"
    with pytest.raises(LibraryError, match=expected):
        open_library(path)
    assert _digest(path) == before
    assert _siblings(path) == ["new.sqlite3"]


def test_a_damaged_library_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    library = open_library(path)
    library.save_entries(
        [LibraryEntry("war_scroll", f"Goblin {n}", tags=("goblin",)) for n in range(400)]
    )
    library.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page : 3 * page + 300] = b"\xff" * 300  # a page of the entries, overwritten
    path.write_bytes(bytes(data))
    before = _digest(path)
    with pytest.raises(LibraryError, match="is damaged"):
        open_library(path)
    assert _digest(path) == before


def test_a_truncated_library_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    library = open_library(path)
    library.save_entries([LibraryEntry("war_scroll", f"Orc {n}") for n in range(300)])
    library.close()
    path.write_bytes(path.read_bytes()[: 4096 * 2 + 100])
    before = _digest(path)
    with pytest.raises(LibraryError, match="is damaged"):
        open_library(path)
    assert _digest(path) == before


@pytest.mark.parametrize(
    "contents",
    [b"name,side\nGoblin,enemy\n", b"\x00" * 5000],
    ids=["text", "zeros"],
)
def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path, contents) -> None:
    path = tmp_path / "lib.sqlite3"
    path.write_bytes(contents)
    with pytest.raises(LibraryError, match="is not a Roundkeeper library"):
        open_library(path)
    assert path.read_bytes() == contents


def test_another_program_s_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)")
    connection.commit()
    connection.close()
    before = _digest(path)
    with pytest.raises(LibraryError, match="is not a Roundkeeper library"):
        open_library(path)
    assert _digest(path) == before


def test_a_library_missing_a_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    open_library(path).close()
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE tags")
    connection.commit()
    connection.close()
    with pytest.raises(LibraryError, match="is damaged"):
        open_library(path)
