"""The order as a table the GM plays from: one row per combatant in turn order, its
state and markers, the current one highlighted. Dragging a row delays or reorders
through the roster model's single `moveRows`, so the ruleset decides what it means
(a wait, a delay, a tie broken). It is the central view of every ruleset whose UI
brings none of its own."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.models.roster_model import IdRole, RosterModel
from tracker.qt.views.effect_badges import BadgeCellDelegate
from tracker.qt.views.elided_tips import ElidedTipDelegate


class OrderTable(QTableView):
    """`combatant_selected` carries the id of the row the GM clicks or moves to."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("order_table")
        self.order_model = RosterModel(document, self)
        self.setModel(self.order_model)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setStyleSheet("QTableView { font-size: 12pt; } QHeaderView::section { padding: 4px; }")
        header = self.horizontalHeader()
        # Names and resources fit their text, the state takes the rest; whatever is cut
        # ends in "…" with the full text as its tooltip.
        self.setItemDelegate(ElidedTipDelegate(self))
        self.setItemDelegateForColumn(1, BadgeCellDelegate(self))  # the effects' badges
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(0)  # measure the rows shown, not all of them
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(32)
        self.selectionModel().currentChanged.connect(self._on_current)

    def _on_current(self, current, _previous) -> None:
        combatant_id = current.siblingAtColumn(0).data(IdRole) if current.isValid() else None
        if combatant_id is not None:
            self.combatant_selected.emit(combatant_id)
