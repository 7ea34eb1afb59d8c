"""A library another program holds locked (another Roundkeeper window, a database tool)
answers at once with a clear message and changes nothing; it is used again as soon as
the lock is let go."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tracker.library import Library, LibraryEntry, LibraryError, open_library

AT_ONCE = 1.0  # seconds: SQLite's default wait is 5 s; the library's is 0.1 s


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another connection holding the file's exclusive lock (no one else reads or
    writes) until the block ends."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    opened = open_library(tmp_path / "lib.sqlite3")
    opened.save_entry(LibraryEntry("war_scroll", "Goblin"))
    yield opened
    opened.close()


def _refused_at_once(action) -> str:
    started = time.monotonic()
    with pytest.raises(LibraryError) as refused:
        action()
    assert time.monotonic() - started < AT_ONCE
    return refused.value.message


def test_reading_and_writing_a_locked_library_answer_at_once(library: Library) -> None:
    expected = (
        f"The library {library.path} is in use by another Roundkeeper window or program; "
        "nothing was changed. Close the other one, or try again in a moment."
    )
    with locked(library.path):
        assert _refused_at_once(lambda: library.search("war_scroll")) == expected
        assert _refused_at_once(lambda: library.save_entry(LibraryEntry("war_scroll", "Orc"))) == (
            expected
        )
        assert _refused_at_once(lambda: library.delete_entries([1])) == expected
    assert [e.name for e in library.search("war_scroll")] == ["Goblin"]  # nothing changed
    library.save_entry(LibraryEntry("war_scroll", "Orc"))  # the lock let go: used again
    assert library.count() == 2


def test_opening_a_locked_library_answers_at_once(library: Library) -> None:
    with locked(library.path):
        said = _refused_at_once(lambda: open_library(library.path))
    assert "is in use by another Roundkeeper window" in said
