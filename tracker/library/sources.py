"""Reading a CSV or JSON file of combatants into a plain table (columns and rows of raw
values), before anything is mapped to a ruleset's fields or cleaned.

CSV: the first row names the columns; UTF-8 (with or without Excel's mark) or Windows'
own encoding; commas, semicolons or tabs; a cell the export kept from being read as a
formula ("'=x") is read as the text it was ("=x", `csv_cells.restored`).

JSON: a list of objects, or Roundkeeper's export (an object with "format", "version",
"ruleset" and "combatants"); a text that is not valid Unicode or a number out of range
anywhere in it refuses the whole file.

A file Roundkeeper cannot read at all is a `LibraryError` with the reason; a row it cannot
read is kept with its problem, so the preview can show it beside the good ones.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker.library.csv_cells import restored
from tracker.library.errors import LibraryError
from tracker.persistence.safe_read import SafeReadError, read_regular

EXPORT_FORMAT = "tracker-combatants"
EXPORT_VERSION = 1
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_ROWS = 50_000
MAX_NUMBER = 2**53
CSV_SUFFIXES = (".csv", ".tsv", ".txt")


@dataclass(frozen=True)
class SourceRow:
    label: str  # how the GM finds it: "Row 4" (the spreadsheet's row), "Item 3"
    values: tuple[Any, ...]  # one per column; None where the row has nothing
    problem: str = ""  # why the row cannot be read at all


@dataclass(frozen=True)
class SourceTable:
    columns: tuple[str, ...]
    rows: tuple[SourceRow, ...]
    ruleset_id: str | None = None  # named by a Tracker export


def read_table(path: Path) -> SourceTable:
    """The table in the CSV or JSON file at `path` (chosen by its suffix)."""
    try:
        data = read_regular(path, MAX_FILE_BYTES, "a file of combatants")
    except SafeReadError as error:  # a pipe, a device, a folder, too large
        raise LibraryError(error.message) from None
    except OSError as error:
        raise LibraryError(f"{path.name} cannot be read: {error.strerror}.") from None
    if path.suffix.lower() == ".json":
        return read_json(data, path.name)
    if path.suffix.lower() in CSV_SUFFIXES:
        return read_csv(data, path.name)
    raise LibraryError(f"{path.name} is neither a CSV nor a JSON file (.csv or .json).")


def read_csv(data: bytes, name: str = "The file") -> SourceTable:
    text = _decoded(data, name)
    first_line = text.split("\n", 1)[0]
    # The separator the first row uses most: Excel writes ";" where "," is the decimal mark.
    delimiter = max(",;\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        records = list(_limited(reader, name))
    except csv.Error as error:
        raise LibraryError(f"{name} is not a CSV file Roundkeeper can read ({error}).") from None
    if not records or not any(cell.strip() for cell in records[0]):
        raise LibraryError(f"{name} is empty: its first row should name the columns.")
    header = records[0]
    columns = tuple(cell.strip() or f"Column {n}" for n, cell in enumerate(header, 1))
    rows: list[SourceRow] = []
    for number, record in enumerate(records[1:], 2):  # the header is the sheet's row 1
        if not any(cell.strip() for cell in record):
            continue
        label = f"Row {number}"
        if len(record) > len(columns):
            problem = (
                f"{label} has {len(record)} cells; the first row names {len(columns)} columns."
            )
            rows.append(SourceRow(label, (None,) * len(columns), problem))
            continue
        cells = [*map(restored, record), *[None] * (len(columns) - len(record))]
        rows.append(SourceRow(label, tuple(cells)))
    return SourceTable(columns, tuple(rows))


def read_json(data: bytes, name: str = "The file") -> SourceTable:
    try:
        document = json.loads(_decoded(data, name))
    except json.JSONDecodeError as error:
        raise LibraryError(
            f"{name} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})."
        ) from None
    except RecursionError:
        raise LibraryError(f"{name} is nested too deeply to be a list of combatants.") from None
    except ValueError:  # a number of thousands of digits (Python's int_max_str_digits)
        raise LibraryError(
            f"{name} holds a number far too long to be a value; nothing was imported."
        ) from None
    problem = _value_problem(document)
    if problem is not None:
        raise LibraryError(f"{name} {problem}; nothing was imported.")
    ruleset_id: str | None = None
    items = document
    if isinstance(document, dict):
        if document.get("format") != EXPORT_FORMAT or not isinstance(
            document.get("combatants"), list
        ):
            raise LibraryError(
                f"{name} holds no list of combatants: expected a list of objects, or a "
                "file exported by Roundkeeper."
            )
        version = document.get("version")
        if not isinstance(version, int) or version > EXPORT_VERSION:
            raise LibraryError(
                f"{name} was exported by a newer Roundkeeper (version {version}); update "
                "Roundkeeper to import it."
            )
        ruleset = document.get("ruleset")
        ruleset_id = ruleset if isinstance(ruleset, str) else None
        items = document["combatants"]
    if not isinstance(items, list):
        raise LibraryError(f"{name} holds no list of combatants: expected a list of objects.")
    if len(items) > MAX_ROWS:
        raise LibraryError(f"{name} has more than {MAX_ROWS:,} combatants; split it.")
    columns: dict[str, None] = {}
    for item in items:
        if isinstance(item, dict):
            columns.update(dict.fromkeys(str(key) for key in item))
    rows: list[SourceRow] = []
    for number, item in enumerate(items, 1):
        label = f"Item {number}"
        if not isinstance(item, dict):
            rows.append(SourceRow(label, (None,) * len(columns), f"{label} is not an object."))
            continue
        by_name = {str(key): value for key, value in item.items()}
        rows.append(SourceRow(label, tuple(by_name.get(column) for column in columns)))
    return SourceTable(tuple(columns), tuple(rows), ruleset_id)


def _value_problem(document: Any) -> str | None:
    """Why a JSON document holds a value no entry can keep (a text with a lone surrogate
    such as "\ud800", which no file or database can store; a number that is not finite
    or beyond ±2**53, the largest a JSON number keeps exactly), or None."""
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if not _encodable(value):
                return f"holds a text that is not valid Unicode ({ascii(value[:40])})"
        elif isinstance(value, bool):
            continue
        elif isinstance(value, float):
            if not math.isfinite(value):
                return f"holds a number that is not finite ({value})"
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                return f"holds a number too large to be a value ({str(value)[:20]}…)"
        elif isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _decoded(data: bytes, name: str) -> str:
    if b"\x00" in data[:4096]:
        raise LibraryError(f"{name} is not a text file.")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise LibraryError(f"{name} is not text Roundkeeper can read (save it as UTF-8).")


def _limited(reader: Any, name: str) -> Any:
    for count, record in enumerate(reader):
        if count > MAX_ROWS:
            raise LibraryError(f"{name} has more than {MAX_ROWS:,} rows; split it.")
        yield record
