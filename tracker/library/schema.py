"""The library file: an SQLite database marked as Roundkeeper's, with a schema version and
the migrations that bring an older file up to date.

A file is Roundkeeper's when its header's `application_id` is ours; `user_version` is its
schema version. Opening checks, before writing anything, that the file is an SQLite
database, is ours (or brand new and empty), passes `PRAGMA quick_check`, and is not from
a newer Roundkeeper; any failure is a `LibraryError` and the file is left exactly as it was.
Migrations run in one transaction with the version bump, so a file is at one version or
the next, never in between.

The journal is SQLite's rollback journal with `synchronous=FULL`: a transaction killed
half-way is rolled back the next time the file is opened, and the library stays one
file the GM can copy (no `-wal` file holding committed changes beside it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tracker.library.errors import LibraryError
from tracker.persistence.safe_read import NotRegularFileError, open_regular

APPLICATION_ID = 0x54524B4C  # "TRKL" in the file's header: a Tracker library
# How long a statement waits for another connection's lock before the GM is told the
# library is in use: the window never freezes (SQLite's default is 5 s). Our own
# transactions hold the lock for a few milliseconds.
BUSY_SECONDS = 0.1
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Migration:
    creates: frozenset[str]  # the tables it adds (an opened file must have them all)
    script: str  # statements separated by ";"


# MIGRATIONS[n] brings a file from version n to n + 1. Never edit a released one: add.
MIGRATIONS: tuple[Migration, ...] = (
    # 1: combatants and their tags. `name_key` and `key` hold the case-folded text the
    # searches compare (SQLite's own NOCASE folds ASCII only).
    Migration(
        frozenset({"entries", "tags"}),
        """
    CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        ruleset_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        side TEXT NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0,
        notes TEXT NOT NULL DEFAULT '',
        stats TEXT NOT NULL DEFAULT '{}',
        in_party INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX entries_by_name ON entries (ruleset_id, name_key);
    CREATE TABLE tags (
        entry_id INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        tag TEXT NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (entry_id, key)
    );
    CREATE INDEX tags_by_key ON tags (key);
    """,
    ),
    # 2: saved conditions (an effect with its duration filled in), one per name.
    Migration(
        frozenset({"conditions"}),
        """
    CREATE TABLE conditions (
        ruleset_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        duration TEXT NOT NULL DEFAULT '{}',
        note TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (ruleset_id, name_key)
    );
    """,
    ),
)
VERSION = len(MIGRATIONS)


def connect(path: Path) -> sqlite3.Connection:
    """An open, checked and up-to-date library at `path` (created if missing)."""
    _check_header(path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
    except sqlite3.Error as error:
        raise LibraryError(f"The library {path} cannot be opened: {error}.") from None
    try:
        _prepare(connection, path)
    except BaseException:
        connection.close()
        raise
    return connection


def _check_header(path: Path) -> None:
    """Refuse, before SQLite opens it, a file that is not an SQLite database: a pipe or a
    device (never waited on nor read: `safe_read`), or a file of something else."""
    try:
        with open_regular(path, "a library") as (handle, _size):
            header = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except NotRegularFileError as error:
        raise LibraryError(
            f"The library {path} is {error.kind}, not a file; it was left as it is. Move it "
            "away to start a new library."
        ) from None
    except OSError as error:
        raise LibraryError(f"The library {path} cannot be read: {error.strerror}.") from None
    if header and header != SQLITE_HEADER:
        raise LibraryError(f"{path} is not a Roundkeeper library; it was left as it is.")


def _prepare(connection: sqlite3.Connection, path: Path) -> None:
    try:
        # Reading comes first: a transaction a kill interrupted is rolled back here.
        result = connection.execute("PRAGMA quick_check").fetchall()
        if result != [("ok",)]:
            raise LibraryError(_damaged(path))
        application = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
    except sqlite3.DatabaseError as error:
        raise LibraryError(_unreadable(path, error)) from None
    new = application == 0 and version == 0 and not tables
    if not new and application != APPLICATION_ID:
        raise LibraryError(f"{path} is not a Roundkeeper library; it was left as it is.")
    if version > VERSION:
        raise LibraryError(
            f"The library {path} was written by a newer Roundkeeper (library version {version}; "
            f"this one reads up to version {VERSION}). Update Roundkeeper to use it; the file "
            "was left as it is."
        )
    expected = _tables_at(version)
    if tables != expected:
        raise LibraryError(_damaged(path))
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.execute("PRAGMA synchronous = FULL")
    if version < VERSION:
        try:
            migrate(connection, version, VERSION)
        except sqlite3.Error as error:
            raise LibraryError(
                f"The library {path} could not be brought up to date ({error}); it was left "
                f"at version {version}."
            ) from None


def _tables_at(version: int) -> set[str]:
    return {table for migration in MIGRATIONS[:version] for table in migration.creates}


def migrate(connection: sqlite3.Connection, start: int, end: int) -> None:
    """Apply MIGRATIONS[start:end] and set the version, all in one transaction."""
    with transaction(connection):
        for migration in MIGRATIONS[start:end]:
            for statement in _statements(migration.script):
                connection.execute(statement)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {end}")


def _statements(script: str) -> list[str]:
    """The statements of a migration (`executescript` would commit on its own)."""
    return [part.strip() for part in script.split(";") if part.strip()]


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One transaction: everything inside is written, or nothing is."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def is_busy(error: sqlite3.Error) -> bool:
    """True if `error` says another connection holds the file locked."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF in BUSY_CODES  # extended codes too


def in_use(path: Path) -> str:
    return (
        f"The library {path} is in use by another Roundkeeper window or program; nothing "
        "was changed. Close the other one, or try again in a moment."
    )


def _unreadable(path: Path, error: sqlite3.DatabaseError) -> str:
    return in_use(path) if is_busy(error) else _damaged(path)


def _damaged(path: Path) -> str:
    return (
        f"The library {path} is damaged and cannot be used; it was left as it is. "
        "Restore a copy of it, or move it away to start a new library."
    )
