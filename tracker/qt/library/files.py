"""Choosing the file to import from or export to, with the GM's last folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from tracker.engine.ruleset import AnyRuleset
from tracker.library import LibraryEntry
from tracker.library.transfer import export_csv, export_json
from tracker.persistence import paths

CSV_FILTER = "CSV spreadsheet (*.csv)"
JSON_FILTER = "JSON (*.json)"
IMPORT_FILTER = "Combatants (*.csv *.json *.tsv *.txt);;All files (*)"
_last_folder: list[Path] = []  # the folder of the last file chosen, for the next dialog


def _folder() -> str:
    return str(_last_folder[-1] if _last_folder else paths.data_dir())


def _remember(path: Path) -> None:
    _last_folder[:] = [path.parent]


def choose_import_file(parent: QWidget) -> Path | None:
    filename, _ = QFileDialog.getOpenFileName(parent, "Import combatants", _folder(), IMPORT_FILTER)
    if not filename:
        return None
    _remember(Path(filename))
    return Path(filename)


def export_with_dialog(
    parent: QWidget, ruleset: AnyRuleset, entries: list[LibraryEntry]
) -> str | None:
    """Ask where, write `entries` as CSV or JSON (by the name's suffix, else the filter
    chosen); returns what happened in words, None if the GM cancelled. Raises
    LibraryError when the file cannot be written."""
    if not entries:
        return "Nothing to export: no entry is listed."
    suggested = str(Path(_folder()) / f"{ruleset.id}-library.csv")
    filename, chosen = QFileDialog.getSaveFileName(
        parent, "Export the library", suggested, f"{CSV_FILTER};;{JSON_FILTER}"
    )
    if not filename:
        return None
    path = Path(filename)
    if path.suffix.lower() not in (".csv", ".json"):
        path = path.with_suffix(".json" if chosen == JSON_FILTER else ".csv")
    _remember(path)
    write = export_json if path.suffix.lower() == ".json" else export_csv
    write(path, ruleset, entries)
    count = len(entries)
    return f"Exported {count} {'entry' if count == 1 else 'entries'} to {path.name}."
