"""The War Scroll as a grid: one row per character in War Scroll order, one column per
Segment (numbered, a gap, then lettered), AP in each cell. Cell states (current,
played, missed) come from the War Scroll ruleset; this model only shows them."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from tracker.engine.rulesets.war_scroll import WarScroll, is_lettered, segment_label
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_rows import CombatantRows
from tracker.qt.models.keyed_rows import sync_keys
from tracker.qt.palette import CELL_COLORS, CELL_TEXT

GAP = "gap"  # the empty column between numbered and lettered Segments
StateRole = Qt.ItemDataRole.UserRole + 10

Index = QModelIndex | QPersistentModelIndex


def column_keys(slots: list[int]) -> list[int | str]:
    numbered = [s for s in slots if not is_lettered(s)]
    lettered = [s for s in slots if is_lettered(s)]
    return [*numbered, GAP, *lettered] if lettered else numbered


class WarScrollModel(QAbstractTableModel):
    def __init__(self, document: EncounterDocument, parent=None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = CombatantRows(self, document.encounter)
        self._columns: list[int | str] = self._wanted_columns()
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    @property
    def _ruleset(self) -> WarScroll:
        ruleset = self._document.ruleset
        assert isinstance(ruleset, WarScroll)
        return ruleset

    def _wanted_columns(self) -> list[int | str]:
        return column_keys(self._ruleset.columns(self._document.encounter))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def is_gap(self, column: int) -> bool:
        return 0 <= column < len(self._columns) and self._columns[column] == GAP

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid() or self.is_gap(index.column()):
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ):
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._columns):
                return None
            key = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return "" if key == GAP else segment_label(int(key))
            if role == Qt.ItemDataRole.ToolTipRole and key != GAP:
                return f"Segment {segment_label(int(key))}"
            return None
        combatant = self._rows.at(section)
        if combatant is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return combatant.name
        if role == Qt.ItemDataRole.ToolTipRole:
            summary = self._ruleset.summary(self._document.encounter, combatant)
            return f"{combatant.name}: {summary}"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.is_gap(index.column()):
            return None
        combatant = self._rows.at(index.row())
        if combatant is None or index.column() >= len(self._columns):
            return None
        slot = int(self._columns[index.column()])
        ap, state = self._ruleset.cell(self._document.encounter, combatant, slot)
        if role == Qt.ItemDataRole.DisplayRole:
            return str(ap) if state != "none" else ""
        if role == StateRole:
            return state
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(CELL_COLORS[state]))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor(CELL_TEXT[state]))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and state == "current":
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            words = {
                "current": "current Turn",
                "played": "played",
                "missed": "missed",
                "pending": "to come",
                "none": "no Turn",
            }
            return f"{combatant.name}, Segment {segment_label(slot)}: {ap} AP ({words[state]})"
        return None

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows.at(row)

    def _on_replaced(self) -> None:
        if not isinstance(self._document.ruleset, WarScroll):
            # Another system's encounter: this grid's view is being replaced; stop.
            self._document.changed.disconnect(self._on_changed)
            self._document.replaced.disconnect(self._on_replaced)
            self.beginResetModel()
            self._rows.ids, self._rows.by_id, self._columns = [], {}, []
            self.endResetModel()
            return
        self.beginResetModel()
        self._rows.load(self._document.encounter)
        self._columns = self._wanted_columns()
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        rows = self._rows.follow(event)
        if event.changes.clock:
            root = QModelIndex()
            synced = sync_keys(
                self._columns,
                self._wanted_columns(),
                begin_remove=lambda first, last: self.beginRemoveColumns(root, first, last),
                end_remove=self.endRemoveColumns,
                begin_insert=lambda first, last: self.beginInsertColumns(root, first, last),
                end_insert=self.endInsertColumns,
            )
            assert synced, "Segment columns keep their order"
        last_column = len(self._columns) - 1
        for row in sorted(rows):
            if last_column >= 0:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last_column))
            self.headerDataChanged.emit(Qt.Orientation.Vertical, row, row)
