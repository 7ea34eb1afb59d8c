"""The library sweep: bad import files (JSON and CSV with lone surrogates, numbers of
thousands of digits or not finite, formula cells, texts beginning with quotes, bad
encodings, flipped bytes, cut short, duplicates) and damaged library databases.

An import case passes when the file is refused with a `TrackerError` (nothing stored),
or when what it stored can be searched, exported to CSV and JSON, and each export reads
back as exactly the entries stored. A database case passes when the damaged file is
refused and left byte for byte as it was, or opens and answers searches, a save and an
export with at most a `TrackerError`."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import random
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from tests.damage.tally import Tally
from tracker.engine.errors import TrackerError
from tracker.engine.registry import get_ruleset
from tracker.library import LibraryEntry, open_library
from tracker.library.csv_cells import FORMULA_STARTS
from tracker.library.sources import read_table
from tracker.library.transfer import (
    clashes,
    confirm_import,
    export_csv,
    export_json,
    preview_import,
)

WAR = get_ruleset("war_scroll")
TEXTS = ["Goblin", "=1+1", "+cmd", "-x", "@SUM(A1)", "\ttab", "'=quoted", "''", "O'Brien", "Ærwyn"]
NOTES = ["", '=HYPERLINK("x")', "\rreturn", "line\nbreak", 'say "hi"', "'-", "a, b; c"]
BAD_TEXTS = ["\\ud800", "Gob\\udfffx", "\\udc80\\ud800"]
BAD_NUMBERS = ["9" * 5001, "-" + "1" * 4400, "NaN", "Infinity", "-Infinity", "1e400", str(2**64)]


def _combatants(rng: random.Random) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for _ in range(rng.randint(1, 6)):
        rows.append(
            {
                "name": rng.choice(TEXTS),
                "side": rng.choice(["enemy", "ally", "party"]),
                "notes": rng.choice(NOTES),
                "tags": rng.sample(
                    ["undead", "=boss", "-minion", "'x", "big, bad"], rng.randint(0, 2)
                ),
                "speed": rng.randint(0, 60),
            }
        )
    return rows + rng.sample(rows, rng.randint(0, len(rows)))  # duplicates too


def _json_case(rng: random.Random) -> bytes:
    text = json.dumps(_combatants(rng), ensure_ascii=rng.random() < 0.5)
    damage = rng.randrange(5)
    if damage == 0:
        text = text.replace('"Goblin"', f'"{rng.choice(BAD_TEXTS)}"', 1).replace(
            '"name"', f'"{rng.choice(BAD_TEXTS)}"', rng.randint(0, 1)
        )
        text = text.replace("[]", f'["{rng.choice(BAD_TEXTS)}"]', 1)
    elif damage == 1:
        text = (
            text.replace(
                ": " + text.split('"speed": ')[1].split("}")[0], ": " + rng.choice(BAD_NUMBERS), 1
            )
            if '"speed": ' in text
            else text
        )
    data = text.encode(rng.choice(["utf-8", "utf-8-sig", "utf-16"]) if damage == 2 else "utf-8")
    if damage == 3:
        data = _flipped(data, rng)
    if damage == 4:
        data = data[: rng.randrange(len(data) + 1)]
    return data


def _csv_case(rng: random.Random) -> bytes:
    rows = _combatants(rng)
    lines = ["name,side,notes,tags,speed"]
    for row in rows:
        cells = [str(row[key]) for key in ("name", "side", "notes")]
        tags = row["tags"]
        assert isinstance(tags, list)
        cells.append(", ".join(tags))
        cells.append(rng.choice([str(row["speed"]), rng.choice(BAD_NUMBERS), "'-3", "=2+2"]))
        lines.append(",".join('"' + c.replace('"', '""') + '"' for c in cells))
    text = "\r\n".join(lines) + "\r\n"
    encoding = rng.choice(["utf-8", "utf-8-sig", "cp1252", "utf-16", "latin-1"])
    data = text.encode(encoding, errors="replace")
    if rng.random() < 0.3:
        data = _flipped(data, rng)
    return data


def _flipped(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if damaged:
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
    return bytes(damaged)


def _import_case(path: Path, workdir: Path, tally: Tally, label: str) -> None:
    library = open_library(workdir / "import.sqlite3")
    try:
        before = library.count()
        try:
            preview = preview_import(read_table(path), WAR)
            clashes(library, preview)
            confirm_import(
                library,
                preview,
                replace_same_name=bool(preview.rows) and len(preview.rows) % 2 == 0,
            )
        except TrackerError:
            if library.count() != before:
                tally.fail(f"{label}: refused, yet {library.count() - before} entries stored")
            else:
                tally.refused += 1
            return
        stored = sorted(library.search(WAR.id), key=_key)
        for suffix, export in ((".csv", export_csv), (".json", export_json)):
            exported = workdir / f"export{suffix}"
            export(exported, WAR, stored)
            if suffix == ".csv" and _formula_cells(exported):
                tally.fail(f"{label}: its CSV export holds formulas {_formula_cells(exported)}")
                return
            back = sorted(preview_import(read_table(exported), WAR).good, key=_key)
            if back != [replace(entry, id=None) for entry in stored]:
                tally.fail(f"{label}: its {suffix} export does not read back as stored")
                return
        tally.accepted += 1
    finally:
        library.close()
        (workdir / "import.sqlite3").unlink(missing_ok=True)


def _formula_cells(path: Path) -> list[str]:
    """The cells of a CSV file a spreadsheet would run (numbers aside)."""
    text = path.read_bytes().decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]
    return [c for c in cells if c[:1] in FORMULA_STARTS and not _number(c)]


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _key(entry: LibraryEntry) -> tuple[str, str, str, tuple[str, ...], str]:
    return (entry.name, entry.side, entry.notes, entry.tags, json.dumps(entry.stats))


def _database_case(good: Path, workdir: Path, rng: random.Random, tally: Tally, label: str) -> None:
    path = workdir / "damaged.sqlite3"
    data = good.read_bytes()
    damage = rng.randrange(4)
    if damage == 0:
        data = _flipped(data, rng)
    elif damage == 1:
        data = data[: rng.randrange(len(data) + 1)]
    elif damage == 2:
        page = rng.randrange(max(1, len(data) // 4096)) * 4096
        data = data[:page] + bytes(4096) + data[page + 4096 :]
    else:
        data = data + bytes(rng.randrange(256) for _ in range(rng.randint(1, 5000)))
    path.write_bytes(data)
    try:
        library = open_library(path)
    except TrackerError:
        if path.read_bytes() != data:
            tally.fail(f"{label}: refused, but the file was changed")
        else:
            tally.refused += 1
        return
    except Exception as error:
        tally.fail(f"{label}: {type(error).__name__}: {error}")
        return
    try:
        for action in _database_actions(library, workdir):
            with contextlib.suppress(TrackerError):
                action()
        tally.accepted += 1
    except Exception as error:
        tally.fail(f"{label}: {type(error).__name__}: {error}")
    finally:
        library.close()
        path.unlink(missing_ok=True)


def _database_actions(library, workdir: Path) -> list[Callable[[], object]]:
    return [
        lambda: library.count(),
        lambda: library.search(WAR.id, "gob"),
        lambda: library.saved_conditions(WAR.id),
        lambda: library.save_entry(LibraryEntry(WAR.id, "Fresh")),
        lambda: export_csv(workdir / "damaged.csv", WAR, library.search(WAR.id)),
    ]


def _good_database(workdir: Path) -> Path:
    path = workdir / "good.sqlite3"
    library = open_library(path)
    library.save_entries(
        [LibraryEntry(WAR.id, f"Goblin {n}", notes="x" * n, tags=("undead",)) for n in range(60)]
    )
    library.close()
    return path


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("library")
    rng = random.Random(seed)
    good = _good_database(workdir)
    for number in range(cases):
        kind = number % 3
        tally.tried += 1
        label = f"case {number} ({['json', 'csv', 'database'][kind]}, seed {seed})"
        try:
            if kind == 0:
                path = workdir / "import.json"
                path.write_bytes(_json_case(rng))
                _import_case(path, workdir, tally, label)
            elif kind == 1:
                path = workdir / "import.csv"
                path.write_bytes(_csv_case(rng))
                _import_case(path, workdir, tally, label)
            else:
                _database_case(good, workdir, rng, tally, label)
        except Exception as error:  # what would have reached the GM
            tally.fail(f"{label}: {type(error).__name__}: {str(error)[:200]}")
            keep = workdir / "failed"
            keep.mkdir(exist_ok=True)
            for made in workdir.glob("import.*"):
                shutil.copy(made, keep / f"{number}-{made.name}")
    return tally
