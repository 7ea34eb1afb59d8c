"""The library of combatants and saved conditions, in an SQLite file (see `schema`).

Every write of several rows is one transaction: an import, a party or a deletion is
stored whole or not at all. Values are cleaned by the rulesets' declared fields before
they are written (`entries.clean_entries`, `conditions.clean_condition`); what is read back
is checked too, so a file edited by hand is a clear `LibraryError`, not a crash.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from tracker.library.conditions import SavedCondition, clean_condition
from tracker.library.entries import LibraryEntry, clean_entries
from tracker.library.errors import LibraryError
from tracker.library.schema import connect, in_use, is_busy, transaction
from tracker.persistence import paths

ENTRY_COLUMNS = "id, ruleset_id, name, side, hidden, notes, stats, in_party"
# Beyond every character a search can end with: the upper end of a prefix range.
PAST_PREFIX = "\U0010ffff"


class Library:
    """An open library. Not thread-safe: use it from one thread (the GUI's)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path

    # --- combatants -------------------------------------------------------------------
    def search(
        self,
        ruleset_id: str | None = None,
        text: str = "",
        *,
        party_only: bool = False,
        limit: int | None = None,
    ) -> list[LibraryEntry]:
        """Entries by name (case-insensitive), those of `ruleset_id` only if given, the
        first `limit` if given. Each word of `text` must appear in the name or begin one
        of the entry's tags, ignoring case: "gob" finds Goblin, "undead boss" the undead
        tagged boss."""
        where: list[str] = []
        values: list[Any] = []
        if ruleset_id is not None:
            where.append("e.ruleset_id = ?")
            values.append(ruleset_id)
        if party_only:
            where.append("e.in_party = 1")
        for word in text.casefold().split():
            # The tags' subquery is not correlated: SQLite runs it once, on its index.
            where.append(
                "(instr(e.name_key, ?) > 0 OR e.id IN (SELECT entry_id FROM tags"
                " WHERE key >= ? AND key < ?))"
            )
            values += [word, word, word + PAST_PREFIX]
        sql = f"SELECT {_prefixed(ENTRY_COLUMNS)} FROM entries e"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY e.name_key, e.id"
        if limit is not None:
            sql += " LIMIT ?"
            values.append(limit)
        return self._entries(sql, values)

    def party(self, ruleset_id: str) -> list[LibraryEntry]:
        """The party saved for `ruleset_id`, by name."""
        return self.search(ruleset_id, party_only=True)

    def entry(self, entry_id: int) -> LibraryEntry:
        found = self._entries(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id = ?", [entry_id])
        if not found:
            raise LibraryError("That entry is no longer in the library.")
        return found[0]

    def count(self, ruleset_id: str | None = None) -> int:
        if ruleset_id is None:
            row = self._read("SELECT count(*) FROM entries", [])
        else:
            row = self._read("SELECT count(*) FROM entries WHERE ruleset_id = ?", [ruleset_id])
        return int(row[0][0])

    def save_entry(self, entry: LibraryEntry) -> LibraryEntry:
        """Store `entry` (new without an id, else replacing the one with its id); returns
        it cleaned, with its id. Raises CommandError for a bad value."""
        return self.save_entries([entry])[0]

    def save_entries(self, entries: Sequence[LibraryEntry]) -> list[LibraryEntry]:
        """Store all `entries` in one transaction (all cleaned first: one bad value and
        nothing is written)."""
        cleaned = clean_entries(entries)
        saved: list[LibraryEntry] = []
        with self._writing():
            for entry in cleaned:
                saved.append(self._write_entry(entry))
        return saved

    def save_party(self, ruleset_id: str, members: Sequence[LibraryEntry]) -> list[LibraryEntry]:
        """Make `members` the party of `ruleset_id`: each replaces the entry of the same
        name (ignoring case) if there is one, and is marked in the party; entries of the
        old party not among them stay in the library, out of the party."""
        cleaned = clean_entries(replace(m, ruleset_id=ruleset_id, in_party=True) for m in members)
        saved: list[LibraryEntry] = []
        with self._writing():
            self._db.execute("UPDATE entries SET in_party = 0 WHERE ruleset_id = ?", [ruleset_id])
            for entry in cleaned:
                existing = self._id_named(ruleset_id, entry.name)
                if existing is not None:
                    old = self._entries(
                        f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id = ?", [existing]
                    )[0]
                    entry = replace(entry, id=existing, tags=entry.tags or old.tags)
                saved.append(self._write_entry(entry))
        return saved

    def save_combatants(self, entries: Sequence[LibraryEntry]) -> tuple[int, list[str]]:
        """Store `entries`, each replacing the entry of its ruleset with the same name
        (keeping that one's tags and party place) or added; returns how many were added
        and the names replaced."""
        cleaned = clean_entries(entries)
        added = 0
        replaced: list[str] = []
        with self._writing():
            for entry in cleaned:
                existing = self._id_named(entry.ruleset_id, entry.name)
                if existing is None:
                    added += 1
                else:
                    old = self._entries(
                        f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id = ?", [existing]
                    )[0]
                    entry = replace(entry, id=existing, tags=old.tags, in_party=old.in_party)
                    replaced.append(entry.name)
                self._write_entry(entry)
        return added, replaced

    def entries_named(self, ruleset_id: str, names: Iterable[str]) -> list[LibraryEntry]:
        """The entries of `ruleset_id` named like any of `names` (ignoring case), by id."""
        keys = sorted({name.casefold() for name in names})
        found: list[LibraryEntry] = []
        for start in range(0, len(keys), 30000):  # sqlite3 binds at most 32766 values
            chunk = keys[start : start + 30000]
            found += self._entries(
                f"SELECT {ENTRY_COLUMNS} FROM entries WHERE ruleset_id = ? AND name_key IN"
                f" ({','.join('?' * len(chunk))})",
                [ruleset_id, *chunk],
            )
        return sorted(found, key=lambda entry: entry.id or 0)

    def import_entries(
        self, entries: Sequence[LibraryEntry], *, replace_same_name: bool
    ) -> tuple[int, int]:
        """Store imported `entries` in one transaction: each added, or, with
        `replace_same_name`, replacing an entry of its ruleset with its name (ignoring
        case; each entry there replaced once, the oldest first, so a file of two
        "Goblin" replaces two). Returns how many were added and replaced."""
        cleaned = clean_entries(entries)
        added = replaced = 0
        taken: set[int] = set()  # replaced or added by this import
        with self._writing():
            for entry in cleaned:
                if replace_same_name:
                    ids = self._db.execute(
                        "SELECT id FROM entries WHERE ruleset_id = ? AND name_key = ? ORDER BY id",
                        [entry.ruleset_id, entry.name.casefold()],
                    ).fetchall()
                    free = next((row[0] for row in ids if row[0] not in taken), None)
                    entry = replace(entry, id=free)
                replaced += entry.id is not None
                added += entry.id is None
                stored = self._write_entry(entry)
                taken.add(stored.id or 0)
        return added, replaced

    def delete_entries(self, entry_ids: Iterable[int]) -> None:
        ids = list(entry_ids)
        with self._writing():
            self._db.executemany("DELETE FROM entries WHERE id = ?", [[i] for i in ids])

    # --- saved conditions -------------------------------------------------------------
    def saved_conditions(self, ruleset_id: str) -> list[SavedCondition]:
        """The conditions saved for `ruleset_id`, by name."""
        rows = self._read(
            "SELECT ruleset_id, name, duration, note FROM conditions WHERE ruleset_id = ?"
            " ORDER BY name_key",
            [ruleset_id],
        )
        conditions: list[SavedCondition] = []
        for ruleset, name, duration, note in rows:
            conditions.append(
                SavedCondition(
                    ruleset_id=_text(ruleset),
                    name=_text(name),
                    duration=_mapping(duration),
                    note=_text(note),
                )
            )
        return conditions

    def save_condition(self, condition: SavedCondition) -> None:
        """Store `condition`, replacing the one of its ruleset with the same name (ignoring
        case). Raises CommandError for a bad value."""
        cleaned = clean_condition(condition)
        with self._writing():
            self._db.execute(
                "INSERT OR REPLACE INTO conditions (ruleset_id, name, name_key, duration, note)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    cleaned.ruleset_id,
                    cleaned.name,
                    cleaned.name.casefold(),
                    json.dumps(cleaned.duration),
                    cleaned.note,
                ],
            )

    def delete_condition(self, ruleset_id: str, name: str) -> None:
        with self._writing():
            self._db.execute(
                "DELETE FROM conditions WHERE ruleset_id = ? AND name_key = ?",
                [ruleset_id, name.strip().casefold()],
            )

    def close(self) -> None:
        self._db.close()

    # --- inside -----------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction; an SQLite failure (a full disk, a read-only file) is a
        LibraryError, and nothing of the transaction is kept."""
        try:
            with transaction(self._db):
                yield
        except sqlite3.Error as error:
            if is_busy(error):
                raise LibraryError(in_use(self.path)) from None
            raise LibraryError(
                f"The library {self.path} could not be written ({error}); nothing was changed."
            ) from None
        except UnicodeEncodeError:  # a lone surrogate ("\ud800") that no file can hold
            raise LibraryError(
                "A text cannot be stored: it holds a character that is not valid Unicode; "
                "nothing was changed."
            ) from None

    def _read(self, sql: str, values: Sequence[Any]) -> list[Any]:
        try:
            return self._db.execute(sql, values).fetchall()
        except sqlite3.Error as error:
            if is_busy(error):
                raise LibraryError(in_use(self.path)) from None
            raise LibraryError(f"The library {self.path} cannot be read: {error}.") from None
        except UnicodeEncodeError:
            raise LibraryError("A text that is not valid Unicode cannot be searched for.") from None

    def _entries(self, sql: str, values: Sequence[Any]) -> list[LibraryEntry]:
        rows = self._read(sql, values)
        tags = self._tags([row[0] for row in rows])
        return [_entry_from_row(row, tags.get(row[0], ())) for row in rows]

    def _tags(self, entry_ids: list[int]) -> dict[int, tuple[str, ...]]:
        if not entry_ids:
            return {}
        found: dict[int, list[str]] = {}
        # One query for all the entries read; sqlite3 binds at most 32766 values.
        for start in range(0, len(entry_ids), 30000):
            chunk = entry_ids[start : start + 30000]
            marks = ",".join("?" * len(chunk))
            for entry_id, tag in self._read(
                f"SELECT entry_id, tag FROM tags WHERE entry_id IN ({marks})"
                " ORDER BY entry_id, position",
                chunk,
            ):
                found.setdefault(entry_id, []).append(_text(tag))
        return {key: tuple(value) for key, value in found.items()}

    def _id_named(self, ruleset_id: str, name: str) -> int | None:
        row = self._db.execute(
            "SELECT id FROM entries WHERE ruleset_id = ? AND name_key = ? ORDER BY id LIMIT 1",
            [ruleset_id, name.casefold()],
        ).fetchone()
        return None if row is None else int(row[0])

    def _write_entry(self, entry: LibraryEntry) -> LibraryEntry:
        values = [
            entry.ruleset_id,
            entry.name,
            entry.name.casefold(),
            entry.side,
            int(entry.hidden),
            entry.notes,
            json.dumps(entry.stats),
            int(entry.in_party),
        ]
        if entry.id is None:
            cursor = self._db.execute(
                "INSERT INTO entries (ruleset_id, name, name_key, side, hidden, notes, stats,"
                " in_party) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            entry = replace(entry, id=cursor.lastrowid)
        else:
            cursor = self._db.execute(
                "UPDATE entries SET ruleset_id = ?, name = ?, name_key = ?, side = ?,"
                " hidden = ?, notes = ?, stats = ?, in_party = ? WHERE id = ?",
                [*values, entry.id],
            )
            if cursor.rowcount != 1:
                raise LibraryError(f"{entry.name} is no longer in the library.")
            self._db.execute("DELETE FROM tags WHERE entry_id = ?", [entry.id])
        self._db.executemany(
            "INSERT INTO tags (entry_id, position, tag, key) VALUES (?, ?, ?, ?)",
            [[entry.id, n, tag, tag.casefold()] for n, tag in enumerate(entry.tags)],
        )
        return entry


def open_library(path: Path | None = None) -> Library:
    """The library at `path`, by default `library.sqlite3` in Roundkeeper's data folder
    (created if missing). Raises LibraryError, leaving the file untouched, if it is
    damaged, not a library, or from a newer Roundkeeper."""
    where = paths.library_file() if path is None else path
    return Library(connect(where), where)


def _prefixed(columns: str) -> str:
    return ", ".join(f"e.{column.strip()}" for column in columns.split(","))


def _entry_from_row(row: Sequence[Any], tags: tuple[str, ...]) -> LibraryEntry:
    entry_id, ruleset_id, name, side, hidden, notes, stats, in_party = row
    return LibraryEntry(
        id=int(entry_id),
        ruleset_id=_text(ruleset_id),
        name=_text(name),
        side=_text(side),
        hidden=bool(hidden),
        notes=_text(notes),
        stats=_mapping(stats),
        tags=tags,
        in_party=bool(in_party),
    )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise LibraryError("The library holds a damaged entry (a text that is not text).")
    return value


def _mapping(value: Any) -> dict[str, Any]:
    try:
        data = json.loads(value)
    except (TypeError, ValueError):
        data = None
    if not isinstance(data, dict):
        raise LibraryError("The library holds a damaged entry (its values cannot be read).")
    return data
