"""The inspector's effects: those on the selected combatant or made by it (a caster's
maintained song), or every active effect when the GM asks for all or nothing is
selected. A filter over the window's one effects model, so an effect's row is worked
out once for every view that shows it."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel

from tracker.engine.state import Effect
from tracker.qt.models.effects_model import EffectsModel

Index = QModelIndex | QPersistentModelIndex


class SelectedEffects(QSortFilterProxyModel):
    def __init__(self, model: EffectsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._effects = model
        self._combatant_id: str | None = None
        self._all = False
        self.setSourceModel(model)

    @property
    def combatant_id(self) -> str | None:
        """Whose effects are shown (None: all of them)."""
        return None if self._all else self._combatant_id

    def show_for(self, combatant_id: str | None) -> None:
        if combatant_id != self._combatant_id:
            self.beginFilterChange()
            self._combatant_id = combatant_id
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def show_all(self, on: bool) -> None:
        if on != self._all:
            self.beginFilterChange()
            self._all = on
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def effect_at(self, row: int) -> Effect | None:
        source = self.mapToSource(self.index(row, 0))
        return self._effects.effect_at(source.row()) if source.isValid() else None

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        shown = self.combatant_id
        if shown is None:
            return True
        effect = self._effects.effect_at(source_row)
        return effect is not None and shown in (effect.carrier_id, effect.creator_id)
