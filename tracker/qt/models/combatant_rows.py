"""Rows that follow the encounter's combatants: one helper shared by every model whose
rows are the combatants in order (roster list, War Scroll grid)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex

from tracker.engine.changes import COMBATANTS, Insert, Move, Remove
from tracker.engine.commands import MoveCombatant
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant, Encounter


class CombatantRows:
    """A mirror of the combatant order that replays the engine's structural edits on a
    model with the matching begin/end row signals."""

    def __init__(self, model: QAbstractItemModel, encounter: Encounter) -> None:
        self._model = model
        self.ids: list[str] = []
        self.by_id: dict[str, Combatant] = {}
        self.load(encounter)

    def load(self, encounter: Encounter) -> None:
        self.ids = [c.id for c in encounter.combatants]
        self.by_id = {c.id: c for c in encounter.combatants}

    def __len__(self) -> int:
        return len(self.ids)

    def at(self, row: int) -> Combatant | None:
        if 0 <= row < len(self.ids):
            return self.by_id.get(self.ids[row])
        return None

    def dragged(
        self, source_row: int, count: int, nested: bool, destination_child: int
    ) -> MoveCombatant | None:
        """Qt's move of a dragged row (`destination_child`: the row *before which* it
        lands) as the engine's command, or None where it moves nothing (several rows,
        a tree's child, its own place). The rows move when the engine's change comes."""
        if count != 1 or nested or not 0 <= source_row < len(self.ids):
            return None
        target = destination_child - 1 if destination_child > source_row else destination_child
        target = max(0, min(target, len(self.ids) - 1))
        if target == source_row:
            return None
        return MoveCombatant(self.ids[source_row], target)

    def row_of(self, combatant_id: str) -> int:
        return self.ids.index(combatant_id) if combatant_id in self.by_id else -1

    def follow(self, event: SessionEvent) -> set[int]:
        """Replay the event's structural edits; return the rows whose contents changed."""
        model = self._model
        root = QModelIndex()
        for edit in event.changes.edits_of(COMBATANTS):
            if isinstance(edit, Insert):
                model.beginInsertRows(root, edit.index, edit.index)
                self.ids.insert(edit.index, edit.item.id)
                self.by_id[edit.item.id] = edit.item
                model.endInsertRows()
            elif isinstance(edit, Remove):
                model.beginRemoveRows(root, edit.index, edit.index)
                del self.by_id[self.ids.pop(edit.index)]
                model.endRemoveRows()
            elif isinstance(edit, Move):
                after = edit.destination + 1 if edit.destination > edit.source else edit.destination
                model.beginMoveRows(root, edit.source, edit.source, root, after)
                self.ids.insert(edit.destination, self.ids.pop(edit.source))
                model.endMoveRows()
        if event.changes.encounter:  # an option may change what every row shows
            return set(range(len(self.ids)))
        touched = event.changes.combatants | event.changes.turn_holders
        return {row for row in map(self.row_of, touched) if row >= 0}
