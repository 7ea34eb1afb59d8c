"""The library's entries of one ruleset as a table: name, how many to add, side, tags,
party, then a column per declared stat. The list is replaced as a whole by each search
(a reset); only the "Add ×" column is edited in place."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from tracker.engine.commands import MAX_ADDED_AT_ONCE
from tracker.engine.ruleset import AnyRuleset
from tracker.library import LibraryEntry
from tracker.qt.rich_text import plain_tip

Index = QModelIndex | QPersistentModelIndex
EntryRole = Qt.ItemDataRole.UserRole + 60
COUNT_COLUMN = 1
FIXED_COLUMNS = ("Name", "Add ×", "Side", "Tags", "Party")


class LibraryEntriesModel(QAbstractTableModel):
    def __init__(self, ruleset: AnyRuleset, parent: Any = None) -> None:
        super().__init__(parent)
        self._ruleset = ruleset
        self._entries: list[LibraryEntry] = []
        self._counts: dict[int, int] = {}  # entry id → how many to add (1 if not set)

    # --- contents ---------------------------------------------------------------------
    def set_entries(self, ruleset: AnyRuleset, entries: list[LibraryEntry]) -> None:
        """Show `entries` (a search's result) of `ruleset`; counts set are kept."""
        self.beginResetModel()
        self._ruleset = ruleset
        self._entries = list(entries)
        self.endResetModel()

    @property
    def ruleset(self) -> AnyRuleset:
        return self._ruleset

    def entry_at(self, row: int) -> LibraryEntry | None:
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def row_of(self, entry_id: int | None) -> int:
        for row, entry in enumerate(self._entries):
            if entry.id == entry_id:
                return row
        return -1

    def count_of(self, entry: LibraryEntry) -> int:
        return self._counts.get(entry.id or 0, 1)

    def reset_counts(self) -> None:
        self._counts.clear()
        if self._entries:
            self.dataChanged.emit(
                self.index(0, COUNT_COLUMN), self.index(len(self._entries) - 1, COUNT_COLUMN)
            )

    # --- the model --------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(FIXED_COLUMNS) + len(self._ruleset.stat_fields)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section < len(FIXED_COLUMNS):
                return FIXED_COLUMNS[section]
            return self._ruleset.stat_fields[section - len(FIXED_COLUMNS)].label
        if role == Qt.ItemDataRole.ToolTipRole and section == COUNT_COLUMN:
            return "How many to add (several are numbered: Goblin 1, Goblin 2, …)"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == COUNT_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        entry = self.entry_at(index.row()) if index.isValid() else None
        if entry is None or not 0 <= index.column() < self.columnCount():
            return None
        column = index.column()
        if role == EntryRole:
            return entry
        if column == COUNT_COLUMN and role in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.EditRole,
        ):
            return self.count_of(entry)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and entry.notes:
            return plain_tip(entry.notes)
        return None

    def _text(self, entry: LibraryEntry, column: int) -> str:
        if column == 0:
            return entry.name + (" (hidden)" if entry.hidden else "")
        if column == 2:
            return entry.side
        if column == 3:
            return ", ".join(entry.tags)
        if column == 4:
            return "✓" if entry.in_party else ""
        field = self._ruleset.stat_fields[column - len(FIXED_COLUMNS)]
        value = entry.stats.get(field.name, field.default)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        entry = self.entry_at(index.row()) if index.isValid() else None
        if entry is None or index.column() != COUNT_COLUMN or role != Qt.ItemDataRole.EditRole:
            return False
        try:
            count = int(value)
        except (TypeError, ValueError):
            return False
        if not 1 <= count <= MAX_ADDED_AT_ONCE:
            return False
        self._counts[entry.id or 0] = count
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
        return True
