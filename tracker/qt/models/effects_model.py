"""Active effects: name, carrier, creator and how long each has left (ruleset's words).

Effects that end this turn or the next (`Ruleset.ends_soon`) stand out: a strong amber
row with black bold text and a tooltip that says so; `EndsSoonRole` gives the flag.
The GM's note is in every cell's tooltip and in `NoteRole` (the players' proxy passes
neither).

Each row's texts are worked out once per change (the session keeps how long each effect
has left and which end soon until the state changes) and only the rows whose texts
changed are announced, so a step repaints the effects it changed, not all of them."""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from tracker.engine.changes import EFFECTS
from tracker.engine.session import SessionEvent
from tracker.engine.state import Effect
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.badges import ENDS_SOON_TIP
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.keyed_rows import replay_edits
from tracker.qt.rich_text import plain_tip

Index = QModelIndex | QPersistentModelIndex
EffectRole = Qt.ItemDataRole.UserRole + 30
EndsSoonRole = Qt.ItemDataRole.UserRole + 31
NoteRole = Qt.ItemDataRole.UserRole + 32
ENDS_SOON_BACKGROUND = "#ffcf66"
ENDS_SOON_TEXT = "#000000"


class EffectRow(NamedTuple):
    """What a row shows: its four texts and whether the effect ends soon. (A named
    tuple, not a dataclass: made with the rest of the window, in a sixth of the time.)"""

    texts: tuple[str, str, str, str]
    soon: bool


class EffectsModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("Effect", "On", "By", "Remaining")

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._effects: list[Effect] = list(document.encounter.effects)
        self._rows: dict[str, EffectRow] = self._work_out_rows()
        self._soon_brush = solid(ENDS_SOON_BACKGROUND)
        self._soon_text = solid(ENDS_SOON_TEXT)
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
        return effect is not None and self._row(effect).soon

    def _work_out_rows(self) -> dict[str, EffectRow]:
        """Every active effect's row, as the state is now."""
        session = self._document.session
        encounter = session.encounter
        soon = session.ending_soon()

        def name_of(combatant_id: str | None) -> str:
            if combatant_id is None:
                return "—"
            found = encounter.find(combatant_id)
            return found.name if found is not None else "(gone)"

        return {
            e.id: EffectRow(
                (e.name, name_of(e.carrier_id), name_of(e.creator_id), session.remaining(e.id)),
                e.id in soon,
            )
            for e in encounter.effects
        }

    def _row(self, effect: Effect) -> EffectRow:
        row = self._rows.get(effect.id)
        if row is None:  # asked while rows come and go: an effect no longer active
            row = EffectRow((effect.name, "", "", ""), False)
        return row

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        effect = self.effect_at(index.row()) if index.isValid() else None
        if effect is None:
            return None
        row = self._row(effect)
        soon = row.soon
        if role == Qt.ItemDataRole.DisplayRole:
            return row.texts[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [row.texts[index.column()]]
            if effect.notes:
                lines.append(f"Note: {effect.notes}")
            if soon:
                lines.append(ENDS_SOON_TIP)
            return plain_tip("\n".join(lines))
        if role == NoteRole:
            return effect.notes
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

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._effects = list(self._document.encounter.effects)
        self._rows = self._work_out_rows()
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        before, self._rows = self._rows, self._work_out_rows()
        replay_edits(self, self._effects, event.changes.edits_of(EFFECTS))
        # Remaining time, ending soon and names follow the clock, the combatants and
        # the options: announce the rows whose texts changed, in contiguous runs.
        changed = [
            row
            for row, effect in enumerate(self._effects)
            if effect.id in before and before[effect.id] != self._rows.get(effect.id)
        ]
        runs: list[list[int]] = []
        for row in changed:
            if runs and runs[-1][1] == row - 1:
                runs[-1][1] = row
            else:
                runs.append([row, row])
        for first, last in runs:
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.COLUMNS) - 1))
