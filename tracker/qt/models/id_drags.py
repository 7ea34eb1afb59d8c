"""Dragging one combatant up or down in a list model of combatants.

The dragged rows travel as their combatants' ids (`MIME_TYPE`); a drop inside the same
list becomes the model's own `moveRows` (one engine move), a drop of several (selected
together for area damage) or from another list is refused with a reason the window
shows. The model keeps its rows; `DragsById` needs only the id of a row and the row of
an id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from tracker.qt.document import EncounterDocument

MIME_TYPE = "application/x-tracker-combatant-ids"
FOREIGN_DROP = (
    "A combatant is moved by dragging it up or down in the list it is in; dropped in "
    "another list, it does not move."
)
ONE_AT_A_TIME = "Drag one combatant at a time: select it alone."

Index = QModelIndex | QPersistentModelIndex


class DragsById:
    """Mixed into a list model of combatants, before its Qt base."""

    _document: EncounterDocument

    def id_at(self, row: int) -> str:
        """The id of the combatant on this row."""
        raise NotImplementedError

    def row_of_id(self, combatant_id: str) -> int | None:
        """The row of this combatant, None if the list does not hold it."""
        raise NotImplementedError

    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802 (Qt)
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802 (Qt)
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802 (Qt)
        return [MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802 (Qt)
        mime = QMimeData()
        ids = sorted({self.id_at(i.row()) for i in indexes if i.isValid()})
        mime.setData(MIME_TYPE, QByteArray("\n".join(ids).encode()))
        return mime

    def refuse_foreign_drop(self, _source: object = None) -> None:
        """A combatant dragged from another list: a list orders only its own rows."""
        self._document.refused.emit(FOREIGN_DROP, "")

    def canDropMimeData(  # noqa: N802 (Qt)
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        return action == Qt.DropAction.MoveAction and bool(data.hasFormat(MIME_TYPE))

    def dropMimeData(  # noqa: N802 (Qt)
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        """A drop is one engine move; False even on success, so the view removes no row
        itself (the rows follow the engine's change)."""
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        ids = bytes(data.data(MIME_TYPE).data()).decode().split("\n")
        if len(ids) > 1:  # several selected (for area damage) and dragged together
            self._document.refused.emit(ONE_AT_A_TIME, "")
            return False
        source = self.row_of_id(ids[0]) if len(ids) == 1 else None
        if source is None:
            return False
        model = cast(QAbstractItemModel, self)
        if row < 0:
            row = parent.row() if parent.isValid() else model.rowCount()
        model.moveRows(QModelIndex(), source, 1, QModelIndex(), row)
        return False
