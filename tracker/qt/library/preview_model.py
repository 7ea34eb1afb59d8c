"""An import's preview as a table: each row of the file with its mapped values and, last,
"ready" or its problems in red."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication

from tracker.engine.ruleset import AnyRuleset
from tracker.library.entries import entry_fields
from tracker.library.transfer import ImportPreview
from tracker.qt.appearance import is_dark
from tracker.qt.palette import ERROR_INK
from tracker.qt.rich_text import plain_tip

Index = QModelIndex | QPersistentModelIndex
READY = "ready"


class ImportPreviewModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._preview: ImportPreview | None = None
        self._columns: list[tuple[int, str]] = []  # (column of the file, header shown)

    def set_preview(self, preview: ImportPreview | None, ruleset: AnyRuleset) -> None:
        self.beginResetModel()
        self._preview = preview
        self._columns = []
        if preview is not None:
            labels = {f.name: f.label for f in entry_fields(ruleset)}
            mapped = {target: n for n, target in enumerate(preview.mapping) if target}
            self._columns = [
                (mapped[name], label) for name, label in labels.items() if name in mapped
            ]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        if parent.isValid() or self._preview is None:
            return 0
        return len(self._preview.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns) + 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if section == 0:
            return "Row"
        if 1 <= section <= len(self._columns):
            return self._columns[section - 1][1]
        if section == len(self._columns) + 1:
            return "Check"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        preview = self._preview
        if preview is None or not index.isValid() or not 0 <= index.row() < len(preview.rows):
            return None
        if not 0 <= index.column() < self.columnCount():
            return None
        result = preview.rows[index.row()]
        status_column = len(self._columns) + 1
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return result.label
            if index.column() == status_column:
                if result.errors:
                    return " ".join(result.errors)
                return READY if result.entry is not None and not preview.problems else ""
            value = preview.table.rows[index.row()].values[self._columns[index.column() - 1][0]]
            return _shown(value)
        if role == Qt.ItemDataRole.ToolTipRole and result.errors:
            return plain_tip("\n".join(result.errors))
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and result.errors
            and (index.column() in (0, status_column))
        ):
            return QBrush(QColor(ERROR_INK[is_dark(QApplication.palette())]))
        return None


def _shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)
