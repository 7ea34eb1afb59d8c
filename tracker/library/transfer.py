"""Import and export of combatants: a table's columns mapped to a ruleset's fields, a
preview that cleans every row with the fields the engine declares (so the messages are
the engine's: "Row 4: Speed must be between 0 and 60; 99 is out of range."), and the
import of its good rows in one transaction once the GM confirms. Export writes the same
columns, so an exported file imports back unchanged.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tracker.engine.commands import clean_name
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.ruleset import AnyRuleset
from tracker.library.csv_cells import neutralised
from tracker.library.entries import (
    TAGS_FIELD,
    LibraryEntry,
    clean_entries,
    clean_tags,
    entry_fields,
)
from tracker.library.errors import LibraryError
from tracker.library.sources import EXPORT_FORMAT, EXPORT_VERSION, SourceTable
from tracker.library.store import Library
from tracker.persistence.atomic import write_atomic

REQUIRED = "name"


def guess_mapping(columns: Sequence[str], ruleset: AnyRuleset) -> tuple[str | None, ...]:
    """For each column, the field it names (by the field's name or label, ignoring case,
    spaces, "-" and "_"), or None; a field goes to its first column only."""
    by_key: dict[str, str] = {}
    for f in entry_fields(ruleset):
        by_key.setdefault(_key(f.label), f.name)
        by_key[_key(f.name)] = f.name
    taken: set[str] = set()
    mapping: list[str | None] = []
    for column in columns:
        target = by_key.get(_key(column))
        if target in taken:
            target = None
        if target is not None:
            taken.add(target)
        mapping.append(target)
    return tuple(mapping)


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch not in " _-")


@dataclass(frozen=True)
class RowResult:
    label: str
    entry: LibraryEntry | None  # None when the row has errors
    errors: tuple[str, ...]


@dataclass(frozen=True)
class ImportPreview:
    """What an import would store: nothing is written until `confirm_import`."""

    ruleset_id: str
    table: SourceTable
    mapping: tuple[str | None, ...]
    problems: tuple[str, ...]  # nothing can be imported until they are solved
    notes: tuple[str, ...]  # worth knowing, not in the way
    rows: tuple[RowResult, ...]

    @property
    def good(self) -> list[LibraryEntry]:
        if self.problems:
            return []
        return [row.entry for row in self.rows if row.entry is not None]

    @property
    def bad_rows(self) -> int:
        return sum(1 for row in self.rows if row.errors)

    @property
    def summary(self) -> str:
        if self.problems:
            return "Nothing can be imported yet: " + " ".join(self.problems)
        ready = len(self.good)
        text = f"{ready} {'row' if ready == 1 else 'rows'} ready"
        if self.bad_rows:
            text += f", {self.bad_rows} with errors (left out)"
        return text + "."


def preview_import(
    table: SourceTable, ruleset: AnyRuleset, mapping: Sequence[str | None] | None = None
) -> ImportPreview:
    """Every row of `table` cleaned as `ruleset`'s fields, columns mapped by `mapping`
    (one field name or None per column; guessed if not given)."""
    chosen = tuple(guess_mapping(table.columns, ruleset) if mapping is None else mapping)
    fields = {f.name: f for f in entry_fields(ruleset)}
    problems = _mapping_problems(table, ruleset, chosen, fields)
    rows = tuple(
        _row(row.label, row.values, row.problem, chosen, fields, ruleset) for row in table.rows
    )
    if not table.rows:
        problems.append("The file has no rows of combatants.")
    return ImportPreview(
        ruleset.id, table, chosen, tuple(problems), _notes(table, chosen, fields), rows
    )


def _mapping_problems(
    table: SourceTable,
    ruleset: AnyRuleset,
    mapping: tuple[str | None, ...],
    fields: dict[str, Field],
) -> list[str]:
    problems: list[str] = []
    if table.ruleset_id is not None and table.ruleset_id != ruleset.id:
        problems.append(
            f"The file holds combatants of another ruleset ({table.ruleset_id}); import it "
            "into that one."
        )
    if len(mapping) != len(table.columns):
        raise ValueError("One field (or None) per column.")
    unknown = [name for name in mapping if name is not None and name not in fields]
    if unknown:
        raise ValueError(f"No field named {unknown[0]!r}.")
    if REQUIRED not in mapping:
        problems.append("No column is read as the Name: choose the column that holds the names.")
    for name in dict.fromkeys(mapping):
        columns = [c for c, target in zip(table.columns, mapping, strict=True) if target == name]
        if name is not None and len(columns) > 1:
            shown = " and ".join(f"“{c}”" for c in columns)
            problems.append(f"Columns {shown} are both read as {fields[name].label}: keep one.")
    return problems


def _notes(
    table: SourceTable, mapping: tuple[str | None, ...], fields: dict[str, Field]
) -> tuple[str, ...]:
    notes: list[str] = []
    ignored = [c for c, target in zip(table.columns, mapping, strict=True) if target is None]
    if ignored:
        notes.append("Not imported: " + ", ".join(f"“{c}”" for c in ignored) + ".")
    missing = [f.label for name, f in fields.items() if name not in mapping and name != REQUIRED]
    if missing:
        notes.append("Not in the file, so set to their defaults: " + ", ".join(missing) + ".")
    return tuple(notes)


def _row(
    label: str,
    values: tuple[Any, ...],
    problem: str,
    mapping: tuple[str | None, ...],
    fields: dict[str, Field],
    ruleset: AnyRuleset,
) -> RowResult:
    if problem:
        return RowResult(label, None, (problem,))
    raw = {name: value for name, value in zip(mapping, values, strict=True) if name is not None}
    cleaned: dict[str, Any] = {}
    errors: list[str] = []
    for name, value in raw.items():
        try:
            if name == REQUIRED:
                cleaned[name] = clean_name(value)
            elif _blank(value):
                continue  # an empty cell: the field's default
            elif name == TAGS_FIELD.name:
                cleaned[name] = clean_tags(value if isinstance(value, list) else str(value))
            else:
                cleaned[name] = fields[name].clean(value)
        except CommandError as error:
            errors.append(f"{label}: {error.message}")
    if errors or REQUIRED not in cleaned:
        return RowResult(label, None, tuple(errors))
    stats = {f.name: cleaned.get(f.name, f.default) for f in ruleset.stat_fields}
    entry = LibraryEntry(
        ruleset_id=ruleset.id,
        name=cleaned[REQUIRED],
        side=cleaned.get("side", "enemy"),
        hidden=cleaned.get("hidden", False),
        notes=cleaned.get("notes", ""),
        stats=stats,
        tags=cleaned.get("tags", ()),
        in_party=cleaned.get("party", False),
    )
    return RowResult(label, entry, ())


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


@dataclass(frozen=True)
class Clashes:
    """The rows of an import whose names the library already has: `identical` where an
    entry of that name holds exactly the row's values (a file exported, then imported
    again), `differing` where it holds others."""

    identical: tuple[str, ...]
    differing: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.identical or self.differing)

    def question(self, rows: int) -> str:
        """What to ask the GM before importing `rows` rows."""
        count = len(self.identical) + len(self.differing)
        parts = []
        if self.identical:
            parts.append(f"{len(self.identical)} exactly as in the file ({_few(self.identical)})")
        if self.differing:
            parts.append(f"{len(self.differing)} with other values ({_few(self.differing)})")
        return (
            f"{count} of the {rows} combatants to import {'is' if count == 1 else 'are'} "
            f"already in the library: {'; '.join(parts)}.\n\nReplace the library's entries "
            "of the same name with the file's, or keep both (the library then lists each "
            "name twice)?"
        )


def _few(names: tuple[str, ...]) -> str:
    shown = ", ".join(names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def clashes(library: Library, preview: ImportPreview) -> Clashes:
    """The good rows of `preview` whose names the library already has."""
    good = clean_entries(preview.good)
    existing: dict[str, list[LibraryEntry]] = {}
    for entry in library.entries_named(preview.ruleset_id, (e.name for e in good)):
        existing.setdefault(entry.name.casefold(), []).append(replace(entry, id=None))
    identical: list[str] = []
    differing: list[str] = []
    for entry in good:
        same_name = existing.get(entry.name.casefold())
        if same_name:
            (identical if entry in same_name else differing).append(entry.name)
    return Clashes(tuple(identical), tuple(differing))


def confirm_import(
    library: Library, preview: ImportPreview, *, replace_same_name: bool = False
) -> tuple[int, int]:
    """Store the preview's good rows, all in one transaction, each added or (with
    `replace_same_name`) replacing the entry of its name; returns how many were added
    and replaced."""
    good = preview.good
    if not good:
        raise LibraryError(preview.summary)
    return library.import_entries(good, replace_same_name=replace_same_name)


# --- export ---------------------------------------------------------------------------
def export_columns(ruleset: AnyRuleset) -> tuple[str, ...]:
    return tuple(f.name for f in entry_fields(ruleset))


def _values(entry: LibraryEntry) -> dict[str, Any]:
    return {
        "name": entry.name,
        "side": entry.side,
        "hidden": entry.hidden,
        "notes": entry.notes,
        "tags": list(entry.tags),
        "party": entry.in_party,
        **entry.stats,
    }


def export_csv(path: Path, ruleset: AnyRuleset, entries: Sequence[LibraryEntry]) -> None:
    """Write `entries` to a CSV file with a column per field (`export_columns`)."""
    columns = export_columns(ruleset)
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for entry in entries:
        values = _values(entry)
        writer.writerow([_cell(values.get(column)) for column in columns])
    _write(path, _encoded(out.getvalue(), "utf-8-sig", path))  # the mark Excel needs


def _cell(value: Any) -> str:
    """A value as a CSV cell; a text a spreadsheet would run as a formula is written
    so that it shows as text (`csv_cells.neutralised`; the import undoes it)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return neutralised(", ".join(value))
    if isinstance(value, str):
        return neutralised(value)
    return "" if value is None else str(value)  # a number is never a formula


def export_json(path: Path, ruleset: AnyRuleset, entries: Sequence[LibraryEntry]) -> None:
    """Write `entries` as Roundkeeper's JSON export (read back by `sources.read_json`)."""
    columns = export_columns(ruleset)
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "ruleset": ruleset.id,
        "combatants": [
            {column: _values(entry).get(column) for column in columns} for entry in entries
        ],
    }
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    _write(path, _encoded(text, "utf-8", path))


def _encoded(text: str, encoding: str, path: Path) -> bytes:
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:  # a lone surrogate: no file can hold it
        raise LibraryError(
            f"{path.name} was not written: an entry holds a text that is not valid Unicode."
        ) from None


def _write(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError as error:
        raise LibraryError(f"{path.name} could not be written: {error.strerror}.") from None
