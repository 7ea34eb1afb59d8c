"""The tick track as the players may see it: joined combatants only, hidden ones dropped
(so they leave no gap), only the tick, the name and the state, every text checked for
hidden names."""

from __future__ import annotations

import dataclasses
from typing import Any

from tracker.engine.rulesets.initiative_ticks import TickMark
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.rulesets.initiative_ticks.model import NAME, STATE, TICK, MarkRole, TickModel

SHOWN_COLUMNS = (TICK, NAME, STATE)


class PlayersTicksProxy(PlayersProxy):
    extra_roles = frozenset({int(MarkRole)})

    def __init__(self, source: TickModel, public: PublicState, parent: Any = None) -> None:
        super().__init__(source, public, parent)
        public.updated.connect(self.refilter_rows)

    def tick_model(self) -> TickModel:
        model = self.sourceModel()
        assert isinstance(model, TickModel)
        return model

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        source = self.tick_model()
        combatant, mark = source.combatant_at(source_row), source.mark_at(source_row)
        if combatant is None or mark is None or not self.public.is_visible(combatant.id):
            return False
        return mark.tick is not None

    def filterAcceptsColumn(self, source_column: int, source_parent: Index) -> bool:
        return source_column in SHOWN_COLUMNS

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        """While a hidden combatant acts, the last visible turn's holder is marked as
        acting now, as the players still see its turn."""
        value = super().data(index, role)
        if not index.isValid() or not self.public.is_held():
            return value
        mark = super().data(index.siblingAtColumn(0), MarkRole)
        shown = self.public.shown_turn()
        if not isinstance(mark, TickMark) or shown is None:
            return value
        held = shown.combatant_id == mark.combatant_id
        if int(role) == int(MarkRole):
            return dataclasses.replace(mark, now=held, acted=mark.acted and not held)
        is_state = self.mapToSource(index).column() == STATE
        if held and is_state and int(role) == int(Role.DisplayRole) and isinstance(value, str):
            return value.replace("acted ✓", "acting now", 1)
        return value
