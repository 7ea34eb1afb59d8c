"""The encounter's log: every turn, change and expiry, oldest first."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from tracker.engine.changes import LOG
from tracker.engine.session import SessionEvent
from tracker.engine.state import LogEntry
from tracker.qt.appearance import is_dark
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.keyed_rows import replay_edits
from tracker.qt.palette import LOG_INK

Index = QModelIndex | QPersistentModelIndex


class LogModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("When", "What")

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._entries: list[LogEntry] = list(document.encounter.log)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._entries)

    def entry_at(self, row: int) -> LogEntry | None:
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        entry = self.entry_at(index.row()) if index.isValid() else None
        if entry is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return entry.when if index.column() == 0 else entry.text
        if role == Qt.ItemDataRole.ForegroundRole:
            ink = LOG_INK[is_dark(QApplication.palette())].get(entry.kind)
            return solid(ink) if ink is not None else None
        if role == Qt.ItemDataRole.FontRole and entry.kind == "expiry":
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._entries = list(self._document.encounter.log)
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        replay_edits(self, self._entries, event.changes.edits_of(LOG))
