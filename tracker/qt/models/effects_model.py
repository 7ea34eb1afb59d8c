"""Active effects: name, carrier, creator and how long each has left (ruleset's words).

Effects that end this turn or the next (`Ruleset.ends_soon`) stand out: a strong amber
row with black bold text and a tooltip that says so; `EndsSoonRole` gives the flag."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from tracker.engine.changes import COMBATANTS, EFFECTS
from tracker.engine.session import SessionEvent
from tracker.engine.state import Effect
from tracker.qt.document import EncounterDocument
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.keyed_rows import replay_edits

Index = QModelIndex | QPersistentModelIndex
EffectRole = Qt.ItemDataRole.UserRole + 30
EndsSoonRole = Qt.ItemDataRole.UserRole + 31
ENDS_SOON_BACKGROUND = "#ffcf66"
ENDS_SOON_TEXT = "#000000"
ENDS_SOON_TIP = "Ends this turn or the next."


class EffectsModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("Effect", "On", "By", "Remaining")

    def __init__(self, document: EncounterDocument, parent=None) -> None:
        super().__init__(parent)
        self._document = document
        self._effects: list[Effect] = list(document.encounter.effects)
        self._soon: frozenset[str] = self._ending_soon()
        self._soon_brush = QBrush(QColor(ENDS_SOON_BACKGROUND))
        self._soon_text = QBrush(QColor(ENDS_SOON_TEXT))
        self._soon_font = QFont()
        self._soon_font.setBold(True)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._effects)

    def effect_at(self, row: int) -> Effect | None:
        return self._effects[row] if 0 <= row < len(self._effects) else None

    def ends_soon(self, row: int) -> bool:
        effect = self.effect_at(row)
        return effect is not None and effect.id in self._soon

    def _ending_soon(self) -> frozenset[str]:
        """Ids of the effects that end this turn or the next (asked once per change)."""
        encounter = self._document.encounter
        ruleset = self._document.ruleset
        return frozenset(e.id for e in encounter.effects if ruleset.ends_soon(encounter, e))

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
        soon = effect.id in self._soon
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(effect, index.column())
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self._text(effect, index.column())
            return f"{text}\n{ENDS_SOON_TIP}" if soon else text
        if role == EffectRole:
            return effect
        if role == EndsSoonRole:
            return soon
        if not soon:
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._soon_brush
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._soon_text
        if role == Qt.ItemDataRole.FontRole:
            return self._soon_font
        return None

    def _text(self, effect: Effect, column: int) -> str:
        if column == 0:
            return effect.name
        if column == 1:
            return self._name_of(effect.carrier_id)
        if column == 2:
            return self._name_of(effect.creator_id)
        if effect in self._document.encounter.effects:
            return self._document.ruleset.remaining(self._document.encounter, effect)
        return ""

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._effects = list(self._document.encounter.effects)
        self._soon = self._ending_soon()
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        was_soon, self._soon = self._soon, self._ending_soon()
        replay_edits(self, self._effects, event.changes.edits_of(EFFECTS))
        # Remaining time (and ending soon) is counted from the clock and names can
        # change (a creator removed shows "(gone)"): repaint the few effect rows when
        # either moved (or, rarely, when an option alone changed which effects end soon).
        if self._effects and (
            event.changes.clock
            or event.changes.combatants
            or event.changes.edits_of(COMBATANTS)
            or event.changes.effects
            or self._soon != was_soon
        ):
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._effects) - 1, len(self.COLUMNS) - 1)
            )
