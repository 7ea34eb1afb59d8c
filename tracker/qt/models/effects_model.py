"""Active effects: name, carrier, creator and how long each has left (ruleset's words)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from tracker.engine.changes import EFFECTS, Insert, Remove
from tracker.engine.session import SessionEvent
from tracker.engine.state import Effect
from tracker.qt.document import EncounterDocument

Index = QModelIndex | QPersistentModelIndex
EffectRole = Qt.ItemDataRole.UserRole + 30


class EffectsModel(QAbstractTableModel):
    COLUMNS = ("Effect", "On", "By", "Remaining")

    def __init__(self, document: EncounterDocument, parent=None) -> None:
        super().__init__(parent)
        self._document = document
        self._effects: list[Effect] = list(document.encounter.effects)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._effects)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ):
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.COLUMNS)
        ):
            return self.COLUMNS[section]
        return None

    def effect_at(self, row: int) -> Effect | None:
        return self._effects[row] if 0 <= row < len(self._effects) else None

    def _name_of(self, combatant_id: str | None) -> str:
        if combatant_id is None:
            return "—"
        for combatant in self._document.encounter.combatants:
            if combatant.id == combatant_id:
                return combatant.name
        return "(gone)"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        effect = self.effect_at(index.row()) if index.isValid() else None
        if effect is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            column = index.column()
            if column == 0:
                return effect.name
            if column == 1:
                return self._name_of(effect.carrier_id)
            if column == 2:
                return self._name_of(effect.creator_id)
            if effect in self._document.encounter.effects:
                return self._document.ruleset.remaining(self._document.encounter, effect)
            return ""
        if role == EffectRole:
            return effect
        return None

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._effects = list(self._document.encounter.effects)
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        for edit in event.changes.edits_of(EFFECTS):
            if isinstance(edit, Insert):
                self.beginInsertRows(QModelIndex(), edit.index, edit.index)
                self._effects.insert(edit.index, edit.item)
                self.endInsertRows()
            elif isinstance(edit, Remove):
                self.beginRemoveRows(QModelIndex(), edit.index, edit.index)
                del self._effects[edit.index]
                self.endRemoveRows()
        # Remaining time is counted from the clock and names can change: repaint the
        # few effect rows when either moved.
        if self._effects and (
            event.changes.clock or event.changes.combatants or event.changes.effects
        ):
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._effects) - 1, len(self.COLUMNS) - 1)
            )
